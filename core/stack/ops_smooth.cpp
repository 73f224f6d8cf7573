// smooth: a Gaussian-like blur with a radius in metres, O(1) per sample at any radius: three
// passes of an extended box filter (Gwosdek, Grewenig, Bruhn, Weickert 2011, "Theoretical
// foundations of Gaussian convolution by extended box filtering") along rows, then along
// columns. Running sums; edges clamp (the edge sample repeats outwards).
#include "ops.h"

#include "../errors.h"
#include "op_support.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace terrain::core {
namespace {

struct SmoothParams {
    double radius_m = 30.0;
    double strength = 1.0;
};

constexpr int kPasses = 3;
constexpr int kRowLanes = 32;    // rows blurred together (lanes of one vector loop)
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
};

// One box pass over n samples of L interleaved lines (src[i·L + lane]) into dst. The running sum
// is kept per lane in float, of the samples minus the line's first sample (so it holds relief,
// not absolute height: its rounding stays near 1e-6 of the relief over 16385 samples), and is
// started from the line's own samples, so a lane's result depends on nothing but its line: not on
// which lines share the vector, nor on the thread. The weights sum to 1, so the offset adds back.
template <int L>
TERRAIN_VECTOR_CLONES void boxPass(const float* src, float* dst, int n, const ExtendedBox& box) {
    const int l = box.l;
    const float a = float(box.alpha), w = float(box.weight);
    float ref[std::size_t(L)], s[std::size_t(L)];
    const int inside = std::min(l, n - 1);
    const float after = float(l - inside);
    for (int k = 0; k < L; ++k) {
        ref[k] = src[k];
        s[k] = after * (src[(n - 1) * L + k] - ref[k]);  // the clamped samples past the end
    }
    for (int j = 1; j <= inside; ++j) {  // j = 0 and the l samples before it add nothing
        for (int k = 0; k < L; ++k) s[k] += src[j * L + k] - ref[k];
    }
    const auto at = [n, src](int i) { return src + std::clamp(i, 0, n - 1) * L; };
    for (int i = 0; i < n; ++i) {
        const float* lo = at(i - l - 1);
        const float* hi = at(i + l + 1);
        const float* leaving = at(i - l);
        float* o = dst + i * L;
        for (int k = 0; k < L; ++k) {
            const float h = hi[k] - ref[k];
            o[k] = ref[k] + w * (s[k] + a * ((lo[k] - ref[k]) + h));
            s[k] += h - (leaving[k] - ref[k]);
        }
    }
}

// Three passes from a (overwritten) into b.
template <int L>
void blurLines(std::vector<float>& a, std::vector<float>& b, int n, const ExtendedBox& box) {
    boxPass<L>(a.data(), b.data(), n, box);
    boxPass<L>(b.data(), a.data(), n, box);
    boxPass<L>(a.data(), b.data(), n, box);
}

void runSmooth(const SmoothParams& p, const OpCall& call) {
    const double sigma = p.radius_m / call.metresPerSample;
    if (p.strength == 0.0 || !(sigma > 0.0)) {
        copyInput(call);  // nothing to do: the same bytes
        return;
    }
    const ExtendedBox box(sigma);
    const int width = call.input.width();
    const int height = call.input.height();
    const int threads = threadsForWork(double(call.input.sampleCount()), call.context.threads);

    // Rows: kRowLanes rows at a time, transposed so the lanes are rows; into the output. The
    // parallel loop runs over groups of rows, so each call's buffers serve many groups.
    const int groups = (height + kRowLanes - 1) / kRowLanes;
    constexpr int kTile = 16;  // transposed kTile samples at a time: the lines written stay in L1
    parallelRows(groups, std::min(threads, groups), call.context, [&](int begin, int end) {
        std::vector<float> a(std::size_t(width) * kRowLanes, 0.0f), b(a.size());
        for (int group = begin; group < end; ++group) {
            const int y0 = group * kRowLanes;
            const int rows = std::min(kRowLanes, height - y0);
            for (int x0 = 0; x0 < width; x0 += kTile) {
                const int x1 = std::min(width, x0 + kTile);
                for (int r = 0; r < rows; ++r) {
                    const float* in = call.input.row(y0 + r);
                    for (int x = x0; x < x1; ++x) a[std::size_t(x) * kRowLanes + std::size_t(r)] = in[x];
                }
            }
            blurLines<kRowLanes>(a, b, width, box);
            for (int x0 = 0; x0 < width; x0 += kTile) {
                const int x1 = std::min(width, x0 + kTile);
                for (int r = 0; r < rows; ++r) {
                    float* out = call.output.row(y0 + r);
                    for (int x = x0; x < x1; ++x) out[x] = b[std::size_t(x) * kRowLanes + std::size_t(r)];
                }
            }
        }
    });

    // Columns: strips of kColumnLanes columns, each blurred in a buffer that stays in cache, then
    // mixed with the input by strength.
    const int strips = (width + kColumnLanes - 1) / kColumnLanes;
    const float strength = float(p.strength);
    const bool full = p.strength >= 1.0;
    parallelRows(strips, std::min(threads, strips), call.context, [&](int begin, int end) {
        std::vector<float> a(std::size_t(height) * kColumnLanes, 0.0f), b(a.size());
        for (int strip = begin; strip < end; ++strip) {
            const int x0 = strip * kColumnLanes;
            const int columns = std::min(kColumnLanes, width - x0);
            for (int y = 0; y < height; ++y) {
                const float* row = call.output.row(y) + x0;
                float* to = a.data() + std::size_t(y) * kColumnLanes;
                if (columns == kColumnLanes) {
                    for (int c = 0; c < kColumnLanes; ++c) to[c] = row[c];  // inline moves, not memmove
                } else {
                    std::copy(row, row + columns, to);
                }
            }
            blurLines<kColumnLanes>(a, b, height, box);
            for (int y = 0; y < height; ++y) {
                const float* in = call.input.row(y) + x0;
                const float* blurred = b.data() + std::size_t(y) * kColumnLanes;
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
    return makeOpType<SmoothParams>("smooth", "Smooth",
                                    "Gaussian-like blur with a radius in metres, at the same cost for any radius",
                                    table, runSmooth);
}

}  // namespace terrain::core
