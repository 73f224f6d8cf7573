// The stack in the editor: the stack panel's edits by mouse and keyboard, one undo step
// each, byte-for-byte undo/redo, show-up-to-here and before/after, errors on the entry, two drags
// are two undo steps, presets. Under Xvfb like the other editor tests.
#include "editor_fixture.h"

#include "app/document/document.h"
#include "app/stack/parameter_panel.h"
#include "app/widgets/slider_spin.h"
#include "app/stack/stack_panel.h"
#include "app/generation/generation_controller.h"
#include "app/widgets/seed_spin_box.h"

#include "core/cancel.h"
#include "core/stack/evaluator.h"
#include "core/stack/recipe_presets.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>

#include <map>
#include <vector>
#include <tuple>

namespace terrain::app::testing {
namespace {

class StackPanelTest : public EditorTest {
protected:
    void SetUp() override {
        EditorTest::SetUp();
        // Keys go to the focused widget of the active window, as for a user (no window manager
        // under Xvfb activates it).
        m_window->activateWindow();
        QApplication::setActiveWindow(m_window.get());
        ASSERT_TRUE(QTest::qWaitForWindowActive(m_window.get()));
    }
    StackPanel* panel() const { return m_window->stackPanel(); }
    QListWidget* list() const { return panel()->list(); }
    QUndoStack* undo() const { return m_window->document()->undoStack(); }
    const core::Recipe& recipe() const { return m_window->document()->state().recipe; }

    // The whole stack (or through `upTo`) as the CLI makes it.
    core::Heightmap expected(const core::Recipe& r, int upTo = -1) const {
        core::StackEvaluator evaluator(m_window->registry(), 0);
        core::GenerateContext context;
        return *evaluator.evaluate(r, m_window->document()->state().world().units(), context, upTo).map;
    }
    const core::Heightmap& shown() const { return *m_window->shownResult()->map; }

    // Clicks Add, then the menu entry named `name` (the menu runs its own event loop).
    void addFromMenu(const QString& name) {
        bool clicked = false;
        QTimer::singleShot(100, [&] {
            auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
            ASSERT_NE(menu, nullptr);
            for (QAction* action : menu->actions()) {
                if (action->text() == name) {
                    QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(action).center());
                    clicked = true;
                    return;
                }
            }
            menu->close();
        });
        QTest::mouseClick(panel()->addButton(), Qt::LeftButton);
        std::ignore = QTest::qWaitFor(  // the checks below report a timeout
            [&] { return clicked; }, 5000);
        ASSERT_TRUE(clicked) << name.toStdString();
    }
    void clickRow(int row) {
        QTest::qWait(QApplication::doubleClickInterval() + 50);  // one click, not a double-click
        QTest::mouseClick(list()->viewport(), Qt::LeftButton, {}, list()->visualItemRect(list()->item(row)).center());
    }
    // The base generator and three operations: normalize, a midpoint layer, clamp.
    void buildFourEntries() {
        addFromMenu(QStringLiteral("Normalize"));
        addFromMenu(QStringLiteral("Midpoint displacement"));
        addFromMenu(QStringLiteral("Clamp"));
        ASSERT_TRUE(waitUpToDate());
        ASSERT_EQ(recipe().operations.size(), 3u);
    }
};

QPoint handleCentre(QSlider* slider) {
    QStyleOptionSlider option;
    option.initFrom(slider);
    option.orientation = slider->orientation();
    option.minimum = slider->minimum();
    option.maximum = slider->maximum();
    option.sliderPosition = slider->sliderPosition();
    option.sliderValue = slider->value();
    option.singleStep = slider->singleStep();
    option.pageStep = slider->pageStep();
    option.upsideDown = slider->invertedAppearance();
    option.subControls = QStyle::SC_All;
    return slider->style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, slider).center();
}

// A real drag: press on the handle, move in steps, release.
void dragSlider(QSlider* slider, int dx) {
    const QPoint start = handleCentre(slider);
    QTest::mousePress(slider, Qt::LeftButton, {}, start);
    for (int i = 1; i <= 5; ++i) {
        QTest::mouseMove(slider, start + QPoint(dx * i / 5, 0));
        QTest::qWait(20);
    }
    QTest::mouseRelease(slider, Qt::LeftButton, {}, start + QPoint(dx, 0));
}

void ctrlZ() {
    QWidget* focus = QApplication::focusWidget();
    ASSERT_NE(focus, nullptr);
    QTest::keyClick(focus, Qt::Key_Z, Qt::ControlModifier);
}

TEST_F(StackPanelTest, EveryStackEditIsOneNamedUndoStepAndUndoRedoRestoreTheMapByteForByte) {
    std::vector<core::Recipe> recipes{recipe()};
    std::vector<core::Heightmap> maps{shown()};
    std::vector<QString> names;
    const auto record = [&](const QString& name) {
        ASSERT_TRUE(waitUpToDate());
        ASSERT_EQ(undo()->count(), int(recipes.size())) << name.toStdString();
        EXPECT_EQ(undo()->undoText(), name);
        EXPECT_TRUE(shown() == expected(recipe())) << name.toStdString();
        recipes.push_back(recipe());
        maps.push_back(shown());
        names.push_back(name);
    };
    addFromMenu(QStringLiteral("Normalize"));
    record(QStringLiteral("Add Normalize"));
    addFromMenu(QStringLiteral("Clamp"));
    record(QStringLiteral("Add Clamp"));
    ASSERT_EQ(recipe().operations.back().type, "clamp");
    EXPECT_EQ(panel()->selectedStage(), 2);

    // Move Up with the button, Move Down by dragging the entry onto the row below.
    QTest::mouseClick(panel()->upButton(), Qt::LeftButton);
    record(QStringLiteral("Move Clamp Up"));
    EXPECT_EQ(recipe().operations.front().type, "clamp");
    const QPoint from = list()->visualItemRect(list()->item(1)).center();
    const QPoint to = list()->visualItemRect(list()->item(2)).center();
    QTest::mousePress(list()->viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(list()->viewport(), from + QPoint(0, 4));
    QTest::mouseMove(list()->viewport(), to);
    QTest::mouseRelease(list()->viewport(), Qt::LeftButton, {}, to);
    record(QStringLiteral("Move Clamp Down"));
    EXPECT_EQ(recipe().operations.back().type, "clamp");

    // Disable with a click on the check box, enable again with the space key.
    QTest::mouseClick(list()->viewport(), Qt::LeftButton, {}, panel()->checkBoxRect(1).center());
    record(QStringLiteral("Disable Normalize"));
    EXPECT_FALSE(recipe().operations.front().enabled);
    clickRow(1);
    QTest::keyClick(list(), Qt::Key_Space);
    record(QStringLiteral("Enable Normalize"));

    // Rename with F2, typing and Return.
    clickRow(2);
    QTest::keyClick(list(), Qt::Key_F2);
    auto* editor = qobject_cast<QLineEdit*>(QApplication::focusWidget());
    ASSERT_NE(editor, nullptr);
    editor->selectAll();
    QTest::keyClicks(editor, QStringLiteral("Sea level cap"));
    QTest::keyClick(editor, Qt::Key_Return);
    // The delegate commits the text from the event loop.
    std::ignore = QTest::qWaitFor(  // the checks below report a timeout
        [&] { return undo()->count() == int(recipes.size()); }, 5000);
    record(QStringLiteral("Rename Clamp"));
    EXPECT_EQ(recipe().operations.back().name, "Sea level cap");

    // Remove with the Delete key on the list.
    clickRow(1);
    QTest::keyClick(list(), Qt::Key_Delete);
    record(QStringLiteral("Remove Normalize"));
    ASSERT_EQ(recipe().operations.size(), 1u);

    for (int i = int(names.size()) - 1; i >= 0; --i) {
        undo()->undo();
        ASSERT_TRUE(waitUpToDate());
        EXPECT_TRUE(recipe() == recipes[std::size_t(i)]) << "undo " << names[std::size_t(i)].toStdString();
        EXPECT_TRUE(shown() == maps[std::size_t(i)]) << "undo " << names[std::size_t(i)].toStdString();
    }
    for (std::size_t i = 0; i < names.size(); ++i) {
        undo()->redo();
        ASSERT_TRUE(waitUpToDate());
        EXPECT_TRUE(shown() == maps[i + 1]) << "redo " << names[i].toStdString();
    }
}

TEST_F(StackPanelTest, AnEditOfTheLastOperationComputesOnlyItsStage) {
    buildFourEntries();
    clickRow(3);
    SliderSpin* high = m_window->parameterPanel()->numberControl("high");
    ASSERT_NE(high, nullptr);
    high->spinBox()->setValue(55.0);
    ASSERT_TRUE(waitUpToDate());
    EXPECT_EQ(undo()->undoText(), QStringLiteral("Change Clamp High"));
    EXPECT_EQ(m_window->shownResult()->computed, std::vector<int>{3});
    EXPECT_TRUE(shown() == expected(recipe()));
}

TEST_F(StackPanelTest, ShowUpToHereAndBeforeShowThatStageAndAreNoUndoSteps) {
    buildFourEntries();
    const int steps = undo()->count();
    clickRow(2);  // the midpoint layer
    QTest::mouseClick(panel()->upToHereBox(), Qt::LeftButton);
    ASSERT_TRUE(waitUpToDate());
    EXPECT_EQ(m_window->shownResult()->lastStage, 2);
    EXPECT_TRUE(shown() == expected(recipe(), 2));
    QTest::keyClick(list(), Qt::Key_Backslash);  // before: the stage below the selected one
    ASSERT_TRUE(waitUpToDate());
    EXPECT_TRUE(shown() == expected(recipe(), 1));
    QTest::mouseClick(panel()->beforeButton(), Qt::LeftButton);
    ASSERT_TRUE(waitUpToDate());
    EXPECT_TRUE(shown() == expected(recipe(), 2));
    QTest::mouseClick(panel()->upToHereBox(), Qt::LeftButton);
    ASSERT_TRUE(waitUpToDate());
    EXPECT_TRUE(shown() == expected(recipe()));
    EXPECT_EQ(undo()->count(), steps);
}

TEST_F(StackPanelTest, AnErrorIsShownOnItsEntryWithoutADialogAndFixingTheValueClearsIt) {
    addFromMenu(QStringLiteral("Clamp"));
    ASSERT_TRUE(waitUpToDate());
    const core::Heightmap good = shown();
    SliderSpin* low = m_window->parameterPanel()->numberControl("low");
    ASSERT_NE(low, nullptr);
    low->spinBox()->setValue(150.0);  // above high (100 m): not allowed
    ASSERT_TRUE(QTest::qWaitFor([&] { return !panel()->errorOp().isEmpty(); }, 60000));
    EXPECT_EQ(panel()->errorOp().toStdString(), recipe().operations[0].id);
    EXPECT_TRUE(panel()->errorLabel()->isVisible());
    EXPECT_TRUE(panel()->errorLabel()->text().contains(QStringLiteral("low")));
    EXPECT_FALSE(list()->item(1)->icon().isNull());
    EXPECT_TRUE(list()->item(1)->toolTip().contains(QStringLiteral("below high")));
    EXPECT_TRUE(m_prompts.errors.isEmpty()) << m_prompts.errors.join('\n').toStdString();
    EXPECT_TRUE(shown() == good);  // the last good map stays
    low->spinBox()->setValue(10.0);
    ASSERT_TRUE(waitUpToDate());
    EXPECT_TRUE(panel()->errorOp().isEmpty());
    EXPECT_FALSE(panel()->errorLabel()->isVisible());
    EXPECT_TRUE(list()->item(1)->icon().isNull());
}

// Before the fix the drag number restarted when the panel was rebuilt, so after drag, change
// algorithm, undo, drag, one Ctrl+Z reverted both drags.
TEST_F(StackPanelTest, TwoDragsAreTwoUndoStepsEvenAfterTheSlidersWereRebuilt) {
    const double start = recipe().params.at("roughness");
    dragSlider(m_window->parameterPanel()->numberControl("roughness")->slider(), 40);
    ASSERT_TRUE(waitUpToDate());
    const double afterFirst = recipe().params.at("roughness");
    ASSERT_NE(afterFirst, start);
    QComboBox* algorithm = m_window->parameterPanel()->algorithmCombo();
    algorithm->setFocus();
    algorithm->setCurrentIndex(algorithm->findData(QStringLiteral("midpoint-displacement")));
    ASSERT_TRUE(waitUpToDate());
    ASSERT_EQ(recipe().algorithm, "midpoint-displacement");
    ctrlZ();
    ASSERT_TRUE(waitUpToDate());
    ASSERT_EQ(recipe().algorithm, "diamond-square");
    QSlider* slider = m_window->parameterPanel()->numberControl("roughness")->slider();
    dragSlider(slider, 40);
    ASSERT_TRUE(waitUpToDate());
    ASSERT_NE(recipe().params.at("roughness"), afterFirst);
    slider->setFocus();
    ctrlZ();
    ASSERT_TRUE(waitUpToDate());
    EXPECT_DOUBLE_EQ(recipe().params.at("roughness"), afterFirst);
    ctrlZ();
    ASSERT_TRUE(waitUpToDate());
    EXPECT_DOUBLE_EQ(recipe().params.at("roughness"), start);
}

TEST_F(StackPanelTest, APresetReplacesTheRecipeWithItsWorldAsOneUndoStep) {
    const auto& presets = core::builtinRecipePresets();
    ASSERT_FALSE(presets.empty());
    const DocumentState before = m_window->document()->state();
    QMenu* menu = m_window->menuBar()->findChild<QMenu*>(QStringLiteral("presetsMenu"));
    ASSERT_NE(menu, nullptr);
    QAction* action = nullptr;
    for (QAction* a : menu->actions()) {
        if (a->data().toString().toStdString() == presets.front().id) action = a;
    }
    ASSERT_NE(action, nullptr);
    const int steps = undo()->count();
    action->trigger();
    ASSERT_TRUE(waitUpToDate());
    EXPECT_EQ(undo()->count(), steps + 1);
    EXPECT_EQ(undo()->undoText(), QStringLiteral("Load Preset ") + QString::fromStdString(presets.front().name));
    const core::Recipe preset = core::loadRecipePreset(m_window->registry(), presets.front().id);
    EXPECT_TRUE(recipe() == preset);
    // A preset is a whole terrain: it brings its own world (extent, height range, sea level).
    const DocumentState& after = m_window->document()->state();
    EXPECT_TRUE(after.recipe.world == preset.world);
    EXPECT_FALSE(after.recipe.world == before.recipe.world) << "the presets' worlds are not the default one";
    EXPECT_EQ(list()->count(), int(preset.operations.size()) + 1);
    undo()->undo();
    ASSERT_TRUE(waitUpToDate());
    EXPECT_TRUE(m_window->document()->state() == before);
}

// River erosion on a one-row map (the midpoint line) read past its buffer and killed the editor.
// Each square-only operation added from the menu shows its refusal on its entry, naming itself;
// the editor keeps the line and stays usable, and removing the entry clears the error.
TEST_F(StackPanelTest, ErosionOnALineIsRefusedOnItsEntryNamingIt) {
    const core::Algorithm* line = m_window->registry().find("midpoint-line");
    ASSERT_NE(line, nullptr);
    DocumentState state = smallStateFor(*line);
    state.recipe.detail = 9;  // 513 samples: the coarse levels of river-erosion
    loadState(state);
    const core::Heightmap good = shown();
    for (const char* name : {"River erosion", "Hydraulic erosion", "Thermal erosion"}) {
        SCOPED_TRACE(name);
        addFromMenu(QString::fromUtf8(name));
        ASSERT_TRUE(QTest::qWaitFor([&] { return !panel()->errorOp().isEmpty(); }, 60000));
        const core::OpInstance& entry = recipe().operations.back();
        EXPECT_EQ(panel()->errorOp().toStdString(), entry.id);
        EXPECT_TRUE(panel()->errorLabel()->text().contains(QString::fromStdString(entry.type)))
            << panel()->errorLabel()->text().toStdString();
        EXPECT_TRUE(panel()->errorLabel()->text().contains(QStringLiteral("square")))
            << panel()->errorLabel()->text().toStdString();
        EXPECT_TRUE(m_prompts.errors.isEmpty()) << m_prompts.errors.join('\n').toStdString();
        EXPECT_TRUE(shown() == good);  // the last good map stays
        undo()->undo();  // the entry goes, and with it the error
        ASSERT_TRUE(waitUpToDate());
        EXPECT_TRUE(panel()->errorOp().isEmpty());
    }
    // An operation that works on a profile runs on it.
    addFromMenu(QStringLiteral("Smooth"));
    ASSERT_TRUE(waitUpToDate());
    EXPECT_TRUE(panel()->errorOp().isEmpty());
    EXPECT_EQ(shown().height(), 1);
}

}  // namespace
// Add ▸ Group around the selected entry, with the mouse and keys as a user does: the group's
// entries indent under it, its ▸/▾ (and Left/Right) closes and opens it, a name typed into
// Publish as is one undo step, and a group that replaces at weight 1 is its entries' result.
TEST_F(StackPanelTest, AGroupAroundAnEntryCollapsesPublishesAndIsItsEntriesResult) {
    addFromMenu(QStringLiteral("Terrace"));
    ASSERT_TRUE(waitUpToDate());
    addFromMenu(QStringLiteral("Group"));
    ASSERT_TRUE(waitUpToDate());
    ASSERT_EQ(recipe().operations.size(), 3u);
    EXPECT_EQ(recipe().operations[0].type, core::kGroupType);
    EXPECT_EQ(recipe().operations[1].type, "terrace");
    EXPECT_EQ(recipe().operations[2].type, core::kGroupEndType);
    EXPECT_EQ(undo()->undoText(), QStringLiteral("Add Group"));
    core::Recipe flat = recipe();
    flat.operations = {recipe().operations[1]};
    EXPECT_TRUE(shown() == expected(flat));
    EXPECT_EQ(list()->item(3)->text(), QStringLiteral("end of Group"));
    // The terrace's row is indented under the group's.
    const int groupLeft = list()->visualItemRect(list()->item(1)).left();
    EXPECT_EQ(list()->visualItemRect(list()->item(2)).left(), groupLeft);  // rows span the list
    const QRect groupRow = list()->visualItemRect(list()->item(1));
    QTest::qWait(QApplication::doubleClickInterval() + 50);
    QTest::mouseClick(list()->viewport(), Qt::LeftButton, {}, QPoint(groupRow.left() + 8, groupRow.center().y()));
    EXPECT_TRUE(list()->isRowHidden(2));
    EXPECT_TRUE(list()->isRowHidden(3));
    EXPECT_EQ(undo()->undoText(), QStringLiteral("Add Group")) << "closing a group is no edit";
    clickRow(1);
    list()->setFocus();
    QTest::keyClick(list(), Qt::Key_Right);
    EXPECT_FALSE(list()->isRowHidden(2));
    QTest::keyClick(list(), Qt::Key_Left);
    EXPECT_TRUE(list()->isRowHidden(2));
    QTest::keyClick(list(), Qt::Key_Right);

    QLineEdit* publish = m_window->parameterPanel()->publishEdit();
    ASSERT_NE(publish, nullptr);
    QTest::mouseClick(publish, Qt::LeftButton);
    QTest::keyClicks(publish, QStringLiteral("ridges"));
    QTest::keyClick(publish, Qt::Key_Return);
    ASSERT_TRUE(waitUpToDate());
    EXPECT_EQ(recipe().operations[0].publish, "ridges");
    EXPECT_EQ(undo()->undoText(), QStringLiteral("Publish Group as ridges"));
    // A name that is not one is refused where it was typed; the document keeps the last good one.
    publish->selectAll();
    QTest::keyClicks(publish, QStringLiteral("Big Ridges"));
    QTest::keyClick(publish, Qt::Key_Return);
    EXPECT_EQ(recipe().operations[0].publish, "ridges");
    EXPECT_TRUE(publish->toolTip().contains(QStringLiteral("Big Ridges"))) << publish->toolTip().toStdString();
    // The base can be published too (its own field, above its sliders).
    clickRow(0);
    QLineEdit* base = m_window->parameterPanel()->basePublishEdit();
    QTest::mouseClick(base, Qt::LeftButton);
    QTest::keyClicks(base, QStringLiteral("ground"));
    QTest::keyClick(base, Qt::Key_Return);
    ASSERT_TRUE(waitUpToDate());
    EXPECT_EQ(recipe().basePublish, "ground");
    EXPECT_EQ(undo()->undoText(), QStringLiteral("Publish the base as ground"));
    // A later entry can read it: Reads offers the published stage.
    clickRow(3);
    addFromMenu(QStringLiteral("Smooth"));
    ASSERT_TRUE(waitUpToDate());
    QComboBox* reads = m_window->parameterPanel()->inputCombo();
    ASSERT_NE(reads, nullptr);
    ASSERT_EQ(reads->findData(QStringLiteral("ground")), 1);
    ASSERT_EQ(reads->findData(QStringLiteral("ridges")), 2);
    reads->setFocus();
    QTest::keyClick(reads, Qt::Key_Down);  // the map below -> stage ground
    QTest::keyClick(reads, Qt::Key_Down);  // -> stage ridges
    ASSERT_TRUE(waitUpToDate());
    EXPECT_EQ(recipe().operations.back().input, "ridges");
    panel()->grab().save(m_dir.filePath(QStringLiteral("stack-panel.png")));
    if (const QByteArray keep = qgetenv("TERRAIN_TEST_SHOTS"); !keep.isEmpty()) {
        panel()->grab().save(QString::fromLocal8Bit(keep) + QStringLiteral("/stack-panel-groups.png"));
    }
    undo()->undo();  // each choice was one step
    ASSERT_TRUE(waitUpToDate());
    EXPECT_EQ(recipe().operations.back().input, "ground");
    undo()->undo();
    ASSERT_TRUE(waitUpToDate());
    EXPECT_TRUE(recipe().operations.back().input.empty());
}

// A long operation shows its progress and time left in its own row while it runs, and the row
// is clear again when it is done.
TEST_F(StackPanelTest, ALongOperationShowsItsProgressInItsRow) {
    DocumentState state = smallState();
    state.recipe.detail = 10;
    state.recipe.world = core::legacyWorld(10);
    loadState(state);
    QStringList shownInRow;
    QString entry;
    QObject::connect(m_window->controller(), &GenerationController::entryProgress,
                     [&](const QString& id, float fraction, double) {
                         if (fraction > 0.0f && fraction < 1.0f && id == entry) {
                             shownInRow << panel()->progressText(id);
                             const QByteArray keep = qgetenv("TERRAIN_TEST_SHOTS");
                             if (!keep.isEmpty() && fraction > 0.5f) {
                                 panel()->grab().save(QString::fromLocal8Bit(keep) + QStringLiteral("/stack-progress.png"));
                             }
                         }
                     });
    entry = QStringLiteral("river-erosion-1");
    addFromMenu(QStringLiteral("River erosion"));
    ASSERT_TRUE(waitUpToDate());
    ASSERT_FALSE(shownInRow.isEmpty()) << "no progress reached the entry's row";
    EXPECT_TRUE(shownInRow.back().contains(QStringLiteral("%"))) << shownInRow.back().toStdString();
    EXPECT_TRUE(panel()->progressText(entry).isEmpty()) << "the row still shows progress when done";
}

// Pause live updates (the check box under the stack, or Terrain > Pause Live Updates): a key edit
// changes the document but not the map until F5 or resuming.
TEST_F(StackPanelTest, PausedLiveUpdatesWaitForRegenerateOrResume) {
    QTest::mouseClick(panel()->pauseBox(), Qt::LeftButton);
    ASSERT_FALSE(panel()->liveUpdates());
    const quint64 before = m_window->controller()->latestRequest();
    QAbstractSpinBox* seed = m_window->parameterPanel()->seedBox();
    seed->setFocus();
    QTest::keyClick(seed, Qt::Key_Up);
    QTest::qWait(200);
    EXPECT_EQ(m_window->controller()->latestRequest(), before) << "a paused edit generated";
    EXPECT_EQ(recipe().seed, 2u);
    QTest::keyClick(m_window.get(), Qt::Key_F5);
    ASSERT_TRUE(waitUpToDate());
    QTest::keyClick(seed, Qt::Key_Up);
    QTest::qWait(200);
    EXPECT_FALSE(m_window->isUpToDate());
    QTest::mouseClick(panel()->pauseBox(), Qt::LeftButton);  // resume: the map catches up
    ASSERT_TRUE(waitUpToDate());
    EXPECT_TRUE(shown() == expected(recipe()));
}

}  // namespace terrain::app::testing
