#pragma once
// The variogram of a height field and the Hurst exponent it implies. For fractional Brownian
// surfaces gamma(d) = E[(z(p + d) - z(p))^2] grows as d^(2H); diamond-square with per-level
// factor r has H = -log2(r).
#include "../heightmap.h"

#include <vector>

namespace terrain::core {

struct VariogramPoint {
    int lag = 0;            // distance in samples (along rows and columns)
    double gamma = 0.0;     // mean squared height difference at that lag
};

// Lags 1, 2, 4, … up to maxLag (clipped to the map), along x and y together.
std::vector<VariogramPoint> variogram(const Heightmap& map, int maxLag);

struct HurstEstimate {
    double hurst = 0.0;  // half the least-squares slope of log gamma against log lag
    double slope = 0.0;
    bool valid = false;  // false for flat or too small maps
};

// Fits lags in [minLag, maxLag].
HurstEstimate estimateHurst(const Heightmap& map, int minLag, int maxLag);

}  // namespace terrain::core
