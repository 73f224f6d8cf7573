#pragma once
// terrain-bench's erosion cases: each operation on one 4 km world at 1025² and 4097²,
// and against its textbook reference (one thread, one resolution) in the same run.
namespace terrain::bench {

void registerErosionCases();

}  // namespace terrain::bench
