// The built-in recipe presets: resources/presets/*.json compiled into terrain_core.
#include "core/errors.h"
#include "core/recipe.h"
#include "core/registry.h"
#include "core/stack/evaluator.h"
#include "core/stack/recipe_presets.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

namespace core = terrain::core;

namespace {

const core::Registry& registry() {
    static const core::Registry r = core::makeBuiltinRegistry();
    return r;
}

// The first stack entry type this build does not know ("" when all are known): the presets use
// operations that land on main separately, and are tested fully once they are there.
std::string missingType(const core::RecipePreset& preset) {
    const auto json = nlohmann::json::parse(preset.json);
    for (const auto& entry : json.at("stack")) {
        const std::string type = entry.at("type").get<std::string>();
        if (registry().findOp(type) == nullptr && registry().find(type) == nullptr) return type;
    }
    return {};
}

}  // namespace

TEST(RecipePresets, EachHasAnIdNameSummaryAndACurrentRecipeWithItsWorld) {
    const auto& presets = core::builtinRecipePresets();
    ASSERT_GE(presets.size(), 3u);
    std::set<std::string> ids;
    for (const auto& p : presets) {
        EXPECT_FALSE(p.name.empty()) << p.id;
        EXPECT_FALSE(p.summary.empty()) << p.id;
        EXPECT_TRUE(ids.insert(p.id).second) << "duplicate id " << p.id;
        const auto json = nlohmann::json::parse(p.json);
        EXPECT_EQ(json.at("version"), core::kRecipeFormatVersion) << p.id;
        EXPECT_TRUE(json.contains("world")) << p.id << ": a preset carries its world";
        EXPECT_GE(json.at("stack").size(), 2u) << p.id << ": a preset is a stack, not a bare generator";
    }
    for (const char* id : {"alpine", "eroded-hills", "canyon", "volcanic-island", "island", "rolling-hills", "terraced-mesa"})
        EXPECT_TRUE(ids.count(id)) << id;
}

TEST(RecipePresets, EmbeddedTextIsTheResourceFile) {
    // CMake embeds the files at configure time: a stale build would ship an old preset.
    for (const auto& p : core::builtinRecipePresets()) {
        std::ifstream file(std::string(TERRAIN_PRESETS_DIR) + "/" + p.id + ".json", std::ios::binary);
        ASSERT_TRUE(file) << p.id;
        std::ostringstream text;
        text << file.rdbuf();
        EXPECT_EQ(text.str(), p.json) << p.id;
    }
}

TEST(RecipePresets, EveryPresetLoadsAndItsStackShapesTheMap) {
    for (const auto& p : core::builtinRecipePresets()) {
        SCOPED_TRACE(p.id);
        ASSERT_EQ(missingType(p), "") << "preset " << p.id << " uses an operation type not in this build";
        const core::Recipe recipe = core::loadRecipePreset(registry(), p.id);
        EXPECT_FALSE(recipe.operations.empty());
        // The saved form reads back as the same recipe.
        EXPECT_EQ(core::recipeFromText(registry(), core::recipeToText(registry(), recipe), "saved"), recipe);

        core::GenerateContext context;
        context.threads = 2;
        // In its own world: a preset's metre parameters are meant there.
        const core::WorldUnits world = core::worldUnits(recipe);
        const core::Heightmap map = core::evaluateStack(registry(), recipe, world, context);
        core::Recipe base = recipe;
        base.operations.clear();
        const core::Heightmap bare = core::evaluateStack(registry(), base, world, context);
        ASSERT_EQ(map.sampleCount(), bare.sampleCount());
        std::size_t changed = 0;
        for (int y = 0; y < map.height(); ++y) {
            for (int x = 0; x < map.width(); ++x) {
                ASSERT_TRUE(std::isfinite(map.at(x, y)));
                changed += map.at(x, y) != bare.at(x, y);
            }
        }
        EXPECT_GT(changed, map.sampleCount() / 4) << "the operations leave the base map nearly as it is";
        const core::MinMax range = core::finiteMinMax(map);
        EXPECT_LT(range.min, range.max) << "a flat map";
    }
}

TEST(RecipePresets, UnknownIdNamesItAndListsThePresets) {
    try {
        core::loadRecipePreset(registry(), "atoll");
        FAIL() << "no error";
    } catch (const core::InputError& e) {
        EXPECT_EQ(e.field(), "preset");
        EXPECT_EQ(e.value(), "atoll");
        const std::string what = e.what();
        for (const auto& p : core::builtinRecipePresets()) EXPECT_NE(what.find(p.id), std::string::npos) << what;
    }
}
