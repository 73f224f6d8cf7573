#pragma once
// Heightmap exporters. Every write goes to a temporary file in the target folder and is renamed
// into place, so a failed or cancelled export never leaves a half-written file behind.
#include "../heightmap.h"
#include "height_mapping.h"

#include <filesystem>
#include <functional>
#include <string>

namespace terrain::core {

enum class ExportFormat {
    Png8,   // 8-bit greyscale PNG, black low, white high
    Png16,  // 16-bit greyscale PNG
    Raw16,  // 16-bit little-endian unsigned, row-major, no header (.r16/.raw: Unity, Unreal)
    Pgm,    // binary PGM (P5), 16-bit big-endian per the Netpbm spec
    Txt,    // one value a line, row-major, full float precision (seed 004)
};

// "png8", "png16", "raw16", "pgm", "txt"; throws InputError naming `field`.
ExportFormat parseExportFormat(const std::string& text, const std::string& field = "--format");
std::string exportFormatName(ExportFormat format);
// From the extension: .png -> Png16, .r16/.raw -> Raw16, .pgm -> Pgm, .txt -> Txt; else throws.
ExportFormat exportFormatFromPath(const std::filesystem::path& path);

struct ExportOptions {
    ExportFormat format = ExportFormat::Png16;
    HeightMapping mapping;
    int pngCompression = 1;              // zlib level: fast by default
    std::function<void(float)> progress;  // fraction done; may be empty
};

// Throws IoError (CannotCreate for a missing/unwritable folder, WriteFailed for I/O errors and a
// full disk). On any error the target is untouched and no temporary file remains.
void exportHeightmap(const Heightmap& map, const std::filesystem::path& path,
                     const ExportOptions& options);

}  // namespace terrain::core
