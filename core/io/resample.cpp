#include "resample.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "../errors.h"

namespace terrain::core {

namespace {

// Catmull-Rom weights for the four taps around a fractional position t in [0, 1).
void cubicWeights(double t, double w[4]) {
    const double t2 = t * t, t3 = t2 * t;
    w[0] = -0.5 * t3 + t2 - 0.5 * t;
    w[1] = 1.5 * t3 - 2.5 * t2 + 1.0;
    w[2] = -1.5 * t3 + 2.0 * t2 + 0.5 * t;
    w[3] = 0.5 * t3 - 0.5 * t2;
}

struct Taps {
    int index[4];
    double weight[4];
};

// The source position of output i: i x (sourceSize - 1) / (targetSize - 1), corner-aligned.
double stepOf(int sourceSize, int targetSize) {
    return targetSize > 1 ? double(sourceSize - 1) / double(targetSize - 1) : 0.0;
}

// For outputs first .. first + count - 1, the 4 source taps (clamped to the edge, then made
// relative to `offset`) and their weights.
std::vector<Taps> tapsFor(int sourceSize, int targetSize, int first, int count, int offset) {
    std::vector<Taps> taps(static_cast<std::size_t>(count));
    const double step = stepOf(sourceSize, targetSize);
    for (int n = 0; n < count; ++n) {
        const double pos = double(first + n) * step;
        const int base = static_cast<int>(std::floor(pos));
        Taps& t = taps[static_cast<std::size_t>(n)];
        cubicWeights(pos - double(base), t.weight);
        for (int k = 0; k < 4; ++k) {
            t.index[k] = std::clamp(base - 1 + k, 0, sourceSize - 1) - offset;
        }
    }
    return taps;
}

}  // namespace

ResizeMode parseResizeMode(const std::string& text, const std::string& field) {
    if (text == "bicubic") return ResizeMode::Bicubic;
    if (text == "crop") return ResizeMode::Crop;
    throw InputError(field, text, "bicubic or crop");
}

OutputSize parseOutputSize(const std::string& text, const std::string& field) {
    const std::string allowed = "WxH with whole numbers from 2 to " +
                                std::to_string(kMaxOutputSide) + " (e.g. 1009x1009)";
    const auto x = text.find('x');
    if (x == std::string::npos) throw InputError(field, text, allowed);
    OutputSize size;
    const char* begin = text.data();
    const char* end = text.data() + text.size();
    auto [p1, e1] = std::from_chars(begin, begin + x, size.width);
    auto [p2, e2] = std::from_chars(begin + x + 1, end, size.height);
    if (x == 0 || e1 != std::errc() || p1 != begin + x || e2 != std::errc() || p2 != end ||
        size.width < 2 || size.height < 2 || size.width > kMaxOutputSide ||
        size.height > kMaxOutputSide) {
        throw InputError(field, text, allowed);
    }
    return size;
}

Span bicubicSpan(int sourceSize, int targetSize, int first, int count) {
    const double step = stepOf(sourceSize, targetSize);
    const int lo = static_cast<int>(std::floor(double(first) * step)) - 1;
    const int hi = static_cast<int>(std::floor(double(first + count - 1) * step)) + 2;
    return {std::clamp(lo, 0, sourceSize - 1), std::clamp(hi, 0, sourceSize - 1)};
}

Heightmap resizeBicubic(const Heightmap& map, int width, int height) {
    return resizeBicubicWindow(map, 0, 0, map.width(), map.height(), width, height, 0, 0, width,
                               height);
}

Heightmap resizeBicubicWindow(const Heightmap& part, int px0, int py0, int sourceWidth,
                              int sourceHeight, int outWidth, int outHeight, int x0, int y0,
                              int width, int height) {
    checkGridFits("the resized map", width, height);
    const Span sx = bicubicSpan(sourceWidth, outWidth, x0, width);
    const Span sy = bicubicSpan(sourceHeight, outHeight, y0, height);
    if (sx.first < px0 || sy.first < py0 || sx.last >= px0 + part.width() ||
        sy.last >= py0 + part.height()) {
        throw std::logic_error("resizeBicubicWindow: the part does not hold every tap");
    }
    Heightmap out(width, height);
    const auto tx = tapsFor(sourceWidth, outWidth, x0, width, px0);
    const auto ty = tapsFor(sourceHeight, outHeight, y0, height, py0);
    std::vector<double> rows(static_cast<std::size_t>(width) * 4);
    for (int y = 0; y < height; ++y) {
        const Taps& vy = ty[static_cast<std::size_t>(y)];
        // Horizontal pass over the four source rows this output row needs, then vertical.
        for (int k = 0; k < 4; ++k) {
            const float* src = part.row(vy.index[k]);
            for (int x = 0; x < width; ++x) {
                const Taps& hx = tx[static_cast<std::size_t>(x)];
                double sum = 0.0;
                for (int j = 0; j < 4; ++j) sum += hx.weight[j] * double(src[hx.index[j]]);
                rows[static_cast<std::size_t>(k * width + x)] = sum;
            }
        }
        float* dst = out.row(y);
        for (int x = 0; x < width; ++x) {
            double sum = 0.0;
            for (int k = 0; k < 4; ++k) {
                sum += vy.weight[k] * rows[static_cast<std::size_t>(k * width + x)];
            }
            dst[x] = static_cast<float>(sum);
        }
    }
    return out;
}

namespace {

// Output sample i of a corner-aligned resize from `source` to `target` samples: its first source
// sample, the next (clamped) and the weight of the next.
struct BilinearTap {
    int first = 0, next = 0;
    float weight = 0.0f;
};
BilinearTap bilinearTap(int source, int target, int i) {
    const double f = target > 1 ? double(i) * double(source - 1) / double(target - 1) : 0.0;
    const int first = std::min(int(f), source - 1);
    return {first, std::min(first + 1, source - 1), float(f - first)};
}

}  // namespace

Span bilinearSpan(int sourceSize, int targetSize, int first, int count) {
    return {bilinearTap(sourceSize, targetSize, first).first, bilinearTap(sourceSize, targetSize, first + count - 1).next};
}

Heightmap resizeBilinear(const Heightmap& map, int width, int height) {
    return resizeBilinearWindow(map, 0, 0, map.width(), map.height(), width, height, 0, 0, width, height);
}

Heightmap resizeBilinearWindow(const Heightmap& part, int px0, int py0, int sourceWidth, int sourceHeight,
                               int outWidth, int outHeight, int x0, int y0, int width, int height) {
    checkGridFits("the resized weights", width, height);
    const Span sx = bilinearSpan(sourceWidth, outWidth, x0, width), sy = bilinearSpan(sourceHeight, outHeight, y0, height);
    if (sx.first < px0 || sy.first < py0 || sx.last >= px0 + part.width() || sy.last >= py0 + part.height()) {
        throw std::logic_error("resizeBilinearWindow: the part does not hold the samples the window reads");
    }
    Heightmap out = Heightmap::uninitialized(width, height);
    std::vector<BilinearTap> columns(static_cast<std::size_t>(width));
    for (int x = 0; x < width; ++x) columns[std::size_t(x)] = bilinearTap(sourceWidth, outWidth, x0 + x);
    for (int y = 0; y < height; ++y) {
        const BilinearTap ty = bilinearTap(sourceHeight, outHeight, y0 + y);
        const float v = ty.weight;
        const float* r0 = part.row(ty.first - py0);
        const float* r1 = part.row(ty.next - py0);
        float* row = out.row(y);
        for (int x = 0; x < width; ++x) {
            const BilinearTap& tx = columns[std::size_t(x)];
            const int a = tx.first - px0, b = tx.next - px0;
            const float u = tx.weight;
            row[x] = (r0[a] * (1 - u) + r0[b] * u) * (1 - v) + (r1[a] * (1 - u) + r1[b] * u) * v;
        }
    }
    return out;
}

Heightmap cropCentre(const Heightmap& map, int width, int height, const std::string& field) {
    if (width > map.width() || height > map.height()) {
        throw InputError(field, std::to_string(width) + "x" + std::to_string(height),
                         "at most the map's size " + std::to_string(map.width()) + "x" +
                             std::to_string(map.height()) + " when cropping (use " +
                             FieldText::settings({{field::kResize, "bicubic"}}) +
                             " to enlarge)");
    }
    return copyWindow(map, (map.width() - width) / 2, (map.height() - height) / 2, width, height);
}

}  // namespace terrain::core
