#pragma once
// terrain-bench's noise cases: our fBm against libnoise's Perlin fBm (the only noise
// library Debian ships; a benchmark-only dependency) and warped fBm against plain fBm, each pair
// interleaved in one run.
#include <string>

namespace terrain::bench {

bool isNoise(const std::string& algorithm);
void registerNoiseCases();

}  // namespace terrain::bench
