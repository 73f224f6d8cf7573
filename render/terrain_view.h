#pragma once
// The 3-D view: one static grid displaced in the vertex shader from a height texture (OpenGL 3.3
// core), lit by a directional light, with optional wireframe and water. The only place in the
// project that makes GL calls (through TerrainGl).
#include "core/heightmap.h"
#include "core/io/height_mapping.h"
#include "orbit_camera.h"
#include "terrain_mesh.h"

#include <QImage>
#include <QOpenGLWidget>
#include <QPoint>
#include <QTimer>

#include <memory>
#include <optional>

namespace terrain::render {

class TerrainGl;

class TerrainView : public QOpenGLWidget {
    Q_OBJECT
public:
    // Vertices per side, 2^8 + 1. Lighting is per pixel from the full texture, so a coarser grid
    // only smooths silhouettes; on Mesa llvmpipe a 513^2 grid costs ~450 ms a frame, 257^2 ~150.
    static constexpr int kDefaultMeshCap = 257;
    // While the camera moves (a drag, a burst of wheel steps) a coarser grid is drawn.
    static constexpr int kInteractiveMeshCap = 129;
    static constexpr int kMaxTextureSide = 4097;     // larger maps are averaged down

    explicit TerrainView(QWidget* parent = nullptr);
    ~TerrainView() override;

    // GUI thread. Uploads one texture; the grid is rebuilt only when the mesh size changes. The
    // first map (and one of a different shape) frames the camera.
    // `range`: the map's finite min/max when the caller already has it (the editor's worker
    // computes it), so the GUI thread does not scan the grid again.
    void setHeightmap(std::shared_ptr<const core::Heightmap> map,
                      std::optional<core::MinMax> range = std::nullopt);
    std::shared_ptr<const core::Heightmap> heightmap() const { return m_map; }
    // Heights to [0, 1] for the relief: by default each map's own min..max (normalize). Views
    // compared side by side take one common mapping, so equal heights stand equally high.
    void setHeightMapping(std::optional<core::ResolvedMapping> mapping);
    // The mapping the relief uses now (the fixed one, or the current map's own).
    core::ResolvedMapping heightMapping() const;
    // Heights to the colour map's [0, 1]: by default the relief's mapping. The world view shows a
    // region in its own relief but in the world's colours, as its 2-D canvas does.
    void setTintMapping(std::optional<core::ResolvedMapping> mapping);
    core::ResolvedMapping tintMapping() const { return m_fixedTint ? *m_fixedTint : heightMapping(); }

    // A mask of weights in [0, 1] tinted over the surface (kOverlayColor); null: none.
    void setOverlay(std::shared_ptr<const core::Heightmap> mask);
    std::shared_ptr<const core::Heightmap> overlay() const { return m_overlay; }
    // A picture laid over the whole terrain (drawn lines: the 2-D preview's layout), its rows north
    // to south like the map's; a null image: none. Scaled down to the texture limit if larger.
    void setDrape(const QImage& picture);
    const QImage& drape() const { return m_drape; }

    void setHeightScale(float exaggeration);  // 1 = the default relief (kReliefRatio)
    float heightScale() const { return m_heightScale; }
    void setWireframe(bool on);
    bool wireframe() const { return m_wireframe; }
    void setWaterEnabled(bool on);
    bool waterEnabled() const { return m_waterEnabled; }
    void setWaterLevel(float unit);  // 0..1 of the height range
    float waterLevel() const { return m_waterLevel; }
    // Compass bearing the light comes from (0 = north, 90 = east) and its elevation.
    void setLightDirection(float azimuth_deg, float elevation_deg);
    void setMeshResolutionCap(int verticesPerSide);

    // Keeps the viewing direction and fits the whole terrain; until the camera is moved, a resize
    // fits it again.
    void frameTerrain();
    void resetCamera();   // the default direction (from the south-south-west, 30 degrees up), framed
    OrbitCamera camera() const { return m_camera; }
    void setCamera(const OrbitCamera& camera);

    // Empty while rendering works; otherwise why the view cannot draw (no 3.3 context, shader
    // errors). Known after the first initializeGL.
    QString renderError() const { return m_renderError; }

signals:
    void cameraChanged();

protected:
    void initializeGL() override;
    void resizeGL(int w, int h) override;
    void paintGL() override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void cleanup();
    void uploadPending();
    void uploadNow();  // uploadPending with the context made current (nothing before initializeGL)
    void uploadHeightsNow();  // the heights and their mappings to the GPU, if it is there
    glm::vec2 extent() const;
    float heightRange() const;
    float baseHeight() const;
    float aspect() const;
    void cameraMoved();
    void userMovedCamera();
    void setInteracting(bool on);

    std::shared_ptr<const core::Heightmap> m_map;
    std::shared_ptr<const core::Heightmap> m_overlay;
    bool m_overlayDirty = false;
    QImage m_drape;  // RGBA8888 (straight alpha)
    bool m_drapeDirty = false;
    std::optional<core::MinMax> m_range;  // of m_map, when known
    std::optional<core::ResolvedMapping> m_fixedMapping;
    std::optional<core::ResolvedMapping> m_fixedTint;
    std::unique_ptr<TerrainGl> m_gl;
    QString m_renderError;
    bool m_heightsDirty = false;
    GridSize m_gridSize;
    GridSize m_interactiveGridSize;
    bool m_interacting = false;
    QTimer* m_interactionEnd = nullptr;  // ends the coarse drawing shortly after the last step

    OrbitCamera m_camera;
    bool m_cameraFramed = false;
    bool m_refitOnResize = false;  // framed and not moved since: a resize frames again
    float m_heightScale = 1.0f;
    bool m_wireframe = false;
    bool m_waterEnabled = false;
    float m_waterLevel = 0.3f;
    float m_lightAzimuth_deg = 315.0f;
    float m_lightElevation_deg = 40.0f;
    int m_meshCap = kDefaultMeshCap;

    QPoint m_lastMousePos;
};

}  // namespace terrain::render
