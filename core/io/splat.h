#pragma once
// Splat maps: material weights per layer, from rules on slope, height and the stack's
// masks, written the way each engine imports them. Layers are taken in order: each covers what
// its rule selects of what the layers before it left (with soft edges), `rest` takes whatever
// is left, and anything no layer took goes to the last layer, so the weights of every pixel
// always sum to 1 (to 255 or 65535 exactly in the files: largest-remainder rounding).
#include "../errors.h"
#include "../heightmap.h"
#include "../stack/operation.h"
#include "file_transaction.h"
#include "game_export.h"
#include "tiles.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace terrain::core {

struct SplatRule {
    enum class Kind { SlopeAbove, SlopeBelow, HeightAbove, HeightBelow, Mask, Rest };
    Kind kind = Kind::Rest;
    double value = 0.0;  // degrees or metres
    double soft = 0.0;   // the half-width of the soft edge, in the value's unit
    std::string mask;    // Kind::Mask: the stack's mask
};

struct SplatLayer {
    std::string name;  // the material: a-z, 0-9, - and _
    SplatRule rule;
    std::string text;  // as given: "rock=slope>35"
};

// "NAME=RULE", RULE one of slope>DEG, slope<DEG, height>M, height<M (each with an optional ~SOFT,
// default 2 degrees or 5 m), mask:ID, rest. Throws InputError naming `field`.
SplatLayer parseSplatLayer(const std::string& text, const std::string& field = "--splat");
// Names unique, at most 16 layers, every mask:ID one of `masksMade`. Throws InputError.
void checkSplatLayers(const std::vector<SplatLayer>& layers, const std::vector<std::string>& masksMade,
                      const std::string& field = "--splat");

// Each layer's weight per sample of `heights` (raw, metres through `scale`), in [0, 1], summing
// to 1 per sample.
std::vector<Heightmap> splatWeights(const std::vector<SplatLayer>& layers, const Heightmap& heights,
                                    const HeightScale& scale, double metresPerPixel, const MaskSet& masks);

enum class SplatStyle {
    Rgba8,  // <stem>_splat<N>.png: RGBA8, layers 4N..4N+3 in R, G, B, A; all sum to 255 (Unity's
            // control textures; Godot HTerrain's splat map, one file)
    Grey8,  // <stem>_<NAME>.png: 8-bit greyscale per layer, summing to 255 (Unreal, Blender)
    Grey16,  // <stem>_<NAME>.png: 16-bit greyscale per layer, summing to 65535 (other tools)
    // <stem>_control.exr: Godot Terrain3D's control map (its doc/docs/controlmap_format.md), one
    // 32-bit float channel R whose bits are each pixel's uint32: layer i is texture id i, the
    // largest weight the base texture, the next the overlay, blend = 255 x overlay / (base +
    // overlay). Terrain3D blends two textures per vertex, so a third layer's share is dropped
    // (the sidecar's "dropped" says how much).
    Terrain3DControl,
};

// The style's name in the splat sidecar: "rgba8", "grey8", "grey16", "terrain3d-control".
const char* splatStyleName(SplatStyle style);

struct SplatResult {
    std::vector<std::filesystem::path> files;  // the images, then the sidecar
    nlohmann::json sidecar;
};

// What a heightmap export writes beside it: the layers, the files' style and their size.
struct SplatPlan {
    std::vector<SplatLayer> layers;
    SplatStyle style = SplatStyle::Grey16;
    int size = 0;                     // of each file: per tile with tiles
    // The heightmap's size when the export resizes the map (--size): the weights are cropped as
    // the heights are (crop) or resampled bilinearly (bicubic for the heights, which would
    // overshoot a weight), before any tiles are cut.
    std::optional<OutputSize> resized;
    ResizeMode resize = ResizeMode::Bicubic;
    std::optional<TileLayout> tiles;  // the heightmap's tiles (laid out on the output): a set per tile
    std::string tilePattern;          // their names
};
// Checks the layers ("NAME=RULE" each, against the masks the stack makes) and the splat size
// against the heightmap export `request` of a `side`-sample map, before anything is generated:
// the Unity preset writes RGBA control textures of a power of two from 16 to 4096 (default: the
// power of two at or below the heightmap's side − 1); Godot HTerrain one RGBA splat map of the
// heightmap's side (its importer takes one, of the heightmap's resolution: at most 4 layers);
// Godot Terrain3D one control map of the heightmap's size (its importer refuses maps of another
// size; a square heightmap only here); Unreal 8-bit grey of the heightmap's size (its import
// refuses other sizes); other presets 8-bit grey, no preset 16-bit grey (default: the heightmap's
// side). `size` 0 picks the default. With tiles, each tile gets its own set (named as the tile's
// heightmap: SplatNaming; sized from the tile's side), cut from the weights of the whole map so
// neighbours agree on their shared edge. A resized export (--size) gets the weights
// cropped or resampled as the heights are (SplatPlan::resized). Throws InputError naming
// `layersField` or `sizeField`.
SplatPlan planSplat(const std::vector<std::string>& layerTexts, int size, const std::vector<std::string>& masksMade,
                    const GameExportRequest& request, int side, const std::string& layersField = field::kSplat,
                    const std::string& sizeField = field::kSplatSize);

// Where the splat files of a heightmap export go: the heightmap's stem, a suffix ("_rock",
// "_splat0", "_control", "_splat") and an extension; for a tile, the heightmap's tile pattern
// applied last, so a layer's tiles are named as the heightmap's (land_rock_x1_y0.png beside
// land_x1_y0.png): Unreal's tiled import (LandscapeImportHelper.cpp, ExtractCoordinates) finds a
// set only by a name that ends in _x<N>_y<M>, for weightmaps as for heightmaps.
struct SplatNaming {
    std::filesystem::path heightmap;  // the export's output: the whole map's file
    std::string tilePattern;          // empty: no tiles
    int column = 0, row = 0, columns = 1, rows = 1;
    std::filesystem::path operator()(const std::string& suffix, const std::string& extension) const;
};

// Writes the weights resampled to size x size (bilinear; weights stay a partition of one) as
// `style`, named by `names`, plus the sidecar (suffix "_splat", .json) listing each layer's rule,
// file and channel; all staged in `transaction`.
SplatResult writeSplat(const std::vector<SplatLayer>& layers, const std::vector<Heightmap>& weights, int size,
                       SplatStyle style, const SplatNaming& names, FileTransaction& transaction);

// What to do with the files `result` lists, for terrain-cli's output and the editor's export
// report: the size and the sum, each layer's file (its channel or texture id), and for the
// engine of `preset` (an engine preset's id, or empty) the steps and numbers of its import.
std::string splatStepsText(const SplatPlan& plan, const SplatResult& result, const std::string& preset);

// The plan's weights for a stack's result (its heights, height scale and masks), written beside
// the heightmap `heightmapPath` (SplatNaming; with tiles, a set per tile) in `transaction`. With
// tiles, `sidecar` is tile (0, 0)'s.
SplatResult writeSplatFor(const SplatPlan& plan, const Heightmap& heights, const HeightScale& scale,
                          double metresPerPixel, const MaskSet& masks, const std::filesystem::path& heightmapPath,
                          FileTransaction& transaction);

}  // namespace terrain::core
