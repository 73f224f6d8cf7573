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

namespace {

// Slopes one row at a time, so slopeStats needs no second full-size grid (a 16385^2 map is 1 GB).
class SlopeRows {
public:
    SlopeRows(const Heightmap& map, const SlopeOptions& options) : m_map(map) {
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
        m_perStep = toMetres / options.metresPerPixel;
    }

    // Central differences, one-sided at the borders (still exact on a plane); non-finite
    // samples count as 0.
    void compute(int y, float* out) const {
        const int w = m_map.width(), h = m_map.height();
        const int ya = std::max(0, y - 1), yb = std::min(h - 1, y + 1);
        const float* north = m_map.row(ya);
        const float* here = m_map.row(y);
        const float* south = m_map.row(yb);
        const double ky = yb > ya ? m_perStep / double(yb - ya) : 0.0;
        auto value = [](float v) { return std::isfinite(v) ? double(v) : 0.0; };
        for (int x = 0; x < w; ++x) {
            const int xa = std::max(0, x - 1), xb = std::min(w - 1, x + 1);
            const double gx = xb > xa ? (value(here[xb]) - value(here[xa])) * m_perStep / double(xb - xa) : 0.0;
            const double gy = (value(south[x]) - value(north[x])) * ky;
            out[x] = float(std::atan(std::sqrt(gx * gx + gy * gy)) * kDegPerRad);
        }
    }

private:
    const Heightmap& m_map;
    double m_perStep = 0.0;  // metres of rise per raw unit of difference per sample step
};

}  // namespace

Heightmap slopeDegrees(const Heightmap& map, const SlopeOptions& options) {
    Heightmap out(map.width(), map.height());
    if (map.empty()) return out;
    const SlopeRows slopes(map, options);
    for (int y = 0; y < map.height(); ++y) slopes.compute(y, out.row(y));
    return out;
}

SlopeStats slopeStats(const Heightmap& map, const SlopeOptions& options) {
    SlopeStats s;
    s.histogram = emptyHistogram(options.bins, 0.0, 90.0);
    if (map.empty()) return s;
    const SlopeRows slopes(map, options);
    std::vector<float> row(std::size_t(map.width()));
    std::uint64_t walkable = 0;
    double sum = 0.0;
    for (int y = 0; y < map.height(); ++y) {
        slopes.compute(y, row.data());
        for (const float deg : row) {
            addToHistogram(s.histogram, deg);
            if (deg < options.walkableDeg) ++walkable;
            sum += deg;
        }
    }
    s.walkableFraction = double(walkable) / double(map.sampleCount());
    s.meanDeg = sum / double(map.sampleCount());
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
