// Erosion operations (issue 13): thermal-erosion moves material (volume kept), leaves no slope
// steeper than its angle of repose, gives the same bytes on any thread count and the same terrain
// at every detail, and writes its scree mask.
#include "core/cancel.h"
#include "core/errors.h"
#include "core/recipe.h"
#include "core/registry.h"
#include "core/stack/evaluator.h"
#include "core/stack/flood_queue.h"

#include "stack_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <queue>
#include <random>
#include <vector>

namespace core = terrain::core;
using namespace stack_test;

namespace {

constexpr double kPi = 3.14159265358979323846;

// A steep world: diamond-square over 2 km from 0 to 600 m, so most slopes exceed 35 degrees.
core::Recipe steep(int detail, const char* talus = "35") {
    core::Recipe r = baseRecipe(detail);
    r.operations.push_back(op(r, "thermal-erosion", {{"talus_angle", talus}}));
    return r;
}

core::StackResult run(const core::Recipe& r, int threads = 2, double extent = 2000.0) {
    core::StackEvaluator evaluator(registry(), 0);
    return evaluator.evaluate(r, world(r, extent), context(threads));
}

double sumOf(const core::Heightmap& m) {
    double s = 0.0;
    for (float v : m.samples()) s += v;
    return s;
}

// The steepest slope between 8-neighbours, in degrees.
double steepestDeg(const core::Heightmap& m, const core::HeightScale& h, double spacing_m) {
    double worst = 0.0;
    for (int y = 0; y < m.height(); ++y)
        for (int x = 0; x < m.width(); ++x)
            for (int dy = 0; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    if (dy == 0 && dx <= 0) continue;
                    const int nx = x + dx, ny = y + dy;
                    if (nx < 0 || nx >= m.width() || ny >= m.height()) continue;
                    const double rise = std::fabs(double(m.at(x, y)) - double(m.at(nx, ny))) * h.scale;
                    const double run = spacing_m * (dx != 0 && dy != 0 ? std::sqrt(2.0) : 1.0);
                    worst = std::max(worst, std::atan(rise / run) * 180.0 / kPi);
                }
    return worst;
}

// The RMS difference between `coarse` and every `step`-th sample of `fine`, over coarse's relief.
double rmsOfRelief(const core::Heightmap& coarse, const core::Heightmap& fine, int step = 2) {
    double sum = 0.0, lo = 1e30, hi = -1e30;
    for (int y = 0; y < coarse.height(); ++y)
        for (int x = 0; x < coarse.width(); ++x) {
            const double a = coarse.at(x, y), b = fine.at(step * x, step * y);
            sum += (a - b) * (a - b);
            lo = std::min(lo, a);
            hi = std::max(hi, a);
        }
    return std::sqrt(sum / double(coarse.sampleCount())) / (hi - lo);
}

}  // namespace

// Material moves, it is not made: what one sample of a pair loses the other gains, and nothing
// crosses the border, so the volume changes only by float rounding and by the coarse-to-fine
// interpolation (the coarse levels' change, spread bilinearly). Measured: 1.1e-4 of the relief
// times the area; bound 1e-3.
TEST(ThermalErosion, MovesMaterialWithoutMakingIt) {
    const core::Recipe r = steep(9);
    core::Recipe plain = r;
    plain.operations.clear();
    const core::StackResult before = run(plain), after = run(r);
    const double area = double(before.map->sampleCount());
    const double relief = 600.0 / after.heights.scale;  // raw units of the world's range
    const double drift = std::fabs(sumOf(*after.map) - sumOf(*before.map)) / (area * relief);
    std::printf("volume drift: %.2e of relief x area\n", drift);
    EXPECT_LT(drift, 1e-3);
    EXPECT_NE(*after.map, *before.map);  // and it did move material
}

// Settled: no slope between neighbours exceeds the angle of repose by more than the operation's
// stopping tolerance (0.5 degrees) plus 0.5 for the float heights (measured: 0.00 over: the
// over-relaxed moves end a little below the talus).
TEST(ThermalErosion, NoSlopeExceedsTheAngleOfReposeAfterwards) {
    for (const char* talus : {"30", "40"}) {
        const core::Recipe r = steep(9, talus);
        core::Recipe plain = r;
        plain.operations.clear();
        const double spacing = 2000.0 / 512.0;
        const core::StackResult before = run(plain), after = run(r);
        const double was = steepestDeg(*before.map, before.heights, spacing);
        const double now = steepestDeg(*after.map, after.heights, spacing);
        std::printf("talus %s: steepest %.1f deg before, %.2f after\n", talus, was, now);
        EXPECT_GT(was, std::atof(talus) + 10.0);  // the test means something
        EXPECT_LE(now, std::atof(talus) + 1.0);
    }
}

TEST(ThermalErosion, SameBytesOnOneTwoAndThreeThreads) {
    const core::Recipe r = steep(9);
    const core::StackResult a = run(r, 1), b = run(r, 2), c = run(r, 3);
    EXPECT_EQ(*a.map, *b.map);
    EXPECT_EQ(*a.map, *c.map);
    EXPECT_EQ(*a.masks.at("scree"), *b.masks.at("scree"));
    EXPECT_EQ(*a.masks.at("scree"), *c.masks.at("scree"));
}

// The same recipe at detail 11, every 2nd sample, against detail 10: RMS difference as a fraction
// of the relief (the target: at most 2 %).
TEST(ThermalErosion, TheSameTerrainAtEveryDetail) {
    const core::StackResult coarse = run(steep(10)), fine = run(steep(11));
    const double rms = rmsOfRelief(*coarse.map, *fine.map);
    std::printf("detail 11 vs 10: RMS difference %.2f %% of the relief\n", rms * 100.0);
    EXPECT_LE(rms, 0.02);  // measured 0.07 %
}

// The scree mask is in [0, 1], 1 where at least scree_depth of material came to rest, 0 where it
// was taken away.
TEST(ThermalErosion, ScreeMaskMarksWhereMaterialCameToRest) {
    const core::Recipe r = steep(9);
    core::Recipe plain = r;
    plain.operations.clear();
    const core::StackResult before = run(plain), after = run(r);
    const core::Heightmap& scree = *after.masks.at("scree");
    int deposits = 0, full = 0;
    for (int y = 0; y < scree.height(); ++y)
        for (int x = 0; x < scree.width(); ++x) {
            const float m = scree.at(x, y);
            ASSERT_GE(m, 0.0f);
            ASSERT_LE(m, 1.0f);
            const double depth_m = (double(after.map->at(x, y)) - before.map->at(x, y)) * after.heights.scale;
            if (depth_m <= 0.0) {
                ASSERT_EQ(m, 0.0f) << x << "," << y;
            } else {
                ++deposits;
                EXPECT_NEAR(m, std::min(1.0, depth_m / 2.0), 1e-3) << x << "," << y;
                if (m == 1.0f) ++full;
            }
        }
    EXPECT_GT(deposits, 1000);
    EXPECT_GT(full, 100);
}

TEST(ThermalErosion, AmountZeroChangesNothingAndBadValuesAreRefused) {
    core::Recipe r = baseRecipe(8);
    r.operations.push_back(op(r, "thermal-erosion", {{"amount", "0"}}));
    core::Recipe plain = r;
    plain.operations.clear();
    EXPECT_EQ(*run(r).map, *run(plain).map);
    for (auto [key, value] : {std::pair{"talus_angle", "90"}, {"talus_angle", "2"}, {"amount", "1.5"},
                              {"scree_depth", "0"}}) {
        try {
            (void)op(r, "thermal-erosion", {{key, value}});
            ADD_FAILURE() << key << "=" << value << " accepted";
        } catch (const core::InputError& e) {
            EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
        }
    }
}

namespace {

// 0.1 drops per m² over the 2 km world: 1.5 drops per sample at detail 9.
core::Recipe rained(int detail, std::initializer_list<std::pair<const char*, const char*>> values = {}) {
    core::Recipe r = baseRecipe(detail);
    core::OpInstance o = op(r, "hydraulic-erosion", {{"rain", "0.1"}});
    for (const auto& [k, v] : values) core::setOperationParamFromText(registry(), o, k, v, k);
    r.operations.push_back(o);
    return r;
}

}  // namespace

TEST(HydraulicErosion, SameBytesOnOneTwoAndThreeThreads) {
    const core::Recipe r = rained(9);
    const core::StackResult a = run(r, 1), b = run(r, 2), c = run(r, 3);
    EXPECT_EQ(*a.map, *b.map);
    EXPECT_EQ(*a.map, *c.map);
    for (const char* mask : {"flow", "erosion", "deposition"}) {
        EXPECT_EQ(*a.masks.at(mask), *b.masks.at(mask)) << mask;
        EXPECT_EQ(*a.masks.at(mask), *c.masks.at(mask)) << mask;
    }
    core::Recipe plain = r;
    plain.operations.clear();
    EXPECT_NE(*a.map, *run(plain).map);  // and it did erode
}

// Drops carry material from where they erode to where they deposit; what a drop still carries
// when it runs off the map is lost. So the volume falls by at most what was eroded. Reported: the
// volume change against the volume by which the ground went down (the erosion mask, net).
TEST(HydraulicErosion, MovesMaterialAndLosesOnlyWhatRunsOffTheMap) {
    const core::Recipe r = rained(9);
    core::Recipe plain = r;
    plain.operations.clear();
    const core::StackResult before = run(plain), after = run(r);
    const double cell = (2000.0 / 512.0) * (2000.0 / 512.0);
    double change = 0.0;
    for (int y = 0; y < before.map->height(); ++y)
        for (int x = 0; x < before.map->width(); ++x)
            change += (double(after.map->at(x, y)) - before.map->at(x, y)) * after.heights.scale * cell;
    // The erosion mask saturates at mask_depth: measure with a deep one.
    core::Recipe deep = rained(9, {{"mask_depth", "1000"}});
    const core::StackResult d = run(deep);
    double eroded = 0.0;
    for (float v : d.masks.at("erosion")->samples()) eroded += double(v) * 1000.0 * cell;
    std::printf("volume change %.0f m3, eroded %.0f m3 (%.1f %% lost off the map)\n", change, eroded,
                -100.0 * change / eroded);
    EXPECT_LE(change, eroded * 1e-4);  // nothing is made
    EXPECT_GE(change, -0.25 * eroded);
    EXPECT_GT(eroded, 0.0);
}

// On a plane tilted along x the drops run towards the low edge: the flow mask grows downhill.
TEST(HydraulicErosion, DropsRunDownhillOnATiltedPlane) {
    const int side = 129;
    core::Heightmap plane(side, side), out(side, side);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) plane.at(x, y) = float(side - 1 - x) * 0.5f;  // falls towards x = side - 1
    core::MaskSet below, masks;
    core::HeightScale h;
    h.hiMetres = 1000.0;
    const core::GenerateContext c = context();
    const core::OpCall call{plane, out, h, 1.0, 7, 7, c, {}, &below, &masks, {}, {}};
    const core::OpType* type = registry().findOp("hydraulic-erosion");
    // Paths longer than the map: column x is crossed by every drop that starts above it.
    const core::OpInstance o = op(baseRecipe(), "hydraulic-erosion", {{"lifetime", "400"}});
    type->run(o.params, call);
    const core::Heightmap& flow = *masks.at("flow");
    const auto columnMean = [&](int x0, int x1) {
        double s = 0.0;
        for (int y = 0; y < side; ++y)
            for (int x = x0; x < x1; ++x) s += flow.at(x, y);
        return s / double(side * (x1 - x0));
    };
    const double high = columnMean(0, 16), middle = columnMean(56, 72), low = columnMean(side - 16, side);
    std::printf("flow: high edge %.3f, middle %.3f, low edge %.3f\n", high, middle, low);
    EXPECT_LT(high, middle);
    EXPECT_LT(middle, low);
}

TEST(HydraulicErosion, TheSameTerrainAtEveryDetail) {
    const core::StackResult coarse = run(rained(10)), fine = run(rained(11));
    const double rms = rmsOfRelief(*coarse.map, *fine.map);
    std::printf("detail 11 vs 10: RMS difference %.2f %% of the relief\n", rms * 100.0);
    EXPECT_LE(rms, 0.02);
}

TEST(HydraulicErosion, MasksAreWeightsAndBadValuesAreRefused) {
    const core::StackResult r = run(rained(8));
    for (const char* name : {"flow", "erosion", "deposition"}) {
        float lo = 1.0f, hi = 0.0f;
        for (float v : r.masks.at(name)->samples()) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        EXPECT_GE(lo, 0.0f) << name;
        EXPECT_LE(hi, 1.0f) << name;
        EXPECT_GT(hi, 0.5f) << name;
    }
    for (auto [key, value] : {std::pair{"rain", "-1"}, {"erosion", "2"}, {"drop_width", "0"}, {"lifetime", "0"},
                              {"inertia", "1"}}) {
        try {
            (void)op(baseRecipe(), "hydraulic-erosion", {{key, value}});
            ADD_FAILURE() << key << "=" << value << " accepted";
        } catch (const core::InputError& e) {
            EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
        }
    }
}

namespace {

// A 4 km world of fBm hills, 0..800 m: long slopes for rivers to cut.
core::Recipe hills(int detail, std::initializer_list<std::pair<const char*, const char*>> values = {}) {
    core::Recipe r = core::defaultRecipe(registry(), "fbm");
    r.detail = detail;
    r.seed = 11;
    r.params["feature_size_m"] = 2000.0;
    core::OpInstance o = op(r, "river-erosion");
    for (const auto& [k, v] : values) core::setOperationParamFromText(registry(), o, k, v, k);
    r.operations.push_back(o);
    return r;
}

core::StackResult runHills(const core::Recipe& r, int threads = 2,
                           std::function<void(const core::Heightmap&)> partial = {}) {
    core::StackEvaluator evaluator(registry(), 0);
    core::WorldUnits w = world(r, 4096.0);
    w.hiMetres = 800.0;
    core::GenerateContext c = context(threads);
    c.partial = std::move(partial);
    return evaluator.evaluate(r, w, c);
}

}  // namespace

// The river's flood pops its cells from a FloodQueue: it must give exactly a binary heap's order,
// heights negative and positive, -0 as +0, ties by index, and keys pushed below the last one popped
// (a rise that rounds away), which a radix heap alone would misorder.
TEST(RiverErosion, FloodQueuePopsInTheOrderOfABinaryHeap) {
    std::mt19937_64 random(2026);
    std::uniform_real_distribution<float> rise(0.0f, 2.0f);
    core::FloodQueue queue;
    std::priority_queue<std::pair<float, std::uint32_t>, std::vector<std::pair<float, std::uint32_t>>,
                        std::greater<>>
        heap;
    std::uint32_t next = 0;
    const auto push = [&](float height) {
        const std::uint32_t index = (next++ * 2654435761U) % 1000003U;  // unique, not in push order
        queue.push(core::FloodQueue::key(height, index));
        heap.push({height, index});
    };
    for (int i = 0; i < 200; ++i) push(float(i % 7) - 3.0f);  // a border: repeated heights, ±
    push(-0.0f);
    push(0.0f);
    int below = 0, popped = 0;
    float last = -1e30f;
    while (!heap.empty()) {
        const auto [height, index] = heap.top();
        heap.pop();
        ASSERT_FALSE(queue.empty());
        ASSERT_EQ(core::FloodQueue::index(queue.pop()), index) << "pop " << popped;
        ++popped;
        if (height < last) ++below;
        last = std::max(last, height);
        if (next < 200000) {  // each popped cell opens up to three more, most a little higher
            for (int k = int(random() % 4); k > 0; --k) {
                const bool same = random() % 8 == 0;  // the rise rounded away: at or below the last
                push(same ? height - float(random() % 2) * 0.5f : height + rise(random));
            }
        }
    }
    EXPECT_TRUE(queue.empty());
    EXPECT_GT(popped, 100000);
    EXPECT_GT(below, 1000);  // the path for keys below the last popped was taken
}

TEST(RiverErosion, CutsValleysAndGivesTheSameBytesOnAnyThreadCount) {
    const core::Recipe r = hills(9);
    const core::StackResult a = runHills(r, 1), b = runHills(r, 3);
    EXPECT_EQ(*a.map, *b.map);
    EXPECT_EQ(*a.masks.at("river"), *b.masks.at("river"));
    core::Recipe plain = r;
    plain.operations.clear();
    const core::StackResult before = runHills(plain);
    double lowered = 0.0, raised = 0.0;
    for (int y = 0; y < a.map->height(); ++y)
        for (int x = 0; x < a.map->width(); ++x) {
            const double d = (double(a.map->at(x, y)) - before.map->at(x, y)) * a.heights.scale;
            lowered = std::max(lowered, -d);
            raised = std::max(raised, d);
        }
    std::printf("deepest cut %.1f m, highest rise %.3f m\n", lowered, raised);
    EXPECT_GT(lowered, 10.0);   // valleys are cut
    EXPECT_LT(raised, 1e-3);    // rivers only erode (no uplift by default)
}

// Every river reaches the border: the channels (river mask > 0.5) form connected networks, and
// each one touches the map's edge (water leaves there; pits were filled, so none ends inside).
TEST(RiverErosion, RiversAreConnectedChannelsThatReachTheBorder) {
    const core::StackResult r = runHills(hills(9));
    const core::Heightmap& river = *r.masks.at("river");
    const int n = river.width();
    const auto at = [n](int x, int y) { return std::size_t(y) * std::size_t(n) + std::size_t(x); };
    std::vector<int> label(std::size_t(n) * std::size_t(n), -1);
    int networks = 0, reaching = 0, cells = 0;
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
            if (river.at(x, y) <= 0.5f || label[at(x, y)] >= 0) continue;
            bool border = false;
            std::vector<std::pair<int, int>> todo{{x, y}};
            label[at(x, y)] = networks;
            while (!todo.empty()) {
                const auto [cx, cy] = todo.back();
                todo.pop_back();
                ++cells;
                border = border || cx == 0 || cy == 0 || cx == n - 1 || cy == n - 1;
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) {
                        const int nx = cx + dx, ny = cy + dy;
                        if (nx < 0 || ny < 0 || nx >= n || ny >= n || river.at(nx, ny) <= 0.5f) continue;
                        int& l = label[at(nx, ny)];
                        if (l < 0) {
                            l = networks;
                            todo.push_back({nx, ny});
                        }
                    }
            }
            ++networks;
            if (border) ++reaching;
        }
    std::printf("%d river networks (%d cells), %d reach the border\n", networks, cells, reaching);
    EXPECT_GE(networks, 3);
    EXPECT_EQ(reaching, networks);
}

// On a plane tilted along x all water runs to the low edge: the drainage (flow mask) grows
// downhill.
TEST(RiverErosion, FlowRunsDownhillOnATiltedPlane) {
    const int side = 129;
    core::Heightmap plane(side, side), out(side, side);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) plane.at(x, y) = float(side - 1 - x) * 0.5f + float((x * 7 + y * 13) % 5) * 0.01f;
    core::MaskSet below, masks;
    core::HeightScale h;
    h.hiMetres = 1000.0;
    const core::GenerateContext c = context();
    const core::OpCall call{plane, out, h, 10.0, 7, 7, c, {}, &below, &masks, {}, {}};
    const core::OpInstance o = op(baseRecipe(), "river-erosion");
    registry().findOp("river-erosion")->run(o.params, call);
    const core::Heightmap& flow = *masks.at("flow");
    const auto columnMean = [&](int x0, int x1) {
        double s = 0.0;
        for (int y = 1; y + 1 < side; ++y)
            for (int x = x0; x < x1; ++x) s += flow.at(x, y);
        return s / double((side - 2) * (x1 - x0));
    };
    const double high = columnMean(1, 17), middle = columnMean(56, 72), low = columnMean(side - 17, side - 1);
    std::printf("flow: high edge %.3f, middle %.3f, low edge %.3f\n", high, middle, low);
    EXPECT_LT(high, middle);
    EXPECT_LT(middle, low);
}

// river-erosion's masks on `map` (10 m per sample, 0..1000 m) with `params`.
core::MaskSet riverMasksOf(const core::Heightmap& map, std::initializer_list<std::pair<const char*, const char*>> params) {
    core::Heightmap out(map.width(), map.height());
    core::MaskSet below, masks;
    core::HeightScale h;
    h.hiMetres = 1000.0;
    const core::GenerateContext c = context();
    const core::OpCall call{map, out, h, 10.0, 7, 7, c, {}, &below, &masks, {}, {}};
    const core::OpInstance o = op(baseRecipe(), "river-erosion", params);
    registry().findOp("river-erosion")->run(o.params, call);
    return masks;
}

// On an even slope that falls 30 degrees off the grid's x axis, water gathers into channels.
// Plain D8 sent every cell down the same diagonal, so the water ran in parallel lines that never
// met (no cell drained more than one line, at most 128 cells: 0.0128 km² here); the per-cell
// diagonal distance (Rho8) makes the directions average to the slope's, and the paths merge.
// With strength 0 nothing is cut: this is the routing alone.
TEST(RiverErosion, WaterGathersIntoChannelsOnAnEvenSlope) {
    const int side = 129;
    core::Heightmap plane(side, side);
    const double c = std::cos(kPi / 6.0), s = std::sin(kPi / 6.0);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) plane.at(x, y) = float(200.0 - 0.5 * (double(x) * c + double(y) * s));
    // Channels from 0.01 km² (100 cells), full at 0.02 km².
    const core::MaskSet masks = riverMasksOf(plane, {{"strength", "0"}, {"channel_area", "0.01"}});
    const core::Heightmap& river = *masks.at("river");
    int channel = 0;
    for (float v : river.samples()) channel += v >= 1.0f ? 1 : 0;
    std::printf("cells draining at least 0.02 km^2 (200 cells): %d\n", channel);
    EXPECT_GE(channel, 100);
}

// A basin with a bumpy floor, walled by a plateau and opened to the map's edge by one notch,
// fills to the notch and drains through it: the notch carries the whole basin's water.
TEST(RiverErosion, ALakeDrainsThroughItsOutlet) {
    const int side = 129;
    core::Heightmap map(side, side);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) {
            const bool basin = x >= 20 && x <= 108 && y >= 20 && y <= 108;
            const bool notch = x > 108 && y == 64;
            map.at(x, y) = basin ? float(10.0 + ((x * 37 + y * 91) % 17) / 8.0) : notch ? 20.0f : 50.0f;
        }
    // The basin: 89 x 89 cells of 100 m², 0.79 km²; the river mask is full from 2 x 0.35 km².
    const core::MaskSet masks = riverMasksOf(map, {{"strength", "0"}, {"channel_area", "0.35"}});
    const core::Heightmap& river = *masks.at("river");
    EXPECT_EQ(river.at(120, 64), 1.0f);
    int full = 0;
    for (int y = 20; y <= 108; ++y)
        for (int x = 20; x <= 108; ++x) full += river.at(x, y) >= 1.0f ? 1 : 0;
    std::printf("basin cells draining at least 0.7 km^2: %d\n", full);
    EXPECT_GE(full, 1);   // the water gathers inside the lake, at its outlet
    EXPECT_LT(full, 40);  // and not everywhere
}

// The cut carries no creases along the coarse level's grid lines. At detail 9 the coarsest level
// is every 4th sample; with the change carried to the finer levels by bilinear interpolation the
// cut's bending (|second difference|) was 7.8 times larger on those lines than between them
// (valleys of straight facets); with the smooth 4-point interpolation, 3.2 (the coarse valleys'
// floors still sit on the coarse samples).
TEST(RiverErosion, NoCreasesAlongTheCoarseGrid) {
    const core::Recipe r = hills(9);
    core::Recipe plain = r;
    plain.operations.clear();
    const core::StackResult after = runHills(r), before = runHills(plain);
    const int n = after.map->width();
    const auto cut = [&](int x, int y) { return double(after.map->at(x, y)) - double(before.map->at(x, y)); };
    double on[2] = {0, 0}, off[2] = {0, 0};
    int onCount = 0, offCount = 0;
    for (int y = 1; y + 1 < n; ++y)
        for (int i = 1; i + 1 < n; ++i) {
            // Along x at column i, and along y at row i (of column y).
            const double bendX = std::abs(cut(i - 1, y) - 2.0 * cut(i, y) + cut(i + 1, y));
            const double bendY = std::abs(cut(y, i - 1) - 2.0 * cut(y, i) + cut(y, i + 1));
            const bool line = i % 4 == 0;
            (line ? on : off)[0] += bendX;
            (line ? on : off)[1] += bendY;
            ++(line ? onCount : offCount);
        }
    for (int axis = 0; axis < 2; ++axis) {
        const double ratio = (on[axis] / onCount) / (off[axis] / offCount);
        std::printf("bending along %c on the coarse lines / between them: %.2f\n", "xy"[axis], ratio);
        EXPECT_LT(ratio, 4.5);
    }
}

// While the finer levels run, the editor is shown the valleys cut so far at full resolution: a
// map after the coarsest level and one before the finest (after 129² and 513² at detail 10), each
// cutting into the input, each nearer the result than the one before, and the result the same
// bytes as without.
TEST(RiverErosion, ShowsTheValleysCutSoFarWhileItRefines) {
    const core::Recipe r = hills(10);
    core::Recipe plain = r;
    plain.operations.clear();
    const core::StackResult before = runHills(plain), quiet = runHills(r);
    std::vector<core::Heightmap> shown;
    const core::StackResult after = runHills(r, 2, [&](const core::Heightmap& m) { shown.push_back(m); });
    EXPECT_EQ(*after.map, *quiet.map);
    ASSERT_EQ(shown.size(), 2U);
    const auto [low, high] = std::minmax_element(before.map->samples().begin(), before.map->samples().end());
    const double relief = double(*high) - double(*low);
    double previous = rmsOfRelief(*after.map, *before.map, 1);
    for (std::size_t k = 0; k < shown.size(); ++k) {
        ASSERT_EQ(shown[k].width(), after.map->width());
        ASSERT_EQ(shown[k].height(), after.map->height());
        double deepest = 0.0, highest = -1.0;
        for (std::size_t i = 0; i < shown[k].sampleCount(); ++i) {
            const double change = double(shown[k].samples()[i]) - before.map->samples()[i];
            deepest = std::min(deepest, change);
            highest = std::max(highest, change);
        }
        const double toResult = rmsOfRelief(*after.map, shown[k], 1);
        std::printf("map shown %zu: cut %.2f %% of the relief deep, %.3f %% from the result (RMS)\n", k,
                    -100.0 * deepest / relief, 100.0 * toResult);
        EXPECT_LT(deepest, -0.01 * relief);  // valleys cut
        EXPECT_LE(highest, 1e-6 * relief);   // rivers only lower the ground
        EXPECT_LT(toResult, previous);
        previous = toResult;
    }
}

TEST(RiverErosion, TheSameTerrainAtEveryDetail) {
    const core::StackResult coarse = runHills(hills(10)), fine = runHills(hills(11));
    const double rms = rmsOfRelief(*coarse.map, *fine.map);
    std::printf("detail 11 vs 10: RMS difference %.2f %% of the relief\n", rms * 100.0);
    EXPECT_LE(rms, 0.02);
}

TEST(RiverErosion, BadValuesAreRefused) {
    for (auto [key, value] : {std::pair{"strength", "-1"}, {"duration", "11"}, {"channel_area", "0"}, {"uplift", "-2"}}) {
        try {
            (void)op(baseRecipe(), "river-erosion", {{key, value}});
            ADD_FAILURE() << key << "=" << value << " accepted";
        } catch (const core::InputError& e) {
            EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
        }
    }
}
