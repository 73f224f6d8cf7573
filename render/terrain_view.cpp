#include "terrain_view.h"

#include "colormap.h"
#include "core/io/height_mapping.h"
#include "surface_format.h"
#include "terrain_gl.h"

#include <QColor>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace terrain::render {
namespace {

constexpr float kOrbitSpeed_radPerPixel = 0.008f;
// Eye south-south-west looking north-north-east: the default light (north-west) comes from the
// front left, so slopes read as lit and shaded rather than back-lit.
constexpr float kDefaultAzimuth_rad = -0.6f;
constexpr float kDefaultElevation_rad = 0.52f;  // about 30 degrees up

}  // namespace

TerrainView::TerrainView(QWidget* parent) : QOpenGLWidget(parent) {
    initRenderResources();
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(64, 64);
    m_camera.azimuth_rad = kDefaultAzimuth_rad;
    m_camera.elevation_rad = kDefaultElevation_rad;
    m_interactionEnd = new QTimer(this);
    m_interactionEnd->setSingleShot(true);
    m_interactionEnd->setInterval(250);
    connect(m_interactionEnd, &QTimer::timeout, this, [this] { setInteracting(false); });
}

TerrainView::~TerrainView() { cleanup(); }

void TerrainView::setHeightmap(std::shared_ptr<const core::Heightmap> map,
                               std::optional<core::MinMax> range) {
    const glm::vec2 oldExtent = extent();
    m_map = std::move(map);
    m_range = range;
    uploadHeightsNow();
    if (!m_cameraFramed || extent() != oldExtent) resetCamera();
    update();
}

void TerrainView::uploadHeightsNow() {
    m_heightsDirty = true;
    uploadNow();
}

namespace {
bool sameMapping(const std::optional<core::ResolvedMapping>& a, const std::optional<core::ResolvedMapping>& b) {
    return a.has_value() == b.has_value() && (!a || (a->lo == b->lo && a->hi == b->hi));
}
}  // namespace

void TerrainView::setTintMapping(std::optional<core::ResolvedMapping> mapping) {
    if (sameMapping(m_fixedTint, mapping)) return;
    m_fixedTint = mapping;
    uploadHeightsNow();
    update();
}

void TerrainView::setHeightMapping(std::optional<core::ResolvedMapping> mapping) {
    if (sameMapping(m_fixedMapping, mapping)) return;
    m_fixedMapping = mapping;
    uploadHeightsNow();
    update();
}

core::ResolvedMapping TerrainView::heightMapping() const {
    if (m_fixedMapping) return *m_fixedMapping;
    if (!m_map || m_map->empty()) return {};
    return m_range ? core::mappingForRange(*m_range) : core::resolveMapping(core::HeightMapping{}, *m_map);
}

void TerrainView::setOverlay(std::shared_ptr<const core::Heightmap> mask) {
    if (mask == m_overlay) return;
    m_overlay = std::move(mask);
    m_overlayDirty = true;
    uploadNow();
    update();
}

void TerrainView::setDrape(const QImage& picture) {
    m_drape = picture.isNull() ? QImage() : picture.convertToFormat(QImage::Format_RGBA8888);
    m_drapeDirty = true;
    uploadNow();
    update();
}

void TerrainView::setHeightScale(float exaggeration) {
    m_heightScale = std::clamp(exaggeration, 0.0f, 100.0f);
    update();
}

void TerrainView::setWireframe(bool on) {
    m_wireframe = on;
    update();
}

void TerrainView::setWaterEnabled(bool on) {
    m_waterEnabled = on;
    update();
}

void TerrainView::setWaterLevel(float unit) {
    m_waterLevel = std::clamp(unit, 0.0f, 1.0f);
    update();
}

void TerrainView::setLightDirection(float azimuth_deg, float elevation_deg) {
    m_lightAzimuth_deg = azimuth_deg;
    m_lightElevation_deg = std::clamp(elevation_deg, -90.0f, 90.0f);
    update();
}

void TerrainView::setMeshResolutionCap(int verticesPerSide) {
    m_meshCap = std::max(2, verticesPerSide);
    m_heightsDirty = true;
    update();
}

void TerrainView::frameTerrain() {
    const glm::vec2 e = extent();
    const float top = std::max(heightRange(), 1e-3f);
    m_camera.frame({-0.5f * e.x, baseHeight(), -0.5f * e.y}, {0.5f * e.x, top, 0.5f * e.y},
                   aspect());
    m_cameraFramed = true;
    m_refitOnResize = true;
    cameraMoved();
}

void TerrainView::resetCamera() {
    m_camera.azimuth_rad = kDefaultAzimuth_rad;
    m_camera.elevation_rad = kDefaultElevation_rad;
    frameTerrain();
}

void TerrainView::setCamera(const OrbitCamera& camera) {
    m_camera = camera;
    m_cameraFramed = true;
    m_refitOnResize = false;
    cameraMoved();
}

void TerrainView::initializeGL() {
    // hellogl2's pattern: the context may go away before the widget (re-parenting, shutdown).
    connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, &TerrainView::cleanup);
    m_gl = std::make_unique<TerrainGl>();
    m_renderError = m_gl->error();
    if (!m_renderError.isEmpty()) qWarning("TerrainView: %s", qPrintable(m_renderError));
    m_heightsDirty = true;
    m_overlayDirty = true;
    m_drapeDirty = true;
    m_gridSize = {};
    m_interactiveGridSize = {};
}

void TerrainView::cleanup() {
    if (!m_gl) return;
    makeCurrent();
    m_gl.reset();
    doneCurrent();
    if (context() != nullptr)
        disconnect(context(), &QOpenGLContext::aboutToBeDestroyed, this, &TerrainView::cleanup);
}

void TerrainView::uploadNow() {
    if (!m_gl) return;  // initializeGL uploads what is pending
    makeCurrent();
    uploadPending();
    doneCurrent();
}

void TerrainView::uploadPending() {
    if (m_gl && m_drapeDirty && m_gl->error().isEmpty()) {
        m_drapeDirty = false;
        const int maxSide = std::min(m_gl->maxTextureSize(), kMaxTextureSide);
        QImage picture = m_drape;
        if (!picture.isNull() && (picture.width() > maxSide || picture.height() > maxSide)) {
            picture = picture.scaled(maxSide, maxSide, Qt::KeepAspectRatio, Qt::SmoothTransformation);
        }
        if (picture.isNull()) {
            m_gl->setDrape(nullptr, 0, 0);
        } else {
            // Tightly packed rows for the upload (a QImage pads each row to 4 bytes: RGBA is).
            m_gl->setDrape(picture.constBits(), picture.width(), picture.height());
        }
    }
    if (m_gl && m_overlayDirty && m_gl->error().isEmpty()) {
        m_overlayDirty = false;
        const int maxSide = std::min(m_gl->maxTextureSize(), kMaxTextureSide);
        const QColor tint(kOverlayColor);
        const glm::vec3 color(float(tint.redF()), float(tint.greenF()), float(tint.blueF()));
        if (!m_overlay || m_overlay->empty() || m_overlay->height() < 2) {
            m_gl->setOverlay(nullptr, 0, 0, color);
        } else if (m_overlay->width() <= maxSide && m_overlay->height() <= maxSide) {
            m_gl->setOverlay(m_overlay->row(0), m_overlay->width(), m_overlay->height(), color);
        } else {
            core::ResolvedMapping weights;  // 0..1 as they are
            const HeightTexture reduced = prepareHeightTexture(*m_overlay, weights, maxSide);
            m_gl->setOverlay(reduced.texels.data(), reduced.width, reduced.height, color);
        }
    }
    if (!m_gl || !m_map || m_map->empty() || !m_gl->error().isEmpty()) return;
    const int maxSide = std::min(m_gl->maxTextureSize(), kMaxTextureSide);
    const core::ResolvedMapping mapping = heightMapping();
    if (m_map->width() <= maxSide && m_map->height() <= maxSide) {
        // Raw heights straight from the shared grid; the shaders apply the mapping.
        m_gl->setHeights(m_map->row(0), m_map->width(), m_map->height(), mapping.lo, mapping.scale);
    } else {
        const HeightTexture reduced = prepareHeightTexture(*m_map, mapping, maxSide);
        m_gl->setHeights(reduced.texels.data(), reduced.width, reduced.height, 0.0f, 1.0f);
    }
    // The colour map's position of relief height r in [0, 1], whose raw height is
    // r / relief.scale + relief.lo: (raw - tint.lo) * tint.scale.
    const core::ResolvedMapping tint = tintMapping();
    if (mapping.scale > 0.0f)
        m_gl->setTintMapping((tint.lo - mapping.lo) * mapping.scale, tint.scale / mapping.scale);
    else  // a flat map: every r is 0, at raw height relief.lo
        m_gl->setTintMapping(-(mapping.lo - tint.lo) * tint.scale, 1.0f);
    const GridSize size = meshResolution(m_map->width(), m_map->height(), m_meshCap);
    if (!(size == m_gridSize)) {
        m_gl->setGrid(TerrainGl::GridLevel::Full, makeGridMesh(size));
        m_gl->setSkirt(makeSkirtMesh(size));
        m_gridSize = size;
    }
    const GridSize coarse = meshResolution(m_map->width(), m_map->height(),
                                           std::min(m_meshCap, kInteractiveMeshCap));
    if (!(coarse == m_interactiveGridSize)) {
        // Same size as the full grid: nothing to gain, draw the full one.
        m_gl->setGrid(TerrainGl::GridLevel::Interactive,
                      coarse == size ? GridMesh{} : makeGridMesh(coarse));
        m_interactiveGridSize = coarse;
    }
    m_heightsDirty = false;
}

void TerrainView::resizeGL(int, int) {
    if (m_refitOnResize) frameTerrain();
}

void TerrainView::paintGL() {
    if (!m_gl) return;
    if (m_heightsDirty || m_overlayDirty) uploadPending();
    TerrainFrame frame;
    frame.viewProjection = m_camera.projection(aspect()) * m_camera.view();
    frame.eye = m_camera.eye();
    const auto light = lightVector(m_lightAzimuth_deg, m_lightElevation_deg);
    frame.lightDir = glm::vec3(light[0], light[1], light[2]);
    frame.extent = extent();
    frame.heightRange = heightRange();
    frame.base = baseHeight();
    frame.hazeDistance = 3.0f * std::max(frame.extent.x, frame.extent.y);
    frame.wireframe = m_wireframe;
    frame.interactive = m_interacting;
    frame.water = m_waterEnabled;
    frame.waterLevel = m_waterLevel * frame.heightRange;
    m_gl->render(frame);
}

glm::vec2 TerrainView::extent() const {
    if (!m_map || m_map->empty()) return {1.0f, 1.0f};
    if (m_map->height() == 1) return {1.0f, kProfileDepth};
    const float longer = float(std::max(m_map->width(), m_map->height()) - 1);
    return {float(m_map->width() - 1) / longer, float(m_map->height() - 1) / longer};
}

float TerrainView::heightRange() const { return kReliefRatio * m_heightScale; }

// The walls reach a little below the lowest possible height, so even a flat map is a slab.
float TerrainView::baseHeight() const {
    const glm::vec2 e = extent();
    return -0.03f * std::max(e.x, e.y);
}

float TerrainView::aspect() const {
    return height() > 0 ? float(width()) / float(height()) : 1.0f;
}

void TerrainView::userMovedCamera() {
    m_refitOnResize = false;
    cameraMoved();
}

void TerrainView::cameraMoved() {
    update();
    emit cameraChanged();
}

void TerrainView::setInteracting(bool on) {
    if (on == m_interacting) return;
    m_interacting = on;
    update();
}

void TerrainView::mousePressEvent(QMouseEvent* event) {
    m_lastMousePos = event->position().toPoint();
    m_interactionEnd->stop();
    setInteracting(true);
    event->accept();
}

void TerrainView::mouseMoveEvent(QMouseEvent* event) {
    const QPoint pos = event->position().toPoint();
    const QPoint delta = pos - m_lastMousePos;
    m_lastMousePos = pos;
    if (event->buttons() & Qt::LeftButton) {
        m_camera.orbit(-float(delta.x()) * kOrbitSpeed_radPerPixel,
                       float(delta.y()) * kOrbitSpeed_radPerPixel);
        userMovedCamera();
    } else if (event->buttons() & (Qt::RightButton | Qt::MiddleButton)) {
        // The terrain follows the cursor: the target moves the other way.
        const float h = float(std::max(1, height()));
        m_camera.pan(-float(delta.x()) / h, float(delta.y()) / h);
        userMovedCamera();
    }
    event->accept();
}

void TerrainView::mouseReleaseEvent(QMouseEvent* event) {
    // Some event sources still list the released button in buttons().
    if ((event->buttons() & ~event->button()) == Qt::NoButton) m_interactionEnd->start();
    event->accept();
}

void TerrainView::wheelEvent(QWheelEvent* event) {
    // One notch (120) moves about 16% closer; trackpads send smaller steps.
    m_camera.zoom(std::pow(0.9985f, float(event->angleDelta().y())));
    setInteracting(true);
    m_interactionEnd->start();
    userMovedCamera();
    event->accept();
}

void TerrainView::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_F && event->modifiers() == Qt::NoModifier) {
        frameTerrain();
        event->accept();
        return;
    }
    QOpenGLWidget::keyPressEvent(event);
}

}  // namespace terrain::render
