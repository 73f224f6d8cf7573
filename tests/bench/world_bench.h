#pragma once
// terrain-bench's world cases: a 4097² tile of a larger world, computed from its halo
// (evaluateStackWindow), against the single-map generator making a 4097² map, interleaved.
namespace terrain::bench {

void registerWorldCases();

}  // namespace terrain::bench
