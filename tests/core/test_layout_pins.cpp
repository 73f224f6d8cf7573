// Layout items through the heights a designer pins (z_m) and what the road readout reports
// (core/layout/, docs/layout.md): roads, rivers, patch areas and ridges pass through their
// given heights; a river's centre line never rises.
#include "layout_test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <optional>
#include <string>

using namespace layout_test;

TEST(Layout, ARoadPassesThroughTheHeightsGivenAtItsPoints) {
    const layout::ResolvedItem free = resolvedItem(withLayout(10, only({"pass"})), "pass");
    ASSERT_EQ(free.line.pointS.size(), 4u);
    const double step = free.step;
    const auto stationOf = [&](const layout::ResolvedItem& road, std::size_t i) {
        return std::size_t(std::lround(road.line.pointS[i] / step));
    };
    const auto grade = [&](const layout::ResolvedItem& road, std::size_t k) {
        const double s0 = double(k - 1) * step, s1 = std::min(double(k) * step, road.line.length());
        return 100.0 * std::abs(road.profile[k] - road.profile[k - 1]) / (s1 - s0);
    };
    const std::size_t k1 = stationOf(free, 1), k2 = stationOf(free, 2);
    const auto pinned = [&](json z) {
        json j = json::parse(only({"pass"}));
        j["features"][0]["properties"]["z_m"] = std::move(z);
        return withLayout(10, j.dump());
    };
    // One pin 40 m above where the deck would be: within the grade.
    const double z1 = free.profile[k1] + 40.0;
    const core::Recipe raised = pinned({nullptr, z1, nullptr, nullptr});
    const layout::ResolvedItem one = resolvedItem(raised, "pass");
    ASSERT_EQ(one.profile.size(), free.profile.size());
    EXPECT_EQ(one.profile[k1], z1);
    double steepest = 0.0;
    for (std::size_t k = 1; k < one.profile.size(); ++k) steepest = std::max(steepest, grade(one, k));
    EXPECT_LE(steepest, 8.0 + 1e-9);
    // On the map: the deck at the point (bilinear between samples, and the pin's station is up to
    // half a station from the point: at most 8 % of 2 m off).
    const core::StackResult map = evaluate(raised);
    const double spacing = world(raised).metresPerPixel;
    EXPECT_NEAR(heightAt(map, spacing, 1400.0, -900.0), z1, 0.5);
    EXPECT_GT(heightAt(map, spacing, 1400.0, -900.0), heightAt(evaluate(withLayout(10, only({"pass"}))), spacing, 1400.0, -900.0) + 30.0);

    // Two pins that ask for 12 % between them, with the limit 8 %: the deck passes through both,
    // climbs at 12 % between them and keeps 8 % elsewhere.
    const double z2 = z1 + 0.12 * (double(k2) - double(k1)) * step;
    const layout::ResolvedItem two = resolvedItem(pinned({nullptr, z1, z2, nullptr}), "pass");
    EXPECT_EQ(two.profile[k1], z1);
    EXPECT_EQ(two.profile[k2], z2);
    double between = 0.0, outside = 0.0;
    for (std::size_t k = 1; k < two.profile.size(); ++k)
        (k > k1 && k <= k2 ? between : outside) = std::max(k > k1 && k <= k2 ? between : outside, grade(two, k));
    EXPECT_NEAR(between, 12.0, 1e-6);
    EXPECT_LE(outside, 8.0 + 1e-9);
    EXPECT_GT(layout::roadReadout(two).maxGrade_pct, 11.9);  // the readout shows what the pins ask

    // A road whose points lie on one place (length 0) with heights: resolved, nothing to pin along.
    const std::string still = feature(R"({"type": "LineString", "coordinates": [[500, -500], [500, -500]]})",
                                      R"({"kind": "road", "id": "still", "z_m": [5, 7]})");
    const layout::ResolvedItem point = resolvedItem(withLayout(9, still), "still");
    ASSERT_FALSE(point.profile.empty());
    for (double z : point.profile) EXPECT_TRUE(std::isfinite(z));

    // The GeoJSON keeps the pins (null where none), and refuses what is not one per point.
    const std::string text = pinned({nullptr, z1, z2, nullptr}).operations.back().data;
    EXPECT_EQ(layout::layoutFromText(text).items[0].z_m,
              (std::vector<std::optional<double>>{std::nullopt, z1, z2, std::nullopt}));
    EXPECT_EQ(layout::canonicalLayoutText(text), text);
    EXPECT_TRUE(layout::layoutFromText(pinned({nullptr, nullptr, nullptr, nullptr}).operations.back().data).items[0].z_m.empty());
    const std::string road = R"({"type": "LineString", "coordinates": [[0, 0], [100, 0], [200, 0]]})";
    EXPECT_EQ(refusal(feature(road, R"({"kind": "road", "z_m": [1, 2]})")),
              "features[0].properties.z_m | [1,2] | an array of one per point (3), each a number from -20000.0 m to "
              "20000.0 m or null");
    EXPECT_EQ(refusal(feature(road, R"({"kind": "road", "z_m": [null, "high", 3]})")),
              "features[0].properties.z_m[1] | high | a number from -20000.0 m to 20000.0 m or null");
    EXPECT_EQ(refusal(feature(road, R"({"kind": "road", "z_m": [null, 1e9, 3]})")).substr(0, 32),
              "features[0].properties.z_m[1] | ");
    EXPECT_NE(refusal(feature(road, R"({"kind": "stroke", "z_m": [1, 2, 3]})")).find("z_m"), std::string::npos);
}

// A height given at a river's control point (z_m) is its water level there: the line passes
// through it exactly (the bed depth_m below, on the map too), never rises, and between two pins
// whose drop is gentler than min_gradient_pct falls at what they allow, evenly. A pin above an
// earlier one is refused naming it: a river never rises.
TEST(Layout, ARiverPassesThroughTheHeightsGivenAtItsPoints) {
    const auto pinned = [&](json z, double minGradient) {
        json j = json::parse(only({"river"}));
        if (!z.is_null()) j["features"][0]["properties"]["z_m"] = std::move(z);
        j["features"][0]["properties"]["min_gradient_pct"] = minGradient;
        return withLayout(10, j.dump());
    };
    const layout::ResolvedItem free = resolvedItem(pinned(json(nullptr), 0.5), "river");
    ASSERT_EQ(free.line.pointS.size(), 4u);
    const double step = free.step;
    const auto stationOf = [&](std::size_t i) { return std::size_t(std::lround(free.line.pointS[i] / step)); };
    const std::size_t k1 = stationOf(1), k2 = stationOf(2);
    const auto neverRises = [](const layout::ResolvedItem& r, double fall) {
        for (std::size_t k = 1; k < r.profile.size(); ++k) {
            const double ds = std::min(double(k) * r.step, r.line.length()) - double(k - 1) * r.step;
            if (r.profile[k] > r.profile[k - 1] - fall * ds + 1e-9) return false;
        }
        return true;
    };
    EXPECT_TRUE(neverRises(free, 0.005));

    // One pin 15 m under the free line at the second point: held, the line still falls 0.5 %.
    const double z1 = free.profile[k1] - 15.0;
    const core::Recipe lowered = pinned({nullptr, z1, nullptr, nullptr}, 0.5);
    const layout::ResolvedItem one = resolvedItem(lowered, "river");
    EXPECT_EQ(one.profile[k1], z1);
    EXPECT_TRUE(neverRises(one, 0.005));
    // On the map the bed lies depth_m (4 m) under the water level at the point: within the half
    // station between the point and its station (0.5 % of 2 m) and the bilinear read.
    const core::StackResult map = evaluate(lowered);
    const double spacing = world(lowered).metresPerPixel;
    EXPECT_NEAR(heightAt(map, spacing, 2900.0, -1300.0), z1 - 4.0, 0.5);

    // Two pins 3 m apart in height with 1 % asked elsewhere: 3 m over their distance between them
    // (well under 1 %), exactly linear; 1 % everywhere else.
    const double z2 = z1 - 3.0;
    const layout::ResolvedItem two = resolvedItem(pinned({nullptr, z1, z2, nullptr}, 1.0), "river");
    EXPECT_EQ(two.profile[k1], z1);
    EXPECT_EQ(two.profile[k2], z2);
    const double fall = 3.0 / ((double(k2) - double(k1)) * step);
    ASSERT_LT(fall, 0.01);
    for (std::size_t k = k1; k <= k2; ++k)
        EXPECT_NEAR(two.profile[k], z1 - fall * (double(k) - double(k1)) * step, 1e-6) << k;
    for (std::size_t k = 1; k < two.profile.size(); ++k) {
        if (k > k1 && k <= k2) continue;
        const double ds = std::min(double(k) * step, two.line.length()) - double(k - 1) * step;
        EXPECT_LE(two.profile[k], two.profile[k - 1] - 0.01 * ds + 1e-9) << k;
    }

    // A later pin higher than an earlier one: refused, naming the pin and what it may be.
    try {
        (void)resolvedItem(pinned({nullptr, z1, z1 + 2.0, nullptr}, 0.5), "river");
        ADD_FAILURE() << "a rising river was resolved";
    } catch (const core::InputError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("layout.river.z_m[2]"), std::string::npos) << what;
        EXPECT_NE(what.find("never rises"), std::string::npos) << what;
    }

    // The GeoJSON keeps a river's pins, null where none.
    const std::string text = pinned({nullptr, z1, z2, nullptr}, 1.0).operations.back().data;
    EXPECT_EQ(layout::layoutFromText(text).items[0].z_m,
              (std::vector<std::optional<double>>{std::nullopt, z1, z2, std::nullopt}));
    EXPECT_EQ(layout::canonicalLayoutText(text), text);
}

// "Where it breaks its grade": the stretches where the terrain, smoothed as the road smooths it,
// is steeper than the limit, checked against that terrain read directly; the roads readouts as
// the editor gets them (core::roadReports) are the resolved road's.
TEST(Layout, ARoadsReadoutNamesWhereTheTerrainIsSteeperThanItsGrade) {
    const core::Recipe r = withLayout(10, only({"pass"}));
    const layout::ResolvedItem road = resolvedItem(r, "pass");
    ASSERT_EQ(road.ground.size(), road.profile.size());
    ASSERT_EQ(road.smoothedGround.size(), road.profile.size());
    const layout::RoadReadout readout = layout::roadReadout(road);
    ASSERT_TRUE(readout.readTerrain);
    const double step = road.step;
    double steepLength = 0.0, groundMax = 0.0, cut = 0.0, fill = 0.0;
    int inside = 0, outside = 0;
    for (std::size_t k = 0; k < road.profile.size(); ++k) {
        cut = std::max(cut, road.ground[k] - road.profile[k]);
        fill = std::max(fill, road.profile[k] - road.ground[k]);
        if (k == 0) continue;
        const double s0 = double(k - 1) * step, s1 = std::min(double(k) * step, road.line.length());
        const double grade = 100.0 * std::abs(road.smoothedGround[k] - road.smoothedGround[k - 1]) / (s1 - s0);
        groundMax = std::max(groundMax, grade);
        bool listed = false;
        for (const auto& [from, to] : readout.steep) listed = listed || (from <= s0 && s1 <= to);
        if (grade > 8.0 + 1e-6) {
            steepLength += s1 - s0;
            EXPECT_TRUE(listed) << "segment " << k << " at " << grade << " %";
            ++inside;
        } else if (grade < 8.0 - 1e-6) {
            EXPECT_FALSE(listed) << "segment " << k << " at " << grade << " %";
            ++outside;
        }
    }
    EXPECT_GT(inside, 10);  // this road climbs terrain steeper than 8 % in places, and not everywhere
    EXPECT_GT(outside, 10);
    EXPECT_NEAR(readout.steepLength_m, steepLength, 1e-6);
    EXPECT_NEAR(readout.groundMaxGrade_pct, groundMax, 1e-9);
    EXPECT_GT(readout.groundMaxGrade_pct, 8.0);
    EXPECT_NEAR(readout.maxCut_m, cut, 1e-9);
    EXPECT_NEAR(readout.maxFill_m, fill, 1e-9);
    EXPECT_GT(readout.maxCut_m + readout.maxFill_m, 1.0);
    // The stretches drawn in the editor lie on the line, from its start to its end.
    ASSERT_EQ(readout.steepPaths.size(), readout.steep.size());
    for (const auto& path : readout.steepPaths) {
        ASSERT_GE(path.size(), 2u);
        for (const layout::Point& p : path) {
            int segment = 0;
            double t = 0, d = 1e9;
            std::uint32_t hint = layout::SegmentIndex::kNoHint;
            EXPECT_TRUE(road.index.nearest(p.x, p.y, 1.0, segment, t, d, hint));
            EXPECT_LT(d, 1e-6);
        }
    }
    // A limit the terrain never reaches: no stretch.
    json j = json::parse(only({"pass"}));
    j["features"][0]["properties"]["max_grade_pct"] = 900;
    const layout::RoadReadout relaxed = layout::roadReadout(resolvedItem(withLayout(10, j.dump()), "pass"));
    EXPECT_TRUE(relaxed.steep.empty());
    EXPECT_EQ(relaxed.steepLength_m, 0.0);

    // What the editor is given, through the evaluator (its profile source reads bilinearly, this
    // test's above the nearest sample: close, not the same numbers).
    core::StackEvaluator evaluator(registry(), 0);
    const auto reports = core::roadReports(evaluator, r, world(r), 1, context());
    ASSERT_EQ(reports.size(), 1u);
    EXPECT_EQ(reports[0].item.id, "pass");
    EXPECT_FALSE(reports[0].readout.steep.empty());
    EXPECT_GT(reports[0].readout.steepLength_m, 0.0);
    EXPECT_LE(reports[0].readout.maxGrade_pct, 8.0 + 1e-9);
}

TEST(Layout, ARiversCentreLineNeverRises) {
    const core::Recipe r = withLayout(10, only({"river"}));
    const core::StackResult s = evaluate(r);
    const double spacing = world(r).metresPerPixel;
    const layout::ResolvedItem river = resolvedItem(r, "river");
    const auto& v = river.line.vertices;
    double rise = 0.0, previous = 1e30;
    for (std::size_t i = 0; i < v.size(); i += 3) {
        const double h = heightAt(s, spacing, v[i].x, v[i].y);
        rise = std::max(rise, h - previous);
        previous = h;
    }
    EXPECT_LE(rise, 1e-3);
    for (std::size_t k = 1; k < river.profile.size(); ++k) ASSERT_LE(river.profile[k], river.profile[k - 1]);
}

// Heights at a patch area's vertices (z_m): the patch passes through each; between two given
// heights its boundary is the straight line between them, so four corners on a tilted plane make a
// pad that climbs from one side to the other, every sample within the corners' range. Used by
// `patch` only: the same heights on an `absolute` area change nothing.
TEST(Layout, APatchAreaPassesThroughTheHeightsAtItsVertices) {
    const auto pad = [](const char* target, const char* z) {
        return feature(R"({"type": "Polygon", "coordinates": [[[1000, -1000], [1800, -1000], [1800, -1600],
                                                                  [1000, -1600], [1000, -1000]]]})",
                       std::string(R"({"kind": "area", "id": "ramp", "falloff_m": 60, "target": ")") + target + "\"" +
                           (*z ? std::string(", \"z_m\": ") + z : std::string()) + "}");
    };
    // North side at 300 m, south side at 360 m: a 10 % ramp over 600 m.
    const core::Recipe ramp = withLayout(10, pad("patch", "[300, 300, 360, 360]"));
    const core::StackResult s = evaluate(ramp);
    const double spacing = world(ramp).metresPerPixel;
    for (const auto& [x, y, z] : {std::tuple{1000.0, -1000.0, 300.0}, {1800.0, -1000.0, 300.0}, {1800.0, -1600.0, 360.0},
                                  {1000.0, -1600.0, 360.0}})
        EXPECT_NEAR(heightAt(s, spacing, x, y), z, 0.5) << x << " " << y;
    // Down the middle from north to south: rising, within the corners' range, and the edges'
    // midpoints on their straight lines.
    double previous = 0.0, lowest = 1e9, highest = -1e9;
    for (double y = -1010.0; y >= -1590.0; y -= 20.0) {
        const double h = heightAt(s, spacing, 1400.0, y);
        EXPECT_GE(h, previous - 0.05) << y;
        previous = h;
        lowest = std::min(lowest, h), highest = std::max(highest, h);
    }
    EXPECT_GE(lowest, 300.0 - 0.5);
    EXPECT_LE(highest, 360.0 + 0.5);
    EXPECT_NEAR(heightAt(s, spacing, 1000.0, -1300.0), 330.0, 1.0);
    EXPECT_NEAR(heightAt(s, spacing, 1400.0, -1000.0), 300.0, 0.5);
    // One vertex given, the rest follow the terrain: that vertex holds.
    const core::StackResult one = evaluate(withLayout(10, pad("patch", "[250, null, null, null]")));
    EXPECT_NEAR(heightAt(one, spacing, 1000.0, -1000.0), 250.0, 0.5);
    // Ignored by other targets.
    EXPECT_TRUE(sameBits(*evaluate(withLayout(10, pad("relative", "[250, null, null, null]"))).map,
                         *evaluate(withLayout(10, pad("relative", ""))).map));
    // Kept by the GeoJSON (one per vertex of the outer ring, without its closing point).
    const std::string text = ramp.operations.back().data;
    EXPECT_EQ(layout::layoutFromText(text).items[0].z_m,
              (std::vector<std::optional<double>>{300.0, 300.0, 360.0, 360.0}));
    EXPECT_EQ(layout::canonicalLayoutText(text), text);
    EXPECT_NE(refusal(pad("patch", "[1, 2, 3]")).find("z_m"), std::string::npos);
}

// A ridge's crest (a valley's floor) passes through the heights given at its points; between
// them and elsewhere it is the terrain height_m above (below), shifted towards them.
TEST(Layout, ARidgesCrestPassesThroughTheHeightsAtItsPoints) {
    const auto line = [](const char* kind, const char* z) {
        return feature(R"({"type": "LineString", "coordinates": [[609.375, -2000], [2000, -2000], [3398.4375, -2000]]})",
                       std::string(R"({"kind": ")") + kind + R"(", "id": "spine", "width_m": 600, "height_m": 80,
                                      "sharpness": 0.5)" + (*z ? std::string(", \"z_m\": ") + z : std::string()) + "}");
    };
    const core::Recipe free = withLayout(10, line("ridge", ""));
    const double spacing = world(free).metresPerPixel;
    const core::StackResult plain = evaluate(free);
    const core::StackResult terrain = evaluate(baseRecipe(10));
    // The free ridge: 80 m over the terrain on its line.
    EXPECT_NEAR(heightAt(plain, spacing, 2000, -2000) - heightAt(terrain, spacing, 2000, -2000), 80.0, 1e-3);
    // A crest pinned at 700 m in the middle, free at the ends. The crest line is read from the
    // stage below at the reference detail and pinned at the profile station nearest the point, so
    // the map's crest is within a metre of it.
    const core::StackResult pinned = evaluate(withLayout(10, line("ridge", "[null, 700, null]")));
    EXPECT_NEAR(heightAt(pinned, spacing, 2000, -2000), 700.0, 1.0);
    EXPECT_NEAR(heightAt(pinned, spacing, 609.375, -2000) - heightAt(terrain, spacing, 609.375, -2000), 80.0, 1.0);
    EXPECT_NEAR(heightAt(pinned, spacing, 3398.4375, -2000) - heightAt(terrain, spacing, 3398.4375, -2000), 80.0, 1.0);
    // Across the line the cross-section falls from the crest to the terrain at its edge.
    EXPECT_GT(heightAt(pinned, spacing, 2000, -2000), heightAt(pinned, spacing, 2000, -2150) + 50.0);
    EXPECT_NEAR(heightAt(pinned, spacing, 2000, -2400), heightAt(terrain, spacing, 2000, -2400), 1e-3);
    // Both ends 30 m over the free crest, the middle point free: the shift falls linearly from the
    // pins to 0 at the free point (15 m halfway). The line's ends lie on samples of detail 10.
    const double lo = heightAt(plain, spacing, 609.375, -2000) + 30.0, hi = heightAt(plain, spacing, 3398.4375, -2000) + 30.0;
    std::string ends = "[";  // appended piece by piece: GCC 12 warns falsely (-Wrestrict) on a + chain here
    ends += std::to_string(lo) + ", null, ";
    ends += std::to_string(hi) + "]";
    const core::StackResult both = evaluate(withLayout(10, line("ridge", ends.c_str())));
    EXPECT_NEAR(heightAt(both, spacing, 609.375, -2000), lo, 1.0);
    EXPECT_NEAR(heightAt(both, spacing, 3398.4375, -2000), hi, 1.0);
    EXPECT_NEAR(heightAt(both, spacing, 2000, -2000), heightAt(plain, spacing, 2000, -2000), 1.0);
    EXPECT_NEAR(heightAt(both, spacing, 1300, -2000), heightAt(plain, spacing, 1300, -2000) + 15.0, 1.5);
    EXPECT_NEAR(heightAt(both, spacing, 2700, -2000), heightAt(plain, spacing, 2700, -2000) + 15.0, 1.5);
    // A valley's floor likewise.
    const core::StackResult valley = evaluate(withLayout(10, line("valley", "[null, 20, null]")));
    EXPECT_NEAR(heightAt(valley, spacing, 2000, -2000), 20.0, 1.0);
    // No height given (all null): the plain ridge, bit for bit.
    EXPECT_TRUE(sameBits(*evaluate(withLayout(10, line("ridge", "[null, null, null]"))).map, *plain.map));
    // The same map at every detail: detail 11 every 2nd sample is detail 10.
    const core::StackResult fine = evaluate(withLayout(11, line("ridge", "[null, 700, null]")));
    int differing = 0;
    for (int y = 0; y < pinned.map->height(); ++y)
        for (int x = 0; x < pinned.map->width(); ++x) differing += fine.map->at(2 * x, 2 * y) != pinned.map->at(x, y);
    EXPECT_EQ(differing, 0);
    // Kept by the GeoJSON; one per point.
    const std::string text = withLayout(10, line("ridge", "[null, 700, null]")).operations.back().data;
    EXPECT_EQ(layout::layoutFromText(text).items[0].z_m, (std::vector<std::optional<double>>{std::nullopt, 700.0, std::nullopt}));
    EXPECT_EQ(layout::canonicalLayoutText(text), text);
    EXPECT_NE(refusal(line("ridge", "[1, 2]")).find("z_m"), std::string::npos);
}
