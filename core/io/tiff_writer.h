#pragma once
// 32-bit float TIFF (SampleFormat IEEEFP, one sample a pixel) holding metres (internal to
// core/io; use exportHeightmap()). Strips, no compression, so any reader opens it. GeoTIFF tags
// (libgeotiff) give the sample spacing and where the file's first sample lies on a local grid in
// metres, so GDAL places tiles side by side (gdalbuildvrt) and reads real units.
#include "../heightmap.h"
#include "atomic_file.h"
#include "export_rows.h"
#include "world_units.h"

namespace terrain::core {

// Throws IoError(WriteFailed) when libtiff or the file reports an error.
// `originSamples`: where this file's first sample lies in the whole map (a tile's offset).
void writeTiff32(AtomicFile& file, const Heightmap& map, const ResolvedMapping& mapping,
                 const WorldUnits& world, const int originSamples[2], RowProgress& progress);

}  // namespace terrain::core
