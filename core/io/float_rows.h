#pragma once
// Float exports (RAW32, EXR, TIFF32) store metres, not raw heights (internal to core/io).
#include <cstddef>

#include "height_mapping.h"
#include "world_units.h"

namespace terrain::core {

// out[x] = float(metresOf(mapping, world, row[x])) for `count` samples.
void metresRow(const float* row, std::size_t count, const ResolvedMapping& mapping,
               const WorldUnits& world, float* out);

}  // namespace terrain::core
