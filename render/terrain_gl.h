#pragma once
// The OpenGL half of TerrainView (its only user): shaders, buffers, textures and the draw calls.
// Every member function, the constructor and the destructor need the view's context current;
// TerrainView creates this in initializeGL and destroys it on aboutToBeDestroyed.
#include "terrain_mesh.h"

#include <glm/glm.hpp>

#include <QOpenGLBuffer>
#include <QOpenGLShaderProgram>
#include <QOpenGLTexture>
#include <QOpenGLVertexArrayObject>
#include <QVector2D>
#include <QString>

#include <array>
#include <memory>

class QOpenGLFunctions_3_3_Core;

namespace terrain::render {

// What one frame needs to know, in world units (x east, y up, z south).
struct TerrainFrame {
    glm::mat4 viewProjection{1.0f};
    glm::vec3 eye{0.0f};
    glm::vec3 lightDir{0.0f, 1.0f, 0.0f};  // towards the light
    glm::vec2 extent{1.0f};                 // terrain size along x and z
    float heightRange = 0.25f;              // world height of unit height 1
    float base = -0.03f;                    // world height of the bottom of the walls
    float hazeDistance = 3.0f;
    bool wireframe = false;
    bool interactive = false;               // draw the coarse grid, if there is one
    bool water = false;
    float waterLevel = 0.0f;                // world height of the water surface
};

class TerrainGl {
public:
    TerrainGl();  // compiles the shaders; check error()
    ~TerrainGl();
    TerrainGl(const TerrainGl&) = delete;
    TerrainGl& operator=(const TerrainGl&) = delete;

    // Empty when everything compiled and linked; otherwise what went wrong.
    const QString& error() const { return m_error; }
    int maxTextureSize() const { return m_maxTextureSize; }

    enum class GridLevel { Full, Interactive };
    // The static meshes (rebuilt only when their size changes). The interactive one is a coarser
    // grid drawn while the camera moves; an empty mesh means "use the full grid".
    void setGrid(GridLevel level, const GridMesh& mesh);
    void setSkirt(const SkirtMesh& mesh);           // the walls around the full grid
    // One texture upload of `width` x `height` raw heights; the shaders map them to [0, 1] as
    // clamp((h - lo) * scale, 0, 1), so a full-size map uploads straight from the grid's memory.
    void setHeights(const float* texels, int width, int height, float lo, float scale);
    // The colour map's position of relief height h in [0, 1]: clamp((h - offset) * scale, 0, 1);
    // (0, 1), the default: the relief's own.
    void setTintMapping(float offset, float scale);
    bool hasTerrain() const { return m_heights != nullptr && grid(GridLevel::Full).indexCount > 0; }
    // A mask of weights in [0, 1] (any size: it is stretched over the terrain) tinted over the
    // surface in `color` (sRGB); null texels: no overlay.
    void setOverlay(const float* texels, int width, int height, glm::vec3 color);
    // A picture laid over the whole terrain (RGBA8, sRGB, straight alpha, row 0 at the north):
    // lines drawn on the map follow the ground. Null pixels: none.
    void setDrape(const unsigned char* rgba, int width, int height);

    void render(const TerrainFrame& frame);

private:
    struct TerrainUniforms {
        int height, tint, texSize, extent, heightRange, viewProjection, lightDir, eye, hazeColor,
            hazeDistance, wireframe, heightMap, overlay, overlayOn, overlayColor, tintMap, drape, drapeOn;
    };
    struct WaterUniforms {
        int extent, level, viewProjection, eye, lightDir;
    };
    struct SkirtUniforms {
        int height, texSize, extent, heightRange, base, waterTop, viewProjection, lightDir, heightMap;
    };
    struct SkyUniforms {
        int horizon, zenith;
    };

    bool buildProgram(QOpenGLShaderProgram& program, const char* name);
    void cacheUniformLocations();
    void createWaterQuad();
    void createTint();
    void drawSky();
    void drawTerrain(const TerrainFrame& frame);
    void drawSkirt(const TerrainFrame& frame);
    void drawWater(const TerrainFrame& frame);

    QOpenGLFunctions_3_3_Core* m_gl = nullptr;
    QString m_error;
    int m_maxTextureSize = 4096;

    QOpenGLShaderProgram m_terrainProgram;
    QOpenGLShaderProgram m_waterProgram;
    QOpenGLShaderProgram m_skyProgram;
    QOpenGLShaderProgram m_skirtProgram;
    TerrainUniforms m_terrainUniforms{};
    QVector2D m_heightMap{0.0f, 1.0f};  // (lo, scale) of the uploaded heights
    QVector2D m_tintMap{0.0f, 1.0f};    // (offset, scale) from the relief's [0, 1] to the colour map's
    WaterUniforms m_waterUniforms{};
    SkyUniforms m_skyUniforms{};
    SkirtUniforms m_skirtUniforms{};

    struct GridBuffers {
        QOpenGLVertexArrayObject vao;
        QOpenGLBuffer vertices{QOpenGLBuffer::VertexBuffer};
        QOpenGLBuffer indices{QOpenGLBuffer::IndexBuffer};
        int indexCount = 0;
    };
    void fillBuffers(GridBuffers& buffers, const std::vector<float>& vertices,
                     int floatsPerVertex, const std::vector<std::uint32_t>& indices);
    GridBuffers& grid(GridLevel level) { return m_grids[level == GridLevel::Full ? 0 : 1]; }
    const GridBuffers& grid(GridLevel level) const {
        return m_grids[level == GridLevel::Full ? 0 : 1];
    }
    std::array<GridBuffers, 2> m_grids;
    GridBuffers m_skirt;

    QOpenGLVertexArrayObject m_waterVao;
    QOpenGLBuffer m_waterVertices{QOpenGLBuffer::VertexBuffer};
    QOpenGLVertexArrayObject m_skyVao;  // core profile draws need a bound VAO, even an empty one

    std::unique_ptr<QOpenGLTexture> m_heights;
    std::unique_ptr<QOpenGLTexture> m_tint;
    std::unique_ptr<QOpenGLTexture> m_overlay;  // null: no overlay
    std::unique_ptr<QOpenGLTexture> m_drape;    // null: nothing draped
    glm::vec3 m_overlayColor{1.0f, 0.0f, 0.0f};
};

}  // namespace terrain::render
