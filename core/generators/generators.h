#pragma once
// The built-in generators as typed, pure functions of their parameters. Each has a Recipe
// adapter and an Algorithm entry (ParamSpec table + size rule) for the registry.
#include "../heightmap.h"
#include "../registry.h"

#include <array>
#include <cstdint>

namespace terrain::core {

struct GenerateContext;
struct LevelKernels;
struct Recipe;

// How the diamond step treats a neighbour that falls outside the map (seeds 000 and 002).
enum class EdgeMode {
    Clip,     // average the 3 neighbours that exist (seed 000)
    Wrap,     // take it from the opposite side: the map tiles with itself (seed 002)
    Reflect,  // take the neighbour mirrored across the point (seed 002's choice)
};

// How a new point's base value is interpolated from the points around it before it is displaced
// (docs/algorithms.md, "Grid artefacts").
enum class Interpolation {
    Linear,  // the mean of the nearest neighbours, as the seed articles do (the default)
    Cubic,   // the 4-point scheme (-a + 9b + 9c - d) / 16 along lines (a tensor product for
             // diamond-square): a smooth surface between the coarse points, no creases or dimples
};

// Seeds 000/001, 002, 003. Side 2^detail+1.
struct DiamondSquareParams {
    int detail = 9;
    std::uint64_t seed = 1;
    float roughness = 0.6f;  // per-level amplitude factor: 1 = rough, 0 = flat
    float amplitude = 1.0f;  // random range of the first level (and of random corners)
    EdgeMode edge = EdgeMode::Clip;
    bool fixedCorners = false;
    std::array<float, 4> corners{};  // NW, NE, SW, SE when fixedCorners (Wrap uses NW for all)
    Interpolation interpolation = Interpolation::Linear;
};
// Corner i (NW, NE, SW, SE) of the map: fixed, or drawn from the seed (wrap: one value for all).
float diamondSquareCorner(const DiamondSquareParams& params, int i);
DiamondSquareParams diamondSquareParams(const Recipe& recipe);
Heightmap diamondSquare(const DiamondSquareParams& params, const GenerateContext& context);
void diamondSquareInto(const DiamondSquareParams& params, const GenerateContext& context, Heightmap& out);
Algorithm diamondSquareAlgorithm();

// Seed 004: square subdivision, spread multiplied by `roughness` (spread reduction) per level.
struct MidpointDisplacementParams {
    int detail = 9;
    std::uint64_t seed = 1;
    float spread = 0.3f;
    float roughness = 0.5f;
    bool clamp = true;  // clamp to [0, 1] after every step, as seed 004 does
    Interpolation interpolation = Interpolation::Linear;
};
// Corner i (NW, NE, SW, SE) of the map: drawn from the seed in [0, 1).
float midpointDisplacementCorner(const MidpointDisplacementParams& params, int i);
MidpointDisplacementParams midpointDisplacementParams(const Recipe& recipe);
Heightmap midpointDisplacement(const MidpointDisplacementParams& params, const GenerateContext& context);
void midpointDisplacementInto(const MidpointDisplacementParams& params, const GenerateContext& context,
                              Heightmap& out);
Algorithm midpointDisplacementAlgorithm();

// Seed 003: the 1-D horizon line, length 2^detail+1, returned as a 1-row map.
struct MidpointLineParams {
    int detail = 9;
    std::uint64_t seed = 1;
    float roughness = 0.5743491f;  // 2^-0.8: seed 003's H = 0.8
    float range = 128.0f;          // value range: displacements are drawn from [-range/2, range/2)
};
MidpointLineParams midpointLineParams(const Recipe& recipe);
Heightmap midpointLine(const MidpointLineParams& params, const GenerateContext& context);
void midpointLineInto(const MidpointLineParams& params, const GenerateContext& context, Heightmap& out);
// The same with a given SIMD kernel variant (level_kernels.h), to test every variant in one process.
void midpointLineIntoWith(const LevelKernels& kernels, const MidpointLineParams& params,
                          const GenerateContext& context, Heightmap& out);
Algorithm midpointLineAlgorithm();

// The Interpolation::Cubic variants (cubic_subdivision.cpp): the same levels, draws and amplitudes,
// with each new point's base value from the 4-point scheme; row-parallel scalar code.
void cubicDiamondSquareInto(const DiamondSquareParams& params, const GenerateContext& context, Heightmap& out);
void cubicMidpointDisplacementInto(const MidpointDisplacementParams& params, const GenerateContext& context,
                                   Heightmap& out);
// The `interpolation` row (linear | cubic) of the diamond-square and midpoint-displacement tables.
ParamSpec interpolationParam();

// Throws InputError naming "window" unless it is a non-empty rectangle inside the map of side
// 2^detail + 1, or "detail" unless detail is in [1, kLatticeDetail].
void checkSampleWindow(SampleWindow window, int detail);
// The window's samples of the map diamondSquare(p) / midpointDisplacement(p) would make, bit for
// bit, computed from the window and a halo of the coarse levels around it only
// (windowed_levels.cpp), so a tile of a map far too big to hold is made on its own. Detail up to
// kLatticeDetail (rng.h). Linear interpolation only (cubic throws InputError naming it).
void diamondSquareWindowInto(const DiamondSquareParams& params, SampleWindow window, const GenerateContext& context,
                             Heightmap& out);
void midpointDisplacementWindowInto(const MidpointDisplacementParams& params, SampleWindow window,
                                    const GenerateContext& context, Heightmap& out);

// 2^detail + 1, the side of a diamond-square or midpoint grid.
inline int sideForDetail(int detail) { return (1 << detail) + 1; }

}  // namespace terrain::core
