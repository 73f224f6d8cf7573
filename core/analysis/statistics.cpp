#include "statistics.h"

#include "../recipe.h"
#include "variogram.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
#include <limits>
#include <cmath>
#include <numbers>

namespace terrain::core {
namespace {

constexpr double kDegPerRad = 180.0 / std::numbers::pi;

struct Moments {
    std::uint64_t count = 0;
    double min = 0.0;
    double max = 0.0;
    double mean = 0.0;
    double stddev = 0.0;
};

Moments moments(const Heightmap& map) {
    Moments m;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    // Sum first, then squared deviations from the mean: two passes keep the variance accurate
    // for maps with a large offset (sum of squares minus square of sums would cancel).
    double sum = 0.0;
    for (const float v : map.samples()) {
        if (!std::isfinite(v)) continue;
        lo = std::min(lo, double(v));
        hi = std::max(hi, double(v));
        sum += v;
        ++m.count;
    }
    if (m.count == 0) return m;
    m.min = lo;
    m.max = hi;
    m.mean = sum / double(m.count);
    double squares = 0.0;
    for (const float v : map.samples()) {
        if (!std::isfinite(v)) continue;
        const double d = double(v) - m.mean;
        squares += d * d;
    }
    m.stddev = std::sqrt(squares / double(m.count));
    return m;
}

void addToHistogram(Histogram& h, double v) {
    const auto bins = h.counts.size();
    if (v < h.lo) {
        ++h.below;
        return;
    }
    if (v > h.hi) {
        ++h.above;
        return;
    }
    std::size_t bin = 0;
    if (h.hi > h.lo) {
        const double t = (v - h.lo) / (h.hi - h.lo) * double(bins);
        bin = std::min(bins - 1, std::size_t(t));
    }
    ++h.counts[bin];
}

Histogram emptyHistogram(int bins, double lo, double hi) {
    Histogram h;
    h.lo = lo;
    h.hi = hi;
    h.counts.assign(std::size_t(std::max(1, bins)), 0);
    return h;
}

int floorLog2(int v) { return int(std::bit_width(unsigned(v))) - 1; }

// Coarse line spacing for an axis of `extent` samples, or 0 when the axis is too short to have
// coarse lines with other lines between them.
int coarseSpacing(int extent, int levels) {
    if (extent < 3) return 0;
    const int shift = floorLog2(extent - 1) - levels;
    return shift >= 1 ? (1 << shift) : 0;
}

struct CurvatureSums {
    explicit CurvatureSums(int levels) : levelSums(std::size_t(levels), 0.0), levelCounts(std::size_t(levels), 0) {}

    double onLines = 0.0;
    std::uint64_t onCount = 0;
    double elsewhere = 0.0;
    std::uint64_t elseCount = 0;
    std::vector<double> levelSums;
    std::vector<std::uint64_t> levelCounts;

    // Line `index` on an axis with coarse `spacing` (0: no coarse lines on this axis).
    void add(int index, int spacing, double value, std::uint64_t count) {
        if (spacing == 0 || index % spacing != 0) {
            elsewhere += value;
            elseCount += count;
            return;
        }
        onLines += value;
        onCount += count;
        // k = index / spacing in 1 .. 2^levels - 1: its trailing zero bits say which level made it
        // (the middle line has the most).
        const int levels = int(levelSums.size());
        const int level = std::max(0, levels - 1 - std::countr_zero(unsigned(index / spacing)));
        levelSums[std::size_t(level)] += value;
        levelCounts[std::size_t(level)] += count;
    }
};

}  // namespace

double Histogram::binWidth() const {
    return counts.empty() ? 0.0 : (hi - lo) / double(counts.size());
}

std::uint64_t Histogram::total() const {
    std::uint64_t sum = 0;
    for (const auto c : counts) sum += c;
    return sum;
}

Histogram heightHistogram(const Heightmap& map, int bins, double lo, double hi) {
    Histogram h = emptyHistogram(bins, lo, hi);
    for (const float v : map.samples()) {
        if (std::isfinite(v)) addToHistogram(h, v);
    }
    return h;
}

Histogram heightHistogram(const Heightmap& map, int bins) {
    const Moments m = moments(map);
    return heightHistogram(map, bins, m.min, m.max);
}

Heightmap slopeDegrees(const Heightmap& map, const SlopeOptions& options) {
    const int w = map.width(), h = map.height();
    Heightmap out(w, h);
    if (map.empty()) return out;
    MinMax range;
    if (options.rawRange) {
        range = *options.rawRange;
    } else {
        const Moments m = moments(map);
        range = {float(m.min), float(m.max)};
    }
    // Metres per raw unit; a flat range has no relief, so every slope is 0.
    const double span = double(range.max) - double(range.min);
    const double toMetres = span > 0.0 ? options.heightRangeMetres / span : 0.0;
    auto z = [&](int x, int y) {
        const float v = map.at(x, y);
        return std::isfinite(v) ? double(v) * toMetres : 0.0;
    };
    // d/dx with central differences, one-sided at the borders (still exact on a plane).
    auto derivative = [&](int i, int n, auto sample) {
        if (n < 2) return 0.0;
        const int a = std::max(0, i - 1), b = std::min(n - 1, i + 1);
        return (sample(b) - sample(a)) / (double(b - a) * options.metresPerPixel);
    };
    for (int y = 0; y < h; ++y) {
        float* row = out.row(y);
        for (int x = 0; x < w; ++x) {
            const double gx = derivative(x, w, [&](int i) { return z(i, y); });
            const double gy = derivative(y, h, [&](int i) { return z(x, i); });
            row[x] = float(std::atan(std::hypot(gx, gy)) * kDegPerRad);
        }
    }
    return out;
}

SlopeStats slopeStats(const Heightmap& map, const SlopeOptions& options) {
    SlopeStats s;
    s.histogram = emptyHistogram(options.bins, 0.0, 90.0);
    const Heightmap slopes = slopeDegrees(map, options);
    std::uint64_t walkable = 0;
    double sum = 0.0;
    for (const float deg : slopes.samples()) {
        addToHistogram(s.histogram, deg);
        if (deg < options.walkableDeg) ++walkable;
        sum += deg;
    }
    if (!slopes.empty()) {
        s.walkableFraction = double(walkable) / double(slopes.sampleCount());
        s.meanDeg = sum / double(slopes.sampleCount());
    }
    return s;
}

CreaseScore creaseScore(const Heightmap& map, int levels) {
    CreaseScore result;
    const int w = map.width(), h = map.height();
    // A 1-row map has no horizontal lines to score.
    result.spacingX = coarseSpacing(w, levels);
    result.spacingY = h > 1 ? coarseSpacing(h, levels) : 0;
    if (result.spacingX == 0 && result.spacingY == 0) return result;

    auto bend = [](float a, float b, float c) {
        const double d = double(a) - 2.0 * double(b) + double(c);
        return std::isfinite(d) ? std::abs(d) : 0.0;
    };
    CurvatureSums sums(std::max(1, levels));
    if (result.spacingX > 0) {
        // Across vertical lines: accumulate per column, rows in storage order.
        std::vector<double> columnSums(std::size_t(w), 0.0);
        for (int y = 0; y < h; ++y) {
            const float* row = map.row(y);
            for (int x = 1; x + 1 < w; ++x) columnSums[std::size_t(x)] += bend(row[x - 1], row[x], row[x + 1]);
        }
        for (int x = 1; x + 1 < w; ++x) {
            sums.add(x, result.spacingX, columnSums[std::size_t(x)], std::uint64_t(h));
        }
    }
    if (result.spacingY > 0) {
        for (int y = 1; y + 1 < h; ++y) {
            const float* north = map.row(y - 1);
            const float* here = map.row(y);
            const float* south = map.row(y + 1);
            double sum = 0.0;
            for (int x = 0; x < w; ++x) sum += bend(north[x], here[x], south[x]);
            sums.add(y, result.spacingY, sum, std::uint64_t(w));
        }
    }
    if (sums.onCount == 0 || sums.elseCount == 0) return result;
    result.valid = true;
    result.onLines = sums.onLines / double(sums.onCount);
    result.elsewhere = sums.elsewhere / double(sums.elseCount);
    auto ratio = [&](double on) {
        if (result.elsewhere > 0.0) return std::min(kMaxCreaseScore, on / result.elsewhere);
        return on > 0.0 ? kMaxCreaseScore : 1.0;
    };
    result.score = ratio(result.onLines);
    for (std::size_t i = 0; i < sums.levelSums.size(); ++i) {
        const auto n = sums.levelCounts[i];
        result.byLevel.push_back(n > 0 ? ratio(sums.levelSums[i] / double(n)) : 0.0);
    }
    return result;
}

std::optional<double> expectedHurst(const Recipe& recipe) {
    static const char* const kRoughnessFactor[] = {"diamond-square", "midpoint-displacement",
                                                   "midpoint-line"};
    if (std::find(std::begin(kRoughnessFactor), std::end(kRoughnessFactor), recipe.algorithm) ==
        std::end(kRoughnessFactor)) {
        return std::nullopt;
    }
    const auto it = recipe.params.find("roughness");
    if (it == recipe.params.end() || !(it->second > 0.0)) return std::nullopt;
    return hurstFromRoughness(it->second);
}

TerrainStats computeStats(const Heightmap& map, const StatsOptions& options) {
    TerrainStats s;
    s.width = map.width();
    s.height = map.height();
    const Moments m = moments(map);
    s.finiteSamples = m.count;
    s.min = m.min;
    s.max = m.max;
    s.mean = m.mean;
    s.stddev = m.stddev;
    s.histogram = options.histogramRange
                      ? heightHistogram(map, options.bins, options.histogramRange->min,
                                        options.histogramRange->max)
                      : heightHistogram(map, options.bins, m.min, m.max);
    s.slope = slopeStats(map, options.slope);
    s.walkableDeg = options.slope.walkableDeg;
    s.metresPerPixel = options.slope.metresPerPixel;
    s.heightRangeMetres = options.slope.heightRangeMetres;

    int maxLag = options.hurstMaxLag;
    if (maxLag <= 0) maxLag = std::max(4, std::max(s.width, s.height) / 8);
    const HurstEstimate hurst = estimateHurst(map, std::max(1, options.hurstMinLag), maxLag);
    if (hurst.valid && std::isfinite(hurst.hurst)) s.hurst = hurst.hurst;

    s.crease = creaseScore(map, options.creaseLevels);
    return s;
}

namespace {

nlohmann::json histogramJson(const Histogram& h) {
    return {{"lo", h.lo}, {"hi", h.hi}, {"counts", h.counts}, {"below", h.below}, {"above", h.above}};
}

template <typename T>
nlohmann::json orNull(const std::optional<T>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

}  // namespace

nlohmann::json TerrainStats::toJson() const {
    nlohmann::json j;
    j["width"] = width;
    j["height"] = height;
    j["min"] = min;
    j["max"] = max;
    j["mean"] = mean;
    j["stddev"] = stddev;
    j["histogram"] = histogramJson(histogram);
    j["slope_histogram"] = histogramJson(slope.histogram);
    j["walkable_fraction"] = slope.walkableFraction;
    j["walkable_deg"] = walkableDeg;
    j["mean_slope_deg"] = slope.meanDeg;
    j["metres_per_pixel"] = metresPerPixel;
    j["height_range_m"] = heightRangeMetres;
    j["hurst"] = orNull(hurst);
    j["hurst_expected"] = orNull(hurstExpected);
    j["crease_score"] = crease.valid ? nlohmann::json(crease.score) : nlohmann::json(nullptr);
    j["crease"] = {{"on_lines", crease.onLines},
                   {"elsewhere", crease.elsewhere},
                   {"spacing_x", crease.spacingX},
                   {"spacing_y", crease.spacingY},
                   {"by_level", crease.byLevel}};
    j["generation_ms"] = orNull(generationMs);
    return j;
}

}  // namespace terrain::core
