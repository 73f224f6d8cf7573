#pragma once
// One column of the compare window: its own recipe (edited in place with a ParameterPanel), its
// own generation controller (latest request wins), a 2-D preview, a 3-D view and the numbers
// under them. The panel only shows what the window's analysis gives it for the panel's current
// map, so a picture and its numbers always belong to the recipe shown above them.
#include "compare_analysis.h"
#include "generation_controller.h"

#include "core/recipe.h"

#include <QFrame>

#include <optional>

class QCheckBox;
class QLabel;
class QScrollArea;
class QToolButton;

namespace terrain::core {
class Registry;
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
    ComparePanel(const core::Registry& registry, const QString& name, QWidget* parent = nullptr);

    QString name() const { return m_name; }

    // The recipe this panel generates (with the shared seed and detail already applied by the
    // window when the panel shares them). Regenerates when it changes.
    void setRecipe(const core::Recipe& recipe);
    const core::Recipe& recipe() const { return m_recipe; }

    // True (the default) when the panel follows the window's seed and detail.
    bool sharesSeedAndDetail() const;
    void setSharesSeedAndDetail(bool shared);

    // The latest full result for the current recipe, if it has arrived.
    const std::optional<GenerationResult>& current() const { return m_current; }
    // The current result answers the latest request (nothing newer is queued or running).
    bool isCurrent() const;
    double generateMs() const { return m_generateMs; }

    // Shows an analysis made from current(); the window checks it is not stale.
    void showAnalysis(const ComparePanelOutput& output, render::ColorMap colorMap);
    void setDocumentAvailable(bool available);

    GenerationController* controller() const { return m_controller; }
    ParameterPanel* parameters() const { return m_parameters; }
    render::PreviewWidget* preview() const { return m_preview; }
    render::TerrainView* terrainView() const { return m_terrainView; }
    QCheckBox* shareCheck() const { return m_share; }
    QToolButton* editToggle() const { return m_editToggle; }
    QLabel* statsLabel() const { return m_stats; }
    CompareHistogram* histogram() const { return m_histogram; }

    // One line each for walkable, Hurst and crease: the numbers' tooltip.
    static QString statsHelp();
    static QString statsText(const core::TerrainStats& stats);
    static QString recipeSummary(const core::Registry& registry, const core::Recipe& recipe);

signals:
    // A user edit in the panel's parameter editor (the window applies the shared seed/detail).
    void recipeEdited(const terrain::core::Recipe& recipe);
    void shareToggled(bool shared);
    void fromDocumentRequested();
    // current() changed: a new full map for the latest request arrived.
    void resultChanged();

private:
    void onResult(const GenerationResult& result);
    void updateSummary();

    const core::Registry& m_registry;
    QString m_name;
    core::Recipe m_recipe;
    GenerationController* m_controller;
    std::optional<GenerationResult> m_current;
    double m_generateMs = 0.0;

    QLabel* m_summary;
    QCheckBox* m_share;
    QToolButton* m_fromDocument;
    QToolButton* m_editToggle;
    QScrollArea* m_editorScroll;
    ParameterPanel* m_parameters;
    render::PreviewWidget* m_preview;
    render::TerrainView* m_terrainView;
    QLabel* m_stats;
    CompareHistogram* m_histogram;
};

}  // namespace terrain::app
