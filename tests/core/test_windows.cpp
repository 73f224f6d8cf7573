// Windows of a map computed on their own (exact world tiles) equal the same samples of
// the whole map, bit for bit: every edge mode, clamp setting, detail 1..11, windows at the
// corners, along the borders, one sample wide, the whole map, and random ones; 1 and 3 threads.
// The names contain the generators' names, so ctest runs them with every kernel variant.
#include "lattice_test_support.h"
#include "stack_test_support.h"

#include <core/errors.h>
#include <core/generators/gradient_noise.h>
#include <core/generators/worley_noise.h>
#include <core/stack/evaluator.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace terrain {
namespace {

using core::SampleWindow;
using test::onThreads;
using test::sameBits;

core::Heightmap crop(const core::Heightmap& map, SampleWindow w) {
    core::Heightmap out(w.width, w.height);
    for (int y = 0; y < w.height; ++y)
        for (int x = 0; x < w.width; ++x) out.at(x, y) = map.at(w.x0 + x, w.y0 + y);
    return out;
}

std::string describe(SampleWindow w) {
    return std::to_string(w.x0) + "," + std::to_string(w.y0) + " " + std::to_string(w.width) + "x" +
           std::to_string(w.height);
}

// Windows worth checking in a map of `side` samples: fixed ones at the corners and borders and
// `randoms` random ones.
std::vector<SampleWindow> windowsFor(int side, int randoms, std::uint32_t seed) {
    std::vector<SampleWindow> out = {
        {0, 0, side, side},         {0, 0, 1, 1},
        {side - 1, side - 1, 1, 1}, {0, side - 1, side, 1},
        {side - 1, 0, 1, side},     {0, 0, (side + 1) / 2, (side + 1) / 2},
        {side / 2, side / 2, side - side / 2, side - side / 2},
    };
    std::mt19937 rng(seed);
    for (int i = 0; i < randoms; ++i) {
        const int x0 = int(rng() % std::uint32_t(side)), y0 = int(rng() % std::uint32_t(side));
        const int w = 1 + int(rng() % std::uint32_t(side - x0)), h = 1 + int(rng() % std::uint32_t(side - y0));
        out.push_back({x0, y0, w, h});
    }
    return out;
}

TEST(DiamondSquareWindow, EqualsTheWholeMapInEveryEdgeModeAndDetail) {
    for (const core::EdgeMode edge : {core::EdgeMode::Clip, core::EdgeMode::Wrap, core::EdgeMode::Reflect}) {
        for (int detail = 1; detail <= 10; ++detail) {
            core::DiamondSquareParams p;
            p.detail = detail;
            p.seed = 1234567u + std::uint64_t(detail);
            p.roughness = 0.55f;
            p.amplitude = 1.7f;
            p.edge = edge;
            const core::Heightmap whole = core::diamondSquare(p, onThreads(1));
            for (const SampleWindow w : windowsFor(whole.width(), detail < 6 ? 10 : 4, std::uint32_t(detail))) {
                core::Heightmap part;
                core::diamondSquareWindowInto(p, w, onThreads(detail % 2 == 0 ? 3 : 1), part);
                ASSERT_TRUE(sameBits(part, crop(whole, w)))
                    << test::edgeName(edge) << " detail " << detail << " window " << describe(w);
            }
        }
    }
}

TEST(DiamondSquareWindow, FixedCornersAndATinyScaleToo) {
    core::DiamondSquareParams p;
    p.detail = 9;
    p.seed = 99;
    p.fixedCorners = true;
    p.corners = {0.5f, -1.0f, 2.0f, 0.25f};
    p.roughness = 0.9f;
    p.amplitude = 1e-38f;  // scale * 2^-23 subnormal: the kernels' two-multiply path
    const core::Heightmap whole = core::diamondSquare(p, onThreads(2));
    for (const SampleWindow w : windowsFor(whole.width(), 5, 7)) {
        core::Heightmap part;
        core::diamondSquareWindowInto(p, w, onThreads(2), part);
        ASSERT_TRUE(sameBits(part, crop(whole, w))) << describe(w);
    }
}

TEST(MidpointDisplacementWindow, EqualsTheWholeMapWithAndWithoutClamp) {
    for (const bool clamp : {true, false}) {
        for (int detail = 1; detail <= 10; ++detail) {
            core::MidpointDisplacementParams p;
            p.detail = detail;
            p.seed = 42u + std::uint64_t(detail);
            p.spread = 0.45f;
            p.roughness = 0.6f;
            p.clamp = clamp;
            const core::Heightmap whole = core::midpointDisplacement(p, onThreads(1));
            for (const SampleWindow w : windowsFor(whole.width(), detail < 6 ? 10 : 4, std::uint32_t(detail) + 100u)) {
                core::Heightmap part;
                core::midpointDisplacementWindowInto(p, w, onThreads(detail % 2 == 0 ? 3 : 1), part);
                ASSERT_TRUE(sameBits(part, crop(whole, w)))
                    << (clamp ? "clamp" : "no clamp") << " detail " << detail << " window " << describe(w);
            }
        }
    }
}

// A tile of a map of detail 20 (1048577 samples a side, 4 TiB as floats) costs about its own
// area: it is computed here from its halo alone, and its every 2^k-th sample is the tile of the
// same place at detail 20 - k (the lattice rule across the window code).
TEST(DiamondSquareWindow, ATileOfADetail20WorldKeepsTheLatticeRule) {
    core::DiamondSquareParams fine;
    fine.detail = 20;
    fine.seed = 5;
    fine.edge = core::EdgeMode::Wrap;
    core::DiamondSquareParams coarse = fine;
    coarse.detail = 18;
    const SampleWindow atCoarse{(1 << 18) - 128, 1000, 129, 65};  // to the east border
    const SampleWindow atFine{atCoarse.x0 * 4, atCoarse.y0 * 4, 128 * 4 + 1, 64 * 4 + 1};
    core::Heightmap a, b;
    core::diamondSquareWindowInto(fine, atFine, onThreads(2), a);
    core::diamondSquareWindowInto(coarse, atCoarse, onThreads(1), b);
    EXPECT_TRUE(sameBits(test::subsample(a, 2), b));
}

// The noise generators sample world metres at each column and row, so a window is the same
// columns and rows of the whole map; with wrap, too (the period is the whole world's).
// Operations placed by where a sample lies in the whole map (island's falloff, terrace's edge
// noise) or by the whole map's range (normalize) compute a window as the whole map does.
TEST(StackWindow, OperationsPlacedByPositionOrRangeEqualTheWholeMap) {
    using stack_test::op;
    core::Recipe r = stack_test::baseRecipe(9);  // 513²
    r.operations.push_back(op(r, "island", {{"shape", "square"}, {"falloff_start", "20"}, {"falloff_end", "400"}}));
    r.operations.push_back(op(r, "terrace", {{"steps", "5"}, {"edge_noise", "25"}, {"edge_scale", "60"}}));
    r.operations.push_back(op(r, "normalize", {{"low", "0.1"}, {"high", "0.9"}}));
    r.operations.push_back(op(r, "island", {{"shape", "round"}, {"falloff_end", "700"}, {"curve", "ease"}}));
    ASSERT_NO_THROW(core::checkWindowable(stack_test::registry(), r));
    const core::WorldUnits world = stack_test::world(r, 3000.0);
    const core::Heightmap whole = core::evaluateStack(stack_test::registry(), r, world, onThreads(2));
    core::StackEvaluator ranges(stack_test::registry(), 0);
    for (const SampleWindow w : windowsFor(whole.width(), 6, 911u)) {
        const core::Heightmap part =
            core::evaluateStackWindow(stack_test::registry(), r, world, w, onThreads(w.width % 2 + 1), nullptr,
                                      w.x0 % 2 == 0 ? &ranges : nullptr);
        ASSERT_TRUE(sameBits(part, crop(whole, w))) << describe(w);
    }
    // Neighbour operations without a fixed reach are still refused, naming the entry.
    r.operations.push_back(op(r, "thermal-erosion"));
    EXPECT_THROW(core::checkWindowable(stack_test::registry(), r), core::StageError);
}

// Masks that read their neighbours (slope: the next sample, curvature: its radius) run on the
// window grown by their reach, and entries blended through them (a filter, a generator layer)
// compute a window as the whole map does.
TEST(StackWindow, MasksAndEntriesBlendedThroughThemEqualTheWholeMap) {
    using stack_test::op;
    core::Recipe r = stack_test::baseRecipe(9);
    r.operations.push_back(op(r, "mask", {{"source", "slope"}, {"slope_min_deg", "20"}}));
    core::OpInstance terrace = op(r, "terrace", {{"steps", "6"}});
    terrace.mask = "slope";
    r.operations.push_back(terrace);
    r.operations.push_back(op(r, "mask", {{"source", "curvature"}, {"curvature", "concave"},
                                          {"curvature_radius_m", "25"}}));
    core::OpInstance layer = op(r, "fbm", {{"weight", "0.4"}});
    layer.mask = "curvature";
    r.operations.push_back(layer);
    r.operations.push_back(op(r, "mask", {{"source", "height"}, {"height_min_m", "250"}}));
    core::OpInstance clamp = op(r, "clamp", {{"low", "0"}, {"high", "400"}});
    clamp.mask = "height";
    r.operations.push_back(clamp);
    ASSERT_NO_THROW(core::checkWindowable(stack_test::registry(), r));
    const core::WorldUnits world = stack_test::world(r, 2500.0);  // about 4.9 m a sample: curvature 5 samples
    const core::Heightmap whole = core::evaluateStack(stack_test::registry(), r, world, onThreads(2));
    for (const SampleWindow w : windowsFor(whole.width(), 8, 1213u)) {
        const core::Heightmap part = core::evaluateStackWindow(stack_test::registry(), r, world, w, onThreads(2));
        ASSERT_TRUE(sameBits(part, crop(whole, w))) << describe(w);
    }
    // A mask that is not made below is named, as in the whole map.
    core::Recipe missing = stack_test::baseRecipe(9);
    core::OpInstance through = op(missing, "clamp");
    through.mask = "deposition";
    missing.operations.push_back(through);
    EXPECT_THROW(core::evaluateStackWindow(stack_test::registry(), missing, world, {0, 0, 8, 8}, onThreads(1)),
                 core::StageError);
}

// Smooth's running sums are exact (fixed point), so a window grown by its reach, 3 (l + 1)
// samples, computes the whole map's blur: narrow and wide radii (one wider than the map), part
// strength, one through a mask, and a slope mask of a smoothed map (reaches add up).
TEST(StackWindow, SmoothEqualsTheWholeMap) {
    using stack_test::op;
    for (const char* radius : {"3", "40", "260", "5000"}) {
        core::Recipe r = stack_test::baseRecipe(8);
        r.operations.push_back(op(r, "smooth", {{"radius", radius}}));
        r.operations.push_back(op(r, "mask", {{"source", "slope"}, {"slope_min_deg", "15"}}));
        core::OpInstance soft = op(r, "smooth", {{"radius", "25"}, {"strength", "0.6"}});
        soft.mask = "slope";
        r.operations.push_back(soft);
        ASSERT_NO_THROW(core::checkWindowable(stack_test::registry(), r));
        const core::WorldUnits world = stack_test::world(r, 2000.0);  // about 7.8 m a sample
        const core::Heightmap whole = core::evaluateStack(stack_test::registry(), r, world, onThreads(2));
        const core::Heightmap unsmoothed = core::evaluateStack(stack_test::registry(), stack_test::baseRecipe(8),
                                                               world, onThreads(1));
        ASSERT_FALSE(sameBits(whole, unsmoothed)) << radius;  // the entries do change the map
        for (const SampleWindow w : windowsFor(whole.width(), 6, 77u)) {
            const core::Heightmap part =
                core::evaluateStackWindow(stack_test::registry(), r, world, w, onThreads(w.height % 2 + 1));
            ASSERT_TRUE(sameBits(part, crop(whole, w))) << "radius " << radius << " m, " << describe(w);
        }
    }
}

TEST(GradientNoise, AWindowEqualsTheWholeMapEveryStyleAndWarp) {
    for (int variant = 0; variant < 4; ++variant) {
        core::WarpedFbmParams p;
        p.fbm.detail = 9;
        p.fbm.seed = 77u + std::uint64_t(variant);
        p.fbm.featureSize_m = 300.0;
        p.fbm.style = static_cast<core::NoiseStyle>(variant % 3);
        p.fbm.wrap = variant == 1;
        p.warpLevels = variant == 3 ? 2 : 1;
        const double mps = 1.7;
        core::Heightmap whole, wholeWarped;
        core::fbmInto(p.fbm, mps, onThreads(2), whole);
        core::warpedFbmInto(p, mps, onThreads(1), wholeWarped);
        for (const SampleWindow w : windowsFor(whole.width(), 4, std::uint32_t(variant) + 300u)) {
            core::Heightmap part, warped;
            core::fbmWindowInto(p.fbm, mps, w, onThreads(variant % 2 + 1), part);
            core::warpedFbmWindowInto(p, mps, w, onThreads(2), warped);
            ASSERT_TRUE(sameBits(part, crop(whole, w))) << "fbm variant " << variant << " " << describe(w);
            ASSERT_TRUE(sameBits(warped, crop(wholeWarped, w))) << "warped variant " << variant << " " << describe(w);
        }
    }
}

TEST(Worley, AWindowEqualsTheWholeMapEveryOutput) {
    for (int variant = 0; variant < 3; ++variant) {
        core::WorleyParams p;
        p.detail = 8;
        p.seed = 5u + std::uint64_t(variant);
        p.cellSize_m = 40.0;
        p.output = static_cast<core::WorleyOutput>(variant);
        p.metric = static_cast<core::WorleyMetric>(2 - variant);
        p.wrap = variant == 2;
        core::Heightmap whole;
        core::worleyInto(p, 0.9, onThreads(2), whole);
        for (const SampleWindow w : windowsFor(whole.width(), 4, std::uint32_t(variant) + 400u)) {
            core::Heightmap part;
            core::worleyWindowInto(p, 0.9, w, onThreads(1), part);
            ASSERT_TRUE(sameBits(part, crop(whole, w))) << "variant " << variant << " " << describe(w);
        }
    }
}

TEST(DiamondSquareWindow, RefusesAWindowOutsideTheMapNamingIt) {
    core::DiamondSquareParams p;
    p.detail = 4;
    core::Heightmap out;
    for (const SampleWindow w : {SampleWindow{0, 0, 0, 1}, SampleWindow{-1, 0, 2, 2}, SampleWindow{10, 0, 8, 1}}) {
        try {
            core::diamondSquareWindowInto(p, w, onThreads(1), out);
            FAIL() << describe(w);
        } catch (const core::InputError& e) {
            EXPECT_EQ(e.field(), "window");
            EXPECT_NE(std::string(e.what()).find("17-sample map"), std::string::npos) << e.what();
        }
    }
    p.interpolation = core::Interpolation::Cubic;
    try {
        core::diamondSquareWindowInto(p, {0, 0, 2, 2}, onThreads(1), out);
        FAIL();
    } catch (const core::InputError& e) {
        EXPECT_EQ(e.field(), "interpolation");
    }
}

}  // namespace
}  // namespace terrain
