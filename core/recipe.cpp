#include "recipe.h"

#include "errors.h"
#include "json_input.h"
#include "registry.h"
#include "sha256.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace terrain::core {
namespace {

using nlohmann::json;

const char* const kFormatName = "terrain-recipe";

std::string paramKeys(const Algorithm& a) {
    std::string keys;
    for (const auto& p : a.params) keys += (keys.empty() ? "" : ", ") + p.key;
    if (findParam(a.params, "roughness") != nullptr) keys += ", hurst";
    return keys;
}

std::string shown(const json& value) { return jsonForMessage(value, 60); }

std::string detailAllowed(const Algorithm& a) {
    return "a whole number from " + std::to_string(a.minDetail) + " to " + std::to_string(a.maxDetail) +
           " (" + a.id + ")";
}

double paramFromJson(const ParamSpec& spec, const json& value, const std::string& field) {
    switch (spec.kind) {
    case ParamKind::Choice:
        if (!value.is_string()) throw InputError(field, shown(value), spec.allowedText());
        return spec.parse(value.get<std::string>(), field);
    case ParamKind::Flag:
        if (!value.is_boolean()) throw InputError(field, shown(value), spec.allowedText());
        return value.get<bool>() ? 1.0 : 0.0;
    case ParamKind::Real:
    case ParamKind::Integer:
        if (!value.is_number()) throw InputError(field, shown(value), spec.allowedText());
        spec.validate(value.get<double>(), field);
        return value.get<double>();
    }
    return 0.0;
}

json paramToJson(const ParamSpec& spec, double value) {
    switch (spec.kind) {
    case ParamKind::Choice:
        return spec.format(value);
    case ParamKind::Flag:
        return value != 0.0;
    case ParamKind::Integer:
        return static_cast<long long>(value);
    case ParamKind::Real:
        return value;
    }
    return value;
}

}  // namespace

double roughnessFromHurst(double hurst) { return std::exp2(-hurst); }
double hurstFromRoughness(double roughness) { return -std::log2(roughness); }

Recipe defaultRecipe(const Registry& registry, const std::string& algorithm) {
    const Algorithm& a = registry.get(algorithm);
    Recipe recipe;
    recipe.algorithm = a.id;
    recipe.detail = a.defaultDetail;
    recipe.seed = 1;
    for (const auto& p : a.params) recipe.params[p.key] = p.defaultValue;
    return recipe;
}

void validateRecipe(const Registry& registry, const Recipe& recipe) {
    const Algorithm& a = registry.get(recipe.algorithm);
    if (recipe.detail < a.minDetail || recipe.detail > a.maxDetail) {
        throw InputError("detail", std::to_string(recipe.detail), detailAllowed(a));
    }
    for (const auto& [key, value] : recipe.params) {
        const ParamSpec* spec = findParam(a.params, key);
        if (spec == nullptr) {
            throw InputError("parameter", key, "a parameter of " + a.id + ": " + paramKeys(a));
        }
        spec->validate(value, key);
    }
    for (const auto& p : a.params) {
        if (!recipe.params.count(p.key)) throw InputError(p.key, "(missing)", p.allowedText());
    }
}

json recipeToJson(const Registry& registry, const Recipe& recipe) {
    const Algorithm& a = registry.get(recipe.algorithm);
    json params = json::object();
    for (const auto& p : a.params) {
        const auto it = recipe.params.find(p.key);
        params[p.key] = paramToJson(p, it == recipe.params.end() ? p.defaultValue : it->second);
    }
    return json{{"format", kFormatName},
                {"version", kRecipeFormatVersion},
                {"algorithm", recipe.algorithm},
                {"detail", recipe.detail},
                {"seed", recipe.seed},
                {"params", params}};
}

std::string olderRecipeNotice(int version) {
    if (version >= kLatticeRecipeVersion) return {};
    return "made with recipe format " + std::to_string(version) +
           ", before detail became resolution (the lattice rule): the same settings now make a "
           "different terrain, the same at every detail; save it again to keep this one";
}

Recipe recipeFromJson(const Registry& registry, const json& j, int* formatVersion) {
    if (!j.is_object()) throw InputError("recipe", shown(j), "a JSON object");
    for (const auto& [key, value] : j.items()) {
        if (key != "format" && key != "version" && key != "algorithm" && key != "detail" &&
            key != "seed" && key != "params") {
            throw InputError("recipe key", quoteForMessage(key), "format, version, algorithm, detail, seed, params");
        }
    }
    if (j.contains("format") && j["format"] != kFormatName) {
        throw InputError("format", shown(j["format"]), std::string("\"") + kFormatName + "\"");
    }
    if (!j.contains("version") || !j["version"].is_number_integer()) {
        throw InputError("version", j.contains("version") ? shown(j["version"]) : "(missing)",
                         "a whole number from 1 to " + std::to_string(kRecipeFormatVersion));
    }
    const auto& version = j["version"];
    if (version < 1 || version > kRecipeFormatVersion) {
        throw InputError("version", shown(version),
                         "a whole number from 1 to " + std::to_string(kRecipeFormatVersion) +
                             " (this build reads recipe format " + std::to_string(kRecipeFormatVersion) +
                             "; the file is from a newer version)");
    }
    if (formatVersion) *formatVersion = version.get<int>();
    if (!j.contains("algorithm") || !j["algorithm"].is_string()) {
        throw InputError("algorithm", j.contains("algorithm") ? shown(j["algorithm"]) : "(missing)",
                         "one of " + registry.idList());
    }
    Recipe recipe = defaultRecipe(registry, j["algorithm"].get<std::string>());
    const Algorithm& a = registry.get(recipe.algorithm);
    if (j.contains("detail")) {
        const auto& d = j["detail"];
        if (!d.is_number_integer() || d.get<long long>() < a.minDetail || d.get<long long>() > a.maxDetail) {
            throw InputError("detail", shown(d), detailAllowed(a));
        }
        recipe.detail = d.get<int>();
    }
    if (j.contains("seed")) {
        const auto& s = j["seed"];
        if (!s.is_number_unsigned()) {
            // Non-negative integers parse as unsigned, so a signed zero was written "-0".
            const bool minusZero = s.is_number_integer() && s.get<long long>() == 0;
            throw InputError("seed", minusZero ? "-0" : shown(s),
                             minusZero ? "a whole number from 0 to 18446744073709551615, without a sign"
                                       : "a whole number from 0 to 18446744073709551615");
        }
        recipe.seed = s.get<std::uint64_t>();
    }
    if (j.contains("params")) {
        const auto& params = j["params"];
        if (!params.is_object()) throw InputError("params", shown(params), "a JSON object");
        for (const auto& [key, value] : params.items()) {
            const std::string field = "params." + quoteForMessage(key);
            if (key == "hurst" && findParam(a.params, "roughness") != nullptr) {
                if (params.contains("roughness")) {
                    throw InputError(field, shown(value), "either roughness or hurst, not both");
                }
                if (!value.is_number() || !(value.get<double>() >= 0.0) || value.get<double>() > 16.0) {
                    throw InputError(field, shown(value), "a number in [0, 16] (roughness = 2^-hurst)");
                }
                recipe.params["roughness"] = roughnessFromHurst(value.get<double>());
                continue;
            }
            const ParamSpec* spec = findParam(a.params, key);
            if (spec == nullptr) {
                throw InputError(field, quoteForMessage(key), "a parameter of " + a.id + ": " + paramKeys(a));
            }
            recipe.params[key] = paramFromJson(*spec, value, field);
        }
    }
    return recipe;
}

void setParamFromText(const Registry& registry, Recipe& recipe, const std::string& key,
                      const std::string& text, const std::string& field) {
    const Algorithm& a = registry.get(recipe.algorithm);
    const ParamSpec* roughness = findParam(a.params, "roughness");
    if (key == "hurst" && roughness != nullptr) {
        const ParamSpec hurst{"hurst", "Hurst H", "", ParamKind::Real, 0.0, 16.0, 0.01, 0.0, "", {}};
        recipe.params["roughness"] = roughnessFromHurst(hurst.parse(text, field));
        return;
    }
    if (key == "corners" && findParam(a.params, "corner_nw") != nullptr && text.find(',') != std::string::npos) {
        const char* keys[4] = {"corner_nw", "corner_ne", "corner_sw", "corner_se"};
        std::size_t start = 0;
        for (int i = 0; i < 4; ++i) {
            const std::size_t comma = text.find(',', start);
            if ((i < 3) == (comma == std::string::npos)) {
                throw InputError(field, text, "four comma-separated heights a,b,c,d (NW, NE, SW, SE)");
            }
            const std::string part = text.substr(start, i < 3 ? comma - start : std::string::npos);
            recipe.params[keys[i]] = findParam(a.params, keys[i])->parse(part, field);
            start = comma + 1;
        }
        recipe.params["corners"] = findParam(a.params, "corners")->parse("fixed", field);
        return;
    }
    const ParamSpec* spec = findParam(a.params, key);
    if (spec == nullptr) {
        throw InputError(field, quoteForMessage(key), "a parameter of " + a.id + ": " + paramKeys(a));
    }
    recipe.params[key] = spec->parse(text, field);
}

std::string recipeToText(const Registry& registry, const Recipe& recipe) {
    return recipeToJson(registry, recipe).dump(2) + "\n";
}

Recipe recipeFromText(const Registry& registry, const std::string& text, const std::string& source,
                      int* formatVersion) {
    return recipeFromJson(registry, parseJsonInput(text, source), formatVersion);
}

std::string recipeHash(const Registry& registry, const Recipe& recipe) {
    return sha256Hex(recipeToJson(registry, recipe).dump());
}

}  // namespace terrain::core
