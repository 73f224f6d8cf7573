#include "presets.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace terrain::core {

namespace {

// Unreal's recommended landscape sizes (Landscape Technical Guide, "Recommended Landscape
// Sizes"): the ones that fill whole components without waste. Each W-1 is a whole number of
// components of 63 (8129: 127) quads x 2 sections, at most 32 components a side, which is the
// exact fit FNewLandscapeUtils::ChooseBestComponentSizeForImport looks for; other sizes are
// padded by the importer.
constexpr int kUnrealSizes[] = {127, 253, 505, 1009, 2017, 4033, 8129};

// Square 2^n+1 sizes each preset accepts. Unity: TerrainData.heightmapResolution is clamped to
// 33...4097. HTerrain: hterrain_data.gd's MIN_RESOLUTION = 65, MAX_RESOLUTION = 4097
// (SUPPORTED_RESOLUTIONS = [65, 129, 257, 513, 1025, 2049, 4097]).
constexpr int kUnityMin = 33;
constexpr int kHTerrainMin = 65;
constexpr int kPowerOfTwoPlusOneMax = 4097;

// The landscape sides UE5's importer fits exactly (FNewLandscapeUtils::
// ChooseBestComponentSizeForImport): side - 1 = components x sections x section quads, with
// 1..32 components, 1 or 2 sections and sections of 7, 15, 31, 63, 127 or 255 quads.
bool unrealComponentFit(int side) {
    for (const int quads : {7, 15, 31, 63, 127, 255}) {
        for (const int sections : {1, 2}) {
            const int component = quads * sections;
            if ((side - 1) % component == 0 && (side - 1) / component >= 1 &&
                (side - 1) / component <= 32) {
                return true;
            }
        }
    }
    return false;
}

// Edge-to-edge tiles (border 0) of a preset that checks the whole landscape: square tiles of
// side t whose columns x t and rows x t both fit.
bool acceptsWholeLandscape(const TileLayout& layout) {
    return layout.border == 0 && layout.tileWidth == layout.tileHeight &&
           unrealComponentFit(layout.columns * layout.tileWidth) &&
           unrealComponentFit(layout.rows * layout.tileHeight);
}

bool isPowerOfTwoPlusOne(int n) {
    const int m = n - 1;
    return m > 0 && (m & (m - 1)) == 0;
}

// The largest 2^k+1 that is at most n (n >= 2).
int powerOfTwoPlusOneAtMost(int n) {
    return int(std::bit_floor(static_cast<unsigned>(n - 1))) + 1;
}

// A side wanted as the fraction num / den (a tile of a map: (W - 1 + N) / N with a shared
// border, W / N without), so that the nearest accepted side is the one whose whole map lands
// nearest to W.
struct Wanted {
    std::int64_t num;
    std::int64_t den;
    std::int64_t distance(int side) const { return std::llabs(std::int64_t(side) * den - num); }
    int floor() const { return int(num / den); }
};

// Of two accepted sides, the one nearer `wanted`; the smaller when both are as near.
int nearer(const Wanted& wanted, int a, int b) {
    const std::int64_t da = wanted.distance(a), db = wanted.distance(b);
    if (da != db) return da < db ? a : b;
    return std::min(a, b);
}

// The accepted side nearest to `wanted` among sides up to `limit`; nothing when none is.
std::optional<int> nearestSide(const PresetSizes& sizes, const Wanted& wanted, int limit) {
    const int hi = std::min(sizes.max, limit);
    const int lo = std::max(sizes.min, 2);
    if (hi < lo) return std::nullopt;
    const int below = std::clamp(wanted.floor(), lo, hi);
    switch (sizes.kind) {
        case PresetSizes::Kind::Any:
            return nearer(wanted, below, std::min(below + 1, hi));
        case PresetSizes::Kind::PowerOfTwoPlusOne: {
            const int first =
                isPowerOfTwoPlusOne(lo) ? lo : 2 * (powerOfTwoPlusOneAtMost(lo) - 1) + 1;
            const int top = powerOfTwoPlusOneAtMost(hi);
            if (top < first) return std::nullopt;
            if (below <= first) return first;
            if (below >= top) return top;
            const int under = powerOfTwoPlusOneAtMost(below);  // <= wanted
            return nearer(wanted, under, 2 * (under - 1) + 1);
        }
        case PresetSizes::Kind::Listed: {
            std::optional<int> best;
            for (const int side : sizes.listed) {
                if (side < lo || side > hi) continue;
                best = best ? nearer(wanted, *best, side) : side;
            }
            return best;
        }
    }
    return std::nullopt;
}

bool acceptsSide(const PresetSizes& sizes, int side) {
    if (side < std::max(sizes.min, 2) || side > sizes.max) return false;
    switch (sizes.kind) {
        case PresetSizes::Kind::Any: return true;
        case PresetSizes::Kind::PowerOfTwoPlusOne: return isPowerOfTwoPlusOne(side);
        case PresetSizes::Kind::Listed:
            return std::find(sizes.listed.begin(), sizes.listed.end(), side) != sizes.listed.end();
    }
    return false;
}

// The side of the tiles `count` of them make of `side` samples, as a fraction (see Wanted).
Wanted wantedTile(int side, int count, int border) {
    return border == 1 ? Wanted{side - 1 + count, count} : Wanted{side, count};
}

std::string number(double value) {
    char text[64];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

// Ten significant digits: a relative error of 5e-10, far below half a 16-bit step (7.6e-6 of
// the range), for the numbers that scale 16-bit codes; "%.6g" could lose the half step. Every
// number typed into an importer's decimal field uses it, the horizontal ones too: "%.6g" of a
// spacing of 1.912231559 m puts the far edge of a 4097-sample map 6 mm off.
std::string exact(double value) {
    char text[64];
    std::snprintf(text, sizeof text, "%.10g", value);
    return text;
}

// Unity's raw import and Unreal's landscape both divide a 16-bit code by 65536 (full scale is
// code 65536, not 65535), while we write t = 1 as 65535: scaling the range by 65536 / 65535
// puts every code c on LO + c x range / 65535, exactly where it was written. That is the
// importer's arithmetic: Unity then keeps each height in 15 bits (0..32766), a level of about
// two of our steps, so inside the engine a sample is about 1.5 steps off whatever we print.
constexpr double kCodeFullScale = 65536.0 / 65535.0;

// A value the engine's field takes as a whole number; the tolerance absorbs rounding in derived
// values such as 0.07 m x 100 = 7.000000000000001 %.
bool isWhole(double value) {
    return std::abs(value - std::round(value)) <= 1e-9 * std::max(1.0, std::abs(value));
}

// "<engine>'s <field> takes <unit>: 12.5 would be typed as 12 or 13; <fix> for an exact import"
void warnUnlessWhole(std::vector<FieldText>& warnings, const std::string& field, double value,
                     const std::string& unit, const FieldText& fix) {
    if (isWhole(value)) return;
    warnings.push_back(field + " takes " + unit + ": " + number(value) + " would be typed as " +
                       number(std::floor(value)) + " or " + number(std::ceil(value)) + "; " +
                       fix + " for an exact import");
}

// "choose --height-range with whole metres", the field named by each front end.
FieldText choose(const char* field, const char* how) {
    return "choose " + FieldText::field(field) + " " + how;
}

}  // namespace

bool checksWholeLandscape(const EnginePreset& preset, const TileLayout& tiles) {
    return preset.wholeLandscapeRule && tiles.border == 0 && tiles.columns * tiles.rows > 1;
}

const std::vector<EnginePreset>& enginePresets() {
    static const std::vector<EnginePreset> presets = {
        {.id = "unity",
         .engine = "Unity",
         .format = ExportFormat::Raw16,
         .alsoFormat = std::nullopt,
         .formatRule = "raw16",
         .sizes = {PresetSizes::Kind::PowerOfTwoPlusOne, kUnityMin, kPowerOfTwoPlusOneMax},
         .sizeRule = "a square of 2^n+1 samples from 33x33 to 4097x4097",
         // Terrain Toolbox, Create New Terrain, Batch: NAME_X_Z.raw (TerrainToolboxCreateTerrain.cs).
         .tilePattern = kUnityTilePattern},
        {.id = "unreal",
         .engine = "Unreal Engine",
         .format = ExportFormat::Png16,
         .alsoFormat = ExportFormat::Raw16,
         .formatRule = "png16 or raw16 (.r16)",
         .sizes = {PresetSizes::Kind::Listed, kUnrealSizes[0], std::end(kUnrealSizes)[-1],
                   kUnrealSizes},
         .sizeRule = "a square of a recommended size: 127, 253, 505, 1009, 2017, 4033 or 8129",
         // UE5's tiled import (LandscapeImportHelper: StartX = Coord.X x FileWidth) places
         // _xN_yM tiles edge to edge and sizes the whole landscape.
         .tileBorder = 0,
         .wholeLandscapeRule =
             "square tiles placed edge to edge (no shared border) that make a whole landscape "
             "UE5 fits exactly: each side - 1 = 1 to 32 components of 7, 15, 31, 63, 127 or "
             "255 quads x 1 or 2 sections"},
        // UE4 World Composition: each tile is a landscape of its own, sharing its edge
        // vertices with its neighbours; every tile a recommended size.
        {.id = "unreal-ue4-world-composition",
         .engine = "Unreal Engine 4 (World Composition)",
         .format = ExportFormat::Png16,
         .alsoFormat = ExportFormat::Raw16,
         .formatRule = "png16 or raw16 (.r16)",
         .sizes = {PresetSizes::Kind::Listed, kUnrealSizes[0], std::end(kUnrealSizes)[-1],
                   kUnrealSizes},
         .sizeRule = "a square of a recommended size: 127, 253, 505, 1009, 2017, 4033 or 8129"},
        // Terrain3D's import docs: only exr or r16/raw for heightmaps (Godot reads PNG as 8-bit).
        {.id = "godot-terrain3d",
         .engine = "Godot Terrain3D",
         .format = ExportFormat::Exr,
         .alsoFormat = ExportFormat::Raw16,
         .formatRule = "exr or raw16 (.r16)",
         .sizes = {},
         .sizeRule = "any size"},
        // The importer lists 16-bit raw files only as *.raw (importer_dialog.gd).
        {.id = "godot-hterrain",
         .engine = "Godot HTerrain",
         .format = ExportFormat::Raw16,
         .alsoFormat = std::nullopt,
         .formatRule = "raw16",
         .sizes = {PresetSizes::Kind::PowerOfTwoPlusOne, kHTerrainMin, kPowerOfTwoPlusOneMax},
         .sizeRule = "a square of 2^n+1 samples from 65x65 to 4097x4097 (65, 129, 257, 513, "
                     "1025, 2049 or 4097)",
         .extension = ".raw"},
        {.id = "blender",
         .engine = "Blender",
         .format = ExportFormat::Exr,
         .alsoFormat = ExportFormat::Png16,
         .formatRule = "exr or png16",
         .sizes = {},
         .sizeRule = "any size"},
        {.id = "worldpainter",
         .engine = "WorldPainter",
         .format = ExportFormat::Png16,
         .alsoFormat = std::nullopt,
         .formatRule = "png16",
         .sizes = {},
         .sizeRule = "any size"},
    };
    return presets;
}

std::string enginePresetIds() {
    std::string ids;
    for (const auto& preset : enginePresets()) {
        if (!ids.empty()) ids += ", ";
        ids += preset.id;
    }
    return ids;
}

const EnginePreset& findEnginePreset(const std::string& name, const std::string& field) {
    for (const auto& preset : enginePresets()) {
        if (name == preset.id) return preset;
    }
    throw InputError(field, name, "one of " + enginePresetIds());
}

bool presetAcceptsFormat(const EnginePreset& preset, ExportFormat format) {
    return format == preset.format || (preset.alsoFormat && format == *preset.alsoFormat);
}

void checkPresetFormat(const EnginePreset& preset, ExportFormat format) {
    if (presetAcceptsFormat(preset, format)) return;
    throw InputError(field::kFormat, exportFormatName(format),
                     preset.formatRule + FieldText(" for ") +
                         FieldText::settings({{field::kPreset, preset.id}}));
}

std::string outputExtension(ExportFormat format, const EnginePreset* preset) {
    if (preset && preset->extension && format == preset->format) return preset->extension;
    return exportFormatExtension(format);
}

bool presetAcceptsSize(const EnginePreset& preset, int width, int height) {
    if (preset.sizes.kind == PresetSizes::Kind::Any) {
        return acceptsSide(preset.sizes, width) && acceptsSide(preset.sizes, height);
    }
    return width == height && acceptsSide(preset.sizes, width);
}

bool presetAcceptsOutput(const EnginePreset& preset, int width, int height,
                         const std::optional<TileLayout>& tiles) {
    if (!tiles) return presetAcceptsSize(preset, width, height);
    if (!tilesDivide(*tiles, width, height)) return false;
    const TileLayout layout = layoutTiles(*tiles, width, height);
    if (checksWholeLandscape(preset, layout)) return acceptsWholeLandscape(layout);
    return presetAcceptsSize(preset, layout.tileWidth, layout.tileHeight);
}

OutputSize nearestPresetSize(const EnginePreset& preset, int width, int height) {
    // One file is a 1 x 1 tiling without a border.
    return nearestPresetSize(preset, width, height, TileLayout{1, 1, 0, 0, 0}).value();
}

std::optional<OutputSize> nearestPresetSize(const EnginePreset& preset, int width, int height,
                                            const TileLayout& tiles, int maxSide) {
    const int border = tiles.border;
    const int most = std::min(maxSide, kMaxOutputSide);
    if (checksWholeLandscape(preset, tiles)) {
        // The tile side t whose whole landscape (columns x t by rows x t) fits, nearest to the
        // larger wanted side; the smaller t when two are as near.
        const bool byX = std::int64_t(width) * tiles.rows >= std::int64_t(height) * tiles.columns;
        const int count = byX ? tiles.columns : tiles.rows;
        const std::int64_t want = byX ? width : height;
        const int limit = most / std::max(tiles.columns, tiles.rows);
        std::optional<int> best;
        for (int t = 2; t <= limit; ++t) {
            TileLayout layout = tiles;
            layout.tileWidth = layout.tileHeight = t;
            if (!acceptsWholeLandscape(layout)) continue;
            if (!best || std::llabs(std::int64_t(count) * t - want) <
                             std::llabs(std::int64_t(count) * *best - want)) {
                best = t;
            }
        }
        if (!best) return std::nullopt;
        return OutputSize{tiles.columns * *best, tiles.rows * *best};
    }
    const Wanted x = wantedTile(width, tiles.columns, border);
    const Wanted y = wantedTile(height, tiles.rows, border);
    // The largest tile sides whose output stays within `most`.
    const int limitX = tileSide(most, tiles.columns, border);
    const int limitY = tileSide(most, tiles.rows, border);
    std::optional<int> tileX, tileY;
    if (preset.sizes.kind == PresetSizes::Kind::Any) {
        tileX = nearestSide(preset.sizes, x, limitX);
        tileY = nearestSide(preset.sizes, y, limitY);
    } else {
        // Square files: sized by the axis that wants the larger tile.
        const Wanted& larger = x.num * y.den >= y.num * x.den ? x : y;
        tileX = tileY = nearestSide(preset.sizes, larger, std::min(limitX, limitY));
    }
    if (!tileX || !tileY) return std::nullopt;
    return OutputSize{outputSide(*tileX, tiles.columns, border),
                      outputSide(*tileY, tiles.rows, border)};
}

std::vector<FieldText> presetInputWarnings(const EnginePreset& preset, const WorldUnits& world) {
    std::vector<FieldText> warnings;
    const std::string id = preset.id;
    const FieldText wholeMetres = choose(field::kHeightRange, "with whole metres");
    if (id == "godot-hterrain") {
        // importer_dialog.gd: min_height/max_height are int fields with step 1.
        warnUnlessWhole(warnings, "HTerrain's Min Height", world.loMetres, "whole metres",
                        wholeMetres);
        warnUnlessWhole(warnings, "HTerrain's Max Height", world.hiMetres, "whole metres",
                        wholeMetres);
    } else if (id == "worldpainter") {
        // ImportHeightMapDialog: integer spinners for the scale and the mapping levels.
        warnUnlessWhole(warnings, "WorldPainter's Scale (%)", world.metresPerPixel * 100.0,
                        "whole numbers", choose(field::kMetresPerPixel, "as a multiple of 0.01"));
        warnUnlessWhole(warnings, "WorldPainter's Low mapping: To Minecraft (blocks)",
                        world.loMetres, "whole blocks (1 block = 1 metre)", wholeMetres);
        warnUnlessWhole(warnings, "WorldPainter's High mapping: To Minecraft (blocks)",
                        world.hiMetres, "whole blocks (1 block = 1 metre)", wholeMetres);
    }
    return warnings;
}

std::vector<EngineSetting> engineSettings(const EnginePreset& preset, ExportFormat format,
                                          int width, int height, const WorldUnits& world) {
    const std::string id = preset.id;
    const double range = world.rangeMetres();
    const double sizeX = double(width - 1) * world.metresPerPixel;
    const double sizeZ = double(height - 1) * world.metresPerPixel;
    const bool metres = sampleLayout(format).metres;
    if (id == "unity") {
        return {
            {"Terrain > Terrain Settings > Import Raw... > Depth", "Bit 16"},
            {"Width", std::to_string(width)},
            {"Height", std::to_string(height)},
            {"Byte Order", "Windows"},
            // ImportRawHeightmap.ReadRaw puts file row y at heights[y, x] (flipped: res-1-y), and
            // heightmap row 0 is the terrain's z = 0 edge (PaintContext: z = position.z + pixel y).
            {"Flip Vertically",
             "on (Unity puts the file's first row at the terrain's z = 0, south, edge; our row 0 is "
             "north)"},
            {"Terrain Size X", exact(sizeX)},
            // ImportRaw divides each code by 65536 (see kCodeFullScale).
            {"Terrain Size Y", exact(range * kCodeFullScale)},
            {"Terrain Size Z", exact(sizeZ)},
            {"Terrain Transform Position Y", exact(world.loMetres)},
        };
    }
    if (id.rfind("unreal", 0) == 0) {  // unreal, unreal-ue4-world-composition
        // LandscapeDataAccess.h: local height = (code - 32768) / 128 (LANDSCAPE_ZSCALE, MidValue),
        // times the actor's Z scale, in cm, plus its Z: metres(c) = Z/100 + (c - 32768) x
        // ZScale / 12800. Code c was written as LO + c x range / 65535, so ZScale = range x
        // 12800 / 65535 (= range x 100 / 512 x 65536 / 65535) and Z = (LO + 32768 x range /
        // 65535) x 100.
        const double scaleZ = range * 12800.0 / 65535.0;
        const double locationZ_cm = (world.loMetres + 32768.0 * range / 65535.0) * 100.0;
        return {
            {"Landscape mode > Import from File > Heightmap File", "this file"},
            {"Scale X", exact(world.metresPerPixel * 100.0)},
            {"Scale Y", exact(world.metresPerPixel * 100.0)},
            {"Scale Z", exact(scaleZ)},
            {"Location Z (cm)", exact(locationZ_cm) + " (code 32768 sits at the actor's Z)"},
            {"Resolution", std::to_string(width) + " x " + std::to_string(height)},
        };
    }
    if (id == "godot-terrain3d") {
        if (metres) {
            return {
                {"importer.tscn > Importer > height_file_name", "this file (EXR, metres)"},
                {"import_scale", "1"},
                {"height_offset", "0 (import_offset in older Terrain3D versions)"},
                {"Terrain3D vertex_spacing", exact(world.metresPerPixel)},
            };
        }
        return {
            {"importer.tscn > Importer > height_file_name", "this file (.r16)"},
            {"r16_range", exact(world.loMetres) + ", " + exact(world.hiMetres)},
            {"r16_size", std::to_string(width) + ", " + std::to_string(height)},
            {"import_scale", "1"},
            {"height_offset", "0 (import_offset in older Terrain3D versions)"},
            {"Terrain3D vertex_spacing", exact(world.metresPerPixel)},
        };
    }
    if (id == "godot-hterrain") {
        return {
            // The importer only offers .raw (not .r16) for 16-bit raw files.
            {"HTerrain > Import > Heightmap", "this file, named *.raw (RAW 16-bit)"},
            {"Raw Endianess", "Little Endian"},
            {"Min Height", number(world.loMetres)},
            {"Max Height", number(world.hiMetres)},
            {"Resolution (not a field: HTerrain deduces it from the file size)",
             std::to_string(width)},
            {"HTerrain map_scale", exact(world.metresPerPixel) + " (x and z)"},
        };
    }
    if (id == "blender") {
        // Checked in Blender 3.4 by tests/core/scripts/blender_displace.py (ctest cli_blender):
        // a Grid has (X Subdivisions + 1) x (Y Subdivisions + 1) vertices with UVs 0..1, so
        // vertex i has u = i / (W - 1); Closest (no interpolation) samples pixel
        // floor(u x W) = i, and Extend keeps the last vertex (u = 1, pixel W) on the last
        // pixel where the default Repeat would wrap it to the first.
        return {
            {"Add > Mesh > Grid > X Subdivisions", std::to_string(width - 1)},
            {"Add > Mesh > Grid > Y Subdivisions", std::to_string(height - 1)},
            {"Grid > Size", "1 (then set the Dimensions)"},
            {"Object > Dimensions X (m)", exact(sizeX)},
            {"Object > Dimensions Y (m)", exact(sizeZ)},
            {"Modifiers > Add > Displace > Texture", "New, type Image or Movie, Open this file"},
            {"Image texture Color Space", "Non-Color"},
            {"Image texture > Image Mapping > Extension", "Extend (the default Repeat wraps the "
                                                         "east and north edges)"},
            {"Image texture > Sampling > Interpolation", "off (Closest)"},
            {"Displace modifier > Texture Coordinates", "UV"},
            {"Displace modifier > Direction", "Normal (or Z)"},
            {"Displace modifier > Strength", metres ? "1 (the samples are metres)" : exact(range)},
            {"Displace modifier > Midlevel", "0"},
            {"Object location Z (m)", metres ? "0" : exact(world.loMetres)},
            {"Texture properties > Colors > Clamp",
             "off (when on, texture values below 0 are cut to 0)"},
        };
    }
    // worldpainter: one block per metre horizontally and vertically. Field names as in
    // WorldPainter's ImportHeightMapDialog ("Scale: %", "Low mapping:"/"High mapping:" rows with
    // "From image:" and "To Minecraft:" columns); all of them take whole numbers.
    return {
        {"File > Import new World > From height map", "this file"},
        {"Scale (%)", number(world.metresPerPixel * 100.0)},
        {"Low mapping: From image", "0"},
        {"Low mapping: To Minecraft (blocks)", number(world.loMetres)},
        {"High mapping: From image", "65535"},
        {"High mapping: To Minecraft (blocks)", number(world.hiMetres)},
    };
}

std::vector<EngineSetting> unityToolboxSettings(int columns, int rows, int tileSide, const WorldUnits& world,
                                                std::vector<FieldText>& warnings) {
    const double tileMetres = double(tileSide - 1) * world.metresPerPixel;
    const double range = world.rangeMetres();
    // tileResolution = (int)TerrainWidth / TilesX: the tiles are placed whole metres apart.
    if (!isWhole(tileMetres)) {
        warnings.push_back("Unity's Terrain Toolbox places tiles whole metres apart, and each tile is " +
                           number(tileMetres) + " m; " +
                           choose(field::kMetresPerPixel, "so that (tile side - 1) x metres per sample is whole") +
                           " for tiles that meet");
    }
    // kMaxTerrainHeight = 10000.
    if (range > 10000.0) {
        warnings.push_back("Unity's Terrain Toolbox takes a Terrain Height up to 10000 m, and the height range is " +
                           number(range) + " m; " + choose(field::kHeightRange, "at most 10000 m high"));
    }
    const std::string pos = "X 0, Y " + exact(world.loMetres) + ", Z 0";
    return {
        {"Terrain Toolbox > Create New Terrain > Total Terrain Width(m)", exact(tileMetres * columns)},
        {"Total Terrain Length(m)", exact(tileMetres * rows)},
        {"Terrain Height(m)", exact(range)},
        {"Start Position", pos},
        {"Tiles X Axis", std::to_string(columns)},
        {"Tiles Z Axis", std::to_string(rows)},
        {"Heightmap Resolution", std::to_string(tileSide)},
        {"Import Heightmap > Heightmap Mode", "Batch"},
        {"Select Heightmap Folder", "the folder of the .raw tiles (NAME_X_Z.raw, Z from the south)"},
        // Heightmap.cs: codes / 65535 (little-endian), then Min + t x (Max - Min).
        {"Height Remap Min", "0"},
        {"Height Remap Max", exact(range)},
        // SetHeights puts the file's first row at the tile's z = 0 (south) edge; our row 0 is north.
        {"Flip Axis", "Vertical"},
    };
}

}  // namespace terrain::core
