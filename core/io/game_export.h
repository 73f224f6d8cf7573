#pragma once
// A complete export as the CLI and the editor ask for it: optional engine preset, output size
// (bicubic or crop), tiles, real units, and a JSON sidecar beside every file written.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "export.h"
#include "presets.h"
#include "resample.h"
#include "tiles.h"

namespace terrain::core {

struct GameExportRequest {
    std::filesystem::path output;
    std::optional<ExportFormat> format;  // default: the preset's, else from the extension
    const EnginePreset* preset = nullptr;
    HeightMapping mapping;
    WorldUnits world;
    std::optional<OutputSize> size;
    ResizeMode resize = ResizeMode::Bicubic;
    std::optional<TileLayout> tiles;  // parsed; border set
    std::string tilePattern = kUnrealTilePattern;
    nlohmann::json recipe;            // for the sidecar
    std::string recipeSha256;
    int pngCompression = 1;
    std::int64_t targetTriangles = 0;  // obj/glb: 0 keeps every sample
    std::function<void(float)> progress;
};

struct GameExportResult {
    ExportFormat format = ExportFormat::Png16;
    int width = 0;   // of each file written
    int height = 0;
    std::vector<std::filesystem::path> files;  // the exports (each has a .json sidecar)
    std::vector<EngineSetting> settings;       // empty without a preset
    std::vector<std::string> warnings;
};

// The format the request will write (throws InputError for an unknown extension or a format
// the preset cannot import).
ExportFormat resolveFormat(const GameExportRequest& request);

// Checks everything that can be checked from the source size alone (before generating):
// format, size, memory, preset size rule, tile layout. Throws InputError / SizeError.
void checkGameExport(const GameExportRequest& request, int sourceWidth, int sourceHeight);

// Writes the file(s) and sidecar(s). On an error, files already written by this call are
// removed, so a failed export leaves nothing behind.
GameExportResult runGameExport(const Heightmap& map, const GameExportRequest& request);

// "Name: value" lines for the CLI and the editor.
std::string settingsText(const EnginePreset& preset, const std::vector<EngineSetting>& settings);

}  // namespace terrain::core
