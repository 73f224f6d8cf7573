#include "app/world/world_window.h"

#include "core/cancel.h"
#include "core/errors.h"
#include "core/io/untrusted_file.h"
#include "core/stack/evaluator.h"
#include "render/terrain_view.h"
#include "core/executor.h"
#include "core/workspace.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QSpinBox>
#include <QStatusBar>
#include <QToolBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace terrain::app {

namespace {

// Tiles are computed with a margin of one sample: the hillshade reads the neighbours of the
// tile's edge samples, and a tile of one row (the world's last) is then not taken for a horizon
// line by renderPreviewImage.
constexpr int kTileMargin = 1;

}  // namespace

WorldCanvas::WorldCanvas(const core::Registry& registry, QWidget* parent) : QWidget(parent), m_registry(registry) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(200, 150);
    setAttribute(Qt::WA_OpaquePaintEvent);
    m_worker = std::thread([this] { work(); });
}

WorldCanvas::~WorldCanvas() {
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
        m_queue.clear();
    }
    m_wake.notify_all();
    m_worker.join();
}

void WorldCanvas::setWorld(const core::WorldManifest& world) {
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_world = world;
        m_hasWorld = true;
        ++m_generation;
        m_queue.clear();
    }
    m_cache.clear();
    m_lru.clear();
    m_bytes = 0;
    fitWorld();
}

void WorldCanvas::setStyle(const render::PreviewStyle& style) {
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_style = style;
        m_style.overlay.clear();  // the world view computes no masks
        if (!m_hasWorld) return;
        ++m_generation;
        m_queue.clear();
    }
    // The whole-world tile too: it is the fallback of every view and is drawn in the style.
    m_cache.clear();
    m_lru.clear();
    m_bytes = 0;
    request();
    update();
}

render::PreviewStyle WorldCanvas::style() const {
    const std::lock_guard<std::mutex> lock(m_mutex);
    return m_style;
}

void WorldCanvas::fitWorld() {
    if (!m_hasWorld) return;
    const double side = double(core::levelSide(m_world, 0) - 1);
    const double fit = side / std::max(1.0, double(std::min(width(), height())) - 8.0);
    setView(QPointF(side / 2.0, side / 2.0), fit);
}

void WorldCanvas::setView(QPointF centre, double samplesPerPixel) {
    if (!m_hasWorld) return;
    const double side = double(core::levelSide(m_world, 0) - 1);
    m_samplesPerPixel = std::clamp(samplesPerPixel, 1.0 / 16.0, std::max(1.0, side / 32.0));
    m_centre = QPointF(std::clamp(centre.x(), 0.0, side), std::clamp(centre.y(), 0.0, side));
    request();
    update();
    emit viewChanged();
}

int WorldCanvas::levelForView() const {
    if (!m_hasWorld) return 0;
    const int level = m_samplesPerPixel < 1.0 ? 0 : int(std::floor(std::log2(m_samplesPerPixel)));
    return std::clamp(level, 0, core::coarsestViewLevel(m_world));
}

QPointF WorldCanvas::sampleAt(QPointF pos) const {
    return m_centre + (pos - QPointF(width() / 2.0, height() / 2.0)) * m_samplesPerPixel;
}

std::vector<core::ViewTileKey> WorldCanvas::visibleTiles(int level) const {
    std::vector<core::ViewTileKey> keys;
    if (!m_hasWorld) return keys;
    const double scale = std::ldexp(1.0, level) * core::kViewTile;  // level-0 samples a tile spans
    const QPointF a = sampleAt(QPointF(0, 0)), b = sampleAt(QPointF(width(), height()));
    const int last = core::viewTilesPerSide(m_world, level) - 1;
    const auto index = [&](double v) { return std::clamp(int(std::floor(v / scale)), 0, last); };
    const int x0 = index(a.x()), x1 = index(b.x()), y0 = index(a.y()), y1 = index(b.y());
    for (int ty = y0; ty <= y1; ++ty)
        for (int tx = x0; tx <= x1; ++tx) keys.push_back({level, tx, ty});
    const QPointF mid = m_centre / scale;
    std::sort(keys.begin(), keys.end(), [&](const core::ViewTileKey& p, const core::ViewTileKey& q) {
        const auto d = [&](const core::ViewTileKey& k) {
            return std::hypot(k.tx + 0.5 - mid.x(), k.ty + 0.5 - mid.y());
        };
        return d(p) < d(q);
    });
    return keys;
}

std::shared_ptr<const WorldCanvas::Tile> WorldCanvas::cached(const core::ViewTileKey& key) const {
    const auto it = m_cache.find(key);
    return it == m_cache.end() ? nullptr : it->second.tile;
}

int WorldCanvas::missingTiles() const {
    int missing = 0;
    for (const auto& key : visibleTiles(levelForView()))
        if (!cached(key)) ++missing;
    return missing;
}

std::size_t WorldCanvas::cachedBytes() const { return m_bytes; }

void WorldCanvas::request() {
    if (!m_hasWorld) return;
    const int level = levelForView(), coarsest = core::coarsestViewLevel(m_world);
    std::vector<core::ViewTileKey> queue;
    const auto want = [&](int l) {
        for (const auto& key : visibleTiles(l))
            if (!cached(key)) queue.push_back(key);
    };
    want(coarsest);  // the whole world in one tile: never an empty view
    if (level + 3 < coarsest) want(level + 3);  // a coarse frame of this view in a few small tiles
    want(level);
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_queue = std::move(queue);
    }
    m_wake.notify_one();
}

void WorldCanvas::work() {
    // One executor and workspace for every tile: a 256² tile is too small to start threads for.
    const int threads = int(std::max(1u, std::thread::hardware_concurrency()));
    core::Executor executor(threads - 1);
    core::Workspace workspace;
    core::GenerateContext context;
    context.threads = threads;
    context.executor = &executor;
    context.workspace = &workspace;
    core::StackEvaluator ranges(m_registry, 0);  // normalize's reference ranges, kept between tiles
    for (;;) {
        core::ViewTileKey key;
        core::WorldManifest world;
        render::PreviewStyle style;
        std::uint64_t generation = 0;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_wake.wait(lock, [&] { return m_stop || !m_queue.empty(); });
            if (m_stop) return;
            key = m_queue.front();
            m_queue.erase(m_queue.begin());
            world = m_world;
            style = m_style;
            generation = m_generation;
        }
        try {
            auto tile = std::make_shared<Tile>();
            std::pair<int, int> at{0, 0};
            const core::Heightmap grown = core::computeViewTile(m_registry, world, key, context, &ranges, kTileMargin, &at);
            const int w = std::min(core::kViewTile, grown.width() - at.first);
            const int h = std::min(core::kViewTile, grown.height() - at.second);
            // The relief of the whole world at this level: tiles of every level meet without a seam.
            style.reliefSide = double(core::levelSide(world, key.level));
            const QImage image =
                render::renderPreviewImage(grown, core::resolveMapping(world.mapping, grown), style);
            tile->image = image.copy(at.first, at.second, w, h);
            tile->heights = core::copyWindow(grown, at.first, at.second, w, h);
            m_mailbox.post([this, key, generation, tile] {
                if (generation != m_generation) return;
                store(key, tile);
                update();
                emit tileArrived();
            });
        } catch (const std::exception&) {
            // A key the world no longer has (the world changed): nothing to show.
        }
    }
}

void WorldCanvas::store(const core::ViewTileKey& key, std::shared_ptr<const Tile> tile) {
    if (m_cache.count(key) != 0) return;
    m_lru.push_back(key);
    m_bytes += std::size_t(tile->image.sizeInBytes()) + tile->heights.sampleCount() * sizeof(float);
    m_cache[key] = Cached{std::move(tile), std::prev(m_lru.end())};
    // Evict the least recently used, but never the whole-world tile (the fallback of every view).
    const int coarsest = core::coarsestViewLevel(m_world);
    for (auto it = m_lru.begin(); m_bytes > cacheBudgetBytes() && it != m_lru.end();) {
        if (it->level == coarsest || *it == key) {
            ++it;
            continue;
        }
        const auto found = m_cache.find(*it);
        m_bytes -= std::size_t(found->second.tile->image.sizeInBytes()) +
                   found->second.tile->heights.sampleCount() * sizeof(float);
        m_cache.erase(found);
        it = m_lru.erase(it);
    }
}

QRectF WorldCanvas::tileRectOnScreen(const core::ViewTileKey& key) const {
    const double step = std::ldexp(1.0, key.level);
    const auto tile = cached(key);
    const double w = tile ? tile->image.width() : core::kViewTile, h = tile ? tile->image.height() : core::kViewTile;
    // Sample i of the level covers level-0 samples (i - 1/2) .. (i + 1/2) times the step.
    const QPointF topLeft((key.tx * double(core::kViewTile) - 0.5) * step, (key.ty * double(core::kViewTile) - 0.5) * step);
    const QPointF screen = (topLeft - m_centre) / m_samplesPerPixel + QPointF(width() / 2.0, height() / 2.0);
    // Whole pixels, each edge rounded once: neighbouring tiles meet with no gap and no overlap.
    const double right = screen.x() + w * step / m_samplesPerPixel, bottom = screen.y() + h * step / m_samplesPerPixel;
    const auto l = std::lround(screen.x()), t = std::lround(screen.y());
    return QRectF(double(l), double(t), double(std::lround(right) - l), double(std::lround(bottom) - t));
}

void WorldCanvas::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), QColor(40, 44, 52));
    if (!m_hasWorld) return;
    const int level = levelForView(), coarsest = core::coarsestViewLevel(m_world);
    const std::vector<core::ViewTileKey> keys = visibleTiles(level);
    // Missing tiles show their nearest cached ancestor, scaled up: coarse ones are drawn first.
    std::map<core::ViewTileKey, std::shared_ptr<const Tile>> fallbacks;
    for (const auto& key : keys) {
        if (cached(key)) continue;
        for (int l = level + 1; l <= coarsest; ++l) {
            const core::ViewTileKey up{l, key.tx >> (l - level), key.ty >> (l - level)};
            if (auto tile = cached(up)) {
                fallbacks[up] = tile;
                break;
            }
        }
    }
    std::vector<std::pair<core::ViewTileKey, std::shared_ptr<const Tile>>> order(fallbacks.begin(), fallbacks.end());
    std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first.level > b.first.level; });
    for (const auto& [key, tile] : order) painter.drawImage(tileRectOnScreen(key), tile->image);
    for (const auto& key : keys) {
        const auto it = m_cache.find(key);
        if (it == m_cache.end()) continue;
        m_lru.splice(m_lru.end(), m_lru, it->second.use);  // recently used
        painter.drawImage(tileRectOnScreen(key), it->second.tile->image);
    }
}

void WorldCanvas::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    request();
}

void WorldCanvas::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0.0 || !m_hasWorld) return;
    const QPointF pos = event->position();
    const QPointF anchor = sampleAt(pos);  // the sample under the mouse stays under it
    const double spp = m_samplesPerPixel * std::pow(0.5, steps / 2.0);
    setView(anchor - (pos - QPointF(width() / 2.0, height() / 2.0)) * spp, spp);
    event->accept();
}

void WorldCanvas::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    m_dragging = true;
    m_dragFrom = event->position();
}

void WorldCanvas::mouseMoveEvent(QMouseEvent* event) {
    if (m_dragging) {
        const QPointF delta = event->position() - m_dragFrom;
        m_dragFrom = event->position();
        setView(m_centre - delta * m_samplesPerPixel, m_samplesPerPixel);
    }
    double metres = 0.0;
    int level = 0;
    const QPointF s = sampleAt(event->position());
    if (heightAt(event->position(), metres, level)) {
        emit hovered(tr("sample %1, %2: %3 m (level %4)")
                         .arg(std::llround(s.x()))
                         .arg(std::llround(s.y()))
                         .arg(metres, 0, 'f', 1)
                         .arg(level));
    }
}

void WorldCanvas::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) m_dragging = false;
}

core::Heightmap WorldCanvas::visibleRegion(int& level, core::SampleWindow& window) const {
    if (!m_hasWorld) return {};
    const QPointF a = sampleAt(QPointF(0, 0)), b = sampleAt(QPointF(width(), height()));
    const double side = double(core::levelSide(m_world, 0) - 1);
    const double x0 = std::clamp(a.x(), 0.0, side), x1 = std::clamp(b.x(), 0.0, side);
    const double y0 = std::clamp(a.y(), 0.0, side), y1 = std::clamp(b.y(), 0.0, side);
    for (level = levelForView();; ++level) {
        const double step = std::ldexp(1.0, level);
        const auto lo = [&](double v) { return int(std::floor(v / step)); };
        const auto hi = [&](double v) { return int(std::ceil(v / step)); };
        window = {lo(x0), lo(y0), hi(x1) - lo(x0) + 1, hi(y1) - lo(y0) + 1};
        if ((window.width <= kRegionSide && window.height <= kRegionSide) || level + 1 >= m_world.worldDetail) break;
    }
    core::Recipe recipe = m_world.recipe;
    recipe.detail = m_world.worldDetail - level;
    core::WorldUnits units = m_world.units;
    units.metresPerPixel = m_world.units.metresPerPixel * std::ldexp(1.0, level);
    core::GenerateContext context;
    context.threads = int(std::max(1u, std::thread::hardware_concurrency()));
    return core::evaluateStackWindow(m_registry, recipe, units, window, context, &m_world.mapping);
}

bool WorldCanvas::heightAt(QPointF pos, double& metres, int& level) const {
    if (!m_hasWorld) return false;
    const QPointF s = sampleAt(pos);
    const double side = double(core::levelSide(m_world, 0) - 1);
    if (s.x() < -0.5 || s.y() < -0.5 || s.x() > side + 0.5 || s.y() > side + 0.5) return false;
    for (int l = levelForView(); l <= core::coarsestViewLevel(m_world); ++l) {
        const double step = std::ldexp(1.0, l);
        const auto ix = std::int64_t(std::llround(s.x() / step)), iy = std::int64_t(std::llround(s.y() / step));
        const core::ViewTileKey key{l, int(ix / core::kViewTile), int(iy / core::kViewTile)};
        const auto tile = cached(key);
        if (!tile) continue;
        const int x = int(ix % core::kViewTile), y = int(iy % core::kViewTile);
        if (x >= tile->heights.width() || y >= tile->heights.height()) continue;
        const core::HeightMapping& m = m_world.mapping;
        const double t = (double(tile->heights.at(x, y)) - m.lo) / (double(m.hi) - double(m.lo));
        metres = m_world.units.loMetres + t * m_world.units.rangeMetres();
        level = l;
        return true;
    }
    return false;
}

WorldWindow::WorldWindow(const core::Registry& registry, QWidget* parent)
    : QMainWindow(parent), m_registry(registry), m_canvas(new WorldCanvas(registry, this)) {
    setWindowTitle(tr("World View"));
    setObjectName("worldWindow");
    setCentralWidget(m_canvas);
    QToolBar* bar = addToolBar(tr("World"));
    bar->setObjectName("worldToolBar");
    bar->addWidget(new QLabel(tr("World detail "), bar));
    m_detail = new QSpinBox(bar);
    m_detail->setObjectName("worldDetail");
    m_detail->setRange(core::kMinTileDetail, core::kMaxWorldDetail);
    m_detail->setToolTip(tr("The world is 2^detail + 1 samples a side over the document's extent"));
    bar->addWidget(m_detail);
    bar->addWidget(new QLabel(tr(" Colours "), bar));
    m_colorMap = new QComboBox(bar);
    m_colorMap->setObjectName("worldColorMap");
    m_colorMap->addItem(tr("Gray"), int(render::ColorMap::Gray));
    m_colorMap->addItem(tr("Terrain"), int(render::ColorMap::Terrain));
    m_colorMap->addItem(tr("Rainbow"), int(render::ColorMap::Rainbow));
    m_colorMap->setToolTip(tr("The colour map of heights, as in the editor's 2-D preview"));
    bar->addWidget(m_colorMap);
    m_hillshade = new QCheckBox(tr("&Hillshade"), bar);
    m_hillshade->setObjectName("worldHillshade");
    m_hillshade->setToolTip(tr("Shade slopes by the light, with the relief of the whole world"));
    bar->addWidget(m_hillshade);
    const auto restyle = [this] {
        render::PreviewStyle style = m_canvas->style();
        style.colorMap = render::ColorMap(m_colorMap->currentData().toInt());
        style.hillshade = m_hillshade->isChecked();
        m_canvas->setStyle(style);
    };
    connect(m_colorMap, &QComboBox::currentIndexChanged, this, restyle);
    connect(m_hillshade, &QCheckBox::toggled, this, restyle);
    QAction* fit = bar->addAction(tr("&Fit"), m_canvas, &WorldCanvas::fitWorld);
    fit->setShortcut(QKeySequence(tr("F")));
    QAction* open = bar->addAction(tr("&Open world.json…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open World"), QString(), tr("World (world.json)"));
        if (path.isEmpty()) return;
        try {
            showWorldFile(path);
        } catch (const std::exception& e) {
            m_status->setText(QString::fromStdString(e.what()));
        }
    });
    open->setShortcut(QKeySequence::Open);
    QAction* region = bar->addAction(tr("Region in &3-D"), this, &WorldWindow::showRegionIn3d);
    region->setShortcut(QKeySequence(tr("3")));
    region->setToolTip(tr("Show the part of the world in view in the 3-D view (at most 1025 samples a side)"));
    m_terrain = new render::TerrainView(this);
    auto* dock = new QDockWidget(tr("Region in 3-D"), this);
    dock->setObjectName("worldRegionDock");
    dock->setWidget(m_terrain);
    addDockWidget(Qt::RightDockWidgetArea, dock);
    dock->hide();
    m_status = new QLabel(this);
    m_status->setObjectName("worldStatus");
    statusBar()->addWidget(m_status, 1);
    connect(m_detail, &QSpinBox::valueChanged, this, [this] {
        if (m_fromRecipe) rebuild();
    });
    connect(m_canvas, &WorldCanvas::viewChanged, this, &WorldWindow::updateStatus);
    connect(m_canvas, &WorldCanvas::tileArrived, this, &WorldWindow::updateStatus);
    connect(m_canvas, &WorldCanvas::hovered, this, [this](const QString& text) {
        m_hover = text;
        updateStatus();
    });
    resize(900, 700);
}

void WorldWindow::showRegionIn3d() {
    int level = 0;
    core::SampleWindow window;
    core::Heightmap region;
    try {
        region = m_canvas->visibleRegion(level, window);
    } catch (const std::exception& e) {
        m_status->setText(QString::fromStdString(e.what()));
        return;
    }
    if (region.empty()) return;
    if (QDockWidget* dock = findChild<QDockWidget*>("worldRegionDock")) {
        if (!dock->isVisible()) {
            dock->show();
            resizeDocks({dock}, {width() / 2}, Qt::Horizontal);
        }
    }
    // Its own relief (a region spans a small part of the world's heights), the canvas's colours.
    m_terrain->setTintMapping(core::resolveMapping(m_canvas->world().mapping, region));
    m_terrain->setHeightmap(std::make_shared<const core::Heightmap>(std::move(region)));
    m_hover = tr("3-D: %1 x %2 samples at level %3").arg(window.width).arg(window.height).arg(level);
    updateStatus();
}

void WorldWindow::setStyle(const render::PreviewStyle& style) {
    {
        const QSignalBlocker a(m_colorMap), b(m_hillshade);
        m_colorMap->setCurrentIndex(std::max(0, m_colorMap->findData(int(style.colorMap))));
        m_hillshade->setChecked(style.hillshade);
    }
    m_canvas->setStyle(style);
}

void WorldWindow::showRecipe(const core::Recipe& recipe, const core::WorldUnits& designUnits, int worldDetail) {
    m_recipe = recipe;
    m_designUnits = designUnits;
    m_fromRecipe = true;
    m_detail->setEnabled(true);
    {
        const QSignalBlocker block(m_detail);
        m_detail->setMinimum(std::max(core::kMinTileDetail, recipe.detail));
        m_detail->setValue(worldDetail);
    }
    rebuild();
}

void WorldWindow::showWorldFile(const QString& path) {
    const std::string text =
        core::readUntrustedFile(QFile::encodeName(path).toStdString(), core::kMaxRecipeBytes, "world", "world.json");
    const core::WorldManifest world = core::worldManifestFromText(m_registry, text, path.toStdString());
    m_fromRecipe = false;
    {
        const QSignalBlocker block(m_detail);
        m_detail->setValue(world.worldDetail);
    }
    m_detail->setEnabled(false);
    setWindowTitle(tr("World View — %1").arg(path));
    m_canvas->setWorld(world);
    updateStatus();
}

void WorldWindow::rebuild() {
    const int detail = m_detail->value();
    core::WorldUnits units = m_designUnits;  // the same extent: the spacing scales with the detail
    units.metresPerPixel = m_designUnits.metresPerPixel * std::ldexp(1.0, m_recipe.detail - detail);
    try {
        core::GenerateContext context;
        context.threads = int(std::max(1u, std::thread::hardware_concurrency()));
        m_canvas->setWorld(core::makeWorldManifest(m_registry, m_recipe, detail, (1 << std::min(core::kMaxTileDetail, detail)) + 1, units,
                                                   context));
        m_status->setText({});
    } catch (const core::InputError& e) {
        m_status->setText(tr("This recipe cannot be browsed as a world: %1").arg(QString::fromStdString(e.what())));
        return;
    }
    setWindowTitle(tr("World View"));
    updateStatus();
}

void WorldWindow::updateStatus() {
    if (!m_canvas->world().worldDetail) return;
    const core::WorldManifest& w = m_canvas->world();
    const std::int64_t side = core::levelSide(w, 0);
    const int level = m_canvas->levelForView();
    const int missing = m_canvas->missingTiles();
    const double across = w.units.metresPerPixel * double(side - 1);
    const QString extent = across >= 10000.0 ? tr("%1 km").arg(across / 1000.0, 0, 'f', 1)
                                             : tr("%1 m").arg(across, 0, 'f', 1);
    m_status->setText(tr("%1 samples a side, %2 across · level %3 (1 sample in %4) · %5 · cache %6 MB%7")
                          .arg(side)
                          .arg(extent)
                          .arg(level)
                          .arg(std::int64_t(1) << level)
                          .arg(missing == 0 ? tr("complete") : tr("%1 tiles to come").arg(missing))
                          .arg(double(m_canvas->cachedBytes()) / double(1 << 20), 0, 'f', 0)
                          .arg(m_hover.isEmpty() ? QString() : " · " + m_hover));
}

}  // namespace terrain::app
