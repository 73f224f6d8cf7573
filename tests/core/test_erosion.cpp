// Erosion operations: thermal-erosion moves material (volume kept), leaves no slope
// steeper than its angle of repose, settles a heap into a round cone, gives the same bytes on any
// thread count and the same terrain at every detail, and writes its scree mask; hydraulic-erosion
// likewise. river-erosion's tests are in test_river_erosion.cpp, the strata's in test_strata.cpp.
#include "core/cancel.h"
#include "core/errors.h"
#include "core/recipe.h"
#include "core/registry.h"
#include "core/stack/evaluator.h"

#include "stack_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

namespace core = terrain::core;
using namespace stack_test;

namespace {

constexpr double kPi = 3.14159265358979323846;

// A steep world: diamond-square over 2 km from 0 to 600 m, so most slopes exceed 35 degrees.
core::Recipe steep(int detail, const char* talus = "35") {
    core::Recipe r = baseRecipe(detail);
    r.operations.push_back(op(r, "thermal-erosion", {{"talus_angle", talus}}));
    return r;
}

core::StackResult run(const core::Recipe& r, int threads = 2, double extent = 2000.0) {
    core::StackEvaluator evaluator(registry(), 0);
    return evaluator.evaluate(r, world(r, extent), context(threads));
}

double sumOf(const core::Heightmap& m) {
    double s = 0.0;
    for (float v : m.samples()) s += v;
    return s;
}

}  // namespace

// Material moves, it is not made: what one sample of an edge or pair loses the other gains, and
// nothing crosses the border, so the volume changes only by float rounding and by the coarse-to-
// fine carry (the coarse level's surface, subdivided, where it moved). Measured: 8.5e-5 of the
// relief times the area (1.1e-4 until 2026-11-27); bound 1e-3.
TEST(ThermalErosion, MovesMaterialWithoutMakingIt) {
    const core::Recipe r = steep(9);
    core::Recipe plain = r;
    plain.operations.clear();
    const core::StackResult before = run(plain), after = run(r);
    const double area = double(before.map->sampleCount());
    const double relief = 600.0 / after.heights.scale;  // raw units of the world's range
    const double drift = std::fabs(sumOf(*after.map) - sumOf(*before.map)) / (area * relief);
    std::printf("volume drift: %.2e of relief x area\n", drift);
    EXPECT_LT(drift, 1e-3);
    EXPECT_NE(*after.map, *before.map);  // and it did move material
}

// Settled: no slope between neighbours exceeds the angle of repose by more than the operation's
// stopping tolerance (0.5 degrees) plus 0.5 for the float heights (measured: 0.54 over at 30,
// 0.55 at 40; 0.16 and 0.00 until stop 54, when the pairs settled to the angle itself).
TEST(ThermalErosion, NoSlopeExceedsTheAngleOfReposeAfterwards) {
    for (const char* talus : {"30", "40"}) {
        const core::Recipe r = steep(9, talus);
        core::Recipe plain = r;
        plain.operations.clear();
        const double spacing = 2000.0 / 512.0;
        const core::StackResult before = run(plain), after = run(r);
        const double was = steepestDeg(*before.map, before.heights, spacing);
        const double now = steepestDeg(*after.map, after.heights, spacing);
        std::printf("talus %s: steepest %.1f deg before, %.2f after\n", talus, was, now);
        EXPECT_GT(was, std::atof(talus) + 10.0);  // the test means something
        EXPECT_LE(now, std::atof(talus) + 1.0);
    }
}

// A column of material on flat ground settles into a round cone. The pile's outline a quarter of
// the way up: how far from its centre it reaches, ray by ray from 0 to 45 degrees, spread
// (max - min) over the mean. Measured 0.6 % (1.2 % until stop 54). With the talus checked between pairs of 8-neighbours
// in fixed, over-relaxed sweeps (until 2026-11-27) the pile was a lozenge along one diagonal,
// 19.4 to 28.9 m: 41.5 %; and a steep world's scree slopes were planes facing the grid's eight
// directions, facets a hillshade shows at once.
TEST(ThermalErosion, APileIsRound) {
    const int side = 129, c = side / 2;
    core::Heightmap column(side, side);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x)
            column.at(x, y) = (x - c) * (x - c) + (y - c) * (y - c) <= 64 ? 100.0f : 0.0f;
    core::Heightmap pile(side, side);
    core::MaskSet below, masks;
    core::HeightScale h;  // raw = metres
    h.hiMetres = 100.0;
    const core::GenerateContext ctx = context();
    const core::OpCall call{column, pile, h, 1.0, 7, 7, ctx, {}, &below, &masks, {}, {}, nullptr, {}, 0.0};
    const core::OpInstance o = op(baseRecipe(), "thermal-erosion", {{"talus_angle", "30"}});
    registry().findOp("thermal-erosion")->run(o.params, call);
    const auto bilinear = [&](double x, double y) {
        const int x0 = int(x), y0 = int(y);
        const double fx = x - x0, fy = y - y0;
        return (1 - fy) * ((1 - fx) * pile.at(x0, y0) + fx * pile.at(x0 + 1, y0)) +
               fy * ((1 - fx) * pile.at(x0, y0 + 1) + fx * pile.at(x0 + 1, y0 + 1));
    };
    const double level = 0.25 * pile.at(c, c);  // an outline a quarter of the way up
    double lo = 1e9, hi = 0.0, sum = 0.0;
    int rays = 0;
    for (double deg = 0.0; deg <= 45.0; deg += 1.5, ++rays) {
        const double dx = std::cos(deg * kPi / 180.0), dy = std::sin(deg * kPi / 180.0);
        double r = 0.0;
        while (r < c - 2 && bilinear(c + r * dx, c + r * dy) > level) r += 0.01;
        lo = std::min(lo, r);
        hi = std::max(hi, r);
        sum += r;
    }
    const double spread = (hi - lo) / (sum / rays);
    std::printf("pile %.1f m high; outline at %.1f m: radius %.2f .. %.2f m, spread %.1f %%\n", pile.at(c, c),
                level, lo, hi, spread * 100.0);
    EXPECT_GT(lo, 10.0);  // it did spread
    EXPECT_LT(spread, 0.03);
    // And it stands at its angle of repose, not flatter: a 30-degree cone of the column's volume
    // is 18.4 m high (measured 17.8).
    double volume = 0.0;
    for (float v : column.samples()) volume += v;
    const double slope = std::tan(30.0 * kPi / 180.0);
    const double coneHeight = std::cbrt(3.0 * volume / (kPi * slope)) * slope;
    std::printf("a 30-degree cone of the same volume: %.1f m high\n", coneHeight);
    EXPECT_GT(pile.at(c, c), 0.9 * coneHeight);
}

// A smooth dome steeper than its talus (257² at 8 m, 600 m high, flanks up to 41°) settles into a
// round cone: turned 22.5° about its centre (the turn that maps the grid's eight directions onto
// the directions between them), its heights 300 to 1,000 m out change by 0.80 m (RMS); turned 45°
// (the grid onto itself), 0.30 m. Until stop 54 the pairs of neighbours settled slopes along the
// grid's eight directions to the talus and left those between up to 0.5° steeper: the cone was
// 8-fold faceted, 2.62 m (and 0.28 m at 45°), its height 800 m out 126 m along an axis and 120 m
// at 22.5°.
TEST(ThermalErosion, ASettledDomeHasNoFacets) {
    const core::Heightmap cone = settleDome({});
    const double turned = changeWhenTurned(cone, 8.0, 22.5, 300.0, 1000.0);
    const double onItself = changeWhenTurned(cone, 8.0, 45.0, 300.0, 1000.0);
    std::printf("settled dome turned 22.5 deg: heights change by %.2f m; turned 45 deg: %.2f m\n", turned, onItself);
    EXPECT_LT(turned, 1.2);
    core::HeightScale h;
    h.hiMetres = 700.0;
    EXPECT_LE(steepestDeg(cone, h, 8.0), 31.0);
}

TEST(ThermalErosion, SameBytesOnOneTwoAndThreeThreads) {
    const core::Recipe r = steep(9);
    const core::StackResult a = run(r, 1), b = run(r, 2), c = run(r, 3);
    EXPECT_EQ(*a.map, *b.map);
    EXPECT_EQ(*a.map, *c.map);
    EXPECT_EQ(*a.masks.at("scree"), *b.masks.at("scree"));
    EXPECT_EQ(*a.masks.at("scree"), *c.masks.at("scree"));
}

// The same recipe at detail 11, every 2nd sample, against detail 10: RMS difference as a fraction
// of the relief (the target: at most 2 %).
TEST(ThermalErosion, TheSameTerrainAtEveryDetail) {
    const core::StackResult coarse = run(steep(10)), fine = run(steep(11));
    const double rms = rmsOfRelief(*coarse.map, *fine.map);
    std::printf("detail 11 vs 10: RMS difference %.2f %% of the relief\n", rms * 100.0);
    EXPECT_LE(rms, 0.02);  // measured 0.07 %
}

// The scree mask is in [0, 1], 1 where at least scree_depth of material came to rest, 0 where it
// was taken away.
TEST(ThermalErosion, ScreeMaskMarksWhereMaterialCameToRest) {
    const core::Recipe r = steep(9);
    core::Recipe plain = r;
    plain.operations.clear();
    const core::StackResult before = run(plain), after = run(r);
    const core::Heightmap& scree = *after.masks.at("scree");
    int deposits = 0, full = 0;
    for (int y = 0; y < scree.height(); ++y)
        for (int x = 0; x < scree.width(); ++x) {
            const float m = scree.at(x, y);
            ASSERT_GE(m, 0.0f);
            ASSERT_LE(m, 1.0f);
            const double depth_m = (double(after.map->at(x, y)) - before.map->at(x, y)) * after.heights.scale;
            if (depth_m <= 0.0) {
                ASSERT_EQ(m, 0.0f) << x << "," << y;
            } else {
                ++deposits;
                EXPECT_NEAR(m, std::min(1.0, depth_m / 2.0), 1e-3) << x << "," << y;
                if (m == 1.0f) ++full;
            }
        }
    EXPECT_GT(deposits, 1000);
    EXPECT_GT(full, 100);
}

TEST(ThermalErosion, AmountZeroChangesNothingAndBadValuesAreRefused) {
    core::Recipe r = baseRecipe(8);
    r.operations.push_back(op(r, "thermal-erosion", {{"amount", "0"}}));
    core::Recipe plain = r;
    plain.operations.clear();
    EXPECT_EQ(*run(r).map, *run(plain).map);
    for (auto [key, value] : {std::pair{"talus_angle", "90"}, {"talus_angle", "2"}, {"amount", "1.5"},
                              {"scree_depth", "0"}}) {
        try {
            (void)op(r, "thermal-erosion", {{key, value}});
            ADD_FAILURE() << key << "=" << value << " accepted";
        } catch (const core::InputError& e) {
            EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
        }
    }
}

namespace {

// 0.1 drops per m² over the 2 km world: 1.5 drops per sample at detail 9.
core::Recipe rained(int detail, std::initializer_list<std::pair<const char*, const char*>> values = {}) {
    core::Recipe r = baseRecipe(detail);
    core::OpInstance o = op(r, "hydraulic-erosion", {{"rain", "0.1"}});
    for (const auto& [k, v] : values) core::setOperationParamFromText(registry(), o, k, v, k);
    r.operations.push_back(o);
    return r;
}

}  // namespace

TEST(HydraulicErosion, SameBytesOnOneTwoAndThreeThreads) {
    const core::Recipe r = rained(9);
    const core::StackResult a = run(r, 1), b = run(r, 2), c = run(r, 3);
    EXPECT_EQ(*a.map, *b.map);
    EXPECT_EQ(*a.map, *c.map);
    for (const char* mask : {"flow", "erosion", "deposition"}) {
        EXPECT_EQ(*a.masks.at(mask), *b.masks.at(mask)) << mask;
        EXPECT_EQ(*a.masks.at(mask), *c.masks.at(mask)) << mask;
    }
    core::Recipe plain = r;
    plain.operations.clear();
    EXPECT_NE(*a.map, *run(plain).map);  // and it did erode
}

// Drops carry material from where they erode to where they deposit; what a drop still carries
// when it runs off the map is lost. So the volume falls by at most what was eroded. Reported: the
// volume change against the volume by which the ground went down (the erosion mask, net).
TEST(HydraulicErosion, MovesMaterialAndLosesOnlyWhatRunsOffTheMap) {
    const core::Recipe r = rained(9);
    core::Recipe plain = r;
    plain.operations.clear();
    const core::StackResult before = run(plain), after = run(r);
    const double cell = (2000.0 / 512.0) * (2000.0 / 512.0);
    double change = 0.0;
    for (int y = 0; y < before.map->height(); ++y)
        for (int x = 0; x < before.map->width(); ++x)
            change += (double(after.map->at(x, y)) - before.map->at(x, y)) * after.heights.scale * cell;
    // The erosion mask saturates at mask_depth: measure with a deep one.
    core::Recipe deep = rained(9, {{"mask_depth", "1000"}});
    const core::StackResult d = run(deep);
    double eroded = 0.0;
    for (float v : d.masks.at("erosion")->samples()) eroded += double(v) * 1000.0 * cell;
    std::printf("volume change %.0f m3, eroded %.0f m3 (%.1f %% lost off the map)\n", change, eroded,
                -100.0 * change / eroded);
    EXPECT_LE(change, eroded * 1e-4);  // nothing is made
    EXPECT_GE(change, -0.25 * eroded);
    EXPECT_GT(eroded, 0.0);
}

// On a plane tilted along x the drops run towards the low edge: the flow mask grows downhill.
TEST(HydraulicErosion, DropsRunDownhillOnATiltedPlane) {
    const int side = 129;
    core::Heightmap plane(side, side), out(side, side);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) plane.at(x, y) = float(side - 1 - x) * 0.5f;  // falls towards x = side - 1
    core::MaskSet below, masks;
    core::HeightScale h;
    h.hiMetres = 1000.0;
    const core::GenerateContext c = context();
    const core::OpCall call{plane, out, h, 1.0, 7, 7, c, {}, &below, &masks, {}, {}, nullptr, {}, 0.0};
    const core::OpType* type = registry().findOp("hydraulic-erosion");
    // Paths longer than the map: column x is crossed by every drop that starts above it.
    const core::OpInstance o = op(baseRecipe(), "hydraulic-erosion", {{"lifetime", "400"}});
    type->run(o.params, call);
    const core::Heightmap& flow = *masks.at("flow");
    const auto columnMean = [&](int x0, int x1) {
        double s = 0.0;
        for (int y = 0; y < side; ++y)
            for (int x = x0; x < x1; ++x) s += flow.at(x, y);
        return s / double(side * (x1 - x0));
    };
    const double high = columnMean(0, 16), middle = columnMean(56, 72), low = columnMean(side - 16, side);
    std::printf("flow: high edge %.3f, middle %.3f, low edge %.3f\n", high, middle, low);
    EXPECT_LT(high, middle);
    EXPECT_LT(middle, low);
}

// One drop per m² on a 1 m grid (the defaults; ridged fBm, 0..125 m over 512 m): what the drops
// leave is smooth at the scale of a sample. When each drop that ended its path dropped what it
// carried on the four cells around it, nearly every cell got a drop's load: the change was salt
// and pepper, its Laplacian (RMS) 1.40 times the change itself (RMS), and the map's Laplacian 4.42
// times the input's; spread over the drop's width, 0.62 and 2.25 (the gullies are real edges).
TEST(HydraulicErosion, DropsLeaveNoSpikes) {
    core::Recipe r = core::defaultRecipe(registry(), "fbm");
    r.detail = 9;
    r.seed = 11;
    r.params["feature_size_m"] = 200.0;
    r.params["style"] = 2.0;  // ridged
    r.params["sharpness"] = 2.0;
    r.operations.push_back(op(r, "hydraulic-erosion"));
    core::Recipe plain = r;
    plain.operations.clear();
    const auto evaluate = [](const core::Recipe& recipe) {
        core::WorldUnits w = world(recipe, 512.0);
        w.hiMetres = 125.0;
        return core::StackEvaluator(registry(), 0).evaluate(recipe, w, context());
    };
    const core::StackResult before = evaluate(plain), after = evaluate(r);
    const int n = after.map->width();
    const auto laplacianAt = [](const auto& f, int x, int y) {
        return 4.0 * f(x, y) - f(x - 1, y) - f(x + 1, y) - f(x, y - 1) - f(x, y + 1);
    };
    const auto in = [&](int x, int y) { return double(before.map->at(x, y)); };
    const auto out = [&](int x, int y) { return double(after.map->at(x, y)); };
    const auto change = [&](int x, int y) { return out(x, y) - in(x, y); };
    double changeLaplacian = 0.0, changeSquares = 0.0, inLaplacian = 0.0, outLaplacian = 0.0;
    for (int y = 1; y + 1 < n; ++y)
        for (int x = 1; x + 1 < n; ++x) {
            changeLaplacian += std::pow(laplacianAt(change, x, y), 2);
            changeSquares += change(x, y) * change(x, y);
            inLaplacian += std::pow(laplacianAt(in, x, y), 2);
            outLaplacian += std::pow(laplacianAt(out, x, y), 2);
        }
    const double ratio = std::sqrt(changeLaplacian / changeSquares);
    std::printf("change: Laplacian RMS / RMS %.2f; the map's Laplacian RMS over the input's %.2f\n", ratio,
                std::sqrt(outLaplacian / inLaplacian));
    EXPECT_GT(changeSquares, 0.0);
    EXPECT_LT(ratio, 1.0);
}

TEST(HydraulicErosion, TheSameTerrainAtEveryDetail) {
    const core::StackResult coarse = run(rained(10)), fine = run(rained(11));
    const double rms = rmsOfRelief(*coarse.map, *fine.map);
    std::printf("detail 11 vs 10: RMS difference %.2f %% of the relief\n", rms * 100.0);
    EXPECT_LE(rms, 0.02);
}

TEST(HydraulicErosion, MasksAreWeightsAndBadValuesAreRefused) {
    const core::StackResult r = run(rained(8));
    for (const char* name : {"flow", "erosion", "deposition"}) {
        float lo = 1.0f, hi = 0.0f;
        for (float v : r.masks.at(name)->samples()) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        EXPECT_GE(lo, 0.0f) << name;
        EXPECT_LE(hi, 1.0f) << name;
        EXPECT_GT(hi, 0.5f) << name;
    }
    for (auto [key, value] : {std::pair{"rain", "-1"}, {"erosion", "2"}, {"drop_width", "0"}, {"lifetime", "0"},
                              {"inertia", "1"}}) {
        try {
            (void)op(baseRecipe(), "hydraulic-erosion", {{key, value}});
            ADD_FAILURE() << key << "=" << value << " accepted";
        } catch (const core::InputError& e) {
            EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
        }
    }
}

// Each erosion operation stops once its job is cancelled: cancelled when the operation (stage 1,
// after the generator) first reports progress, it throws Cancelled before reporting again.
TEST(Erosion, EachOperationStopsWhenCancelled) {
    for (const char* id : {"thermal-erosion", "hydraulic-erosion", "river-erosion"}) {
        core::Recipe r = baseRecipe(9);
        r.operations.push_back(op(r, id, {}));
        core::CancelToken token;
        core::GenerateContext c = context(2);
        c.cancel = &token;
        int reports = 0, afterCancel = 0;
        c.stageProgress = [&](int stage, float) {
            if (stage != 1) return;
            ++reports;
            if (token.cancelled()) ++afterCancel;
            token.cancel();
        };
        core::StackEvaluator evaluator(registry(), 0);
        EXPECT_THROW((void)evaluator.evaluate(r, world(r, 2000.0), c), core::Cancelled) << id;
        EXPECT_EQ(reports, 1) << id;
        EXPECT_EQ(afterCancel, 0) << id;
    }
}
