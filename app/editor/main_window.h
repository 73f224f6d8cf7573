#pragma once
// The editor window. It only wires the parts together: the Document (state + undo), the
// GenerationController (worker thread), the parameter and view panels, the two views, the status
// bar, the file and export actions.
#include "app/document/document_state.h"
#include "app/generation/generation_controller.h"

#include "core/registry.h"
#include "core/stack/evaluator.h"

#include <QMainWindow>
#include <QPointer>

#include <memory>
#include <optional>

class QAction;
class QDockWidget;

namespace terrain::core {
class StackEvaluator;
}

namespace terrain::render {
class PreviewWidget;
class TerrainView;
}  // namespace terrain::render

namespace terrain::app {

class CentralViews;
class CompareWindow;
class Document;
class DocumentFiles;
class ExportActions;
class ImportActions;
class ParameterPanel;
class ScreenTiming;
class Prompts;
class SeedVariationsWindow;
class ReliefWindow;
class StackPanel;
class LayoutPanel;
class StatusPanel;
class ViewControls;
class WorldWindow;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Window geometry, dock and splitter state from QSettings; saved again on close.
    void restoreLayout();

    // The editor as a designer first meets it: a new, unmodified document on the built-in preset
    // `id` (its world included), no undo step. terrain-editor starts on kStartPreset when it is
    // given no file; tests start on the plain default document unless they call this.
    static constexpr const char* kStartPreset = "eroded-hills";
    void startOnPreset(const std::string& id);

    // Replaces the dialogs (tests inject a recorder). Not owned; must outlive its use.
    void setPrompts(Prompts* prompts);
    Prompts* prompts() const { return m_prompts; }

    const core::Registry& registry() const { return m_registry; }
    // The one stack evaluator (per-stage cache) of the editor, the compare window and the seed
    // grid: panels and thumbnails with a common prefix share its stages.
    core::StackEvaluator& evaluator() const { return *m_evaluator; }
    StackPanel* stackPanel() const { return m_stack; }
    LayoutPanel* layoutPanel() const { return m_layout; }
    // The request for the document as the views should show it (whole stack, or up to the
    // stage the stack panel chose).
    GenerationRequest currentRequest(bool force = false) const;
    Document* document() const { return m_document; }
    GenerationController* controller() const { return m_controller; }
    ParameterPanel* parameterPanel() const { return m_parameters; }
    ViewControls* viewControls() const { return m_viewControls; }
    render::PreviewWidget* preview() const;
    render::TerrainView* terrainView() const;
    CentralViews* centralViews() const { return m_views; }
    StatusPanel* statusPanel() const { return m_status; }
    DocumentFiles* files() const { return m_files; }
    ExportActions* exports() const { return m_exports; }
    ImportActions* imports() const { return m_imports; }
    ScreenTiming* screenTiming() const { return m_screenTiming; }
    // The result on screen (coarse or full), if any.
    const std::optional<GenerationResult>& shownResult() const { return m_shown; }
    // True when the full map of the document's current recipe and preview style is on screen
    // (a request for the same state may still be queued).
    bool isUpToDate() const;

    void regenerate();  // F5: generate again even if the map is known
    // View ▸ Compare Algorithms and Terrain ▸ Seed Variations: open (or raise) the window.
    CompareWindow* openCompareWindow();
    // View ▸ World View: the document's recipe as a world (world_window.h).
    WorldWindow* openWorldWindow();
    SeedVariationsWindow* openSeedVariations();
    // Terrain ▸ Measure Relief: the relief measures of the terrain on screen (relief_window.h).
    ReliefWindow* openReliefWindow();

signals:
    // A full (not coarse) result reached both views.
    void fullResultShown(quint64 request);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createDocks();
    void createActions();
    void createMenusAndToolBar();
    void connectParts();
    void onStateChanged(const DocumentState& previous);
    void applyViewToTerrain(const ViewSettings& view);
    void onResult(const GenerationResult& result);
    void submitCurrent();
    void loadPreset(const std::string& id);
    void updateTitle();
    void saveLayout();

    core::Registry m_registry;
    // One evaluator for the editor, the compare window and the seed grid: shared so
    // those windows' running jobs keep it alive while MainWindow is destroyed.
    std::shared_ptr<core::StackEvaluator> m_evaluator;
    std::unique_ptr<Prompts> m_dialogPrompts;
    Prompts* m_prompts;

    Document* m_document;
    GenerationController* m_controller;
    CentralViews* m_views;
    ParameterPanel* m_parameters;
    StackPanel* m_stack;
    ViewControls* m_viewControls;
    StatusPanel* m_status;
    DocumentFiles* m_files;
    ExportActions* m_exports;
    ImportActions* m_imports;
    ScreenTiming* m_screenTiming;
    QDockWidget* m_parameterDock = nullptr;
    QDockWidget* m_stackDock = nullptr;
    QDockWidget* m_viewDock = nullptr;
    LayoutPanel* m_layout = nullptr;
    QDockWidget* m_layoutDock = nullptr;

    std::optional<GenerationResult> m_shown;
    std::shared_ptr<const core::Heightmap> m_fullMap;  // last full map (for export)
    core::Recipe m_fullRecipe;
    bool m_persistLayout = false;
    QPointer<CompareWindow> m_compareWindow;
    QPointer<WorldWindow> m_worldWindow;
    QPointer<SeedVariationsWindow> m_seedVariations;
    QPointer<ReliefWindow> m_reliefWindow;

    struct Actions {
        QAction* newDocument = nullptr;
        QAction* open = nullptr;
        QAction* save = nullptr;
        QAction* saveAs = nullptr;
        QAction* exportHeightmap = nullptr;
        QAction* exportRecipe = nullptr;
        QAction* exportTerrainView = nullptr;
        QAction* exportPreview = nullptr;
        QAction* quit = nullptr;
        QAction* undo = nullptr;
        QAction* redo = nullptr;
        QAction* newSeed = nullptr;
        QAction* regenerate = nullptr;
        QAction* cancel = nullptr;
        QAction* frame = nullptr;
        QAction* resetCamera = nullptr;
        QAction* fitPreview = nullptr;
        QAction* actualSize = nullptr;
        QAction* layoutBoth = nullptr;
        QAction* layoutPreview = nullptr;
        QAction* layoutTerrain = nullptr;
        QAction* about = nullptr;
        QAction* userGuide = nullptr;
        QAction* shortcutList = nullptr;
        QAction* compare = nullptr;
        QAction* worldView = nullptr;
        QAction* seedVariations = nullptr;
        QAction* measureRelief = nullptr;
    } m_actions;
};

}  // namespace terrain::app
