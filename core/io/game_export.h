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
#include "file_transaction.h"
#include "presets.h"
#include "resample.h"
#include "tiles.h"

namespace terrain::core {

// One tile of a set written on its own (a world's engine tiles, one task each): the map is tile
// (column, row) of `layout` (tiles of the map's size), the preset checks it as part of the whole
// set, its sidecar records its place, and no export_set is recorded (other tasks write the rest).
struct TilePlacement {
    TileLayout layout;  // columns, rows and border; tileWidth/tileHeight are filled from the map
    int column = 0;
    int row = 0;
};

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
    std::optional<TilePlacement> placement;  // not with `tiles` or `size`
    nlohmann::json recipe;            // for the sidecar
    std::string recipeSha256;
    int pngCompression = 1;
    std::int64_t targetTriangles = 0;  // obj/glb: 0 keeps every sample, else 2..kMaxTriangles
    std::function<void(float)> progress;
};

// The largest triangle target a request may ask for.
inline constexpr std::int64_t kMaxTriangles = std::int64_t(1) << 33;

// A triangle target from text: 0 (every sample) or a whole number from 2 to kMaxTriangles (one
// triangle would not cover the map); throws InputError naming `field`.
std::int64_t parseTriangleTarget(const std::string& text,
                                 const std::string& field = field::kTriangles);

// What a checked request writes for a map of the source size.
struct GameExportPlan {
    ExportFormat format = ExportFormat::Png16;
    int width = 0;   // the output, after resizing
    int height = 0;
    std::optional<TileLayout> tiles;  // laid out for the output
    int fileWidth = 0;                // of each file written
    int fileHeight = 0;
};

struct GameExportResult {
    ExportFormat format = ExportFormat::Png16;
    int width = 0;   // of each file written
    int height = 0;
    std::vector<std::filesystem::path> files;  // the exports (each has a .json sidecar)
    std::vector<EngineSetting> settings;       // empty without a preset
    WorldUnits world;  // what the files say: exportedWorld() (spacing scaled by a resample)
    // obj/glb: every file's vertices and triangles summed, the largest error of any file.
    std::optional<MeshSummary> mesh;
    // For the user; a warning that mentions a field holds it as a reference, so each front end
    // renders it in its own words (render() for terrain-cli's flags).
    std::vector<FieldText> warnings;
};

// The format the request will write (throws InputError for an unknown extension or a format
// the preset cannot import).
ExportFormat resolveFormat(const GameExportRequest& request);

// Checks everything that can be checked from the source size alone (before generating):
// format, world units, size, memory, tile layout and names, the preset's format and size rule,
// the triangle target. Throws InputError / SizeError; returns what the export will write.
GameExportPlan checkGameExport(const GameExportRequest& request, int sourceWidth,
                               int sourceHeight);

// The output size (GameExportRequest::size) nearest to the requested one at which the preset
// accepts every file, tiles included: nothing without a preset, when it accepts them already,
// or when no such size fits in kMaxOutputSide. It is the size checkGameExport's refusal
// suggests.
std::optional<OutputSize> suggestedOutputSize(const GameExportRequest& request, int sourceWidth,
                                              int sourceHeight);

// The world the files describe: request.world, with the spacing scaled by (source - 1) /
// (output - 1) when the map is resampled, so the export spans the document's metres.
WorldUnits exportedWorld(const GameExportRequest& request, int sourceWidth, int sourceHeight);

// Writes the file(s) and sidecar(s) as one transaction: all of them are put in place, or none
// and the previous files stay (FileTransaction).
GameExportResult runGameExport(const Heightmap& map, const GameExportRequest& request);
// The same, staged in `transaction` with whatever else the caller writes (a saved recipe); the
// caller commits it.
GameExportResult runGameExport(const Heightmap& map, const GameExportRequest& request,
                               FileTransaction& transaction);

// "Name: value" lines for the CLI and the editor.
std::string settingsText(const EnginePreset& preset, const std::vector<EngineSetting>& settings);

}  // namespace terrain::core
