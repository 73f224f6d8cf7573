// The layout entry (core/layout/, docs/layout.md): hand-placed items in world metres. Checked by
// what a designer relies on: the same samples at every detail and in every tile, a road's grade
// and level deck, a river that never rises, a flat pad, nothing changed beyond an item's reach,
// baked profiles that ignore the seed, and GeoJSON that round-trips or is refused by name.
#include "layout_test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <optional>
#include <string>

using namespace layout_test;


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
