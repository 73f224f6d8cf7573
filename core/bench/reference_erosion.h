#pragma once
// Plain references for the erosion operations, written as the textbook describes them, one
// thread, one resolution: the baselines terrain-bench measures the operations against.
#include "../heightmap.h"

#include <cstdint>

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

namespace terrain::test {

// Beyer's (2015) droplet erosion as the paper and the common implementations write it: one drop
// after another on one thread, in double, the erosion brush's weights computed at each step.
// The same physics and world units as hydraulic-erosion (rates per metre, volumes over the cells'
// areas), so the two do comparable work. `heights` in metres.
struct ReferenceDropletParams {
    double spacing = 1.0, rain = 1.0, erosion = 0.3, deposition = 0.3, capacity = 4.0, inertia = 0.05;
    double dropWidth = 3.0, lifetime = 30.0, evaporation = 0.01;
    std::uint64_t seed = 1;
};
void referenceDroplets(core::Heightmap& heights, const ReferenceDropletParams& params);

}  // namespace terrain::test
