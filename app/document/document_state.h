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

// The world the map stands for as the export dialog shows it: the spacing of samples at the
// recipe's detail and the heights in metres that the lowest and the highest mapped height become.
// The recipe holds it (core::RecipeWorld: the extent, so the spacing follows the detail); the
// defaults match terrain-cli without a recipe and world flags (1 m, 0..100 m at detail 9).
struct WorldSize {
    double metresPerPixel = core::WorldUnits{}.metresPerPixel;
    double lowMetres = core::WorldUnits{}.loMetres;
    double highMetres = core::WorldUnits{}.hiMetres;

    bool operator==(const WorldSize&) const = default;

    core::WorldUnits units() const;
};

struct DocumentState {
    core::Recipe recipe;  // the whole terrain, its world included
    ViewSettings view;

    bool operator==(const DocumentState&) const = default;

    // The recipe's world at its detail.
    WorldSize world() const;
    // Sets the recipe's world to `world` (the spacing at the recipe's detail) as it is, without
    // scaling the recipe's parameters: what a file or a test states.
    void setWorld(const WorldSize& world);
};

// The state with the recipe moved into `world` (core::rescaledToWorld): every parameter in metres
// scales with it, so the terrain keeps its shape, as the CLI's --world-size and --height-range do
// to a recipe. Throws core::InputError naming `field` when a scaled value leaves its range.
DocumentState withWorld(const DocumentState& current, const WorldSize& world, const core::Registry& registry,
                        const std::string& field);

// The state after the panel's edit to `recipe`. The recipe's world is its extent in metres, so a
// change of detail (or of algorithm) keeps it: metres per sample halve when the detail rises by
// one and the terrain is as large in the engine at every detail ("design small, export big").
DocumentState withRecipe(const DocumentState& current, const core::Recipe& recipe,
                         const core::Registry& registry);

// The editor's starting terrain: diamond-square at its defaults (detail 9, roughness 0.6), seed 1,
// in the default world (512 m, 0..100 m).
DocumentState defaultDocumentState(const core::Registry& registry);

// "gray", "terrain", "rainbow" (the document's spelling) and back.
std::string colorMapName(render::ColorMap colorMap);
std::optional<render::ColorMap> colorMapFromName(const std::string& name);

}  // namespace terrain::app
