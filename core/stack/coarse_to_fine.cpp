#include "coarse_to_fine.h"

#include <algorithm>
#include <cstddef>

namespace terrain::core {

namespace {

// The midpoint of p0 and p1 on the cubic through pm, p0, p1 and p2, held between p0 and p1.
float midpoint(float pm, float p0, float p1, float p2) {
    const float m = (9.0f * (p0 + p1) - (pm + p2)) * 0.0625f;
    return std::clamp(m, std::min(p0, p1), std::max(p0, p1));
}

}  // namespace

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
    const auto change = [&](int x, int y) {
        x = std::clamp(x, 0, cs - 1);
        return after.row(y)[x] - before.row(y)[x];
    };
    // Along each coarse row first, at every fine column.
    std::vector<float> rows(std::size_t(cs) * std::size_t(fs));
    for (int cy = 0; cy < cs; ++cy) {
        float* r = rows.data() + std::size_t(cy) * std::size_t(fs);
        for (int x = 0; x < fs; ++x) {
            const int cx = x / 2;
            r[x] = x % 2 == 0 ? change(cx, cy) : midpoint(change(cx - 1, cy), change(cx, cy), change(cx + 1, cy), change(cx + 2, cy));
        }
    }
    // Then down the columns.
    const auto along = [&](int cy) { return rows.data() + std::size_t(std::clamp(cy, 0, cs - 1)) * std::size_t(fs); };
    for (int y = 0; y < fine.side; ++y) {
        const int cy = y / 2;
        float* row = fine.row(y);
        if (y % 2 == 0) {
            const float* r = along(cy);
            for (int x = 0; x < fs; ++x) row[x] += r[x];
        } else {
            const float *rm = along(cy - 1), *r0 = along(cy), *r1 = along(cy + 1), *r2 = along(cy + 2);
            for (int x = 0; x < fs; ++x) row[x] += midpoint(rm[x], r0[x], r1[x], r2[x]);
        }
    }
}

}  // namespace terrain::core
