// A mask of the stack shown over the 2-D preview and the 3-D view (docs/operations.md "Masks"):
// chosen with real keys in the view controls, tinted where the mask is, saved with the
// document. Under Xvfb like the other editor tests.
#include "editor_fixture.h"

#include "app/document/document.h"
#include "app/document/document_format.h"
#include "app/stack/parameter_panel.h"
#include "app/stack/stack_panel.h"
#include "app/editor/view_controls.h"

#include "core/cancel.h"
#include "core/recipe.h"
#include "core/stack/evaluator.h"
#include "render/colormap.h"
#include "render/preview_widget.h"
#include "render/terrain_view.h"

#include <QApplication>
#include <QComboBox>
#include <QListWidget>
#include <QTest>
#include <QUndoStack>

#include <nlohmann/json.hpp>

namespace terrain::app::testing {
namespace {

TEST_F(EditorTest, AMaskOfTheStackIsTintedOverBothViews) {
    m_window->activateWindow();
    QApplication::setActiveWindow(m_window.get());
    ASSERT_TRUE(QTest::qWaitForWindowActive(m_window.get()));

    DocumentState state = smallState();
    state.setWorld(WorldSize{4.0, state.world().lowMetres, state.world().highMetres});  // a 256 m map 0..100 m high: slopes from flat to steep
    core::OpInstance mask = core::newOperation(m_window->registry(), state.recipe, "mask");
    core::setOperationParamFromText(m_window->registry(), mask, "slope_min_deg", "20", "slope_min_deg");
    state.recipe.operations.push_back(mask);
    loadState(state);

    // The stack's expected map and mask, as terrain-cli makes them.
    core::StackEvaluator evaluator(m_window->registry(), 0);
    const core::StackResult expected =
        evaluator.evaluate(state.recipe, state.world().units(), core::GenerateContext{});
    const core::Heightmap& slope = *expected.masks.at("slope");
    int in = 0, out = 0;
    for (float w : slope.samples()) {
        in += w == 1.0f;
        out += w == 0.0f;
    }
    ASSERT_GT(in, 50) << "the slope mask should hold some ground";
    ASSERT_GT(out, 50) << "and leave some out";

    // No overlay yet: the preview is the plain map.
    const QImage plain = m_window->preview()->image();
    EXPECT_EQ(m_window->terrainView()->overlay(), nullptr);

    // The overlay list offers the stack's mask; Down on the focused box picks it.
    QComboBox* combo = m_window->viewControls()->overlayCombo();
    ASSERT_EQ(combo->count(), 2);
    EXPECT_EQ(combo->itemText(1), QStringLiteral("slope"));
    combo->setFocus(Qt::OtherFocusReason);
    QTest::keyClick(combo, Qt::Key_Down);
    EXPECT_EQ(m_window->document()->state().view.overlay, "slope");
    ASSERT_TRUE(waitUpToDate());

    ASSERT_NE(m_window->terrainView()->overlay(), nullptr);
    EXPECT_EQ(*m_window->terrainView()->overlay(), slope);
    const QImage tinted = m_window->preview()->image().convertToFormat(QImage::Format_RGB32);
    const QImage base = plain.convertToFormat(QImage::Format_RGB32);
    ASSERT_EQ(tinted.size(), base.size());
    for (int y = 0; y < slope.height(); ++y) {
        for (int x = 0; x < slope.width(); ++x) {
            const QRgb a = base.pixel(x, y), b = tinted.pixel(x, y);
            if (slope.at(x, y) == 0.0f) {
                EXPECT_EQ(a, b) << x << "," << y;
            } else if (slope.at(x, y) == 1.0f) {
                EXPECT_GT(qRed(b), qGreen(b)) << x << "," << y;  // red where the mask is
            }
        }
    }
    // The 3-D view draws it: red appears in the frame.
    const QImage frame = m_window->terrainView()->grabFramebuffer().convertToFormat(QImage::Format_RGB32);
    int reddish = 0;
    for (int y = 0; y < frame.height(); y += 2)
        for (int x = 0; x < frame.width(); x += 2) {
            const QRgb p = frame.pixel(x, y);
            reddish += qRed(p) > qGreen(p) + 60 && qRed(p) > qBlue(p) + 60;
        }
    EXPECT_GT(reddish, 100);
    if (const char* dir = std::getenv("TERRAIN_SCREENSHOT_DIR")) frame.save(QString::fromLocal8Bit(dir) + "/overlay_3d.png");

    // Saved with the document; a stack that no longer makes the mask keeps the choice visible.
    const auto json = documentToJson(m_window->registry(), m_window->document()->state());
    EXPECT_EQ(json["view"]["overlay"], "slope");
    DocumentState without = m_window->document()->state();
    without.recipe.operations.clear();
    loadState(without);
    EXPECT_EQ(m_window->terrainView()->overlay(), nullptr);
    EXPECT_EQ(combo->currentText(), QStringLiteral("slope (not made by the stack)"));
}

// The parameter panel's "Through mask" list: the masks made below the selected entry; picking
// one with the keyboard is one undo step and the map is the stack blended through it.
TEST_F(EditorTest, AnEntryIsBlendedThroughAMaskPickedInTheParameterPanel) {
    m_window->activateWindow();
    QApplication::setActiveWindow(m_window.get());
    ASSERT_TRUE(QTest::qWaitForWindowActive(m_window.get()));
    DocumentState state = smallState();
    state.setWorld(WorldSize{4.0, state.world().lowMetres, state.world().highMetres});
    const core::Registry& registry = m_window->registry();
    core::OpInstance mask = core::newOperation(registry, state.recipe, "mask");
    core::setOperationParamFromText(registry, mask, "slope_min_deg", "20", "slope_min_deg");
    state.recipe.operations.push_back(mask);
    state.recipe.operations.push_back(core::newOperation(registry, state.recipe, "terrace"));
    loadState(state);

    QListWidget* list = m_window->stackPanel()->list();
    ASSERT_EQ(list->count(), 3);
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(2)).center());
    QComboBox* combo = m_window->parameterPanel()->maskCombo();
    ASSERT_NE(combo, nullptr);
    ASSERT_EQ(combo->count(), 2);
    EXPECT_EQ(combo->itemText(1), QStringLiteral("slope"));
    QUndoStack* undo = m_window->document()->undoStack();
    const int steps = undo->count();
    combo->setFocus(Qt::OtherFocusReason);
    QTest::keyClick(combo, Qt::Key_Down);
    const core::Recipe& recipe = m_window->document()->state().recipe;
    EXPECT_EQ(recipe.operations[1].mask, "slope");
    EXPECT_EQ(undo->count(), steps + 1);
    EXPECT_EQ(undo->undoText(), QStringLiteral("Apply Terrace through slope"));
    ASSERT_TRUE(waitUpToDate());
    core::StackEvaluator evaluator(registry, 0);
    const core::WorldUnits units = m_window->document()->state().world().units();
    EXPECT_EQ(*m_window->preview()->heightmap(), *evaluator.evaluate(recipe, units, core::GenerateContext{}).map);
    // The mask entry itself offers no mask (nothing below it makes one).
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(1)).center());
    EXPECT_EQ(m_window->parameterPanel()->maskCombo()->count(), 1);
    undo->undo();
    EXPECT_TRUE(m_window->document()->state().recipe.operations[1].mask.empty());
}

}  // namespace
}  // namespace terrain::app::testing
