#pragma once
// Seed 003's terminal renderer: the map drawn with VT100/ANSI colour codes.
#include "heightmap.h"

#include <string>

namespace terrain::core {

enum class AnsiPalette { Rainbow, Gray };

AnsiPalette parseAnsiPalette(const std::string& text, const std::string& field = "--palette");

// Draws `map` `columns` characters wide (rows keep the aspect, a cell being twice as tall as
// wide). A 1-row map (the midpoint line) is drawn as a horizon silhouette. Lines are separated by
// '\n'; every line ends with a reset ("\x1b[0m"), and so does the whole text (no final newline).
// Throws InputError for columns outside 1..10000 or an empty map.
std::string renderAnsi(const Heightmap& map, int columns, AnsiPalette palette);

}  // namespace terrain::core
