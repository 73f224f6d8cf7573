#include "river_edge.h"

namespace terrain::core::river {

Heightmap extendedPastTheEdge(const Heightmap& map, int pad, bool mirror) {
    const int n = map.width(), m = n + 2 * pad;
    const auto [lowest, highest] = std::minmax_element(map.samples().begin(), map.samples().end());
    const float lo = *lowest, hi = *highest;
    const auto source = [&](int x) {  // the sample reflected onto x (|x| and 2 (n - 1) - x within the map)
        return x < 0 ? -x : x > n - 1 ? 2 * (n - 1) - x : x;
    };
    const auto at = [&](const float* row, int x) {
        const int r = source(x);
        if (mirror || r == x) return row[r];
        const float edge = row[x < 0 ? 0 : n - 1];
        return std::clamp(2.0f * edge - row[r], lo, hi);
    };
    Heightmap across = Heightmap::uninitialized(m, n);  // along x first (every sample written)
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < m; ++x) across.at(x, y) = at(map.row(y), x - pad);
    Heightmap out = Heightmap::uninitialized(m, m);
    std::vector<float> column(static_cast<std::size_t>(n));
    for (int x = 0; x < m; ++x) {
        for (int y = 0; y < n; ++y) column[std::size_t(y)] = across.at(x, y);
        for (int y = 0; y < m; ++y) out.at(x, y) = at(column.data(), y - pad);
    }
    return out;
}

}  // namespace terrain::core::river
