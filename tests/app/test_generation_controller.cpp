// The generation controller alone: latest request wins, stale results never shown, coarse first
// for large maps, cancel.
#include "app/generation_controller.h"

#include "core/cancel.h"
#include "core/registry.h"

#include <QTest>

#include <gtest/gtest.h>

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

TEST_F(GenerationControllerTest, LargeMapsShowACoarseLevelFirstThenTheFullMap) {
    core::Recipe recipe = core::defaultRecipe(registry, "diamond-square");
    recipe.detail = GenerationController::kCoarseFromDetail;
    controller.submit(recipe, render::PreviewStyle{});
    ASSERT_TRUE(waitIdle());
    ASSERT_EQ(results.size(), 2u);
    EXPECT_TRUE(results[0].coarse);
    EXPECT_LT(results[0].map->width(), results[1].map->width());
    EXPECT_FALSE(results[1].coarse);
    EXPECT_EQ(results[1].map->width(), (1 << recipe.detail) + 1);
    EXPECT_EQ(results[1].image.width(), results[1].map->width());
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
