// hydraulic-erosion's bounds: whatever its parameters and the map's spacing, its output is finite
// and stays within the input's range (a drop never erodes a cell below where it flows to, and
// never deposits above the cells it deposits on), its work is bounded by the map's size (the brush
// is capped in samples, and too much rain for the map is refused naming `rain`), and its own
// `seed_offset` parameter is accepted like any other.
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
#include <string>
#include <utility>
#include <vector>

namespace core = terrain::core;
using namespace stack_test;

namespace {

using Values = std::vector<std::pair<std::string, std::string>>;

core::Recipe rainedOn(int detail, std::uint64_t seed, const Values& values) {
    core::Recipe r = baseRecipe(detail);
    r.seed = seed;
    core::OpInstance o = op(r, "hydraulic-erosion");
    for (const auto& [k, v] : values) core::setOperationParamFromText(registry(), o, k, v, k);
    r.operations.push_back(o);
    return r;
}

// The world `spacing_m` metres per sample, 0..600 m.
core::WorldUnits worldAt(const core::Recipe& r, double spacing_m) {
    core::WorldUnits w = world(r);
    w.metresPerPixel = spacing_m;
    return w;
}

struct Outcome {
    bool refused = false;
    std::string message;
    double lo = 0.0, hi = 0.0;  // the input's range (raw)
    double outLo = 0.0, outHi = 0.0;
    bool finite = true;
};

// Runs the recipe and its input (the recipe without the erosion) at `spacing_m`.
Outcome erode(const core::Recipe& r, double spacing_m) {
    core::Recipe plain = r;
    plain.operations.clear();
    core::StackEvaluator evaluator(registry(), 0);
    const core::WorldUnits w = worldAt(r, spacing_m);
    Outcome o;
    const core::StackResult before = evaluator.evaluate(plain, w, context());
    const auto [lo, hi] = std::minmax_element(before.map->samples().begin(), before.map->samples().end());
    o.lo = *lo;
    o.hi = *hi;
    try {
        const core::StackResult after = evaluator.evaluate(r, w, context());
        o.outLo = 1e300;
        o.outHi = -1e300;
        for (float v : after.map->samples()) {
            o.finite = o.finite && std::isfinite(v);
            o.outLo = std::min(o.outLo, double(v));
            o.outHi = std::max(o.outHi, double(v));
        }
    } catch (const core::InputError& e) {
        o.refused = true;
        o.message = e.what();
    }
    return o;
}

std::string describe(const Values& values, double spacing_m, std::uint64_t seed) {
    std::string s = "spacing " + std::to_string(spacing_m) + " m, seed " + std::to_string(seed) + ":";
    for (const auto& [k, v] : values) s += " " + k + "=" + v;
    return s;
}

// Checks one run: refused naming `lifetime` (a path too long for even one drop in 16 samples
// within the map's work bound), or finite and within the input's range up to the rounding of raw
// units.
void expectBounded(const Values& values, double spacing_m, std::uint64_t seed, int detail, int* ran = nullptr) {
    const Outcome o = erode(rainedOn(detail, seed, values), spacing_m);
    const std::string what = describe(values, spacing_m, seed);
    if (o.refused) {
        EXPECT_NE(o.message.find("lifetime"), std::string::npos) << what << ": " << o.message;
        return;
    }
    if (ran != nullptr) ++*ran;
    const double slack = 1e-5 * (o.hi - o.lo);
    EXPECT_TRUE(o.finite) << what;
    EXPECT_GE(o.outLo, o.lo - slack) << what << ": input " << o.lo << " .. " << o.hi;
    EXPECT_LE(o.outHi, o.hi + slack) << what << ": input " << o.lo << " .. " << o.hi;
}

}  // namespace

// The op's own seed_offset (another pattern of rain) is set like its other parameters; the
// generic layer keys (blend, weight, seed_offset) belong to generator layers only.
TEST(HydraulicBounds, SeedOffsetIsTheOperationsOwnParameter) {
    core::OpInstance o = core::newOperation(registry(), baseRecipe(), "hydraulic-erosion");
    const std::uint64_t layerOffset = o.seedOffset;
    ASSERT_NO_THROW(core::setOperationParamFromText(registry(), o, "seed_offset", "1", "--op hydraulic-erosion:seed_offset"));
    EXPECT_EQ(o.params.at("seed_offset"), 1.0);
    EXPECT_EQ(o.seedOffset, layerOffset);  // not the layer's offset
    try {
        core::setOperationParamFromText(registry(), o, "seed_offset", "-1", "seed_offset");
        ADD_FAILURE() << "seed_offset=-1 accepted";
    } catch (const core::InputError& e) {
        EXPECT_NE(std::string(e.what()).find("seed_offset"), std::string::npos) << e.what();
    }
    // A filter has no blend or weight.
    EXPECT_THROW(core::setOperationParamFromText(registry(), o, "blend", "max", "blend"), core::InputError);
    // A generator layer's seed_offset is still the layer's.
    core::OpInstance layer = core::newOperation(registry(), baseRecipe(), "fbm");
    core::setOperationParamFromText(registry(), layer, "seed_offset", "5", "seed_offset");
    EXPECT_EQ(layer.seedOffset, 5u);
    // And it changes where the rain falls.
    const core::StackResult a = core::StackEvaluator(registry(), 0).evaluate(rainedOn(7, 3, {}), world(baseRecipe(7), 500.0), context());
    const core::StackResult b = core::StackEvaluator(registry(), 0)
                                    .evaluate(rainedOn(7, 3, {{"seed_offset", "1"}}), world(baseRecipe(7), 500.0), context());
    EXPECT_NE(*a.map, *b.map);
}

// The blow-up: 16 drops per sample at 8 m per sample with a wide brush (16 m: the centre cell
// and its four neighbours) and a high capacity. Before the erosion stopped at the height a drop
// flows to, each drop's brush dug cells below the point it moved to, the next drop fell further
// into the pit, ran faster and could erode more: the pits ran away (raw heights -27 against an
// input of -0.16 .. 0.17 at detail 7; at detail 10 with more rain, -5.5e12 m).
TEST(HydraulicBounds, WideDropsOnACoarseGridStayWithinTheInputsRange) {
    int ran = 0;
    for (std::uint64_t seed : {std::uint64_t(1), std::uint64_t(2)})
        expectBounded({{"rain", "0.25"}, {"lifetime", "300"}, {"capacity", "64"}, {"drop_width", "16"}}, 8.0, seed, 7,
                      &ran);
    EXPECT_EQ(ran, 2);  // within the work the map allows
}

// Every combination of the parameters' extremes and interior values, at spacings from a
// nanometre to a kilometre: refused (naming `lifetime`) or finite and within the input's range.
// Rain past the work bound now falls as fewer drops of more water rather than being refused, so
// nearly every combination runs, on a 33² map to keep the bound's work small.
TEST(HydraulicBounds, EveryParameterCombinationStaysWithinTheInputsRange) {
    struct Range {
        const char* key;
        double lo, hi;
    };
    const Range box[] = {{"rain", 0.0, 16.0},      {"erosion", 0.0, 1.0},      {"deposition", 0.0, 1.0},
                         {"capacity", 0.0, 64.0},  {"inertia", 0.0, 0.99},     {"drop_width", 0.1, 1000.0},
                         {"lifetime", 1.0, 10000.0}, {"evaporation", 0.0, 0.5}};
    const double spacings[] = {1e-9, 0.01, 0.5, 1.0, 8.0, 1000.0};
    // A fixed sequence (splitmix64): each parameter at its minimum, its maximum or in between.
    std::uint64_t state = 2026;
    const auto next = [&] {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    };
    int ran = 0, points = 0;
    for (int i = 0; i < 60; ++i) {
        Values values;
        for (const Range& r : box) {
            const std::uint64_t pick = next();
            double v = pick % 3 == 0 ? r.lo : pick % 3 == 1 ? r.hi : r.lo + (r.hi - r.lo) * double(pick >> 40) / 16777216.0;
            // The interior of the wide ranges on a log scale, so small values come up too.
            if (pick % 3 == 2 && (std::string(r.key) == "rain" || std::string(r.key) == "drop_width" ||
                                  std::string(r.key) == "lifetime"))
                v = std::max(r.lo, r.hi * std::pow(2.0, -16.0 * double(pick >> 40) / 16777216.0));
            char text[32];
            std::snprintf(text, sizeof text, "%.6g", v);
            values.emplace_back(r.key, text);
        }
        expectBounded(values, spacings[next() % std::size(spacings)], 1 + next() % 3, 5, &ran);
        ++points;
    }
    std::printf("%d of %d combinations ran (the rest refused: paths too long for the map)\n", ran, points);
    EXPECT_GT(ran, points * 9 / 10);
}

// The old worst cases: a 1000 m drop at 1 m per sample (a brush of 3.1 million cells: 120 s on
// 129²), the most rain and the longest paths at 1 m and at 1 km per sample. The brush is capped
// (to kMaxBrushRadius samples); at 1 km the rain falls as drops of more water and runs; at 1 m
// the 10 000-step paths are too long for even one drop in 16 samples and are refused, naming
// lifetime, quickly.
TEST(HydraulicBounds, TheWorstCasesAreCappedOrRefused) {
    int ran = 0;
    expectBounded({{"drop_width", "1000"}}, 1.0, 1, 7, &ran);
    EXPECT_EQ(ran, 1);  // capped, not refused
    expectBounded({{"rain", "16"}, {"lifetime", "10000"}, {"drop_width", "1000"}}, 1000.0, 1, 7, &ran);
    EXPECT_EQ(ran, 2);  // 16 drops a sample, each with the water of 62 500
    const Outcome o = erode(rainedOn(7, 1, {{"rain", "16"}, {"lifetime", "10000"}, {"drop_width", "1000"}}), 1.0);
    EXPECT_TRUE(o.refused);
    EXPECT_NE(o.message.find("lifetime"), std::string::npos) << o.message;
    EXPECT_NE(o.message.find("10000 steps"), std::string::npos) << o.message;
    std::printf("%s\n", o.message.c_str());
}

// The defaults on a 2 km relief at 90 m per sample (a mountain range on a 11.5 km map): 1 drop
// per m² is 8100 drops a sample, which the work bound refused; they now fall as 16 drops a
// sample of 506 drops' water each, run, stay in range, and cut the relief visibly.
TEST(HydraulicBounds, TheDefaultsRunAndActAtNinetyMetresASample) {
    // The recipe's own world, as `terrain-cli --world-size 11520 --height-range 0:2000` makes it,
    // so the defaults are the defaults there (not a 512 m world's scaled to this one).
    core::Recipe plain = baseRecipe(7);
    plain.world.extentMetres = 90.0 * 128;
    plain.world.hiMetres = 2000.0;
    core::Recipe r = plain;
    r.operations.push_back(op(r, "hydraulic-erosion"));
    const core::WorldUnits w = core::worldUnits(plain);
    ASSERT_DOUBLE_EQ(w.metresPerPixel, 90.0);
    core::StackEvaluator evaluator(registry(), 0);
    const core::StackResult before = evaluator.evaluate(plain, w, context());
    core::StackResult after;
    ASSERT_NO_THROW(after = evaluator.evaluate(r, w, context()));
    const auto [lo, hi] = std::minmax_element(before.map->samples().begin(), before.map->samples().end());
    double squares = 0.0;
    for (std::size_t i = 0; i < before.map->samples().size(); ++i) {
        const double d = double(after.map->samples()[i]) - double(before.map->samples()[i]);
        squares += d * d;
        ASSERT_TRUE(std::isfinite(after.map->samples()[i]));
    }
    const double rms = std::sqrt(squares / double(before.map->samples().size())) / (double(*hi) - double(*lo));
    std::printf("defaults at 90 m a sample: RMS change %.2f %% of the relief\n", 100.0 * rms);
    EXPECT_GT(rms, 0.0005);  // more than 1 m on 2 km of relief
}

// At a nanometre per sample (a brush of 1.5e9 samples' radius, whose x * x + y * y overflowed
// int, and 3e10 steps per path) it finishes, with finite output in the input's range.
TEST(HydraulicBounds, ATinySpacingFinishesWithFiniteOutput) {
    for (const char* width : {"3", "1000"}) expectBounded({{"drop_width", width}, {"rain", "16"}}, 1e-9, 1, 6);
}
