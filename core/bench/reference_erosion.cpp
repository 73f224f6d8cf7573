#include "reference_erosion.h"

#include <algorithm>
#include <cmath>

namespace terrain::test {

ReferenceThermalResult referenceThermal(core::Heightmap& h, double spacing, double talus_deg, double tolerance,
                                        int maxIterations) {
    constexpr double kPi = 3.14159265358979323846;
    const double t1 = std::tan(talus_deg * kPi / 180.0) * spacing, t2 = t1 * std::sqrt(2.0);
    const int w = h.width(), ht = h.height();
    ReferenceThermalResult result;
    for (int it = 0; it < maxIterations; ++it) {
        double worst = 0.0;
        for (int y = 0; y < ht; ++y) {
            for (int x = 0; x < w; ++x) {
                double excess[8] = {}, total = 0.0, largest = 0.0;
                int k = 0;
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) {
                        if (dx == 0 && dy == 0) continue;
                        const int nx = x + dx, ny = y + dy;
                        double d = 0.0;
                        if (nx >= 0 && nx < w && ny >= 0 && ny < ht)
                            d = double(h.at(x, y)) - h.at(nx, ny) - (dx != 0 && dy != 0 ? t2 : t1);
                        excess[k++] = d > 0.0 ? d : 0.0;
                        total += excess[k - 1];
                        largest = std::max(largest, excess[k - 1]);
                    }
                worst = std::max(worst, largest);
                if (largest <= 0.0) continue;
                const double move = 0.5 * largest;
                k = 0;
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) {
                        if (dx == 0 && dy == 0) continue;
                        if (excess[k] > 0.0) h.at(x + dx, y + dy) += float(move * excess[k] / total);
                        ++k;
                    }
                h.at(x, y) -= float(move);
            }
        }
        result.iterations = it + 1;
        result.maxExcess = worst;
        if (worst <= tolerance) break;
    }
    return result;
}

}  // namespace terrain::test
