#include "coarse_to_fine.h"

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

void addInterpolatedChange(LevelMap& fine, const LevelMap& after, const LevelMap& before) {
    const int cs = after.side;
    const auto change = [&](int x, int y) { return after.row(y)[x] - before.row(y)[x]; };
    for (int y = 0; y < fine.side; ++y) {
        const int cy = y / 2, cy1 = std::min(cy + 1, cs - 1);
        const bool oddY = y % 2 == 1;
        float* row = fine.row(y);
        for (int x = 0; x < fine.side; ++x) {
            const int cx = x / 2, cx1 = std::min(cx + 1, cs - 1);
            const bool oddX = x % 2 == 1;
            float c = change(cx, cy);
            if (oddX && oddY) {
                c = ((c + change(cx1, cy)) + (change(cx, cy1) + change(cx1, cy1))) * 0.25f;
            } else if (oddX) {
                c = (c + change(cx1, cy)) * 0.5f;
            } else if (oddY) {
                c = (c + change(cx, cy1)) * 0.5f;
            }
            row[x] += c;
        }
    }
}

void addSmoothChange(LevelMap& fine, const LevelMap& after, const LevelMap& before) {
    const int cs = after.side, fs = fine.side;
    const auto change = [&](int x, int y) { return after.row(y)[x] - before.row(y)[x]; };
    // Along each coarse row first, at every fine column: a sample on a coarse one is (1, 6, 1) / 8
    // of it and its two neighbours, one between two is their mean; the border's own samples are
    // kept (the rivers' outlets).
    std::vector<float> rows(std::size_t(cs) * std::size_t(fs));
    for (int cy = 0; cy < cs; ++cy) {
        float* r = rows.data() + std::size_t(cy) * std::size_t(fs);
        for (int x = 0; x < fs; ++x) {
            const int cx = x / 2;
            if (x % 2 == 1) {
                r[x] = (change(cx, cy) + change(cx + 1, cy)) * 0.5f;
            } else if (cx == 0 || cx == cs - 1) {
                r[x] = change(cx, cy);
            } else {
                r[x] = (change(cx - 1, cy) + 6.0f * change(cx, cy) + change(cx + 1, cy)) * 0.125f;
            }
        }
    }
    // Then down the columns, alike.
    const auto along = [&](int cy) { return rows.data() + std::size_t(cy) * std::size_t(fs); };
    for (int y = 0; y < fine.side; ++y) {
        const int cy = y / 2;
        float* row = fine.row(y);
        if (y % 2 == 0 && (cy == 0 || cy == cs - 1)) {
            const float* r0 = along(cy);
            for (int x = 0; x < fs; ++x) row[x] += r0[x];
        } else if (y % 2 == 0) {
            const float *rm = along(cy - 1), *r0 = along(cy), *r1 = along(cy + 1);
            for (int x = 0; x < fs; ++x) row[x] += (rm[x] + 6.0f * r0[x] + r1[x]) * 0.125f;
        } else {
            const float *r0 = along(cy), *r1 = along(cy + 1);
            for (int x = 0; x < fs; ++x) row[x] += (r0[x] + r1[x]) * 0.5f;
        }
    }
}

}  // namespace terrain::core
