#include "document_state.h"

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

DocumentState withRecipe(const DocumentState& current, const core::Recipe& recipe,
                         const core::Registry& registry) {
    DocumentState next = current;
    next.recipe = recipe;
    const core::Algorithm* before = registry.find(current.recipe.algorithm);
    const core::Algorithm* after = registry.find(recipe.algorithm);
    if (!before || !after) return next;
    const int oldSpan = before->sizeForDetail(current.recipe.detail).width - 1;
    const int newSpan = after->sizeForDetail(recipe.detail).width - 1;
    if (oldSpan > 0 && newSpan > 0 && oldSpan != newSpan) {
        next.world.metresPerPixel = current.world.metresPerPixel * double(oldSpan) / double(newSpan);
    }
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
