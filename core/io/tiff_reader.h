#pragma once
// Reads back the float TIFFs terrain-cli writes (one 32-bit IEEE float sample a pixel, strips):
// for `terrain-cli world verify`, which compares the rows and columns tiles share.
#include "../heightmap.h"

#include <filesystem>

namespace terrain::core {

// Throws IoError naming the file and what is wrong when it
// is not such a TIFF or cannot be read.
Heightmap readTiff32(const std::filesystem::path& path);

}  // namespace terrain::core
