// river-erosion's meanders: a main river swings in loops across a wide valley floor and stays in
// a narrow valley, the same bytes on any thread count; recipes of format 7 keep their rivers.
#include "core/heightmap.h"
#include "core/recipe.h"
#include "core/registry.h"
#include "core/sha256.h"
#include "core/stack/evaluator.h"
#include "core/recipe.h"

#include "map_test_support.h"
#include "river_test_support.h"
#include "stack_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace core = terrain::core;
using namespace stack_test;
using map_test::sameBits;

namespace {

constexpr int kSide = 513;
constexpr double kSpacing = 4.0;  // 2 km: the river's width (8 m by default) is 2 samples

// A valley running west along the middle row to the west edge, falling `fall` (2 m a km), its floor
// `floorWidth_m` wide and falling 2 % to its middle between walls rising 20 % (a V when 0),
// with a little roughness (±0.1 m).
core::Heightmap valley(double floorWidth_m, double fall = 0.002) {
    core::Heightmap map(kSide, kSide);
    for (int y = 0; y < kSide; ++y)
        for (int x = 0; x < kSide; ++x) {
            const double across = std::abs(double(y - kSide / 2)) * kSpacing;
            const double wall = std::max(0.0, across - floorWidth_m / 2.0) * 0.20;
            const double rough = double((std::uint32_t(x) * 2654435761U ^ std::uint32_t(y) * 40503U) % 1000U) / 1000.0;
            map.at(x, y) = float(100.0 + fall * x * kSpacing + 0.02 * std::min(across, floorWidth_m / 2.0) + wall +
                                 0.2 * (rough - 0.5));
        }
    return map;
}

// The main channel (the cell of each column with the most flow within 100 m of the valley's line,
// over the valley's length but its last 16 samples): how far it strays across the valley (the
// standard deviation of its rows, in metres).
double spreadOfTheMainChannel(const RiverRun& run) {
    const core::Heightmap& flow = *run.masks.at("flow");
    std::vector<double> row;
    for (int x = 16; x < kSide - 16; ++x) {
        int best = kSide / 2;
        for (int y = kSide / 2 - 25; y <= kSide / 2 + 25; ++y)
            if (flow.at(x, y) > flow.at(x, best)) best = y;
        row.push_back(double(best));
    }
    double mean = 0.0;
    for (double r : row) mean += r;
    mean /= double(row.size());
    double var = 0.0;
    for (double r : row) var += (r - mean) * (r - mean);
    return std::sqrt(var / double(row.size())) * kSpacing;
}

}  // namespace

// On a floor 800 m wide the main river swings across it in loops: its course strays twice as far
// from the valley's line as without meanders (meander 0), where it runs down the middle. The
// flow mask it is measured on follows the loops: the finer levels' water runs in the cut channel.
TEST(RiverMeanders, AMainRiverMeandersAcrossAWideFloor) {
    const core::Heightmap map = valley(800.0);
    const RiverRun straight = riverRun(map, {{"meander", "0"}}, 2, kSpacing);
    const RiverRun meandering = riverRun(map, {}, 2, kSpacing);
    const double a = spreadOfTheMainChannel(straight), b = spreadOfTheMainChannel(meandering);
    std::printf("the main channel strays %.1f m with meander 0, %.1f m by default\n", a, b);
    EXPECT_GT(b, 1.8 * a);
    const RiverRun one = riverRun(map, {}, 1, kSpacing);
    EXPECT_TRUE(sameBits(one.heights, meandering.heights));
    EXPECT_TRUE(sameBits(*one.masks.at("flow"), *meandering.masks.at("flow")));
}

// In a V-shaped valley there is no floor to swing across: the river stays on the valley's line.
// (One falling 2 m a km fills with sediment into a flat floor, where it does meander: this one
// falls 2 %.)
TEST(RiverMeanders, ARiverInAVShapedValleyDoesNotMeander) {
    const core::Heightmap map = valley(0.0, 0.02);
    const RiverRun straight = riverRun(map, {{"meander", "0"}}, 2, kSpacing);
    const RiverRun meandering = riverRun(map, {}, 2, kSpacing);
    const double a = spreadOfTheMainChannel(straight), b = spreadOfTheMainChannel(meandering);
    std::printf("in a V: the main channel strays %.1f m with meander 0, %.1f m by default\n", a, b);
    EXPECT_LT(b, a + kSpacing);
}

// A recipe of format 7 or older leaves meander out and had no meanders: it reads with 0 and makes
// the same bytes as before; from format 8 the default is 0.8; what a recipe says is kept, and a
// recipe written again says it.
TEST(RiverMeanders, ARecipeOfFormat7KeepsItsRivers) {
    const auto meander = [](const core::Recipe& r) { return r.operations.at(0).params.at("meander"); };
    const core::Recipe old = riverRecipeOfFormat(7, R"("duration":0.3)");
    EXPECT_EQ(meander(old), 0.0);
    EXPECT_EQ(meander(riverRecipeOfFormat(8, R"("duration":0.3)")), 0.8);
    EXPECT_EQ(meander(riverRecipeOfFormat(7, R"("duration":0.3,"meander":0.6)")), 0.6);
    EXPECT_EQ(*runRecipe(old).map, *runRecipe(riverRecipeOfFormat(8, R"("duration":0.3,"meander":0)")).map);
    const core::Recipe again = core::recipeFromText(registry(), core::recipeToText(registry(), old), "r.json");
    EXPECT_EQ(meander(again), 0.0);
}

// The meandering valley's heights and flow mask, pinned (SHA-256 of the raw floats; the clang
// build checks the same): the traced courses, the sine-generated loops and the cut (libm's sin
// and cos, glibc's on every build here).
TEST(RiverMeanders, GoldenOfAMeanderingValley) {
    const core::Heightmap map = valley(800.0);
    const auto hash = [](const core::Heightmap& m) {
        return core::sha256Hex(m.samples().data(), m.sampleCount() * sizeof(float));
    };
    for (int threads : {1, 2}) {
        const RiverRun run = riverRun(map, {}, threads, kSpacing);
        EXPECT_EQ(hash(run.heights), "4d80ab29cc270d5947ea47ce1ad29a734f2b50c3e286f6098b69676567738b03") << threads << " thread(s)";
        EXPECT_EQ(hash(*run.masks.at("flow")), "1baf39203b6fc75e490b199c5e3add0eaf0aff97ed49498cb3e265bcff5e1769") << threads << " thread(s)";
    }
}

