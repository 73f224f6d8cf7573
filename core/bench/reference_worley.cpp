#include "reference_worley.h"

#include "../generators/generators.h"

#include <algorithm>
#include <cmath>

namespace terrain::test {

void referenceWorleyInto(const core::WorleyParams& p, double metresPerSample, core::Heightmap& out, int window) {
    const int side = core::sideForDetail(p.detail);
    out.reshapeUninitialized(side, side);
    const double span = double(side - 1);
    std::int64_t period = 0;
    if (p.wrap) period = std::max<std::int64_t>(1, std::llround(span * metresPerSample / p.cellSize_m));
    const auto position = [&](int v) {
        return period > 0 ? double(v) * double(period) / span : (double(v) * metresPerSample) * (1.0 / p.cellSize_m);
    };
    const auto wrapped = [&](std::int64_t c) {
        if (period == 0) return std::uint32_t(c);
        const std::int64_t m = c % period;
        return std::uint32_t(m < 0 ? m + period : m);
    };
    std::vector<core::CellOffset> all, lists[2][2];
    for (int dy = -window; dy <= window; ++dy)
        for (int dx = -window; dx <= window; ++dx) all.push_back({dx, dy});
    for (int r = 0; r < 2; ++r)
        for (int l = 0; l < 2; ++l)
            lists[r][l] = window > 0 ? all
                                     : core::worleyCandidates(p.metric, p.output != core::WorleyOutput::F1, p.jitter,
                                                              r == 1, l == 1);
    const std::uint32_t key = core::worleyKey(p.seed);
    for (int y = 0; y < side; ++y) {
        const double ty = position(y), cy = std::floor(ty);
        const float fy = float(ty - cy);
        for (int x = 0; x < side; ++x) {
            const double tx = position(x), cx = std::floor(tx);
            const float fx = float(tx - cx);
            float f1 = 3.0e38f, f2 = 3.0e38f;
            for (const core::CellOffset o : lists[fx >= 0.5f ? 1 : 0][fy >= 0.5f ? 1 : 0]) {
                const core::CellPoint pt = core::worleyPoint(key, wrapped(std::int64_t(cx) + o.dx),
                                                             wrapped(std::int64_t(cy) + o.dy), p.jitter);
                const float dx = (float(o.dx) + pt.x) - fx, dy = (float(o.dy) + pt.y) - fy;
                float d = 0.0f;
                switch (p.metric) {
                    case core::WorleyMetric::Euclidean: d = dx * dx + dy * dy; break;
                    case core::WorleyMetric::Manhattan: d = std::fabs(dx) + std::fabs(dy); break;
                    case core::WorleyMetric::Chebyshev: d = std::max(std::fabs(dx), std::fabs(dy)); break;
                }
                if (d < f1) {
                    f2 = f1;
                    f1 = d;
                } else if (d < f2) {
                    f2 = d;
                }
            }
            if (p.metric == core::WorleyMetric::Euclidean) {
                f1 = std::sqrt(f1);
                f2 = std::sqrt(f2);
            }
            const float v = p.output == core::WorleyOutput::F1 ? f1 : p.output == core::WorleyOutput::F2 ? f2 : f2 - f1;
            out.at(x, y) = p.invert ? -v : v;
        }
    }
}

}  // namespace terrain::test
