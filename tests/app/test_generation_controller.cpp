// The generation controller alone: latest request wins, stale results never shown, coarse first
// for large maps, cancel.
#include "app/generation/generation_controller.h"

#include "core/cancel.h"
#include "core/recipe.h"
#include "core/registry.h"

#include <QTest>

#include <gtest/gtest.h>

#include <chrono>
#include <thread>
#include <vector>

namespace terrain::app {
namespace {

constexpr int kWait_ms = 120000;

core::Heightmap generated(const core::Registry& registry, const core::Recipe& recipe) {
    return core::generate(registry, recipe, core::GenerateContext{});
}

// Records every result the controller delivers.
class GenerationControllerTest : public ::testing::Test {
protected:
    GenerationControllerTest() {
        QObject::connect(&controller, &GenerationController::resultReady,
                         [this](const GenerationResult& r) { results.push_back(r); });
    }
    [[nodiscard]] bool waitIdle() {
        return QTest::qWaitFor([this] { return !controller.busy(); }, kWait_ms);
    }

    const core::Registry registry = core::makeBuiltinRegistry();
    GenerationController controller{registry};
    std::vector<GenerationResult> results;
};

TEST_F(GenerationControllerTest, LatestRequestWinsAndResultsOnlyMoveForward) {

    core::Recipe recipe = core::defaultRecipe(registry, "diamond-square");
    recipe.detail = 8;
    quint64 last = 0;
    for (int i = 0; i < 50; ++i) {
        recipe.seed = std::uint64_t(i);
        last = controller.submit(recipe, render::PreviewStyle{});
        if (i % 7 == 0) QCoreApplication::processEvents();
    }
    ASSERT_TRUE(waitIdle());
    ASSERT_FALSE(results.empty());
    for (std::size_t i = 1; i < results.size(); ++i) {
        EXPECT_GE(results[i].request, results[i - 1].request);
    }
    EXPECT_EQ(results.back().request, last);
    EXPECT_TRUE(results.back().recipe == recipe);
    EXPECT_TRUE(*results.back().map == generated(registry, recipe));
    // Far fewer generations than requests: the frame timer and cancellation coalesce them.
    EXPECT_LT(results.size(), 50u);
}

// The coarse map is the same recipe at a lower detail, which by the lattice rule is
// every 2^k-th sample of the full map, bit for bit: the first image shows the final terrain.
TEST_F(GenerationControllerTest, LargeMapsShowAnExactLowerDetailFirstThenTheFullMap) {
    static_assert(GenerationController::coarseDetail(12) == 10);
    static_assert(GenerationController::coarseDetail(13) == 11);  // the lattice rule: 11 or 12 at 13
    static_assert(GenerationController::coarseDetail(14) == 11);
    for (const char* algorithm : {"diamond-square", "midpoint-displacement"}) {
        results.clear();
        core::Recipe recipe = core::defaultRecipe(registry, algorithm);
        recipe.detail = GenerationController::kCoarseFromDetail;
        recipe.seed = 12;
        controller.submit(recipe, render::PreviewStyle{});
        ASSERT_TRUE(waitIdle());
        ASSERT_EQ(results.size(), 2u);
        EXPECT_TRUE(results[0].coarse);
        EXPECT_FALSE(results[1].coarse);
        EXPECT_EQ(results[1].map->width(), (1 << recipe.detail) + 1);
        EXPECT_EQ(results[1].image.width(), results[1].map->width());
        core::Recipe lower = recipe;
        lower.detail = GenerationController::coarseDetail(recipe.detail);
        EXPECT_TRUE(*results[0].map == generated(registry, lower)) << algorithm;
        const core::Heightmap& full = *results[1].map;
        const int step = (full.width() - 1) / (results[0].map->width() - 1);
        ASSERT_EQ(step, 4);
        bool same = true;
        for (int y = 0; y < results[0].map->height() && same; ++y)
            for (int x = 0; x < results[0].map->width() && same; ++x)
                same = results[0].map->at(x, y) == full.at(x * step, y * step);
        EXPECT_TRUE(same) << algorithm << ": the coarse map is not every 4th sample of the full map";
    }
}

// One job's progress never runs backwards from the coarse map to the full one.
TEST_F(GenerationControllerTest, ProgressOfALargeMapOnlyMovesForward) {
    std::vector<float> progress;
    QObject::connect(&controller, &GenerationController::progressChanged,
                     [&](float f) { progress.push_back(f); });
    core::Recipe recipe = core::defaultRecipe(registry, "diamond-square");
    recipe.detail = 13;
    controller.submit(recipe, render::PreviewStyle{});
    ASSERT_TRUE(waitIdle());
    ASSERT_GE(progress.size(), 3u);
    for (std::size_t i = 1; i < progress.size(); ++i) EXPECT_GE(progress[i], progress[i - 1]) << i;
    EXPECT_LE(progress.back(), 1.0f);
    EXPECT_GE(progress.back(), 0.99f);
}

TEST_F(GenerationControllerTest, StyleOnlyChangesReuseTheMap) {
    core::Recipe recipe = core::defaultRecipe(registry, "diamond-square");
    recipe.detail = 7;
    controller.submit(recipe, render::PreviewStyle{});
    ASSERT_TRUE(waitIdle());
    render::PreviewStyle style;
    style.colorMap = render::ColorMap::Terrain;
    controller.submit(recipe, style);
    ASSERT_TRUE(waitIdle());
    ASSERT_EQ(results.size(), 2u);
    EXPECT_EQ(results[0].map, results[1].map);  // the same snapshot, not regenerated
    EXPECT_NE(results[0].image, results[1].image);
}

TEST_F(GenerationControllerTest, CancelStopsTheRunningJobAndKeepsTheShownResult) {
    int cancelled = 0;
    QObject::connect(&controller, &GenerationController::cancelled, [&] { ++cancelled; });
    core::Recipe recipe = core::defaultRecipe(registry, "diamond-square");
    recipe.detail = 13;
    const quint64 request = controller.submit(recipe, render::PreviewStyle{});
    controller.cancel();
    ASSERT_TRUE(waitIdle());
    EXPECT_EQ(cancelled, 1);
    for (const GenerationResult& r : results) {
        EXPECT_FALSE(r.request == request && !r.coarse) << "a cancelled job delivered its map";
    }
}

}  // namespace
}  // namespace terrain::app

namespace terrain::app {
namespace {

// A long operation that improves its output in steps (as erosion does): it shows each step's map
// through the context and reports its progress.
core::Registry registryWithSlowStage() {
    core::Registry registry = core::makeBuiltinRegistry();
    core::OpType slow;
    slow.id = "slow-steps";
    slow.name = "Slow steps";
    slow.summary = "adds 1 per step, 8 steps of 120 ms";
    slow.run = [](const std::map<std::string, double>&, const core::OpCall& call) {
        for (int step = 1; step <= 8; ++step) {
            std::this_thread::sleep_for(std::chrono::milliseconds(120));
            call.context.throwIfCancelled();
            for (int y = 0; y < call.input.height(); ++y)
                for (int x = 0; x < call.input.width(); ++x) call.output.at(x, y) = call.input.at(x, y) + float(step);
            call.context.report(float(step) / 8.0f);
            if (step < 8) call.context.showPartial(call.output);
        }
    };
    registry.addOp(slow);
    return registry;
}

TEST(GenerationControllerPartial, ALongStageShowsItsMapWhileItImprovesThenTheFinalMap) {
    const core::Registry registry = registryWithSlowStage();
    GenerationController controller{registry};
    std::vector<GenerationResult> results;
    std::vector<QString> stages;
    QObject::connect(&controller, &GenerationController::resultReady,
                     [&](const GenerationResult& r) { results.push_back(r); });
    QObject::connect(&controller, &GenerationController::stageChanged,
                     [&](const QString& text, float) { stages.push_back(text); });
    core::Recipe recipe = core::defaultRecipe(registry, "diamond-square");
    recipe.detail = 6;
    core::OpInstance slow;
    slow.id = "slow-1";
    slow.type = "slow-steps";
    recipe.operations.push_back(slow);
    controller.submit(recipe, render::PreviewStyle{});
    ASSERT_TRUE(QTest::qWaitFor([&] { return !controller.busy(); }, kWait_ms));

    ASSERT_GE(results.size(), 2u);
    const core::Heightmap base = generated(registry, recipe);
    // Partial results first: each a whole number of steps above the base, never the last step.
    for (std::size_t i = 0; i + 1 < results.size(); ++i) {
        ASSERT_TRUE(results[i].partial);
        ASSERT_TRUE(results[i].coarse);
        const float step = results[i].map->at(0, 0) - base.at(0, 0);
        EXPECT_GE(step, 1.0f);
        EXPECT_LT(step, 8.0f);
    }
    // Then the final map, all 8 steps, with the stack's own bytes.
    const GenerationResult& last = results.back();
    EXPECT_FALSE(last.partial);
    EXPECT_FALSE(last.coarse);
    EXPECT_EQ(last.map->at(5, 7), base.at(5, 7) + 8.0f);
    // The status text names the stage, its place in the stack, and how long it still needs.
    ASSERT_FALSE(stages.empty());
    bool named = false, timeLeft = false;
    for (const QString& s : stages) {
        named |= s.startsWith(QStringLiteral("Slow steps (2 of 2)"));
        timeLeft |= s.endsWith(QStringLiteral(" s left"));
    }
    EXPECT_TRUE(named) << stages.back().toStdString();
    EXPECT_TRUE(timeLeft) << stages.back().toStdString();
}

// The real river-erosion in the editor's controller: the valleys cut at its coarse level reach the
// views as a partial map of the full size before the final map.
TEST_F(GenerationControllerTest, RiverErosionShowsItsValleysBeforeItFinishes) {
    core::Recipe recipe = core::defaultRecipe(registry, "fbm");
    recipe.detail = 10;
    recipe.operations.push_back(core::newOperation(registry, recipe, "river-erosion"));
    QString failure;
    QObject::connect(&controller, &GenerationController::failed, [&](const QString& m) { failure = m; });
    QObject::connect(&controller, &GenerationController::stageFailed,
                     [&](int, const QString&, const QString& m) { failure = m; });
    controller.submit(recipe, render::PreviewStyle{});
    ASSERT_TRUE(waitIdle());
    ASSERT_TRUE(failure.isEmpty()) << failure.toStdString();
    ASSERT_FALSE(results.empty());
    const GenerationResult& last = results.back();
    ASSERT_FALSE(last.partial);
    int partials = 0;
    for (std::size_t i = 0; i + 1 < results.size(); ++i) {
        if (!results[i].partial) continue;
        ++partials;
        EXPECT_EQ(results[i].map->width(), last.map->width());
        EXPECT_NE(*results[i].map, *last.map);  // before the finest level's steps
    }
    EXPECT_GE(partials, 1);
}

}  // namespace
}  // namespace terrain::app
