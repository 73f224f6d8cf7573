// The stack model, its JSON, and the evaluator's per-stage cache.
#include "core/cancel.h"
#include "core/errors.h"
#include "core/recipe.h"
#include "core/registry.h"
#include "core/stack/evaluator.h"
#include "core/world_scale.h"

#include "stack_test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <thread>
#include <cmath>

namespace core = terrain::core;
using namespace stack_test;

TEST(StackRecipe, JsonRoundTripKeepsEveryField) {
    core::Recipe r = baseRecipe();
    r.operations.push_back(op(r, "clamp", {{"low", "100"}, {"high", "450"}}));
    core::OpInstance layer = op(r, "midpoint-displacement", {{"blend", "max"}, {"weight", "0.5"}, {"roughness", "0.4"}});
    layer.name = "Hills";
    layer.enabled = false;
    r.operations.push_back(layer);
    r.operations.push_back(op(r, "normalize"));
    const std::string text = core::recipeToText(registry(), r);
    int version = 0;
    const core::Recipe back = core::recipeFromText(registry(), text, "test", &version);
    EXPECT_EQ(back, r);
    EXPECT_EQ(version, core::kRecipeFormatVersion);
    const auto j = nlohmann::json::parse(text);
    ASSERT_EQ(j["stack"].size(), 4u);
    EXPECT_EQ(j["stack"][0]["type"], "diamond-square");
    EXPECT_EQ(j["stack"][2]["blend"], "max");
    EXPECT_EQ(j["stack"][2]["enabled"], false);
    EXPECT_EQ(r.operations[0].id, "clamp-1");
}

TEST(StackRecipe, Format2RecipeIsAOneEntryStackWithTheSameBytes) {
    const std::string v2 = R"({"format":"terrain-recipe","version":2,"algorithm":"midpoint-displacement",
        "detail":7,"seed":42,"params":{"roughness":0.5}})";
    int version = 0;
    const core::Recipe r = core::recipeFromText(registry(), v2, "old.json", &version);
    EXPECT_EQ(version, 2);
    EXPECT_TRUE(r.operations.empty());
    const core::Heightmap direct = core::generate(registry(), r, context());
    const core::Heightmap stacked = core::evaluateStack(registry(), r, world(r), context());
    EXPECT_TRUE(direct == stacked);
    core::StackEvaluator evaluator(registry());
    EXPECT_TRUE(*evaluator.evaluate(r, world(r), context()).map == direct);
}

TEST(StackRecipe, BadEntriesNameTheOperationFieldAndWhatIsAllowed) {
    core::Recipe r = baseRecipe();
    r.operations.push_back(op(r, "clamp"));
    r.operations[0].params["low"] = 500;
    r.operations[0].params["high"] = 100;
    try {
        core::validateRecipe(registry(), r);
        FAIL() << "low above high accepted";
    } catch (const core::StageError& e) {
        EXPECT_EQ(e.stage(), 1);
        EXPECT_EQ(e.opId(), "clamp-1");
        EXPECT_NE(std::string(e.what()).find("clamp-1.low"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("below high"), std::string::npos) << e.what();
    }
    core::OpInstance o = op(r, "clamp");
    EXPECT_THROW(core::setOperationParamFromText(registry(), o, "steps", "3", "--op clamp"), core::InputError);
    EXPECT_THROW(core::setOperationParamFromText(registry(), o, "blend", "add", "--op clamp"), core::InputError);
    const std::string unknownType = R"({"version":3,"stack":[{"type":"diamond-square"},{"id":"a","type":"terrase"}]})";
    try {
        core::recipeFromText(registry(), unknownType, "r.json");
        FAIL();
    } catch (const core::InputError& e) {
        EXPECT_EQ(e.field(), "stack[1].type");
        EXPECT_NE(e.allowed().find("clamp"), std::string::npos);
    }
    const std::string filterFirst = R"({"version":3,"stack":[{"type":"clamp"}]})";
    EXPECT_THROW(core::recipeFromText(registry(), filterFirst, "r.json"), core::InputError);
    const std::string duplicateIds =
        R"({"version":3,"stack":[{"type":"diamond-square"},{"id":"a","type":"clamp"},{"id":"a","type":"normalize"}]})";
    EXPECT_THROW(core::recipeFromText(registry(), duplicateIds, "r.json"), core::StageError);
}

TEST(StackEvaluator, EditingStageKRecomputesOnlyKAndWhatFollows) {
    core::Recipe r = baseRecipe();
    r.operations.push_back(op(r, "clamp", {{"low", "50"}, {"high", "500"}}));
    r.operations.push_back(op(r, "midpoint-displacement", {{"weight", "0.3"}}));
    r.operations.push_back(op(r, "normalize"));
    r.operations.push_back(op(r, "clamp", {{"low", "0"}, {"high", "550"}}));
    core::StackEvaluator evaluator(registry());
    const auto w = world(r);
    auto first = evaluator.evaluate(r, w, context());
    EXPECT_EQ(first.computed, (std::vector<int>{0, 1, 2, 3, 4}));
    auto again = evaluator.evaluate(r, w, context());
    EXPECT_TRUE(again.computed.empty());
    EXPECT_EQ(again.map, first.map);

    r.operations[2].params["low"] = 0.1;  // stage 3
    auto edited = evaluator.evaluate(r, w, context());
    EXPECT_EQ(edited.computed, (std::vector<int>{3, 4}));
    // Same bytes as an evaluation from scratch.
    EXPECT_TRUE(*edited.map == core::evaluateStack(registry(), r, w, context(1)));

    // Renaming or re-identifying recomputes nothing; disabling skips the stage.
    r.operations[0].name = "Limits";
    EXPECT_TRUE(evaluator.evaluate(r, w, context()).computed.empty());
    r.operations[3].enabled = false;
    auto disabled = evaluator.evaluate(r, w, context());
    EXPECT_TRUE(disabled.computed.empty());  // stage 4 is stage 3, cached
    EXPECT_EQ(disabled.map, evaluator.evaluate(r, w, context(), 3).map);

    // "Show the map up to here": stage 1 only.
    auto upTo = evaluator.evaluate(r, w, context(), 1);
    EXPECT_EQ(upTo.lastStage, 1);
    EXPECT_TRUE(upTo.computed.empty());
}

TEST(StackEvaluator, SameBytesOnAnyThreadCountAndWithoutCache) {
    core::Recipe r = baseRecipe(9);
    r.operations.push_back(op(r, "midpoint-displacement", {{"blend", "multiply"}, {"weight", "0.6"}}));
    r.operations.push_back(op(r, "diamond-square", {{"blend", "min"}, {"weight", "0.8"}}));
    r.operations.push_back(op(r, "diamond-square", {{"blend", "replace"}, {"weight", "0.2"}}));
    r.operations.push_back(op(r, "normalize", {{"low", "0.2"}}));
    r.operations.push_back(op(r, "clamp", {{"low", "150"}, {"high", "400"}}));
    const auto w = world(r);
    const core::Heightmap one = core::evaluateStack(registry(), r, w, context(1));
    for (int threads : {2, 3, 8}) {
        EXPECT_TRUE(core::evaluateStack(registry(), r, w, context(threads)) == one) << threads;
    }
}

TEST(StackEvaluator, PerSampleStagesKeepTheLatticeRule) {
    core::Recipe fine = baseRecipe(9);
    fine.operations.push_back(op(fine, "midpoint-displacement", {{"blend", "add"}, {"weight", "0.4"}}));
    fine.operations.push_back(op(fine, "normalize", {{"low", "0.1"}, {"high", "0.9"}}));
    fine.operations.push_back(op(fine, "clamp", {{"low", "100"}, {"high", "500"}}));
    core::Recipe coarse = fine;
    coarse.detail = 8;
    const core::Heightmap f = core::evaluateStack(registry(), fine, world(fine), context());
    const core::Heightmap c = core::evaluateStack(registry(), coarse, world(coarse), context());
    for (int y = 0; y < c.height(); ++y) {
        for (int x = 0; x < c.width(); ++x) {
            ASSERT_EQ(f.at(2 * x, 2 * y), c.at(x, y)) << x << "," << y;
        }
    }
}

TEST(StackEvaluator, ClampAndNormalizeWorkInMetres) {
    core::Recipe r = baseRecipe(8);
    r.operations.push_back(op(r, "normalize"));
    const auto w = world(r);
    core::StackEvaluator evaluator(registry());
    auto result = evaluator.evaluate(r, w, context());
    // At the reference detail the normalized map spans exactly the world's height range.
    core::Recipe reference = r;
    reference.detail = core::kReferenceDetail;
    auto ref = evaluator.evaluate(reference, world(reference), context());
    const core::MinMax range = core::finiteMinMax(*ref.map);
    EXPECT_NEAR(ref.heights.toMetres(range.min), 0.0, 1e-3);
    EXPECT_NEAR(ref.heights.toMetres(range.max), 600.0, 1e-3);

    r.operations.push_back(op(r, "clamp", {{"low", "200"}, {"high", "300"}}));
    result = evaluator.evaluate(r, w, context());
    const core::MinMax clamped = core::finiteMinMax(*result.map);
    EXPECT_NEAR(result.heights.toMetres(clamped.min), 200.0, 1e-3);
    EXPECT_NEAR(result.heights.toMetres(clamped.max), 300.0, 1e-3);
}

TEST(StackEvaluator, LayerBlendModes) {
    core::Recipe r = baseRecipe(7);
    const auto w = world(r);
    const core::Heightmap base = core::evaluateStack(registry(), r, w, context());
    core::Recipe layerOnly;
    layerOnly.algorithm = "midpoint-displacement";
    layerOnly.detail = r.detail;
    layerOnly.seed = r.seed + 1;
    layerOnly.params = core::defaultRecipe(registry(), "midpoint-displacement").params;
    core::Recipe replace = r;
    replace.operations.push_back(op(r, "midpoint-displacement", {{"blend", "replace"}, {"weight", "1"}}));
    replace.operations[0].seedOffset = 1;
    core::StackEvaluator evaluator(registry());
    const auto replaced = evaluator.evaluate(replace, w, context());
    // Replace at weight 1 gives the layer's own metres.
    const core::Heightmap layer = core::generate(registry(), layerOnly, context());
    const core::HeightMapping lm = evaluator.worldMapping(layerOnly, w.metresPerPixel, context());
    const double ls = 600.0 / (double(lm.hi) - lm.lo);
    for (int i = 0; i < 200; ++i) {
        const int x = (i * 37) % layer.width();
        const int y = (i * 91) % layer.height();
        const double expected = (layer.at(x, y) - lm.lo) * ls;
        EXPECT_NEAR(replaced.heights.toMetres(replaced.map->at(x, y)), expected, 1e-2);
    }
    core::Recipe maxed = r;
    maxed.operations.push_back(op(r, "midpoint-displacement", {{"blend", "max"}, {"weight", "1"}}));
    const auto m = evaluator.evaluate(maxed, w, context());
    for (std::size_t i = 0; i < base.sampleCount(); ++i) ASSERT_GE(m.map->samples()[i], base.samples()[i]);
    core::Recipe weightZero = r;
    weightZero.operations.push_back(op(r, "midpoint-displacement", {{"blend", "add"}, {"weight", "0"}}));
    EXPECT_TRUE(*evaluator.evaluate(weightZero, w, context()).map == base);
    // A 1-row generator cannot be a layer of a 2-D map: refused naming the entry.
    core::Recipe line = r;
    line.operations.push_back(op(r, "midpoint-line"));
    EXPECT_THROW(evaluator.evaluate(line, w, context()), core::StageError);
}

TEST(StackEvaluator, ConcurrentCallsComputeEachStageOnce) {
    // Two calls started together (compare panels on one stack): whichever reaches a stage first
    // computes it, the other waits for it, so each stage is computed once in all.
    core::Recipe r = baseRecipe(10);
    r.operations.push_back(op(r, "midpoint-displacement", {{"weight", "0.3"}}));
    r.operations.push_back(op(r, "smooth"));
    r.operations.push_back(op(r, "clamp", {{"low", "50"}, {"high", "500"}}));
    const auto w = world(r);
    for (int round = 0; round < 3; ++round) {
        core::StackEvaluator evaluator(registry());
        core::StackResult a;
        core::StackResult b;
        std::thread other([&] { b = evaluator.evaluate(r, w, context(1)); });
        a = evaluator.evaluate(r, w, context(1));
        other.join();
        EXPECT_EQ(a.computed.size() + b.computed.size(), r.operations.size() + 1) << round;
        EXPECT_TRUE(*a.map == *b.map);
        EXPECT_TRUE(*a.map == core::evaluateStack(registry(), r, w, context(2)));
    }
}

TEST(StackRecipe, ValuesThatOnlyFailTogetherLoadAndAreReportedByTheEvaluation) {
    // The editor lets a designer drag a clamp's low above its high (the entry shows the error);
    // a document saved then must reopen, with the error shown again, not refuse to load.
    core::Recipe r = baseRecipe();
    r.operations.push_back(op(r, "clamp"));
    r.operations[0].params["low"] = 500;
    r.operations[0].params["high"] = 100;
    const core::Recipe back = core::recipeFromText(registry(), core::recipeToText(registry(), r), "saved.json");
    EXPECT_EQ(back, r);
    core::StackEvaluator evaluator(registry());
    try {
        evaluator.evaluate(back, world(back), context());
        FAIL() << "evaluated a clamp with low above high";
    } catch (const core::StageError& e) {
        EXPECT_EQ(e.stage(), 1);
        EXPECT_EQ(e.opId(), "clamp-1");
    }
    // Out-of-range single values are still refused on reading.
    r.operations[0].params["low"] = 1e9;
    EXPECT_THROW(core::recipeFromText(registry(), core::recipeToText(registry(), r), "saved.json"),
                 core::InputError);
}

// Generators sized in metres (noise) sample the world at its spacing: the base, the reference
// map behind the world scale and generator layers all receive the spacing of their own detail
// over the same extent, and the spacing is part of the stage key.
TEST(StackEvaluator, GeneratorsReceiveTheWorldsSpacingAtTheirDetail) {
    core::Registry spacing;
    core::Algorithm probe;
    probe.id = "spacing-probe";
    probe.name = "Spacing probe";
    probe.minDetail = 1;
    probe.maxDetail = 12;
    probe.sizeForDetail = [](int detail) { return core::Size{(1 << detail) + 1, (1 << detail) + 1}; };
    // Writes the spacing it was given at (0, 0) and the spacing times the column elsewhere, so
    // its reference range at detail 10 is 0 .. 1024 * the spacing there.
    probe.generateInto = [](const core::Recipe&, double metresPerSample, const core::GenerateContext&,
                            core::Heightmap& out) {
        for (int y = 0; y < out.height(); ++y) {
            for (int x = 0; x < out.width(); ++x) out.at(x, y) = float(metresPerSample * x);
        }
        out.at(0, 0) = float(metresPerSample);
    };
    spacing.add(probe);
    core::Recipe r;
    r.algorithm = "spacing-probe";
    r.detail = 6;
    core::WorldUnits w;
    w.metresPerPixel = 8.0;  // a 512 m world: 2 m per sample at detail 8, 0.5 m at detail 10
    w.hiMetres = 1000.0;
    core::StackEvaluator evaluator(spacing);
    const core::StackResult at6 = evaluator.evaluate(r, w, context());
    EXPECT_EQ(at6.map->at(0, 0), 8.0f);
    EXPECT_EQ(at6.map->at(64, 3), 512.0f);
    // The world scale comes from the same 512 m at detail 10: 0.5 m per sample, 0 .. 512 raw.
    EXPECT_EQ(at6.world.hi, 512.0f);
    EXPECT_EQ(core::worldMapping(spacing, r, w.metresPerPixel, context()).hi, 512.0f);
    EXPECT_EQ(evaluator.worldMapping(r, w.metresPerPixel, context()).hi, 512.0f);
    core::Recipe finer = r;
    finer.detail = 8;
    core::WorldUnits finerWorld = w;
    finerWorld.metresPerPixel = 2.0;
    const core::StackResult at8 = evaluator.evaluate(finer, finerWorld, context());
    EXPECT_EQ(at8.map->at(0, 0), 2.0f);
    EXPECT_EQ(at8.world.hi, 512.0f);
    // Another spacing is another base map.
    core::WorldUnits wider = w;
    wider.metresPerPixel = 16.0;
    EXPECT_NE(core::stageKeys(spacing, r, w)[0], core::stageKeys(spacing, r, wider)[0]);
    EXPECT_EQ(evaluator.evaluate(r, wider, context()).map->at(0, 0), 16.0f);
}
