// Named stages and groups: an entry publishes its result; a later one reads it (`input`) or takes
// a mask of it (`mask = STAGE.NAME`); a group runs its entries on their own and is blended back as
// one layer. Each is checked against the same result built by hand from plain stacks, and the
// stage cache against what an edit must recompute.
#include "stack_test_support.h"

#include "core/errors.h"
#include "core/stack/evaluator.h"
#include "core/stack/stage_blend.h"
#include "core/stack/stage_plan.h"

#include <gtest/gtest.h>

#include <functional>
#include <vector>

using namespace stack_test;

namespace {

core::StackResult run(const core::Recipe& r, int upTo = -1) {
    core::StackEvaluator evaluator(registry(), 0);
    return evaluator.evaluate(r, world(r), context(), upTo);
}

core::Heightmap heightsOf(const core::Recipe& r) { return *run(r).map; }

core::StageError stageError(const std::function<void()>& f) {
    try {
        f();
    } catch (const core::StageError& e) {
        return e;
    }
    ADD_FAILURE() << "no StageError";
    return core::StageError(0, "", core::InputError("", "", ""));
}

}  // namespace

TEST(NamedStages, AMaskFromAPublishedStageIsTheMaskComputedInPlace) {
    core::Recipe r = baseRecipe(7);
    r.operations.push_back(op(r, "mask", {{"source", "slope"}, {"slope_min_deg", "20"}, {"publish", "steep"}}));
    r.operations.push_back(op(r, "smooth", {{"radius", "120"}}));
    r.operations.push_back(op(r, "terrace", {{"steps", "5"}, {"mask", "steep.slope"}}));
    const core::Heightmap got = heightsOf(r);
    // Offered to the entries after the mask's: by name, and by the stage that published it.
    EXPECT_EQ(core::masksBefore(registry(), r, 3), (std::vector<std::string>{"slope", "steep.slope"}));
    EXPECT_EQ(core::masksBefore(registry(), r, 1), (std::vector<std::string>{}));

    // By hand: the terrace of the smoothed map, through the slope mask of the map before smoothing.
    core::Recipe smoothed = r, terraced = r, masked = r;
    smoothed.operations = {r.operations[1]};
    terraced.operations = {r.operations[1], r.operations[2]};
    terraced.operations[1].mask.clear();
    masked.operations = {r.operations[0]};
    masked.operations[0].publish.clear();
    const core::Heightmap below = heightsOf(smoothed);
    core::Heightmap expected = heightsOf(terraced);
    const core::StackResult m = run(masked);
    core::blendThrough(below, *m.masks.at("slope"), expected, context());
    EXPECT_TRUE(got == expected);
    EXPECT_FALSE(got == heightsOf(terraced)) << "the mask changed nothing";
}

TEST(NamedStages, AnInputReadsThePublishedStageInsteadOfTheMapBelow) {
    core::Recipe r = baseRecipe(7);
    r.basePublish = "ground";
    r.operations.push_back(op(r, "terrace", {{"steps", "4"}}));
    r.operations.push_back(op(r, "smooth", {{"radius", "80"}, {"input", "ground"}}));
    core::Recipe plain = baseRecipe(7);
    plain.operations.push_back(r.operations[1]);
    plain.operations[0].input.clear();
    EXPECT_TRUE(heightsOf(r) == heightsOf(plain));
}

TEST(NamedStages, AGroupIsItsEntriesRunAsARecipeAndBlendedBackAsOneLayer) {
    for (const char* blend : {"replace", "max", "add", "multiply"}) {
        SCOPED_TRACE(blend);
        core::Recipe r = baseRecipe(7);
        r.operations.push_back(op(r, "clamp", {{"low", "100"}, {"high", "500"}}));
        r.operations.push_back(op(r, "group", {{"blend", blend}, {"weight", "0.6"}, {"publish", "ridges"}}));
        r.operations.push_back(op(r, "diamond-square", {{"blend", "replace"}, {"weight", "1"}, {"roughness", "0.7"}}));
        r.operations.push_back(op(r, "terrace", {{"steps", "3"}}));
        r.operations.push_back(op(r, "group-end"));
        r.operations.push_back(op(r, "curves", {{"gamma", "1.2"}}));
        core::validateRecipe(registry(), r);

        // By hand: the map below the group, the group's entries as a recipe of their own on it,
        // blended with the group's blend and weight, then the entry after it.
        core::Recipe below = r, inner = r, after = r;
        below.operations = {r.operations[0]};
        inner.operations = {r.operations[0], r.operations[2], r.operations[3]};
        const core::StackResult b = run(below);
        const core::Heightmap g = heightsOf(inner);
        core::Heightmap blended(b.map->width(), b.map->height());
        core::blendGroupInto(*b.map, g, b.heights, b.world, r.operations[1], nullptr, blended, context());
        const core::StackResult whole = run(r, 5);  // through the group's end
        EXPECT_TRUE(*whole.map == blended);
        EXPECT_FALSE(*whole.map == *b.map);
        // The entry after the group reads its result; the published name is the group's result.
        core::Recipe reader = r;
        reader.operations.back().input = "ridges";
        EXPECT_TRUE(heightsOf(reader) == heightsOf(r));
    }
}

TEST(NamedStages, ADisabledGroupIsSkippedWhole) {
    core::Recipe r = baseRecipe(6);
    r.operations.push_back(op(r, "group"));
    r.operations.push_back(op(r, "terrace"));
    r.operations.push_back(op(r, "group-end"));
    r.operations[0].enabled = false;
    EXPECT_TRUE(heightsOf(r) == heightsOf(baseRecipe(6)));
}

TEST(NamedStages, ReferencesToALaterOrMissingStageAndBadGroupsAreRefusedNamingBothEntries) {
    core::Recipe r = baseRecipe(6);
    r.operations.push_back(op(r, "smooth", {{"input", "later"}}));
    r.operations.push_back(op(r, "terrace", {{"publish", "later"}}));
    core::StageError e = stageError([&] { core::validateRecipe(registry(), r); });
    EXPECT_EQ(e.opId(), "smooth-1");
    EXPECT_EQ(e.field(), "smooth-1.input");
    EXPECT_NE(e.allowed().find("published by terrace-1, after smooth-1"), std::string::npos) << e.what();

    r.operations[0].input = "nowhere";
    e = stageError([&] { core::validateRecipe(registry(), r); });
    EXPECT_EQ(e.field(), "smooth-1.input");
    EXPECT_NE(e.allowed().find("add publish=NAME"), std::string::npos) << e.what();

    // Itself: a cycle of one.
    r.operations[0].input.clear();
    r.operations[1].mask = "later.slope";
    e = stageError([&] { core::validateRecipe(registry(), r); });
    EXPECT_EQ(e.field(), "terrace-1.mask");
    EXPECT_NE(e.allowed().find("this entry itself"), std::string::npos) << e.what();

    core::Recipe twice = baseRecipe(6);
    twice.basePublish = "a";
    twice.operations.push_back(op(twice, "smooth", {{"publish", "a"}}));
    e = stageError([&] { core::validateRecipe(registry(), twice); });
    EXPECT_EQ(e.field(), "smooth-1.publish");
    EXPECT_NE(e.allowed().find("base publishes a"), std::string::npos) << e.what();

    core::Recipe open = baseRecipe(6);
    open.operations.push_back(op(open, "group"));
    open.operations.push_back(op(open, "smooth"));
    e = stageError([&] { core::validateRecipe(registry(), open); });
    EXPECT_EQ(e.opId(), "group-1");
    core::Recipe stray = baseRecipe(6);
    stray.operations.push_back(op(stray, "group-end"));
    e = stageError([&] { core::validateRecipe(registry(), stray); });
    EXPECT_EQ(e.opId(), "group-end-1");
}

TEST(NamedStages, AnEditInsideAGroupRecomputesItAndWhatDependsOnItOnly) {
    core::Recipe r = baseRecipe(7);
    r.basePublish = "ground";
    r.operations.push_back(op(r, "clamp", {{"low", "50"}, {"high", "550"}}));  // 1
    r.operations.push_back(op(r, "group", {{"blend", "max"}}));                  // 2
    r.operations.push_back(op(r, "terrace", {{"steps", "4"}}));                 // 3
    r.operations.push_back(op(r, "smooth", {{"radius", "30"}}));                // 4
    r.operations.push_back(op(r, "group-end"));                                 // 5
    r.operations.push_back(op(r, "curves", {{"gamma", "1.3"}}));                // 6
    r.operations.push_back(op(r, "smooth", {{"radius", "60"}, {"input", "ground"}}));  // 7
    core::StackEvaluator evaluator(registry());
    const core::WorldUnits w = world(r);
    EXPECT_EQ(evaluator.evaluate(r, w, context(), 6).computed, (std::vector<int>{0, 1, 3, 4, 5, 6}));
    r.operations[2].params["steps"] = 6;  // inside the group
    EXPECT_EQ(evaluator.evaluate(r, w, context(), 6).computed, (std::vector<int>{3, 4, 5, 6}));
    // Entry 7 reads the base only: the edit does not reach it, nor an edit of the group.
    EXPECT_EQ(evaluator.evaluate(r, w, context()).computed, (std::vector<int>{7}));
    r.operations[3].params["radius"] = 40;
    EXPECT_TRUE(evaluator.evaluate(r, w, context()).computed.empty());
    EXPECT_EQ(evaluator.evaluate(r, w, context(), 6).computed, (std::vector<int>{4, 5, 6}));
}

TEST(NamedStages, EveryNewFieldRoundTripsAndAGroupNestsInTheFile) {
    core::Recipe r = baseRecipe(6);
    r.basePublish = "ground";
    r.operations.push_back(op(r, "mask", {{"source", "slope"}, {"publish", "rock"}}));
    r.operations.push_back(op(r, "group", {{"blend", "min"}, {"weight", "0.4"}, {"mask", "rock.slope"},
                                           {"input", "ground"}, {"name", "Cliffs"}, {"publish", "cliffs"}}));
    r.operations.push_back(op(r, "group", {}));
    r.operations.push_back(op(r, "terrace", {{"steps", "3"}}));
    r.operations.push_back(op(r, "group-end"));
    r.operations.back().id = "group-2-end";
    r.operations.push_back(op(r, "group-end"));
    r.operations.back().id = "group-1-end";
    r.operations.push_back(op(r, "smooth", {{"input", "cliffs"}, {"mask", "rock.slope"}}));
    core::validateRecipe(registry(), r);
    const std::string text = core::recipeToText(registry(), r);
    EXPECT_EQ(text.find("group-end"), std::string::npos) << "the ends are implied by the nesting\n" << text;
    const core::Recipe back = core::recipeFromText(registry(), text, "r.json");
    EXPECT_TRUE(back == r) << text;
    EXPECT_TRUE(heightsOf(back) == heightsOf(r));
    // A nested entry's error names its place.
    std::string bad = text;
    bad.replace(bad.find("\"steps\": 3"), 10, "\"steps\": -3");
    try {
        core::recipeFromText(registry(), bad, "r.json");
        ADD_FAILURE() << "accepted";
    } catch (const core::InputError& e) {
        EXPECT_EQ(e.field(), "stack[2].stack[0].stack[0].params.steps") << e.what();
    }
}

TEST(NamedStages, ATileOfAStackWithReferencesAndGroupsIsTheWholeMapsSamples) {
    core::Recipe r = baseRecipe(8);
    r.basePublish = "ground";
    r.operations.push_back(op(r, "terrace", {{"steps", "5"}, {"publish", "steps"}}));
    r.operations.push_back(op(r, "group", {{"blend", "max"}, {"weight", "0.7"}, {"input", "ground"}}));
    r.operations.push_back(op(r, "diamond-square", {{"blend", "add"}, {"weight", "0.3"}}));
    r.operations.push_back(op(r, "clamp", {{"low", "80"}, {"high", "520"}}));
    r.operations.push_back(op(r, "group-end"));
    r.operations.push_back(op(r, "curves", {{"gamma", "1.1"}, {"input", "steps"}}));
    r.operations.push_back(op(r, "island", {{"falloff_end", "900"}}));
    const core::Heightmap whole = heightsOf(r);
    const core::SampleWindow window{40, 70, 100, 90};
    const core::Heightmap tile = core::evaluateStackWindow(registry(), r, world(r), window, context());
    for (int y = 0; y < window.height; ++y)
        for (int x = 0; x < window.width; ++x)
            ASSERT_EQ(tile.at(x, y), whole.at(window.x0 + x, window.y0 + y)) << x << "," << y;
    // Without references the last entry would read the group: it reads "steps" instead.
    core::Recipe linear = r;
    linear.operations[5].input.clear();
    EXPECT_FALSE(heightsOf(linear) == whole);
}
