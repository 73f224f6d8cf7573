#pragma once
// What a .terrain.json document holds: the recipe (which fully determines the heightmap), the
// world size (what the map measures in metres) and the view settings (how the editor shows it).
// Plain values; the Document owns one and its undo stack.
#include "core/io/world_units.h"
#include "core/recipe.h"
#include "render/colormap.h"

#include <optional>
#include <string>

namespace terrain::app {

struct ViewSettings {
    render::ColorMap colorMap = render::ColorMap::Gray;
    bool hillshade = false;
    float heightScale = 1.0f;  // exaggeration on top of the render layer's default relief
    bool wireframe = false;
    bool water = false;
    float waterLevel = 0.3f;  // fraction of the height range, 0..1
    float lightAzimuth_deg = 315.0f;
    float lightElevation_deg = 45.0f;
    std::string overlay;  // a mask of the stack tinted over both views; empty: none

    bool operator==(const ViewSettings&) const = default;

    render::PreviewStyle previewStyle() const;
};

// Limits shared by the view controls and the document reader.
inline constexpr float kMinHeightScale = 0.0f;
inline constexpr float kMaxHeightScale = 5.0f;
inline constexpr float kMaxLightElevation_deg = 90.0f;
inline constexpr float kMinLightElevation_deg = 1.0f;

// The world the map stands for: the spacing of samples and the heights in metres that the lowest
// and the highest mapped height become. Exports write it (core::WorldUnits); the defaults are
// core's, so they match terrain-cli without --metres-per-pixel and --height-range (1 m, 0..100 m).
struct WorldSize {
    double metresPerPixel = core::WorldUnits{}.metresPerPixel;
    double lowMetres = core::WorldUnits{}.loMetres;
    double highMetres = core::WorldUnits{}.hiMetres;

    bool operator==(const WorldSize&) const = default;

    core::WorldUnits units() const;
};

struct DocumentState {
    core::Recipe recipe;
    WorldSize world;
    ViewSettings view;

    bool operator==(const DocumentState&) const = default;
};

// The editor's starting terrain: diamond-square at its defaults (detail 9, roughness 0.6), seed 1.
// The state after the panel's edit to `recipe`: a change of detail (or of algorithm, where the
// sizes differ) keeps the world's extent in metres, so metres per sample halve when the detail
// rises by one and the terrain is as large in the engine at every detail ("design small, export
// big"). One state, so the edit and its new spacing are one undo step.
DocumentState withRecipe(const DocumentState& current, const core::Recipe& recipe,
                         const core::Registry& registry);

DocumentState defaultDocumentState(const core::Registry& registry);

// "gray", "terrain", "rainbow" (the document's spelling) and back.
std::string colorMapName(render::ColorMap colorMap);
std::optional<render::ColorMap> colorMapFromName(const std::string& name);

}  // namespace terrain::app
