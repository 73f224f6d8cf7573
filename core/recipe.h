#pragma once
// A Recipe fully determines a Heightmap: same recipe -> same bytes, on any thread count, in the
// editor and in the CLI. Saved as JSON with a format version.
#include <cstdint>
#include <map>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace terrain::core {

class Registry;

// Format 2: the lattice rule (issue 10). Detail became resolution: every random draw sits on one
// world lattice, so a recipe of format 1 now makes a different terrain than when it was saved.
constexpr int kRecipeFormatVersion = 2;
constexpr int kLatticeRecipeVersion = 2;

// The one line a front end shows when it reads a recipe of `version` (empty when current).
std::string olderRecipeNotice(int version);

struct Recipe {
    std::string algorithm = "diamond-square";
    int detail = 9;               // side = 2^detail + 1 samples
    std::uint64_t seed = 1;
    std::map<std::string, double> params;  // every key of the algorithm's ParamSpec table

    bool operator==(const Recipe&) const = default;
};

// The algorithm's defaults for every parameter.
Recipe defaultRecipe(const Registry& registry, const std::string& algorithm);

// Throws InputError naming the first field that is not allowed (algorithm, detail, a parameter).
void validateRecipe(const Registry& registry, const Recipe& recipe);

nlohmann::json recipeToJson(const Registry& registry, const Recipe& recipe);
// Validates every field; missing parameters take their defaults; unknown keys, wrong types, a
// newer format version and out-of-range values throw InputError naming the field.
// `formatVersion`, if given, receives the file's format version (for olderRecipeNotice).
Recipe recipeFromJson(const Registry& registry, const nlohmann::json& json,
                      int* formatVersion = nullptr);

std::string recipeToText(const Registry& registry, const Recipe& recipe);  // pretty JSON
// Parses text (throws InputError with the parse position for malformed or truncated JSON).
Recipe recipeFromText(const Registry& registry, const std::string& text, const std::string& source,
                      int* formatVersion = nullptr);

// Sets one parameter from text, as `--set KEY=VALUE` and the editor's fields do. Besides the
// ParamSpec keys it takes two aliases: `hurst` (sets roughness = 2^-H) and, for algorithms with
// fixed corners, `corners=a,b,c,d` (NW, NE, SW, SE; switches corners to fixed). Throws
// InputError naming `field`.
void setParamFromText(const Registry& registry, Recipe& recipe, const std::string& key,
                      const std::string& text, const std::string& field);

// SHA-256 (hex) of the canonical JSON of the recipe: names a terrain in logs and sidecars.
std::string recipeHash(const Registry& registry, const Recipe& recipe);

// Seed 003's roughness constant H as the per-level amplitude factor: r = 2^-H.
double roughnessFromHurst(double hurst);
double hurstFromRoughness(double roughness);

}  // namespace terrain::core
