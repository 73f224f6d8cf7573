#include <core/cancel.h>
#include <core/errors.h>
#include <core/recipe.h>
#include <core/registry.h>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace terrain {
namespace {

const core::Registry& registry() {
    static const core::Registry r = core::makeBuiltinRegistry();
    return r;
}

// Runs f, expects an InputError, returns it for inspection.
template <typename F>
core::InputError inputError(F&& f) {
    try {
        f();
    } catch (const core::InputError& e) {
        return e;
    }
    ADD_FAILURE() << "expected InputError";
    return core::InputError("", "", "");
}

TEST(Registry, HasTheSeedAlgorithmsWithFixedIds) {
    EXPECT_NE(registry().find("diamond-square"), nullptr);
    EXPECT_NE(registry().find("midpoint-displacement"), nullptr);
    EXPECT_NE(registry().find("midpoint-line"), nullptr);
    const auto e = inputError([] { registry().get("perlin"); });
    EXPECT_EQ(e.field(), "algorithm");
    EXPECT_EQ(e.value(), "perlin");
    EXPECT_NE(e.allowed().find("diamond-square"), std::string::npos);
}

TEST(Registry, EveryParameterHasACompleteSpec) {
    for (const auto& a : registry().algorithms()) {
        for (const auto& p : a.params) {
            EXPECT_FALSE(p.label.empty()) << a.id << "." << p.key;
            EXPECT_FALSE(p.help.empty()) << a.id << "." << p.key;
            EXPECT_LE(p.min, p.defaultValue) << a.id << "." << p.key;
            EXPECT_GE(p.max, p.defaultValue) << a.id << "." << p.key;
            if (p.kind == core::ParamKind::Choice) {
                EXPECT_FALSE(p.choices.empty());
            }
        }
    }
}

TEST(Recipe, DefaultsMatchTheSeeds) {
    const auto r = core::defaultRecipe(registry(), "diamond-square");
    EXPECT_EQ(r.detail, 9);
    EXPECT_DOUBLE_EQ(r.params.at("roughness"), 0.6);
    const auto m = core::defaultRecipe(registry(), "midpoint-displacement");
    EXPECT_DOUBLE_EQ(m.params.at("spread"), 0.3);
    EXPECT_DOUBLE_EQ(m.params.at("roughness"), 0.5);
    EXPECT_DOUBLE_EQ(m.params.at("clamp"), 1.0);
}

TEST(Recipe, JsonRoundTripIsExact) {
    auto r = core::defaultRecipe(registry(), "diamond-square");
    r.seed = std::numeric_limits<std::uint64_t>::max();
    r.detail = 11;
    core::setParamFromText(registry(), r, "edge", "reflect", "--set edge");
    core::setParamFromText(registry(), r, "roughness", "0.123456789", "--roughness");
    const auto text = core::recipeToText(registry(), r);
    EXPECT_EQ(core::recipeFromText(registry(), text, "test"), r);
    const auto j = nlohmann::json::parse(text);
    EXPECT_EQ(j["stack"][0]["params"]["edge"], "reflect");
    EXPECT_EQ(j["version"], core::kRecipeFormatVersion);
}

TEST(Recipe, HashNamesTheRecipe) {
    const auto a = core::defaultRecipe(registry(), "diamond-square");
    auto b = a;
    b.seed = 2;
    EXPECT_EQ(core::recipeHash(registry(), a).size(), 64u);
    EXPECT_EQ(core::recipeHash(registry(), a), core::recipeHash(registry(), a));
    EXPECT_NE(core::recipeHash(registry(), a), core::recipeHash(registry(), b));
}

TEST(Recipe, HurstIsAnotherWayToGiveRoughness) {
    auto r = core::defaultRecipe(registry(), "diamond-square");
    core::setParamFromText(registry(), r, "hurst", "1", "--hurst");
    EXPECT_DOUBLE_EQ(r.params.at("roughness"), 0.5);
    const auto j = nlohmann::json::parse(R"({"version":1,"algorithm":"diamond-square","params":{"hurst":0.5}})");
    EXPECT_NEAR(core::recipeFromJson(registry(), j).params.at("roughness"), std::pow(2.0, -0.5), 1e-15);
    EXPECT_NEAR(core::hurstFromRoughness(0.7), 0.5145731728297583, 1e-12);
}

TEST(Recipe, CornersShorthandFixesTheCorners) {
    auto r = core::defaultRecipe(registry(), "diamond-square");
    core::setParamFromText(registry(), r, "corners", "0,0.5,1,-1", "--set corners");
    EXPECT_EQ(r.params.at("corners"), 1.0);
    EXPECT_EQ(r.params.at("corner_ne"), 0.5);
    EXPECT_EQ(r.params.at("corner_se"), -1.0);
    const auto e = inputError([&] { core::setParamFromText(registry(), r, "corners", "0,1,2", "--set corners"); });
    EXPECT_EQ(e.field(), "--set corners");
}

TEST(Recipe, BadValuesNameFieldValueAndWhatIsAllowed) {
    auto r = core::defaultRecipe(registry(), "diamond-square");
    auto e = inputError([&] { core::setParamFromText(registry(), r, "roughness", "nan", "--roughness"); });
    EXPECT_EQ(e.field(), "--roughness");
    EXPECT_EQ(e.value(), "nan");
    EXPECT_EQ(e.allowed(), "a number in [0, 1]");
    EXPECT_STREQ(e.what(), "--roughness: 'nan' is not allowed; expected a number in [0, 1]");
    e = inputError([&] { core::setParamFromText(registry(), r, "roughness", "1.5", "--roughness"); });
    EXPECT_EQ(e.value(), "1.5");
    e = inputError([&] { core::setParamFromText(registry(), r, "roughness", "0.5x", "--roughness"); });
    EXPECT_EQ(e.value(), "0.5x");
    e = inputError([&] { core::setParamFromText(registry(), r, "wobble", "1", "--set wobble"); });
    EXPECT_EQ(e.value(), "wobble");
    EXPECT_NE(e.allowed().find("roughness"), std::string::npos);
    e = inputError([&] { core::setParamFromText(registry(), r, "edge", "mirror", "--set edge"); });
    EXPECT_EQ(e.allowed(), "one of clip, wrap, reflect");
    r.detail = 15;
    e = inputError([&] { core::validateRecipe(registry(), r); });
    EXPECT_EQ(e.field(), "detail");
    EXPECT_NE(e.allowed().find("1 to 14"), std::string::npos);
}

TEST(Recipe, Format1RecipesStillLoadAndSayOnceTheyMakeAnotherTerrainNow) {
    // Format 2 is the lattice rule; a format-1 recipe loads, and the caller learns
    // its version to show the one-line notice.
    int version = 0;
    const core::Recipe old = core::recipeFromText(
        registry(), R"({"version":1,"algorithm":"diamond-square","detail":7,"seed":3})", "old.json",
        &version);
    EXPECT_EQ(version, 1);
    EXPECT_EQ(old.seed, 3u);
    EXPECT_NE(core::olderRecipeNotice(version).find("different terrain"), std::string::npos);
    const std::string saved = core::recipeToText(registry(), old);
    EXPECT_NE(saved.find("\"version\": " + std::to_string(core::kRecipeFormatVersion)), std::string::npos) << saved;
    core::recipeFromText(registry(), saved, "new.json", &version);
    EXPECT_EQ(version, core::kRecipeFormatVersion);
    EXPECT_TRUE(core::olderRecipeNotice(version).empty());
}

TEST(Recipe, BadFilesAreRejectedNamingTheField) {
    auto load = [](const std::string& text) { return core::recipeFromText(registry(), text, "test.json"); };
    auto e = inputError([&] { load(R"({"version":1,"algorithm":"diamond-square","detail":)"); });
    EXPECT_EQ(e.field(), "test.json");
    EXPECT_NE(e.value().find("truncated"), std::string::npos);
    e = inputError([&] {
        load(R"({"version":)" + std::to_string(core::kRecipeFormatVersion + 1) + R"(,"algorithm":"diamond-square"})");
    });
    EXPECT_EQ(e.field(), "version");
    EXPECT_NE(e.allowed().find("newer"), std::string::npos);
    e = inputError([&] { load(R"({"version":1,"algorithm":"diamond-square","detail":"9"})"); });
    EXPECT_EQ(e.field(), "detail");
    e = inputError([&] { load(R"({"version":1,"algorithm":"diamond-square","seed":-4})"); });
    EXPECT_EQ(e.field(), "seed");
    e = inputError([&] { load(R"({"version":1,"algorithm":"diamond-square","params":{"roughness":"high"}})"); });
    EXPECT_EQ(e.field(), "params.roughness");
    e = inputError([&] { load(R"({"version":1,"algorithm":"diamond-square","params":{"edge":"mirror"}})"); });
    EXPECT_EQ(e.field(), "params.edge");
    e = inputError([&] { load(R"({"version":1,"algorithm":"diamond-square","params":{"roughness":0.5,"hurst":1}})"); });
    EXPECT_EQ(e.field(), "params.hurst");
    e = inputError([&] { load(R"({"version":1,"algorithm":"diamond-square","colour":"red"})"); });
    EXPECT_EQ(e.field(), "recipe key");
    e = inputError([&] { load(R"([1,2,3])"); });
    EXPECT_EQ(e.field(), "recipe");
    e = inputError([&] { load(R"({"version":1,"algorithm":"voronoi"})"); });
    EXPECT_EQ(e.field(), "algorithm");
}

TEST(Recipe, GenerateUsesTheRegistryAndValidates) {
    auto r = core::defaultRecipe(registry(), "midpoint-line");
    r.detail = 4;
    const auto line = core::generate(registry(), r, {});
    EXPECT_EQ(line.width(), 17);
    EXPECT_EQ(line.height(), 1);
    r.params["range"] = -1;
    EXPECT_THROW(core::generate(registry(), r, {}), core::InputError);
}

}  // namespace
}  // namespace terrain
