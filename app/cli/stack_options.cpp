#include "stack_options.h"

#include "suggest.h"

#include <core/errors.h>
#include <core/io/import.h>
#include <core/io/untrusted_file.h>
#include <core/json_input.h>
#include <core/stack/recipe_presets.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
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

core::ImportSettings importSettingsFromFlag(const std::string& spec, const std::string& flag,
                                           std::vector<std::pair<std::string, std::string>>* rest) {
    core::ImportSettings settings = core::importFromSpec(spec, flag, rest);
    settings.file = std::filesystem::absolute(settings.file).lexically_normal().string();
    return settings;
}

void appendOperation(const core::Registry& registry, core::Recipe& recipe, const std::string& text) {
    for (const char* prefix : {kImportPrefix, kImportMaskPrefix}) {
        if (text.rfind(prefix, 0) != 0) continue;
        const bool mask = prefix == kImportMaskPrefix;
        const std::string flag = mask ? "--import-mask" : "--import";
        const std::string spec = text.substr(std::string(prefix).size());
        if (recipe.operations.size() >= core::kMaxOperations) {
            throw InputError(flag, core::quoteForMessage(spec),
                             "at most " + std::to_string(core::kMaxOperations) + " operations after the base generator");
        }
        std::vector<std::pair<std::string, std::string>> rest;
        const core::ImportSettings settings = importSettingsFromFlag(spec, flag, &rest);
        core::OpInstance op = core::newOperation(registry, recipe, mask ? "import-mask" : "import");
        if (mask) {
            nlohmann::json j = nlohmann::json::parse(core::importToText(settings));
            for (auto it = rest.begin(); it != rest.end();) {
                if (it->first == "name" || it->first == "of") {
                    j[it->first] = it->second;
                    it = rest.erase(it);
                } else {
                    ++it;
                }
            }
            try {
                op.data = registry.normalizeDataOf(op.type, j.dump());
            } catch (const InputError& e) {
                throw InputError(flag + " " + e.field(), e.value(), e.allowedText());
            }
        } else {
            op.data = core::importToText(settings);
        }
        const auto keys = operationKeys(registry, op.type);
        for (const auto& [key, value] : rest) {
            const std::string field = flag + " " + key;
            if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
                throw InputError(field, core::quoteForMessage(key),
                                 "a key of " + flag + ": height, size_m, spacing_m, origin_m, crop, flip, resample, nodata, "
                                 "outside, fill_m, raw" + std::string(mask ? ", name, of" : "") + ", or " + joined(keys) +
                                 hint(key, keys));
            }
            core::setOperationParamFromText(registry, op, key, value, field);
        }
        recipe.operations.push_back(std::move(op));
        return;
    }
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
            // Image stamps' files are relative to the GeoJSON's folder.
            op.data = type.normalizeData(
                core::rebaseLayoutImages(geojson, std::filesystem::path(path).parent_path(), true));
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
    if (id == "import" || id == "import-mask") {
        throw InputError("--op", core::quoteForMessage(id),
                         "an operation set from flags: an import reads a file, so give it with --" + id +
                             " FILE[:KEY=VALUE,...] (docs/importing.md)");
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
    cmd->add_option_function<std::string>(
           "--import", [&ops](const std::string& spec) { ops.push_back(kImportPrefix + spec); },
           "FILE[:KEY=VALUE,...] (repeatable): a height image at this place in the stack; first, before any --op and "
           "without --algorithm or --recipe, it is the base. Keys: height (auto, metres, LO:HI, unity:SIZE_Y[:POS_Y], "
           "unreal:SCALEZ[:LOCZ_CM]), size_m, spacing_m, origin_m=X,Y, crop=X0,Y0,W,H, flip, resample "
           "(nearest, bilinear, bicubic), nodata (fill, value), outside (edge, value), fill_m, raw=WxH[:u8|u16|i16|f32]"
           "[:le|be]; as a layer also blend, weight, mask (docs/importing.md)")
        ->trigger_on_parse()
        ->allow_extra_args(false);
    cmd->add_option_function<std::string>(
           "--import-mask", [&ops](const std::string& spec) { ops.push_back(kImportMaskPrefix + spec); },
           "FILE[:name=NAME,of=values|valid,...] (repeatable): a mask read from an image (codes 0..max -> 0..1, or "
           "height=LO:HI), for later entries' mask=NAME; the import keys above place it")
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
