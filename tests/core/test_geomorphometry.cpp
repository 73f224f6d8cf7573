// The relief measures on surfaces whose answers are known: a cone, planes, a concave valley
// profile built to a slope-area law, a ridge and a V-valley, a field of pits.
#include <core/analysis/geomorphometry.h>
#include <core/errors.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <functional>
#include <numbers>

namespace terrain::core {
namespace {

Heightmap surfaceOf(int w, int h, const std::function<double(int, int)>& z) {
    Heightmap map(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) map.at(x, y) = float(z(x, y));
    return map;
}

TEST(Geomorphometry, AConesHypsometricIntegralIsPiOver12AndItHasNoGridPreference) {
    // z = R - r inside the inscribed circle, 0 outside: mean = (pi R^2 R / 3) / (2R)^2 = pi R / 12.
    const int n = 401;
    const double c = 200.0, radius = 200.0;
    const Heightmap cone = surfaceOf(n, n, [&](int x, int y) {
        return std::max(0.0, radius - std::hypot(double(x) - c, double(y) - c));
    });
    const Geomorphometry m = measureRelief({cone, 10.0, 10.0});
    EXPECT_NEAR(m.hypsometricIntegral, std::numbers::pi / 12.0, 0.005);
    EXPECT_EQ(m.depressionShare, 0.0);
    ASSERT_TRUE(m.gridPreference.has_value());
    EXPECT_NEAR(*m.gridPreference, 1.0, 0.1);
}

TEST(Geomorphometry, APyramidFacesOnlyTheGridsAxes) {
    const int n = 201;
    const Heightmap pyramid = surfaceOf(n, n, [&](int x, int y) {
        return 100.0 - std::max(std::abs(x - 100), std::abs(y - 100));
    });
    const Geomorphometry m = measureRelief({pyramid, 10.0, 10.0});
    ASSERT_TRUE(m.gridPreference.has_value());
    EXPECT_GT(*m.gridPreference, 20.0);
}

TEST(Geomorphometry, APlaneHasNoDepressionsNoConcavityAndAHalfHypsometricIntegral) {
    const Heightmap plane = surfaceOf(300, 200, [](int x, int) { return 2.0 * x; });
    const Geomorphometry m = measureRelief({plane, 30.0, 30.0});
    EXPECT_EQ(m.depressionShare, 0.0);
    EXPECT_EQ(m.depressionVolume_m3, 0.0);
    EXPECT_NEAR(m.hypsometricIntegral, 0.5, 1e-6);
    ASSERT_TRUE(m.slopeArea.has_value());
    EXPECT_NEAR(m.slopeArea->concavity, 0.0, 1e-9);  // the slope is the same at every area
    ASSERT_TRUE(m.curvatureSkew.has_value());
    EXPECT_EQ(*m.curvatureSkew, 0.0);
}

// Heights along x of a river draining west whose cell x gathers the w - 1 - x cells east of it
// (A = (w - 1 - x) dx², at least one cell): S = ks A^-theta exactly.
std::vector<double> lawProfile(int w, double dx, double ks, double theta) {
    std::vector<double> profile(std::size_t(w), 0.0);
    for (int x = 1; x < w; ++x) {
        const double area = double(std::max(1, w - 1 - x)) * dx * dx;
        profile[std::size_t(x)] = profile[std::size_t(x - 1)] + dx * ks * std::pow(area, -theta);
    }
    return profile;
}

TEST(Geomorphometry, AProfileBuiltToTheSlopeAreaLawMeasuresItsConcavity) {
    // Every row drains west along x; a cell's area is the cells from it to the east border's
    // (outlet) neighbour: A(x) = (w - 1 - x) dx dy. Heights climb so that S = ks A^-theta exactly.
    const int w = 600, h = 40;
    const double dx = 30.0, ks = 100.0, theta = 0.45;
    const std::vector<double> profile = lawProfile(w, dx, ks, theta);
    const Heightmap valley = surfaceOf(w, h, [&](int x, int) { return profile[std::size_t(x)]; });
    GeomorphOptions options;
    options.channelArea_m2 = 10 * dx * dx;
    const Geomorphometry m = measureRelief({valley, dx, dx}, options);
    ASSERT_TRUE(m.slopeArea.has_value());
    EXPECT_NEAR(m.slopeArea->concavity, theta, 0.02);
    EXPECT_LT(m.slopeArea->correlation, -0.99);
    EXPECT_NEAR(std::log10(m.slopeArea->steepness), std::log10(ks), 0.1);
    EXPECT_GE(m.slopeArea->bins, 15);
}

TEST(Geomorphometry, AProfileInWholeMetresMeasuresTheConcavityItWasBuiltTo) {
    // The law's profile, gentle (ks = 4: 5 m of drop per cell at the head, 0.2 m at the mouth),
    // rounded to whole metres as DEMs are stored: towards the mouth most cells are flat and a few
    // step down by 1 m. Their flat cells are the river's slope as much as the steps are, and the
    // mean of a bin's slopes (TopoToolbox's statistic) is the average gradient over its reach. One
    // row between high walls, so a flat reach drains along the river, not out through the side.
    const int w = 1500, h = 3;
    const double dx = 30.0, ks = 4.0, theta = 0.45;
    const std::vector<double> profile = lawProfile(w, dx, ks, theta);
    const Heightmap valley = surfaceOf(w, h, [&](int x, int y) {
        return std::round(profile[std::size_t(x)]) + (y == 1 ? 0.0 : 1000.0);
    });
    GeomorphOptions options;
    options.channelArea_m2 = 10 * dx * dx;
    options.slopeStatistic = SlopeStatistic::Mean;
    const Geomorphometry m = measureRelief({valley, dx, dx}, options);
    ASSERT_TRUE(m.slopeArea.has_value());
    EXPECT_NEAR(m.slopeArea->concavity, theta, 0.03);
    EXPECT_LT(m.slopeArea->correlation, -0.99);
    EXPECT_GE(m.slopeArea->bins, 15);
}

TEST(Geomorphometry, DrainageDensityCountsTheChannelsFlowPaths) {
    // A plane falling west: rows 1..h-2 drain west; a cell is a channel once (w - 1 - x) cells
    // drain through it. Channel cells in columns 1..w-2 run dx each; column 0 (an outlet) half.
    const int w = 100, h = 50;
    const double dx = 20.0;
    const Heightmap plane = surfaceOf(w, h, [](int x, int) { return 1.0 * x; });
    GeomorphOptions options;
    options.channelArea_m2 = 30 * dx * dx;
    const Geomorphometry m = measureRelief({plane, dx, dx}, options);
    double length = 0.0;
    for (int x = 1; x <= w - 2; ++x)
        if (w - 1 - x >= 30) length += dx;
    length = length * (h - 2) + (h - 2) * 0.5 * dx;
    const double area_km2 = double(w) * h * dx * dx / 1e6;
    EXPECT_NEAR(m.drainageDensity_perKm, length / 1000.0 / area_km2, 1e-9);
}

TEST(Geomorphometry, SharpCrestsSkewPositiveAndVGroovesNegative) {
    const int w = 300, h = 200;
    const Heightmap ridge = surfaceOf(w, h, [](int x, int y) { return 500.0 - 3.0 * std::abs(x - 150) + 0.1 * y; });
    const Heightmap groove = surfaceOf(w, h, [](int x, int y) { return 3.0 * std::abs(x - 150) + 0.1 * y; });
    const Geomorphometry r = measureRelief({ridge, 30.0, 30.0});
    const Geomorphometry v = measureRelief({groove, 30.0, 30.0});
    ASSERT_TRUE(r.curvatureSkew && v.curvatureSkew);
    EXPECT_GT(*r.curvatureSkew, 2.0);
    EXPECT_LT(*v.curvatureSkew, -2.0);
    // The scale: 150 m at 30 m spacing is +-2 samples (a 120 m span) or +-3 (180 m): the nearest.
    EXPECT_NEAR(r.curvatureScaleX_m, 150.0, 30.0);
}

TEST(Geomorphometry, AFieldOfPitsIsInClosedDepressionsByTheirArea) {
    // A flat at 0 with 12 round pits 6 m deep: filling raises exactly the cells below 0 back to 0.
    const int n = 200;
    const auto pitDepth = [](int x, int y) {
        double depth = 0.0;
        for (int k = 0; k < 12; ++k) {
            const double cx = 20.0 + 30.0 * (k % 6), cy = 40.0 + 60.0 * (k / 6);
            const double r = std::hypot(x - cx, y - cy);
            depth = std::max(depth, r < 8.0 ? 6.0 * (1.0 - r / 8.0) : 0.0);
        }
        return depth;
    };
    const Heightmap pits = surfaceOf(n, n, [&](int x, int y) { return -pitDepth(x, y); });
    GeomorphOptions options;
    options.minDepressionDepth_m = 1.0;
    const Geomorphometry m = measureRelief({pits, 10.0, 10.0}, options);
    std::size_t deep = 0;
    double volume = 0.0;
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
            const double d = double(float(-pitDepth(x, y)));
            if (-d > 1.0) ++deep;
            volume += -d * 100.0;
        }
    EXPECT_DOUBLE_EQ(m.depressionShare, double(deep) / double(n * n));
    EXPECT_NEAR(m.depressionVolume_m3, volume, 1e-6 * volume);
    EXPECT_GT(m.depressionShare, 0.03);
}

TEST(Geomorphometry, TheSeaAndHolesAreOutletsAndLeftOut) {
    // A bowl whose floor is under the sea: no closed depression once the sea is an outlet.
    const int n = 101;
    const Heightmap bowl = surfaceOf(n, n, [](int x, int y) { return std::hypot(x - 50.0, y - 50.0) - 20.0; });
    const Geomorphometry dry = measureRelief({bowl, 10.0, 10.0});
    EXPECT_GT(dry.depressionShare, 0.0);
    GeomorphOptions withSea;
    withSea.seaLevel_m = 0.0;
    const Geomorphometry wet = measureRelief({bowl, 10.0, 10.0}, withSea);
    EXPECT_EQ(wet.depressionShare, 0.0);
    EXPECT_LT(wet.landCells, std::size_t(n * n));
    EXPECT_GE(wet.minMetres, 0.0);
    // A NaN (no data) is a hole: left out, never a number in the results.
    Heightmap holed = bowl;
    holed.at(50, 50) = std::nanf("");
    const Geomorphometry h = measureRelief({holed, 10.0, 10.0});
    EXPECT_EQ(h.landCells, std::size_t(n * n - 1));
    EXPECT_TRUE(std::isfinite(h.hypsometricIntegral));
}

TEST(Geomorphometry, ABadSpacingIsRefusedNamingIt) {
    const Heightmap map(8, 8);
    try {
        measureRelief({map, 0.0, 1.0});
        FAIL() << "a spacing of 0 was accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "spacing x");
    }
    EXPECT_THROW(measureRelief({map, 1.0, std::nan("")}), InputError);
}

TEST(Geomorphometry, JsonNamesEveryFigure) {
    const Heightmap plane = surfaceOf(64, 64, [](int x, int y) { return x + 0.5 * y; });
    const GeomorphOptions options;
    const nlohmann::json j = measureRelief({plane, 30.0, 30.0}, options).toJson(options);
    for (const char* key : {"depression_share", "slope_area", "curvature_skew", "grid_preference",
                            "hypsometric_integral", "drainage_density_per_km", "spacing_m", "channel_area_m2"})
        EXPECT_TRUE(j.contains(key)) << key;
}

}  // namespace
}  // namespace terrain::core
