#include <core/bench/reference_generators.h>

#include <core/analysis/variogram.h>
#include <core/cancel.h>
#include <core/errors.h>
#include <core/generators/level_kernels.h>
#include <core/rng.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

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

core::MidpointLineParams lineParams(int detail, std::uint64_t seed, float roughness, float range = 128.0f) {
    core::MidpointLineParams p;
    p.detail = detail;
    p.seed = seed;
    p.roughness = roughness;
    p.range = range;
    return p;
}

std::vector<const core::LevelKernels*> allKernels() {
    int count = 0;
    const core::LevelKernels* const* list = core::supportedLevelKernels(count);
    return {list, list + count};
}

// Bit for bit (EXPECT_EQ on floats would accept -0 for +0 and reject equal NaNs).
bool sameBits(const core::Heightmap& a, const core::Heightmap& b) {
    return a.width() == b.width() && a.height() == b.height() &&
           std::memcmp(a.samples().data(), b.samples().data(), a.samples().size() * sizeof(float)) == 0;
}

// The fast path (coarse levels on block corners, then block by block in L1, vector kernels) equals
// the level-by-level reference for every kernel variant: single-block details (1, 2, 5, 12), the
// blocked ones (13, 16, 20, the largest), roughness 0 and 1, a roughness whose multipliers get
// subnormal, and ranges where range * 2^-24 is inexact (the two-multiply path of the kernel).
TEST(MidpointLine, FastPathEqualsReferenceForEveryKernelVariant) {
    struct Shape {
        float roughness, range;
    };
    const Shape shapes[] = {{0.5743491f, 128.0f}, {0.9f, 4096.0f}, {1.0f, 1.0f}, {0.0f, 128.0f},
                            {0.013f, 3.0f},        {0.37f, 1e-38f}, {0.61f, 7e-39f}};
    const auto kernels = allKernels();
    ASSERT_FALSE(kernels.empty());
    core::Heightmap fast;
    for (int detail : {1, 2, 5, 12, 13, 16, 20}) {
        for (std::uint64_t seed : {std::uint64_t(0), std::uint64_t(17), std::uint64_t(2026), ~std::uint64_t(0)}) {
            for (const Shape& shape : shapes) {
                // The big details for a few combinations only: the reference takes a while there.
                if (detail == 20 && (seed > 17 || shape.range < 1.0f)) continue;
                const auto p = lineParams(detail, seed, shape.roughness, shape.range);
                const auto reference = test::referenceMidpointLine(p);
                for (const core::LevelKernels* k : kernels) {
                    core::midpointLineIntoWith(*k, p, {}, fast);
                    EXPECT_TRUE(sameBits(fast, reference))
                        << k->name << " detail " << detail << " seed " << seed << " roughness " << shape.roughness
                        << " range " << shape.range;
                }
            }
        }
    }
}

// One kernel call for a whole line of up to 2^14 segments (more levels than a block) equals the
// reference too: the kernel itself does not depend on the block size.
TEST(MidpointLine, KernelAloneComputesAWholeLine) {
    for (const core::LevelKernels* k : allKernels()) {
        for (int detail : {1, 3, 9, 14}) {
            const auto p = lineParams(detail, 99, 0.7f, 200.0f);
            const int n = 1 << detail;
            std::vector<float> multipliers;
            float m = 0.5f * p.roughness;
            for (int l = 1; l <= detail; ++l, m *= p.roughness) multipliers.push_back(m);
            core::Heightmap line(n + 1, 1);
            std::vector<float> scratch(std::size_t(n) + 2);
            const core::PointHash hash(p.seed, core::RngStream::MidpointLine);
            // Index j is world-lattice position j * onLattice(1, detail) (the lattice rule). The
            // end point out[n] belongs to the next block (another thread's): never touched.
            const float sentinel = 12345.0f;
            line.row(0)[n] = sentinel;
            k->lineLevels(line.row(0), 0.0f, 0.0f, detail, hash.key, 0, core::onLattice(1, detail), p.range,
                          multipliers.data(), scratch.data());
            EXPECT_EQ(line.row(0)[n], sentinel) << k->name << " detail " << detail;
            line.row(0)[n] = 0.0f;
            EXPECT_TRUE(sameBits(line, test::referenceMidpointLine(p))) << k->name << " detail " << detail;
        }
    }
}

TEST(MidpointLine, SameBitsOnAnyThreadCount) {
    const auto p = lineParams(18, 5, 0.6f);
    core::GenerateContext context;
    const auto one = core::midpointLine(p, context);
    for (int threads : {2, 3, 8}) {
        context.threads = threads;
        EXPECT_TRUE(sameBits(one, core::midpointLine(p, context))) << threads << " threads";
    }
}

TEST(MidpointLine, ReportsProgressUpToOneAndCanBeCancelled) {
    for (int detail : {4, 20}) {
        core::GenerateContext context;
        float last = 0;
        int calls = 0;
        context.progress = [&](float f) {
            EXPECT_GE(f, last);
            EXPECT_LE(f, 1.0f);
            last = f;
            ++calls;
        };
        core::midpointLine(lineParams(detail, 1, 0.6f), context);
        EXPECT_GE(calls, 1);
        EXPECT_FLOAT_EQ(last, 1.0f) << "detail " << detail;
    }
    core::CancelToken token;
    core::GenerateContext context;
    context.cancel = &token;
    token.cancel();
    EXPECT_THROW(core::midpointLine(lineParams(6, 1, 0.6f), context), core::Cancelled);
    // Cancelled while running (at the progress report after the coarse levels): the blocks stop.
    core::CancelToken later;
    context.cancel = &later;
    int reports = 0;
    context.progress = [&](float f) {
        ++reports;
        if (f < 1.0f) later.cancel();
    };
    EXPECT_THROW(core::midpointLine(lineParams(20, 1, 0.6f), context), core::Cancelled);
    EXPECT_EQ(reports, 1);
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
