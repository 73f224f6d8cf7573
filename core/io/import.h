#pragma once
// An imported height image placed in the world (docs/importing.md): which file, how its samples
// become metres, where it lies and how it is resampled. Sampled at world positions, so the map at
// detail d + k sampled every 2^k-th point is the map at detail d, and a world tile reads only its
// window of the file plus the filter's reach.
#include "../heightmap.h"
#include "raster_source.h"

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace terrain::core {

struct GenerateContext;

struct ImportSettings {
    std::string file;  // as stored in the recipe (absolute once a front end resolved it)
    // How samples become metres: "auto" (our sidecar; floats and signed integers are metres;
    // 8/16-bit codes need a range), "metres", or codes mapped to a range: code 0 -> lo and the
    // type's largest code (floats: 1) -> hi.
    enum class Height { Auto, Metres, Range } height = Height::Auto;
    double lo = 0.0, hi = 0.0;
    std::optional<RawLayout> raw;
    std::optional<std::array<double, 2>> spacing;  // metres between columns, rows
    std::optional<std::array<double, 2>> origin;   // the first sample's x east, y north of map sample (0, 0)
    std::optional<std::array<int, 4>> crop;        // x0, y0, width, height in the file's samples
    bool flipX = false, flipY = false;
    enum class Resample { Nearest, Bilinear, Bicubic } resample = Resample::Bilinear;
    enum class Fill { Neighbours, Value } nodata = Fill::Neighbours;  // what no-data samples become
    enum class Outside { Edge, Value } outside = Outside::Edge;       // beyond the image
    double fillMetres = 0.0;  // the value for nodata=value, outside=value, and where no neighbour reaches

    bool operator==(const ImportSettings&) const = default;
};

// The canonical JSON text of the settings, and back: every key checked, refusals name
// `prefix`.KEY (e.g. "import.resample"), the value and what is allowed.
std::string importToText(const ImportSettings& settings);
ImportSettings importFromText(const std::string& jsonText, const std::string& prefix = "import");

// "FILE[:KEY=VALUE,...]" as `terrain-cli generate --import` takes it: keys height (auto, metres,
// LO:HI, unity:SIZE_Y[:POSITION_Y], unreal:SCALEZ[:LOCZ_CM]), size_m (the image's west-east span), spacing_m,
// origin_m (X,Y), crop (X0,Y0,W,H), flip (x, y, xy), resample, nodata (fill, value), outside
// (edge, value), fill_m, raw (WxH[:type][:order]). Keys of the stack entry (blend, weight, mask,
// name, ...) are left in `rest` for the caller. Throws InputError naming `field`.
ImportSettings importFromSpec(const std::string& spec, const std::string& field,
                              std::vector<std::pair<std::string, std::string>>* rest = nullptr);

// What the file holds and how the settings place it, for front ends (the CLI's summary line, the
// editor's import dialog).
struct ImportPlacement {
    RasterInfo info;
    int cropX = 0, cropY = 0, width = 0, height = 0;  // the part of the file used
    double spacingX = 0.0, spacingY = 0.0;            // metres between its samples
    std::string spacingFrom;                          // "georeferencing", "our sidecar", "given", "the world's extent"
    double originX = 0.0, originY = 0.0;              // its first sample in the world frame
    double lo = 0.0, hi = 0.0;                        // codes: metres at code 0 and at the largest code
    double step = 1.0;                                // metres per code (1 for metres)
    std::string heightFrom;                           // "metres as stored", "our sidecar", "given: LO..HI"
};

// Opens `settings.file` and works out the placement in a world whose map spans `extentMetres`
// west to east. Throws InputError naming `field` (the file, a setting that cannot be used).
ImportPlacement placeImport(const ImportSettings& settings, RasterSource& source, double extentMetres,
                            const std::string& field);

// The samples of `window` of a side x side map with `metresPerSample` spacing: the imported
// heights in metres. Opens the file (the same bits on any thread count). Throws InputError naming
// `field`.
// At most `maxReadSamples` samples of the file are read (a larger need is refused by name).
void sampleImport(const ImportSettings& settings, int side, double metresPerSample, int x0, int y0, int width,
                  int height, const GenerateContext& context, Heightmap& out, const std::string& field,
                  std::int64_t maxReadSamples = kMaxImportReadSamples);

// A fingerprint of the file behind `settings` (size and modification time), so a cached stage
// is recomputed when the file changes. Empty when it cannot be read (the evaluation reports it).
std::string importFingerprint(const ImportSettings& settings);

// Relative file names resolved against `folder` (a recipe's or document's folder), and made
// relative to it (written into a recipe saved there, so the folder and its images move together).
std::string withAbsoluteFile(const std::string& jsonText, const std::filesystem::path& folder);
std::string withRelativeFile(const std::string& jsonText, const std::filesystem::path& folder);

}  // namespace terrain::core

namespace terrain::core {

struct Recipe;

// A layout's (GeoJSON text) image stamps' files resolved against `folder` or made relative to it,
// and the files it names.
std::string rebaseLayoutImages(const std::string& geojson, const std::filesystem::path& folder, bool absolute);
std::vector<std::string> layoutImages(const std::string& geojson);

// Every import's file in `recipe` (the base, import layers, import masks, layouts' image stamps)
// resolved against `folder`, or made relative to it.
void resolveImportFiles(Recipe& recipe, const std::filesystem::path& folder);
void relativeImportFiles(Recipe& recipe, const std::filesystem::path& folder);

}  // namespace terrain::core
