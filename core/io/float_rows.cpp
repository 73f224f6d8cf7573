#include "float_rows.h"

namespace terrain::core {

void metresRow(const float* row, std::size_t count, const ResolvedMapping& mapping,
               const WorldUnits& world, float* out) {
    for (std::size_t x = 0; x < count; ++x) {
        out[x] = static_cast<float>(metresOf(mapping, world, row[x]));
    }
}

}  // namespace terrain::core
