#pragma once
// Writes an 8-bit RGB picture (the comparison sheet) as PNG, atomically: a temporary file in
// the target's folder renamed into place, so a failed write leaves nothing behind.
// Heightmaps go through exportHeightmap() (io/export.h) instead, which also writes metadata.
#include "../rgb_image.h"

#include <filesystem>

#include "file_transaction.h"

namespace terrain::core {

// Throws IoError (CannotCreate for a missing/unwritable folder, WriteFailed otherwise).
// With a transaction the file is staged in it (see AtomicFile).
void writeRgbPng(const RgbImage& image, const std::filesystem::path& path,
                 FileTransaction* transaction = nullptr);

}  // namespace terrain::core
