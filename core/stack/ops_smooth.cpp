// smooth: a Gaussian-like blur with a radius in metres, O(1) per sample at any radius: three
// passes of an extended box filter (Gwosdek, Grewenig, Bruhn, Weickert 2011, "Theoretical
// foundations of Gaussian convolution by extended box filtering") along rows, then along
// columns. Running sums; edges clamp (the edge sample repeats outwards).
//
// The running sums are exact: heights are whole multiples of a fixed step (FixedPoint) held in
// integers, so adding and removing them never rounds and a sample's sum is the same whichever
// sample the line started from. Each sample's output then depends only on the samples within
// the filter's reach and its parameters, which is what lets a world tile (issue 14) compute it
// on the tile grown by that reach and equal the whole map bit for bit.
#include "ops.h"

#include "../errors.h"
#include "op_support.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace terrain::core {
namespace {

struct SmoothParams {
    double radius_m = 30.0;
    double strength = 1.0;
};

constexpr int kPasses = 3;
constexpr int kRowLanes = 32;     // rows blurred together (lanes of one vector loop)
constexpr int kColumnLanes = 32;  // columns blurred together: a strip of 4097 rows is 512 KiB, in L2

// One pass: integer half-width l plus a fraction alpha of the next sample on each side, so the
// three passes together have variance sigma^2 exactly for any real sigma.
struct ExtendedBox {
    int l = 0;
    double alpha = 0.0;
    double weight = 1.0;  // 1 / (2l + 1 + 2 alpha)

    explicit ExtendedBox(double sigmaSamples) {
        const double v = sigmaSamples * sigmaSamples / kPasses;  // each pass's variance
        l = int(std::floor(0.5 * (std::sqrt(12.0 * v + 1.0) - 1.0)));
        while (double(l + 1) * double(l + 2) / 3.0 <= v) ++l;
        while (l > 0 && double(l) * double(l + 1) / 3.0 > v) --l;
        const double dl = l;
        alpha = (2.0 * dl + 1.0) * (v - dl * (dl + 1.0) / 3.0) / (2.0 * ((dl + 1.0) * (dl + 1.0) - v));
        weight = 1.0 / (2.0 * dl + 1.0 + 2.0 * alpha);
    }
    // How far out the three passes read, in samples.
    int reach() const { return kPasses * (l + 1); }
};

// Heights as whole numbers of `step` raw units above `origin` in 32-bit integers, the step a
// fixed fraction of the world's height range: integer running sums never round, so a sample's
// sum is the same whichever sample its line starts from. A pass adds 2l + 3 values; each is held
// within 2^kHeadroom height ranges of the origin and the step is chosen so that such a sum stays
// below 2^31 (the running sum itself wraps modulo 2^32, which leaves every window's sum exact).
// The step depends only on the filter (l) and the world's height range, never on the map's
// values, so a tile and the whole map use the same one: 2^-22 of the range for the 30 m default
// at 1 m a sample (l = 28), 2^-19 at 200 m (l = 198), 2^-16 at 2 km, 2^-12 at 20 km.
constexpr int kHeadroom = 3;  // heights within 8 ranges of the range's low end keep their value
struct FixedPoint {
    float origin = 0.0f, step = 1.0f, inverse = 1.0f, bound = 1.0f;

    FixedPoint(const HeightScale& heights, const ExtendedBox& box) {
        double lo = heights.toRaw(heights.loMetres);
        double range = std::abs(heights.toRaw(heights.hiMetres) - lo);
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
};

// One box pass over n samples of L interleaved lines (src[i·L + lane]) into dst. The running sum
// is exact (integers), so a lane's result depends on nothing but its line's samples within the
// reach: not on where the line starts, which lines share the vector, nor on the thread. The sum
// is weighted in float and truncated to a whole number of steps for the next pass; the last
// pass writes heights (Out = float).
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

// Heights to fixed point (vectorises); beyond the bound (or not a number) held at it (0 for NaN).
TERRAIN_VECTOR_CLONES void toFixed(const float* in, std::int32_t* out, std::size_t count, const FixedPoint& fixed) {
    const float origin = fixed.origin, inverse = fixed.inverse, bound = fixed.bound;
    for (std::size_t i = 0; i < count; ++i) {
        float v = (in[i] - origin) * inverse;
        v = v > bound ? bound : v;
        v = v < -bound ? -bound : v;
        out[i] = v == v ? std::int32_t(v) : 0;
    }
}

// Three passes over the L interleaved lines of n heights in `lines`, in place; a and b hold n·L.
template <int L>
void blurLines(float* lines, std::vector<std::int32_t>& a, std::vector<std::int32_t>& b, int n,
               const ExtendedBox& box, const FixedPoint& fixed) {
    toFixed(lines, a.data(), std::size_t(n) * L, fixed);
    boxPass<L>(a.data(), b.data(), n, box, fixed);
    boxPass<L>(b.data(), a.data(), n, box, fixed);
    boxPass<L>(a.data(), lines, n, box, fixed);
}

// The widest blur, in samples: wider than any line of a 65537² map, and the fixed-point step
// there is still 2^-10 of the height range (a tiny spacing could otherwise make l overflow).
constexpr double kMaxSigmaSamples = 65536.0;

// The blur's sigma in samples, or 0 when the entry changes nothing.
double sigmaOf(const SmoothParams& p, double metresPerSample) {
    const double sigma = std::min(p.radius_m / metresPerSample, kMaxSigmaSamples);
    return p.strength == 0.0 || !(sigma > 0.0) ? 0.0 : sigma;
}

void runSmooth(const SmoothParams& p, const OpCall& call) {
    const double sigma = sigmaOf(p, call.metresPerSample);
    if (sigma == 0.0) {
        copyInput(call);  // nothing to do: the same bytes
        return;
    }
    const ExtendedBox box(sigma);
    const FixedPoint fixed(call.heights, box);
    const int width = call.input.width();
    const int height = call.input.height();
    const int threads = threadsForWork(double(call.input.sampleCount()), call.context.threads);

    // Rows: kRowLanes rows at a time, transposed so the lanes are rows; into the output. The
    // parallel loop runs over groups of rows, so each call's buffers serve many groups.
    const int groups = (height + kRowLanes - 1) / kRowLanes;
    constexpr int kTile = 16;  // transposed kTile samples at a time: the lines written stay in L1
    parallelRows(groups, std::min(threads, groups), call.context, [&](int begin, int end) {
        std::vector<float> lines(std::size_t(width) * kRowLanes, 0.0f);
        std::vector<std::int32_t> a(lines.size()), b(lines.size());
        for (int group = begin; group < end; ++group) {
            const int y0 = group * kRowLanes;
            const int rows = std::min(kRowLanes, height - y0);
            for (int x0 = 0; x0 < width; x0 += kTile) {
                const int x1 = std::min(width, x0 + kTile);
                for (int r = 0; r < rows; ++r) {
                    const float* in = call.input.row(y0 + r);
                    for (int x = x0; x < x1; ++x) lines[std::size_t(x) * kRowLanes + std::size_t(r)] = in[x];
                }
            }
            blurLines<kRowLanes>(lines.data(), a, b, width, box, fixed);
            for (int x0 = 0; x0 < width; x0 += kTile) {
                const int x1 = std::min(width, x0 + kTile);
                for (int r = 0; r < rows; ++r) {
                    float* out = call.output.row(y0 + r);
                    for (int x = x0; x < x1; ++x) out[x] = lines[std::size_t(x) * kRowLanes + std::size_t(r)];
                }
            }
        }
    });

    // Columns: strips of kColumnLanes columns, each blurred in buffers that stay in cache, then
    // mixed with the input by strength.
    const int strips = (width + kColumnLanes - 1) / kColumnLanes;
    const float strength = float(p.strength);
    const bool full = p.strength >= 1.0;
    parallelRows(strips, std::min(threads, strips), call.context, [&](int begin, int end) {
        std::vector<float> lines(std::size_t(height) * kColumnLanes, 0.0f);
        std::vector<std::int32_t> a(lines.size()), b(lines.size());
        for (int strip = begin; strip < end; ++strip) {
            const int x0 = strip * kColumnLanes;
            const int columns = std::min(kColumnLanes, width - x0);
            for (int y = 0; y < height; ++y) {
                const float* row = call.output.row(y) + x0;
                float* to = lines.data() + std::size_t(y) * kColumnLanes;
                if (columns == kColumnLanes) {
                    for (int c = 0; c < kColumnLanes; ++c) to[c] = row[c];  // inline moves, not memmove
                } else {
                    std::copy(row, row + columns, to);
                }
            }
            blurLines<kColumnLanes>(lines.data(), a, b, height, box, fixed);
            for (int y = 0; y < height; ++y) {
                const float* in = call.input.row(y) + x0;
                const float* blurred = lines.data() + std::size_t(y) * kColumnLanes;
                float* out = call.output.row(y) + x0;
                if (full && columns == kColumnLanes) {
                    for (int c = 0; c < kColumnLanes; ++c) out[c] = blurred[c];
                } else if (full) {
                    std::copy(blurred, blurred + columns, out);
                } else {
                    for (int c = 0; c < columns; ++c) out[c] = in[c] + strength * (blurred[c] - in[c]);
                }
            }
        }
    });
}

}  // namespace

OpType smoothOpType() {
    ParamTable<SmoothParams> table;
    table.add({"radius", "Radius", "m", ParamKind::Real, 0.0, 100000.0, 1.0, 30.0,
               "The blur's standard deviation in metres: features much smaller than this are smoothed away", {}},
              [](SmoothParams& p, double v) { p.radius_m = v; })
        .add({"strength", "Strength", "", ParamKind::Real, 0.0, 1.0, 0.01, 1.0,
              "How much of the blurred map replaces the input (0 = none, 1 = all)", {}},
             [](SmoothParams& p, double v) { p.strength = v; });
    OpType type = makeOpType<SmoothParams>("smooth", "Smooth",
                                           "Gaussian-like blur with a radius in metres, at the same cost for any radius",
                                           table, runSmooth);
    // Reads 3 (l + 1) samples out each way; exact sums make that all it depends on.
    type.halo = [table](const std::map<std::string, double>& values, double metresPerSample) {
        const double sigma = sigmaOf(table.bind(values), metresPerSample);
        return sigma == 0.0 ? 0 : ExtendedBox(sigma).reach();
    };
    return type;
}

}  // namespace terrain::core
