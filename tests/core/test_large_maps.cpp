// Maps of 4097² and more take the generators' large-map path: the last level's rows are written
// with non-temporal stores past the cache, from coarse grids kept in per-thread buffers. Their
// bits must still be the reference's, on any thread count.
#include <core/bench/reference_generators.h>
#include <core/cancel.h>

#include <gtest/gtest.h>

namespace terrain {
namespace {

core::GenerateContext threads(int count) {
    core::GenerateContext context;
    context.threads = count;
    return context;
}

TEST(LargeMaps, DiamondSquareAt4097MatchesTheReferenceOnOneAndTwoThreads) {
    core::DiamondSquareParams p;
    p.detail = 12;
    p.seed = 4097;
    p.edge = core::EdgeMode::Wrap;
    const core::Heightmap reference = test::referenceDiamondSquare(p);
    EXPECT_EQ(core::diamondSquare(p, threads(2)), reference);
    EXPECT_EQ(core::diamondSquare(p, threads(1)), reference);
}

TEST(LargeMaps, MidpointDisplacementAt4097MatchesTheReferenceOnTwoThreads) {
    core::MidpointDisplacementParams p;
    p.detail = 12;
    p.seed = 4097;
    EXPECT_EQ(core::midpointDisplacement(p, threads(2)), test::referenceMidpointDisplacement(p));
}

TEST(LargeMaps, ASmallMapAfterALargeOneReusesTheBuffersCorrectly) {
    core::DiamondSquareParams p;
    p.detail = 12;
    (void)core::diamondSquare(p, threads(2));
    p.detail = 6;
    p.seed = 9;
    EXPECT_EQ(core::diamondSquare(p, threads(2)), test::referenceDiamondSquare(p));
}

}  // namespace
}  // namespace terrain
