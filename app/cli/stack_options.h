#pragma once
// terrain-cli's words for the stack: `--op ID[:KEY=VALUE,...]` appends an operation
// to a recipe, `--recipe preset:ID` starts from a built-in preset. Bad input is an InputError
// naming the flag, the value and what is allowed, with a "did you mean" for a near miss.
#include <CLI/CLI.hpp>
#include <core/recipe.h>
#include <core/registry.h>
#include <core/io/import.h>

#include <string>

namespace terrain::app::cli {

// The prefix that makes `--recipe` name a built-in preset instead of a file.
inline constexpr const char* kPresetPrefix = "preset:";
// How --layout FILE travels in the list of stack options (appendOperation reads the file).
inline constexpr const char* kLayoutFilePrefix = "\x01layout-file:";
// How --import FILE[:KEY=VALUE,...] and --import-mask travel in the same list.
inline constexpr const char* kImportPrefix = "\x01import:";
inline constexpr const char* kImportMaskPrefix = "\x01import-mask:";

// --import's FILE[:KEY=VALUE,...] with the file made absolute; the entry's own keys (blend, ...)
// into `rest`. Throws InputError naming `flag` and the key.
core::ImportSettings importSettingsFromFlag(const std::string& spec, const std::string& flag,
                                           std::vector<std::pair<std::string, std::string>>* rest);

// Appends the operation `text` describes: ID (a filter or a generator used as a layer), then
// optionally ':' and KEY=VALUE pairs separated by ','. A piece without '=' continues the value
// before it, so a value may hold commas (name=Hills, north). Keys: the type's parameters, hurst
// for generators with a roughness, blend/weight/seed_offset for generator layers, name, enabled, mask.
// Also publish=NAME, input=NAME and mask=STAGE.NAME (named stages) on every entry; ID `group`
// (blend, weight, mask, input, publish, name) opens a group and `group-end` closes it
// (--group-begin and --group-end write these).
void appendOperation(const core::Registry& registry, core::Recipe& recipe, const std::string& text);

// --op, --group-begin NAME[:KEY=VALUE,...] and --group-end on `cmd`, into `ops` in the order they
// are given (a group's entries are the --op between its begin and end).
void addStackOptions(CLI::App* cmd, std::vector<std::string>& ops);

// The built-in preset `id` (after "preset:"). An unknown id is an InputError on --recipe that
// lists the presets.
core::Recipe presetRecipe(const core::Registry& registry, const std::string& id);

}  // namespace terrain::app::cli
