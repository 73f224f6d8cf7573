// The compare window with a stacked document: each panel holds the document's stack
// after its own generator, shares the common prefix, keeps the stack through parameter edits,
// turns an entry off in one panel, and "Use in document" is one undo step. Waits poll for the
// workers; nothing asserts how fast.
#include "app/compare/compare_panel.h"
#include "app/compare/compare_runner.h"
#include "app/compare/compare_window.h"
#include "app/document/document.h"
#include "app/document/document_state.h"
#include "app/stack/parameter_panel.h"

#include "core/cancel.h"
#include "core/registry.h"
#include "core/stack/evaluator.h"
#include "render/preview_widget.h"
#include "render/terrain_view.h"

#include <QLabel>
#include <QMenu>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace terrain::app {
namespace {

constexpr int kWait_ms = 120000;

// A document whose recipe is a stack: diamond-square, clamp, and midpoint displacement added
// on top at weight 0.3. Operations in metres read the document's world.
core::Recipe stackedRecipe(const core::Registry& registry) {
    core::Recipe recipe = core::defaultRecipe(registry, "diamond-square");
    recipe.detail = 6;
    recipe.seed = 3;
    core::OpInstance clamp = core::newOperation(registry, recipe, "clamp");
    clamp.params["low"] = 20.0;
    clamp.params["high"] = 85.0;
    recipe.operations.push_back(clamp);
    core::OpInstance layer = core::newOperation(registry, recipe, "midpoint-displacement");
    layer.blend = core::BlendMode::Add;
    layer.weight = 0.3;
    recipe.operations.push_back(layer);
    return recipe;
}

class CompareStackTest : public ::testing::Test {
protected:
    void SetUp() override {
        DocumentState state = defaultDocumentState(registry);
        state.recipe = stackedRecipe(registry);
        state.setWorld(WorldSize{4.0, -20.0, 180.0});
        document = std::make_unique<Document>(state);
        window = std::make_unique<CompareWindow>(registry, document.get(), evaluator);
        window->resize(1500, 900);
        window->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(window.get()));
        ASSERT_TRUE(waitUpToDate());
    }

    [[nodiscard]] bool waitUpToDate() {
        return QTest::qWaitFor([this] { return window->isUpToDate(); }, kWait_ms);
    }

    core::Heightmap reference(const core::Recipe& recipe) const {
        return core::evaluateStack(registry, recipe, document->state().world().units(), core::GenerateContext{});
    }

    const core::Registry registry = core::makeBuiltinRegistry();
    std::shared_ptr<core::StackEvaluator> evaluator = std::make_shared<core::StackEvaluator>(registry);
    std::unique_ptr<Document> document;
    std::unique_ptr<CompareWindow> window;
};

// Each panel holds a whole stack, the document's after the panel's own generator, and
// shows the stacked terrain (the map core::evaluateStack makes in the document's world).
TEST_F(CompareStackTest, PanelsHoldTheDocumentStackAfterTheirGenerator) {
    const core::Recipe& doc = document->state().recipe;
    EXPECT_EQ(window->panel(0)->recipe(), doc);
    EXPECT_EQ(window->panel(1)->recipe().algorithm, "midpoint-displacement");
    EXPECT_EQ(window->panel(1)->recipe().operations, doc.operations);
    EXPECT_EQ(window->evaluator(), evaluator);
    for (int i = 0; i < 2; ++i) {
        SCOPED_TRACE(i);
        const StackRun& run = *window->panel(i)->current();
        EXPECT_EQ(run.units.metresPerPixel, 4.0);
        EXPECT_EQ(run.units.loMetres, -20.0);
        const core::Heightmap expected = reference(window->panel(i)->recipe());
        EXPECT_EQ(*run.map, expected);
        EXPECT_EQ(*window->panel(i)->preview()->heightmap(), expected);
        // Not the bare generator: the stack changed the map.
        core::Recipe bare = window->panel(i)->recipe();
        bare.operations.clear();
        EXPECT_NE(expected, core::generate(registry, bare, core::GenerateContext{}));
        // The stats read metres through the base generator's world mapping.
        const core::HeightMapping world = evaluator->worldMapping(window->panel(i)->recipe(), 1.0, {});
        EXPECT_EQ(run.world.lo, world.lo);
        EXPECT_EQ(run.world.hi, world.hi);
        // The panel says what its stack is.
        const QString stack = window->panel(i)->stackLabel()->toolTip();
        EXPECT_TRUE(stack.contains(QStringLiteral("Clamp"))) << stack.toStdString();
        EXPECT_TRUE(stack.contains(QStringLiteral("Midpoint displacement (add 0.3)"))) << stack.toStdString();
    }
    EXPECT_TRUE(window->panel(0)->stackLabel()->toolTip().startsWith(QStringLiteral("Stack: Diamond")));
}

// Panels share the evaluator's cached stages: a panel whose stack starts like another's only
// computes what follows the common prefix.
TEST_F(CompareStackTest, PanelsShareTheCommonPrefix) {
    core::Recipe longer = document->state().recipe;
    core::OpInstance normalize = core::newOperation(registry, longer, "normalize");
    longer.operations.push_back(normalize);
    window->setPanelRecipe(1, longer);
    ASSERT_TRUE(waitUpToDate());
    // Panel A (the document's stack) computed stages 0..2; B only its normalize.
    EXPECT_EQ(window->panel(1)->current()->computed, std::vector<int>{3});
    EXPECT_EQ(*window->panel(1)->current()->map, reference(longer));
    // And the shared evaluator holds A's stack: nothing to compute for it again.
    const StackRun& a = *window->panel(0)->current();
    EXPECT_TRUE(evaluator->evaluate(a.recipe, a.units, core::GenerateContext{}).computed.empty());
}

// Editing the panel's generator keeps the operations after it (a new algorithm from the
// parameter editor comes without them).
TEST_F(CompareStackTest, ParameterEditsKeepTheStack) {
    core::Recipe edited = core::defaultRecipe(registry, "diamond-square");
    edited.seed = window->panel(0)->recipe().seed;
    edited.detail = window->panel(0)->recipe().detail;
    edited.params["roughness"] = 0.8;
    emit window->panel(0)->parameters()->recipeEdited(edited, QStringLiteral("Change roughness"), {});
    EXPECT_EQ(window->panel(0)->recipe().params.at("roughness"), 0.8);
    EXPECT_EQ(window->panel(0)->recipe().operations, document->state().recipe.operations);
    ASSERT_TRUE(waitUpToDate());
    EXPECT_EQ(window->panel(0)->current()->computed, (std::vector<int>{0, 1, 2}));
}

// Operations in metres read the document's world: a new height range evaluates the panels again.
TEST_F(CompareStackTest, ANewWorldEvaluatesThePanelsAgain) {
    const core::Heightmap before = *window->panel(0)->current()->map;
    DocumentState next = document->state();
    next.setWorld(WorldSize{next.world().metresPerPixel, next.world().lowMetres, 380.0});  // the clamp's 20..85 m is now a smaller part of the range
    document->edit(next, QStringLiteral("Change World Size"));
    ASSERT_TRUE(waitUpToDate());
    EXPECT_EQ(window->panel(0)->current()->units.hiMetres, 380.0);
    EXPECT_EQ(*window->panel(0)->current()->map, reference(window->panel(0)->recipe()));
    EXPECT_NE(*window->panel(0)->current()->map, before);
}

// "With erosion against without": a panel's Entries menu turns one entry of its stack off in
// that panel only; the panel then shows the stack without it.
TEST_F(CompareStackTest, EntriesMenuTurnsAnEntryOffInOnePanel) {
    window->setPanelRecipe(1, document->state().recipe);  // both panels: the document's stack
    ASSERT_TRUE(waitUpToDate());
    QToolButton* button = window->panel(1)->entriesButton();
    QMenu* menu = button->menu();
    ASSERT_NE(menu, nullptr);
    // The click opens the menu (built as it opens) and runs it until it closes: the keys go to
    // it from a timer, as a user's would.
    QStringList texts;
    bool checked = false;
    QTimer::singleShot(0, menu, [menu, &texts, &checked] {
        if (!QTest::qWaitFor([menu] { return menu->isVisible(); }, 10000)) return;  // the checks below fail
        for (QAction* action : menu->actions()) texts << action->text();
        checked = !menu->actions().isEmpty() && menu->actions().back()->isChecked();
        // The second entry (the layer): Down twice to it, Return toggles it.
        QTest::keyClick(menu, Qt::Key_Down);
        QTest::keyClick(menu, Qt::Key_Down);
        QTest::keyClick(menu, Qt::Key_Return);
    });
    QTest::mouseClick(button, Qt::LeftButton);
    ASSERT_EQ(texts.size(), 2);
    EXPECT_EQ(texts[0], QStringLiteral("Clamp"));
    EXPECT_TRUE(checked);
    ASSERT_TRUE(QTest::qWaitFor([this] { return !window->panel(1)->recipe().operations[1].enabled; }, kWait_ms));
    ASSERT_TRUE(waitUpToDate());
    core::Recipe without = document->state().recipe;
    without.operations[1].enabled = false;
    without.seed = window->panel(1)->recipe().seed;
    without.detail = window->panel(1)->recipe().detail;
    EXPECT_EQ(*window->panel(1)->current()->map, reference(without));
    EXPECT_EQ(*window->panel(0)->current()->map, reference(window->panel(0)->recipe()));
    EXPECT_TRUE(window->panel(0)->recipe().operations[1].enabled);  // the other panel keeps it
    EXPECT_TRUE(document->state().recipe.operations[1].enabled);    // and so does the document
    EXPECT_TRUE(window->panel(1)->stackLabel()->toolTip().contains(QStringLiteral("[off]")));
}

// Latest request wins: of a burst of requests only the last one's result is delivered.
TEST(StackRunnerTest, OnlyTheLatestRequestIsDelivered) {
    const core::Registry registry = core::makeBuiltinRegistry();
    StackRunner runner(std::make_shared<core::StackEvaluator>(registry));
    std::vector<StackRun> delivered;
    QObject::connect(&runner, &StackRunner::finished, [&](const StackRun& run) { delivered.push_back(run); });
    core::Recipe recipe = stackedRecipe(registry);
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        recipe.seed = seed;
        runner.submit(recipe, core::WorldUnits{}, render::PreviewStyle{});
    }
    ASSERT_TRUE(QTest::qWaitFor([&] { return !runner.busy() && !delivered.empty(); }, kWait_ms));
    QTest::qWait(50);
    ASSERT_EQ(delivered.size(), 1u);
    EXPECT_EQ(delivered[0].request, 5u);
    EXPECT_EQ(delivered[0].recipe.seed, 5u);
    EXPECT_TRUE(delivered[0].error.isEmpty()) << delivered[0].error.toStdString();
    EXPECT_EQ(*delivered[0].map, core::evaluateStack(registry, recipe, core::WorldUnits{}, {}));
    EXPECT_FALSE(delivered[0].image.isNull());
    // A bad recipe arrives as an error naming the operation's field.
    recipe.operations[0].params["low"] = 1e9;
    runner.submit(recipe, core::WorldUnits{});
    ASSERT_TRUE(QTest::qWaitFor([&] { return delivered.size() == 2; }, kWait_ms));
    EXPECT_TRUE(delivered[1].error.contains(QStringLiteral("low"))) << delivered[1].error.toStdString();
    EXPECT_FALSE(delivered[1].map);
}

// "Use in document": the panel's whole recipe into the document, one undo step, the world's
// extent kept; one Ctrl+Z gives back the previous recipe byte for byte.
TEST_F(CompareStackTest, UseInDocumentIsOneUndoStep) {
    const DocumentState before = document->state();
    const std::string beforeText = core::recipeToText(registry, before.recipe);
    window->panel(1)->setSharesSeedAndDetail(false);
    core::Recipe b = window->panel(1)->recipe();
    b.detail = 7;  // twice the samples a side: half the metres per sample
    b.seed = 11;
    window->setPanelRecipe(1, b);
    ASSERT_TRUE(waitUpToDate());
    QToolButton* use = window->panel(1)->useInDocumentButton();
    ASSERT_TRUE(use->isVisible());
    QTest::mouseClick(use, Qt::LeftButton);
    b.world = before.recipe.world;  // the document keeps its world; the panel edits the terrain
    EXPECT_EQ(document->state().recipe, b);
    EXPECT_EQ(document->state().recipe.operations, before.recipe.operations);
    EXPECT_EQ(document->state().world().metresPerPixel, 2.0);
    EXPECT_EQ(document->state().world().lowMetres, before.world().lowMetres);
    EXPECT_EQ(document->undoStack()->count(), 1);
    EXPECT_EQ(document->undoStack()->undoText(), QStringLiteral("Use Midpoint displacement from Compare"));

    document->undoStack()->undo();
    EXPECT_EQ(document->state(), before);
    EXPECT_EQ(core::recipeToText(registry, document->state().recipe), beforeText);
    EXPECT_EQ(document->undoStack()->index(), 0);
}

// Not a check: the stacked panels picture for the user guide, when TERRAIN_COMPARE_SHOTS names a
// folder (run as CompareShots.WriteDocImages above says).
TEST(CompareShots, WriteStackImage) {
    const QString folder = qEnvironmentVariable("TERRAIN_COMPARE_SHOTS");
    if (folder.isEmpty()) GTEST_SKIP() << "set TERRAIN_COMPARE_SHOTS to write the doc image";
    const core::Registry registry = core::makeBuiltinRegistry();
    DocumentState state = defaultDocumentState(registry);
    state.recipe = stackedRecipe(registry);
    state.recipe.detail = 8;
    state.recipe.seed = 7;
    state.setWorld(WorldSize{4.0, 0.0, 100.0});
    state.view.colorMap = render::ColorMap::Terrain;
    state.view.hillshade = true;
    Document document(state);
    CompareWindow window(registry, &document);
    window.resize(1500, 940);
    window.setPanelCount(3);
    core::Recipe edges = document.state().recipe;
    edges.params["edge"] = 1.0;  // wrap
    window.setPanelRecipe(2, edges);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.isUpToDate(); }, kWait_ms));
    QTest::qWait(400);  // let the 3-D views draw
    ASSERT_TRUE(window.grab().save(folder + QStringLiteral("/compare_stack.png")));
}

}  // namespace
}  // namespace terrain::app
