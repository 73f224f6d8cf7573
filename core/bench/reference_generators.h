#pragma once
// Plain, readable reference implementations that follow the seed articles step by step. The
// production generators in core/ must match them bit for bit (same draws, same arithmetic).
#include <core/generators/generators.h>

namespace terrain::test {

// Seed 000's Terrain with diamond() and square() per square, breadth-first, with seed 002's
// three edge rules for the missing neighbour.
core::Heightmap referenceDiamondSquare(const core::DiamondSquareParams& params);

// Seed 004's depth-first recursion over squares (middle, then centre, then four sub-squares),
// with an explicit "already set" mask instead of seed 004's "value == 0.0 means unset" bug.
core::Heightmap referenceMidpointDisplacement(const core::MidpointDisplacementParams& params);

// Seed 003's generateLine: levels 1..n, segment offsets, the same "already set" fix.
core::Heightmap referenceMidpointLine(const core::MidpointLineParams& params);

}  // namespace terrain::test
