#include "list_command.h"

#include "cli_commands.h"
#include "stack_options.h"

#include <core/json_input.h>
#include <core/recipe.h>
#include <core/stack/recipe_presets.h>

#include <nlohmann/json.hpp>

#include <iostream>
#include <string>
#include <vector>

namespace terrain::app::cli {
namespace {

using nlohmann::json;

// The types in list order: the generators (the stack starts with one), then the filters.
struct TypeEntry {
    const core::Algorithm* algorithm = nullptr;  // a generator
    const core::OpType* op = nullptr;            // a filter
    const std::string& id() const { return algorithm ? algorithm->id : op->id; }
    const std::string& name() const { return algorithm ? algorithm->name : op->name; }
    const std::string& summary() const { return algorithm ? algorithm->summary : op->summary; }
    const std::vector<core::ParamSpec>& params() const { return algorithm ? algorithm->params : op->params; }
    bool hasHurst() const { return algorithm && core::findParam(algorithm->params, "roughness"); }
};

std::vector<TypeEntry> types(const core::Registry& registry) {
    std::vector<TypeEntry> list;
    for (const auto& a : registry.algorithms()) list.push_back({&a, nullptr});
    for (const auto& t : registry.ops()) list.push_back({nullptr, &t});
    return list;
}

const char* kindName(core::ParamKind kind) {
    static const char* const names[] = {"real", "integer", "choice", "flag"};
    return names[int(kind)];
}

// A value as a recipe file stores it.
json typedValue(const core::ParamSpec& p, double value) {
    switch (p.kind) {
    case core::ParamKind::Choice:
        return p.format(value);
    case core::ParamKind::Flag:
        return value != 0.0;
    case core::ParamKind::Integer:
        return static_cast<long long>(value);
    case core::ParamKind::Real:
        return value;
    }
    return value;
}

json paramsJson(const std::vector<core::ParamSpec>& params) {
    json list = json::array();
    for (const auto& p : params) {
        list.push_back({{"key", p.key}, {"label", p.label}, {"unit", p.unit}, {"kind", kindName(p.kind)},
                        {"min", p.min}, {"max", p.max}, {"step", p.step}, {"default", typedValue(p, p.defaultValue)},
                        {"choices", p.choices}, {"help", p.help}});
    }
    return list;
}

std::string withUnit(const std::string& text, const std::string& unit) {
    return unit.empty() ? text : text + " " + unit;
}

void paramsText(const std::vector<core::ParamSpec>& params, const std::string& prefix, std::ostream& out) {
    for (const auto& p : params) {
        out << "  " << prefix << p.key << "=<" << p.allowedText() << ">" << (p.unit.empty() ? "" : " " + p.unit)
            << "  default " << withUnit(p.format(p.defaultValue), p.unit) << "\n      " << p.help << "\n";
    }
}

std::string sizeText(core::Size size) { return std::to_string(size.width) + "x" + std::to_string(size.height); }

// Table cells hold no '|' or line break.
std::string cell(const std::string& text) {
    std::string out;
    for (const char c : text) {
        if (c == '|') {
            out += "\\|";
        } else {
            out += c == '\n' ? ' ' : c;
        }
    }
    return out;
}

std::string rangeText(const core::ParamSpec& p) {
    switch (p.kind) {
    case core::ParamKind::Real:
    case core::ParamKind::Integer:
        return p.format(p.min) + " to " + p.format(p.max) + (p.kind == core::ParamKind::Integer ? ", whole" : "");
    case core::ParamKind::Flag:
        return "true, false";
    case core::ParamKind::Choice: {
        std::string text;
        for (const auto& c : p.choices) text += (text.empty() ? "" : ", ") + ("`" + c + "`");
        return text;
    }
    }
    return {};
}

void paramsTable(const std::vector<core::ParamSpec>& params, std::ostream& out) {
    out << "| key | unit | range | default | what it does |\n|---|---|---|---|---|\n";
    for (const auto& p : params) {
        out << "| `" << p.key << "` | " << cell(p.unit) << " | " << cell(rangeText(p)) << " | "
            << cell(p.format(p.defaultValue)) << " | " << cell(p.help) << " |\n";
    }
}

}  // namespace

void writeListText(const core::Registry& registry, std::ostream& out) {
    out << "Generators: the base of the stack (--algorithm ID), or a layer blended into the map below it "
           "(--op ID[:KEY=VALUE,...])\n\n";
    for (const auto& a : registry.algorithms()) {
        const auto size = a.sizeForDetail(a.defaultDetail);
        out << a.id << " - " << a.summary << "\n"
            << "  detail " << a.minDetail << ".." << a.maxDetail << " (default " << a.defaultDetail << " = "
            << sizeText(size) << ")\n";
        paramsText(a.params, "--set ", out);
        if (core::findParam(a.params, "roughness")) out << "  --hurst H  instead of roughness: roughness = 2^-H\n";
        out << "\n";
    }
    out << "Filters: --op ID[:KEY=VALUE,...] after the base (KEY=VALUE pairs separated by ',')\n\n";
    for (const auto& t : registry.ops()) {
        out << t.id << " - " << t.summary << "\n";
        paramsText(t.params, "", out);
        out << "\n";
    }
    out << "Generator layers (--op GENERATOR:...) also take (and hurst where the generator has a roughness):\n";
    paramsText(core::layerParamSpecs(), "", out);
    out << "Every --op also takes name=TEXT and enabled=true|false.\n\n"
        << "Presets: --recipe " << kPresetPrefix << "ID\n";
    for (const auto& p : core::builtinRecipePresets()) out << "  " << p.id << " - " << p.name << ": " << p.summary << "\n";
}

void writeListJson(const core::Registry& registry, std::ostream& out) {
    json operations = json::array();
    for (const TypeEntry& t : types(registry)) {
        json entry{{"id", t.id()}, {"name", t.name()}, {"kind", t.algorithm ? "generator" : "filter"},
                   {"summary", t.summary()}, {"params", paramsJson(t.params())}};
        if (const core::Algorithm* a = t.algorithm) {
            const auto lo = a->sizeForDetail(a->minDetail), hi = a->sizeForDetail(a->maxDetail);
            entry["detail"] = {{"min", a->minDetail}, {"max", a->maxDetail}, {"default", a->defaultDetail}};
            entry["size"] = {{"min", {lo.width, lo.height}}, {"max", {hi.width, hi.height}}};
        }
        operations.push_back(entry);
    }
    json presets = json::array();
    for (const auto& p : core::builtinRecipePresets()) {
        presets.push_back({{"id", p.id}, {"name", p.name}, {"summary", p.summary}});
    }
    out << core::jsonText(json{{"operations", operations},
                                {"layer_params", paramsJson(core::layerParamSpecs())},
                                {"presets", presets}});
}

void writeListMarkdown(const core::Registry& registry, std::ostream& out) {
    out << "## Generators\n\n"
           "A generator makes terrain from the seed. The first entry of a stack is one (`--algorithm ID`, "
           "the base: it sets the map's size and the world's height scale); a later one is a layer blended "
           "into the map below it (`--op ID:weight=0.3`), which also takes the [layer parameters](#layer-parameters).\n";
    for (const TypeEntry& t : types(registry)) {
        if (t.algorithm == nullptr) continue;
        const core::Algorithm& a = *t.algorithm;
        out << "\n### " << a.name << " (`" << a.id << "`)\n\n"
            << a.summary << "\n\nDetail " << a.minDetail << " to " << a.maxDetail << " (default " << a.defaultDetail
            << ": " << sizeText(a.sizeForDetail(a.defaultDetail)) << " samples).\n\n";
        paramsTable(a.params, out);
        if (t.hasHurst()) out << "\n`hurst` = H instead of `roughness`: roughness = 2^-H.\n";
        out << "\n![" << a.name << "](images/operations/" << a.id << ".png)\n";
    }
    out << "\n## Filters\n\n"
           "A filter reads the map below it and writes a new one: `--op ID[:KEY=VALUE,...]`.\n";
    for (const auto& t : registry.ops()) {
        out << "\n### " << t.name << " (`" << t.id << "`)\n\n" << t.summary << "\n\n";
        paramsTable(t.params, out);
        out << "\n![" << t.name << "](images/operations/" << t.id << ".png)\n";
    }
    out << "\n## Layer parameters\n\n"
           "A generator after the base also takes these (in a recipe file: `blend`, `weight` and `seed_offset` "
           "beside its `params`). Every entry takes `name=TEXT` and `enabled=true|false` as well.\n\n";
    paramsTable(core::layerParamSpecs(), out);
    out << "\n## Presets\n\n"
           "Built-in starting points: `--recipe " << kPresetPrefix << "ID`, stored as "
           "recipe files in `resources/presets/`.\n\n| id | name | what it makes |\n|---|---|---|\n";
    for (const auto& p : core::builtinRecipePresets()) {
        out << "| `" << p.id << "` | " << cell(p.name) << " | " << cell(p.summary) << " |\n";
    }
}

int runList(const core::Registry& registry, ListFormat format) {
    switch (format) {
    case ListFormat::Text:
        writeListText(registry, std::cout);
        break;
    case ListFormat::Json:
        writeListJson(registry, std::cout);
        break;
    case ListFormat::Markdown:
        writeListMarkdown(registry, std::cout);
        break;
    }
    return kExitOk;
}

}  // namespace terrain::app::cli
