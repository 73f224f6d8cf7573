// river-erosion's basins and uplift: only the lakes asked for stay (none, few, many), the others
// fill with sediment to a floor that drains; the rock rises where the input is high to keep the
// mountains' height. And the realism targets of docs/erosion.md at its defaults, measured with
// the project's geomorphometry at a small size: few closed depressions, a slope-area law, crests
// sharper than valley floors, no grid preference.
#include "core/analysis/geomorphometry.h"
#include "core/recipe.h"
#include "core/registry.h"
#include "core/recipe_world.h"
#include "core/stack/evaluator.h"
#include "core/stack/recipe_presets.h"

#include "river_test_support.h"
#include "stack_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <cmath>
#include <cstdio>
#include <vector>

namespace core = terrain::core;
using namespace stack_test;

namespace {


// 257² plane falling 0.1 m per cell towards the right edge, with one big pit (radius 18 cells,
// 30 m deep: 1.5 % of the map) and 36 small ones (radius 2, 3 m deep) scattered over it.
constexpr int kSide = 257;
constexpr int kBigX = 70, kBigY = 128, kBigR = 18;
bool inSmallPit(int x, int y, int* which = nullptr) {
    for (int k = 0; k < 36; ++k) {
        const int px = 130 + (k % 6) * 20, py = 30 + (k / 6) * 40;
        if ((x - px) * (x - px) + (y - py) * (y - py) <= 4) {
            if (which) *which = k;
            return true;
        }
    }
    return false;
}
core::Heightmap pittedPlane() {
    core::Heightmap map(kSide, kSide);
    for (int y = 0; y < kSide; ++y)
        for (int x = 0; x < kSide; ++x) {
            double h = 100.0 + 0.1 * double(kSide - 1 - x);
            const double r = std::hypot(double(x - kBigX), double(y - kBigY));
            if (r <= kBigR) h -= 30.0 * (1.0 - (r / kBigR) * (r / kBigR));
            if (inSmallPit(x, y)) h -= 3.0;
            map.at(x, y) = float(h);
        }
    return map;
}

core::Geomorphometry measure(const core::Heightmap& metres, double spacing) {
    return core::measureRelief(core::ReliefSurface{metres, spacing, spacing}, {});
}

// `recipe` evaluated in `world` and measured (sea cells left out when `sea` is given) against the
// realism targets of docs/erosion.md: closed depressions at most 6 % of the land, slope falling
// with drainage area as S ~ A^-theta with theta 0.35..0.6 and r at most -0.8, curvature skewed
// towards the crests (> 0), no grid preference (within 10 %).
void expectErodedRelief(const core::Recipe& recipe, const core::WorldUnits& world, double spacing,
                        std::optional<double> sea, const std::string& what) {
    core::StackEvaluator evaluator(registry(), 0);
    const core::StackResult result = evaluator.evaluate(recipe, world, context());
    core::Heightmap metres(result.map->width(), result.map->height());
    for (std::size_t i = 0; i < metres.sampleCount(); ++i)
        metres.samples()[i] = float(result.heights.toMetres(result.map->samples()[i]));
    core::GeomorphOptions options;
    options.seaLevel_m = sea;
    const core::Geomorphometry m = core::measureRelief(core::ReliefSurface{metres, spacing, spacing}, options);
    ASSERT_TRUE(m.slopeArea && m.curvatureSkew && m.gridPreference) << what;
    std::printf("%s: closed %.1f %%, theta %.2f r %.2f, skew %.2f, grid %.2f\n", what.c_str(),
                100.0 * m.depressionShare, m.slopeArea->concavity, m.slopeArea->correlation, *m.curvatureSkew,
                *m.gridPreference);
    EXPECT_LE(m.depressionShare, 0.06) << what;
    EXPECT_GE(m.slopeArea->concavity, 0.35) << what;
    EXPECT_LE(m.slopeArea->concavity, 0.6) << what;
    EXPECT_LE(m.slopeArea->correlation, -0.8) << what;
    EXPECT_GT(*m.curvatureSkew, 0.0) << what;
    EXPECT_NEAR(*m.gridPreference, 1.0, 0.1) << what;
}

}  // namespace

// With strength 0 nothing is cut: what changes is the basins. `many` leaves every pit a lake;
// `few` keeps the big one (the largest basins while they cover at most 2 % of the map, none under
// 0.1 % of it) and fills the small ones to a floor that drains; `none` fills all: no closed depression remains.
TEST(RiverBasins, OnlyTheLakesAskedForStay) {
    const core::Heightmap map = pittedPlane();
    const auto lakeAt = [](const RiverRun& run, int x, int y) { return run.masks.at("lake")->at(x, y); };
    const auto smallPitsWet = [&](const RiverRun& run) {
        int wet = 0;
        for (int y = 0; y < kSide; ++y)
            for (int x = 0; x < kSide; ++x) wet += inSmallPit(x, y) && lakeAt(run, x, y) > 0.5f ? 1 : 0;
        return wet;
    };
    const RiverRun many = riverRun(map, {{"strength", "0"}, {"keep_height", "0"}, {"lakes", "many"}});
    const RiverRun few = riverRun(map, {{"strength", "0"}, {"keep_height", "0"}, {"lakes", "few"}});
    const RiverRun none = riverRun(map, {{"strength", "0"}, {"keep_height", "0"}, {"lakes", "none"}});
    const core::Geomorphometry mMany = measure(many.heights, 10.0), mFew = measure(few.heights, 10.0),
                               mNone = measure(none.heights, 10.0), mInput = measure(map, 10.0);
    std::printf("closed depressions: input %.2f %%, many %.2f %%, few %.2f %%, none %.2f %%\n",
                100.0 * mInput.depressionShare, 100.0 * mMany.depressionShare, 100.0 * mFew.depressionShare,
                100.0 * mNone.depressionShare);
    EXPECT_EQ(many.heights, map);  // nothing cut, nothing filled
    EXPECT_GE(lakeAt(many, kBigX, kBigY), 1.0f);
    EXPECT_GT(smallPitsWet(many), 36 * 5);
    EXPECT_GE(lakeAt(few, kBigX, kBigY), 1.0f);
    EXPECT_EQ(smallPitsWet(few), 0);
    EXPECT_EQ(lakeAt(none, kBigX, kBigY), 0.0f);
    EXPECT_EQ(smallPitsWet(none), 0);
    // The big pit is about 1 % of the map deeper than 1 m; `few` keeps exactly that.
    EXPECT_NEAR(mFew.depressionShare, mMany.depressionShare - (mInput.depressionShare - mFew.depressionShare), 1e-9);
    EXPECT_GT(mFew.depressionShare, 0.005);
    EXPECT_LT(mFew.depressionShare, mMany.depressionShare);
    EXPECT_EQ(mNone.depressionShare, 0.0);
    // A filled pit is a flat floor at its rim's lowest point, downhill (within the flood's tiny rise).
    for (int k = 0; k < 36; ++k) {
        const int px = 130 + (k % 6) * 20, py = 30 + (k / 6) * 40;
        EXPECT_NEAR(none.heights.at(px, py), map.at(px + 3, py), 0.05) << "pit " << k;
    }
}

// keep_height raises rock where the input is high to replace what the rivers carried away: the
// land wears down far less than without it, the rise is greatest where the input is highest (the
// mountains keep standing where they were placed), and the highest point is the input's (the
// divides it raised are scaled back into the input's height, never past the world's range).
TEST(RiverBasins, KeepHeightRaisesRockWhereTheInputIsHigh) {
    core::Recipe plain = core::defaultRecipe(registry(), "fbm");
    plain.detail = 9;
    plain.seed = 11;
    plain.params["feature_size_m"] = 2000.0;
    const auto run = [&](const char* keep) {
        core::Recipe r = plain;
        if (keep) r.operations.push_back(op(r, "river-erosion", {{"keep_height", keep}, {"lakes", "many"}}));
        core::StackEvaluator evaluator(registry(), 0);
        core::WorldUnits w = world(r, 4096.0);
        w.hiMetres = 800.0;
        return evaluator.evaluate(r, w, context());
    };
    const core::StackResult input = run(nullptr), kept = run("1"), worn = run("0");
    const std::size_t n = input.map->sampleCount();
    double meanIn = 0.0, meanKept = 0.0, meanWorn = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        meanIn += input.map->samples()[i];
        meanKept += kept.map->samples()[i];
        meanWorn += worn.map->samples()[i];
    }
    const double scale = input.heights.scale / double(n);
    std::printf("mean height change: keep_height 1 %.2f m, 0 %.2f m\n", (meanKept - meanIn) * scale,
                (meanWorn - meanIn) * scale);
    EXPECT_LT((meanWorn - meanIn) * scale, -5.0);
    EXPECT_LT(std::abs(meanKept - meanIn), 0.6 * std::abs(meanWorn - meanIn));
    EXPECT_EQ(*std::max_element(kept.map->samples().begin(), kept.map->samples().end()),
              *std::max_element(input.map->samples().begin(), input.map->samples().end()));
    // Where the input is in its highest tenth the rock rose more than where it is in its lowest.
    std::vector<float> sorted(input.map->samples().begin(), input.map->samples().end());
    std::sort(sorted.begin(), sorted.end());
    const float low = sorted[n / 10], high = sorted[n * 9 / 10];
    double riseHigh = 0.0, riseLow = 0.0;
    int countHigh = 0, countLow = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double rise = double(kept.map->samples()[i]) - worn.map->samples()[i];
        if (input.map->samples()[i] >= high) riseHigh += rise, ++countHigh;
        if (input.map->samples()[i] <= low) riseLow += rise, ++countLow;
    }
    std::printf("risen above the worn map: highest tenth %.1f m, lowest tenth %.1f m\n",
                riseHigh / countHigh * input.heights.scale, riseLow / countLow * input.heights.scale);
    EXPECT_GT(riseHigh / countHigh, 2.0 * riseLow / countLow);
}

// docs/erosion.md's realism targets for river-erosion at its defaults, at 90 m and 30 m per sample
// with 2 km of relief, at a small size (257², 513²; docs/tools/relief_figures.sh measures 513² and
// 1025²): closed depressions at most 6 % of the land, slope falling with drainage area as
// S ~ A^-theta with theta 0.35..0.6 and r at most -0.8, curvature skewed towards the crests
// (> 0), no grid preference (within 10 %).
TEST(RiverBasins, DefaultsMeasureAsErodedRelief) {
    struct Case {
        const char* algorithm;
        int detail;
        double spacing;
    };
    for (const Case c : {Case{"diamond-square", 8, 90.0}, Case{"diamond-square", 8, 30.0}, Case{"fbm", 9, 90.0}}) {
        core::Recipe r = core::defaultRecipe(registry(), c.algorithm);
        r.detail = c.detail;
        r.seed = 11;
        if (std::string(c.algorithm) == "fbm") r.params["feature_size_m"] = 220.0 * c.spacing;
        r.operations.push_back(op(r, "river-erosion"));
        core::WorldUnits w = world(r, c.spacing * double(1 << c.detail));
        w.hiMetres = 2000.0;
        expectErodedRelief(r, w, c.spacing, {}, std::string(c.algorithm) + " " + std::to_string(int(c.spacing)) + " m");
    }
}

// A recipe saved before format 5 with a river-erosion entry reads, and says its rivers now make
// another terrain (and how to come closest to the old one); one without river-erosion says nothing.
TEST(RiverBasins, ARecipeFromBeforeSaysItsRiversChanged) {
    const std::string world = R"("world":{"extent_m":4096,"height_range_m":[0,600],"sea_level_m":0,"reference_detail":9})";
    const std::string rivers = R"({"format":"terrain-recipe","version":4,"detail":8,"seed":4,)" + world +
                               R"(,"stack":[{"id":"base","type":"fbm","params":{}},{"id":"r","type":"river-erosion","params":{"strength":0.5}}]})";
    const std::string plain = R"({"format":"terrain-recipe","version":4,"detail":8,"seed":4,)" + world +
                              R"(,"stack":[{"id":"base","type":"fbm","params":{}}]})";
    int version = 0;
    const core::Recipe r = core::recipeFromText(registry(), rivers, "old.json", &version);
    EXPECT_EQ(version, 4);
    const std::string notice = core::olderRecipeNotice(version, r);
    EXPECT_NE(notice.find("river-erosion"), std::string::npos) << notice;
    EXPECT_NE(notice.find("lakes=many, keep_height=0"), std::string::npos) << notice;
    const core::Recipe p = core::recipeFromText(registry(), plain, "old.json", &version);
    EXPECT_TRUE(core::olderRecipeNotice(version, p).empty());
}

// Deposition's default became 0.2 in recipe format 6 (it was 0). A recipe of format 5 whose
// river-erosion entry leaves it out meant 0, inside a group too: it reads with 0 and makes the
// bytes it made (the same as a format 6 recipe saying 0), where one of format 6 leaving it out gets
// 0.2 and another terrain; one that gives it keeps its value, and saved again it says its value.
TEST(RiverBasins, ARecipeOfFormat5KeepsItsRiversWithoutDeposition) {
    const auto text = [](int version, const std::string& params, const std::string& inner = "") {
        return R"({"format":"terrain-recipe","version":)" + std::to_string(version) +
               R"(,"detail":8,"seed":4,"world":{"extent_m":4096,"height_range_m":[0,600],"sea_level_m":0,"reference_detail":8},)"
               R"("stack":[{"id":"base","type":"fbm","params":{}},{"id":"r","type":"river-erosion","params":{)" +
               params + R"(}},{"id":"g","type":"group","stack":[{"id":"inner","type":"river-erosion")" + inner + "}]}]}";
    };
    const auto read = [](const std::string& t) { return core::recipeFromText(registry(), t, "r.json"); };
    const auto deposition = [](const core::Recipe& r, std::size_t i) { return r.operations.at(i).params.at("deposition"); };
    const auto run = [](const core::Recipe& r) {
        core::StackEvaluator evaluator(registry(), 0);
        return evaluator.evaluate(r, core::worldUnits(r), context());
    };
    const core::Recipe old = read(text(5, R"("strength":16)"));
    ASSERT_EQ(old.operations.size(), 4U);  // r, the group, inner, the group's end
    EXPECT_EQ(deposition(old, 0), 0.0);
    EXPECT_EQ(deposition(old, 2), 0.0);
    const core::Recipe saidZero = read(text(6, R"("strength":16,"deposition":0)", R"(,"params":{"deposition":0})"));
    const core::Recipe current = read(text(6, R"("strength":16)"));
    EXPECT_EQ(deposition(current, 0), 0.2);
    EXPECT_EQ(deposition(current, 2), 0.2);
    EXPECT_EQ(deposition(read(text(5, R"("strength":16,"deposition":0.5)")), 0), 0.5);
    const core::StackResult a = run(old), b = run(saidZero), c = run(current);
    EXPECT_EQ(*a.map, *b.map);
    EXPECT_NE(*a.map, *c.map);
    const core::Recipe again = read(core::recipeToText(registry(), old));
    EXPECT_EQ(deposition(again, 0), 0.0);
    EXPECT_EQ(deposition(again, 2), 0.0);
    EXPECT_EQ(*run(again).map, *a.map);
}

// The eroded presets (`--recipe preset:ID`) moved into a world of 90 m per sample and 2 km of
// relief, at a small size (257²; docs/erosion.md has 513² and 1025² at 90 m and 30 m): each
// passes the same targets as the defaults above.
TEST(RiverBasins, ErodedPresetsMeasureAsErodedRelief) {
    for (const char* id : {"alpine", "eroded-hills", "canyon", "volcanic-island"}) {
        SCOPED_TRACE(id);
        core::Recipe r = core::loadRecipePreset(registry(), id);
        r.detail = 8;
        core::RecipeWorld to = r.world;
        to.extentMetres = 90.0 * 256.0;
        to.loMetres = 0.0;
        to.hiMetres = 2000.0;
        r = core::rescaledToWorld(registry(), r, core::withSeaLevelMoved(r.world, to), "world");
        expectErodedRelief(r, core::worldUnits(r), 90.0, r.world.seaLevelMetres, id);
    }
}

namespace {

// The mean height of the cells k samples from the map's nearest edge, k = 0 .. `depth`.
std::vector<double> meanByDistanceFromTheEdge(const core::Heightmap& m, int depth) {
    const int n = m.width();
    std::vector<double> sum(std::size_t(depth) + 1, 0.0), count(std::size_t(depth) + 1, 0.0);
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
            const int k = std::min(std::min(x, y), std::min(n - 1 - x, n - 1 - y));
            if (k > depth) continue;
            sum[std::size_t(k)] += double(m.at(x, y));
            count[std::size_t(k)] += 1.0;
        }
    for (std::size_t k = 0; k < sum.size(); ++k) sum[k] /= count[k];
    return sum;
}

}  // namespace

// With the map's edge the base level, the uplifted land rises in a band next to it and a divide
// runs along the map a coarse cell in (at 513², 4 samples): a frame around the map. Open, the
// erosion runs on the map extended past its edge and the band lies outside. Measured on the
// eroded presets at 513² (as docs/erosion.md): the rim's height above both the edge and the
// land 12 samples in, as a share of the map's height range.
TEST(RiverBasins, AnOpenEdgeLeavesNoRimAlongTheMap) {
    for (const char* id : {"eroded-hills", "alpine"}) {
        SCOPED_TRACE(id);
        double rim[2] = {0.0, 0.0};
        for (int open : {0, 1}) {
            core::Recipe r = core::loadRecipePreset(registry(), id);
            r.detail = 9;
            for (core::OpInstance& op : r.operations)
                if (op.type == "river-erosion") op.params.at("edge") = open ? 0.0 : 1.0;
            core::StackEvaluator evaluator(registry(), 0);
            const core::StackResult result = evaluator.evaluate(r, core::worldUnits(r), context());
            const auto [lo, hi] = std::minmax_element(result.map->samples().begin(), result.map->samples().end());
            const std::vector<double> mean = meanByDistanceFromTheEdge(*result.map, 12);
            const double band = *std::max_element(mean.begin() + 1, mean.begin() + 11);
            rim[open] = (band - std::max(mean[0], mean[12])) / (double(*hi) - double(*lo));
            std::printf("%s, edge %s: the edge %.4f, the highest of k = 1..10 %.4f, k = 12 %.4f: rim %.2f %% of the range\n",
                        id, open ? "open" : "base level", mean[0], band, mean[12], 100.0 * rim[open]);
        }
        EXPECT_GT(rim[0], 0.01);   // the frame, where the edge is the base level
        EXPECT_LT(rim[1], 0.002);  // none, open
    }
}

// Recipe format 7 made the open edge the default: a recipe of format 6 or older that leaves
// `edge` out reads with the base level and makes the bytes it made; saved again it says so.
TEST(RiverBasins, ARecipeOfFormat6KeepsItsEdge) {
    const auto read = [](int version, const std::string& params) { return riverRecipeOfFormat(version, params); };
    const auto edge = [](const core::Recipe& r) { return r.operations.at(0).params.at("edge"); };
    const auto run = [](const core::Recipe& r) { return runRecipe(r); };
    const core::Recipe old = read(6, R"("duration":0.3)");
    const core::Recipe said = read(7, R"("duration":0.3,"edge":"base level")");
    const core::Recipe current = read(7, R"("duration":0.3)");
    EXPECT_EQ(edge(old), 1.0);
    EXPECT_EQ(edge(current), 0.0);
    EXPECT_EQ(edge(read(6, R"("duration":0.3,"edge":"open")")), 0.0);
    const core::StackResult a = run(old), b = run(said), c = run(current);
    EXPECT_EQ(*a.map, *b.map);
    EXPECT_NE(*a.map, *c.map);
    const core::Recipe again = core::recipeFromText(registry(), core::recipeToText(registry(), old), "r.json");
    EXPECT_EQ(edge(again), 1.0);
    EXPECT_EQ(*run(again).map, *a.map);
}
