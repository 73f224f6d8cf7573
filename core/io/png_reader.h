#pragma once
// Reads back the 16-bit greyscale PNGs terrain-cli writes: for `terrain-cli world verify`, which
// compares the rows and columns png16 tiles share. The samples are the PNG's codes (0..65535),
// exactly, as floats.
#include "../heightmap.h"

#include <filesystem>

namespace terrain::core {

// Throws IoError naming the file and what is wrong when it is not a 16-bit greyscale PNG
// without alpha or cannot be read.
Heightmap readPng16(const std::filesystem::path& path);

}  // namespace terrain::core
