// river-erosion's deposition: fans below a range front and deltas at the sea level, a delta's
// plain reaching out along its river, and deltas into the lakes that stay.
#include "core/heightmap.h"

#include "river_test_support.h"
#include "stack_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <tuple>
#include <vector>

namespace core = terrain::core;
using namespace stack_test;

namespace {

// 257² at 10 m: rough mountains (150..600 m) in the north third, and a plain falling 2 % from
// their foot at 20 m to the south edge, under the sea (0 m) from row 185.
constexpr int kFrontFoot = 85, kFrontShore = 185;
core::Heightmap mountainFront() {
    const int side = 257;
    core::Heightmap map(side, side);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) {
            if (y >= kFrontFoot) {
                // 10 m per sample: 2 % to the shore, then the sea floor falls 20 %
                map.at(x, y) = y < kFrontShore ? float(20.0 - 0.2 * double(y - kFrontFoot))
                                               : float(-2.0 * double(y - kFrontShore));
                continue;
            }
            const double ridges = std::sin(x * 0.051 + 0.3 * std::sin(y * 0.041)) * std::cos(y * 0.073 - x * 0.019) +
                                  0.5 * std::sin(x * 0.13 - y * 0.11) * std::sin(y * 0.19 + x * 0.07);
            const double rough = double((std::uint32_t(x) * 2654435761U ^ std::uint32_t(y) * 40503U) % 1000U) / 1000.0;
            const double rise = std::min(1.0, double(kFrontFoot - y) / 30.0);  // the range front
            map.at(x, y) = float(20.0 + rise * (350.0 + 120.0 * ridges + 15.0 * rough));
        }
    return map;
}

// With deposition the rivers drop their load where they leave the mountains: fans spread on the
// plain below the range front, and at the sea level a delta pushes the shore out, its front a
// slope, not a wall. Without it every grain leaves the map and the rivers cut the plain down.

}  // namespace

TEST(RiverErosion, RiversBuildFansAndDeltasWhereTheyDropTheirLoad) {
    const core::Heightmap front = mountainFront();
    const int side = front.width();
    const core::Heightmap carried =
        riverRun(front, {{"sea_level", "0"}, {"lakes", "none"}, {"keep_height", "0"}, {"duration", "0.3"}, {"deposition", "0"}})
            .heights;
    const auto dropping = [&](int threads) {
        return riverRun(front,
                        {{"sea_level", "0"}, {"lakes", "none"}, {"keep_height", "0"}, {"duration", "0.3"}, {"deposition", "1"}},
                        threads)
            .heights;
    };
    const core::Heightmap dropped = dropping(2);
    struct Budget {
        double footRise = 0.0, plainRise = 0.0, eroded = 0.0, deposited = 0.0, frontSlope = 0.0;
        int newLand = 0;
    };
    const auto budget = [&](const core::Heightmap& m) {
        Budget b;
        int foot = 0, plain = 0;
        const auto change = [&](int x, int y) { return double(m.at(x, y)) - double(front.at(x, y)); };
        for (int y = 1; y + 1 < side; ++y)
            for (int x = 1; x + 1 < side; ++x) {
                (change(x, y) < 0.0 ? b.eroded : b.deposited) += std::abs(change(x, y));
                if (y >= kFrontFoot + 2 && y < kFrontFoot + 20) b.footRise += change(x, y), ++foot;
                if (y >= kFrontFoot + 2 && y < kFrontShore - 2) b.plainRise += change(x, y), ++plain;
                if (y > kFrontShore && m.at(x, y) > 0.0f) ++b.newLand;
                // The delta's front: a cell the delta raised under the sea, and its lower neighbours.
                if (y > kFrontShore && m.at(x, y) < 0.0f && change(x, y) > 1.0)
                    for (const auto& [nx, ny] : {std::pair{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}})
                        b.frontSlope = std::max(b.frontSlope, (double(m.at(x, y)) - double(m.at(nx, ny))) / 10.0);
            }
        b.footRise /= foot;
        b.plainRise /= plain;
        return b;
    };
    const Budget c = budget(carried), d = budget(dropped);
    std::printf("deposition 0 -> 1: the range's foot %+.2f -> %+.2f m, the plain %+.2f -> %+.2f m, new land in the "
                "sea %d -> %d cells (steepest delta front %.0f %%), eroded %.0f -> %.0f, deposited %.0f -> %.0f m x cells\n",
                c.footRise, d.footRise, c.plainRise, d.plainRise, c.newLand, d.newLand, 100.0 * d.frontSlope, c.eroded,
                d.eroded, c.deposited, d.deposited);
    EXPECT_LT(c.footRise, 0.0);
    EXPECT_GT(d.footRise, 1.0);
    EXPECT_GT(d.plainRise, c.plainRise + 3.0);
    EXPECT_EQ(c.newLand, 0);
    EXPECT_GT(d.newLand, 1000);
    // The foreset falls 27 %; carried from the coarse level onto the finer grid it steepens a little.
    EXPECT_LT(d.frontSlope, 0.45);
    EXPECT_LT(d.deposited, d.eroded);  // what settles came from the mountains
    EXPECT_EQ(dropping(1), dropped);
}

// A delta is pushed out along its river, not a disc around the mouth: one V-shaped valley (10 m
// per sample, falling 5 % to the shore) into a sea 6 m deep with a flat floor; how far the new
// land reaches out from the shore against its width along the shore.
TEST(RiverErosion, ADeltaReachesOutAlongItsRiver) {
    constexpr int side = 129, shore = 80, centre = 64;
    core::Heightmap map(side, side);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x)
            map.at(x, y) = y < shore ? float(2.0 + 0.5 * double(shore - y) + 0.8 * std::abs(x - centre)) : -6.0f;
    // The map's top edge a divide (the base level): with an open edge the valley also drains the
    // land past it, a larger load and another delta.
    const RiverRun run = riverRun(map, {{"sea_level", "0"}, {"lakes", "none"}, {"keep_height", "0"}, {"duration", "0.1"},
                                        {"deposition", "0.3"}, {"channel_area", "0.01"}, {"edge", "base level"}});
    // How far out from the shore the new land reaches, and its widest row along the shore (from two
    // samples out: the shore's own small fans left out), within 32 samples of the valley's axis.
    int out = 0, widest = 0;
    for (int y = shore; y < side; ++y) {
        int row = 0;
        for (int x = centre - 32; x <= centre + 32; ++x) {
            if (!(run.heights.at(x, y) > 0.0f)) continue;
            out = std::max(out, y - shore + 1);
            ++row;
        }
        if (y >= shore + 2) widest = std::max(widest, row);
    }
    const double halfWidth = 0.5 * double(widest);
    std::printf("the delta's new land: %d samples out from the shore, %.1f to either side\n", out, halfWidth);
    EXPECT_GT(out, 5);                    // a delta was built
    // Reaching out along its river: 14 out, 14.5 to either side; with a disc around the mouth
    // (kDeltaForward 0, checked) 9 and 12.
    EXPECT_GT(double(out), 0.87 * halfWidth);
}

// A lake that stays keeps the deltas of the rivers entering it: the mountain front of the test
// above with the map's edge walled (8 m) around the sea, so it is a lake instead, spilling over
// the south edge's middle at 2 m (the edge the base level, `edge`: its outlet is never cut down). The
// plain ends in a lake from the old shore (0 m; 2 m deep there) to 140 m deep at the south edge.
// Without deposition the lake's floor is untouched (no current under a lake); with G = 1 the
// rivers build land into it from the north shore, its plain at the lake's surface, and the lake
// stays (smaller).
TEST(RiverErosion, RiversBuildDeltasIntoTheLakesThatStay) {
    core::Heightmap map = mountainFront();
    const int side = map.width();
    for (int y = kFrontShore - 15; y < side; ++y) map.at(0, y) = map.at(side - 1, y) = 8.0f;
    for (int x = 0; x < side; ++x) map.at(x, side - 1) = std::abs(x - side / 2) <= 2 ? 2.0f : 8.0f;
    const auto run = [&](const char* deposition, int threads) {
        return riverRun(map,
                        {{"lakes", "many"}, {"keep_height", "0"}, {"duration", "0.3"}, {"deposition", deposition},
                         {"edge", "base level"}},
                        threads);
    };
    const RiverRun carried = run("0", 2), dropped = run("1", 2);
    const auto survey = [&](const RiverRun& r) {
        int newLand = 0, lake = 0, raisedFloor = 0;
        double highest = -1e9;
        for (int y = kFrontShore - 15; y < side - 1; ++y)
            for (int x = 1; x + 1 < side; ++x) {
                const float h = r.heights.at(x, y);
                if (map.at(x, y) >= 2.0f) continue;  // above the lake's surface
                if (h > 2.001f) ++newLand;
                if (h > map.at(x, y) + 0.01f) ++raisedFloor;
                lake += r.masks.at("lake")->at(x, y) >= 0.1f ? 1 : 0;  // 10 cm deep and more
                highest = std::max(highest, double(h));
            }
        return std::tuple{newLand, lake, raisedFloor, highest};
    };
    const auto [landC, lakeC, raisedC, highC] = survey(carried);
    const auto [landD, lakeD, raisedD, highD] = survey(dropped);
    std::printf("deposition 0 -> 1: new land in the lake %d -> %d cells, lake %d -> %d cells, floor raised in %d -> %d, "
                "highest in the lake's first extent %.2f -> %.2f m\n",
                landC, landD, lakeC, lakeD, raisedC, raisedD, highC, highD);
    EXPECT_EQ(landC, 0);
    EXPECT_EQ(raisedC, 0);
    EXPECT_GT(landD, 300);
    EXPECT_GT(raisedD, landD);  // and under water, the deltas' fronts
    EXPECT_LT(lakeD, lakeC);
    EXPECT_GT(lakeD, lakeC / 2);
    EXPECT_EQ(run("1", 1).heights, dropped.heights);
}
