#pragma once
// View ▸ World View (docs/worlds.md "In the editor"): a whole world, up to 1048577²
// samples, panned and zoomed in 2-D at any scale. Nothing is read from disk: view tiles of 256²
// samples of the level that matches the zoom (every 2^level-th sample of the world) are computed
// on demand from the lattice's coarse levels (core::computeViewTile) on a worker thread, nearest
// the middle of the view first, and kept in a cache of at most cacheBudgetBytes(). Until a tile
// is there the coarsest cached ancestor is drawn scaled up, so a view is never empty: the whole
// world's coarsest tile is computed first, when the window opens.
#include "core/registry.h"
#include "core/world/world.h"
#include "render/colormap.h"
#include "app/generation/mailbox.h"

#include <QImage>
#include <QMainWindow>
#include <QPointF>
#include <QWidget>

#include <condition_variable>
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;

namespace terrain::render {
class TerrainView;
}

namespace terrain::app {

// The 2-D canvas of the world view. The view maps widget pixels to world samples (level 0):
// sample = centre + (pixel - widget centre) · samplesPerPixel.
class WorldCanvas : public QWidget {
    Q_OBJECT

public:
    WorldCanvas(const core::Registry& registry, QWidget* parent = nullptr);
    ~WorldCanvas() override;

    // Shows `world` whole; drops every cached tile of the previous one.
    void setWorld(const core::WorldManifest& world);
    // The colour map and hillshade of the tiles (the editor's preview style; the hillshade's
    // relief is that of the whole world, so tiles of every level meet without a seam). Drops the
    // cached tiles' images and draws them again.
    void setStyle(const render::PreviewStyle& style);
    render::PreviewStyle style() const;
    const core::WorldManifest& world() const { return m_world; }

    QPointF centre() const { return m_centre; }
    double samplesPerPixel() const { return m_samplesPerPixel; }
    void setView(QPointF centre, double samplesPerPixel);
    void fitWorld();
    // The level drawn at this zoom: the coarsest whose samples are no wider than a pixel.
    int levelForView() const;
    // The world sample (level 0) under a widget position.
    QPointF sampleAt(QPointF widgetPos) const;

    // Tiles the view needs at its level that are not cached yet (0: the view is complete).
    int missingTiles() const;
    std::size_t cachedBytes() const;
    static constexpr std::size_t cacheBudgetBytes() { return std::size_t(96) << 20; }
    // The part of the world in view as one map of at most kRegionSide samples a side: its samples
    // at the finest level that allows it (`level`), `window` in that level's samples. Computed
    // here, on the calling thread. Empty without a world.
    static constexpr int kRegionSide = 1025;
    core::Heightmap visibleRegion(int& level, core::SampleWindow& window) const;
    // The height in metres under a widget position from the finest cached tile there, if any.
    bool heightAt(QPointF widgetPos, double& metres, int& level) const;

signals:
    void viewChanged();
    void tileArrived();
    void hovered(QString text);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    struct Tile {
        QImage image;               // through the world's height mapping, in the style
        core::Heightmap heights;    // raw, for the readout
    };
    struct Cached {
        std::shared_ptr<const Tile> tile;
        std::list<core::ViewTileKey>::iterator use;
    };
    // The tiles of `level` that cover the view, nearest the middle first.
    std::vector<core::ViewTileKey> visibleTiles(int level) const;
    std::shared_ptr<const Tile> cached(const core::ViewTileKey& key) const;
    void request();  // replaces the worker's queue with what the view needs, coarse first
    void work();
    void store(const core::ViewTileKey& key, std::shared_ptr<const Tile> tile);
    QRectF tileRectOnScreen(const core::ViewTileKey& key) const;

    const core::Registry& m_registry;
    core::WorldManifest m_world;
    bool m_hasWorld = false;
    std::uint64_t m_generation = 0;  // bumped by setWorld: results of an older world are dropped
    QPointF m_centre;
    double m_samplesPerPixel = 1.0;
    bool m_dragging = false;
    QPointF m_dragFrom;

    // The cache (GUI thread only): least recently used first in m_lru.
    std::map<core::ViewTileKey, Cached> m_cache;
    std::list<core::ViewTileKey> m_lru;
    std::size_t m_bytes = 0;

    // The worker: computes queued keys one at a time.
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::vector<core::ViewTileKey> m_queue;  // next first
    render::PreviewStyle m_style;            // under m_mutex: the worker reads it per tile
    bool m_stop = false;
    Mailbox m_mailbox{this};  // the worker's tiles to the GUI thread
    std::thread m_worker;
};

class WorldWindow : public QMainWindow {
    Q_OBJECT

public:
    WorldWindow(const core::Registry& registry, QWidget* parent = nullptr);
    // A world from a recipe at `worldDetail` (the world detail spin box can change it).
    void showRecipe(const core::Recipe& recipe, const core::WorldUnits& designUnits, int worldDetail);
    // A world.json written by terrain-cli world init; throws core::InputError for a bad one.
    void showWorldFile(const QString& path);
    WorldCanvas* canvas() const { return m_canvas; }
    // "Region in 3-D": the part of the world in view, in the 3-D view beside the canvas.
    void showRegionIn3d();
    render::TerrainView* terrainView() const { return m_terrain; }
    QSpinBox* worldDetailBox() const { return m_detail; }
    QComboBox* colorMapBox() const { return m_colorMap; }
    QCheckBox* hillshadeBox() const { return m_hillshade; }
    // The editor's preview style (colour map, hillshade, light) as the world view's.
    void setStyle(const render::PreviewStyle& style);

private:
    void rebuild();
    void updateStatus();

    const core::Registry& m_registry;
    WorldCanvas* m_canvas = nullptr;
    render::TerrainView* m_terrain = nullptr;
    QSpinBox* m_detail = nullptr;
    QComboBox* m_colorMap = nullptr;
    QCheckBox* m_hillshade = nullptr;
    QLabel* m_status = nullptr;
    core::Recipe m_recipe;
    core::WorldUnits m_designUnits;  // spacing at the recipe's detail
    bool m_fromRecipe = false;
    QString m_hover;
};

}  // namespace terrain::app
