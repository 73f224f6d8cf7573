// river-erosion's strata: a hard caprock holds up a plateau that the rivers cut canyons into,
// canyon walls step down through the bands (steep in hard rock, benches in soft), the bands are
// placed by world position whatever the open edge adds, the same bytes on any thread count and
// the same terrain at every detail; strata 0 or hardness 0 is the river of before.
#include "core/heightmap.h"
#include "core/recipe.h"
#include "core/registry.h"
#include "core/stack/evaluator.h"

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

constexpr int kSide = 257;
constexpr double kSpacing = 20.0;  // 5 km across
constexpr double kPlateau = 410.0;
constexpr double kStrata = 100.0, kHardShare = 0.3;  // hard rock 400..430, 300..330, ... soft between

// A plateau at kPlateau m east of x = 80 (falling 0.5 % to the west, ±1 m of roughness) over an
// escarpment down to a lowland at 50 m west of x = 60, which falls 1 % to the west edge: the
// rivers of the plateau fall over the escarpment and cut back into the plateau from there.
core::Heightmap plateau() {
    core::Heightmap map(kSide, kSide);
    for (int y = 0; y < kSide; ++y)
        for (int x = 0; x < kSide; ++x) {
            const double rough = double((std::uint32_t(x) * 2654435761U ^ std::uint32_t(y) * 40503U) % 1000U) / 1000.0;
            const double top = kPlateau + 0.005 * (x - 80) * kSpacing;
            const double low = 50.0 + 0.01 * x * kSpacing;
            const double t = std::clamp((x - 60) / 20.0, 0.0, 1.0);
            map.at(x, y) = float(low + (top - low) * t * t * (3.0 - 2.0 * t) + 2.0 * (rough - 0.5));
        }
    return map;
}

RiverRun erode(const core::Heightmap& map, bool strata, int threads = 2) {
    if (!strata) return riverRun(map, {{"keep_height", "0"}}, threads, kSpacing);
    return riverRun(map, {{"keep_height", "0"}, {"strata", "100"}, {"hard_share", "0.3"}, {"hardness", "0.95"}},
                    threads, kSpacing);
}

bool inHardRock(double metres) {
    const double u = metres / kStrata;
    return u - std::floor(u) < kHardShare;
}

}  // namespace

// Without strata the rivers wear the whole plateau down; with a hard caprock (the plateau's top
// lies in a hard band) it stands where the rivers have not cut through, and the big rivers still
// cut canyons through it into the soft rock beneath.
TEST(RiverStrata, AHardCaprockHoldsUpAPlateau) {
    const core::Heightmap map = plateau();
    const RiverRun plain = erode(map, false), capped = erode(map, true);
    // Over the plateau (x from 100 to 240): the share still within 5 m of where it stood, and the
    // deepest cut.
    const auto measure = [&](const RiverRun& run, double& standing, double& deepest) {
        int kept = 0, cells = 0;
        deepest = 0.0;
        for (int y = 16; y < kSide - 16; ++y)
            for (int x = 100; x < 240; ++x, ++cells) {
                const double cut = double(map.at(x, y)) - double(run.heights.at(x, y));
                if (cut < 5.0) ++kept;
                deepest = std::max(deepest, cut);
            }
        standing = double(kept) / double(cells);
    };
    double plainStanding = 0.0, plainDeepest = 0.0, cappedStanding = 0.0, cappedDeepest = 0.0;
    measure(plain, plainStanding, plainDeepest);
    measure(capped, cappedStanding, cappedDeepest);
    std::printf("the plateau still standing: %.1f %% without strata (deepest cut %.1f m), %.1f %% under a caprock "
                "(deepest cut %.1f m)\n",
                100.0 * plainStanding, plainDeepest, 100.0 * cappedStanding, cappedDeepest);
    EXPECT_LT(plainStanding, 0.1);
    EXPECT_GT(cappedStanding, 0.3);
    EXPECT_GT(cappedDeepest, 100.0);  // canyons through the cap, into the soft rock beneath
}

// Where the rivers cut down through the bands, the walls are steep in the hard rock and gentle
// in the soft (benches): the mean slope of the cut cells in hard bands against those in soft.
TEST(RiverStrata, CanyonWallsStepDownThroughTheBands) {
    const core::Heightmap map = plateau();
    const RiverRun capped = erode(map, true);
    double sum[2] = {0.0, 0.0};
    int count[2] = {0, 0};
    for (int y = 16; y < kSide - 16; ++y)
        for (int x = 82; x < kSide - 1; ++x) {
            const double h = capped.heights.at(x, y);
            if (double(map.at(x, y)) - h < 30.0) continue;  // the walls and floors the rivers cut
            const double gx = (capped.heights.at(x + 1, y) - capped.heights.at(x - 1, y)) / (2.0 * kSpacing);
            const double gy = (capped.heights.at(x, y + 1) - capped.heights.at(x, y - 1)) / (2.0 * kSpacing);
            const int hard = inHardRock(h) ? 1 : 0;
            sum[hard] += std::atan(std::hypot(gx, gy)) * 180.0 / 3.14159265358979323846;
            ++count[hard];
        }
    ASSERT_GT(count[0], 100);
    ASSERT_GT(count[1], 100);
    const double soft = sum[0] / count[0], hard = sum[1] / count[1];
    std::printf("cut cells: %d in soft rock at %.1f deg on average, %d in hard at %.1f deg\n", count[0], soft, count[1],
                hard);
    EXPECT_GT(hard, 1.3 * soft);
}

// strata 0 and hardness 0 are one rock: the bytes of a run without the parameters. Shaped bands
// (a dip, wandering boundaries, bands of many shares) give the same bytes on 1 and 2 threads.
TEST(RiverStrata, OneRockIsTheRiverOfBeforeAndTheBandsAreTheSameOnAnyThreadCount) {
    const core::Heightmap map = plateau();
    const RiverRun before = riverRun(map, {{"keep_height", "0"}}, 2, kSpacing);
    EXPECT_TRUE(sameBits(before.heights, riverRun(map, {{"keep_height", "0"}, {"strata", "0"}}, 2, kSpacing).heights));
    const RiverRun soft = riverRun(map, {{"keep_height", "0"}, {"strata", "100"}, {"hardness", "0"}}, 2, kSpacing);
    EXPECT_TRUE(sameBits(before.heights, soft.heights));
    const std::initializer_list<std::pair<const char*, const char*>> shaped = {
        {"keep_height", "0"}, {"strata", "60"},       {"hard_share", "0.4"}, {"strata_variety", "1"},
        {"strata_dip", "4"},  {"strata_noise", "20"}, {"strata_fold", "30"}, {"strata_fault_throw", "40"}};
    const RiverRun one = riverRun(map, shaped, 1, kSpacing), two = riverRun(map, shaped, 2, kSpacing);
    EXPECT_TRUE(sameBits(one.heights, two.heights));
    EXPECT_FALSE(sameBits(one.heights, erode(map, true).heights));
}

// Detail 9 against every 2nd sample of detail 10, fBm hills under river-erosion with hard bands:
// within the erosion tests' lattice tolerance (2 % of the relief RMS).
TEST(RiverStrata, TheSameTerrainAtEveryDetail) {
    const auto run = [](int detail) {
        core::Recipe r = core::defaultRecipe(registry(), "fbm");
        r.detail = detail;
        r.seed = 11;
        r.params["feature_size_m"] = 2000.0;
        core::OpInstance o = op(r, "river-erosion");
        for (const auto& [k, v] : {std::pair{"strata", "80"}, {"hard_share", "0.3"}, {"strata_dip", "3"}})
            core::setOperationParamFromText(registry(), o, k, v, k);
        r.operations.push_back(o);
        core::StackEvaluator evaluator(registry(), 0);
        core::WorldUnits w = world(r, 4096.0);
        w.hiMetres = 800.0;
        return evaluator.evaluate(r, w, context());
    };
    const core::StackResult coarse = run(9), fine = run(10);
    const double rms = rmsOfRelief(*coarse.map, *fine.map);
    std::printf("detail 10 vs 9 with strata: RMS difference %.2f %% of the relief\n", rms * 100.0);
    EXPECT_LE(rms, 0.02);
}
