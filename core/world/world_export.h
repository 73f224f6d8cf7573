#pragma once
// A world's engine tiles (docs/worlds.md "Engine tiles"): each world tile becomes the
// engine preset's tile of the same index, written by the same kind of task (terrain-cli world
// export --index K-K2), with the world's one height mapping so neighbours meet without a step.
// When the preset takes the world's tiles as they are (Unity, Godot HTerrain: 2^k+1 tiles sharing
// their edges) the files hold the world's samples; otherwise (Unreal's sizes) the whole world is
// resampled to the nearest size the preset accepts, bicubic over the whole world or a centred crop,
// and each task computes only the world samples its tile's taps read, so the tiles equal those
// `terrain-cli generate --tiles` would cut from the whole resampled map, bit for bit.
#include "../io/game_export.h"
#include "../io/splat.h"
#include "world.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace terrain::core {

struct WorldExportRequest {
    std::filesystem::path output;        // tiles are named by tilePattern from it
    const EnginePreset* preset = nullptr;
    std::optional<ExportFormat> format;  // default: the preset's, else from the extension
    ResizeMode resize = ResizeMode::Bicubic;  // when the preset needs another size
    std::string tilePattern = kUnrealTilePattern;  // worldTilePattern(preset) by default
    int pngCompression = 1;
    // Splat layers ("NAME=RULE", as generate --splat) written beside each tile, and their side
    // (0: the preset's default); tiles of the world as they are only.
    std::vector<std::string> splat;
    int splatSize = 0;
};

// The tile names the preset's engine's tiled import reads (EnginePreset::tilePattern: Unity's
// Terrain Toolbox NAME_XX_ZZ), else Unreal's NAME_xN_yM (kUnrealTilePattern).
std::string worldTilePattern(const EnginePreset* preset);

struct WorldExportPlan {
    ExportFormat format = ExportFormat::Png16;
    int side = 0;         // the whole output's side (the world's when nothing is resized)
    TileLayout layout;    // the world's columns and rows, the preset's border, the tile side
    bool resized = false;
    ResizeMode resize = ResizeMode::Bicubic;
    WorldUnits world;     // what the files say (spacing scaled when resampled)
    std::vector<EngineSetting> settings;  // per tile; empty without a preset
    std::vector<FieldText> warnings;      // names the engine's importer would not list
    std::optional<SplatPlan> splat;       // the layers, style and size of each tile's splat maps
};

// Checks the request against the world: format, pattern, the preset's sizes (InputError naming
// --preset when no size of its fits the world's tile grid, --resize when a crop cannot reach it),
// the splat layers against the masks the recipe makes (InputError naming --splat or --splat-size;
// refused for resized tiles, as generate refuses them).
WorldExportPlan planWorldExport(const Registry& registry, const WorldManifest& manifest,
                                const WorldExportRequest& request);

// Writes engine tile `index` (row-major, as the world's tiles), its sidecar and its splat maps
// atomically, unless it is there already: its sidecar names this recipe, format, size, place,
// preset, spacing and mapping, and the file's SHA-256, and its splat sidecar lists the plan's
// layers, style and size and files that are there (then nothing; a task rerun after a kill skips
// finished tiles). The splat weights are computed on the tile grown by one sample (the slope
// reads its neighbours), so they equal those generate --tiles --splat cuts from the whole map.
std::optional<GameExportResult> exportWorldTile(const Registry& registry, const WorldManifest& manifest,
                                 const WorldExportRequest& request, const WorldExportPlan& plan,
                                 std::int64_t index, const GenerateContext& context);

}  // namespace terrain::core
