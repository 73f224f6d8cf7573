#pragma once
// View ▸ Compare Algorithms: 2 to 4 panels side by side, each with its own recipe, sharing seed
// and detail by default; linked 2-D pan/zoom and linked 3-D cameras (each link can be turned
// off); one colour map and a common height mapping (one min/max over all panels) or a per-panel
// one; with two panels a third column shows A − B on a diverging colour map or a swipe view.
//
// Each panel evaluates its whole recipe (base generator and operations) on its own StackRunner
// through one StackEvaluator shared with the editor, so panels with a common prefix share
// cached stages (latest request wins). When every panel
// holds the map for its latest request, one CompareAnalyzer job renders the images in the chosen
// mapping, computes the numbers and the difference off the GUI thread; a job whose maps are no
// longer current when it returns is dropped, so nothing stale is shown.
#include "app/compare/compare_analysis.h"

#include "core/recipe.h"
#include "render/colormap.h"

#include <QMainWindow>

#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;
class QSplitter;
class QStackedWidget;

namespace terrain::core {
class Registry;
class StackEvaluator;
}  // namespace terrain::core

namespace terrain::render {
class PreviewWidget;
class TerrainView;
}  // namespace terrain::render

namespace terrain::app {

class ComparePanel;
class CompareSwipeView;
class Document;
class SeedSpinBox;

class CompareWindow : public QMainWindow {
    Q_OBJECT

public:
    static constexpr int kMinPanels = 2;
    static constexpr int kMaxPanels = 4;

    // `document` (may be null) gives the panels' starting stack, their world and "From
    // document" / "Use in document". `evaluator` (null: the window makes its own) is shared
    // with the editor; it must use `registry`.
    CompareWindow(const core::Registry& registry, Document* document,
                  std::shared_ptr<core::StackEvaluator> evaluator = nullptr,
                  QWidget* parent = nullptr);
    ~CompareWindow() override;

    int panelCount() const { return int(m_panels.size()); }
    void setPanelCount(int count);  // clamped to [kMinPanels, kMaxPanels]
    ComparePanel* panel(int index) const { return m_panels.at(std::size_t(index)); }
    // Sets a panel's recipe (its whole stack); a panel that shares seed and detail keeps the
    // shared ones.
    void setPanelRecipe(int index, const core::Recipe& recipe);
    // Puts panel `index`'s recipe into the document as one undo step, keeping the world's
    // extent (withRecipe). What "Use in document" does.
    void useInDocument(int index);
    const std::shared_ptr<core::StackEvaluator>& evaluator() const { return m_evaluator; }

    quint64 sharedSeed() const { return m_sharedSeed; }
    int sharedDetail() const { return m_sharedDetail; }
    void setSharedSeed(quint64 seed);
    void setSharedDetail(int detail);

    bool viewsLinked() const;
    void setViewsLinked(bool linked);
    bool camerasLinked() const;
    void setCamerasLinked(bool linked);
    bool commonMapping() const;
    void setCommonMapping(bool common);
    render::PreviewStyle previewStyle() const;
    void setColorMap(render::ColorMap colorMap);
    void setHillshade(bool on);

    enum class PairView { Difference, Swipe };
    void setPairView(PairView view);
    PairView pairView() const;
    // What A − B subtracts: metres by default.
    void setDifferenceUnit(DifferenceUnit unit);
    DifferenceUnit differenceUnit() const;

    render::PreviewWidget* differenceView() const { return m_differenceView; }
    CompareSwipeView* swipeView() const { return m_swipeView; }
    QWidget* pairColumn() const { return m_pairColumn; }

    // The analysis on screen, if any.
    const std::optional<CompareOutput>& shownAnalysis() const { return m_shown; }
    // Every panel shows the analysis of the map of its current recipe, in the current settings.
    bool isUpToDate() const;

signals:
    void analysisShown();

private:
    void buildControls();
    core::Recipe presetRecipe(int index) const;
    core::Recipe withShared(const ComparePanel* panel, core::Recipe recipe) const;
    void addPanel();
    void onPanelEdited(ComparePanel* panel, const core::Recipe& recipe);
    void applySharedToPanels();
    void scheduleAnalysis();
    void onAnalysisReady(const CompareOutput& output);
    bool matchesPanels(const CompareOutput& output) const;
    void syncViewsFrom(render::PreviewWidget* source);
    void syncCamerasFrom(render::TerrainView* source);
    std::vector<render::PreviewWidget*> linkedPreviews() const;
    void updatePairColumn();
    core::WorldUnits worldUnitsFor(const core::Recipe& recipe) const;

    const core::Registry& m_registry;
    Document* m_document;
    std::shared_ptr<core::StackEvaluator> m_evaluator;
    std::vector<ComparePanel*> m_panels;
    CompareAnalyzer m_analyzer;
    std::optional<CompareOutput> m_shown;
    quint64 m_sharedSeed = 1;
    int m_sharedDetail = 9;
    bool m_syncingViews = false;
    bool m_syncingCameras = false;

    QSpinBox* m_panelCount = nullptr;
    SeedSpinBox* m_seed = nullptr;
    QSpinBox* m_detail = nullptr;
    QCheckBox* m_linkViews = nullptr;
    QCheckBox* m_linkCameras = nullptr;
    QCheckBox* m_commonMapping = nullptr;
    QComboBox* m_colorMap = nullptr;
    QCheckBox* m_hillshade = nullptr;
    QComboBox* m_pairMode = nullptr;
    QComboBox* m_differenceUnit = nullptr;

    QSplitter* m_columns = nullptr;
    QWidget* m_pairColumn = nullptr;
    QStackedWidget* m_pairStack = nullptr;
    render::PreviewWidget* m_differenceView = nullptr;
    CompareSwipeView* m_swipeView = nullptr;
    QLabel* m_pairNumbers = nullptr;
};

}  // namespace terrain::app
