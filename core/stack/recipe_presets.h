#pragma once
// Built-in starting points: recipes stored as JSON in resources/presets/*.json,
// compiled into terrain_core so the editor's Presets menu and `terrain-cli --recipe preset:ID`
// read the same files. Each is an ordinary format-3 recipe.
#include "../recipe.h"

#include <string>
#include <vector>

namespace terrain::core {

struct RecipePreset {
    std::string id;       // "island": `--recipe preset:island`
    std::string name;     // "Island": the menu entry
    std::string summary;  // one line: the menu's tooltip and `terrain-cli list`
    std::string json;     // the recipe file's text
};

const std::vector<RecipePreset>& builtinRecipePresets();  // in menu order

// The preset's recipe. Throws InputError("preset", id, "one of island, ...") when unknown.
Recipe loadRecipePreset(const Registry& registry, const std::string& id);

}  // namespace terrain::core
