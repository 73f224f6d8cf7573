// TEMPORARY (h2-editor branch only): a minimal stand-in for core/stack/recipe_presets.cpp, which
// the CLI helper implements with the JSON files in resources/presets/. Only linked while that
// file does not exist (app/CMakeLists.txt); the lead drops this file at merge.
#include "recipe_presets.h"

#include "../errors.h"

namespace terrain::core {

const std::vector<RecipePreset>& builtinRecipePresets() {
    static const std::vector<RecipePreset> presets = {
        {"rolling-hills", "Rolling hills", "Smooth midpoint hills stretched over the height range",
         R"({"format": "terrain-recipe", "version": 3, "detail": 9, "seed": 7, "stack": [
              {"id": "base", "type": "midpoint-displacement", "params": {"roughness": 0.45}},
              {"id": "normalize-1", "type": "normalize", "params": {"low": 0.1, "high": 0.7}}]})"},
        {"mesa", "Flat-topped mesa", "Rough diamond-square cut flat at 60 m",
         R"({"format": "terrain-recipe", "version": 3, "detail": 9, "seed": 3, "stack": [
              {"id": "base", "type": "diamond-square", "params": {"roughness": 0.6}},
              {"id": "normalize-1", "type": "normalize", "params": {}},
              {"id": "clamp-1", "type": "clamp", "params": {"low": 0, "high": 60}}]})"},
    };
    return presets;
}

Recipe loadRecipePreset(const Registry& registry, const std::string& id) {
    std::string ids;
    for (const RecipePreset& preset : builtinRecipePresets()) {
        if (preset.id == id) return recipeFromText(registry, preset.json, "preset:" + id);
        ids += (ids.empty() ? "" : ", ") + preset.id;
    }
    throw InputError("preset", id, "one of " + ids);
}

}  // namespace terrain::core
