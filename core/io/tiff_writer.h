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

// The CRS every GeoTIFF we write declares: a user-defined projected CRS in metres named by this
// citation, no datum (the terrain is not on the Earth). kLocalGridWkt is how GDAL reads those
// keys (`gdalsrsinfo -o wkt1` on a tile, GDAL 3.6); world.vrt declares it too, so a mosaic and
// its tiles are in one CRS for GDAL and QGIS. Change both together.
inline constexpr const char* kLocalGridCitation = "terrain-editor local grid in metres, x east, y north";
inline constexpr const char* kLocalGridWkt =
    "LOCAL_CS[\"terrain-editor local grid in metres, x east, y north\",UNIT[\"metre\",1,AUTHORITY[\"EPSG\","
    "\"9001\"]],AXIS[\"Easting\",EAST],AXIS[\"Northing\",NORTH]]";

// Throws IoError(WriteFailed) when libtiff or the file reports an error.
// `originSamples`: where this file's first sample lies in the whole map (a tile's offset).
void writeTiff32(AtomicFile& file, const Heightmap& map, const ResolvedMapping& mapping,
                 const WorldUnits& world, const int originSamples[2], RowProgress& progress);

}  // namespace terrain::core
