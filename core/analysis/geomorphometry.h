#pragma once
// Geomorphometry: the numbers that tell eroded relief from noise, in world units, for
// `terrain-cli analyze` and the realism targets of docs/erosion.md. Each measure is a standard one
// of the literature (references in docs/erosion.md, "Measuring relief"); all are pure functions of
// a height field in metres and its sample spacing. No Qt, no threads: the same numbers everywhere.
//
// Typical use:
//
//     ReliefSurface surface{metres, 30.0, 30.0};   // heights in metres, 30 m between samples
//     Geomorphometry g = measureRelief(surface, {});
//     nlohmann::json j = g.toJson();
//
// Drainage is routed once and shared by the measures that need it: a priority flood (Barnes,
// Lehman and Mulla 2014) from the border (and the sea, when a sea level is given) fills closed
// depressions; every cell drains to its steepest strictly lower 8-neighbour on the filled surface
// (D8, O'Callaghan and Mark 1984), a filled or flat cell to the cell whose flood reached it.
#include "../heightmap.h"

#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace terrain::core {

// A height field in metres with the spacing of its samples in metres (x: between columns, west to
// east; y: between rows, north to south). Geographic DEMs have different spacings.
struct ReliefSurface {
    const Heightmap& metres;
    double spacingX_m = 1.0;
    double spacingY_m = 1.0;
};

// How the slope-area fit sums up the slopes of one bin of drainage area.
enum class SlopeStatistic {
    Median,  // robust to single spikes; a bin more than half flat is left out
    Mean,    // TopoToolbox's slopearea default: the bin's average gradient (flat cells and steps
             // of a DEM in whole metres average to the river's slope; a rough channel floor, a few
             // steep steps between gentle reaches, measures steeper than its median)
};

struct GeomorphOptions {
    // The hillslope scale of the curvature skew: the second differences span about this far.
    double curvatureScale_m = 150.0;
    // Drainage area from which a cell counts as a channel, for the slope-area fit and the
    // drainage density (0.1 km²: a first-order stream at 30-90 m spacing).
    double channelArea_m2 = 1e5;
    SlopeStatistic slopeStatistic = SlopeStatistic::Median;
    // A cell counts as in a closed depression when filling raises it by more than this: the
    // depth an integer DEM's rounding can make (1 m steps) leaves single-cell dents out.
    double minDepressionDepth_m = 1.0;
    // Cells at or below are sea: outlets like the border, and left out of every measure.
    std::optional<double> seaLevel_m;
    // Slopes gentler than this have no reliable direction (a 1 m step over 3 samples at 30 m is
    // 0.6 degrees); they are left out of the grid-preference measure.
    double minAspectSlopeDeg = 2.0;
};

struct SlopeAreaFit {
    // log10 S = intercept - concavity * log10 A over log-spaced bins of A (0.1 decade) from the
    // channel area up, each bin's median (or mean) slope (a flat channel cell counts as 0, a cell
    // in a filled basin not at all); bins with fewer than 5 cells or a statistic of 0 are left out.
    double concavity = 0.0;     // theta in S = ks A^-theta
    double correlation = 0.0;   // Pearson r of the binned log S against log A (negative: falls)
    double steepness = 0.0;     // ks = 10^intercept (m^(2 theta))
    int bins = 0;
    double areaMin_m2 = 0.0, areaMax_m2 = 0.0;  // the span of A fitted
};

struct Geomorphometry {
    int width = 0, height = 0;
    double spacingX_m = 1.0, spacingY_m = 1.0;
    std::size_t landCells = 0;           // cells above the sea level (all without one)
    double minMetres = 0.0, maxMetres = 0.0;

    // Share of land cells that filling raises by more than minDepressionDepth_m: area in closed
    // basins. Real landscapes: a few percent; noise: tens of percent.
    double depressionShare = 0.0;
    double depressionVolume_m3 = 0.0;    // what filling adds, over all land cells
    // Hack/Flint's law; none when fewer than 5 bins of channel cells have a slope.
    std::optional<SlopeAreaFit> slopeArea;
    // Skewness of the convexity (minus the Laplacian) at curvatureScale_m: positive when crests
    // are sharper than valley floors are (sharp ridges, broad flat floors), negative for
    // V-grooved valleys between rounded ridges; 0 for noise. None on a map too small for the scale.
    std::optional<double> curvatureSkew;
    double curvatureScaleX_m = 0.0, curvatureScaleY_m = 0.0;  // the spans used (whole samples)
    // Density of slope directions (Horn's gradient) within 2 degrees of the grid's axes and
    // diagonals over their density elsewhere: 1 = no preference, 2 = twice as many cells face a
    // grid direction as face any other. None when fewer than 1000 cells have a direction.
    std::optional<double> gridPreference;
    // Hypsometric integral (Strahler 1952): (mean - min) / (max - min) of the land heights.
    double hypsometricIntegral = 0.0;
    // Channel length per area (km per km²): D8 flow paths of the channel cells, over land area.
    double drainageDensity_perKm = 0.0;

    // Stable field names for `terrain-cli analyze --json` and the docs' tables.
    nlohmann::json toJson(const GeomorphOptions& options) const;
};

// The figures as lines of text, one measure a line ("  closed depressions    3.80 % of the land
// deeper than 1.00 m after filling", …), as `terrain-cli analyze` prints them and the editor's
// Measure Relief window shows them.
std::string reliefReport(const Geomorphometry& m, const GeomorphOptions& options);

// Throws InputError naming the spacing when it is not a finite number > 0, and SizeError when the
// working memory (about 24 bytes a cell) does not fit; a map with no finite land cell measures as
// empty (all shares 0, no fits).
Geomorphometry measureRelief(const ReliefSurface& surface, const GeomorphOptions& options = {});

}  // namespace terrain::core
