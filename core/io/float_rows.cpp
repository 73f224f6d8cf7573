#include "float_rows.h"

namespace terrain::core {

void metresRow(const float* row, std::size_t count, const ResolvedMapping& mapping, const WorldUnits& world,
               float* out) {
    // metresOf with its constants hoisted, in two loops without branches so each vectorises;
    // the same arithmetic in the same order, so the same bits.
    const bool flat = !(mapping.hi > mapping.lo);
    const double lo = double(mapping.lo);
    const double width = double(mapping.hi) - double(mapping.lo);
    const double base = world.loMetres;
    const double range = world.rangeMetres();
    if (flat) {
        for (std::size_t x = 0; x < count; ++x) out[x] = static_cast<float>(base + 0.0 * range);
    } else if (mapping.extrapolate) {
        for (std::size_t x = 0; x < count; ++x) {
            const float v = row[x];
            const double q = (double(v) - lo) / width;
            const double t = v == v ? q : 0.0;
            out[x] = static_cast<float>(base + t * range);
        }
    } else {
        for (std::size_t x = 0; x < count; ++x) {
            const float v = row[x];
            const double q = (double(v) - lo) / width;
            const double t = v == v ? (q < 0.0 ? 0.0 : (1.0 < q ? 1.0 : q)) : 0.0;
            out[x] = static_cast<float>(base + t * range);
        }
    }
}

}  // namespace terrain::core
