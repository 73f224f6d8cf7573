// Masks as stack layers: the `mask` operation, masks flowing down the stack beside the
// heights, and any entry blended through a mask.
#include "core/cancel.h"
#include "core/errors.h"
#include "core/recipe.h"
#include "core/registry.h"
#include "core/stack/evaluator.h"

#include "stack_test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>

namespace core = terrain::core;
using namespace stack_test;

namespace {

constexpr double kPi = 3.14159265358979323846;

struct MaskRun {
    core::Heightmap heights;
    core::MaskSet masks;
};

// Runs the mask operation on `input` (heights in metres: scale 1) at 1 m per sample.
MaskRun runMask(const core::Heightmap& input, std::initializer_list<std::pair<const char*, const char*>> values) {
    const core::OpInstance o = op(baseRecipe(), "mask", values);
    MaskRun run{core::Heightmap(), {}};  // the heights pass through: an empty output grid
    core::HeightScale h;
    h.hiMetres = 1000.0;
    const core::GenerateContext c = context();
    const core::MaskSet below;
    const core::OpCall call{input, run.heights, h, 1.0, 8, 7, c, {}, &below, &run.masks, {}, {}, nullptr, {}, 0.0};
    const core::OpType* type = registry().findOp("mask");
    EXPECT_TRUE(type->passesHeights);
    if (type->check) type->check(o.params);
    type->run(o.params, call);
    return run;
}

const core::Heightmap& maskOf(const MaskRun& run, const std::string& name) {
    const auto it = run.masks.find(name);
    if (it == run.masks.end()) throw std::runtime_error("no mask " + name);
    return *it->second;
}

core::Recipe with(core::Recipe r, core::OpInstance o) {
    r.operations.push_back(std::move(o));
    return r;
}

}  // namespace

TEST(MaskOp, SlopeSelectsGroundSteeperThanTheLimitAndKeepsTheHeights) {
    // West half rises at 20°, east half at 40° (along x, in metres at 1 m per sample).
    core::Heightmap plane(64, 16);
    const double t20 = std::tan(20.0 * kPi / 180.0), t40 = std::tan(40.0 * kPi / 180.0);
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 64; ++x) plane.at(x, y) = float(x < 32 ? x * t20 : 31 * t20 + (x - 31) * t40);
    const MaskRun run = runMask(plane, {{"source", "slope"}, {"slope_min_deg", "30"}, {"slope_soft_deg", "4"}});
    EXPECT_TRUE(run.heights.empty());  // not written: the stage shares the map below
    ASSERT_EQ(run.masks.size(), 1u);
    const core::Heightmap& m = maskOf(run, "slope");
    for (int y = 0; y < 16; ++y) {
        for (int x = 0; x < 64; ++x) {
            if (x < 30) { EXPECT_EQ(m.at(x, y), 0.0f) << x << "," << y; }   // 20° < 28°
            if (x > 33) { EXPECT_EQ(m.at(x, y), 1.0f) << x << "," << y; }   // 40° > 32°
        }
    }
    // Inverted, and an upper limit below 40° takes the east half out again.
    const MaskRun inverted = runMask(plane, {{"slope_min_deg", "30"}, {"invert", "true"}});
    EXPECT_EQ(maskOf(inverted, "slope").at(10, 5), 1.0f);
    EXPECT_EQ(maskOf(inverted, "slope").at(50, 5), 0.0f);
    const MaskRun capped = runMask(plane, {{"slope_min_deg", "10"}, {"slope_max_deg", "30"}, {"slope_soft_deg", "0"}});
    EXPECT_EQ(maskOf(capped, "slope").at(10, 5), 1.0f);
    EXPECT_EQ(maskOf(capped, "slope").at(50, 5), 0.0f);
}

TEST(MaskOp, HeightBandHasSoftMonotoneEdges) {
    core::Heightmap ramp(201, 3);
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 201; ++x) ramp.at(x, y) = float(x * 0.5);  // 0 .. 100 m
    const MaskRun run = runMask(ramp, {{"source", "height"}, {"height_min_m", "40"}, {"height_max_m", "60"},
                                       {"height_soft_m", "10"}});
    const core::Heightmap& m = maskOf(run, "height");
    for (int x = 0; x < 201; ++x) {
        const double h = x * 0.5;
        const float v = m.at(x, 1);
        EXPECT_GE(v, 0.0f);
        EXPECT_LE(v, 1.0f);
        if (h <= 35.0 || h >= 65.0) { EXPECT_EQ(v, 0.0f) << h; }
        if (h >= 45.0 && h <= 55.0) { EXPECT_EQ(v, 1.0f) << h; }
        if (h > 35.0 && h < 45.0) { EXPECT_GE(v, m.at(x - 1, 1)) << h; }  // rising edge
        if (h > 55.0 && h < 65.0) { EXPECT_LE(v, m.at(x - 1, 1)) << h; }  // falling edge
    }
    EXPECT_NEAR(m.at(80, 1), 0.5f, 1e-6f);  // 40 m: the middle of the edge
}

TEST(MaskOp, CurvatureFindsTheValleyFloorAndTheRidge) {
    // A V-shaped valley along y with its floor at x = 32, and a ridge (the inverse) beside it.
    core::Heightmap valley(65, 8);
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 65; ++x) valley.at(x, y) = float(std::abs(x - 32));
    const MaskRun concave = runMask(valley, {{"source", "curvature"}, {"curvature", "concave"},
                                             {"curvature_radius_m", "4"}, {"curvature_full_m", "1"}});
    const core::Heightmap& c = maskOf(concave, "curvature");
    EXPECT_EQ(c.at(32, 4), 1.0f);   // the floor: 2 m below the mean 4 m away
    EXPECT_EQ(c.at(10, 4), 0.0f);   // a straight flank: no curvature
    EXPECT_EQ(c.at(50, 4), 0.0f);
    const MaskRun convex = runMask(valley, {{"source", "curvature"}, {"curvature", "convex"},
                                            {"curvature_radius_m", "4"}, {"curvature_full_m", "1"}});
    EXPECT_EQ(maskOf(convex, "curvature").at(32, 4), 0.0f);
}

TEST(StackMasks, AnEntryBlendedThroughAMaskChangesOnlyInsideIt) {
    core::Recipe r = baseRecipe(8);
    r.operations.push_back(op(r, "mask", {{"source", "height"}, {"height_min_m", "300"}, {"height_soft_m", "60"}}));
    core::OpInstance flatten = op(r, "clamp", {{"low", "0"}, {"high", "250"}});
    const core::Recipe unmasked = with(r, flatten);
    flatten.mask = "height";
    const core::Recipe masked = with(r, flatten);

    core::StackEvaluator evaluator(registry());
    const core::WorldUnits w = world(r);
    const core::StackResult below = evaluator.evaluate(masked, w, context(), 1);
    const core::StackResult plain = evaluator.evaluate(unmasked, w, context());
    const core::StackResult result = evaluator.evaluate(masked, w, context());
    ASSERT_EQ(result.masks.size(), 1u);
    const core::Heightmap& m = *result.masks.at("height");
    EXPECT_EQ(result.masks.at("height"), below.masks.at("height"));  // passed down, shared, not copied
    // The mask stage shares the base map: its heights are the generator's, not a copy.
    EXPECT_EQ(below.map, evaluator.evaluate(masked, w, context(), 0).map);
    int inside = 0, outside = 0, edge = 0;
    for (int y = 0; y < m.height(); ++y) {
        for (int x = 0; x < m.width(); ++x) {
            const float a = below.map->at(x, y), b = plain.map->at(x, y), got = result.map->at(x, y);
            EXPECT_EQ(got, b * m.at(x, y) + a * (1.0f - m.at(x, y)));
            if (m.at(x, y) == 0.0f) {
                ++outside;
                EXPECT_EQ(got, a);
            } else if (m.at(x, y) == 1.0f) {
                ++inside;
                EXPECT_EQ(got, b);
            } else {
                ++edge;
            }
        }
    }
    EXPECT_GT(inside, 100);
    EXPECT_GT(outside, 100);
    EXPECT_GT(edge, 10);
    // The mask is part of the stage: a different mask is another stage key.
    EXPECT_NE(core::stageKeys(registry(), masked, w)[2], core::stageKeys(registry(), unmasked, w)[2]);
}

TEST(StackMasks, AMissingMaskNamesTheEntryAndTheMasksThereAre) {
    core::Recipe r = baseRecipe();
    core::OpInstance smooth = op(r, "smooth");
    smooth.mask = "flow";
    try {
        (void)core::evaluateStack(registry(), with(r, smooth), world(r), context());
        ADD_FAILURE() << "a missing mask was accepted";
    } catch (const core::StageError& e) {
        EXPECT_EQ(e.field(), "smooth-1.mask");
        EXPECT_NE(std::string(e.what()).find("there is none yet"), std::string::npos) << e.what();
    }
    r.operations.push_back(op(r, "mask"));
    smooth.id = "smooth-2";
    try {
        (void)core::evaluateStack(registry(), with(r, smooth), world(r), context());
        ADD_FAILURE() << "a missing mask was accepted";
    } catch (const core::StageError& e) {
        EXPECT_EQ(e.field(), "smooth-2.mask");
        EXPECT_NE(std::string(e.what()).find("lower in the stack: slope"), std::string::npos) << e.what();
    }
}

TEST(StackMasks, MaskNamesRoundTripAndBadOnesAreRefusedNamingTheField) {
    core::Recipe r = baseRecipe();
    r.operations.push_back(op(r, "mask"));
    r.operations.push_back(op(r, "terrace", {{"mask", "slope"}}));
    const std::string text = core::recipeToText(registry(), r);
    EXPECT_EQ(core::recipeFromText(registry(), text, "t"), r);
    EXPECT_EQ(nlohmann::json::parse(text)["stack"][2]["mask"], "slope");
    auto j = nlohmann::json::parse(text);
    j["stack"][2]["mask"] = "Slope!";
    try {
        (void)core::recipeFromText(registry(), j.dump(), "t");
        ADD_FAILURE() << "a bad mask name was accepted";
    } catch (const core::InputError& e) {
        EXPECT_EQ(e.field(), "stack[2].mask");
    }
    core::OpInstance o = op(r, "smooth");
    EXPECT_THROW(core::setOperationParamFromText(registry(), o, "mask", "a b", "--op smooth:mask"), core::InputError);
    core::setOperationParamFromText(registry(), o, "mask", "", "--op smooth:mask");
    EXPECT_TRUE(o.mask.empty());
}

TEST(StackMasks, SameBytesOnOneTwoAndThreeThreads) {
    for (const char* source : {"slope", "height", "curvature"}) {
        core::Recipe r = baseRecipe(9);
        r.operations.push_back(op(r, "mask", {{"source", source}}));
        r.operations.push_back(op(r, "terrace", {{"mask", source}}));
        core::StackEvaluator one(registry()), two(registry()), three(registry());
        const core::StackResult a = one.evaluate(r, world(r), context(1));
        const core::StackResult b = two.evaluate(r, world(r), context(2));
        const core::StackResult c = three.evaluate(r, world(r), context(3));
        EXPECT_EQ(*a.map, *b.map) << source;
        EXPECT_EQ(*a.map, *c.map) << source;
        EXPECT_EQ(*a.masks.at(source), *b.masks.at(source)) << source;
        EXPECT_EQ(*a.masks.at(source), *c.masks.at(source)) << source;
    }
}
