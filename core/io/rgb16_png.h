#pragma once
// Writes a 16-bit-per-channel RGB picture (16-bit normal maps) as PNG, atomically. Linear data:
// libpng's simplified API marks it with gAMA 1.0, which is right for normals (not colours).
#include <cstdint>
#include <filesystem>
#include <vector>

#include "file_transaction.h"

namespace terrain::core {

// `rgb` holds width * height * 3 values, row 0 first. Throws IoError like the other writers.
void writeRgb16Png(const std::vector<std::uint16_t>& rgb, int width, int height,
                   const std::filesystem::path& path, FileTransaction* transaction = nullptr);

}  // namespace terrain::core
