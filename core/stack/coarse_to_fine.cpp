#include "coarse_to_fine.h"

#include "../parallel.h"

#include <algorithm>
#include <cstddef>

namespace terrain::core {

LevelMap subsampleLevel(const Heightmap& map, int stride) {
    LevelMap g;
    g.side = (map.width() - 1) / stride + 1;
    g.h.resize(std::size_t(g.side) * std::size_t(g.side));
    for (int y = 0; y < g.side; ++y)
        for (int x = 0; x < g.side; ++x) g.row(y)[x] = map.row(y * stride)[x * stride];
    return g;
}

std::vector<float> subdivideAlongRows(const LevelMap& coarse, const GenerateContext& context) {
    const int cs = coarse.side, fs = 2 * cs - 1;
    // At every fine column: a sample on a coarse one is (1, 6, 1) / 8 of it and its two
    // neighbours, one between two is their mean; the border's own samples are kept (the rivers'
    // outlets).
    std::vector<float> rows(std::size_t(cs) * std::size_t(fs));
    parallelRows(cs, threadsForWork(double(cs) * fs, context.threads), context, [&](int begin, int end) {
        for (int cy = begin; cy < end; ++cy) {
            const float* c = coarse.row(cy);
            float* r = rows.data() + std::size_t(cy) * std::size_t(fs);
            for (int x = 0; x < fs; ++x) {
                const int cx = x / 2;
                if (x % 2 == 1) {
                    r[x] = (c[cx] + c[cx + 1]) * 0.5f;
                } else if (cx == 0 || cx == cs - 1) {
                    r[x] = c[cx];
                } else {
                    r[x] = (c[cx - 1] + 6.0f * c[cx] + c[cx + 1]) * 0.125f;
                }
            }
        }
    });
    return rows;
}

void subdivideAcross(const std::vector<float>& rows, int coarseSide, int y, float* out) {
    const int cs = coarseSide, fs = 2 * cs - 1, cy = y / 2;
    const auto along = [&](int k) { return rows.data() + std::size_t(k) * std::size_t(fs); };
    if (y % 2 == 0 && (cy == 0 || cy == cs - 1)) {
        std::copy_n(along(cy), fs, out);
    } else if (y % 2 == 0) {
        const float *rm = along(cy - 1), *r0 = along(cy), *r1 = along(cy + 1);
        for (int x = 0; x < fs; ++x) out[x] = (rm[x] + 6.0f * r0[x] + r1[x]) * 0.125f;
    } else {
        const float *r0 = along(cy), *r1 = along(cy + 1);
        for (int x = 0; x < fs; ++x) out[x] = (r0[x] + r1[x]) * 0.5f;
    }
}

void addSmoothChange(LevelMap& fine, const LevelMap& after, const LevelMap& before, const GenerateContext& context) {
    LevelMap change;
    change.side = after.side;
    change.h.resize(after.h.size());
    for (std::size_t i = 0; i < change.h.size(); ++i) change.h[i] = after.h[i] - before.h[i];
    const std::vector<float> rows = subdivideAlongRows(change, context);
    parallelRows(fine.side, threadsForWork(double(fine.h.size()), context.threads), context, [&](int begin, int end) {
        std::vector<float> c(std::size_t(fine.side));
        for (int y = begin; y < end; ++y) {
            subdivideAcross(rows, change.side, y, c.data());
            float* row = fine.row(y);
            for (int x = 0; x < fine.side; ++x) row[x] += c[std::size_t(x)];
        }
    });
}

}  // namespace terrain::core
