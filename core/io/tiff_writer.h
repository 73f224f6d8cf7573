#pragma once
// 32-bit float TIFF (SampleFormat IEEEFP, one sample a pixel) holding metres (internal to
// core/io; use exportHeightmap()). Strips, no compression, so any reader opens it.
#include "../heightmap.h"
#include "atomic_file.h"
#include "export_rows.h"
#include "world_units.h"

namespace terrain::core {

// Throws IoError(WriteFailed) when libtiff or the file reports an error.
void writeTiff32(AtomicFile& file, const Heightmap& map, const ResolvedMapping& mapping,
                 const WorldUnits& world, RowProgress& progress);

}  // namespace terrain::core
