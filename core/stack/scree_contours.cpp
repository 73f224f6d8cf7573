#include "scree_contours.h"

#include "../parallel.h"
#include "op_support.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace terrain::core {
namespace {

constexpr int kContourPasses = 12;
constexpr float kContourRate = 0.25f;  // of the second difference along the contour, a pass (stable below 1/2)

}  // namespace

void smoothScreeAlongContours(float* heights, const float* rock, int side, const float* tr, float d1, float d2,
                              float slack, const GenerateContext& context) {
    const int n = side;
    const std::size_t cells = std::size_t(n) * std::size_t(n);
    std::vector<float> from(cells);
    const auto at = [&](float x, float y) {  // bilinear in `from`, x and y within [0, n - 1]
        const int x0 = std::min(int(x), n - 2), y0 = std::min(int(y), n - 2);
        const float tx = x - float(x0), ty = y - float(y0);
        const float* r0 = from.data() + std::size_t(y0) * std::size_t(n) + std::size_t(x0);
        const float* r1 = r0 + n;
        const float a = r0[0] + tx * (r0[1] - r0[0]), b = r1[0] + tx * (r1[1] - r1[0]);
        return a + ty * (b - a);
    };
    const auto s = std::ptrdiff_t(n);
    const std::ptrdiff_t around[8] = {-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1};
    const float apart[8] = {d2, d1, d2, d1, d1, d2, d1, d2};
    for (int pass = 0; pass < kContourPasses; ++pass) {
        std::copy_n(heights, cells, from.begin());
        parallelRows(n - 2, threadsForWork(double(cells), context.threads), context, [&](int begin, int end) {
            for (int y = begin + 1; y < end + 1; ++y)
                for (int x = 1; x < n - 1; ++x) {
                    const auto i = std::ptrdiff_t(y) * s + x;
                    const float h = from[std::size_t(i)];
                    if (!(h > rock[i] + slack)) continue;  // rock: cliffs and bare slopes stay
                    const float gx = 0.5f * (from[std::size_t(i + 1)] - from[std::size_t(i - 1)]);
                    const float gy = 0.5f * (from[std::size_t(i + s)] - from[std::size_t(i - s)]);
                    const float len = std::sqrt(gx * gx + gy * gy);
                    if (!(len > 0.0f)) continue;
                    const float tx = -gy / len, ty = gx / len;  // along the contour, one sample
                    const float fx = float(x), fy = float(y);
                    const float along = at(fx + tx, fy + ty) + at(fx - tx, fy - ty) - 2.0f * h;
                    // Room to rise (as the giver to each neighbour) and to fall (as the taker
                    // from each), half of it this sample's.
                    float up = std::numeric_limits<float>::infinity(), down = up;
                    for (int k = 0; k < 8; ++k) {
                        const auto j = std::size_t(i + around[k]);
                        if (from[j] > rock[j] + slack) continue;  // loose: it moves with this one
                        up = std::min(up, 0.5f * (from[j] + tr[i] * apart[k] - h));
                        down = std::min(down, 0.5f * (h - (from[j] - tr[j] * apart[k])));
                    }
                    const float change = kContourRate * along;
                    heights[std::size_t(i)] = h + std::clamp(change, -std::max(down, 0.0f), std::max(up, 0.0f));
                }
        });
    }
}

}  // namespace terrain::core
