#pragma once
// Numbers that describe one heightmap, for the compare view and `terrain-cli compare`: height
// statistics, a histogram, the slope distribution in degrees, the measured roughness (Hurst
// exponent from the variogram) beside the one the recipe implies, and a crease score for the
// grid-aligned artefacts of square subdivision. Pure functions of the map (and options); no Qt.
//
// Typical use (the editor's compare view, once per panel):
//
//     StatsOptions options;                        // defaults documented below
//     options.histogramRange = commonRange;        // optional: same bins for every panel
//     TerrainStats stats = computeStats(map, options);
//     stats.hurstExpected = expectedHurst(recipe); // what the parameters imply, if anything
//     stats.generationMs = measuredMs;             // timing is the caller's business
//     nlohmann::json j = stats.toJson();
//
// Only finite samples count (NaN and infinities are skipped) so that one bad sample does not turn
// every number into NaN.
#include "../heightmap.h"

#include <cstdint>
#include <optional>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace terrain::core {

struct Recipe;

// Equal-width bins over [lo, hi]. A value equal to hi falls in the last bin. Values outside
// [lo, hi] (possible only with a given range) are counted in `below`/`above`, not in a bin, so a
// common range never hides that a panel overflows it. A flat map (lo == hi) puts every sample in
// bin 0.
struct Histogram {
    double lo = 0.0;
    double hi = 0.0;
    std::vector<std::uint64_t> counts;
    std::uint64_t below = 0;
    std::uint64_t above = 0;

    double binWidth() const;
    std::uint64_t total() const;  // samples in the bins (below/above excluded)
};

// `bins` >= 1. Over the map's own finite min..max, or over [lo, hi] (lo <= hi).
Histogram heightHistogram(const Heightmap& map, int bins);
Histogram heightHistogram(const Heightmap& map, int bins, double lo, double hi);

// How raw heights become a landscape in metres, for slopes. The defaults describe a 513-sample
// map as a 5 km square with 1 km of relief, a typical open-world tile: raw min..max are stretched
// to 0..heightRangeMetres and samples are metresPerPixel apart.
struct SlopeOptions {
    double metresPerPixel = 10.0;
    double heightRangeMetres = 1000.0;
    double walkableDeg = 35.0;  // a common character-controller slope limit
    int bins = 18;              // over 0..90 degrees: 5 degrees a bin by default
    // Raw heights that map to 0 and heightRangeMetres. Default: the map's own finite min..max,
    // so each panel is judged as a landscape of the same relief. Give the common range to judge
    // the raw heights as they are instead.
    std::optional<MinMax> rawRange;
};

// Slope angle in degrees at every sample: atan(|gradient|) with the gradient from central
// differences (one-sided at the borders), in metres per metre. A 1-row map has no y gradient.
Heightmap slopeDegrees(const Heightmap& map, const SlopeOptions& options);

struct SlopeStats {
    Histogram histogram;             // of slopeDegrees over [0, 90]
    double walkableFraction = 0.0;   // share of samples with slope < walkableDeg
    double meanDeg = 0.0;
};
SlopeStats slopeStats(const Heightmap& map, const SlopeOptions& options);

// Crease score: how much sharper the surface bends across the coarse grid lines than elsewhere.
//
// Why: square subdivision (midpoint displacement, and to a lesser degree diamond-square) builds
// the values on the lines x = k * 2^m, y = k * 2^m of its first levels largely from other values
// on the same line, so the two sides of such a line are interpolated towards it independently.
// The slope then jumps across the line: a crease, visible in shaded relief as straight ridges
// and valleys along the coarse grid (seed 002 saw them).
//
// How: the bend across a vertical line at column x is the second difference
//     d2(x, y) = z(x-1, y) - 2 z(x, y) + z(x+1, y)   (the jump in slope from one side to the other)
// and likewise across horizontal lines with y. The score is
//     mean |d2| on the coarse lines  /  mean |d2| on all other interior lines,
// pooled over both directions. The coarse lines are those at multiples of
//     spacing = 2^(floor(log2(extent - 1)) - levels)
// i.e. the lines the first `levels` subdivision levels create (levels = 3 on a 513 map: every 64
// samples, 7 interior lines each way). On a surface whose statistics do not depend on position
// (any real landscape, fBm from spectral synthesis) both means agree and the score is ~1.0; a
// score of 2 means the surface bends twice as sharply on the coarse lines as elsewhere. The
// score is dimensionless and does not change when heights are scaled or offset. Map borders are
// left out (no second difference there). A 1-row map (a line) is scored on its columns alone,
// where a crease is a kink at a coarse point.
struct CreaseScore {
    bool valid = false;        // false when the map is too small for coarse lines (< 2^(levels+1)+1)
    double score = 1.0;        // onLines / elsewhere; 1.0 when the map has no curvature at all
    double onLines = 0.0;      // mean |d2| on the coarse lines
    double elsewhere = 0.0;    // mean |d2| on the other interior lines
    int spacingX = 0;          // coarse line spacing in samples (0: no vertical lines scored)
    int spacingY = 0;          // (0: no horizontal lines scored)
    // The same ratio for the lines each level creates: [0] the middle lines (level 1), [1] the
    // quarter lines (level 2), … . A single strong seam (midpoint displacement's middle line)
    // shows here even when the pooled score averages it with milder lines. 0 for a level with
    // no lines.
    std::vector<double> byLevel;
};
// A perfectly smooth map creased only on the coarse lines would divide by zero; it scores this.
constexpr double kMaxCreaseScore = 1000.0;
CreaseScore creaseScore(const Heightmap& map, int levels = 3);

// The Hurst exponent the recipe's parameters imply, H = -log2(roughness), for the algorithms
// whose per-level amplitude factor is `roughness` (diamond-square, midpoint-displacement,
// midpoint-line). None for other algorithms and for roughness 0 (no detail at all). Midpoint
// displacement clamps to [0, 1] by default, which flattens the extremes: expect it to measure
// lower than implied when much of the map is clamped.
std::optional<double> expectedHurst(const Recipe& recipe);

struct StatsOptions {
    int bins = 32;                          // height histogram bins
    std::optional<MinMax> histogramRange;   // default: the map's own min..max
    SlopeOptions slope;
    int creaseLevels = 3;
    // Variogram lags fitted for the Hurst exponent: [hurstMinLag, hurstMaxLag]. Lag 1 is left out
    // by default: it sees only the last level, where every generator smooths by averaging.
    // hurstMaxLag 0 = automatic:
    // up to 1/8 of the longer side (at least 4), where the finite map size does not yet bend the
    // log-log line.
    int hurstMinLag = 2;
    int hurstMaxLag = 0;
};

struct TerrainStats {
    int width = 0;
    int height = 0;
    std::uint64_t finiteSamples = 0;
    double min = 0.0;
    double max = 0.0;
    double mean = 0.0;
    double stddev = 0.0;  // population standard deviation (divides by the sample count)
    Histogram histogram;
    SlopeStats slope;
    double walkableDeg = 35.0;         // the angle walkableFraction used
    double metresPerPixel = 10.0;      // the scale slopes used
    double heightRangeMetres = 1000.0;
    std::optional<double> hurst;          // measured; none for flat or tiny maps
    std::optional<double> hurstExpected;  // set by the caller from expectedHurst(recipe)
    CreaseScore crease;
    std::optional<double> generationMs;   // set by the caller, who timed the generation

    // Stable field names (the CLI's --stats file and the docs rely on them): min, max, mean,
    // stddev, histogram {lo, hi, counts, below, above}, slope_histogram (same shape, degrees),
    // walkable_fraction, walkable_deg, mean_slope_deg, metres_per_pixel, height_range_m, hurst,
    // hurst_expected, crease_score, crease {on_lines, elsewhere, spacing_x, spacing_y, by_level},
    // generation_ms, width, height. Unknown values (no Hurst, no crease score, no timing) are null.
    nlohmann::json toJson() const;
};

TerrainStats computeStats(const Heightmap& map, const StatsOptions& options = {});

}  // namespace terrain::core
