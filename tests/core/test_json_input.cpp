// core::parseJsonInput and the recipe reader on hostile input:
// each test fails on the plain nlohmann::json::parse the readers used before.
#include <core/errors.h>
#include <core/json_input.h>
#include <core/recipe.h>
#include <core/registry.h>

#include <gtest/gtest.h>

#include <string>

namespace terrain {
namespace {

using namespace std::string_literals;

const core::Registry& registry() {
    static const core::Registry r = core::makeBuiltinRegistry();
    return r;
}

// Runs f, expects an InputError (nothing else: an out_of_range would abort the CLI).
template <typename F>
core::InputError refusal(F&& f) {
    try {
        f();
    } catch (const core::InputError& e) {
        return e;
    }
    ADD_FAILURE() << "expected an InputError";
    return core::InputError("", "", "");
}

core::InputError recipeRefusal(const std::string& text) {
    return refusal([&] { core::recipeFromText(registry(), text, "r.json"); });
}

const std::string kHead = R"({"version":1,"algorithm":"diamond-square",)";

TEST(JsonInput, NumberOverflowNamesTheField) {  // finding 1
    auto e = recipeRefusal(kHead + R"("seed": 1e309})");
    EXPECT_EQ(e.field(), "seed");
    EXPECT_EQ(e.value(), "1e309");
    EXPECT_NE(e.allowed().find("double"), std::string::npos);
    e = recipeRefusal(kHead + R"("seed": )" + std::string(400, '9') + "}");
    EXPECT_EQ(e.field(), "seed");
    EXPECT_LE(e.value().size(), core::kMaxQuotedChars);
    EXPECT_EQ(e.value().substr(e.value().size() - 3), "...");
    e = recipeRefusal(kHead + R"("params": {"roughness": -1e400}})");
    EXPECT_EQ(e.field(), "params.roughness");
    e = refusal([] { core::parseJsonInput(R"({"a": [1, 2, {"b": [0, 1e999]}]})", "x.json"); });
    EXPECT_EQ(e.field(), "a[2].b[1]");
    e = refusal([] { core::parseJsonInput("1e999", "x.json"); });
    EXPECT_EQ(e.field(), "x.json");
}

TEST(JsonInput, DeepNestingIsRefusedBeforeItIsBuilt) {  // finding 2
    const std::string deep = kHead + R"("params": )" + std::string(100000, '[') + std::string(100000, ']') + "}";
    auto e = recipeRefusal(deep);
    EXPECT_NE(e.allowed().find("at most 64 nested"), std::string::npos) << e.what();
    std::string path = "params";
    for (int i = 0; i < 63; ++i) path += "[0]";
    EXPECT_EQ(e.field(), path);  // the 65th level, inside the 64th
    // 64 levels are fine, 65 are not.
    EXPECT_NO_THROW(core::parseJsonInput(std::string(64, '[') + std::string(64, ']'), "x"));
    EXPECT_THROW(core::parseJsonInput(std::string(65, '[') + std::string(65, ']'), "x"), core::InputError);
    e = refusal([] { core::parseJsonInput(std::string(200000, '{'), "x"); });
    EXPECT_LT(std::string(e.what()).size(), 600u);
}

TEST(JsonInput, DuplicateKeysAreRefusedNamingThePath) {  // finding 12
    auto e = recipeRefusal(kHead + R"("seed": 1, "seed": 2})");
    EXPECT_EQ(e.field(), "seed");
    EXPECT_NE(e.allowed().find("at most once"), std::string::npos);
    e = recipeRefusal(kHead + R"("params": {"roughness": 0.5, "roughness": 0.6}})");
    EXPECT_EQ(e.field(), "params.roughness");
    // Equal keys in different objects are fine.
    EXPECT_NO_THROW(core::parseJsonInput(R"({"a": {"k": 1}, "b": {"k": 2}, "c": [{"k": 1}, {"k": 2}]})", "x"));
}

TEST(JsonInput, TextAfterANulByteIsNotIgnored) {  // finding 12
    auto e = recipeRefusal(kHead + R"("seed": 1})"s + '\0' + "garbage");
    EXPECT_EQ(e.field(), "r.json");
    EXPECT_NE(e.value().find("NUL byte at byte"), std::string::npos);
}

TEST(JsonInput, SyntaxErrorsQuoteAtMostEightyCharacters) {  // finding 12
    auto e = recipeRefusal(kHead + R"("seed": 1, "x": tru)" + std::string(100000, 'e') + "}");
    EXPECT_EQ(e.field(), "r.json");
    EXPECT_NE(e.value().find("malformed"), std::string::npos);
    EXPECT_LT(std::string(e.what()).size(), 500u) << e.what();
    // An unterminated string: the library quotes the whole 100 KB token.
    e = recipeRefusal(kHead + R"("seed": 1, "x": ")" + std::string(100000, 'a'));
    EXPECT_LT(std::string(e.what()).size(), 500u) << e.what();
    EXPECT_NE(std::string(e.what()).find("last read: '\"aaaa"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("aaa...'"), std::string::npos) << e.what();
    e = recipeRefusal(kHead + R"("seed": )");
    EXPECT_NE(e.value().find("truncated"), std::string::npos);
}

TEST(JsonInput, ControlCharactersInQuotedValuesAreEscaped) {  // finding 12
    auto e = recipeRefusal(R"({"version":1,"algorithm":"diamond-square\u0000 and more"})");
    EXPECT_EQ(e.field(), "algorithm");
    EXPECT_EQ(e.value(), R"(diamond-square\u0000 and more)");
    const std::string what = e.what();
    EXPECT_EQ(what.find('\0'), std::string::npos);
    EXPECT_NE(what.find("and more"), std::string::npos);
    e = recipeRefusal(kHead + R"("params": {"edge": "a\u001bb\nc"}})");
    EXPECT_EQ(e.value(), R"(a\u001Bb\u000Ac)");
    e = recipeRefusal(kHead + R"("params": {"k\u0000ey": 1}})");
    EXPECT_EQ(e.field(), R"(params.k\u0000ey)");
}

TEST(JsonInput, MinusZeroSeedSaysMinusZero) {  // finding 12
    auto e = recipeRefusal(kHead + R"("seed": -0})");
    EXPECT_EQ(e.field(), "seed");
    EXPECT_EQ(e.value(), "-0");
    EXPECT_NE(e.allowed().find("without a sign"), std::string::npos);
    e = recipeRefusal(kHead + R"("seed": -3})");
    EXPECT_EQ(e.value(), "-3");
}

TEST(JsonInput, QuoteForMessageEscapesCapsAndNeverThrows) {
    EXPECT_EQ(core::quoteForMessage("plain"), "plain");
    EXPECT_EQ(core::quoteForMessage("a\0b"s), R"(a\u0000b)");
    EXPECT_EQ(core::quoteForMessage("caf\xC3\xA9"), "caf\xC3\xA9");  // valid UTF-8 stays
    EXPECT_EQ(core::quoteForMessage("bad\xFF\xC3"), R"(bad\xFF\xC3)");
    EXPECT_EQ(core::quoteForMessage(std::string(80, 'x')), std::string(80, 'x'));
    EXPECT_EQ(core::quoteForMessage(std::string(81, 'x')), std::string(77, 'x') + "...");
    // A string with invalid UTF-8 (a file name from the command line) in a JSON value.
    const nlohmann::json j = {{"name", "a\xFF"}};
    EXPECT_NO_THROW(core::jsonForMessage(j));
    EXPECT_EQ(core::jsonForMessage(j["name"]), R"(a\xFF)");
}

TEST(JsonInput, GoodRecipesStillLoad) {
    const auto r = core::defaultRecipe(registry(), "diamond-square");
    EXPECT_EQ(core::recipeFromText(registry(), core::recipeToText(registry(), r), "r.json"), r);
    const auto j = core::parseJsonInput(R"({"a": [1, -2, 3.5, "s", null, true, {}], "b": {}})", "x");
    EXPECT_EQ(j, nlohmann::json::parse(R"({"a": [1, -2, 3.5, "s", null, true, {}], "b": {}})"));
}

}  // namespace
}  // namespace terrain
