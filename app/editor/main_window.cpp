#include "app/editor/main_window.h"

#include "app/editor/central_views.h"
#include "app/compare/compare_window.h"
#include "app/world/world_window.h"
#include "app/document/document.h"
#include "app/document/document_files.h"
#include "app/export/export_actions.h"
#include "app/editor/help_windows.h"
#include "app/import/import_actions.h"
#include "app/stack/parameter_panel.h"
#include "app/editor/prompts.h"
#include "app/editor/screen_timing.h"
#include "app/editor/relief_window.h"
#include "app/compare/seed_variations.h"
#include "app/editor/shortcut_router.h"
#include "app/stack/stack_panel.h"
#include "app/editor/status_panel.h"
#include "app/editor/view_controls.h"

#include "core/stack/evaluator.h"
#include "core/stack/recipe_presets.h"
#include "app/layout/layout_panel.h"
#include "render/preview_widget.h"
#include "render/terrain_view.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QMessageBox>
#include <QEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStatusBar>
#include <QThreadPool>

namespace terrain::app {

namespace {

// A panel that scrolls vertically only: it is never narrower than its content's minimum (so a
// long parameter list gets a vertical scroll bar, never a horizontal one under cut-off rows),
// and follows that minimum when the rows are rebuilt for another algorithm.
class VerticalScrollArea : public QScrollArea {
public:
    explicit VerticalScrollArea(QWidget* content) {
        setWidget(content);
        setWidgetResizable(true);
        setFrameShape(QFrame::NoFrame);
        setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        content->installEventFilter(this);
    }
    QSize minimumSizeHint() const override {
        const int width = widget()->minimumSizeHint().width() + verticalScrollBar()->sizeHint().width() +
                          2 * frameWidth();
        return {width, QScrollArea::minimumSizeHint().height()};
    }
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched == widget() && event->type() == QEvent::LayoutRequest) updateGeometry();
        return QScrollArea::eventFilter(watched, event);
    }
};

QDockWidget* makeDock(const QString& title, const QString& name, QWidget* content,
                      QWidget* parent) {
    auto* scroll = new VerticalScrollArea(content);
    auto* dock = new QDockWidget(title, parent);
    dock->setObjectName(name);
    dock->setWidget(scroll);
    dock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    return dock;
}

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      m_registry(core::makeBuiltinRegistry()),
      m_evaluator(std::make_shared<core::StackEvaluator>(m_registry)),
      m_dialogPrompts(std::make_unique<DialogPrompts>(this)),
      m_prompts(m_dialogPrompts.get()),
      m_document(new Document(defaultDocumentState(m_registry), this)),
      m_controller(new GenerationController(*m_evaluator, this)),
      m_views(new CentralViews(this)),
      m_parameters(new ParameterPanel(m_registry)),
      m_stack(new StackPanel(m_registry)),
      m_viewControls(new ViewControls),
      m_status(new StatusPanel(statusBar())),
      m_files(new DocumentFiles(m_registry, m_document, m_prompts, this)),
      m_exports(new ExportActions(
          m_registry, m_prompts, this,
          [this] {
              ExportActions::Source source;
              source.recipe = m_document->state().recipe;
              source.world = m_document->state().world();
              source.documentPath = m_document->filePath();
              if (m_fullMap && m_fullRecipe == source.recipe) source.map = m_fullMap;
              return source;
          },
          m_views->preview(), m_views->terrainView(), this)),
      m_imports(new ImportActions(m_registry, m_document, m_prompts, this, this)),
      m_screenTiming(new ScreenTiming(m_views->preview(), m_views->terrainView(), this)) {
    setCentralWidget(m_views);
    new ShortcutRouter(this);
    createDocks();
    createActions();
    createMenusAndToolBar();
    connectParts();
    resize(1400, 860);

    // Show the starting document and generate it.
    m_parameters->setRecipe(m_document->state().recipe);
    m_stack->setRecipe(m_document->state().recipe);
    m_layout->setRecipe(m_document->state().recipe);
    m_viewControls->setView(m_document->state().view);
    m_viewControls->setSeaLevel(m_document->state().recipe.world.seaLevelMetres,
                                m_document->state().recipe.world.loMetres, m_document->state().recipe.world.hiMetres);
    applyViewToTerrain(m_document->state().view);
    submitCurrent();
    updateTitle();
}

MainWindow::~MainWindow() {
    // Children die after this body, when this object is a mere QWidget: the document's undo
    // stack then emits cleanChanged, and a connection into MainWindow would call a slot on a
    // destroyed MainWindow (UBSan's vptr check found it). Nothing may listen to it any more.
    m_document->disconnect();
    // The worker thread and export jobs read m_registry, which dies before the child objects:
    // stop them first.
    delete m_controller;
    m_controller = nullptr;
    // The compare and seed windows run on the shared evaluator, which dies with this object;
    // the world view's worker reads m_registry (closing the editor while it computed tiles was a
    // use-after-free, found by ASan in WorldViewShowsTheRegionInViewIn3d).
    delete m_compareWindow;
    delete m_seedVariations;
    delete m_reliefWindow;
    delete m_worldWindow;
    QThreadPool::globalInstance()->waitForDone();
}

render::PreviewWidget* MainWindow::preview() const { return m_views->preview(); }

render::TerrainView* MainWindow::terrainView() const { return m_views->terrainView(); }

void MainWindow::setPrompts(Prompts* prompts) {
    m_prompts = prompts ? prompts : m_dialogPrompts.get();
    m_files->setPrompts(m_prompts);
    m_exports->setPrompts(m_prompts);
    m_imports->setPrompts(m_prompts);
}

GenerationRequest MainWindow::currentRequest(bool force) const {
    const DocumentState& state = m_document->state();
    GenerationRequest request;
    request.recipe = m_layout->viewRecipe(state.recipe);  // solo is the views' alone
    request.world = core::worldUnits(state.recipe);
    request.style = state.view.previewStyle();
    request.upTo = m_stack->shownStage();
    request.force = force;
    return request;
}

void MainWindow::submitCurrent() {
    m_screenTiming->changeMade();
    m_controller->submit(currentRequest());
}

bool MainWindow::isUpToDate() const {
    const DocumentState& state = m_document->state();
    return m_shown && !m_shown->coarse && m_shown->recipe == m_layout->viewRecipe(state.recipe) &&
           m_shown->upTo == m_stack->shownStage() &&
           m_shown->style.colorMap == state.view.colorMap &&
           m_shown->style.hillshade == state.view.hillshade &&
           m_shown->style.lightAzimuth_deg == state.view.lightAzimuth_deg &&
           m_shown->style.lightElevation_deg == state.view.lightElevation_deg &&
           m_shown->style.overlay == state.view.overlay;
}

void MainWindow::regenerate() {
    m_screenTiming->changeMade();
    m_controller->submit(currentRequest(true));
}

void MainWindow::createDocks() {
    m_stackDock = new QDockWidget(tr("Stack"), this);
    m_stackDock->setObjectName(QStringLiteral("stackDock"));
    m_stackDock->setWidget(m_stack);
    m_stackDock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    m_parameterDock = makeDock(tr("Terrain"), QStringLiteral("terrainDock"), m_parameters, this);
    m_viewDock = makeDock(tr("View"), QStringLiteral("viewDock"), m_viewControls, this);
    addDockWidget(Qt::LeftDockWidgetArea, m_stackDock);
    addDockWidget(Qt::LeftDockWidgetArea, m_parameterDock);
    addDockWidget(Qt::LeftDockWidgetArea, m_viewDock);
    m_parameterDock->setMinimumWidth(340);
    // Drawing on the 2-D preview: a tab beside the view settings.
    m_layout = new LayoutPanel(m_registry, m_views->preview(), this);
    m_layout->setImageChooser([this](const QString& title, const QString& filter) {
        return m_prompts->askOpenPath(title, QString(), filter);
    });
    m_layoutDock = makeDock(tr("Layout"), QStringLiteral("layoutDock"), m_layout, this);
    tabifyDockWidget(m_viewDock, m_layoutDock);
    m_viewDock->raise();
}

void MainWindow::connectParts() {
    const Actions& a = m_actions;
    connect(m_files, &DocumentFiles::notice, this,
            [this](const QString& text) { m_status->showMessage(text, 20000); });
    connect(a.newDocument, &QAction::triggered, m_files, &DocumentFiles::newDocument);
    connect(a.open, &QAction::triggered, m_files, &DocumentFiles::open);
    connect(a.save, &QAction::triggered, m_files, &DocumentFiles::save);
    connect(a.saveAs, &QAction::triggered, m_files, &DocumentFiles::saveAs);
    connect(a.exportRecipe, &QAction::triggered, m_files, &DocumentFiles::exportRecipe);
    setAcceptDrops(true);
    installEventFilter(m_files);
    connect(m_files, &DocumentFiles::importRequested, m_imports, &ImportActions::importFile);
    connect(m_imports, &ImportActions::statusMessage, this, [this](const QString& text) { m_status->showMessage(text, 20000); });
    addAction(m_imports->action());  // its shortcut works with the menus hidden
    connect(a.exportHeightmap, &QAction::triggered, m_exports, &ExportActions::exportHeightmap);
    connect(a.exportTerrainView, &QAction::triggered, m_exports,
            &ExportActions::exportTerrainView);
    connect(a.exportPreview, &QAction::triggered, m_exports, &ExportActions::exportPreview);
    connect(a.quit, &QAction::triggered, this, &QWidget::close);
    connect(a.newSeed, &QAction::triggered, m_parameters, &ParameterPanel::newSeed);
    connect(a.regenerate, &QAction::triggered, this, &MainWindow::regenerate);
    connect(a.cancel, &QAction::triggered, m_controller, &GenerationController::cancel);
    connect(a.frame, &QAction::triggered, terrainView(), &render::TerrainView::frameTerrain);
    connect(a.resetCamera, &QAction::triggered, terrainView(), &render::TerrainView::resetCamera);
    connect(a.fitPreview, &QAction::triggered, preview(), &render::PreviewWidget::fitToWindow);
    connect(a.actualSize, &QAction::triggered, preview(), [this] { preview()->setZoom(1.0); });
    connect(a.layoutBoth, &QAction::triggered, this,
            [this] { m_views->setViewLayout(CentralViews::Layout::Both); });
    connect(a.layoutPreview, &QAction::triggered, this,
            [this] { m_views->setViewLayout(CentralViews::Layout::PreviewOnly); });
    connect(a.layoutTerrain, &QAction::triggered, this,
            [this] { m_views->setViewLayout(CentralViews::Layout::TerrainOnly); });
    connect(a.compare, &QAction::triggered, this, &MainWindow::openCompareWindow);
    connect(a.worldView, &QAction::triggered, this, &MainWindow::openWorldWindow);
    connect(a.seedVariations, &QAction::triggered, this, &MainWindow::openSeedVariations);
    connect(a.measureRelief, &QAction::triggered, this, &MainWindow::openReliefWindow);
    connect(a.userGuide, &QAction::triggered, this, [this] { showUserGuide(this); });
    connect(a.shortcutList, &QAction::triggered, this,
            [this] { showShortcutList(this, actions()); });
    connect(a.about, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About Terrain Editor"),
                           tr("<b>Terrain Editor</b> %1<br>Fractal heightmaps: diamond-square "
                              "and midpoint displacement, previewed in 2-D and 3-D.")
                               .arg(QStringLiteral(TERRAIN_VERSION)));
    });

    // Edits flow panel -> document (undoable) -> stateChanged -> panels, views, generation.
    connect(m_parameters, &ParameterPanel::recipeEdited, this,
            [this](const core::Recipe& recipe, const QString& text, const QString& mergeKey) {
                m_document->edit(withRecipe(m_document->state(), recipe, m_registry), text,
                                 mergeKey);
            });
    connect(m_stack, &StackPanel::recipeEdited, this, [this](const core::Recipe& recipe, const QString& text) {
        m_document->edit(withRecipe(m_document->state(), recipe, m_registry), text);
    });
    connect(m_stack, &StackPanel::selectionChanged, m_parameters, &ParameterPanel::setSelection);
    connect(m_stack, &StackPanel::selectionChanged, m_layout, &LayoutPanel::setStackSelection);
    connect(m_layout, &LayoutPanel::recipeEdited, this,
            [this](const core::Recipe& recipe, const QString& text, const QString& mergeKey) {
                m_document->edit(withRecipe(m_document->state(), recipe, m_registry), text, mergeKey);
            });
    connect(m_layout, &LayoutPanel::message, this, [this](const QString& text) { m_status->showMessage(text); });
    connect(m_layout, &LayoutPanel::drapeChanged, terrainView(), &render::TerrainView::setDrape);
    connect(m_layout, &LayoutPanel::viewChanged, this, &MainWindow::submitCurrent);
    connect(m_controller, &GenerationController::roadsReady, m_layout, &LayoutPanel::setRoads);
    connect(m_stack, &StackPanel::shownStageChanged, this, [this] {
        if (!isUpToDate()) submitCurrent();
    });
    connect(m_viewControls, &ViewControls::viewEdited, this,
            [this](const ViewSettings& view) { m_document->setView(view); });
    connect(m_viewControls, &ViewControls::seaLevelEdited, this, [this](double metres, const QString& drag) {
        DocumentState next = m_document->state();
        next.recipe.world.seaLevelMetres = metres;
        m_document->edit(next, tr("Change Sea Level"), drag.isEmpty() ? QString() : QStringLiteral("sea") + drag);
    });
    connect(m_document, &Document::stateChanged, this, &MainWindow::onStateChanged);
    connect(m_document, &Document::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::filePathChanged, this, &MainWindow::updateTitle);

    connect(m_controller, &GenerationController::resultReady, this, &MainWindow::onResult);
    connect(m_screenTiming, &ScreenTiming::shown, m_status, &StatusPanel::showScreenTime);
    connect(m_controller, &GenerationController::progressChanged, m_status,
            &StatusPanel::setProgress);
    connect(m_controller, &GenerationController::stageChanged, m_status, &StatusPanel::showStage);
    connect(m_controller, &GenerationController::entryProgress, m_stack, &StackPanel::showProgress);
    connect(m_stack, &StackPanel::liveUpdatesChanged, this, [this](bool on) {
        if (on && !isUpToDate()) submitCurrent();
    });
    connect(m_controller, &GenerationController::busyChanged, this, [this](bool busy) {
        m_status->setBusy(busy);
        if (!busy) m_stack->showProgress({}, 0.0f, -1.0);
        m_actions.cancel->setEnabled(busy);
    });
    connect(m_controller, &GenerationController::failed, this, [this](const QString& message) {
        m_prompts->showError(tr("Generation failed"), message);
    });
    // On the entry, not in a box: the views keep the last good map until the value is fixed.
    connect(m_controller, &GenerationController::stageFailed, m_stack, &StackPanel::setError);
    connect(m_controller, &GenerationController::cancelled, this, [this] {
        m_status->showMessage(tr("Generation cancelled; press F5 to generate again."));
    });
    connect(m_status, &StatusPanel::cancelRequested, m_controller, &GenerationController::cancel);
    connect(preview(), &render::PreviewWidget::hovered, m_status, &StatusPanel::showHover);
    connect(preview(), &render::PreviewWidget::hoverLeft, m_status, &StatusPanel::clearHover);
    // The export dialog edits the document's world size: one undo step.
    connect(m_exports, &ExportActions::worldSizeChosen, this, [this](const WorldSize& world) {
        // The terrain keeps its shape in the new world: its metre parameters scale with it.
        try {
            m_document->edit(withWorld(m_document->state(), world, m_registry, "world size"),
                             tr("Change World Size"));
        } catch (const core::InputError& e) {
            m_prompts->showError(tr("World size"), QString::fromStdString(e.what()));
        }
    });
    connect(m_exports, &ExportActions::statusMessage, this,
            [this](const QString& message) { m_status->showMessage(message); });
}

void MainWindow::onStateChanged(const DocumentState& previous) {
    const DocumentState& state = m_document->state();
    m_stack->setRecipe(state.recipe);
    m_layout->setRecipe(state.recipe);
    m_parameters->setRecipe(state.recipe);
    m_parameters->setSelection(m_stack->selectedId());
    m_viewControls->setMasks(core::masksBefore(m_registry, state.recipe, state.recipe.operations.size() + 1));
    m_viewControls->setView(state.view);
    m_viewControls->setSeaLevel(state.recipe.world.seaLevelMetres, state.recipe.world.loMetres,
                                state.recipe.world.hiMetres);
    applyViewToTerrain(state.view);
    const render::PreviewStyle before = previous.view.previewStyle();
    const render::PreviewStyle after = state.view.previewStyle();
    const bool styleChanged = before.colorMap != after.colorMap ||
                              before.hillshade != after.hillshade ||
                              before.lightAzimuth_deg != after.lightAzimuth_deg ||
                              before.lightElevation_deg != after.lightElevation_deg ||
                              before.overlay != after.overlay;
    if (!(previous.recipe == state.recipe) || styleChanged) {
        if (m_stack->liveUpdates()) {
            submitCurrent();
        } else {
            m_status->showMessage(tr("Live updates are paused: press F5 to generate, or resume them."));
        }
    }
}

void MainWindow::startOnPreset(const std::string& id) {
    DocumentState state = defaultDocumentState(m_registry);
    state.recipe = core::loadRecipePreset(m_registry, id);
    m_document->reset(state, QString());
}

void MainWindow::loadPreset(const std::string& id) {
    try {
        const core::Recipe recipe = core::loadRecipePreset(m_registry, id);
        QString name = QString::fromStdString(id);
        for (const core::RecipePreset& preset : core::builtinRecipePresets()) {
            if (preset.id == id) name = QString::fromStdString(preset.name);
        }
        // A preset is a whole terrain, its world included; World Size then moves it into another
        // world, keeping its shape.
        DocumentState next = m_document->state();
        next.recipe = recipe;
        m_document->edit(next, tr("Load Preset %1").arg(name));
    } catch (const std::exception& e) {
        m_prompts->showError(tr("Preset"), QString::fromStdString(e.what()));
    }
}

CompareWindow* MainWindow::openCompareWindow() {
    if (!m_compareWindow) {
        m_compareWindow = new CompareWindow(m_registry, m_document, m_evaluator, this);
        m_compareWindow->setAttribute(Qt::WA_DeleteOnClose);  // its workers stop when closed
    }
    m_compareWindow->show();
    m_compareWindow->raise();
    m_compareWindow->activateWindow();
    return m_compareWindow;
}

WorldWindow* MainWindow::openWorldWindow() {
    if (!m_worldWindow) {
        m_worldWindow = new WorldWindow(m_registry, this);
        m_worldWindow->setAttribute(Qt::WA_DeleteOnClose);  // its worker stops when closed
    }
    // The document's recipe over the document's extent, at detail 16 (65537²) or finer.
    const DocumentState& state = m_document->state();
    m_worldWindow->setStyle(state.view.previewStyle());  // the colours and hillshade of the 2-D preview
    m_worldWindow->showRecipe(state.recipe, core::worldUnits(state.recipe), std::max(16, state.recipe.detail));
    m_worldWindow->show();
    m_worldWindow->raise();
    m_worldWindow->activateWindow();
    return m_worldWindow;
}

SeedVariationsWindow* MainWindow::openSeedVariations() {
    if (!m_seedVariations) {
        m_seedVariations = new SeedVariationsWindow(m_registry, m_document, m_evaluator, this);
        m_seedVariations->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_seedVariations->show();
    m_seedVariations->raise();
    m_seedVariations->activateWindow();
    return m_seedVariations;
}

ReliefWindow* MainWindow::openReliefWindow() {
    if (!m_reliefWindow) {
        m_reliefWindow = new ReliefWindow(this);
        connect(m_controller, &GenerationController::resultReady, m_reliefWindow, &ReliefWindow::setTerrain);
        if (m_shown) m_reliefWindow->setTerrain(*m_shown);
    }
    m_reliefWindow->show();
    m_reliefWindow->raise();
    m_reliefWindow->activateWindow();
    return m_reliefWindow;
}

void MainWindow::applyViewToTerrain(const ViewSettings& view) {
    render::TerrainView* terrain = terrainView();
    terrain->setHeightScale(view.heightScale);
    terrain->setWireframe(view.wireframe);
    terrain->setWaterEnabled(view.water);
    const core::RecipeWorld& world = m_document->state().recipe.world;
    terrain->setWaterLevel(float((world.seaLevelMetres - world.loMetres) / (world.hiMetres - world.loMetres)));
    terrain->setLightDirection(view.lightAzimuth_deg, view.lightElevation_deg);
}

void MainWindow::onResult(const GenerationResult& result) {
    const core::WorldUnits units = core::worldUnits(m_document->state().recipe);
    m_views->showMapShape(result.map, result.world.lo, result.world.hi, units.loMetres,
                          units.hiMetres);
    preview()->setContent(result.map, result.image);
    if (terrainView()->heightmap() != result.map) {
        terrainView()->setHeightmap(result.map, core::MinMax{result.world.lo, result.world.hi});
    }
    if (!result.partial) terrainView()->setOverlay(result.overlay);
    m_shown = result;
    // The export takes the whole stack's map only.
    if (!result.coarse && result.lastStage == int(result.recipe.operations.size())) {
        m_fullMap = result.map;
        m_fullRecipe = result.recipe;
    }
    if (!result.coarse) m_stack->clearError();
    m_status->showResult(result, units);
    if (!result.coarse) {
        m_screenTiming->resultApplied(result.generateMs);
        emit fullResultShown(result.request);
    }
}

void MainWindow::updateTitle() {
    setWindowTitle(m_document->displayName() + QStringLiteral("[*] — Terrain Editor"));
    setWindowModified(m_document->isModified());
}

void MainWindow::restoreLayout() {
    m_persistLayout = true;
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    m_views->restoreState(settings.value(QStringLiteral("window/splitter")).toByteArray());
}

void MainWindow::saveLayout() {
    if (!m_persistLayout) return;
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    // The horizon chart takes the whole centre: keep the 2-D/3-D split of the last map instead.
    if (!m_views->showsLine()) {
        settings.setValue(QStringLiteral("window/splitter"), m_views->saveState());
    }
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!m_files->maybeSave()) {
        event->ignore();
        return;
    }
    saveLayout();
    event->accept();
}

}  // namespace terrain::app
