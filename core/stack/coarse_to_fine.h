#pragma once
// What the operations that run coarse to fine (thermal-erosion, river-erosion) share: a level is
// every 2^k-th sample of the map, and what one level made is carried to the next finer one by
// B-spline subdivision.
#include "../cancel.h"
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

// One step of cubic B-spline subdivision (Lane and Riesenfeld 1980) of `coarse` (side n) to side
// 2n - 1, along x and then along y; the border's samples are kept. Each fine sample is a weighted
// mean of coarse ones (weights >= 0), so it never makes a new high or low, and over several levels
// it tends to the cubic B-spline surface of the coarse one, C² everywhere. In two passes: along
// the coarse rows (rows in parallel; coarse side rows of the fine side), then fine row y from
// those.
std::vector<float> subdivideAlongRows(const LevelMap& coarse, const GenerateContext& context);
void subdivideAcross(const std::vector<float>& rows, int coarseSide, int y, float* out);

// fine += the subdivision of after - before: a change made at a coarse level, carried to the next
// finer one. Bilinear interpolation leaves creases along the coarse grid's lines (a valley cut at
// the coarse level becomes straight facets); an interpolating cubic (Dyn, Levin and Gregory's
// 4-point scheme, as until 2026-11-27) kept the coarse channel's path, a chain of steps one coarse
// cell long in the grid's eight directions, as stepped valley walls. The B-spline rounds that
// chain's corners off.
void addSmoothChange(LevelMap& fine, const LevelMap& after, const LevelMap& before, const GenerateContext& context);

}  // namespace terrain::core
