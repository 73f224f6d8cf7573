// The seed-variation grid under Xvfb: successive seeds of the document's recipe, generated on
// the workers; a click adopts a seed as one undo step.
#include "editor_fixture.h"

#include "app/compare/compare_panel.h"
#include "app/compare/compare_window.h"
#include "app/document/document.h"
#include "app/document/document_state.h"
#include "app/compare/seed_variations.h"

#include "core/registry.h"
#include "core/stack/evaluator.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <memory>

namespace terrain::app {
namespace {

constexpr int kWait_ms = 120000;

class SeedVariationsTest : public ::testing::Test {
protected:
    void SetUp() override {
        DocumentState state = defaultDocumentState(registry);
        state.recipe.detail = 6;
        state.recipe.seed = 40;
        document = std::make_unique<Document>(state);
        window = std::make_unique<SeedVariationsWindow>(registry, document.get());
        window->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(window.get()));
        ASSERT_TRUE(waitAllCurrent());
    }

    [[nodiscard]] bool waitAllCurrent() {
        return QTest::qWaitFor([this] { return window->allCurrent(); }, kWait_ms);
    }

    const core::Registry registry = core::makeBuiltinRegistry();
    std::unique_ptr<Document> document;
    std::unique_ptr<SeedVariationsWindow> window;
};

TEST_F(SeedVariationsTest, ThumbnailsShowSuccessiveSeedsOfTheRecipe) {
    ASSERT_EQ(window->cellCount(), 9);
    for (int i = 0; i < 9; ++i) {
        EXPECT_EQ(window->cellRecipe(i).seed, 40u + quint64(i));
        core::Recipe expected = document->state().recipe;
        expected.seed = 40u + quint64(i);
        EXPECT_EQ(window->cellRecipe(i), expected);
        EXPECT_FALSE(window->cellButton(i)->icon().isNull());
    }
    EXPECT_TRUE(window->cellButton(0)->isChecked());  // the document's seed
    window->setColumns(4);
    EXPECT_EQ(window->cellCount(), 16);
    ASSERT_TRUE(waitAllCurrent());
    EXPECT_EQ(window->cellRecipe(15).seed, 55u);
}

TEST_F(SeedVariationsTest, ClickingAThumbnailAdoptsItsSeedAsOneUndoStep) {
    const DocumentState before = document->state();
    QTest::mouseClick(window->cellButton(4), Qt::LeftButton);
    EXPECT_EQ(document->state().recipe.seed, 44u);
    EXPECT_EQ(document->undoStack()->count(), 1);
    EXPECT_TRUE(document->isModified());
    // Everything but the seed is as before.
    DocumentState expected = before;
    expected.recipe.seed = 44u;
    EXPECT_EQ(document->state(), expected);
    // The grid stays where it was, with the chosen one marked.
    EXPECT_EQ(window->firstSeed(), 40u);
    EXPECT_TRUE(window->cellButton(4)->isChecked());
    EXPECT_FALSE(window->cellButton(0)->isChecked());

    document->undoStack()->undo();
    EXPECT_EQ(document->state(), before);
    EXPECT_TRUE(window->cellButton(0)->isChecked());
    EXPECT_FALSE(window->cellButton(4)->isChecked());
}

TEST_F(SeedVariationsTest, ARecipeChangeRegeneratesFromTheDocumentSeed) {
    DocumentState next = document->state();
    next.recipe.params["roughness"] = 0.9;
    next.recipe.seed = 100;
    document->edit(next, QStringLiteral("test"));
    EXPECT_EQ(window->firstSeed(), 100u);
    EXPECT_FALSE(window->allCurrent());  // the old thumbnails are not the new recipe's
    ASSERT_TRUE(waitAllCurrent());
    EXPECT_EQ(window->cellRecipe(2).params.at("roughness"), 0.9);
    window->showPage(+1);
    EXPECT_EQ(window->firstSeed(), 109u);
    ASSERT_TRUE(waitAllCurrent());
}

// A stacked recipe's thumbnails show the stacked terrain (evaluated as the editor
// does, in the document's world); a click still sets the seed only.
TEST(SeedVariationsStack, ThumbnailsShowTheWholeStack) {
    const core::Registry registry = core::makeBuiltinRegistry();
    DocumentState state = defaultDocumentState(registry);
    state.recipe.detail = 6;
    state.recipe.seed = 40;
    core::OpInstance layer = core::newOperation(registry, state.recipe, "midpoint-displacement");
    layer.weight = 0.3;
    state.recipe.operations.push_back(layer);
    core::OpInstance clamp = core::newOperation(registry, state.recipe, "clamp");
    clamp.params["low"] = 30.0;
    clamp.params["high"] = 70.0;
    state.recipe.operations.push_back(clamp);
    state.setWorld(WorldSize{2.0, 0.0, 100.0});
    Document document(state);
    auto evaluator = std::make_shared<core::StackEvaluator>(registry);
    SeedVariationsWindow window(registry, &document, evaluator);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.allCurrent(); }, kWait_ms));
    EXPECT_EQ(window.cellWorld().metresPerPixel, 2.0);
    for (int i = 0; i < window.cellCount(); ++i) {
        SCOPED_TRACE(i);
        const core::Recipe recipe = window.cellRecipe(i);
        EXPECT_EQ(recipe.operations, state.recipe.operations);
        const core::Heightmap expected =
            core::evaluateStack(registry, recipe, window.cellWorld(), core::GenerateContext{});
        ASSERT_TRUE(window.cellMap(i));
        EXPECT_EQ(*window.cellMap(i), expected);
        core::Recipe bare = recipe;
        bare.operations.clear();
        EXPECT_NE(expected, core::generate(registry, bare, core::GenerateContext{}));
        // Through the shared evaluator: it holds every thumbnail's stack.
        EXPECT_TRUE(evaluator->evaluate(recipe, window.cellWorld(), {}).computed.empty());
    }
    QTest::mouseClick(window.cellButton(3), Qt::LeftButton);
    DocumentState expected = state;
    expected.recipe.seed = 43;
    EXPECT_EQ(document.state(), expected);
    EXPECT_EQ(document.undoStack()->count(), 1);
}

// The editor's menu entries open the windows on the main document.
class SeedVariationsEditorTest : public testing::EditorTest {
protected:
    QAction* menuAction(const QString& text) const {
        for (QAction* top : m_window->menuBar()->actions()) {
            if (!top->menu()) continue;
            for (QAction* action : top->menu()->actions()) {
                if (action->text() == text) return action;
            }
        }
        return nullptr;
    }
};

TEST_F(SeedVariationsEditorTest, MenuOpensTheGridAndAClickIsOneUndoStepInTheEditor) {
    QAction* open = menuAction(QStringLiteral("Seed &Variations…"));
    ASSERT_NE(open, nullptr);
    open->trigger();
    auto* grid = m_window->findChild<SeedVariationsWindow*>();
    ASSERT_NE(grid, nullptr);
    ASSERT_TRUE(QTest::qWaitFor([grid] { return grid->allCurrent(); }, kWait_ms));
    const quint64 seed = m_window->document()->state().recipe.seed;
    const int steps = m_window->document()->undoStack()->count();
    QTest::mouseClick(grid->cellButton(2), Qt::LeftButton);
    EXPECT_EQ(m_window->document()->state().recipe.seed, seed + 2);
    EXPECT_EQ(m_window->document()->undoStack()->count(), steps + 1);
    ASSERT_TRUE(waitUpToDate());  // the main view follows the adopted seed
    m_window->document()->undoStack()->undo();
    EXPECT_EQ(m_window->document()->state().recipe.seed, seed);
}

TEST_F(SeedVariationsEditorTest, CompareMenuOpensPanelsStartingFromTheDocument) {
    QAction* open = menuAction(QStringLiteral("&Compare Algorithms…"));
    ASSERT_NE(open, nullptr);
    EXPECT_EQ(open->shortcut(), QKeySequence(QStringLiteral("Ctrl+K")));
    open->trigger();
    auto* compare = m_window->findChild<CompareWindow*>();
    ASSERT_NE(compare, nullptr);
    EXPECT_EQ(compare->panel(0)->recipe(), m_window->document()->state().recipe);
    EXPECT_EQ(compare->previewStyle().colorMap, m_window->document()->state().view.colorMap);
    ASSERT_TRUE(QTest::qWaitFor([compare] { return compare->isUpToDate(); }, kWait_ms));
}

// "Use in document" from the compare window, then one Ctrl+Z (the editor's undo key works from
// the compare window): the document's recipe is back byte for byte.
TEST_F(SeedVariationsEditorTest, UseInDocumentFromCompareAndOneCtrlZ) {
    QAction* open = menuAction(QStringLiteral("&Compare Algorithms…"));
    ASSERT_NE(open, nullptr);
    open->trigger();
    auto* compare = m_window->findChild<CompareWindow*>();
    ASSERT_NE(compare, nullptr);
    ASSERT_TRUE(QTest::qWaitForWindowExposed(compare));
    const std::string before = core::recipeToText(m_window->registry(), m_window->document()->state().recipe);
    const DocumentState beforeState = m_window->document()->state();
    core::Recipe stacked = compare->panel(1)->recipe();
    core::OpInstance layer = core::newOperation(m_window->registry(), stacked, "diamond-square");
    layer.weight = 0.3;
    stacked.operations.push_back(layer);
    stacked.operations.push_back(core::newOperation(m_window->registry(), stacked, "normalize"));
    compare->setPanelRecipe(1, stacked);
    ASSERT_TRUE(QTest::qWaitFor([compare] { return compare->isUpToDate(); }, kWait_ms));
    const int steps = m_window->document()->undoStack()->count();
    QTest::mouseClick(compare->panel(1)->useInDocumentButton(), Qt::LeftButton);
    core::Recipe used = compare->panel(1)->recipe();
    used.world = beforeState.recipe.world;  // the compare window shows panels in the document's world
    EXPECT_EQ(m_window->document()->state().recipe, used);
    EXPECT_EQ(m_window->document()->state().recipe.operations.size(), 2u);
    EXPECT_EQ(m_window->document()->undoStack()->count(), steps + 1);
    compare->activateWindow();
    QTest::keyClick(compare, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(core::recipeToText(m_window->registry(), m_window->document()->state().recipe), before);
    EXPECT_EQ(m_window->document()->state(), beforeState);
}

}  // namespace
}  // namespace terrain::app
