#include "blur.h"

#include "../parallel.h"
#include "op_support.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace terrain::core {

ExtendedBox::ExtendedBox(double sigmaSamples) {
    sigmaSamples = sigmaSamples > 0.0 ? std::min(sigmaSamples, kMaxBlurSigmaSamples) : 0.0;
    const double v = sigmaSamples * sigmaSamples / kBlurPasses;  // each pass's variance
    l = int(std::floor(0.5 * (std::sqrt(12.0 * v + 1.0) - 1.0)));
    while (double(l + 1) * double(l + 2) / 3.0 <= v) ++l;
    while (l > 0 && double(l) * double(l + 1) / 3.0 > v) --l;
    const double dl = l;
    alpha = (2.0 * dl + 1.0) * (v - dl * (dl + 1.0) / 3.0) / (2.0 * ((dl + 1.0) * (dl + 1.0) - v));
    weight = 1.0 / (2.0 * dl + 1.0 + 2.0 * alpha);
}

namespace {

constexpr int kRowLanes = 32;     // rows blurred together (lanes of one vector loop)
constexpr int kColumnLanes = 32;  // columns blurred together: a strip of 4097 rows is 512 KiB, in L2
constexpr int kHeadroom = 3;      // values within 8 ranges of the origin keep their value

}  // namespace

FixedPoint::FixedPoint(double lo, double range, const ExtendedBox& box) {
    if (!std::isfinite(lo) || !std::isfinite(range) || !(range > 0.0)) {
        lo = 0.0;
        range = 1.0;
    }
    const int bits = 31 - int(std::bit_width(std::uint64_t(2) * std::uint64_t(box.l) + 3));  // |value| < 2^bits
    const int k = std::max(0, bits - kHeadroom);  // steps per range: 2^k
    origin = float(lo);
    step = float(std::ldexp(range, -k));
    inverse = float(std::ldexp(1.0 / range, k));
    bound = float(std::ldexp(1.0, bits)) - 128.0f;  // a float below 2^bits
}

namespace {

// One box pass over n samples of L interleaved lines (src[i·L + lane]) into dst. The running sum
// is exact (integers), so a lane's result depends on nothing but its line's samples within the
// reach: not on where the line starts, which lines share the vector, nor on the thread. The sum
// is weighted in float and truncated to a whole number of steps for the next pass; the last
// pass writes values (Out = float).
template <int L, class Out>
TERRAIN_VECTOR_CLONES void boxPass(const std::int32_t* src, Out* dst, int n, const ExtendedBox& box,
                                   const FixedPoint& fixed) {
    const int l = box.l;
    const float a = float(box.alpha), w = float(box.weight);
    const float origin = fixed.origin, step = fixed.step;
    std::uint32_t s[std::size_t(L)];
    const int inside = std::min(l, n - 1);
    const std::uint32_t before = std::uint32_t(l) + 1u, after = std::uint32_t(l - inside);
    for (int k = 0; k < L; ++k) {
        // The l clamped samples before the first and the first itself, and those past the end.
        s[k] = before * std::uint32_t(src[k]) + after * std::uint32_t(src[(n - 1) * L + k]);
    }
    for (int j = 1; j <= inside; ++j) {
        for (int k = 0; k < L; ++k) s[k] += std::uint32_t(src[j * L + k]);
    }
    const auto at = [n, src](int i) { return src + std::clamp(i, 0, n - 1) * L; };
    for (int i = 0; i < n; ++i) {
        const std::int32_t* lo = at(i - l - 1);
        const std::int32_t* hi = at(i + l + 1);
        const std::int32_t* leaving = at(i - l);
        Out* o = dst + i * L;
        for (int k = 0; k < L; ++k) {
            const float v = w * (float(std::int32_t(s[k])) + a * (float(lo[k]) + float(hi[k])));
            if constexpr (std::is_same_v<Out, float>) {
                o[k] = origin + v * step;
            } else {
                o[k] = std::int32_t(v);
            }
            s[k] += std::uint32_t(hi[k]) - std::uint32_t(leaving[k]);
        }
    }
}

// Values to fixed point (vectorises); beyond the bound (or not a number) held at it (0 for NaN).
TERRAIN_VECTOR_CLONES void toFixed(const float* in, std::int32_t* out, std::size_t count, const FixedPoint& fixed) {
    const float origin = fixed.origin, inverse = fixed.inverse, bound = fixed.bound;
    for (std::size_t i = 0; i < count; ++i) {
        float v = (in[i] - origin) * inverse;
        v = v > bound ? bound : v;
        v = v < -bound ? -bound : v;
        out[i] = v == v ? std::int32_t(v) : 0;
    }
}

// Three passes over the L interleaved lines of n values in `lines`, in place; a and b hold n·L.
template <int L>
void blurLines(float* lines, std::vector<std::int32_t>& a, std::vector<std::int32_t>& b, int n,
               const ExtendedBox& box, const FixedPoint& fixed) {
    toFixed(lines, a.data(), std::size_t(n) * L, fixed);
    boxPass<L>(a.data(), b.data(), n, box, fixed);
    boxPass<L>(b.data(), a.data(), n, box, fixed);
    boxPass<L>(a.data(), lines, n, box, fixed);
}

}  // namespace

void blurMap(const float* in, float* out, int width, int height, const ExtendedBox& box, const FixedPoint& fixed,
             double strength, const GenerateContext& context) {
    const auto row = [width](auto* map, int y) { return map + std::size_t(y) * std::size_t(width); };
    const int threads = threadsForWork(double(width) * double(height), context.threads);

    // Rows: kRowLanes rows at a time, transposed so the lanes are rows; into the output. The
    // parallel loop runs over groups of rows, so each call's buffers serve many groups.
    const int groups = (height + kRowLanes - 1) / kRowLanes;
    constexpr int kTile = 16;  // transposed kTile samples at a time: the lines written stay in L1
    parallelRows(groups, std::min(threads, groups), context, [&](int begin, int end) {
        std::vector<float> lines(std::size_t(width) * kRowLanes, 0.0f);
        std::vector<std::int32_t> a(lines.size()), b(lines.size());
        for (int group = begin; group < end; ++group) {
            const int y0 = group * kRowLanes;
            const int rows = std::min(kRowLanes, height - y0);
            for (int x0 = 0; x0 < width; x0 += kTile) {
                const int x1 = std::min(width, x0 + kTile);
                for (int r = 0; r < rows; ++r) {
                    const float* from = row(in, y0 + r);
                    for (int x = x0; x < x1; ++x) lines[std::size_t(x) * kRowLanes + std::size_t(r)] = from[x];
                }
            }
            blurLines<kRowLanes>(lines.data(), a, b, width, box, fixed);
            for (int x0 = 0; x0 < width; x0 += kTile) {
                const int x1 = std::min(width, x0 + kTile);
                for (int r = 0; r < rows; ++r) {
                    float* to = row(out, y0 + r);
                    for (int x = x0; x < x1; ++x) to[x] = lines[std::size_t(x) * kRowLanes + std::size_t(r)];
                }
            }
        }
    });

    // Columns: strips of kColumnLanes columns, each blurred in buffers that stay in cache, then
    // mixed with the input by strength.
    const int strips = (width + kColumnLanes - 1) / kColumnLanes;
    const float mix = float(strength);
    const bool full = strength >= 1.0;
    parallelRows(strips, std::min(threads, strips), context, [&](int begin, int end) {
        std::vector<float> lines(std::size_t(height) * kColumnLanes, 0.0f);
        std::vector<std::int32_t> a(lines.size()), b(lines.size());
        for (int strip = begin; strip < end; ++strip) {
            const int x0 = strip * kColumnLanes;
            const int columns = std::min(kColumnLanes, width - x0);
            for (int y = 0; y < height; ++y) {
                const float* from = row(out, y) + x0;
                float* to = lines.data() + std::size_t(y) * kColumnLanes;
                if (columns == kColumnLanes) {
                    for (int c = 0; c < kColumnLanes; ++c) to[c] = from[c];  // inline moves, not memmove
                } else {
                    std::copy(from, from + columns, to);
                }
            }
            blurLines<kColumnLanes>(lines.data(), a, b, height, box, fixed);
            for (int y = 0; y < height; ++y) {
                const float* original = row(in, y) + x0;
                const float* blurred = lines.data() + std::size_t(y) * kColumnLanes;
                float* to = row(out, y) + x0;
                if (full && columns == kColumnLanes) {
                    for (int c = 0; c < kColumnLanes; ++c) to[c] = blurred[c];
                } else if (full) {
                    std::copy(blurred, blurred + columns, to);
                } else {
                    for (int c = 0; c < columns; ++c) to[c] = original[c] + mix * (blurred[c] - original[c]);
                }
            }
        }
    });
}

}  // namespace terrain::core
