#include "tiles.h"

#include <algorithm>
#include <charconv>

#include "../errors.h"

namespace terrain::core {

namespace {

void replaceAll(std::string& text, const std::string& token, const std::string& value) {
    for (auto at = text.find(token); at != std::string::npos;
         at = text.find(token, at + value.size())) {
        text.replace(at, token.size(), value);
    }
}

}  // namespace

TileLayout parseTiles(const std::string& text, const std::string& field) {
    const std::string allowed =
        "NxM with whole numbers from 1 to " + std::to_string(kMaxTiles) + " (e.g. 2x2)";
    const auto x = text.find('x');
    if (x == std::string::npos || x == 0) throw InputError(field, text, allowed);
    TileLayout layout;
    const char* begin = text.data();
    const char* end = begin + text.size();
    auto [p1, e1] = std::from_chars(begin, begin + x, layout.columns);
    auto [p2, e2] = std::from_chars(begin + x + 1, end, layout.rows);
    if (e1 != std::errc() || p1 != begin + x || e2 != std::errc() || p2 != end ||
        layout.columns < 1 || layout.rows < 1 || layout.columns > kMaxTiles ||
        layout.rows > kMaxTiles) {
        throw InputError(field, text, allowed);
    }
    return layout;
}

int tileSide(int side, int count, int border) {
    return border == 1 ? (side - 1) / count + 1 : side / count;
}

int outputSide(int tile, int count, int border) {
    return border == 1 ? (tile - 1) * count + 1 : tile * count;
}

bool tilesDivide(const TileLayout& layout, int width, int height) {
    const int b = layout.border;
    const auto fits = [b](int size, int count) {
        return b == 1 ? (size - 1) % count == 0 && (size - 1) / count >= 1
                      : size % count == 0 && size / count >= 1;
    };
    return fits(width, layout.columns) && fits(height, layout.rows);
}

TileLayout layoutTiles(TileLayout layout, int width, int height) {
    const int b = layout.border;
    if (!tilesDivide(layout, width, height)) {
        const std::string rule =
            b == 1 ? "counts N and M that divide the map's size minus one (" +
                         std::to_string(width - 1) + " and " + std::to_string(height - 1) +
                         ") so that neighbouring tiles share one edge of samples"
                   : "counts N and M that divide the map's size (" + std::to_string(width) +
                         " and " + std::to_string(height) + ")";
        throw InputError(field::kTiles,
                         std::to_string(layout.columns) + "x" + std::to_string(layout.rows),
                         rule + "; change " + FieldText::field(field::kSize) + " or " +
                             FieldText::field(field::kTileBorder));
    }
    layout.tileWidth = tileSide(width, layout.columns, b);
    layout.tileHeight = tileSide(height, layout.rows, b);
    return layout;
}

Heightmap cutTile(const Heightmap& map, const TileLayout& layout, int column, int row) {
    const int stepX = layout.tileWidth - layout.border;
    const int stepY = layout.tileHeight - layout.border;
    const int x0 = column * stepX;
    const int y0 = row * stepY;
    Heightmap tile(layout.tileWidth, layout.tileHeight);
    for (int y = 0; y < layout.tileHeight; ++y) {
        std::copy_n(map.row(y0 + y) + x0, layout.tileWidth, tile.row(y));
    }
    return tile;
}

namespace {

bool contains(const std::string& text, const char* token) { return text.find(token) != std::string::npos; }

// n written with at least `width` digits.
std::string padded(int n, int width) {
    std::string digits = std::to_string(n);
    if (int(digits.size()) < width) digits.insert(0, std::size_t(width) - digits.size(), '0');
    return digits;
}

}  // namespace

void checkTilePattern(const std::string& pattern, const std::string& field) {
    const bool column = contains(pattern, "{x}") || contains(pattern, "{xx}");
    const bool row = contains(pattern, "{y}") || contains(pattern, "{yy}") || contains(pattern, "{z}") ||
                     contains(pattern, "{zz}");
    if (!column || !row) {
        throw InputError(field, pattern,
                         "a name containing the column ({x} or {xx}) and the row ({y}, {yy}, or {z}, {zz} "
                         "counted from the south), and optionally {stem}, {ext}");
    }
}

std::filesystem::path tilePath(const std::filesystem::path& output, const std::string& pattern,
                               int column, int row, int columns, int rows) {
    const int xDigits = int(std::to_string(std::max(columns - 1, 0)).size());
    const int yDigits = int(std::to_string(std::max(rows - 1, 0)).size());
    const int fromSouth = rows - 1 - row;
    std::string name = pattern;
    replaceAll(name, "{stem}", output.stem().string());
    replaceAll(name, "{ext}", output.extension().string());
    replaceAll(name, "{xx}", padded(column, xDigits));
    replaceAll(name, "{yy}", padded(row, yDigits));
    replaceAll(name, "{zz}", padded(fromSouth, yDigits));
    replaceAll(name, "{x}", std::to_string(column));
    replaceAll(name, "{y}", std::to_string(row));
    replaceAll(name, "{z}", std::to_string(fromSouth));
    return output.parent_path() / name;
}

}  // namespace terrain::core
