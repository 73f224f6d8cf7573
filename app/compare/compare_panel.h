#pragma once
// One column of the compare window: its own recipe, a whole stack (the base generator edited in
// place with a ParameterPanel, the operations after it listed), its own StackRunner on the
// window's shared evaluator (latest request wins), a 2-D preview, a 3-D view and the numbers
// under them. The panel only shows what the window's analysis gives it for the panel's current
// map, so a picture and its numbers always belong to the recipe shown above them.
#include "app/compare/compare_analysis.h"
#include "app/compare/compare_runner.h"

#include "core/recipe.h"

#include <QFrame>

#include <functional>
#include <memory>
#include <optional>

class QCheckBox;
class QLabel;
class QScrollArea;
class QToolButton;

namespace terrain::core {
class Registry;
class StackEvaluator;
}  // namespace terrain::core

namespace terrain::render {
class PreviewWidget;
class TerrainView;
}  // namespace terrain::render

namespace terrain::app {

class CompareHistogram;
class ParameterPanel;

class ComparePanel : public QFrame {
    Q_OBJECT

public:
    // The world a recipe is evaluated in (the document's, at the recipe's detail).
    using WorldFor = std::function<core::WorldUnits(const core::Recipe&)>;
    ComparePanel(const core::Registry& registry, std::shared_ptr<core::StackEvaluator> evaluator,
                 WorldFor worldFor, const QString& name, QWidget* parent = nullptr);

    QString name() const { return m_name; }

    // The recipe this panel evaluates, its whole stack (with the shared seed and detail already
    // applied by the window when the panel shares them). Evaluates again when it or its world
    // changes.
    void setRecipe(const core::Recipe& recipe);
    void refreshWorld();  // the document's world changed
    const core::Recipe& recipe() const { return m_recipe; }

    // True (the default) when the panel follows the window's seed and detail.
    bool sharesSeedAndDetail() const;
    void setSharesSeedAndDetail(bool shared);

    // The latest result for the current recipe, if it has arrived.
    const std::optional<StackRun>& current() const { return m_current; }
    // The current result answers the latest request (nothing newer is queued or running).
    bool isCurrent() const;
    double generateMs() const { return m_generateMs; }

    // Shows an analysis made from current(); the window checks it is not stale.
    void showAnalysis(const ComparePanelOutput& output, render::ColorMap colorMap);
    void setDocumentAvailable(bool available);

    StackRunner* runner() const { return m_runner; }
    ParameterPanel* parameters() const { return m_parameters; }
    render::PreviewWidget* preview() const { return m_preview; }
    render::TerrainView* terrainView() const { return m_terrainView; }
    QCheckBox* shareCheck() const { return m_share; }
    QToolButton* editToggle() const { return m_editToggle; }
    QToolButton* useInDocumentButton() const { return m_useInDocument; }
    // A menu with one check per entry of the panel's stack: unchecked entries are off in this
    // panel only (compare "with erosion" against "without").
    QToolButton* entriesButton() const { return m_entries; }
    QLabel* stackLabel() const { return m_stack; }
    QLabel* statsLabel() const { return m_stats; }
    CompareHistogram* histogram() const { return m_histogram; }

    // One line each for walkable, Hurst and crease: the numbers' tooltip.
    static QString statsHelp();
    static QString statsText(const core::TerrainStats& stats);
    static QString recipeSummary(const core::Registry& registry, const core::Recipe& recipe);
    // The stack in one line: "Diamond-square + Clamp + Midpoint displacement (add 0.3)".
    static QString stackSummary(const core::Registry& registry, const core::Recipe& recipe);

signals:
    // A user edit in the panel's parameter editor (the window applies the shared seed/detail).
    void recipeEdited(const terrain::core::Recipe& recipe);
    void shareToggled(bool shared);
    void fromDocumentRequested();
    // "Use in document": the window puts this panel's recipe into the document.
    void useInDocumentRequested();
    // current() changed: a new full map for the latest request arrived.
    void resultChanged();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void onResult(const StackRun& run);
    void submit();
    void updateSummary();

    const core::Registry& m_registry;
    QString m_name;
    WorldFor m_worldFor;
    core::Recipe m_recipe;
    core::WorldUnits m_units;
    StackRunner* m_runner;
    std::optional<StackRun> m_current;
    double m_generateMs = 0.0;

    QLabel* m_summary;
    QLabel* m_stack;
    QCheckBox* m_share;
    QToolButton* m_fromDocument;
    QToolButton* m_editToggle;
    QToolButton* m_useInDocument;
    QToolButton* m_entries;
    QScrollArea* m_editorScroll;
    ParameterPanel* m_parameters;
    render::PreviewWidget* m_preview;
    render::TerrainView* m_terrainView;
    QLabel* m_stats;
    CompareHistogram* m_histogram;
};

}  // namespace terrain::app
