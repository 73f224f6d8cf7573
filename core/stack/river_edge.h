#pragma once
// river-erosion's open edge (internal to core/stack): the map extended past its edge before the
// erosion runs, and cut out of the result.
#include "../heightmap.h"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace terrain::core::river {

// The open edge: the erosion runs on the map extended past its edge by kOpenEdgeCells cells of the
// coarsest level on every side, and the map is cut out of the result. The extension's border is
// the base level, and next to a base level the uplifted land rises in a band about a coarse cell
// wide, behind it a divide between the short streams that run straight out and the rivers that
// run inland (measured on eroded-hills at 1025², where the edge was the base level: 134 m at the
// edge, 163 m 10 samples in, 152 m 24 in): a frame around the map, which the extension keeps
// outside it. The map is extended by point reflection, h(-k) = 2 h(0) - h(k), which keeps the
// slope at the edge (a valley that runs out of the map runs on downhill; a mirror made it turn
// back, a pit at the edge), clamped to the map's range: the extension's border, the base level, is
// then no lower than the map's lowest point, so no valley is cut below it (unclamped, eroded-hills
// reached 42 m below its world's floor, which an export clips flat). 4 cells: the measured band is
// under 3.
constexpr int kOpenEdgeCells = 4;

// `map` extended by `pad` samples on every side: heights by point reflection (above), a mask
// (`mirror`) by plain reflection; both stay within the map's range.
Heightmap extendedPastTheEdge(const Heightmap& map, int pad, bool mirror);

// The map's own cells out of a level of side n + 2 pad.
template <class T>
std::vector<T> cutOut(const std::vector<T>& v, int n, int pad) {
    if (pad == 0) return v;
    const int m = n + 2 * pad;
    std::vector<T> out(std::size_t(n) * std::size_t(n));
    for (int y = 0; y < n; ++y)
        std::copy_n(v.begin() + std::ptrdiff_t(std::size_t(y + pad) * std::size_t(m) + std::size_t(pad)), n,
                    out.begin() + std::ptrdiff_t(std::size_t(y) * std::size_t(n)));
    return out;
}

}  // namespace terrain::core::river
