// Keys and bars a new user trips on: window shortcuts reach the window
// from a focused number box, Save As and Help have their keys and entries, Open Recent drops
// missing files, and the toolbar and status bar do not jump.
#include "editor_fixture.h"

#include "app/editor/central_views.h"
#include "app/document/document.h"
#include "app/document/document_files.h"
#include "app/editor/help_windows.h"
#include "app/stack/parameter_panel.h"
#include "app/widgets/seed_spin_box.h"
#include "app/widgets/slider_spin.h"
#include "app/editor/status_panel.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QProgressBar>
#include <QScrollBar>
#include <QTextDocument>
#include <QUrl>
#include <QSettings>
#include <QTest>
#include <QTextBrowser>
#include <QToolBar>
#include <QUndoStack>

namespace terrain::app::testing {
namespace {

QString plain(QString text) { return text.remove(QLatin1Char('&')); }

QAction* windowAction(MainWindow& window, const QString& text) {
    for (QAction* action : window.actions()) {
        if (plain(action->text()) == text) return action;
    }
    return nullptr;
}

// Puts the keyboard focus into `box` for real (window active, focus widget set).
void focusBox(QWidget& window, QWidget* box) {
    window.activateWindow();
    (void)QTest::qWaitForWindowActive(&window);
    box->setFocus(Qt::OtherFocusReason);
    (void)QTest::qWaitFor([box] { return box->hasFocus(); }, 2000);
}

class EditorKeysTest : public EditorTest {};

// Ctrl+Z in the focused Seed, Detail and parameter boxes undoes the document's last
// change, and the box's text is not changed by the key.
TEST_F(EditorKeysTest, UndoWorksFromEveryFocusedNumberBox) {
    ParameterPanel* panel = m_window->parameterPanel();
    const std::string key = panel->recipe().params.begin()->first;
    ASSERT_NE(panel->numberControl(key), nullptr);
    const QList<QAbstractSpinBox*> boxes = {panel->seedBox(), panel->detailControl()->spinBox(),
                                            panel->numberControl(key)->spinBox()};
    for (QAbstractSpinBox* box : boxes) {
        SCOPED_TRACE(box->metaObject()->className());
        const quint64 before = m_window->document()->state().recipe.seed;
        panel->seedBox()->setValue(before + 7);  // one undoable change
        ASSERT_EQ(m_window->document()->state().recipe.seed, before + 7);
        focusBox(*m_window, box);
        ASSERT_TRUE(box->hasFocus());
        const QString text = box->text();
        QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier);
        EXPECT_EQ(m_window->document()->state().recipe.seed, before) << "Ctrl+Z did not undo";
        EXPECT_EQ(box->text(), box == panel->seedBox() ? QString::number(before) : text);
        ASSERT_TRUE(waitUpToDate());
    }
}

// Ctrl+E (export), Ctrl+Shift+Z (redo), F5 and Ctrl+R from the focused Detail box reach
// the window; the box keeps its value and cursor.
TEST_F(EditorKeysTest, WindowShortcutsPassFocusedBoxesWithoutChangingThem) {
    ParameterPanel* panel = m_window->parameterPanel();
    QDoubleSpinBox* detail = panel->detailControl()->spinBox();
    int exports = 0;
    QAction* exportAction = windowAction(*m_window, QStringLiteral("Export Heightmap…"));
    ASSERT_NE(exportAction, nullptr);
    // Count the trigger only: the dialog itself is another test's business.
    exportAction->disconnect();
    QObject::connect(exportAction, &QAction::triggered, [&exports] { ++exports; });
    int newSeeds = 0;
    QAction* newSeed = windowAction(*m_window, QStringLiteral("New Seed"));
    ASSERT_NE(newSeed, nullptr);
    QObject::connect(newSeed, &QAction::triggered, [&newSeeds] { ++newSeeds; });

    focusBox(*m_window, detail);
    const QString text = detail->text();
    QLineEdit* edit = detail->findChild<QLineEdit*>();
    ASSERT_NE(edit, nullptr);
    edit->setCursorPosition(0);
    QTest::keyClick(detail, Qt::Key_E, Qt::ControlModifier);
    EXPECT_EQ(exports, 1) << "Ctrl+E did not reach Export";
    EXPECT_EQ(edit->cursorPosition(), 0) << "Ctrl+E moved the box's cursor";
    QTest::keyClick(detail, Qt::Key_R, Qt::ControlModifier);
    EXPECT_EQ(newSeeds, 1) << "Ctrl+R did not reach New Seed";
    ASSERT_TRUE(waitUpToDate());
    focusBox(*m_window, detail);
    QTest::keyClick(detail, Qt::Key_Z, Qt::ControlModifier);
    QTest::keyClick(detail, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(m_window->document()->undoStack()->index(), m_window->document()->undoStack()->count())
        << "Ctrl+Shift+Z did not redo";
    // The layout keys (Ctrl+Shift+1…3) switch views instead of typing into the box.
    QTest::keyClick(detail, Qt::Key_3, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(m_window->centralViews()->viewLayout(), CentralViews::Layout::TerrainOnly);
    QTest::keyClick(detail, Qt::Key_1, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(m_window->centralViews()->viewLayout(), CentralViews::Layout::Both);
    EXPECT_EQ(detail->text(), text);
    EXPECT_EQ(m_window->document()->state().recipe.detail, 6);
    // Typing still edits the box.
    QTest::keyClick(detail, Qt::Key_Up);
    EXPECT_EQ(m_window->document()->state().recipe.detail, 7);
}

// Save As answers Ctrl+Shift+S (the guide promises it) even without a desktop key theme.
TEST_F(EditorKeysTest, SaveAsHasCtrlShiftS) {
    QAction* saveAs = windowAction(*m_window, QStringLiteral("Save As…"));
    ASSERT_NE(saveAs, nullptr);
    EXPECT_TRUE(saveAs->shortcuts().contains(QKeySequence(QStringLiteral("Ctrl+Shift+S"))));
    m_prompts.savePath = m_dir.filePath(QStringLiteral("as.terrain.json"));
    focusBox(*m_window, m_window->parameterPanel()->seedBox());
    QTest::keyClick(m_window->parameterPanel()->seedBox(), Qt::Key_S,
                    Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_TRUE(QFile::exists(m_prompts.savePath));
}

// Help has the bundled user guide and a shortcut list made from the actions.
TEST_F(EditorKeysTest, HelpOpensUserGuideAndShortcutList) {
    QMenu* help = nullptr;
    for (QAction* menu : m_window->menuBar()->actions()) {
        if (plain(menu->text()) == QStringLiteral("Help")) help = menu->menu();
    }
    ASSERT_NE(help, nullptr);
    QStringList entries;
    for (QAction* action : help->actions()) entries << plain(action->text());
    EXPECT_TRUE(entries.contains(QStringLiteral("User Guide"))) << entries.join(',').toStdString();
    EXPECT_TRUE(entries.contains(QStringLiteral("Keyboard Shortcuts")));

    EXPECT_TRUE(QFile::exists(QString::fromLatin1(kUserGuideResource)));
    windowAction(*m_window, QStringLiteral("User Guide"))->trigger();
    auto* guide = m_window->findChild<QTextBrowser*>(QStringLiteral("userGuide"));
    ASSERT_NE(guide, nullptr);
    EXPECT_TRUE(guide->isVisible());
    EXPECT_TRUE(guide->toPlainText().contains(QStringLiteral("Keyboard shortcuts")));
    EXPECT_TRUE(guide->toPlainText().contains(QStringLiteral("Status bar")));
    // The bundled screenshots load and fit the window's width.
    EXPECT_EQ(guide->horizontalScrollBar()->maximum(), 0);
    EXPECT_FALSE(guide->document()->resource(QTextDocument::ImageResource,
                                             QUrl(QStringLiteral("images/editor_midpoint_line.png")))
                     .isNull());

    windowAction(*m_window, QStringLiteral("Keyboard Shortcuts"))->trigger();
    auto* keys = m_window->findChild<QTextBrowser*>(QStringLiteral("keyboardShortcuts"));
    ASSERT_NE(keys, nullptr);
    const QString list = keys->toPlainText();
    // Every action with a key is listed, with the key it really has.
    for (QAction* action : m_window->actions()) {
        if (action->shortcut().isEmpty()) continue;
        EXPECT_TRUE(list.contains(action->shortcut().toString(QKeySequence::NativeText)))
            << plain(action->text()).toStdString();
    }
    EXPECT_TRUE(list.contains(QStringLiteral("Save As")));
    EXPECT_TRUE(list.contains(QKeySequence(QStringLiteral("Ctrl+Shift+S"))
                                  .toString(QKeySequence::NativeText)));
}

// A recent file that has gone is dropped from the list when clicked, with a message.
TEST_F(EditorKeysTest, MissingRecentFileIsRemovedWhenClicked) {
    // The fixture's application runs with test-only settings (app_test_main).
    const QString gone = m_dir.filePath(QStringLiteral("gone.terrain.json"));
    const QString kept = m_dir.filePath(QStringLiteral("kept.terrain.json"));
    m_prompts.savePath = kept;
    ASSERT_TRUE(m_window->files()->saveAs());
    QSettings settings;
    QStringList recent = m_window->files()->recentFiles();
    recent.prepend(gone);
    settings.setValue(QStringLiteral("files/recentDocuments"), recent);

    QMenu* recentMenu = nullptr;
    for (QMenu* menu : m_window->findChildren<QMenu*>()) {
        if (plain(menu->title()) == QStringLiteral("Open Recent")) recentMenu = menu;
    }
    ASSERT_NE(recentMenu, nullptr);
    emit recentMenu->aboutToShow();
    QAction* entry = nullptr;
    for (QAction* action : recentMenu->actions()) {
        if (action->text().contains(QStringLiteral("gone.terrain.json"))) entry = action;
    }
    ASSERT_NE(entry, nullptr);
    entry->trigger();
    EXPECT_FALSE(m_window->files()->recentFiles().contains(gone));
    EXPECT_TRUE(m_window->files()->recentFiles().contains(kept));
    ASSERT_EQ(m_prompts.errors.size(), 1);
    EXPECT_TRUE(m_prompts.errors.front().contains(QStringLiteral("gone.terrain.json")));
    EXPECT_TRUE(m_prompts.errors.front().contains(QStringLiteral("removed")));
}

// Undo/Redo keep a fixed text (the change name is in the tooltip), so no tool button
// moves or resizes after an edit.
TEST_F(EditorKeysTest, ToolbarButtonsKeepTheirGeometryAcrossEdits) {
    auto* bar = m_window->findChild<QToolBar*>(QStringLiteral("mainToolBar"));
    ASSERT_NE(bar, nullptr);
    const auto geometries = [bar] {
        QList<QRect> rects;
        for (QAction* action : bar->actions()) {
            if (QWidget* w = bar->widgetForAction(action)) rects << w->geometry();
        }
        return rects;
    };
    QCoreApplication::processEvents();
    const QList<QRect> before = geometries();
    ParameterPanel* panel = m_window->parameterPanel();
    panel->seedBox()->setValue(panel->recipe().seed + 1);
    ASSERT_TRUE(waitUpToDate());
    const std::string key = panel->recipe().params.begin()->first;
    panel->numberControl(key)->spinBox()->setValue(panel->numberControl(key)->value() * 0.5 + 0.01);
    ASSERT_TRUE(waitUpToDate());
    m_window->document()->undoStack()->undo();
    ASSERT_TRUE(waitUpToDate());
    QCoreApplication::processEvents();
    EXPECT_EQ(geometries(), before);
    QAction* undo = windowAction(*m_window, QStringLiteral("Undo"));
    ASSERT_NE(undo, nullptr);
    EXPECT_TRUE(undo->toolTip().contains(QStringLiteral("seed"), Qt::CaseInsensitive))
        << undo->toolTip().toStdString();
}

// The progress bar shows only for jobs over ~300 ms, and showing it moves no label.
TEST_F(EditorKeysTest, StatusLabelsStayPutWhileAJobRuns) {
    StatusPanel* status = m_window->statusPanel();
    QWidget* top = m_window.get();
    const auto positions = [status, top] {
        return QList<QPoint>{status->sizeLabel()->mapTo(top, QPoint()),
                             status->rangeLabel()->mapTo(top, QPoint()),
                             status->timeLabel()->mapTo(top, QPoint()),
                             status->hoverLabel()->mapTo(top, QPoint())};
    };
    QCoreApplication::processEvents();
    const QList<QPoint> before = positions();
    status->setBusy(true);  // a short job: done before the delay
    QTest::qWait(50);
    EXPECT_FALSE(status->progressBar()->isVisible());
    status->setBusy(false);
    status->setBusy(true);  // a long one
    QTest::qWait(StatusPanel::kShowDelay_ms + 200);
    EXPECT_TRUE(status->progressBar()->isVisible());
    QCoreApplication::processEvents();
    EXPECT_EQ(positions(), before);
    status->setBusy(false);
    QCoreApplication::processEvents();
    EXPECT_EQ(positions(), before);
}

}  // namespace
}  // namespace terrain::app::testing
