// MainWindow's actions (their texts, shortcuts and tips) and the menus and tool bar that show
// them. The rest of the window: main_window.cpp.
#include "app/editor/main_window.h"
#include "app/document/document.h"
#include "app/document/document_files.h"
#include "app/editor/undo_actions.h"
#include "app/import/import_actions.h"
#include "app/stack/stack_panel.h"
#include "core/stack/recipe_presets.h"

#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QIcon>
#include <QKeySequence>
#include <QMenu>
#include <QMenuBar>
#include <QToolBar>

namespace terrain::app {

void MainWindow::createActions() {
    auto make = [this](const QString& text, const QKeySequence& shortcut, const QString& tip) {
        auto* action = new QAction(text, this);
        if (!shortcut.isEmpty()) action->setShortcut(shortcut);
        action->setStatusTip(tip);
        action->setToolTip(shortcut.isEmpty()
                               ? tip
                               : tip + QStringLiteral(" (") +
                                     shortcut.toString(QKeySequence::NativeText) +
                                     QLatin1Char(')'));
        addAction(action);  // shortcuts work even when menus and toolbars are hidden
        return action;
    };
    Actions& a = m_actions;
    a.newDocument = make(tr("&New"), QKeySequence::New, tr("Start a new default terrain"));
    a.open = make(tr("&Open…"), QKeySequence::Open, tr("Open a terrain document"));
    a.save = make(tr("&Save"), QKeySequence::Save, tr("Save the terrain document"));
    a.saveAs = make(tr("Save &As…"), QKeySequence::SaveAs, tr("Save under a new name"));
    // Qt's generic X11 key theme (no desktop, e.g. Xvfb) binds nothing to SaveAs; the guide
    // promises Ctrl+Shift+S everywhere.
    if (!a.saveAs->shortcuts().contains(QKeySequence(tr("Ctrl+Shift+S")))) {
        a.saveAs->setShortcuts(a.saveAs->shortcuts() << QKeySequence(tr("Ctrl+Shift+S")));
        a.saveAs->setToolTip(tr("Save under a new name (%1)")
                                 .arg(QKeySequence(tr("Ctrl+Shift+S"))
                                          .toString(QKeySequence::NativeText)));
    }
    a.exportHeightmap = make(tr("&Export Heightmap…"), QKeySequence(tr("Ctrl+E")),
                             tr("Write the heightmap for a game engine: presets, world size, "
                                "formats, size and tiles"));
    a.exportRecipe = make(tr("Export &Recipe…"), {},
                          tr("Write the recipe (the whole terrain, its world included) for "
                             "terrain-cli generate --recipe and world init --recipe"));
    a.exportTerrainView = make(tr("Export 3-D View as &Image…"), {},
                               tr("Save the 3-D view as a picture"));
    a.exportPreview = make(tr("Export 2-D &Preview as Shown…"), {},
                           tr("Save the 2-D preview with its colour map"));
    a.quit = make(tr("&Quit"), QKeySequence::Quit, tr("Close the editor"));
    a.undo = makeUndoAction(m_document->undoStack(), this);
    a.redo = makeRedoAction(m_document->undoStack(), this);
    addAction(a.undo);
    addAction(a.redo);
    a.newSeed = make(tr("New &Seed"), QKeySequence(tr("Ctrl+R")), tr("Pick a random seed"));
    a.regenerate = make(tr("&Regenerate"), QKeySequence(Qt::Key_F5), tr("Generate the map again"));
    a.cancel = make(tr("&Cancel Generation"), QKeySequence(Qt::Key_Escape),
                    tr("Stop the running generation"));
    a.frame = make(tr("&Frame Terrain"), QKeySequence(Qt::Key_F),
                   tr("Fit the whole terrain into the 3-D view"));
    a.resetCamera = make(tr("Reset 3-D &Camera"), {}, tr("Look from the south-east again"));
    a.fitPreview = make(tr("Fit &Preview to Window"), QKeySequence(tr("Ctrl+0")),
                        tr("Show the whole map in the 2-D preview"));
    a.actualSize = make(tr("Preview at &100%"), QKeySequence(tr("Ctrl+1")),
                        tr("One map sample per screen pixel"));
    a.layoutBoth = make(tr("&Both Views"), QKeySequence(tr("Ctrl+Shift+1")),
                        tr("2-D preview and 3-D view side by side"));
    a.layoutPreview = make(tr("Maximise &2-D Preview"), QKeySequence(tr("Ctrl+Shift+2")),
                           tr("Show only the 2-D preview"));
    a.layoutTerrain = make(tr("Maximise &3-D View"), QKeySequence(tr("Ctrl+Shift+3")),
                           tr("Show only the 3-D view"));
    a.about = make(tr("&About"), {}, tr("About the terrain editor"));
    a.userGuide = make(tr("&User Guide"), QKeySequence::HelpContents,
                       tr("Read the user guide (bundled with the editor)"));
    a.shortcutList = make(tr("&Keyboard Shortcuts"), {},
                          tr("List every keyboard shortcut of the editor"));
    a.compare = make(tr("&Compare Algorithms…"), QKeySequence(tr("Ctrl+K")),
                     tr("Show 2 to 4 recipes side by side with their numbers"));
    a.worldView = make(tr("&World View…"), QKeySequence(tr("Ctrl+Shift+W")),
                       tr("Pan and zoom this recipe as a world up to 1048577 samples a side, tiles made on demand"));
    a.seedVariations = make(tr("Seed &Variations…"), {},
                            tr("Thumbnails of this recipe with the next seeds; click one to use it"));
    a.measureRelief = make(tr("&Measure Relief…"), {},
                           tr("How eroded the terrain on screen measures: closed depressions, slope-area law, "
                              "curvature, grid preference (as terrain-cli analyze)"));

    auto* layouts = new QActionGroup(this);
    for (QAction* action : {a.layoutBoth, a.layoutPreview, a.layoutTerrain}) {
        action->setCheckable(true);
        layouts->addAction(action);
    }
    a.layoutBoth->setChecked(true);
    a.cancel->setEnabled(false);
    // Document-level actions work from any window of the editor (compare, seed variations,
    // help), not only when the main window has focus; modal dialogs still block them.
    for (QAction* action : {a.newDocument, a.open, a.save, a.saveAs, a.exportHeightmap, a.quit,
                            a.undo, a.redo, a.newSeed, a.regenerate}) {
        action->setShortcutContext(Qt::ApplicationShortcut);
    }
}

void MainWindow::createMenusAndToolBar() {
    const Actions& a = m_actions;
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(a.newDocument);
    file->addAction(a.open);
    m_files->setRecentMenu(file->addMenu(tr("Open &Recent")));
    file->addAction(a.save);
    file->addAction(a.saveAs);
    file->addSeparator();
    file->addAction(m_imports->action());
    file->addSeparator();
    file->addAction(a.exportHeightmap);
    file->addAction(a.exportRecipe);
    file->addAction(a.exportTerrainView);
    file->addAction(a.exportPreview);
    file->addSeparator();
    file->addAction(a.quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(a.undo);
    edit->addAction(a.redo);

    QMenu* terrain = menuBar()->addMenu(tr("&Terrain"));
    terrain->addAction(a.newSeed);
    terrain->addAction(a.regenerate);
    terrain->addAction(m_stack->pauseAction());
    terrain->addAction(a.cancel);
    terrain->addAction(a.seedVariations);
    terrain->addAction(a.measureRelief);

    QMenu* presets = menuBar()->addMenu(tr("&Presets"));
    presets->setObjectName(QStringLiteral("presetsMenu"));
    presets->setToolTipsVisible(true);
    for (const core::RecipePreset& preset : core::builtinRecipePresets()) {
        // Its picture (resources/presets/ID.png, drawn by docs/tools/preset_pictures.sh).
        const QIcon picture(QStringLiteral(":/presets/%1.png").arg(QString::fromStdString(preset.id)));
        QAction* action = presets->addAction(picture, QString::fromStdString(preset.name));
        action->setIconVisibleInMenu(true);
        action->setToolTip(QString::fromStdString(preset.summary));
        action->setStatusTip(action->toolTip());
        action->setData(QString::fromStdString(preset.id));
        connect(action, &QAction::triggered, this, [this, id = preset.id] { loadPreset(id); });
    }

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(a.frame);
    view->addAction(a.resetCamera);
    view->addAction(a.fitPreview);
    view->addAction(a.actualSize);
    view->addAction(a.compare);
    view->addAction(a.worldView);
    view->addSeparator();
    view->addAction(a.layoutBoth);
    view->addAction(a.layoutPreview);
    view->addAction(a.layoutTerrain);
    view->addSeparator();
    view->addAction(m_stackDock->toggleViewAction());
    view->addAction(m_parameterDock->toggleViewAction());
    view->addAction(m_viewDock->toggleViewAction());
    view->addAction(m_layoutDock->toggleViewAction());

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(a.userGuide);
    help->addAction(a.shortcutList);
    help->addSeparator();
    help->addAction(a.about);

    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    for (QAction* action : {a.newDocument, a.open, a.save, a.undo, a.redo}) bar->addAction(action);
    bar->addSeparator();
    bar->addAction(a.newSeed);
    bar->addAction(a.regenerate);
    bar->addAction(a.exportHeightmap);
    bar->addSeparator();
    bar->addAction(a.layoutBoth);
    bar->addAction(a.layoutPreview);
    bar->addAction(a.layoutTerrain);
    bar->addAction(a.frame);
    view->addAction(bar->toggleViewAction());
}

}  // namespace terrain::app
