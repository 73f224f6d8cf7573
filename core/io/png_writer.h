#pragma once
// Greyscale PNG through libpng, row by row (internal to core/io; use exportHeightmap()).
#include "../heightmap.h"
#include "atomic_file.h"
#include "export_rows.h"
#include "height_mapping.h"

namespace terrain::core {

struct PngWriteSpec {
    int bitDepth = 16;  // 8 or 16
    int compression = 1;
    const HeightMapping* mapping = nullptr;  // for the metadata
    ResolvedMapping resolved;
};

// Throws IoError(WriteFailed) when libpng or the file reports an error.
void writePng(AtomicFile& file, const Heightmap& map, const PngWriteSpec& spec,
              RowProgress& progress);

}  // namespace terrain::core
