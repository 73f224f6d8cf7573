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

// Checks one run: refused naming `rain` (too much work for the map), or finite and within the
// input's range up to the rounding of raw units.
void expectBounded(const Values& values, double spacing_m, std::uint64_t seed, int detail, int* ran = nullptr) {
    const Outcome o = erode(rainedOn(detail, seed, values), spacing_m);
    const std::string what = describe(values, spacing_m, seed);
    if (o.refused) {
        EXPECT_NE(o.message.find("rain"), std::string::npos) << what << ": " << o.message;
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
