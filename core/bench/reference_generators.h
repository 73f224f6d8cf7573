#pragma once
// Plain, readable reference implementations that follow the seed articles step by step. The
// production generators in core/ must match them bit for bit (same draws, same arithmetic); the
// tests check that, and the benchmarks measure the production kernels against them. Each draw is
// hashed at the point's world-lattice position (core/rng.h), the map coordinate shifted to a fixed
// finest level, and each level's amplitude counts levels from the top (the lattice rule: detail
// is resolution, not shape). They live
// beside the benchmark harness (not in terrain_core) because `terrain-cli bench` runs them too.
#include "../generators/generators.h"

namespace terrain::test {

// Seed 000's Terrain with diamond() and square() per square, breadth-first, with seed 002's
// three edge rules for the missing neighbour.
core::Heightmap referenceDiamondSquare(const core::DiamondSquareParams& params);
void referenceDiamondSquareInto(const core::DiamondSquareParams& params, core::Heightmap& out);

// Seed 004's depth-first recursion over squares (middle, then centre, then four sub-squares),
// with an explicit "already set" mask instead of seed 004's "value == 0.0 means unset" bug.
core::Heightmap referenceMidpointDisplacement(const core::MidpointDisplacementParams& params);
void referenceMidpointDisplacementInto(const core::MidpointDisplacementParams& params, core::Heightmap& out);

// Seed 003's generateLine: levels 1..n, segment offsets, the same "already set" fix.
core::Heightmap referenceMidpointLine(const core::MidpointLineParams& params);
void referenceMidpointLineInto(const core::MidpointLineParams& params, core::Heightmap& out);

}  // namespace terrain::test
