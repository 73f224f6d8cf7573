#pragma once
// 32-bit float OpenEXR, one channel `R` holding metres (internal to core/io; use
// exportHeightmap()). Scanline image, ZIP compression, row 0 = north.
#include "../heightmap.h"
#include "atomic_file.h"
#include "export_rows.h"
#include "world_units.h"

namespace terrain::core {

// Throws IoError(WriteFailed) when OpenEXR or the file reports an error.
void writeExr(AtomicFile& file, const Heightmap& map, const ResolvedMapping& mapping,
              const WorldUnits& world, RowProgress& progress);

}  // namespace terrain::core
