#pragma once
// Splitting a map into N x M tiles for engines that import a landscape in pieces.
#include <filesystem>
#include <string>

#include "../heightmap.h"

namespace terrain::core {

struct TileLayout {
    int columns = 1;  // N, west to east
    int rows = 1;     // M, north to south
    int border = 1;   // 1: neighbours share their edge row/column of samples (Unreal, Unity);
                      // 0: tiles partition the samples
    int tileWidth = 0;
    int tileHeight = 0;
};

// "NxM" with whole numbers 1..64; throws InputError naming `field`.
TileLayout parseTiles(const std::string& text, const std::string& field = "--tiles");

// Fills tileWidth/tileHeight for a width x height map; throws InputError naming --tiles when
// the map does not split evenly ((width - 1) % N == 0 with a border, width % N == 0 without).
TileLayout layoutTiles(TileLayout layout, int width, int height);

// The tile at (column, row), copied out of the map.
Heightmap cutTile(const Heightmap& map, const TileLayout& layout, int column, int row);

// Replaces {stem}, {x}, {y} and {ext} in `pattern`; x is the column, y the row, from 0.
// Unreal's World Partition import expects "{stem}_x{x}_y{y}{ext}".
std::filesystem::path tilePath(const std::filesystem::path& output, const std::string& pattern,
                               int column, int row);

inline constexpr const char* kUnrealTilePattern = "{stem}_x{x}_y{y}{ext}";

}  // namespace terrain::core
