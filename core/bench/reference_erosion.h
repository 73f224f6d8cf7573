#pragma once
// Plain references for the erosion operations, written as the textbook describes them, one
// thread, one resolution: the baselines terrain-bench measures the operations against.
#include "../heightmap.h"

namespace terrain::test {

struct ReferenceThermalResult {
    int iterations = 0;
    double maxExcess = 0.0;  // the largest excess over the talus left, in height units
};

// Thermal erosion after Olsen (2004, "Realtime procedural terrain generation", after Musgrave et
// al. 1989), in place, cell by cell: each cell whose difference to a neighbour exceeds
// T = tan(talus) * distance moves half its largest excess to its lower neighbours, shared in
// proportion to their excesses. Repeats until no excess is above `tolerance` or `maxIterations`.
// Heights and `spacing` in the same unit.
ReferenceThermalResult referenceThermal(core::Heightmap& heights, double spacing, double talus_deg,
                                        double tolerance, int maxIterations);

}  // namespace terrain::test
