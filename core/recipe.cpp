#include "recipe.h"

#include "errors.h"
#include "json_input.h"
#include "registry.h"
#include "recipe_detail.h"
#include "stack/stage_plan.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <cmath>
#include <sstream>

namespace terrain::core {
namespace recipe_detail {

std::string paramKeys(const Algorithm& a) {
    std::string keys;
    for (const auto& p : a.params) keys += (keys.empty() ? "" : ", ") + p.key;
    if (findParam(a.params, "roughness") != nullptr) keys += ", hurst";
    return keys;
}

std::string detailAllowed(const Algorithm& a) {
    return "a whole number from " + std::to_string(a.minDetail) + " to " + std::to_string(a.maxDetail) +
           " (" + a.id + ")";
}

std::string tableKeys(const std::vector<ParamSpec>& table) {
    std::string keys;
    for (const auto& p : table) keys += (keys.empty() ? "" : ", ") + p.key;
    if (findParam(table, "roughness") != nullptr) keys += ", hurst";
    return keys;
}

const char* const kOpIdAllowed = "1 to 64 characters: letters, digits, '-' and '_', unique in the stack";

}  // namespace recipe_detail

using namespace recipe_detail;


double roughnessFromHurst(double hurst) { return std::exp2(-hurst); }
double hurstFromRoughness(double roughness) { return -std::log2(roughness); }

Recipe defaultRecipe(const Registry& registry, const std::string& algorithm) {
    const Algorithm& a = registry.get(algorithm);
    Recipe recipe;
    recipe.algorithm = a.id;
    recipe.detail = a.defaultDetail;
    recipe.seed = 1;
    for (const auto& p : a.params) recipe.params[p.key] = p.defaultValue;
    recipe.world = legacyWorld(recipe.detail);
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
    static const std::vector<ParamSpec> none;
    if (typeId == kGroupType) return {OpKind::Group, kGroupType, "Group", &none};
    if (typeId == kGroupEndType) return {OpKind::GroupEnd, kGroupEndType, "End of group", &none};
    if (const OpType* t = registry.findOp(typeId)) return {OpKind::Filter, t->id, t->name, &t->params};
    if (const Algorithm* a = registry.find(typeId)) return {OpKind::Generator, a->id, a->name, &a->params};
    throw InputError("type", quoteForMessage(typeId), "one of " + registry.opIdList());
}

std::string operationLabel(const Registry& registry, const OpInstance& op) {
    if (!op.name.empty()) return op.name;
    if (const OpType* t = registry.findOp(op.type)) return t->name;
    if (const Algorithm* a = registry.find(op.type)) return a->name;
    if (op.type == kGroupType || op.type == kGroupEndType) return opTypeView(registry, op.type).name;
    return op.type;
}

namespace {

// The masks enabled entries ops[0 .. end) add.
void masksMade(const Registry& registry, const Recipe& recipe, std::size_t end, std::set<std::string>& names) {
    for (std::size_t i = 0; i < std::min(end, recipe.operations.size()); ++i) {
        const OpInstance& op = recipe.operations[i];
        const OpType* type = registry.findOp(op.type);
        if (!op.enabled || type == nullptr) continue;
        if (type->masks) {
            for (std::string& name : type->masks(op.params)) names.insert(std::move(name));
        }
        if (type->dataMasks && !op.data.empty()) {
            try {
                for (std::string& name : type->dataMasks(op.params, op.data)) names.insert(std::move(name));
            } catch (const InputError&) {
                // Data that does not read adds no mask; validateRecipe names what is wrong with it.
            }
        }
    }
}

}  // namespace

std::vector<std::string> masksBefore(const Registry& registry, const Recipe& recipe, std::size_t stage) {
    std::set<std::string> names;
    const std::size_t end = std::min(stage == 0 ? 0 : stage - 1, recipe.operations.size());
    masksMade(registry, recipe, end, names);
    // A published stage's masks by STAGE.NAME: those made up to its entry, a group's through its
    // end (a superset when the stage reads another input; the evaluation names what there is).
    for (const std::string& published : publishedBefore(recipe, stage)) {
        std::size_t through = 0;  // one past the publisher's last entry
        for (std::size_t i = 0; i < end; ++i) {
            const OpInstance& op = recipe.operations[i];
            if (op.publish != published) continue;
            through = i + 1;
            if (op.type == kGroupType) {
                int depth = 0;
                for (std::size_t j = i; j < recipe.operations.size(); ++j) {
                    const std::string& t = recipe.operations[j].type;
                    depth += t == kGroupType ? 1 : t == kGroupEndType ? -1 : 0;
                    if (depth == 0) {
                        through = j + 1;
                        break;
                    }
                }
            }
        }
        std::set<std::string> own;
        masksMade(registry, recipe, through, own);
        for (const std::string& mask : own) names.insert(published + "." + mask);
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
    if (view.kind == OpKind::Group) {
        op.blend = BlendMode::Replace;  // the group's result over the map below, through its mask
        op.weight = 1.0;
    }
    if (view.kind == OpKind::GroupEnd) {
        // The innermost open group's end is named after it, as a recipe file's nesting names it.
        std::vector<const OpInstance*> open;
        for (const auto& o : recipe.operations) {
            if (o.type == kGroupType) open.push_back(&o);
            if (o.type == kGroupEndType && !open.empty()) open.pop_back();
        }
        const std::string id = open.empty() ? std::string() : open.back()->id + "-end";
        const bool used = std::any_of(recipe.operations.begin(), recipe.operations.end(),
                                      [&](const OpInstance& o) { return o.id == id; });
        if (!id.empty() && !used) op.id = id;
    }
    if (view.kind == OpKind::Generator) {
        // A new layer gets a seed of its own, so it is not the base terrain again.
        std::uint64_t offset = 1;
        for (const auto& o : recipe.operations) {
            if (opTypeView(registry, o.type).kind == OpKind::Generator) offset = std::max(offset, o.seedOffset + 1);
        }
        op.seedOffset = offset;
        op.weight = registry.get(view.id).heightsInMetres ? 1.0 : 0.25;  // an import's metres as they are
    }
    return op;
}

namespace {

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

// A generator's or source's structured data: present exactly when the type holds one, and valid.
void checkSourceData(const Registry& registry, const Algorithm& a, const std::string& data) {
    if (a.dataKey.empty()) {
        if (!data.empty()) throw InputError("data", "(present)", "no structured data on " + a.id);
        return;
    }
    if (data.empty()) throw InputError(a.dataKey, "(missing)", "the " + a.name + "'s settings (" + a.dataKey + ": {\"file\": ...})");
    try {
        registry.normalizeDataOf(a.id, data);
    } catch (const InputError& e) {
        throw InputError(a.dataKey + "." + e.field(), e.value(), e.allowedText());
    }
}

void validateOperation(const Registry& registry, const OpInstance& op, RecipeChecks checks, const Algorithm& base,
                       int detail) {
    const OpTypeView view = opTypeView(registry, op.type);
    validateParams(*view.params, op.params, view.id);
    if (!op.publish.empty() && !isMaskName(op.publish)) throw InputError("publish", quoteForMessage(op.publish), kMaskNameAllowed);
    if (!op.input.empty() && !isMaskName(op.input)) throw InputError("input", quoteForMessage(op.input), kMaskNameAllowed);
    if (!op.mask.empty() && !isMaskReference(op.mask)) throw InputError("mask", quoteForMessage(op.mask), kMaskReferenceAllowed);
    if (view.kind == OpKind::GroupEnd && (!op.publish.empty() || !op.input.empty() || !op.mask.empty())) {
        throw InputError("type", op.type, "publish, input and mask on the group's entry, not on its end");
    }
    if (view.kind == OpKind::Group) {
        const auto& layer = layerParamSpecs();
        layer[0].validate(double(static_cast<int>(op.blend)), layer[0].key);
        layer[1].validate(op.weight, layer[1].key);
    } else if (view.kind == OpKind::Filter) {
        const OpType* t = registry.findOp(op.type);
        if (t->check && checks == RecipeChecks::All) t->check(op.params);
        if (!op.data.empty() && !t->normalizeData) {
            throw InputError("data", "(present)", "no structured data on " + t->id);
        }
        if (!op.data.empty()) {
            try {
                t->normalizeData(op.data);
            } catch (const InputError& e) {
                throw InputError(t->dataKey + "." + e.field(), e.value(), e.allowedText());
            }
        }
        const Size size = base.sizeForDetail(detail);
        if (t->needsSquareMap && checks == RecipeChecks::All && size.width != size.height) {
            throw InputError("type", t->id,
                             "an operation for this map: " + t->name + " (" + t->id +
                                 ") runs on square 2-D maps only, and the base generator " + base.id + " makes " +
                                 std::to_string(size.width) + "x" + std::to_string(size.height) +
                                 " samples (use a 2-D generator, or remove the entry)");
        }
    } else if (view.kind == OpKind::Generator) {
        const auto& layer = layerParamSpecs();
        layer[0].validate(double(static_cast<int>(op.blend)), layer[0].key);
        layer[1].validate(op.weight, layer[1].key);
        layer[2].validate(double(op.seedOffset), layer[2].key);
        checkSourceData(registry, registry.get(op.type), op.data);
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
    validateWorld(recipe.world, recipe.detail);
    checkSourceData(registry, a, recipe.baseData);
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
    planStages(registry, recipe);  // groups that close, references to stages below
}


void setParamFromText(const Registry& registry, Recipe& recipe, const std::string& key,
                      const std::string& text, const std::string& field) {
    const Algorithm& a = registry.get(recipe.algorithm);
    if (key == "publish") {
        if (!text.empty() && !isMaskName(text)) {
            throw InputError(field, quoteForMessage(text), std::string("a stage name: ") + kMaskNameAllowed);
        }
        recipe.basePublish = text;
        return;
    }
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
        if (!text.empty() && !isMaskReference(text))
            throw InputError(field, quoteForMessage(text), kMaskReferenceAllowed + std::string(" (empty: no mask)"));
        op.mask = text;
        return;
    }
    if (key == "publish" || key == "input") {
        if (!text.empty() && !isMaskName(text)) {
            throw InputError(field, quoteForMessage(text),
                             std::string("a stage name: ") + kMaskNameAllowed + " (empty: " +
                                 (key == "publish" ? "not published)" : "the map below)"));
        }
        (key == "publish" ? op.publish : op.input) = text;
        return;
    }
    if (key == "enabled") {
        const ParamSpec flag{"enabled", "Enabled", "", ParamKind::Flag, 0, 1, 1, 1, "", {}};
        op.enabled = flag.parse(text, field) != 0.0;
        return;
    }
    // The layer keys belong to generator layers; a filter's own parameter of the same name
    // (hydraulic-erosion's seed_offset) is its own, below.
    const bool blends = view.kind == OpKind::Generator || (view.kind == OpKind::Group && key != "seed_offset");
    const ParamSpec* layer = blends ? findParam(layerParamSpecs(), key) : nullptr;
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
        throw InputError(field, quoteForMessage(key), "a parameter of " + view.id + ": " + keys + ", name, enabled, mask, publish, input");
    }
    op.params[key] = spec->parse(text, field);
}


}  // namespace terrain::core
