#pragma once
// Worley's cellular noise (1996, "A cellular texture basis function"): the distance from
// each sample to the nearest (F1) and second-nearest (F2) of a scatter of feature points, in world
// metres. One feature point per lattice cell, placed by the hash of (seed, cell): cheap, and an
// even density (Worley's Poisson-distributed count per cell adds clumps and holes a designer
// rarely wants; `jitter` = 0 gives a regular grid, 1 places a point anywhere in its cell).
#include "../heightmap.h"
#include "../registry.h"
#include "generators.h"

#include <cstdint>

namespace terrain::core {

struct GenerateContext;
struct Recipe;

enum class WorleyMetric { Euclidean, Manhattan, Chebyshev };
enum class WorleyOutput { F1, F2, F2MinusF1 };

struct WorleyParams {
    int detail = 9;
    std::uint64_t seed = 1;
    double cellSize_m = 64.0;  // the lattice cell: about the distance between feature points
    WorleyMetric metric = WorleyMetric::Euclidean;
    WorleyOutput output = WorleyOutput::F1;
    float jitter = 1.0f;  // how far a point may stray from its cell's centre: 0 .. 1 (the whole cell)
    bool invert = false;  // negate: F1's pits (craters) become peaks
    bool wrap = false;    // periodic: whole cells across the world, indices modulo their count
};

WorleyParams worleyParams(const Recipe& recipe);

// The map of side 2^detail + 1 whose sample spacing is `metresPerSample`; heights are distances
// in cells (negated when inverted).
void worleyInto(const WorleyParams& params, double metresPerSample, const GenerateContext& context, Heightmap& out);

// The samples of `window` of that map, bit for bit, computed alone (world tiles).
void worleyWindowInto(const WorleyParams& params, double metresPerSample, SampleWindow window,
                      const GenerateContext& context, Heightmap& out);

struct WorleyKernels;
const WorleyKernels* const* supportedWorleyKernels(int& count);
const char* worleyKernelsName(const WorleyKernels& kernels);
void worleyIntoWith(const WorleyKernels& kernels, const WorleyParams& params, double metresPerSample,
                    const GenerateContext& context, Heightmap& out);
void worleyWindowWith(const WorleyKernels& kernels, const WorleyParams& params, double metresPerSample,
                      SampleWindow window, const GenerateContext& context, Heightmap& out);

// The feature point of cell (i, j) (indices already wrapped), as its position inside the cell in
// [0, 1]²: 0.5 + jitter * (u - 0.5) on each axis, u from 16 bits of the hash each.
struct CellPoint {
    float x, y;
};
std::uint32_t worleyKey(std::uint64_t seed);
CellPoint worleyPoint(std::uint32_t key, std::uint32_t i, std::uint32_t j, float jitter);

// The cell offsets (dx, dy) that can hold the nearest (F1) or second-nearest (F2) point of a
// sample in one quarter of cell (0, 0) (`right`: x in [0.5, 1], else [0, 0.5]; `lower`: y
// likewise), for this metric and jitter: every cell whose point box comes nearer that quarter
// than the worst case of the guaranteed candidates (worley_noise.cpp derives it). The kernels
// visit exactly these; a quarter needs fewer than the whole cell (15 instead of 21 cells for
// euclidean F1 at jitter 1).
struct CellOffset {
    int dx, dy;
};
std::vector<CellOffset> worleyCandidates(WorleyMetric metric, bool needF2, float jitter, bool right, bool lower);

Algorithm worleyAlgorithm();

}  // namespace terrain::core
