#pragma once
// terrain-bench's layout cases: a busy layout (20 roads of 50 points, 20 areas, 20 stamps, a
// stroke of 5,000 samples) and one whose items are all in a corner, evaluated on a 4097² map,
// against the fill floor (a parallel copy of the map) in the same run.
namespace terrain::bench {

void registerLayoutCases();

}  // namespace terrain::bench
