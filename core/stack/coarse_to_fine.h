#pragma once
// What the operations that run coarse to fine (thermal-erosion, river-erosion) share: a level is
// every 2^k-th sample of the map, and the change one level made is carried to the next finer
// one by interpolation: bilinear for thermal-erosion (its finest level runs until the slopes
// settle, which erases the creases bilinear interpolation leaves), smooth for river-erosion
// (its finer levels take two steps each: the coarse valleys' shape is what remains).
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

// The same with a smooth interpolation: each new sample lies on the cubic through the four
// nearest coarse samples along its row or column (Dyn, Levin and Gregory's 4-point scheme,
// applied along x and then along y), held between its two nearest so that it never makes a new
// high or low. Carried over several levels, bilinear interpolation leaves creases along the
// coarse grid's lines (a valley cut at the coarse level becomes straight facets); this does not.
void addSmoothChange(LevelMap& fine, const LevelMap& after, const LevelMap& before);

}  // namespace terrain::core
