// The layout entry (core/layout/, docs/layout.md): hand-placed items in world metres. Checked by
// what a designer relies on: the same samples at every detail and in every tile, a road's grade
// and level deck, a river that never rises, a flat pad, nothing changed beyond an item's reach,
// baked profiles that ignore the seed, and GeoJSON that round-trips or is refused by name.
#include "stack_test_support.h"

#include "core/errors.h"
#include "core/layout/layout.h"
#include "core/layout/layout_eval.h"
#include "core/stack/evaluator.h"
#include "core/stack/layout_entry.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <optional>
#include <string>

using namespace stack_test;
namespace layout = terrain::core::layout;
using nlohmann::json;

namespace {

// A world 4000 m across, 0..600 m (stack_test::world): sample (c, r) is at (c, -r) * spacing.
const char* const kLayout = R"({"type": "FeatureCollection", "features": [
  {"type": "Feature", "geometry": {"type": "LineString",
     "coordinates": [[300, -400], [1400, -900], [2200, -2100], [3600, -3500]]},
   "properties": {"kind": "road", "id": "pass", "width_m": 24, "max_grade_pct": 8, "falloff_m": 40,
                  "breakup_amplitude_m": 6, "breakup_wavelength_m": 80, "mask": "pass_road"}},
  {"type": "Feature", "geometry": {"type": "LineString",
     "coordinates": [[3700, -300], [2900, -1300], [1900, -2600], [600, -3700]]},
   "properties": {"kind": "river", "id": "river", "width_m": [20, 30, 40, 60], "depth_m": 4,
                  "bank_slope_deg": 30, "falloff_m": 6}},
  {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[500, -2500], [1200, -3300]]},
   "properties": {"kind": "ridge", "id": "spine", "width_m": 300, "height_m": 80, "sharpness": 0.7}},
  {"type": "Feature", "geometry": {"type": "Polygon",
     "coordinates": [[[2600, -500], [3300, -500], [3300, -1000], [2600, -1000], [2600, -500]],
                     [[2850, -700], [2950, -700], [2950, -800], [2850, -800], [2850, -700]]]},
   "properties": {"kind": "area", "id": "town", "target": "average", "falloff_m": 60, "inner_falloff_m": 10}},
  {"type": "Feature", "geometry": {"type": "Polygon",
     "coordinates": [[[400, -1400], [900, -1400], [900, -1800], [400, -1800], [400, -1400]]]},
   "properties": {"kind": "area", "id": "pad", "target": "absolute", "height_m": 123.5, "falloff_m": 50}},
  {"type": "Feature", "geometry": {"type": "Point", "coordinates": [1500, -600]},
   "properties": {"kind": "stamp", "id": "crater", "shape": "crater", "size_m": 500, "height_m": 60,
                  "rotation_deg": 20, "breakup_amplitude_m": 15}},
  {"type": "Feature", "geometry": {"type": "Point", "coordinates": [3000, -3000]},
   "properties": {"kind": "stamp", "id": "mesa", "shape": "mesa", "size_m": 400, "height_m": 40, "op": "set",
                  "drop_to_surface": true}},
  {"type": "Feature", "geometry": {"type": "LineString",
     "coordinates": [[1800, -3000], [1850, -3020], [1900, -3060], [1960, -3080]]},
   "properties": {"kind": "stroke", "id": "dig", "op": "lower", "amount_m": 15, "radius_m": [30, 40, 50, 40],
                  "pressure": [0.5, 1, 1, 0.7]}}
]})";

// Only the features with these ids of kLayout.
std::string only(std::initializer_list<const char*> ids) {
    json j = json::parse(kLayout);
    json kept = json::array();
    for (const auto& f : j["features"]) {
        for (const char* id : ids) {
            if (f["properties"]["id"] == id) kept.push_back(f);
        }
    }
    j["features"] = kept;
    return j.dump();
}

core::Recipe withLayout(int detail, const std::string& geojson = kLayout) {
    core::Recipe r = baseRecipe(detail);
    core::OpInstance o = core::newOperation(registry(), r, "layout");
    o.data = registry().findOp("layout")->normalizeData(geojson);
    r.operations.push_back(std::move(o));
    return r;
}

core::StackResult evaluate(const core::Recipe& r) {
    core::StackEvaluator evaluator(registry(), 0);
    return evaluator.evaluate(r, world(r), context());
}

bool sameBits(const core::Heightmap& a, const core::Heightmap& b) {
    return a.width() == b.width() && a.height() == b.height() &&
           std::memcmp(a.row(0), b.row(0), a.sampleCount() * sizeof(float)) == 0;
}

double metres(const core::StackResult& s, double raw) { return s.heights.toMetres(raw); }

// Bilinear height in metres of the result at (x, y) in the layout's frame.
double heightAt(const core::StackResult& s, double spacing, double x, double y) {
    const core::Heightmap& m = *s.map;
    const double cx = x / spacing, cy = -y / spacing;
    const int x0 = int(cx), y0 = int(cy);
    const double tx = cx - x0, ty = cy - y0;
    const double a = m.at(x0, y0), b = m.at(x0 + 1, y0), c = m.at(x0, y0 + 1), d = m.at(x0 + 1, y0 + 1);
    return metres(s, (a + (b - a) * tx) * (1 - ty) + (c + (d - c) * tx) * ty);
}

layout::ResolvedItem resolvedItem(const core::Recipe& r, const std::string& id) {
    // The profiles as the entry solves them: from the stage below at the reference detail.
    core::StackEvaluator evaluator(registry(), 0);
    const core::ReferenceMap ref = evaluator.stageReferenceMap(r, world(r), 0, context());
    const core::StackResult base = evaluator.evaluate(r, world(r), context(), 0);
    layout::ProfileSource source;
    source.step_m = ref.metresPerSample;
    source.ceiling_m = 1200.0;
    source.heightAt = [&](double x, double y) {
        const double cx = std::clamp(x / ref.metresPerSample, 0.0, double(ref.map->width() - 1));
        const double cy = std::clamp(-y / ref.metresPerSample, 0.0, double(ref.map->height() - 1));
        return base.heights.toMetres(ref.map->at(int(cx), int(cy)));
    };
    layout::ResolvedLayout resolved = layout::resolveLayout(layout::layoutFromText(r.operations.back().data), source);
    for (auto& item : resolved.items) {
        if (item.item.id == id) return item;
    }
    ADD_FAILURE() << "no item " << id;
    return {};
}

std::string refusal(const std::string& text) {
    try {
        layout::layoutFromText(text);
    } catch (const core::InputError& e) {
        return e.field() + " | " + e.value() + " | " + e.allowed();
    }
    return "(accepted)";
}

std::string feature(const std::string& geometry, const std::string& properties) {
    return R"({"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": )" + geometry +
           R"(, "properties": )" + properties + "}]}";
}

}  // namespace

TEST(Layout, DetailElevenSampledEveryFourthPointIsDetailNine) {
    const core::StackResult coarse = evaluate(withLayout(9));
    const core::StackResult fine = evaluate(withLayout(11));
    const core::Heightmap& a = *coarse.map;
    const core::Heightmap& b = *fine.map;
    int differing = 0;
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) differing += std::memcmp(&a.row(y)[x], &b.row(4 * y)[4 * x], sizeof(float)) != 0;
    }
    EXPECT_EQ(differing, 0);
    // The masks too, and the layout changed the map (a test of something).
    for (const char* name : {"roads", "road_shoulders", "rivers", "river_banks", "areas", "stamps", "strokes",
                             "protect", "unprotected", "pass_road"}) {
        ASSERT_TRUE(coarse.masks.count(name)) << name;
        const core::Heightmap& ma = *coarse.masks.at(name);
        const core::Heightmap& mb = *fine.masks.at(name);
        int diff = 0;
        for (int y = 0; y < ma.height(); ++y)
            for (int x = 0; x < ma.width(); ++x) diff += ma.at(x, y) != mb.at(4 * x, 4 * y);
        EXPECT_EQ(diff, 0) << name;
    }
    EXPECT_FALSE(sameBits(a, *evaluate(baseRecipe(9)).map));
}

TEST(Layout, AWorldOfTilesEqualsTheWholeMapAcrossItsSeams) {
    const core::Recipe r = withLayout(9);  // 513²: tiles of 257 sharing their seam samples
    ASSERT_NO_THROW(core::checkWindowable(registry(), r));
    const core::Heightmap whole = *evaluate(r).map;
    core::StackEvaluator ranges(registry(), std::size_t(256) << 20);
    for (int ty = 0; ty < 2; ++ty) {
        for (int tx = 0; tx < 2; ++tx) {
            const core::SampleWindow w{tx * 256, ty * 256, 257, 257};
            core::MaskSet masks;
            const core::Heightmap part =
                core::evaluateStackWindow(registry(), r, world(r), w, context(1 + tx), nullptr, &ranges, &masks);
            int differing = 0;
            for (int y = 0; y < w.height; ++y)
                for (int x = 0; x < w.width; ++x)
                    differing += std::memcmp(&part.row(y)[x], &whole.row(w.y0 + y)[w.x0 + x], sizeof(float)) != 0;
            EXPECT_EQ(differing, 0) << "tile " << tx << "," << ty;
            EXPECT_TRUE(masks.count("roads"));
        }
    }
}

TEST(Layout, BeyondEveryItemsReachTheMapIsTheMapWithoutTheLayout) {
    const core::Recipe r = withLayout(9);
    const core::StackResult with = evaluate(r);
    const core::StackResult below = evaluate(baseRecipe(9));
    const core::Heightmap& without = *below.map;
    const double spacing = world(r).metresPerPixel;
    int changed = 0, outside = 0;
    // Samples far from every item (the north-west corner strip and the south edge west of the
    // river) are bit for bit the map below.
    for (int y = 0; y < without.height(); ++y) {
        for (int x = 0; x < without.width(); ++x) {
            const bool differs = std::memcmp(&with.map->row(y)[x], &without.row(y)[x], sizeof(float)) != 0;
            changed += differs;
            const double px = x * spacing, py = -y * spacing;
            const bool far = (px < 200 && py > -1300) || (px > 3750 && py < -2000);
            outside += far && differs;
        }
    }
    EXPECT_GT(changed, 1000);
    EXPECT_EQ(outside, 0);
    // An empty layout is the map below, bit for bit.
    const core::Heightmap empty = *evaluate(withLayout(9, R"({"type": "FeatureCollection", "features": []})")).map;
    int emptyDiffers = 0;
    for (int y = 0; y < empty.height(); ++y)
        for (int x = 0; x < empty.width(); ++x) emptyDiffers += std::memcmp(&empty.row(y)[x], &without.row(y)[x], 4) != 0;
    EXPECT_EQ(emptyDiffers, 0) << empty.at(0, 0) << " " << without.at(0, 0) << " " << empty.width() << " " << without.width();
}

TEST(Layout, ARoadNeverExceedsItsGradeAndItsDeckIsLevelAcrossItsWidth) {
    const core::Recipe r = withLayout(10, only({"pass"}));
    const core::StackResult s = evaluate(r);
    const double spacing = world(r).metresPerPixel;  // 3.9 m
    const layout::ResolvedItem road = resolvedItem(r, "pass");
    const auto& v = road.line.vertices;
    ASSERT_GT(v.size(), 100u);
    // The terrain the road crosses is steeper than 8 %: the limit does something.
    double steepestTerrain = 0.0, steepest = 0.0, worstAcross = 0.0;
    const core::StackResult below = evaluate(baseRecipe(10));
    double previous = 0.0, previousTerrain = 0.0;
    layout::Point last{};
    for (std::size_t i = 0; i < v.size(); i += 5) {
        const double h = heightAt(s, spacing, v[i].x, v[i].y);
        const double t = heightAt(below, spacing, v[i].x, v[i].y);
        if (i > 0) {
            const double run = std::hypot(v[i].x - last.x, v[i].y - last.y);
            steepest = std::max(steepest, std::abs(h - previous) / run);
            steepestTerrain = std::max(steepestTerrain, std::abs(t - previousTerrain) / run);
        }
        // Across the deck: 8 m either side of the centre line, perpendicular to it.
        if (i + 1 < v.size()) {
            const double dx = v[i + 1].x - v[i].x, dy = v[i + 1].y - v[i].y, len = std::hypot(dx, dy);
            const double nx = -dy / len * 8.0, ny = dx / len * 8.0;
            worstAcross = std::max({worstAcross, std::abs(heightAt(s, spacing, v[i].x + nx, v[i].y + ny) - h),
                                    std::abs(heightAt(s, spacing, v[i].x - nx, v[i].y - ny) - h)});
        }
        previous = h, previousTerrain = t, last = v[i];
    }
    EXPECT_GT(steepestTerrain, 0.16);
    // Bilinear reads of samples a pixel apart along the road: 8 % plus 0.5 % for the reads.
    EXPECT_LE(steepest, 0.085);
    EXPECT_LE(worstAcross, 0.08 * spacing + 1e-3);  // one pixel of grade, nothing across
    const layout::RoadReadout readout = layout::roadReadout(road);
    EXPECT_LE(readout.maxGrade_pct, 8.0 + 1e-9);
    EXPECT_GT(readout.length_m, 4000.0);
}

// A height given at a road's control point (z_m) holds the deck there: exactly at the station
// nearest the point, and on the map at that point; between pins that ask for more than the road's
// grade the deck climbs at what they ask, and elsewhere it keeps its grade (where the pin is
// higher than the grade can climb to from the road's start, the start is filled up to it).
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
    const std::string ends = "[" + std::to_string(lo) + ", null, " + std::to_string(hi) + "]";
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

TEST(Layout, AnAbsoluteAreaIsFlatAtItsHeight) {
    const core::Recipe r = withLayout(10);
    const core::StackResult s = evaluate(r);
    const double spacing = world(r).metresPerPixel;
    int inside = 0;
    double worst = 0.0;
    for (int y = 0; y < s.map->height(); ++y) {
        for (int x = 0; x < s.map->width(); ++x) {
            const double px = x * spacing, py = -y * spacing;
            if (px >= 400 && px <= 900 && py <= -1400 && py >= -1800) {
                ++inside;
                worst = std::max(worst, std::abs(metres(s, s.map->at(x, y)) - 123.5));
            }
        }
    }
    EXPECT_GT(inside, 10000);
    EXPECT_LE(worst, 1e-4);
}

TEST(Layout, ABakedProfileKeepsItsHeightsWhenTheSeedChanges) {
    core::Recipe r = withLayout(9, only({"pass", "pad", "crater"}));
    // Bake against seed 7's terrain, then change the seed.
    const layout::ResolvedItem before = resolvedItem(r, "pass");
    layout::Layout items = layout::layoutFromText(r.operations.back().data);
    for (auto& item : items.items) {
        if (item.id == "pass") item.profile_m = before.profile, item.baked = true;
    }
    r.operations.back().data = layout::layoutToGeoJson(items).dump();
    const core::StackResult a = evaluate(r);
    r.seed = 8;
    const core::StackResult b = evaluate(r);
    const core::Heightmap& deckA = *a.masks.at("roads");
    int deck = 0, differing = 0;
    for (int y = 0; y < deckA.height(); ++y) {
        for (int x = 0; x < deckA.width(); ++x) {
            if (deckA.at(x, y) != 1.0f || b.masks.at("roads")->at(x, y) != 1.0f) continue;
            ++deck;
            differing += std::abs(metres(a, a.map->at(x, y)) - metres(b, b.map->at(x, y))) > 1e-3;
        }
    }
    EXPECT_GT(deck, 500);
    EXPECT_EQ(differing, 0);
    // Unbaked, the deck follows the new terrain.
    core::Recipe live = withLayout(9, only({"pass", "pad", "crater"}));
    const core::StackResult c = evaluate(live);
    live.seed = 8;
    const core::StackResult d = evaluate(live);
    int moved = 0;
    for (int y = 0; y < deckA.height(); ++y)
        for (int x = 0; x < deckA.width(); ++x) moved += c.masks.at("roads")->at(x, y) == 1.0f && c.map->at(x, y) != d.map->at(x, y);
    EXPECT_GT(moved, 100);
    // The masks are where the items are, whatever the seed: no item moved.
    EXPECT_TRUE(sameBits(*c.masks.at("roads"), *d.masks.at("roads")));
    EXPECT_TRUE(sameBits(*c.masks.at("stamps"), *d.masks.at("stamps")));
}

TEST(Layout, GeoJsonRoundTripsThroughARecipe) {
    const core::Recipe r = withLayout(9);
    const std::string text = core::recipeToText(registry(), r);
    const core::Recipe back = core::recipeFromText(registry(), text, "test");
    EXPECT_EQ(back, r);
    EXPECT_EQ(back.operations.back().data, r.operations.back().data);
    EXPECT_EQ(back.operations.back().params, r.operations.back().params);
    EXPECT_EQ(back.world, r.world);
    const layout::Layout items = layout::layoutFromText(kLayout);
    EXPECT_EQ(layout::layoutFromGeoJson(layout::layoutToGeoJson(items)), items);
    EXPECT_EQ(layout::canonicalLayoutText(r.operations.back().data), r.operations.back().data);
    EXPECT_EQ(items.items.size(), 8u);
    EXPECT_EQ(items.items[1].widths_m, (std::vector<double>{20, 30, 40, 60}));
    EXPECT_EQ(items.items[3].rings.size(), 2u);  // the town's hole
    // A lock is kept (written only when set, so an unlocked layout's text is as before) and
    // changes nothing the evaluation makes.
    layout::Layout locked = items;
    locked.items[1].locked = true;
    const nlohmann::json lockedJson = layout::layoutToGeoJson(locked);
    EXPECT_EQ(lockedJson["features"][1]["properties"]["locked"], true);
    EXPECT_FALSE(lockedJson["features"][0]["properties"].contains("locked"));
    EXPECT_EQ(layout::layoutFromGeoJson(lockedJson), locked);
    core::Recipe withLock = r;
    withLock.operations.back().data = lockedJson.dump();
    EXPECT_EQ(*evaluate(withLock).map, *evaluate(r).map);
    // The stage key follows the items: moving one recomputes the layout, not the base.
    core::Recipe moved = r;
    layout::Layout changed = items;
    changed.items[5].points[0].x += 10.0;
    moved.operations.back().data = layout::layoutToGeoJson(changed).dump();
    const auto k1 = core::stageKeys(registry(), r, world(r));
    const auto k2 = core::stageKeys(registry(), moved, world(moved));
    EXPECT_EQ(k1[0], k2[0]);
    EXPECT_NE(k1[1], k2[1]);
}

TEST(Layout, BadGeoJsonIsRefusedNamingTheFeatureAndKey) {
    EXPECT_EQ(refusal(R"({"type": "Feature"})").substr(0, 7), "type | ");
    EXPECT_NE(refusal(R"([1, 2])").find("FeatureCollection"), std::string::npos);
    EXPECT_EQ(refusal(feature(R"({"type": "Point", "coordinates": [0, 0]})", R"({"kind": "volcano"})")).substr(0, 28),
              "features[0].properties.kind ");
    EXPECT_NE(refusal(feature(R"({"type": "LineString", "coordinates": [[0, 0], [1, 1]]})",
                              R"({"kind": "road", "lanes": 2})"))
                  .find("features[0].properties key | lanes"),
              std::string::npos);
    // A bow tie.
    EXPECT_NE(refusal(feature(R"({"type": "Polygon", "coordinates": [[[0, 0], [10, -10], [10, 0], [0, -14], [0, 0]]]})",
                              R"({"kind": "area"})"))
                  .find("cross"),
              std::string::npos);
    // NaN is not JSON; a string where a number belongs is named.
    EXPECT_NE(refusal(feature(R"({"type": "LineString", "coordinates": [[0, 0], [1, 1]]})",
                              R"({"kind": "road", "width_m": "NaN"})"))
                  .find("features[0].properties.width_m | NaN"),
              std::string::npos);
    EXPECT_NE(refusal(feature(R"({"type": "LineString", "coordinates": [[0, 0], [NaN, 1]]})", R"({"kind": "road"})"))
                  .find("layout"),
              std::string::npos);
    // A million points.
    std::string many = "[";
    for (int i = 0; i < 1000000; ++i) many += (i ? ",[" : "[") + std::to_string(i % 1000) + ",0]";
    many += "]";
    EXPECT_NE(refusal(feature(R"({"type": "LineString", "coordinates": )" + many + "}", R"({"kind": "stroke"})"))
                  .find("features[0].geometry.coordinates | 1000000 positions"),
              std::string::npos);
    // The wrong geometry for the kind.
    EXPECT_NE(refusal(feature(R"({"type": "Point", "coordinates": [0, 0]})", R"({"kind": "road"})"))
                  .find("features[0].geometry.type"),
              std::string::npos);
    // A recipe entry names the entry and the layout field.
    core::Recipe r = withLayout(8);
    json j = core::recipeToJson(registry(), r);
    j["stack"][1]["layout"]["features"][0]["properties"]["max_grade_pct"] = -3;
    try {
        core::recipeFromJson(registry(), j);
        ADD_FAILURE() << "accepted";
    } catch (const core::InputError& e) {
        EXPECT_EQ(e.field(), "stack[1].layout.features[0].properties.max_grade_pct");
    }
}

// A drag stores a new layout output at every step; the evaluator keeps the last few of the entry
// (on that input), so its memory stops growing after them, and a position it let go of is
// computed again to the same bits.
TEST(Layout, ADragKeepsTheEvaluatorsMemoryBounded) {
    core::Recipe r = withLayout(9);
    core::StackEvaluator evaluator(registry());
    const core::Recipe start = r;
    (void)evaluator.evaluate(r, world(r), context());
    layout::Layout items = layout::layoutFromText(r.operations.back().data);
    std::vector<std::size_t> bytes;
    for (int step = 0; step < 12; ++step) {
        items.items[0].points[1].x += 2.5;  // a road's point, dragged
        r.operations.back().data = layout::layoutToGeoJson(items).dump();
        (void)evaluator.evaluate(r, world(r), context());
        bytes.push_back(evaluator.cachedBytes());
    }
    EXPECT_GT(bytes[2], bytes[0]);
    for (std::size_t step = 3; step < bytes.size(); ++step) EXPECT_EQ(bytes[step], bytes[2]) << "step " << step;
    // Undo to before the drag: that output was let go of and is made again, the same bits.
    const core::StackResult undone = evaluator.evaluate(start, world(start), context());
    EXPECT_TRUE(sameBits(*undone.map, *evaluate(start).map));
}

// The editor's evaluator keeps the layout's last output: an edit of one item recomputes only
// where it was and is, and the result is the bits a fresh evaluation makes (heights and masks).
TEST(Layout, AnEditOfOneItemIsTheFreshEvaluationBitForBit) {
    core::Recipe r = withLayout(9);
    core::StackEvaluator evaluator(registry());
    (void)evaluator.evaluate(r, world(r), context());
    layout::Layout items = layout::layoutFromText(r.operations.back().data);
    for (int edit = 0; edit < 4; ++edit) {
        switch (edit) {
        case 0: items.items[0].points[1].x += 37.5; break;      // a road's point
        case 1: items.items[5].points[0].y -= 120.0; break;     // the crater
        case 2: items.items[4].height_m = 140.0; break;         // the pad's height
        case 3: items.items[1].enabled = false; break;          // hide the river
        }
        r.operations.back().data = layout::layoutToGeoJson(items).dump();
        const core::StackResult edited = evaluator.evaluate(r, world(r), context());
        const core::StackResult fresh = evaluate(r);
        EXPECT_TRUE(sameBits(*edited.map, *fresh.map)) << "edit " << edit;
        for (const auto& [name, mask] : fresh.masks) {
            ASSERT_TRUE(edited.masks.count(name)) << name;
            EXPECT_TRUE(sameBits(*edited.masks.at(name), *mask)) << "edit " << edit << " mask " << name;
        }
    }
}
