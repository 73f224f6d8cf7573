#include "presets.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "../errors.h"

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

bool isPowerOfTwoPlusOne(int n) {
    const int m = n - 1;
    return m > 0 && (m & (m - 1)) == 0;
}

std::string sizeText(int width, int height) {
    return std::to_string(width) + "x" + std::to_string(height);
}

std::string number(double value) {
    char text[64];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

// A value the engine's field takes as a whole number; the tolerance absorbs rounding in derived
// values such as 0.07 m x 100 = 7.000000000000001 %.
bool isWhole(double value) {
    return std::abs(value - std::round(value)) <= 1e-9 * std::max(1.0, std::abs(value));
}

// "<engine>'s <field> takes <unit>: 12.5 would be typed as 12 or 13; <fix> for an exact import"
void warnUnlessWhole(std::vector<std::string>& warnings, const std::string& field, double value,
                     const std::string& unit, const std::string& fix) {
    if (isWhole(value)) return;
    warnings.push_back(field + " takes " + unit + ": " + number(value) + " would be typed as " +
                       number(std::floor(value)) + " or " + number(std::ceil(value)) + "; " +
                       fix + " for an exact import");
}

int nearestPowerOfTwoPlusOne(int n, int lo, int hi) {
    int best = lo;
    for (int s = lo; s <= hi; s = (s - 1) * 2 + 1) {
        if (std::abs(s - n) < std::abs(best - n)) best = s;
    }
    return best;
}

int nearestUnreal(int n) {
    int best = kUnrealSizes[0];
    for (const int s : kUnrealSizes) {
        if (std::abs(s - n) < std::abs(best - n)) best = s;
    }
    return best;
}

[[noreturn]] void refuseSize(const EnginePreset& preset, const std::string& field, int width,
                             int height, int suggestion) {
    std::string allowed = std::string(preset.engine) + " (--preset " + preset.id + ") needs " +
                          preset.sizeRule;
    if (suggestion > 0) {
        allowed += "; try --size " + sizeText(suggestion, suggestion) +
                   " --resize bicubic (or --resize crop)";
    }
    throw InputError(field, sizeText(width, height), allowed);
}

}  // namespace

const std::vector<EnginePreset>& enginePresets() {
    static const std::vector<EnginePreset> presets = {
        {"unity", "Unity", ExportFormat::Raw16,
         "a square of 2^n+1 samples from 33x33 to 4097x4097"},
        {"unreal", "Unreal Engine", ExportFormat::Png16,
         "a square of a recommended size: 127, 253, 505, 1009, 2017, 4033 or 8129"},
        {"godot-terrain3d", "Godot Terrain3D", ExportFormat::Exr, "any size"},
        {"godot-hterrain", "Godot HTerrain", ExportFormat::Raw16,
         "a square of 2^n+1 samples from 65x65 to 4097x4097 (65, 129, 257, 513, 1025, 2049 or "
         "4097)"},
        {"blender", "Blender", ExportFormat::Exr, "any size"},
        {"worldpainter", "WorldPainter", ExportFormat::Png16, "any size"},
    };
    return presets;
}

const EnginePreset& findEnginePreset(const std::string& name, const std::string& field) {
    for (const auto& preset : enginePresets()) {
        if (name == preset.id) return preset;
    }
    throw InputError(field, name,
                     "one of unity, unreal, godot-terrain3d, godot-hterrain, blender, worldpainter");
}

void checkPresetFormat(const EnginePreset& preset, ExportFormat format) {
    const std::string id = preset.id;
    bool ok = format == preset.format;
    std::string allowed = exportFormatName(preset.format);
    if (id == "unreal") {
        ok = ok || format == ExportFormat::Raw16;
        allowed = "png16 or raw16 (.r16)";
    } else if (id == "godot-terrain3d") {
        // Terrain3D's import docs: only exr or r16/raw for heightmaps (Godot reads PNG as 8-bit).
        ok = ok || format == ExportFormat::Raw16;
        allowed = "exr or raw16 (.r16)";
    } else if (id == "blender") {
        ok = ok || format == ExportFormat::Png16;
        allowed = "exr or png16";
    }
    if (!ok) {
        throw InputError("--format", exportFormatName(format),
                         allowed + " for --preset " + preset.id);
    }
}

void checkPresetSize(const EnginePreset& preset, int width, int height, const std::string& field) {
    const std::string id = preset.id;
    if (id == "unity" || id == "godot-hterrain") {
        const int lo = id == "unity" ? kUnityMin : kHTerrainMin;
        if (width != height || !isPowerOfTwoPlusOne(width) || width < lo ||
            width > kPowerOfTwoPlusOneMax) {
            refuseSize(preset, field, width, height,
                       nearestPowerOfTwoPlusOne(std::max(width, height), lo,
                                                kPowerOfTwoPlusOneMax));
        }
    } else if (id == "unreal") {
        const bool listed = std::find(std::begin(kUnrealSizes), std::end(kUnrealSizes), width) !=
                            std::end(kUnrealSizes);
        if (width != height || !listed) {
            refuseSize(preset, field, width, height, nearestUnreal(std::max(width, height)));
        }
    } else if (width < 2 || height < 2) {
        refuseSize(preset, field, width, height, 0);  // a mesh needs two samples each way
    }
}

std::vector<std::string> presetInputWarnings(const EnginePreset& preset, const WorldUnits& world) {
    std::vector<std::string> warnings;
    const std::string id = preset.id;
    if (id == "godot-hterrain") {
        // importer_dialog.gd: min_height/max_height are int fields with step 1.
        const std::string fix = "choose --height-range with whole metres";
        warnUnlessWhole(warnings, "HTerrain's Min Height", world.loMetres, "whole metres", fix);
        warnUnlessWhole(warnings, "HTerrain's Max Height", world.hiMetres, "whole metres", fix);
    } else if (id == "worldpainter") {
        // ImportHeightMapDialog: integer spinners for the scale and the mapping levels.
        warnUnlessWhole(warnings, "WorldPainter's Scale (%)", world.metresPerPixel * 100.0,
                        "whole numbers", "choose --metres-per-pixel as a multiple of 0.01");
        const std::string fix = "choose --height-range with whole metres";
        warnUnlessWhole(warnings, "WorldPainter's Low mapping: To Minecraft (blocks)",
                        world.loMetres, "whole blocks (1 block = 1 metre)", fix);
        warnUnlessWhole(warnings, "WorldPainter's High mapping: To Minecraft (blocks)",
                        world.hiMetres, "whole blocks (1 block = 1 metre)", fix);
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
            {"Terrain Size X", number(sizeX)},
            {"Terrain Size Y", number(range)},
            {"Terrain Size Z", number(sizeZ)},
            {"Terrain Transform Position Y", number(world.loMetres)},
        };
    }
    if (id == "unreal") {
        // LandscapeDataAccess.h: local height = (code - 32768) / 128 (LANDSCAPE_ZSCALE), times the
        // actor's Z scale in cm, plus its Z: at Z scale 100 the full 16-bit range spans 512 m, so
        // Z scale = range * 100 / 512 (the top code lands range / 65536 below HI).
        const double mid = (world.loMetres + world.hiMetres) / 2.0;
        return {
            {"Landscape mode > Import from File > Heightmap File", "this file"},
            {"Scale X", number(world.metresPerPixel * 100.0)},
            {"Scale Y", number(world.metresPerPixel * 100.0)},
            {"Scale Z", number(range * 100.0 / 512.0)},
            {"Location Z (cm)", number(mid * 100.0) + " (code 32768 sits at the actor's Z)"},
            {"Resolution", std::to_string(width) + " x " + std::to_string(height)},
        };
    }
    if (id == "godot-terrain3d") {
        if (metres) {
            return {
                {"importer.tscn > Importer > height_file_name", "this file (EXR, metres)"},
                {"import_scale", "1"},
                {"height_offset", "0 (import_offset in older Terrain3D versions)"},
                {"Terrain3D vertex_spacing", number(world.metresPerPixel)},
            };
        }
        return {
            {"importer.tscn > Importer > height_file_name", "this file (.r16)"},
            {"r16_range", number(world.loMetres) + ", " + number(world.hiMetres)},
            {"r16_size", std::to_string(width) + ", " + std::to_string(height)},
            {"import_scale", "1"},
            {"height_offset", "0 (import_offset in older Terrain3D versions)"},
            {"Terrain3D vertex_spacing", number(world.metresPerPixel)},
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
            {"HTerrain map_scale", number(world.metresPerPixel) + " (x and z)"},
        };
    }
    if (id == "blender") {
        return {
            {"Plane size X (m)", number(sizeX)},
            {"Plane size Y (m)", number(sizeZ)},
            {"Subdivide / Subdivision Surface (Simple)",
             "enough cuts for " + std::to_string(width) + " x " + std::to_string(height) +
                 " vertices"},
            {"Image texture Color Space", "Non-Color"},
            {"Displace modifier > Strength", metres ? "1 (the samples are metres)" : number(range)},
            {"Displace modifier > Midlevel", "0"},
            {"Object location Z (m)", metres ? "0" : number(world.loMetres)},
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

}  // namespace terrain::core
