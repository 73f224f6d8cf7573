// The first shaping operations of the stack: curves, terrace, island, smooth. Each is
// run through the evaluator (core::evaluateStack) for the stack properties (thread counts, the
// lattice rule, bad parameters) and on hand-made inputs for its behaviour.
#include "core/analysis/variogram.h"
#include "core/cancel.h"
#include "core/errors.h"
#include "core/io/height_mapping.h"
#include "core/recipe.h"
#include "core/registry.h"
#include "core/stack/evaluator.h"

#include "stack_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>

namespace core = terrain::core;
using namespace stack_test;

namespace {

core::Recipe with(core::Recipe r, core::OpInstance o) {
    r.operations.push_back(std::move(o));
    return r;
}

core::Heightmap evaluate(const core::Recipe& r, int threads = 2) {
    return core::evaluateStack(registry(), r, world(r), context(threads));
}

// Runs one operation type directly on `input`, heights in metres (scale 1) over 0..100 m.
core::Heightmap runOn(const std::string& type, const core::Heightmap& input,
                      const std::map<std::string, double>& params, double metresPerSample = 1.0,
                      std::optional<core::HeightScale> heights = std::nullopt) {
    const core::OpType* t = registry().findOp(type);
    EXPECT_NE(t, nullptr);
    core::Heightmap out = core::Heightmap::uninitialized(input.width(), input.height());
    core::HeightScale h;
    h.loMetres = 0.0;
    h.hiMetres = 100.0;
    if (heights) h = *heights;
    const core::GenerateContext c = context();
    const core::OpCall call{input, out, h, metresPerSample, 8, 7, c, {}, nullptr, nullptr, {}, {}, nullptr, {}, 0.0};
    t->run(params, call);
    return out;
}

// A ramp along x over 0..100 m, samples at the middles of `width` equal intervals.
core::Heightmap ramp(int width, int height = 3) {
    core::Heightmap m(width, height);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) m.at(x, y) = float(100.0 * (x + 0.5) / width);
    return m;
}

// The map at detail 9 sampled every 2nd point must equal detail 8 exactly.
void expectLatticeExact(const core::OpInstance& o) {
    core::Recipe coarse = with(baseRecipe(8), o);
    core::Recipe fine = coarse;
    fine.detail = 9;
    const core::Heightmap c = evaluate(coarse);
    const core::Heightmap f = evaluate(fine);
    for (int y = 0; y < c.height(); ++y)
        for (int x = 0; x < c.width(); ++x) ASSERT_EQ(f.at(2 * x, 2 * y), c.at(x, y)) << o.type << " " << x << "," << y;
}

void expectRefused(const core::OpInstance& o, const std::string& field) {
    const core::Recipe r = with(baseRecipe(), o);
    try {
        core::validateRecipe(registry(), r);
        ADD_FAILURE() << o.type << ": " << field << " accepted";
    } catch (const core::StageError& e) {
        EXPECT_EQ(e.field(), o.id + "." + field) << e.what();
    }
    EXPECT_THROW(evaluate(r), core::StageError);
}

double relief(const core::Heightmap& m) {
    const auto [lo, hi] = std::minmax_element(m.samples().begin(), m.samples().end());
    return double(*hi) - double(*lo);
}

double mean(const core::Heightmap& m) {
    double s = 0;
    for (float v : m.samples()) s += v;
    return s / double(m.sampleCount());
}

}  // namespace

// --- every operation -------------------------------------------------------------------------

TEST(Ops, RegisteredInMenuOrder) {
    std::vector<std::string> ids;
    for (const auto& t : registry().ops()) ids.push_back(t.id);
    EXPECT_EQ(ids, (std::vector<std::string>{"curves", "terrace", "island", "smooth", "clamp", "normalize", "mask", "thermal-erosion", "hydraulic-erosion", "river-erosion", "layout", "import-mask"}));
    for (const auto& t : registry().ops()) {
        for (const auto& p : t.params) {
            EXPECT_FALSE(p.help.empty()) << t.id << "." << p.key;
            EXPECT_GE(p.defaultValue, p.min) << t.id << "." << p.key;
            EXPECT_LE(p.defaultValue, p.max) << t.id << "." << p.key;
        }
    }
}

TEST(Ops, SameBytesOnOneTwoAndThreeThreads) {
    const core::Recipe base = baseRecipe(9);
    const std::vector<core::OpInstance> ops{
        op(base, "curves", {{"in_low", "0.1"}, {"gamma", "1.7"}, {"points", "2"}, {"p1_in", "0.3"}, {"p1_out", "0.5"},
                       {"p2_in", "0.6"}}),
        op(base, "terrace", {{"steps", "6"}, {"sharpness", "0.7"}, {"edge_noise", "20"}, {"edge_scale", "150"}}),
        op(base, "terrace", {{"steps", "5"}, {"sharpness", "1"}}),
        op(base, "island", {{"shape", "round"}, {"falloff_start", "100"}, {"falloff_end", "900"}}),
        op(base, "island", {{"shape", "square"}, {"curve", "ease"}, {"sea_floor", "-50"}}),
        op(base, "smooth", {{"radius", "37"}, {"strength", "0.8"}}),
        op(base, "smooth", {{"radius", "400"}}),
    };
    for (const auto& o : ops) {
        const core::Recipe r = with(base, o);
        const core::Heightmap one = evaluate(r, 1);
        EXPECT_FALSE(one == evaluate(base, 1)) << o.type << " changed nothing";
        for (int threads : {2, 3}) EXPECT_TRUE(evaluate(r, threads) == one) << o.type << " threads " << threads;
    }
}

TEST(Ops, PerSampleOperationsKeepTheLatticeRuleExactly) {
    const core::Recipe r = baseRecipe();
    expectLatticeExact(op(r, "curves", {{"in_high", "0.8"}, {"gamma", "0.6"}, {"points", "1"}, {"p1_in", "0.4"}, {"p1_out", "0.2"}}));
    expectLatticeExact(op(r, "terrace", {{"steps", "7"}, {"sharpness", "0.6"}, {"offset", "0.3"}}));
    expectLatticeExact(op(r, "terrace", {{"steps", "7"}, {"sharpness", "1"}, {"edge_noise", "30"}, {"edge_scale", "77"}}));
    for (const char* shape : {"square", "round"}) {
        for (const char* curve : {"smoothstep", "linear", "ease"}) {
            expectLatticeExact(op(r, "island", {{"shape", shape}, {"curve", curve}, {"falloff_start", "130"},
                                                {"falloff_end", "1100"}, {"sea_floor", "-20"}}));
        }
    }
}

TEST(Ops, BadParametersAreRefusedNamingTheField) {
    const core::Recipe r = baseRecipe();
    expectRefused(op(r, "curves", {{"in_low", "0.6"}, {"in_high", "0.6"}}), "in_low");
    expectRefused(op(r, "curves", {{"points", "3"}, {"p1_in", "0.2"}, {"p2_in", "0.5"}, {"p3_in", "0.4"}}), "p3_in");
    expectRefused(op(r, "curves", {{"points", "1"}, {"p1_in", "0"}}), "p1_in");
    expectRefused(op(r, "island", {{"falloff_start", "500"}, {"falloff_end", "500"}}), "falloff_start");
    core::OpInstance o = op(r, "terrace");
    EXPECT_THROW(core::setOperationParamFromText(registry(), o, "steps", "65", "steps"), core::InputError);
    EXPECT_THROW(core::setOperationParamFromText(registry(), o, "sharpness", "1.5", "sharpness"), core::InputError);
    core::OpInstance s = op(r, "smooth");
    EXPECT_THROW(core::setOperationParamFromText(registry(), s, "radius", "-1", "radius"), core::InputError);
    core::OpInstance i = op(r, "island");
    EXPECT_THROW(core::setOperationParamFromText(registry(), i, "shape", "hexagon", "shape"), core::InputError);
    // Points past `points` are not checked: they are not used.
    core::OpInstance unused = op(r, "curves", {{"points", "1"}, {"p1_in", "0.5"}, {"p2_in", "0.1"}});
    EXPECT_NO_THROW(core::validateRecipe(registry(), with(r, unused)));
}

// --- curves ----------------------------------------------------------------------------------

TEST(Curves, DefaultsGiveTheInputBytes) {
    const core::Recipe base = baseRecipe(9);
    EXPECT_TRUE(evaluate(with(base, op(base, "curves"))) == evaluate(base));
    // Points on the diagonal are the identity too.
    EXPECT_TRUE(evaluate(with(base, op(base, "curves", {{"points", "8"}}))) == evaluate(base));
}

TEST(Curves, LevelsAndGammaFollowTheFormula) {
    const core::Heightmap in = ramp(1000);
    const core::Heightmap out =
        runOn("curves", in, {{"in_low", 0.2}, {"in_high", 0.7}, {"out_low", 0.1}, {"out_high", 0.9}, {"gamma", 2.0}});
    for (int x = 0; x < in.width(); ++x) {
        const double t = in.at(x, 0) / 100.0;
        const double u = std::clamp((t - 0.2) / 0.5, 0.0, 1.0);
        EXPECT_NEAR(out.at(x, 0), 100.0 * (0.1 + 0.8 * u * u), 1e-3) << x;
    }
    // Levels alone (no curve, gamma 1) are exact linear maps; out_high below out_low inverts.
    const core::Heightmap inverted = runOn("curves", in, {{"out_low", 1.0}, {"out_high", 0.0}});
    for (int x = 0; x < in.width(); ++x) EXPECT_NEAR(inverted.at(x, 0), 100.0 - in.at(x, 0), 1e-4);
}

TEST(Curves, MonotoneCurveThroughThePointsWithoutOvershoot) {
    const core::Heightmap in = ramp(4000);
    // A steep rise then a near-flat shelf: an ordinary cubic spline would overshoot the shelf.
    const core::Heightmap out = runOn("curves", in, {{"points", 3},
                                                    {"p1_in", 0.2}, {"p1_out", 0.1},
                                                    {"p2_in", 0.3}, {"p2_out", 0.7},
                                                    {"p3_in", 0.8}, {"p3_out", 0.72}});
    for (int x = 1; x < in.width(); ++x) ASSERT_GE(out.at(x, 0), out.at(x - 1, 0)) << x;
    for (int x = 0; x < in.width(); ++x) {
        const double t = in.at(x, 0) / 100.0;
        if (t > 0.3 && t < 0.8) {
            ASSERT_GE(out.at(x, 0), 70.0 - 1e-3) << x;
            ASSERT_LE(out.at(x, 0), 72.0 + 1e-3) << x;
        }
    }
    // Through the points (the ramp has samples within 0.0125 m of each).
    const auto near = [&](double t) { return out.at(int(t * in.width()), 0); };
    EXPECT_NEAR(near(0.2), 10.0, 0.1);
    EXPECT_NEAR(near(0.3), 70.0, 0.1);
    EXPECT_NEAR(near(0.8), 72.0, 0.1);
    // A falling pair (a caldera) is allowed and stays between its points too.
    const core::Heightmap down = runOn("curves", in, {{"points", 2}, {"p1_in", 0.5}, {"p1_out", 0.9},
                                                     {"p2_in", 0.7}, {"p2_out", 0.6}});
    for (int x = 0; x < in.width(); ++x) {
        const double t = in.at(x, 0) / 100.0;
        if (t > 0.5 && t < 0.7) {
            ASSERT_TRUE(down.at(x, 0) <= 90.0 + 1e-3 && down.at(x, 0) >= 60.0 - 1e-3) << x;
        }
    }
}

// --- terrace ---------------------------------------------------------------------------------

TEST(Terrace, SharpnessOneGivesExactlyNPlateausOnARamp) {
    const core::Heightmap in = ramp(2000);
    for (int steps : {1, 2, 5, 13, 64}) {
        const core::Heightmap out = runOn("terrace", in, {{"steps", steps}, {"sharpness", 1.0}});
        const std::set<float> levels(out.samples().begin(), out.samples().end());
        EXPECT_EQ(int(levels.size()), steps);
        // Plateaus at the middles of the steps.
        EXPECT_NEAR(*levels.begin(), 50.0 / steps, 1e-3);
    }
    // The offset shifts the levels by a fraction of a step.
    const core::Heightmap shifted = runOn("terrace", in, {{"steps", 4}, {"sharpness", 1.0}, {"offset", 0.5}});
    const std::set<float> levels(shifted.samples().begin(), shifted.samples().end());
    EXPECT_NEAR(*levels.begin(), 0.0, 1e-4);  // the step below the first boundary at 12.5 m
    EXPECT_NEAR(*std::next(levels.begin()), 25.0, 1e-4);
}

TEST(Terrace, SharpnessShapesTheStepsBetweenIdentityAndFlat) {
    const core::Heightmap in = ramp(2000);
    const core::Heightmap none = runOn("terrace", in, {{"steps", 5}, {"sharpness", 0.0}});
    EXPECT_TRUE(none == in);
    const core::Heightmap half = runOn("terrace", in, {{"steps", 5}, {"sharpness", 0.5}});
    int flat = 0;
    for (int x = 1; x < in.width(); ++x) {
        ASSERT_GE(half.at(x, 0), half.at(x - 1, 0)) << x;  // still a staircase, never going down
        flat += half.at(x, 0) == half.at(x - 1, 0);
    }
    // Half of each step is flat at sharpness 0.5, within a few samples.
    EXPECT_NEAR(flat, in.width() / 2, 20);
    EXPECT_NEAR(half.at(in.width() / 10, 0), 10.0, 1e-3);  // a plateau centre keeps its level
}

TEST(Terrace, EdgeNoiseMovesTheRisersOnly) {
    const core::Recipe base = baseRecipe(8);
    const core::Recipe plain = with(base, op(base, "terrace", {{"steps", "6"}, {"sharpness", "1"}}));
    const core::Recipe noisy =
        with(base, op(base, "terrace", {{"steps", "6"}, {"sharpness", "1"}, {"edge_noise", "40"}, {"edge_scale", "200"}}));
    const core::Heightmap a = evaluate(plain), b = evaluate(noisy);
    EXPECT_FALSE(a == b);
    // Flat steps either way: the same set of plateau levels.
    const std::set<float> la(a.samples().begin(), a.samples().end()), lb(b.samples().begin(), b.samples().end());
    EXPECT_TRUE(std::includes(la.begin(), la.end(), lb.begin(), lb.end()) ||
                std::includes(lb.begin(), lb.end(), la.begin(), la.end()));
    // The noise follows the recipe's seed.
    core::Recipe other = noisy;
    other.seed = 8;
    core::Recipe otherPlain = plain;
    otherPlain.seed = 8;
    EXPECT_FALSE(evaluate(other) == evaluate(otherPlain));
}

// --- island ----------------------------------------------------------------------------------

TEST(Island, BorderSinksToTheSeaFloorAndTheInteriorIsUntouched) {
    const core::Recipe base = baseRecipe(8);  // 257², 15.625 m per sample
    const core::Heightmap input = evaluate(base);
    const double mps = world(base).metresPerPixel;
    for (const char* shape : {"square", "round"}) {
        const core::Recipe r = with(base, op(base, "island", {{"shape", shape}, {"falloff_start", "0"},
                                                            {"falloff_end", "800"}, {"sea_floor", "-40"}}));
        core::StackEvaluator evaluator(registry());
        const core::StackResult result = evaluator.evaluate(r, world(r), context());
        const core::Heightmap& out = *result.map;
        const float sea = float(result.heights.toRaw(-40.0));
        const int n = out.width();
        for (int i = 0; i < n; ++i) {
            ASSERT_EQ(out.at(i, 0), sea) << shape << i;
            ASSERT_EQ(out.at(i, n - 1), sea) << shape << i;
            ASSERT_EQ(out.at(0, i), sea) << shape << i;
            ASSERT_EQ(out.at(n - 1, i), sea) << shape << i;
        }
        const bool round = std::string(shape) == "round";
        int untouched = 0;
        for (int y = 0; y < n; ++y) {
            for (int x = 0; x < n; ++x) {
                const double fromBorder =
                    round ? (n - 1) * mps / 2 - std::hypot(x - (n - 1) / 2.0, y - (n - 1) / 2.0) * mps
                          : std::min({x, y, n - 1 - x, n - 1 - y}) * mps;
                if (fromBorder >= 800.0 + 1e-3) {
                    ASSERT_EQ(out.at(x, y), input.at(x, y)) << shape << x << "," << y;
                    ++untouched;
                } else if (fromBorder > 1e-3) {
                    // Within the falloff: between the sea floor and the input.
                    const float lo = std::min(sea, input.at(x, y)), hi = std::max(sea, input.at(x, y));
                    ASSERT_TRUE(out.at(x, y) >= lo - 1e-4f && out.at(x, y) <= hi + 1e-4f) << shape << x << "," << y;
                }
            }
        }
        EXPECT_GT(untouched, n * n / 4) << shape;
    }
}

TEST(Island, CurvesRiseAcrossTheFalloffAsNamed) {
    core::Heightmap flat(201, 201);
    std::fill(flat.samples().begin(), flat.samples().end(), 100.0f);
    // Square, 1 m per sample, falloff from 0 to 100 m: column x at row 100 is x m from the border.
    const auto at = [&](const char* curve, int x) {
        const int index = curve[0] == 'l' ? 1 : curve[0] == 's' ? 0 : 2;
        return runOn("island", flat, {{"shape", 0}, {"curve", index}, {"falloff_start", 0}, {"falloff_end", 100},
                                      {"sea_floor", 0}})
            .at(x, 100);
    };
    EXPECT_NEAR(at("linear", 25), 25.0, 1e-4);
    EXPECT_NEAR(at("smoothstep", 25), 100.0 * 0.25 * 0.25 * 2.5, 1e-4);
    EXPECT_NEAR(at("ease", 25), 100.0 * (1 - 0.75 * 0.75), 1e-4);
}

// The plain per-sample formulas, in float as documented, written out here: the kernels (built
// for AVX-512, AVX2 or the baseline, whichever the CPU has) must give exactly these bits.
TEST(Island, MatchesThePlainFormulaBitForBit) {
    const core::Recipe base = baseRecipe(7);
    const core::Heightmap input = evaluate(base);
    const int n = input.width();
    const float mps = 1.5f, start = 20.0f, sea = -3.0f;
    const float invSpan = float(1.0 / (90.0 - 20.0));
    for (int shape : {0, 1}) {
        const core::Heightmap out = runOn("island", input, {{"shape", shape}, {"curve", 0}, {"falloff_start", 20},
                                                           {"falloff_end", 90}, {"sea_floor", -3}}, 1.5);
        for (int y = 0; y < n; ++y) {
            for (int x = 0; x < n; ++x) {
                float d;
                if (shape == 0) {
                    d = float(std::min({x, n - 1 - x, y, n - 1 - y})) * mps;
                } else {
                    const float cx = float(2 * x - (n - 1)), cy = float(2 * y - (n - 1));
                    d = float(n - 1) * (0.5f * mps) - std::sqrt(cx * cx + cy * cy) * (0.5f * mps);
                }
                const float z = (d - start) * invSpan;
                const float c = std::clamp(z, 0.0f, 1.0f);
                const float w = c * c * (3.0f - 2.0f * c);
                const float expected = z >= 1.0f ? input.at(x, y) : input.at(x, y) * w + sea * (1.0f - w);
                ASSERT_EQ(out.at(x, y), expected) << shape << " " << x << "," << y;
            }
        }
    }
}

TEST(Terrace, FlatStepsMatchThePlainFormulaBitForBit) {
    const core::Recipe base = baseRecipe(7);
    core::Heightmap input = evaluate(base);
    const core::MinMax range = core::finiteMinMax(input);
    for (float& v : input.samples()) v = (v - range.min) / (range.max - range.min) * 100.0f;  // over 0..100 m
    const double step = 100.0 / 7.0;
    const core::Heightmap out = runOn("terrace", input, {{"steps", 7}, {"sharpness", 1.0}, {"offset", 0.25}});
    const float a = float(1.0 / step), b = float(-0.25), scale = float(step), bias = float(0.25 * step);
    for (std::size_t i = 0; i < input.sampleCount(); ++i) {
        const float u = input.samples()[i] * a + b;
        ASSERT_EQ(out.samples()[i], (std::floor(u) + 0.5f) * scale + bias) << i;
    }
}

// --- smooth ----------------------------------------------------------------------------------

// The plain reference: each pass a direct weighted sum over the extended box (integer half-width
// l, edge weight alpha), clamped edges, in double; three passes along x, then three along y.
core::Heightmap referenceSmooth(const core::Heightmap& in, double sigma) {
    const double v = sigma * sigma / 3.0;
    int l = 0;
    while (double(l + 1) * (l + 2) / 3.0 <= v) ++l;
    const double alpha = (2.0 * l + 1) * (v - l * (l + 1.0) / 3.0) / (2.0 * ((l + 1.0) * (l + 1.0) - v));
    const double w = 1.0 / (2.0 * l + 1 + 2 * alpha);
    const int width = in.width(), height = in.height();
    std::vector<double> a(in.samples().begin(), in.samples().end()), b(a.size());
    const auto pass = [&](bool alongX) {
        for (int y = 0; y < height; ++y) {
            for (int x = 0; x < width; ++x) {
                const auto get = [&](int k) {
                    const int xx = alongX ? std::clamp(x + k, 0, width - 1) : x;
                    const int yy = alongX ? y : std::clamp(y + k, 0, height - 1);
                    return a[std::size_t(yy) * std::size_t(width) + std::size_t(xx)];
                };
                double s = alpha * (get(-l - 1) + get(l + 1));
                for (int k = -l; k <= l; ++k) s += get(k);
                b[std::size_t(y) * std::size_t(width) + std::size_t(x)] = float(w * s);
            }
        }
        std::swap(a, b);
    };
    for (int i = 0; i < 3; ++i) pass(true);
    for (int i = 0; i < 3; ++i) pass(false);
    core::Heightmap out(width, height);
    for (std::size_t i = 0; i < a.size(); ++i) out.samples()[i] = float(a[i]);
    return out;
}

// Raw heights are metres and the world's range is the map's, as the stack gives an operation.
core::HeightScale rangeOf(const core::Heightmap& map) {
    const auto [lo, hi] = std::minmax_element(map.samples().begin(), map.samples().end());
    core::HeightScale h;
    h.loMetres = *lo;
    h.hiMetres = *hi;
    return h;
}

TEST(Smooth, MatchesThePlainReference) {
    const core::Recipe base = baseRecipe(6);
    const core::Heightmap input = evaluate(base);
    for (double sigma : {0.4, 1.0, 2.7, 9.3, 150.0}) {  // the last is wider than the 65² map
        const core::Heightmap fast = runOn("smooth", input, {{"radius", sigma}, {"strength", 1.0}}, 1.0, rangeOf(input));
        const core::Heightmap slow = referenceSmooth(input, sigma);
        const double tolerance = 1e-5 * relief(input);
        for (std::size_t i = 0; i < fast.sampleCount(); ++i)
            ASSERT_NEAR(fast.samples()[i], slow.samples()[i], tolerance) << sigma << " at " << i;
    }
}

// Long lines of heights far from zero (and from the height range the call names) keep their
// precision: the fixed-point step is a fraction of the height range, the sums are exact.
TEST(Smooth, LongLinesFarFromZeroKeepTheirPrecision) {
    core::Heightmap input(4097, 40);
    for (int y = 0; y < input.height(); ++y)
        for (int x = 0; x < input.width(); ++x)
            input.at(x, y) = float(5000.0 + 3.0 * std::sin(x * 0.05) + 2.0 * std::cos(y * 0.3 + x * 0.011));
    const core::Heightmap fast = runOn("smooth", input, {{"radius", 6.5}, {"strength", 1.0}}, 1.0, rangeOf(input));
    const core::Heightmap slow = referenceSmooth(input, 6.5);
    const double tolerance = 2e-4 * relief(input);  // the float spacing at 5000 is 5e-4
    for (std::size_t i = 0; i < fast.sampleCount(); ++i) ASSERT_NEAR(fast.samples()[i], slow.samples()[i], tolerance) << i;
}

// A height far outside the world's range is held 8 ranges out, and a NaN counts as the range's
// low end: both stay within the filter's reach, every output is finite, and the blur keeps the
// held values' mass (800 m where 1e12 was, 0 m where the NaN was).
TEST(Smooth, FarOutHeightsAndNaNStayLocal) {
    const core::Heightmap clean = ramp(129, 129);  // 0..100 m, the range runOn gives
    core::Heightmap dirty = clean;
    dirty.at(20, 20) = 1e12f;
    dirty.at(100, 90) = std::numeric_limits<float>::quiet_NaN();
    const std::map<std::string, double> params{{"radius", 3.0}};  // l = 2: reach 9 samples
    const core::Heightmap a = runOn("smooth", clean, params), b = runOn("smooth", dirty, params);
    double massHigh = 0.0, massNaN = 0.0;
    for (int y = 0; y < b.height(); ++y) {
        for (int x = 0; x < b.width(); ++x) {
            ASSERT_TRUE(std::isfinite(b.at(x, y))) << x << "," << y;
            const bool nearHigh = std::abs(x - 20) <= 9 && std::abs(y - 20) <= 9;
            const bool nearNaN = std::abs(x - 100) <= 9 && std::abs(y - 90) <= 9;
            if (nearHigh) {
                massHigh += double(b.at(x, y)) - double(a.at(x, y));
            } else if (nearNaN) {
                massNaN += double(b.at(x, y)) - double(a.at(x, y));
            } else {
                ASSERT_EQ(a.at(x, y), b.at(x, y)) << x << "," << y;
            }
        }
    }
    EXPECT_NEAR(massHigh, 800.0 - double(clean.at(20, 20)), 0.5);
    EXPECT_NEAR(massNaN, 0.0 - double(clean.at(100, 90)), 0.5);
}

// A radius of far more samples than any map (a tiny spacing) blurs as the widest blur, 65536
// samples: the same bytes, all finite, no overflow of the filter's half-width.
TEST(Smooth, AWidthBeyondTheCapBlursAsTheCap) {
    const core::Heightmap input = evaluate(baseRecipe(6));
    const core::Heightmap huge = runOn("smooth", input, {{"radius", 100000.0}}, 1e-4, rangeOf(input));
    const core::Heightmap cap = runOn("smooth", input, {{"radius", 65536.0}}, 1.0, rangeOf(input));
    EXPECT_TRUE(huge == cap);
    for (float v : huge.samples()) ASSERT_TRUE(std::isfinite(v));
    const auto [lo, hi] = std::minmax_element(huge.samples().begin(), huge.samples().end());
    EXPECT_LT(*hi - *lo, 0.01 * relief(input)) << "nearly the mean everywhere";
}

TEST(Smooth, LowersTheShortLagVariogramAndKeepsTheMean) {
    const core::Recipe base = baseRecipe(9);
    const core::Heightmap input = evaluate(base);
    const core::Heightmap out = evaluate(with(base, op(base, "smooth", {{"radius", "40"}})));  // ~5 samples
    const auto before = core::variogram(input, 4), after = core::variogram(out, 4);
    ASSERT_EQ(before.size(), 3u);  // lags 1, 2, 4
    EXPECT_LT(after[0].gamma, 0.2 * before[0].gamma);  // measured 0.11
    EXPECT_LT(after[1].gamma, 0.3 * before[1].gamma);  // 0.20
    EXPECT_LT(after[2].gamma, 0.6 * before[2].gamma);
    EXPECT_NEAR(mean(out), mean(input), 0.002 * relief(input));
    // Strength mixes with the input; 0 gives the input's bytes.
    EXPECT_TRUE(evaluate(with(base, op(base, "smooth", {{"radius", "40"}, {"strength", "0"}}))) == input);
    const core::Heightmap half = evaluate(with(base, op(base, "smooth", {{"radius", "40"}, {"strength", "0.5"}})));
    for (std::size_t i = 0; i < half.sampleCount(); i += 997)
        EXPECT_NEAR(half.samples()[i], 0.5 * (input.samples()[i] + out.samples()[i]), 1e-5 * relief(input));
}

// The blur is defined in metres, so the map at detail 9 sampled every 2nd point is close to the
// map at detail 8; the rest is the finer input's own detail and the discrete kernels. Stated in
// docs/algorithms.md: RMS within 0.5 % of the relief and the largest difference within 2 %
// (measured: 0.25 % and 1.1 % at half a sample, falling as the radius grows).
TEST(Smooth, KeepsTheLatticeRuleWithinTheStatedTolerance) {
    for (const char* radius : {"8", "16", "40", "120", "600"}) {  // 0.5, 1, 2.6, 7.7 and 38 samples at detail 8
        core::Recipe coarse = baseRecipe(8);
        coarse = with(coarse, op(coarse, "smooth", {{"radius", radius}}));
        core::Recipe fine = coarse;
        fine.detail = 9;
        const core::Heightmap c = evaluate(coarse), f = evaluate(fine);
        const double r = relief(evaluate(baseRecipe(8)));
        double sum = 0, worst = 0;
        for (int y = 0; y < c.height(); ++y) {
            for (int x = 0; x < c.width(); ++x) {
                const double d = std::abs(double(f.at(2 * x, 2 * y)) - c.at(x, y));
                sum += d * d;
                worst = std::max(worst, d);
            }
        }
        const double rms = std::sqrt(sum / double(c.sampleCount()));
        RecordProperty(std::string("rms_fraction_") + radius, std::to_string(rms / r));
        RecordProperty(std::string("max_fraction_") + radius, std::to_string(worst / r));
        std::printf("smooth radius %s m: lattice difference RMS %.5f, max %.5f of the relief\n", radius, rms / r,
                    worst / r);
        EXPECT_LE(rms, 0.005 * r) << radius;
        EXPECT_LE(worst, 0.02 * r) << radius;
    }
}
