// Recipe files: the JSON of a recipe (format 4: the world, the stack with nested groups) and
// back, every field checked and named. Split from recipe.cpp, which holds the recipe's rules.
#include "recipe.h"

#include "errors.h"
#include "json_input.h"
#include "recipe_detail.h"
#include "registry.h"
#include "stack/stage_plan.h"
#include "sha256.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

namespace terrain::core {
using namespace recipe_detail;

namespace {

using nlohmann::json;

const char* const kFormatName = "terrain-recipe";


std::string shown(const json& value) { return jsonForMessage(value, 60); }


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

json paramsToJson(const std::vector<ParamSpec>& table, const std::map<std::string, double>& values) {
    json params = json::object();
    for (const auto& p : table) {
        const auto it = values.find(p.key);
        params[p.key] = paramToJson(p, it == values.end() ? p.defaultValue : it->second);
    }
    return params;
}


// Reads a "params" object into `out` (which holds the defaults), with the `hurst` alias.
void paramsFromJson(const std::vector<ParamSpec>& table, const std::string& owner, const json& params,
                    const std::string& prefix, std::map<std::string, double>& out) {
    if (!params.is_object()) throw InputError(prefix + "params", shown(params), "a JSON object");
    for (const auto& [key, value] : params.items()) {
        const std::string field = prefix + "params." + quoteForMessage(key);
        if (key == "hurst" && findParam(table, "roughness") != nullptr) {
            if (params.contains("roughness")) {
                throw InputError(field, shown(value), "either roughness or hurst, not both");
            }
            if (!value.is_number() || !(value.get<double>() >= 0.0) || value.get<double>() > 16.0) {
                throw InputError(field, shown(value), "a number in [0, 16] (roughness = 2^-hurst)");
            }
            out["roughness"] = roughnessFromHurst(value.get<double>());
            continue;
        }
        const ParamSpec* spec = findParam(table, key);
        if (spec == nullptr) {
            throw InputError(field, quoteForMessage(key), "a parameter of " + owner + ": " + tableKeys(table));
        }
        out[key] = paramFromJson(*spec, value, field);
    }
}

void checkKeys(const json& j, const std::vector<std::string>& allowed, const std::string& what) {
    for (const auto& [key, value] : j.items()) {
        if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
            std::string list;
            for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
            throw InputError(what, quoteForMessage(key), list);
        }
    }
}

json operationToJson(const Registry& registry, const OpInstance& op) {
    const OpTypeView view = opTypeView(registry, op.type);
    json j{{"id", op.id}, {"type", op.type}};
    if (!op.name.empty()) j["name"] = op.name;
    j["enabled"] = op.enabled;
    if (!op.mask.empty()) j["mask"] = op.mask;
    if (!op.publish.empty()) j["publish"] = op.publish;
    if (!op.input.empty()) j["input"] = op.input;
    if (view.kind == OpKind::Generator || view.kind == OpKind::Group) {
        j["blend"] = blendModeNames()[std::size_t(op.blend)];
        j["weight"] = op.weight;
    }
    if (view.kind == OpKind::Generator) j["seed_offset"] = op.seedOffset;
    if (view.kind != OpKind::Group) j["params"] = paramsToJson(*view.params, op.params);
    if (const std::string key = registry.dataKeyOf(op.type); !key.empty() && !op.data.empty()) {
        j[key] = parseJsonOrNull(op.data);  // canonical text; null if damaged in memory
    }
    return j;
}

// Entries ops[i...] into `out` up to the GroupEnd that closes this level (its index) or the end:
// a group's entries go into its "stack".
std::size_t entriesToJson(const Registry& registry, const std::vector<OpInstance>& ops, std::size_t i, json& out) {
    while (i < ops.size() && ops[i].type != kGroupEndType) {
        json j = operationToJson(registry, ops[i]);
        if (ops[i].type == kGroupType) {
            json inner = json::array();
            i = entriesToJson(registry, ops, i + 1, inner);
            if (i < ops.size()) ++i;  // its end
            j["stack"] = std::move(inner);
        } else {
            ++i;
        }
        out.push_back(std::move(j));
    }
    return i;
}

OpInstance operationFromJson(const Registry& registry, const json& j, int stage) {
    const std::string at = "stack[" + std::to_string(stage) + "]";
    if (!j.is_object()) throw InputError(at, shown(j), "a JSON object with id, type and params");
    if (!j.contains("type") || !j["type"].is_string()) {
        throw InputError(at + ".type", j.contains("type") ? shown(j["type"]) : "(missing)",
                         "one of " + registry.opIdList());
    }
    const std::string dataKey = registry.dataKeyOf(j["type"].get<std::string>());
    std::vector<std::string> keys{"id",     "type",  "name",   "enabled",     "mask",  "publish",
                                  "input",  "blend", "weight", "seed_offset", "params", "stack"};
    if (!dataKey.empty()) keys.push_back(dataKey);
    checkKeys(j, keys, at + " key");
    OpInstance op;
    OpTypeView view;
    try {
        view = opTypeView(registry, j["type"].get<std::string>());
    } catch (const InputError& e) {
        throw InputError(at + ".type", e.value(), e.allowedText());
    }
    op.type = view.id;
    for (const auto& p : *view.params) op.params[p.key] = p.defaultValue;
    if (!j.contains("id") || !j["id"].is_string()) {
        throw InputError(at + ".id", j.contains("id") ? shown(j["id"]) : "(missing)", kOpIdAllowed);
    }
    op.id = j["id"].get<std::string>();
    if (j.contains("name")) {
        if (!j["name"].is_string()) throw InputError(at + ".name", shown(j["name"]), "a string");
        op.name = j["name"].get<std::string>();
    }
    if (j.contains("enabled")) {
        if (!j["enabled"].is_boolean()) throw InputError(at + ".enabled", shown(j["enabled"]), "true or false");
        op.enabled = j["enabled"].get<bool>();
    }
    if (j.contains("mask")) {
        if (!j["mask"].is_string() || !isMaskReference(j["mask"].get<std::string>())) {
            throw InputError(at + ".mask", shown(j["mask"]), kMaskReferenceAllowed);
        }
        op.mask = j["mask"].get<std::string>();
    }
    for (const char* key : {"publish", "input"}) {
        if (!j.contains(key)) continue;
        if (!j[key].is_string() || !isMaskName(j[key].get<std::string>())) {
            throw InputError(at + "." + key, shown(j[key]), std::string("a stage name: ") + kMaskNameAllowed);
        }
        (std::string(key) == "publish" ? op.publish : op.input) = j[key].get<std::string>();
    }
    if (view.kind == OpKind::GroupEnd) {
        throw InputError(at + ".type", shown(j["type"]), "an operation (a group's entries are its \"stack\")");
    }
    if (view.kind == OpKind::Group) {
        if (!j.contains("stack") || !j["stack"].is_array()) {
            throw InputError(at + ".stack", j.contains("stack") ? shown(j["stack"]) : "(missing)",
                             "the group's entries, an array");
        }
        if (j.contains("seed_offset") || j.contains("params")) {
            throw InputError(at + (j.contains("params") ? ".params" : ".seed_offset"), "(present)",
                             "blend, weight, mask, input, publish and stack on a group");
        }
    } else if (j.contains("stack")) {
        throw InputError(at + ".stack", shown(j["stack"]), "only on a group");
    }
    if (view.kind == OpKind::Group) {
        op.blend = BlendMode::Replace;
        op.weight = 1.0;
    }
    const auto& layer = layerParamSpecs();
    for (const char* key : {"blend", "weight", "seed_offset"}) {
        if (!j.contains(key)) continue;
        const bool allowed = view.kind == OpKind::Generator || (view.kind == OpKind::Group && std::string(key) != "seed_offset");
        if (!allowed) {
            throw InputError(at + "." + key, shown(j[key]), "only on generator layers, not on " + view.id);
        }
        const ParamSpec& spec = *findParam(layer, key);
        const double value = paramFromJson(spec, j[key], at + "." + key);
        if (spec.key == "blend") op.blend = static_cast<BlendMode>(int(value));
        if (spec.key == "weight") op.weight = value;
        if (spec.key == "seed_offset") op.seedOffset = static_cast<std::uint64_t>(value);
    }
    if (j.contains("params")) paramsFromJson(*view.params, view.id, j["params"], at + ".", op.params);
    if (!dataKey.empty() && j.contains(dataKey)) {
        try {
            op.data = registry.normalizeDataOf(op.type, j[dataKey].dump());
        } catch (const InputError& e) {
            throw InputError(at + "." + dataKey + "." + e.field(), e.value(), e.allowedText());
        }
    }
    return op;
}

// The entries of `array` from `first` into `out`, a group's "stack" flattened between its Group
// entry and a GroupEnd ("ID-end"); `prefix` names the enclosing group's place for messages.
void entriesFromJson(const Registry& registry, const json& array, std::size_t first, const std::string& prefix,
                     int depth, std::vector<OpInstance>& out) {
    for (std::size_t i = first; i < array.size(); ++i) {
        if (out.size() >= kMaxOperations) {
            throw InputError("stack", "more than " + std::to_string(kMaxOperations + 1) + " entries",
                             "at most " + std::to_string(kMaxOperations + 1) + ", the entries of groups included");
        }
        OpInstance op;
        try {
            op = operationFromJson(registry, array[i], int(i));
        } catch (const InputError& e) {
            if (prefix.empty()) throw;
            throw InputError(prefix + e.field(), e.value(), e.allowedText());  // inside a group
        }
        const bool group = op.type == kGroupType;
        const std::string id = op.id;
        out.push_back(std::move(op));
        if (!group) continue;
        const std::string at = prefix + "stack[" + std::to_string(i) + "].";
        if (depth + 1 > kMaxGroupDepth) {
            throw InputError(at + "stack", "(nested " + std::to_string(depth + 2) + " deep)",
                             "at most " + std::to_string(kMaxGroupDepth) + " groups inside one another");
        }
        entriesFromJson(registry, array[i]["stack"], 0, at, depth + 1, out);
        OpInstance end;
        end.type = kGroupEndType;
        end.id = id + "-end";
        out.push_back(std::move(end));
    }
}

// Defaults a later format changed. An entry of an older recipe that leaves such a key out meant
// the value before, so it is read with that value and makes the terrain it made.
struct ChangedDefault {
    int since;  // the first format with the new default
    const char* type;
    const char* key;
    double before;
    const char* beforeChoice = nullptr;  // a choice's name instead of `before`
};
constexpr ChangedDefault kChangedDefaults[] = {
    {kDepositionRecipeVersion, "river-erosion", "deposition", 0.0},
    {kOpenEdgeRecipeVersion, "river-erosion", "edge", 0.0, "base level"},
    {kMeanderRecipeVersion, "river-erosion", "meander", 0.0},
};

// Fills the values before into the entries of `stack` (a recipe of format `version`) that leave
// them out; anything malformed is left for entriesFromJson to report.
void fillChangedDefaults(json& stack, int version, int depth) {
    if (!stack.is_array() || depth > kMaxGroupDepth + 1) return;
    for (json& entry : stack) {
        if (!entry.is_object() || !entry.contains("type") || !entry["type"].is_string()) continue;
        const std::string type = entry["type"].get<std::string>();
        if (type == kGroupType) {
            if (entry.contains("stack")) fillChangedDefaults(entry["stack"], version, depth + 1);
            continue;
        }
        for (const ChangedDefault& changed : kChangedDefaults) {
            if (version >= changed.since || type != changed.type) continue;
            if (!entry.contains("params")) entry["params"] = json::object();
            json& params = entry["params"];
            if (params.is_object() && !params.contains(changed.key)) {
                if (changed.beforeChoice != nullptr) {
                    params[changed.key] = changed.beforeChoice;
                } else {
                    params[changed.key] = changed.before;
                }
            }
        }
    }
}

void readSeed(const json& j, Recipe& recipe) {
    if (!j.contains("seed")) return;
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

void readDetail(const json& j, const Algorithm& a, Recipe& recipe) {
    if (!j.contains("detail")) return;
    const auto& d = j["detail"];
    if (!d.is_number_integer() || d.get<long long>() < a.minDetail || d.get<long long>() > a.maxDetail) {
        throw InputError("detail", shown(d), detailAllowed(a));
    }
    recipe.detail = d.get<int>();
}

}  // namespace

json recipeToJson(const Registry& registry, const Recipe& recipe) {
    const Algorithm& a = registry.get(recipe.algorithm);
    json stack = json::array();
    json base{{"id", kBaseOpId}, {"type", recipe.algorithm}, {"params", paramsToJson(a.params, recipe.params)}};
    if (!recipe.basePublish.empty()) base["publish"] = recipe.basePublish;
    if (!a.dataKey.empty() && !recipe.baseData.empty()) base[a.dataKey] = parseJsonOrNull(recipe.baseData);
    stack.push_back(std::move(base));
    for (std::size_t i = 0; i < recipe.operations.size();) {
        i = entriesToJson(registry, recipe.operations, i, stack);
        if (i < recipe.operations.size()) ++i;  // an end with no group (refused by validateRecipe)
    }
    return json{{"format", kFormatName},
                {"version", kRecipeFormatVersion},
                {"detail", recipe.detail},
                {"seed", recipe.seed},
                {"world", worldToJson(recipe.world)},
                {"stack", stack}};
}

std::string olderRecipeNotice(int version) {
    if (version >= kLatticeRecipeVersion) return {};
    return "made with recipe format " + std::to_string(version) +
           ", before detail became resolution (the lattice rule): the same settings now make a "
           "different terrain, the same at every detail; save it again to keep this one";
}

std::string olderRecipeNotice(int version, const Recipe& recipe) {
    std::string notice = olderRecipeNotice(version);
    const bool rivers = std::any_of(recipe.operations.begin(), recipe.operations.end(),
                                    [](const OpInstance& op) { return op.type == "river-erosion"; });
    if (version < kRiverRecipeVersion && rivers) {
        notice += std::string(notice.empty() ? "" : "; ") + "made with recipe format " + std::to_string(version) +
                  ", before river-erosion drained basins and kept the mountains' height: its river-erosion "
                  "now makes another terrain (lakes=many, keep_height=0 come closest to the old one); save "
                  "it again to keep the new one";
    }
    if (version >= kWorldRecipeVersion) return notice;
    std::ostringstream world;
    world << "recipe format " << version << " holds no world: read as 1 m per sample at detail " << recipe.detail
          << " (" << recipe.world.extentMetres << " m across), heights " << recipe.world.loMetres << ".."
          << recipe.world.hiMetres << " m; save it again to keep that world with it";
    return notice.empty() ? world.str() : notice + "; " + world.str();
}

Recipe recipeFromJson(const Registry& registry, const json& j, int* formatVersion) {
    if (!j.is_object()) throw InputError("recipe", shown(j), "a JSON object");
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
    if (version.get<int>() < 3) {
        // Formats 1 and 2: one generator, {"algorithm", "params"}.
        checkKeys(j, {"format", "version", "algorithm", "detail", "seed", "params"}, "recipe key");
        if (!j.contains("algorithm") || !j["algorithm"].is_string()) {
            throw InputError("algorithm", j.contains("algorithm") ? shown(j["algorithm"]) : "(missing)",
                             "one of " + registry.idList());
        }
        Recipe recipe = defaultRecipe(registry, j["algorithm"].get<std::string>());
        const Algorithm& a = registry.get(recipe.algorithm);
        readDetail(j, a, recipe);
        readSeed(j, recipe);
        if (j.contains("params")) paramsFromJson(a.params, a.id, j["params"], "", recipe.params);
        recipe.world = legacyWorld(recipe.detail);
        return recipe;
    }
    if (version.get<int>() < kWorldRecipeVersion) {
        checkKeys(j, {"format", "version", "detail", "seed", "stack"}, "recipe key");
    } else {
        checkKeys(j, {"format", "version", "detail", "seed", "world", "stack"}, "recipe key");
    }
    if (!j.contains("stack") || !j["stack"].is_array() || j["stack"].empty()) {
        throw InputError("stack", j.contains("stack") ? shown(j["stack"]) : "(missing)",
                         "an array whose first entry is a generator: " + registry.idList());
    }
    json filled;
    if (version.get<int>() < kRecipeFormatVersion) {
        filled = j["stack"];
        fillChangedDefaults(filled, version.get<int>(), 0);
    }
    const json& stack = version.get<int>() < kRecipeFormatVersion ? filled : j["stack"];
    if (stack.size() > kMaxOperations + 1) {
        throw InputError("stack", std::to_string(stack.size()) + " entries",
                         "at most " + std::to_string(kMaxOperations + 1));
    }
    const json& base = stack[0];
    if (!base.is_object()) throw InputError("stack[0]", shown(base), "a JSON object with type and params");
    {
        std::vector<std::string> keys{"id", "type", "params", "publish"};
        if (base.contains("type") && base["type"].is_string()) {
            if (const std::string key = registry.dataKeyOf(base["type"].get<std::string>()); !key.empty()) keys.push_back(key);
        }
        checkKeys(base, keys, "stack[0] key");
    }
    if (base.contains("id") && base["id"] != kBaseOpId) {
        throw InputError("stack[0].id", shown(base["id"]), std::string("\"") + kBaseOpId + "\"");
    }
    if (!base.contains("type") || !base["type"].is_string() || registry.find(base["type"].get<std::string>()) == nullptr) {
        throw InputError("stack[0].type", base.contains("type") ? shown(base["type"]) : "(missing)",
                         "a generator: one of " + registry.idList());
    }
    Recipe recipe = defaultRecipe(registry, base["type"].get<std::string>());
    const Algorithm& a = registry.get(recipe.algorithm);
    readDetail(j, a, recipe);
    readSeed(j, recipe);
    recipe.world = j.contains("world") ? worldFromJson(j["world"], recipe.detail) : legacyWorld(recipe.detail);
    if (base.contains("params")) paramsFromJson(a.params, a.id, base["params"], "stack[0].", recipe.params);
    if (base.contains("publish")) {
        if (!base["publish"].is_string() || !isMaskName(base["publish"].get<std::string>())) {
            throw InputError("stack[0].publish", shown(base["publish"]), std::string("a stage name: ") + kMaskNameAllowed);
        }
        recipe.basePublish = base["publish"].get<std::string>();
    }
    if (!a.dataKey.empty() && base.contains(a.dataKey)) {
        try {
            recipe.baseData = registry.normalizeDataOf(a.id, base[a.dataKey].dump());
        } catch (const InputError& e) {
            throw InputError("stack[0]." + a.dataKey + "." + e.field(), e.value(), e.allowedText());
        }
    }
    entriesFromJson(registry, stack, 1, "", 0, recipe.operations);
    // Ids unique, every value in its range; values that only fail together (a clamp's low above
    // its high) still load, so a document saved in that state reopens, and the evaluation then
    // reports them on their entry.
    validateRecipe(registry, recipe, RecipeChecks::Structure);
    return recipe;
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
