#include "variogram.h"

#include <algorithm>
#include <cmath>

namespace terrain::core {

std::vector<VariogramPoint> variogram(const Heightmap& map, int maxLag) {
    std::vector<VariogramPoint> out;
    const int w = map.width(), h = map.height();
    for (int lag = 1; lag <= maxLag && (lag < w || lag < h); lag *= 2) {
        double sum = 0.0;
        std::size_t count = 0;
        for (int y = 0; y < h; ++y) {
            const float* row = map.row(y);
            for (int x = 0; x + lag < w; ++x) {
                const double d = double(row[x + lag]) - double(row[x]);
                sum += d * d;
            }
            count += std::size_t(std::max(0, w - lag));
            if (y + lag < h) {
                const float* below = map.row(y + lag);
                for (int x = 0; x < w; ++x) {
                    const double d = double(below[x]) - double(row[x]);
                    sum += d * d;
                }
                count += std::size_t(w);
            }
        }
        if (count > 0) out.push_back({lag, sum / double(count)});
    }
    return out;
}

HurstEstimate estimateHurst(const Heightmap& map, int minLag, int maxLag) {
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int n = 0;
    for (const auto& p : variogram(map, maxLag)) {
        if (p.lag < minLag || p.gamma <= 0.0) continue;
        const double x = std::log2(double(p.lag)), y = std::log2(p.gamma);
        sx += x, sy += y, sxx += x * x, sxy += x * y;
        ++n;
    }
    HurstEstimate e;
    if (n < 2) return e;
    const double denom = n * sxx - sx * sx;
    if (denom == 0.0) return e;
    e.slope = (n * sxy - sx * sy) / denom;
    e.hurst = e.slope / 2.0;
    e.valid = true;
    return e;
}

}  // namespace terrain::core
