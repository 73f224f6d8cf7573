#pragma once
// Seed 003's terminal renderer: the map drawn with VT100/ANSI colour codes.
#include "heightmap.h"

#include <string>

namespace terrain::core {

enum class AnsiPalette { Rainbow, Gray };

AnsiPalette parseAnsiPalette(const std::string& text, const std::string& field = "--palette");

// Draws `map` `columns` characters wide (rows keep the aspect, a cell being twice as tall as
// wide). A 1-row map (the midpoint line) is drawn as a horizon silhouette. Ends with a reset.
std::string renderAnsi(const Heightmap& map, int columns, AnsiPalette palette);

}  // namespace terrain::core
