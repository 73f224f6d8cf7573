#pragma once
// Worlds bigger than one machine (docs/worlds.md): a recipe at a world detail D (side
// 2^D + 1 samples, D up to 20 and beyond) cut into square tiles of 2^k + 1 samples that share
// their edge rows and columns. Each tile is computed on its own from a halo of coarse levels
// (evaluateStackWindow) and equals the same samples of the whole map bit for bit, so any engine
// that hands out task indices (GNU parallel, a Slurm job array, a Kubernetes indexed job) can
// build a world with no scheduler of ours: a task computes tiles by index, idempotently, each one
// published atomically with its tile.json last.
#include "../io/export.h"
#include "../io/height_mapping.h"
#include "../io/world_units.h"
#include "../recipe.h"
#include "../registry.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace terrain::core {

struct GenerateContext;
class StackEvaluator;

inline constexpr int kMaxWorldDetail = 20;      // 1048577 samples a side
inline constexpr int kMinTileDetail = 5;         // 33 samples
inline constexpr int kMaxTileDetail = 13;        // 8193 samples (256 MiB of floats)
inline constexpr int kWorldFormatVersion = 1;
// At most 2^8 tiles a side, 65536 in all: a detail-20 world in tiles of 4097 samples. The tile
// list, the VRT and verify's report grow with the tile count; past this they would grow without
// bound before any output (a detail-20 world of 33-sample tiles has 2^30 tiles).
inline constexpr int kMaxWorldTileDetail = 8;
inline constexpr std::int64_t kMaxWorldTiles = std::int64_t(1) << (2 * kMaxWorldTileDetail);

// What world.json holds: everything a task needs, so tasks on other machines agree.
struct WorldManifest {
    Recipe recipe;            // as designed (its detail is the design detail)
    std::string recipeHash;   // recipeHash() of it: a changed recipe is a new world
    // SHA-256 of everything that decides a tile's bytes: the recipe, the details, the spacing, the
    // height range and mapping, the overview levels and the tile format (worldBuildHash). Each
    // tile.json records it: a tile made under other settings is not done, and verify names it.
    std::string buildHash;
    int worldDetail = 0;      // side 2^worldDetail + 1
    int tileDetail = 0;       // tile side 2^tileDetail + 1
    WorldUnits units;         // metresPerPixel at worldDetail; the height range in metres
    HeightMapping mapping;    // the recipe's fixed World mapping (raw lo/hi), the same in every tile
    int overviewLevels = 0;   // each tile also writes every 2^l-th sample, l = 1..overviewLevels
    // Tiff32: float GeoTIFFs in metres (exact). Png16: 16-bit codes of `mapping`, the same in every
    // tile, so they join without seams (engines' tiled heightmap imports read 16-bit PNG).
    ExportFormat tileFormat = ExportFormat::Tiff32;
    std::string toolVersion;

    std::int64_t side() const { return (std::int64_t(1) << worldDetail) + 1; }
    int tileSide() const { return (1 << tileDetail) + 1; }
    int columns() const { return 1 << (worldDetail - tileDetail); }
    int rows() const { return columns(); }
    std::int64_t tileCount() const { return std::int64_t(columns()) * rows(); }
};

// The manifest's buildHash, from its other fields.
std::string worldBuildHash(const WorldManifest& manifest);

// Builds the manifest: checks the recipe can be tiled (checkWindowable: names the operation and
// why not), the details (InputError naming --world-detail / --tile) and computes the recipe's
// world mapping. `metresPerSample` is the spacing at worldDetail.
WorldManifest makeWorldManifest(const Registry& registry, const Recipe& recipe, int worldDetail, int tileSide,
                                const WorldUnits& units, const GenerateContext& context);

// The tile formats a world can be written in: "tiff32" or "png16"; anything else is an InputError
// naming `field`.
ExportFormat parseWorldTileFormat(const std::string& text, const std::string& field);

std::string worldManifestToText(const Registry& registry, const WorldManifest& manifest);
// Throws InputError naming the field (and `source`) for anything missing, mistyped or out of range.
WorldManifest worldManifestFromText(const Registry& registry, const std::string& text, const std::string& source);

// Files, relative to the world's folder (.tif or .png by the tile format).
std::filesystem::path tileFile(const WorldManifest& manifest, int column, int row);
std::filesystem::path tileJsonFile(int column, int row);
std::filesystem::path overviewFile(const WorldManifest& manifest, int level, int column, int row);

// Whether tile `index` is finished: its tile.json exists, names this build hash, and its files
// (the tile and its overviews) are there with the SHA-256s it records: a damaged tile is not done.
bool tileDone(const WorldManifest& manifest, const std::filesystem::path& dir, std::int64_t index);

// Computes tile `index` (row-major: row = index / columns) unless it is done, writing its GeoTIFF
// and overviews (temporary file, fsync, rename each) and then its tile.json. Returns whether it
// computed it (false: skipped as done). Throws InputError for an index out of range.
bool computeTile(const Registry& registry, const WorldManifest& manifest, const std::filesystem::path& dir,
                 std::int64_t index, const GenerateContext& context);

// The recipe at the world's detail, and the window of tile (column, row).
Recipe worldRecipe(const WorldManifest& manifest);
SampleWindow tileWindow(const WorldManifest& manifest, int column, int row);

struct WorldCheck {
    std::int64_t passed = 0;
    std::int64_t failed = 0;
    std::vector<std::string> failures;  // one line each
};
// Every tile present, its tile.json naming this build hash, its files hashed as recorded, and every
// row and column two tiles share bit-identical.
WorldCheck verifyWorld(const WorldManifest& manifest, const std::filesystem::path& dir);

// DIR/world.vrt (and DIR/overviews/L.vrt per level): a GDAL mosaic of the tiles with the tiles'
// coarse levels as its overviews, so gdalinfo, gdal_translate and QGIS open the whole world.
void writeWorldVrt(const WorldManifest& manifest, const std::filesystem::path& dir);

// Browsing a world (the editor's world view): square view tiles of kViewTile samples of the
// world's map at `level` (every 2^level-th sample: by the lattice rule, the map of detail
// worldDetail - level over the same extent), computed on demand from the coarse levels with no
// files. Tile (level, tx, ty) holds that map's samples tx·kViewTile .. + kViewTile - 1 in x (fewer
// at the east and south border), likewise in y.
inline constexpr int kViewTile = 256;
struct ViewTileKey {
    int level = 0;
    int tx = 0, ty = 0;
    auto operator<=>(const ViewTileKey&) const = default;
};
// The side of the world's map at `level` (2^(worldDetail - level) + 1) and its view tiles per side.
std::int64_t levelSide(const WorldManifest& manifest, int level);
int viewTilesPerSide(const WorldManifest& manifest, int level);
// The coarsest level worth showing: its map fits one view tile (or level worldDetail - 1).
int coarsestViewLevel(const WorldManifest& manifest);
// Throws InputError for a key outside the world.
// `ranges` keeps the reference ranges of the recipe's normalize entries between tiles (optional).
// `margin` > 0: the tile grown by that many samples of its level each way (clamped to the level's
// map, for a hillshade that reads neighbours); `origin` then receives where the tile's first
// sample lies in the returned map.
Heightmap computeViewTile(const Registry& registry, const WorldManifest& manifest, ViewTileKey key,
                          const GenerateContext& context, StackEvaluator* ranges = nullptr, int margin = 0,
                          std::pair<int, int>* origin = nullptr);

}  // namespace terrain::core
