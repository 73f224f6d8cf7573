#pragma once
// Terrain ▸ Seed Variations: a grid (3×3 or 4×4) of thumbnails of the document's recipe with
// successive seeds (seed, seed + 1, …), generated live on workers (one StackRunner per thumbnail,
// latest request wins): each thumbnail is the whole stack, evaluated through the evaluator the
// editor shares, in the document's world. Clicking a thumbnail adopts its seed in the document as one
// undo step. The grid keeps its first seed while the adopted seed is on it, so the choice stays
// where it was clicked; "Previous" and "Next" page through further seeds.
#include "app/compare/compare_runner.h"

#include "core/recipe.h"

#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QGridLayout;
class QLabel;
class QToolButton;

namespace terrain::core {
class Registry;
class StackEvaluator;
}  // namespace terrain::core

namespace terrain::app {

class Document;
struct DocumentState;

class SeedVariationsWindow : public QWidget {
    Q_OBJECT

public:
    // Thumbnails are generated at the document's detail up to this one (1025 × 1025 samples).
    static constexpr int kMaxThumbnailDetail = 10;
    static constexpr int kThumbnailSide_px = 180;

    // `evaluator` (null: the window makes its own) is shared with the editor and uses `registry`.
    SeedVariationsWindow(const core::Registry& registry, Document* document,
                         std::shared_ptr<core::StackEvaluator> evaluator = nullptr,
                         QWidget* parent = nullptr);

    int columns() const { return m_columns; }
    void setColumns(int columns);  // 3 or 4: a columns × columns grid
    int cellCount() const { return int(m_cells.size()); }
    quint64 firstSeed() const { return m_firstSeed; }
    quint64 seedAt(int cell) const { return m_firstSeed + quint64(cell); }
    // The recipe thumbnail `cell` shows (the document's, with its seed and the thumbnail detail).
    core::Recipe cellRecipe(int cell) const;
    // The world it is evaluated in: the document's, at the thumbnail's detail.
    core::WorldUnits cellWorld() const;
    // The map on thumbnail `cell` (null before its first result).
    std::shared_ptr<const core::Heightmap> cellMap(int cell) const;
    QToolButton* cellButton(int cell) const { return m_cells.at(std::size_t(cell)).button; }
    // The thumbnail shows the map of its current recipe (not an older one).
    bool isCellCurrent(int cell) const;
    bool allCurrent() const;

    void adoptSeed(int cell);  // what a click does
    void showPage(int direction);  // -1 previous seeds, +1 next

signals:
    void cellUpdated(int cell);

private:
    struct Cell {
        QToolButton* button = nullptr;
        StackRunner* runner = nullptr;
        quint64 shownRequest = 0;
        core::Recipe shown;  // the recipe of the image on the button
        core::WorldUnits shownWorld;
        std::shared_ptr<const core::Heightmap> map;
        render::PreviewStyle shownStyle;
        bool hasImage = false;
        QImage image;
    };

    void rebuildGrid();
    void refresh();
    void onStateChanged(const DocumentState& previous);
    void onResult(int cell, const StackRun& run);
    void paintCell(int cell);

    const core::Registry& m_registry;
    Document* m_document;
    std::shared_ptr<core::StackEvaluator> m_evaluator;
    int m_columns = 3;
    quint64 m_firstSeed = 0;
    std::vector<Cell> m_cells;

    QComboBox* m_gridSize;
    QLabel* m_info;
    QWidget* m_gridHost;
    QGridLayout* m_grid;
};

}  // namespace terrain::app
