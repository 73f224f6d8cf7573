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

// The same, smooth: one step of cubic B-spline subdivision (Lane and Riesenfeld 1980), along x and
// then along y; the border's samples are kept. Each fine sample is a weighted mean of coarse ones
// (weights >= 0), so it never makes a new high or low, and carried over several levels the change
// tends to the cubic B-spline surface of the coarse one, C² everywhere. Bilinear interpolation
// leaves creases along the coarse grid's lines (a valley cut at the coarse level becomes straight
// facets); an interpolating cubic (Dyn, Levin and Gregory's 4-point scheme, as until 2026-11-27)
// kept the coarse channel's path, a chain of steps one coarse cell long in the grid's eight
// directions, as stepped valley walls. The B-spline rounds that chain's corners off.
void addSmoothChange(LevelMap& fine, const LevelMap& after, const LevelMap& before);

}  // namespace terrain::core
