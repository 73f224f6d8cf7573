#pragma once
// Engine presets: the format each engine imports, the sizes it accepts, and the numbers the user
// must type on import. Sources for every rule are listed in docs/exporting.md.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "../errors.h"
#include "export.h"
#include "resample.h"
#include "tiles.h"
#include "world_units.h"

namespace terrain::core {

struct EngineSetting {
    std::string name;   // as the engine's UI labels it
    std::string value;  // what to type or pick
};

// The files an engine imports, by size.
struct PresetSizes {
    enum class Kind {
        Any,                // at least 2 x 2
        PowerOfTwoPlusOne,  // square, 2^n+1 from min to max
        Listed,             // square, one of `listed`
    };
    Kind kind = Kind::Any;
    int min = 2;
    int max = kMaxOutputSide;
    std::span<const int> listed = {};  // ascending
};

struct EnginePreset {
    const char* id;                          // "unity", "unreal", ...
    const char* engine;                      // "Unity", "Unreal Engine", ...
    ExportFormat format;                     // what it writes unless --format overrides it
    std::optional<ExportFormat> alsoFormat;  // another format the engine imports
    const char* formatRule;                  // for messages: format and alsoFormat
    PresetSizes sizes;
    const char* sizeRule;                    // for messages: what `sizes` allows
    // The extension the engine's importer lists `format` files under, when it is not the
    // format's usual one (exportFormatExtension); null otherwise.
    const char* extension = nullptr;
    // Tiles: 1 when the engine's tiled import shares the edge row/column between neighbours
    // (the default of --tile-border with this preset), 0 when it places tiles edge to edge.
    int tileBorder = 1;
    // Edge-to-edge tiles (border 0) whose sizes the engine checks on the whole landscape they
    // make (UE5: N x tile side), with this rule for messages; null: each tile by `sizes`.
    const char* wholeLandscapeRule = nullptr;
    // The tile names its engine's tiled import reads (tiles.h); null: kUnrealTilePattern. A
    // world's engine tiles use it by default (world export).
    const char* tilePattern = nullptr;
};

const std::vector<EnginePreset>& enginePresets();
// "unity, unreal, ...": every preset's id, for help texts and messages.
std::string enginePresetIds();
// Throws InputError(field, name, the list of presets).
const EnginePreset& findEnginePreset(const std::string& name,
                                     const std::string& field = field::kPreset);

// Whether the preset sizes these tiles by the whole landscape (wholeLandscapeRule): edge-to-edge
// tiles, more than one.
bool checksWholeLandscape(const EnginePreset& preset, const TileLayout& tiles);

// Whether the preset's engine imports `format`.
bool presetAcceptsFormat(const EnginePreset& preset, ExportFormat format);
// Throws InputError naming --format unless presetAcceptsFormat.
void checkPresetFormat(const EnginePreset& preset, ExportFormat format);

// The file extension to write `format` under: the format's usual one (exportFormatExtension),
// or the preset's where its engine lists the files only under another (Godot HTerrain: .raw).
std::string outputExtension(ExportFormat format, const EnginePreset* preset);

// Whether the preset's engine imports one file of width x height samples.
bool presetAcceptsSize(const EnginePreset& preset, int width, int height);
// Whether it imports every file of a width x height output cut into `tiles` (columns, rows and
// border; false when the tiles do not divide the output). Without tiles: presetAcceptsSize.
bool presetAcceptsOutput(const EnginePreset& preset, int width, int height,
                         const std::optional<TileLayout>& tiles);

// The file size nearest to width x height that the preset accepts (width x height itself when
// it does). Square presets: the accepted side nearest to the larger side, the smaller of two
// as near; any size: each side at least 2 and at most kMaxOutputSide.
OutputSize nearestPresetSize(const EnginePreset& preset, int width, int height);
// The output size nearest to width x height that `tiles` divide into files the preset accepts:
// each file as near as nearestPresetSize puts it. Nothing when no such output fits in
// kMaxOutputSide, or in maxSide a side (a crop: the map's side).
std::optional<OutputSize> nearestPresetSize(const EnginePreset& preset, int width, int height,
                                            const TileLayout& tiles, int maxSide = kMaxOutputSide);

// Warnings for numbers the engine's import fields cannot take as they are (HTerrain's Min/Max
// Height and WorldPainter's scale and mapping levels are whole numbers): each names the field,
// the value, what the user would type and which field to change (a reference, named by each
// front end). Empty when all is exact.
std::vector<FieldText> presetInputWarnings(const EnginePreset& preset, const WorldUnits& world);

// The import settings for one file of width x height samples.
std::vector<EngineSetting> engineSettings(const EnginePreset& preset, ExportFormat format,
                                          int width, int height, const WorldUnits& world);

// Unity's Terrain Toolbox (Create New Terrain, Heightmap Mode Batch) for columns x rows tiles of
// tileSide samples sharing their edges, named kUnityTilePattern: the numbers to type, from
// TerrainToolboxCreateTerrain.cs (package com.unity.terrain-tools). Adds to `warnings` what it
// cannot place exactly (a tile that is not whole metres: the Toolbox truncates the tile size to
// whole metres; a height range over its 10000 m).
std::vector<EngineSetting> unityToolboxSettings(int columns, int rows, int tileSide, const WorldUnits& world,
                                                std::vector<FieldText>& warnings);

}  // namespace terrain::core
