#include "stack_options.h"

#include "suggest.h"

#include <core/errors.h>
#include <core/io/untrusted_file.h>
#include <core/json_input.h>
#include <core/stack/recipe_presets.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace terrain::app::cli {
namespace {

using core::InputError;

std::string joined(const std::vector<std::string>& words) {
    std::string text;
    for (const auto& w : words) text += (text.empty() ? "" : ", ") + w;
    return text;
}

// " (did you mean X?)" when `word` is a near miss of one of `candidates`, else "".
std::string hint(const std::string& word, const std::vector<std::string>& candidates,
                 const std::string& prefix = "") {
    const std::string near = nearestName(word, candidates);
    return near.empty() ? "" : " (did you mean " + prefix + near + "?)";
}

std::vector<std::string> typeIds(const core::Registry& registry) {
    std::vector<std::string> ids;
    for (const auto& t : registry.ops()) ids.push_back(t.id);
    for (const auto& a : registry.algorithms()) ids.push_back(a.id);
    return ids;
}

// Every key setOperationParamFromText takes for an entry of this type.
std::vector<std::string> operationKeys(const core::Registry& registry, const std::string& type) {
    const core::OpTypeView view = core::opTypeView(registry, type);
    std::vector<std::string> keys;
    for (const auto& p : *view.params) keys.push_back(p.key);
    if (view.kind == core::OpKind::GroupEnd) return keys;  // an end has nothing to set
    if (view.kind == core::OpKind::Generator) {
        if (core::findParam(*view.params, "roughness")) keys.push_back("hurst");
        for (const auto& p : core::layerParamSpecs()) keys.push_back(p.key);
    }
    if (view.kind == core::OpKind::Group) {
        keys.push_back("blend");
        keys.push_back("weight");
    }
    for (const char* key : {"name", "enabled", "mask", "publish", "input"}) keys.push_back(key);
    return keys;
}

// KEY=VALUE pairs of `list` (after the ':'), a piece without '=' joined to the value before it.
std::vector<std::pair<std::string, std::string>> splitPairs(const std::string& list, const std::string& field) {
    std::vector<std::pair<std::string, std::string>> pairs;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = list.find(',', start);
        const std::string piece = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        const std::size_t eq = piece.find('=');
        if (eq != std::string::npos && eq > 0) {
            pairs.emplace_back(piece.substr(0, eq), piece.substr(eq + 1));
        } else if (!pairs.empty() && eq == std::string::npos) {
            pairs.back().second += "," + piece;
        } else {
            throw InputError(field, core::quoteForMessage(piece), "KEY=VALUE (pairs separated by ',')");
        }
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return pairs;
}

}  // namespace

void appendOperation(const core::Registry& registry, core::Recipe& recipe, const std::string& text) {
    if (text.rfind(kLayoutFilePrefix, 0) == 0) {
        const std::string path = text.substr(std::string(kLayoutFilePrefix).size());
        if (recipe.operations.size() >= core::kMaxOperations) {
            throw InputError("--layout", core::quoteForMessage(path),
                             "at most " + std::to_string(core::kMaxOperations) + " operations after the base generator");
        }
        const std::string geojson = core::readUntrustedFile(path, core::kMaxRecipeBytes, "--layout", "GeoJSON file");
        core::OpInstance op = core::newOperation(registry, recipe, "layout");
        const core::OpType& type = *registry.findOp("layout");
        try {
            op.data = type.normalizeData(geojson);
        } catch (const InputError& e) {
            throw InputError("--layout " + core::quoteForMessage(path) + ": " + e.field(), e.value(), e.allowedText());
        }
        recipe.operations.push_back(std::move(op));
        return;
    }
    const std::size_t colon = text.find(':');
    const std::string id = text.substr(0, colon);
    const bool group = id == core::kGroupType || id == core::kGroupEndType;
    if (!group && registry.findOp(id) == nullptr && registry.find(id) == nullptr) {
        const auto ids = typeIds(registry);
        throw InputError("--op", core::quoteForMessage(id),
                         "an operation: one of " + joined(ids) + hint(id, ids) + " (see terrain-cli list)");
    }
    if (recipe.operations.size() >= core::kMaxOperations) {
        throw InputError("--op", core::quoteForMessage(text),
                         "at most " + std::to_string(core::kMaxOperations) + " operations after the base generator");
    }
    core::OpInstance op = core::newOperation(registry, recipe, id);
    if (colon != std::string::npos && colon + 1 < text.size()) {
        const auto keys = operationKeys(registry, id);
        for (const auto& [key, value] : splitPairs(text.substr(colon + 1), "--op " + id)) {
            const std::string field = "--op " + id + ":" + key;
            if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
                throw InputError(field, core::quoteForMessage(key),
                                 "a key of " + id + ": " + joined(keys) + hint(key, keys));
            }
            core::setOperationParamFromText(registry, op, key, value, field);
        }
    }
    recipe.operations.push_back(std::move(op));
}

void addStackOptions(CLI::App* cmd, std::vector<std::string>& ops) {
    // Each on parse, so the three keep the order they are given in.
    cmd->add_option_function<std::string>(
           "--op", [&ops](const std::string& text) { ops.push_back(text); },
           "ID[:KEY=VALUE,...] (repeatable): append an entry to the stack after the base generator, a filter or a "
           "generator layer (see `terrain-cli list`); publish=NAME, input=NAME and mask=STAGE.NAME name stages")
        ->trigger_on_parse()
        ->allow_extra_args(false);
    cmd->add_option_function<std::string>(
           "--group-begin",
           [&ops](const std::string& text) {
               const std::size_t colon = text.find(':');
               const std::string name = text.substr(0, colon);
               std::string op = std::string(core::kGroupType) + ":";
               if (!name.empty()) op += "name=" + name;
               if (colon != std::string::npos && colon + 1 < text.size()) {
                   op += (name.empty() ? "" : ",") + text.substr(colon + 1);
               }
               ops.push_back(op.back() == ':' ? std::string(core::kGroupType) : op);
           },
           "NAME[:KEY=VALUE,...]: open a group, the --op until --group-end run on their own and blended back as one "
           "layer (keys blend, weight, mask, input, publish; default blend replace, weight 1)")
        ->trigger_on_parse()
        ->allow_extra_args(false);
    cmd->add_option_function<std::string>(
           "--layout", [&ops](const std::string& path) { ops.push_back(kLayoutFilePrefix + path); },
           "FILE.geojson (repeatable): a layout entry at this place in the stack (in order with --op): roads, rivers, "
           "ridges, valleys, areas, stamps and strokes in world metres (docs/layout.md)")
        ->trigger_on_parse()
        ->allow_extra_args(false);
    cmd->add_flag_function(
           "--group-end", [&ops](std::int64_t) { ops.push_back(core::kGroupEndType); },
           "Close the group --group-begin opened")
        ->trigger_on_parse();
}

core::Recipe presetRecipe(const core::Registry& registry, const std::string& id) {
    std::vector<std::string> ids;
    for (const auto& p : core::builtinRecipePresets()) ids.push_back(p.id);
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) {
        throw InputError("--recipe", core::quoteForMessage(kPresetPrefix + id),
                         "a recipe file, or a built-in preset: " + std::string(kPresetPrefix) + "ID with ID one of " +
                             joined(ids) + hint(id, ids, kPresetPrefix));
    }
    return core::loadRecipePreset(registry, id);
}

}  // namespace terrain::app::cli
