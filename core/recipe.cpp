#include "recipe.h"

#include "errors.h"
#include "json_input.h"
#include "registry.h"
#include "sha256.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
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

StageError::StageError(int stage, std::string opId, const InputError& error)
    : InputError(opId + "." + error.field(), error.value(), error.allowedText()),
      m_stage(stage),
      m_opId(std::move(opId)) {}

const std::vector<std::string>& blendModeNames() {
    static const std::vector<std::string> names{"add", "multiply", "max", "min", "replace"};
    return names;
}

const std::vector<ParamSpec>& layerParamSpecs() {
    static const std::vector<ParamSpec> specs{
        {"blend", "Blend", "", ParamKind::Choice, 0, 4, 1, 0,
         "How the layer combines with the map below: add its height, multiply by it (0 m to the "
         "top of the range = 0..1), keep the higher or lower, or replace",
         blendModeNames()},
        {"weight", "Weight", "", ParamKind::Real, 0.0, 1.0, 0.01, 0.25,
         "How much of the layer is blended in: 0 leaves the map below as it is", {}},
        {"seed_offset", "Seed offset", "", ParamKind::Integer, 0, 2147483647, 1, 1,
         "Added to the recipe's seed for this layer, so a layer of the same generator makes other terrain", {}},
    };
    return specs;
}

OpTypeView opTypeView(const Registry& registry, const std::string& typeId) {
    if (const OpType* t = registry.findOp(typeId)) return {OpKind::Filter, t->id, t->name, &t->params};
    if (const Algorithm* a = registry.find(typeId)) return {OpKind::Generator, a->id, a->name, &a->params};
    throw InputError("type", quoteForMessage(typeId), "one of " + registry.opIdList());
}

std::string operationLabel(const Registry& registry, const OpInstance& op) {
    if (!op.name.empty()) return op.name;
    if (const OpType* t = registry.findOp(op.type)) return t->name;
    if (const Algorithm* a = registry.find(op.type)) return a->name;
    return op.type;
}

std::vector<std::string> masksBefore(const Registry& registry, const Recipe& recipe, std::size_t stage) {
    std::set<std::string> names;
    const std::size_t end = std::min(stage == 0 ? 0 : stage - 1, recipe.operations.size());
    for (std::size_t i = 0; i < end; ++i) {
        const OpInstance& op = recipe.operations[i];
        const OpType* type = registry.findOp(op.type);
        if (!op.enabled || type == nullptr || !type->masks) continue;
        for (std::string& name : type->masks(op.params)) names.insert(std::move(name));
    }
    return {names.begin(), names.end()};
}

OpInstance newOperation(const Registry& registry, const Recipe& recipe, const std::string& type) {
    const OpTypeView view = opTypeView(registry, type);
    OpInstance op;
    op.type = view.id;
    for (const auto& p : *view.params) op.params[p.key] = p.defaultValue;
    for (int n = 1;; ++n) {
        const std::string id = view.id + "-" + std::to_string(n);
        const bool used = std::any_of(recipe.operations.begin(), recipe.operations.end(),
                                      [&](const OpInstance& o) { return o.id == id; });
        if (!used && id != kBaseOpId) {
            op.id = id;
            break;
        }
    }
    if (view.kind == OpKind::Generator) {
        // A new layer gets a seed of its own, so it is not the base terrain again.
        std::uint64_t offset = 1;
        for (const auto& o : recipe.operations) {
            if (opTypeView(registry, o.type).kind == OpKind::Generator) offset = std::max(offset, o.seedOffset + 1);
        }
        op.seedOffset = offset;
        op.weight = 0.25;
    }
    return op;
}

namespace {

const char* const kOpIdAllowed = "1 to 64 characters: letters, digits, '-' and '_', unique in the stack";

bool validOpId(const std::string& id) {
    if (id.empty() || id.size() > 64 || id == kBaseOpId) return false;
    return std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    });
}

void validateParams(const std::vector<ParamSpec>& table, const std::map<std::string, double>& params,
                    const std::string& owner) {
    for (const auto& [key, value] : params) {
        const ParamSpec* spec = findParam(table, key);
        if (spec == nullptr) {
            std::string keys;
            for (const auto& p : table) keys += (keys.empty() ? "" : ", ") + p.key;
            throw InputError("parameter", key, "a parameter of " + owner + ": " + keys);
        }
        spec->validate(value, key);
    }
    for (const auto& p : table) {
        if (!params.count(p.key)) throw InputError(p.key, "(missing)", p.allowedText());
    }
}

void validateOperation(const Registry& registry, const OpInstance& op, RecipeChecks checks, const Algorithm& base,
                       int detail) {
    const OpTypeView view = opTypeView(registry, op.type);
    validateParams(*view.params, op.params, view.id);
    if (view.kind == OpKind::Filter) {
        const OpType* t = registry.findOp(op.type);
        if (t->check && checks == RecipeChecks::All) t->check(op.params);
        const Size size = base.sizeForDetail(detail);
        if (t->needsSquareMap && checks == RecipeChecks::All && size.width != size.height) {
            throw InputError("type", t->id,
                             "an operation for this map: " + t->name + " (" + t->id +
                                 ") runs on square 2-D maps only, and the base generator " + base.id + " makes " +
                                 std::to_string(size.width) + "x" + std::to_string(size.height) +
                                 " samples (use a 2-D generator, or remove the entry)");
        }
    } else {
        const auto& layer = layerParamSpecs();
        layer[0].validate(double(static_cast<int>(op.blend)), layer[0].key);
        layer[1].validate(op.weight, layer[1].key);
        layer[2].validate(double(op.seedOffset), layer[2].key);
    }
    if (op.name.size() > 200 || !isUtf8(op.name))
        throw InputError("name", quoteForMessage(op.name), "at most 200 bytes of UTF-8 text");
}

}  // namespace

void validateRecipe(const Registry& registry, const Recipe& recipe, RecipeChecks checks) {
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
    if (recipe.operations.size() > kMaxOperations) {
        throw InputError("stack", std::to_string(recipe.operations.size() + 1) + " entries",
                         "at most " + std::to_string(kMaxOperations + 1));
    }
    for (std::size_t i = 0; i < recipe.operations.size(); ++i) {
        const OpInstance& op = recipe.operations[i];
        const int stage = int(i) + 1;
        if (!validOpId(op.id)) {
            throw StageError(stage, op.id.empty() ? "stack[" + std::to_string(stage) + "]" : quoteForMessage(op.id),
                             InputError("id", quoteForMessage(op.id), kOpIdAllowed));
        }
        for (std::size_t j = 0; j < i; ++j) {
            if (recipe.operations[j].id == op.id) {
                throw StageError(stage, op.id, InputError("id", quoteForMessage(op.id), kOpIdAllowed));
            }
        }
        try {
            validateOperation(registry, op, checks, a, recipe.detail);
        } catch (const InputError& e) {
            throw StageError(stage, op.id, e);
        }
    }
}

namespace {

json paramsToJson(const std::vector<ParamSpec>& table, const std::map<std::string, double>& values) {
    json params = json::object();
    for (const auto& p : table) {
        const auto it = values.find(p.key);
        params[p.key] = paramToJson(p, it == values.end() ? p.defaultValue : it->second);
    }
    return params;
}

std::string tableKeys(const std::vector<ParamSpec>& table) {
    std::string keys;
    for (const auto& p : table) keys += (keys.empty() ? "" : ", ") + p.key;
    if (findParam(table, "roughness") != nullptr) keys += ", hurst";
    return keys;
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
    if (view.kind == OpKind::Generator) {
        j["blend"] = blendModeNames()[std::size_t(op.blend)];
        j["weight"] = op.weight;
        j["seed_offset"] = op.seedOffset;
    }
    j["params"] = paramsToJson(*view.params, op.params);
    return j;
}

OpInstance operationFromJson(const Registry& registry, const json& j, int stage) {
    const std::string at = "stack[" + std::to_string(stage) + "]";
    if (!j.is_object()) throw InputError(at, shown(j), "a JSON object with id, type and params");
    checkKeys(j, {"id", "type", "name", "enabled", "mask", "blend", "weight", "seed_offset", "params"}, at + " key");
    if (!j.contains("type") || !j["type"].is_string()) {
        throw InputError(at + ".type", j.contains("type") ? shown(j["type"]) : "(missing)",
                         "one of " + registry.opIdList());
    }
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
        if (!j["mask"].is_string() || !isMaskName(j["mask"].get<std::string>())) {
            throw InputError(at + ".mask", shown(j["mask"]), kMaskNameAllowed);
        }
        op.mask = j["mask"].get<std::string>();
    }
    const auto& layer = layerParamSpecs();
    for (const char* key : {"blend", "weight", "seed_offset"}) {
        if (!j.contains(key)) continue;
        if (view.kind != OpKind::Generator) {
            throw InputError(at + "." + key, shown(j[key]), "only on generator layers, not on " + view.id);
        }
        const ParamSpec& spec = *findParam(layer, key);
        const double value = paramFromJson(spec, j[key], at + "." + key);
        if (spec.key == "blend") op.blend = static_cast<BlendMode>(int(value));
        if (spec.key == "weight") op.weight = value;
        if (spec.key == "seed_offset") op.seedOffset = static_cast<std::uint64_t>(value);
    }
    if (j.contains("params")) paramsFromJson(*view.params, view.id, j["params"], at + ".", op.params);
    return op;
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
    stack.push_back(json{{"id", kBaseOpId}, {"type", recipe.algorithm}, {"params", paramsToJson(a.params, recipe.params)}});
    for (const auto& op : recipe.operations) stack.push_back(operationToJson(registry, op));
    return json{{"format", kFormatName},
                {"version", kRecipeFormatVersion},
                {"detail", recipe.detail},
                {"seed", recipe.seed},
                {"stack", stack}};
}

std::string olderRecipeNotice(int version) {
    if (version >= kLatticeRecipeVersion) return {};
    return "made with recipe format " + std::to_string(version) +
           ", before detail became resolution (the lattice rule): the same settings now make a "
           "different terrain, the same at every detail; save it again to keep this one";
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
        return recipe;
    }
    checkKeys(j, {"format", "version", "detail", "seed", "stack"}, "recipe key");
    if (!j.contains("stack") || !j["stack"].is_array() || j["stack"].empty()) {
        throw InputError("stack", j.contains("stack") ? shown(j["stack"]) : "(missing)",
                         "an array whose first entry is a generator: " + registry.idList());
    }
    const json& stack = j["stack"];
    if (stack.size() > kMaxOperations + 1) {
        throw InputError("stack", std::to_string(stack.size()) + " entries",
                         "at most " + std::to_string(kMaxOperations + 1));
    }
    const json& base = stack[0];
    if (!base.is_object()) throw InputError("stack[0]", shown(base), "a JSON object with type and params");
    checkKeys(base, {"id", "type", "params"}, "stack[0] key");
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
    if (base.contains("params")) paramsFromJson(a.params, a.id, base["params"], "stack[0].", recipe.params);
    for (std::size_t i = 1; i < stack.size(); ++i) {
        recipe.operations.push_back(operationFromJson(registry, stack[i], int(i)));
    }
    // Ids unique, every value in its range; values that only fail together (a clamp's low above
    // its high) still load, so a document saved in that state reopens, and the evaluation then
    // reports them on their entry.
    validateRecipe(registry, recipe, RecipeChecks::Structure);
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

void setOperationParamFromText(const Registry& registry, OpInstance& op, const std::string& key,
                               const std::string& text, const std::string& field) {
    const OpTypeView view = opTypeView(registry, op.type);
    if (key == "name") {
        if (text.size() > 200 || !isUtf8(text))
            throw InputError(field, quoteForMessage(text), "at most 200 bytes of UTF-8 text");
        op.name = text;
        return;
    }
    if (key == "mask") {
        if (!text.empty() && !isMaskName(text)) throw InputError(field, quoteForMessage(text), kMaskNameAllowed + std::string(" (empty: no mask)"));
        op.mask = text;
        return;
    }
    if (key == "enabled") {
        const ParamSpec flag{"enabled", "Enabled", "", ParamKind::Flag, 0, 1, 1, 1, "", {}};
        op.enabled = flag.parse(text, field) != 0.0;
        return;
    }
    // The layer keys belong to generator layers; a filter's own parameter of the same name
    // (hydraulic-erosion's seed_offset) is its own, below.
    const ParamSpec* layer = view.kind == OpKind::Generator ? findParam(layerParamSpecs(), key) : nullptr;
    if (layer != nullptr) {
        const double value = layer->parse(text, field);
        if (key == "blend") op.blend = static_cast<BlendMode>(int(value));
        if (key == "weight") op.weight = value;
        if (key == "seed_offset") op.seedOffset = static_cast<std::uint64_t>(value);
        return;
    }
    if (key == "hurst" && findParam(*view.params, "roughness") != nullptr) {
        const ParamSpec hurst{"hurst", "Hurst H", "", ParamKind::Real, 0.0, 16.0, 0.01, 0.0, "", {}};
        op.params["roughness"] = roughnessFromHurst(hurst.parse(text, field));
        return;
    }
    const ParamSpec* spec = findParam(*view.params, key);
    if (spec == nullptr) {
        std::string keys = tableKeys(*view.params);
        if (view.kind == OpKind::Generator) keys += ", blend, weight, seed_offset";
        throw InputError(field, quoteForMessage(key), "a parameter of " + view.id + ": " + keys + ", name, enabled, mask");
    }
    op.params[key] = spec->parse(text, field);
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
