#pragma once
// 32-bit float OpenEXR, one channel `R` (internal to core/io): metres for a heightmap (use
// exportHeightmap()), or any floats. Scanline image, ZIP compression, row 0 = north.
#include "../heightmap.h"
#include "atomic_file.h"
#include "export_rows.h"
#include "world_units.h"

#include <string>
#include <utility>
#include <vector>

namespace terrain::core {

// Throws IoError(WriteFailed) when OpenEXR or the file reports an error.
void writeExr(AtomicFile& file, const Heightmap& map, const ResolvedMapping& mapping,
              const WorldUnits& world, RowProgress& progress);

// `width` x `height` floats, row 0 first, in channel `R`, stored bit for bit (ZIP is lossless),
// with string attributes. Throws IoError(WriteFailed).
void writeExrFloats(AtomicFile& file, int width, int height, const float* pixels,
                    const std::vector<std::pair<std::string, std::string>>& attributes);

}  // namespace terrain::core
