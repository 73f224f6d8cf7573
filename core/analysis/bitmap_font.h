#pragma once
// A small pixel font for printable ASCII (5x7 capitals and digits plus one descender row), drawn
// by our own table so that core can put text on pictures (the comparison sheet) without Qt or a
// font library. Each glyph sits in a 6x10 cell (one column and two rows of spacing); `scale`
// magnifies every font pixel to a scale x scale block. Characters outside ASCII 32..126 are
// drawn as '?'.
#include "../rgb_image.h"

#include <string_view>

namespace terrain::core {

constexpr int kGlyphWidth = 5;
constexpr int kGlyphHeight = 8;
constexpr int kGlyphAdvance = 6;  // cell width: glyph + 1 column of spacing
constexpr int kLineHeight = 10;   // cell height: glyph + 2 rows of spacing

// Whether font pixel (column, row) of `c` is set; false outside the glyph.
bool glyphPixel(char c, int column, int row);

// Width in pixels of one line of text (no trailing spacing column).
int textWidth(std::string_view text, int scale = 1);

// Draws one line with its top-left corner at (x, y); returns the x after the last cell.
int drawText(RgbImage& image, int x, int y, std::string_view text, Rgb colour, int scale = 1);

}  // namespace terrain::core
