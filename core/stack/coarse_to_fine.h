#pragma once
// What the operations that run coarse to fine (thermal-erosion, river-erosion) share: a level is
// every 2^k-th sample of the map, and the change one level made is carried to the next finer
// one by bilinear interpolation.
#include "../heightmap.h"

#include <cstddef>
#include <vector>

namespace terrain::core {

struct LevelMap {
    std::vector<float> h;
    int side = 0;
    float* row(int y) { return h.data() + std::size_t(y) * std::size_t(side); }
    const float* row(int y) const { return h.data() + std::size_t(y) * std::size_t(side); }
    float& at(int x, int y) { return row(y)[x]; }
};

// Every `stride`-th sample of the square `map` (side (map side - 1) / stride + 1).
LevelMap subsampleLevel(const Heightmap& map, int stride);

// fine += the bilinear interpolation of (after - before), both of side (fine side + 1) / 2.
void addInterpolatedChange(LevelMap& fine, const LevelMap& after, const LevelMap& before);

}  // namespace terrain::core
