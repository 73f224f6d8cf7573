#include "app/document/document_state.h"

#include "core/registry.h"

namespace terrain::app {

render::PreviewStyle ViewSettings::previewStyle() const {
    render::PreviewStyle style;
    style.colorMap = colorMap;
    style.hillshade = hillshade;
    style.lightAzimuth_deg = lightAzimuth_deg;
    style.lightElevation_deg = lightElevation_deg;
    style.overlay = overlay;
    return style;
}

core::WorldUnits WorldSize::units() const {
    core::WorldUnits units;
    units.metresPerPixel = metresPerPixel;
    units.loMetres = lowMetres;
    units.hiMetres = highMetres;
    return units;
}

WorldSize DocumentState::world() const {
    const core::WorldUnits units = core::worldUnits(recipe);
    return WorldSize{units.metresPerPixel, units.loMetres, units.hiMetres};
}

void DocumentState::setWorld(const WorldSize& world) {
    recipe.world = core::worldWithUnits(recipe.world, world.units(), recipe.detail);
}

DocumentState withWorld(const DocumentState& current, const WorldSize& world, const core::Registry& registry,
                        const std::string& field) {
    DocumentState next = current;
    // The sea moves with the heights, as every height parameter does: the coast stays where it was.
    const core::RecipeWorld to = core::withSeaLevelMoved(
        current.recipe.world, core::worldWithUnits(current.recipe.world, world.units(), current.recipe.detail));
    next.recipe = core::rescaledToWorld(registry, current.recipe, to, field);
    return next;
}

DocumentState withRecipe(const DocumentState& current, const core::Recipe& recipe, const core::Registry&) {
    DocumentState next = current;
    next.recipe = recipe;
    next.recipe.world = current.recipe.world;  // the panels edit the terrain, not its world
    return next;
}

DocumentState defaultDocumentState(const core::Registry& registry) {
    DocumentState state;
    state.recipe = core::defaultRecipe(registry, "diamond-square");
    state.recipe.seed = 1;
    return state;
}

std::string colorMapName(render::ColorMap colorMap) {
    switch (colorMap) {
    case render::ColorMap::Gray: return "gray";
    case render::ColorMap::Terrain: return "terrain";
    case render::ColorMap::Rainbow: return "rainbow";
    }
    return "gray";
}

std::optional<render::ColorMap> colorMapFromName(const std::string& name) {
    for (auto map : {render::ColorMap::Gray, render::ColorMap::Terrain, render::ColorMap::Rainbow}) {
        if (colorMapName(map) == name) return map;
    }
    return std::nullopt;
}

}  // namespace terrain::app
