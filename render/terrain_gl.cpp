#include "terrain_gl.h"

#include "colormap.h"

#include <glm/gtc/type_ptr.hpp>

#include <QImage>
#include <QOpenGLContext>
#include <QOpenGLFunctions_3_3_Core>
#include <QOpenGLVersionFunctionsFactory>

#include <array>

namespace terrain::render {
namespace {

constexpr glm::vec3 kHorizon{0.80f, 0.85f, 0.90f};
constexpr glm::vec3 kZenith{0.38f, 0.55f, 0.78f};

QVector3D toQt(const glm::vec3& v) { return {v.x, v.y, v.z}; }
QVector2D toQt(const glm::vec2& v) { return {v.x, v.y}; }

}  // namespace

TerrainGl::TerrainGl() {
    m_gl = QOpenGLVersionFunctionsFactory::get<QOpenGLFunctions_3_3_Core>(
        QOpenGLContext::currentContext());
    if (m_gl == nullptr) {
        m_error = QStringLiteral("OpenGL 3.3 core functions are not available in this context");
        return;
    }
    m_gl->glGetIntegerv(GL_MAX_TEXTURE_SIZE, &m_maxTextureSize);
    if (!buildProgram(m_terrainProgram, "terrain") || !buildProgram(m_waterProgram, "water") ||
        !buildProgram(m_skyProgram, "sky") || !buildProgram(m_skirtProgram, "skirt"))
        return;
    cacheUniformLocations();
    for (GridBuffers& buffers : m_grids) buffers.vao.create();
    m_skirt.vao.create();
    m_skyVao.create();
    createWaterQuad();
    createTint();
}

TerrainGl::~TerrainGl() = default;

bool TerrainGl::buildProgram(QOpenGLShaderProgram& program, const char* name) {
    const QString base = QStringLiteral(":/shaders/") + QString::fromLatin1(name);
    if (!program.addShaderFromSourceFile(QOpenGLShader::Vertex, base + QStringLiteral(".vert")) ||
        !program.addShaderFromSourceFile(QOpenGLShader::Fragment, base + QStringLiteral(".frag")) ||
        !program.link()) {
        m_error = QStringLiteral("shader program '%1' failed: %2")
                      .arg(QString::fromLatin1(name), program.log());
        return false;
    }
    return true;
}

void TerrainGl::cacheUniformLocations() {
    QOpenGLShaderProgram& t = m_terrainProgram;
    m_terrainUniforms = {t.uniformLocation("u_height"),       t.uniformLocation("u_tint"),
                         t.uniformLocation("u_texSize"),      t.uniformLocation("u_extent"),
                         t.uniformLocation("u_heightRange"),  t.uniformLocation("u_viewProjection"),
                         t.uniformLocation("u_lightDir"),     t.uniformLocation("u_eye"),
                         t.uniformLocation("u_hazeColor"),    t.uniformLocation("u_hazeDistance"),
                         t.uniformLocation("u_wireframe"),    t.uniformLocation("u_heightMap"),
                         t.uniformLocation("u_overlay"),      t.uniformLocation("u_overlayOn"),
                         t.uniformLocation("u_overlayColor"), t.uniformLocation("u_tintMap"),
                         t.uniformLocation("u_drape"),        t.uniformLocation("u_drapeOn")};
    QOpenGLShaderProgram& w = m_waterProgram;
    m_waterUniforms = {w.uniformLocation("u_extent"), w.uniformLocation("u_level"),
                       w.uniformLocation("u_viewProjection"), w.uniformLocation("u_eye"),
                       w.uniformLocation("u_lightDir")};
    QOpenGLShaderProgram& s = m_skirtProgram;
    m_skirtUniforms = {s.uniformLocation("u_height"),      s.uniformLocation("u_texSize"),
                       s.uniformLocation("u_extent"),      s.uniformLocation("u_heightRange"),
                       s.uniformLocation("u_base"),        s.uniformLocation("u_waterTop"),
                       s.uniformLocation("u_viewProjection"), s.uniformLocation("u_lightDir"),
                       s.uniformLocation("u_heightMap")};
    m_skyUniforms = {m_skyProgram.uniformLocation("u_horizon"),
                     m_skyProgram.uniformLocation("u_zenith")};
}

void TerrainGl::createWaterQuad() {
    constexpr std::array<float, 8> corners{-0.5f, -0.5f, -0.5f, 0.5f, 0.5f, -0.5f, 0.5f, 0.5f};
    m_waterVao.create();
    QOpenGLVertexArrayObject::Binder binder(&m_waterVao);
    m_waterVertices.create();
    m_waterVertices.bind();
    m_waterVertices.allocate(corners.data(), int(sizeof(corners)));
    m_gl->glEnableVertexAttribArray(0);
    m_gl->glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);
    m_waterVertices.release();
}

// The height tint is the 2-D preview's Terrain colour map, so both views agree.
void TerrainGl::createTint() {
    QImage lut(256, 1, QImage::Format_RGBA8888);
    for (int i = 0; i < 256; ++i) lut.setPixel(i, 0, colorAt(ColorMap::Terrain, float(i) / 255.0f));
    m_tint = std::make_unique<QOpenGLTexture>(lut, QOpenGLTexture::DontGenerateMipMaps);
    m_tint->setMinMagFilters(QOpenGLTexture::Linear, QOpenGLTexture::Linear);
    m_tint->setWrapMode(QOpenGLTexture::ClampToEdge);
}

void TerrainGl::fillBuffers(GridBuffers& buffers, const std::vector<float>& vertices,
                            int floatsPerVertex, const std::vector<std::uint32_t>& indices) {
    buffers.indexCount = int(indices.size());
    if (indices.empty()) return;
    QOpenGLVertexArrayObject::Binder binder(&buffers.vao);
    if (!buffers.vertices.isCreated()) buffers.vertices.create();
    if (!buffers.indices.isCreated()) buffers.indices.create();
    buffers.vertices.bind();
    buffers.vertices.allocate(vertices.data(), int(vertices.size() * sizeof(float)));
    m_gl->glEnableVertexAttribArray(0);
    m_gl->glVertexAttribPointer(0, floatsPerVertex, GL_FLOAT, GL_FALSE,
                                floatsPerVertex * int(sizeof(float)), nullptr);
    buffers.indices.bind();  // recorded in the VAO
    buffers.indices.allocate(indices.data(), int(indices.size() * sizeof(std::uint32_t)));
    buffers.vertices.release();
}

void TerrainGl::setGrid(GridLevel level, const GridMesh& mesh) {
    if (m_error.isEmpty()) fillBuffers(grid(level), mesh.uv, 2, mesh.indices);
}

void TerrainGl::setSkirt(const SkirtMesh& mesh) {
    if (m_error.isEmpty()) fillBuffers(m_skirt, mesh.vertices, 3, mesh.indices);
}

namespace {

// One R32F texture of width x height texels (reallocated only when the size changes).
void uploadFloats(std::unique_ptr<QOpenGLTexture>& texture, const float* texels, int width, int height) {
    const bool sameSize = texture != nullptr && texture->width() == width && texture->height() == height;
    if (!sameSize) {
        texture = std::make_unique<QOpenGLTexture>(QOpenGLTexture::Target2D);
        texture->setFormat(QOpenGLTexture::R32F);
        texture->setSize(width, height);
        texture->setMipLevels(1);
        texture->allocateStorage(QOpenGLTexture::Red, QOpenGLTexture::Float32);
        texture->setMinMagFilters(QOpenGLTexture::Linear, QOpenGLTexture::Linear);
        texture->setWrapMode(QOpenGLTexture::ClampToEdge);
    }
    texture->setData(QOpenGLTexture::Red, QOpenGLTexture::Float32, texels);
}

}  // namespace

void TerrainGl::setHeights(const float* texels, int width, int height, float lo, float scale) {
    if (!m_error.isEmpty() || texels == nullptr || width <= 0 || height <= 0) return;
    m_heightMap = QVector2D(lo, scale);
    uploadFloats(m_heights, texels, width, height);
}

void TerrainGl::setTintMapping(float offset, float scale) {
    m_tintMap = QVector2D(offset, scale);
}

void TerrainGl::setOverlay(const float* texels, int width, int height, glm::vec3 color) {
    if (!m_error.isEmpty()) return;
    if (texels == nullptr || width <= 0 || height <= 0) {
        m_overlay.reset();
        return;
    }
    m_overlayColor = color;
    uploadFloats(m_overlay, texels, width, height);
}

void TerrainGl::setDrape(const unsigned char* rgba, int width, int height) {
    if (!m_error.isEmpty()) return;
    if (rgba == nullptr || width <= 0 || height <= 0) {
        m_drape.reset();
        return;
    }
    if (!m_drape || m_drape->width() != width || m_drape->height() != height) {
        m_drape = std::make_unique<QOpenGLTexture>(QOpenGLTexture::Target2D);
        m_drape->setSize(width, height);
        m_drape->setFormat(QOpenGLTexture::RGBA8_UNorm);
        m_drape->allocateStorage();
        m_drape->setMinMagFilters(QOpenGLTexture::Linear, QOpenGLTexture::Linear);
        m_drape->setWrapMode(QOpenGLTexture::ClampToEdge);
    }
    m_drape->setData(QOpenGLTexture::RGBA, QOpenGLTexture::UInt8, rgba);
}

void TerrainGl::render(const TerrainFrame& frame) {
    m_gl->glClearColor(kHorizon.r, kHorizon.g, kHorizon.b, 1.0f);
    m_gl->glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    if (!m_error.isEmpty()) return;
    drawSky();
    if (!hasTerrain()) return;
    drawTerrain(frame);
    drawSkirt(frame);
    if (frame.water) drawWater(frame);
}

void TerrainGl::drawSky() {
    m_gl->glDisable(GL_DEPTH_TEST);
    m_skyProgram.bind();
    m_skyProgram.setUniformValue(m_skyUniforms.horizon, toQt(kHorizon));
    m_skyProgram.setUniformValue(m_skyUniforms.zenith, toQt(kZenith));
    QOpenGLVertexArrayObject::Binder binder(&m_skyVao);
    m_gl->glDrawArrays(GL_TRIANGLES, 0, 3);
    m_skyProgram.release();
}

void TerrainGl::drawTerrain(const TerrainFrame& frame) {
    m_gl->glEnable(GL_DEPTH_TEST);
    m_gl->glDepthFunc(GL_LEQUAL);
    m_gl->glDepthMask(GL_TRUE);
    m_gl->glDisable(GL_CULL_FACE);  // the terrain may be seen from below

    m_terrainProgram.bind();
    const TerrainUniforms& u = m_terrainUniforms;
    m_heights->bind(0);
    m_tint->bind(1);
    m_terrainProgram.setUniformValue(u.height, 0);
    m_terrainProgram.setUniformValue(u.heightMap, m_heightMap);
    m_terrainProgram.setUniformValue(u.tintMap, m_tintMap);
    m_terrainProgram.setUniformValue(u.tint, 1);
    m_terrainProgram.setUniformValue(u.texSize,
                                     QVector2D(float(m_heights->width()), float(m_heights->height())));
    m_terrainProgram.setUniformValue(u.extent, toQt(frame.extent));
    m_terrainProgram.setUniformValue(u.heightRange, frame.heightRange);
    m_gl->glUniformMatrix4fv(u.viewProjection, 1, GL_FALSE, glm::value_ptr(frame.viewProjection));
    m_terrainProgram.setUniformValue(u.lightDir, toQt(frame.lightDir));
    m_terrainProgram.setUniformValue(u.eye, toQt(frame.eye));
    m_terrainProgram.setUniformValue(u.hazeColor, toQt(kHorizon));
    m_terrainProgram.setUniformValue(u.hazeDistance, frame.hazeDistance);
    m_terrainProgram.setUniformValue(u.wireframe, false);
    m_terrainProgram.setUniformValue(u.overlayOn, m_overlay != nullptr);
    m_terrainProgram.setUniformValue(u.overlay, 2);
    m_terrainProgram.setUniformValue(u.overlayColor, toQt(m_overlayColor));
    if (m_overlay) m_overlay->bind(2);
    m_terrainProgram.setUniformValue(u.drapeOn, m_drape != nullptr);
    m_terrainProgram.setUniformValue(u.drape, 3);
    if (m_drape) m_drape->bind(3);

    const bool coarse = frame.interactive && grid(GridLevel::Interactive).indexCount > 0;
    GridBuffers& buffers = grid(coarse ? GridLevel::Interactive : GridLevel::Full);
    QOpenGLVertexArrayObject::Binder binder(&buffers.vao);
    if (frame.wireframe) {
        // Shaded surface pushed back a little, then its edges drawn over it.
        m_gl->glEnable(GL_POLYGON_OFFSET_FILL);
        m_gl->glPolygonOffset(1.0f, 1.0f);
    }
    m_gl->glDrawElements(GL_TRIANGLES, buffers.indexCount, GL_UNSIGNED_INT, nullptr);
    if (frame.wireframe) {
        m_gl->glDisable(GL_POLYGON_OFFSET_FILL);
        m_gl->glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
        m_terrainProgram.setUniformValue(u.wireframe, true);
        m_gl->glDrawElements(GL_TRIANGLES, buffers.indexCount, GL_UNSIGNED_INT, nullptr);
        m_gl->glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    }
    if (m_drape) m_drape->release(3);
    if (m_overlay) m_overlay->release(2);
    m_tint->release(1);
    m_heights->release(0);
    m_terrainProgram.release();
}

void TerrainGl::drawSkirt(const TerrainFrame& frame) {
    if (m_skirt.indexCount == 0) return;
    m_skirtProgram.bind();
    const SkirtUniforms& u = m_skirtUniforms;
    m_heights->bind(0);
    m_skirtProgram.setUniformValue(u.height, 0);
    m_skirtProgram.setUniformValue(u.heightMap, m_heightMap);
    m_skirtProgram.setUniformValue(u.texSize,
                                   QVector2D(float(m_heights->width()), float(m_heights->height())));
    m_skirtProgram.setUniformValue(u.extent, toQt(frame.extent));
    m_skirtProgram.setUniformValue(u.heightRange, frame.heightRange);
    m_skirtProgram.setUniformValue(u.base, frame.base);
    m_skirtProgram.setUniformValue(u.waterTop, frame.water ? frame.waterLevel : frame.base - 1.0f);
    m_gl->glUniformMatrix4fv(u.viewProjection, 1, GL_FALSE, glm::value_ptr(frame.viewProjection));
    m_skirtProgram.setUniformValue(u.lightDir, toQt(frame.lightDir));
    QOpenGLVertexArrayObject::Binder binder(&m_skirt.vao);
    m_gl->glDrawElements(GL_TRIANGLES, m_skirt.indexCount, GL_UNSIGNED_INT, nullptr);
    m_heights->release(0);
    m_skirtProgram.release();
}

void TerrainGl::drawWater(const TerrainFrame& frame) {
    m_gl->glEnable(GL_BLEND);
    m_gl->glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    m_gl->glDepthMask(GL_FALSE);  // the terrain below stays visible through it
    m_waterProgram.bind();
    const WaterUniforms& u = m_waterUniforms;
    m_waterProgram.setUniformValue(u.extent, toQt(frame.extent));
    m_waterProgram.setUniformValue(u.level, frame.waterLevel);
    m_gl->glUniformMatrix4fv(u.viewProjection, 1, GL_FALSE, glm::value_ptr(frame.viewProjection));
    m_waterProgram.setUniformValue(u.eye, toQt(frame.eye));
    m_waterProgram.setUniformValue(u.lightDir, toQt(frame.lightDir));
    QOpenGLVertexArrayObject::Binder binder(&m_waterVao);
    m_gl->glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    m_waterProgram.release();
    m_gl->glDepthMask(GL_TRUE);
    m_gl->glDisable(GL_BLEND);
}

}  // namespace terrain::render
