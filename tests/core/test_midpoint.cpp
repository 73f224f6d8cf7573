#include <core/bench/reference_generators.h>

#include <core/analysis/variogram.h>
#include <core/cancel.h>

#include <gtest/gtest.h>

#include <cmath>

namespace terrain {
namespace {

core::Heightmap fastMpd(const core::MidpointDisplacementParams& p, int threads = 1) {
    core::GenerateContext context;
    context.threads = threads;
    return core::midpointDisplacement(p, context);
}

core::MidpointDisplacementParams mpd(int detail, std::uint64_t seed, float spread, float reduction, bool clamp) {
    core::MidpointDisplacementParams p;
    p.detail = detail;
    p.seed = seed;
    p.spread = spread;
    p.roughness = reduction;
    p.clamp = clamp;
    return p;
}

TEST(MidpointDisplacement, MatchesSeedRecursionBitForBit) {
    for (int detail : {1, 2, 4, 7}) {
        for (bool clamp : {true, false}) {
            for (float spread : {0.3f, 0.9f}) {
                const auto p = mpd(detail, 42, spread, 0.5f, clamp);
                EXPECT_EQ(fastMpd(p), test::referenceMidpointDisplacement(p))
                    << "detail " << detail << " clamp " << clamp << " spread " << spread;
            }
        }
    }
}

TEST(MidpointDisplacement, SameBytesOnAnyThreadCount) {
    const auto p = mpd(9, 5, 0.3f, 0.5f, true);
    const auto one = fastMpd(p, 1);
    EXPECT_EQ(one, fastMpd(p, 2));
    EXPECT_EQ(one, fastMpd(p, 5));
}

TEST(MidpointDisplacement, ClampKeepsValuesInUnitRange) {
    const auto map = fastMpd(mpd(8, 3, 1.0f, 0.9f, true));
    const auto mm = core::minMax(map);
    EXPECT_GE(mm.min, 0.0f);
    EXPECT_LE(mm.max, 1.0f);
    // A spread this large hits both bounds: clamping really happens.
    EXPECT_EQ(mm.min, 0.0f);
    EXPECT_EQ(mm.max, 1.0f);
    const auto free = core::minMax(fastMpd(mpd(8, 3, 1.0f, 0.9f, false)));
    EXPECT_TRUE(free.min < 0.0f || free.max > 1.0f);
}

// Seed 004 treated 0.0 as "unset": a point clamped to exactly 0 was computed again and again.
// Here each point is written once, so clamped zeros survive and the map matches the reference.
TEST(MidpointDisplacement, ZeroValuedPointsAreNotRecomputed) {
    const auto p = mpd(6, 8, 1.0f, 0.95f, true);
    const auto map = fastMpd(p);
    int zeros = 0;
    for (float v : map.samples()) zeros += v == 0.0f;
    EXPECT_GT(zeros, 10);
    EXPECT_EQ(map, test::referenceMidpointDisplacement(p));
}

TEST(MidpointDisplacement, SpreadReductionIsTheRoughness) {
    auto h = [](float r) {
        double sum = 0;
        for (std::uint64_t s = 0; s < 3; ++s) sum += core::estimateHurst(fastMpd(mpd(10, 50 + s, 0.3f, r, false), 2), 2, 64).hurst;
        return sum / 3;
    };
    EXPECT_NEAR(h(0.7f), -std::log2(0.7), 0.15);
    EXPECT_GT(h(0.5f), h(0.8f));
}

TEST(MidpointLine, MatchesSeedReferenceBitForBit) {
    for (int detail : {1, 3, 9, 16}) {
        core::MidpointLineParams p;
        p.detail = detail;
        p.seed = 17;
        EXPECT_EQ(core::midpointLine(p, {}), test::referenceMidpointLine(p)) << "detail " << detail;
    }
}

TEST(MidpointLine, IsOneRowWithZeroEndpointsWithinTheRange) {
    core::MidpointLineParams p;
    p.detail = 10;
    p.seed = 2;
    const auto line = core::midpointLine(p, {});
    ASSERT_EQ(line.height(), 1);
    ASSERT_EQ(line.width(), 1025);
    EXPECT_EQ(line.at(0, 0), 0.0f);
    EXPECT_EQ(line.at(1024, 0), 0.0f);
    // Sum over levels of range/2 * 0.5 * r^L bounds every value.
    double bound = 0;
    for (int l = 1; l <= 10; ++l) bound += p.range / 2 * 0.5 * std::pow(p.roughness, l);
    const auto mm = core::minMax(line);
    EXPECT_GE(mm.min, -bound);
    EXPECT_LE(mm.max, bound);
    EXPECT_GT(mm.max - mm.min, 0.0f);
}

TEST(MidpointLine, RoughnessZeroGivesTheStraightLineThroughTheEnds) {
    core::MidpointLineParams p;
    p.detail = 6;
    p.roughness = 0.0f;
    const auto line = core::midpointLine(p, {});
    for (float v : line.samples()) EXPECT_EQ(v, 0.0f);
}

}  // namespace
}  // namespace terrain
