#pragma once
// `terrain-cli list`: every operation type a stack entry may have (the generators, then the
// filters), the parameters of generator layers and the built-in presets, read from the same
// ParamSpec tables that build the editor's sliders and the recipe JSON. Three forms: text for
// people, JSON for scripts, and Markdown: the reference part of docs/operations.md.
#include <core/registry.h>

#include <iosfwd>

namespace terrain::app::cli {

enum class ListFormat { Text, Json, Markdown };

int runList(const core::Registry& registry, ListFormat format);

// The forms written to `out` (runList writes to std::cout).
void writeListText(const core::Registry& registry, std::ostream& out);
// {"operations":[{"id","name","kind","summary","params":[...]} (generators also "detail" and
// "size")], "layer_params":[...], "presets":[{"id","name","summary"}]}; a parameter is
// {"key","label","unit","kind","min","max","step","default","choices","help"} with "default"
// typed as in a recipe file (number, choice name or true/false).
void writeListJson(const core::Registry& registry, std::ostream& out);
void writeListMarkdown(const core::Registry& registry, std::ostream& out);

}  // namespace terrain::app::cli
