#pragma once
// Splitting a map into N x M tiles for engines that import a landscape in pieces.
#include <filesystem>
#include <string>

#include "../errors.h"
#include "../heightmap.h"

namespace terrain::core {

inline constexpr int kMaxTiles = 64;  // columns or rows

struct TileLayout {
    int columns = 1;  // N, west to east
    int rows = 1;     // M, north to south
    int border = 1;   // 1: neighbours share their edge row/column of samples (Unreal, Unity);
                      // 0: tiles partition the samples
    int tileWidth = 0;
    int tileHeight = 0;
};

// "NxM" with whole numbers 1..kMaxTiles; throws InputError naming `field`.
TileLayout parseTiles(const std::string& text, const std::string& field = field::kTiles);

// The side of each of `count` tiles cut from `side` samples (rounded down when they do not
// divide it), and the side `count` tiles of `tile` samples make, with or without a shared border.
int tileSide(int side, int count, int border);
int outputSide(int tile, int count, int border);

// Whether the tiles divide a width x height map evenly ((width - 1) % N == 0 with a border,
// width % N == 0 without) into tiles of at least 1 sample.
bool tilesDivide(const TileLayout& layout, int width, int height);

// Fills tileWidth/tileHeight for a width x height map; throws InputError naming --tiles when
// the map does not split evenly.
TileLayout layoutTiles(TileLayout layout, int width, int height);

// The tile at (column, row), copied out of the map.
Heightmap cutTile(const Heightmap& map, const TileLayout& layout, int column, int row);

// Tile file name patterns: {stem} and {ext} of the output, and the tile's place: {x} the column
// (from the west), {y} the row (from the north), {z} the row from the south (Unity's Z axis grows
// north), all from 0; {xx}, {yy}, {zz} the same zero-padded to the digits of the largest index,
// for importers that sort names as text. Unreal's World Partition import expects
// kUnrealTilePattern; Unity's Terrain Toolbox (Create New Terrain, Batch) reads NAME_X_Z.raw and
// sorts the names as text: kUnityTilePattern; the generic one sorts by row.
inline constexpr const char* kUnrealTilePattern = "{stem}_x{x}_y{y}{ext}";
inline constexpr const char* kUnityTilePattern = "{stem}_{xx}_{zz}{ext}";
inline constexpr const char* kGenericTilePattern = "{stem}-r{y}-c{x}{ext}";

// Throws InputError naming `field` unless the pattern names tiles apart (a column placeholder
// and a row placeholder).
void checkTilePattern(const std::string& pattern, const std::string& field = field::kTilePattern);

// The file of tile (column, row) of a columns x rows set.
std::filesystem::path tilePath(const std::filesystem::path& output, const std::string& pattern,
                               int column, int row, int columns, int rows);

}  // namespace terrain::core
