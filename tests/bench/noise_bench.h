#pragma once
// terrain-bench's noise cases: our fBm against libnoise's Perlin fBm (the only noise
// library Debian ships; a benchmark-only dependency) and warped fBm against plain fBm, each pair
// interleaved in one run.
#include <string>

namespace terrain::bench {

bool isNoise(const std::string& algorithm);
void registerNoiseCases();
// fastnoise2_bench.cpp, built with TERRAIN_FASTNOISE2_DIR only (TERRAIN_HAVE_FASTNOISE2).
void registerFastNoise2Cases();

}  // namespace terrain::bench
