#include "coarse_to_fine.h"

#include <algorithm>

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

}  // namespace terrain::core
