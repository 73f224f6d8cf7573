// interpolation=cubic, the remedy for the grid artefacts: it matches its
// step-by-step reference, gives the same bytes on any thread count, leaves the default untouched,
// and lowers the crease score. The lattice rule for it is in test_lattice.cpp.
//
// Test names contain the generator's name, so ctest runs them again with every kernel variant.
#include "lattice_test_support.h"

#include <core/analysis/statistics.h>
#include <core/bench/reference_generators.h>
#include <core/recipe.h>
#include <core/registry.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <string>

namespace terrain {
namespace {

using core::EdgeMode;
using core::Interpolation;
using test::edgeName;
using test::onThreads;
using test::sameBits;

core::DiamondSquareParams cubicDs(int detail, std::uint64_t seed, float roughness, EdgeMode edge) {
    core::DiamondSquareParams p;
    p.detail = detail;
    p.seed = seed;
    p.roughness = roughness;
    p.edge = edge;
    p.interpolation = Interpolation::Cubic;
    return p;
}

core::MidpointDisplacementParams cubicMpd(int detail, std::uint64_t seed, float roughness, bool clamp) {
    core::MidpointDisplacementParams p;
    p.detail = detail;
    p.seed = seed;
    p.roughness = roughness;
    p.clamp = clamp;
    p.interpolation = Interpolation::Cubic;
    return p;
}

TEST(CubicDiamondSquare, MatchesReferenceBitForBitOnAnyThreadCount) {
    for (EdgeMode edge : {EdgeMode::Clip, EdgeMode::Wrap, EdgeMode::Reflect}) {
        for (bool fixedCorners : {false, true}) {
            for (int detail : {1, 2, 3, 5, 8}) {
                for (float r : {0.0f, 0.3f, 0.6f, 1.0f}) {
                    auto p = cubicDs(detail, 77u + std::uint64_t(detail), r, edge);
                    p.fixedCorners = fixedCorners;
                    p.corners = {0.25f, -0.5f, 0.75f, 2.0f};
                    const core::Heightmap reference = test::referenceDiamondSquare(p);
                    for (int threads : {1, 2, 3}) {
                        EXPECT_TRUE(sameBits(core::diamondSquare(p, onThreads(threads)), reference))
                            << edgeName(edge) << " fixed " << fixedCorners << " detail " << detail << " r " << r
                            << " threads " << threads;
                    }
                }
            }
        }
    }
}

TEST(CubicDiamondSquare, WrapTilesSeamlessly) {
    const core::Heightmap map = core::diamondSquare(cubicDs(8, 5, 0.5f, EdgeMode::Wrap), onThreads(2));
    const int last = map.width() - 1;
    for (int i = 0; i <= last; ++i) {
        ASSERT_EQ(map.at(i, 0), map.at(i, last)) << "column " << i;
        ASSERT_EQ(map.at(0, i), map.at(last, i)) << "row " << i;
    }
}

TEST(CubicMidpointDisplacement, MatchesReferenceBitForBitOnAnyThreadCount) {
    for (bool clamp : {true, false}) {
        for (int detail : {1, 2, 3, 5, 8}) {
            for (float r : {0.3f, 0.5f, 1.0f}) {
                auto p = cubicMpd(detail, 42u + std::uint64_t(detail), r, clamp);
                p.spread = clamp ? 0.9f : 0.3f;
                const core::Heightmap reference = test::referenceMidpointDisplacement(p);
                for (int threads : {1, 2, 3}) {
                    EXPECT_TRUE(sameBits(core::midpointDisplacement(p, onThreads(threads)), reference))
                        << "clamp " << clamp << " detail " << detail << " r " << r << " threads " << threads;
                }
            }
        }
    }
}

// The option is an option: the recipe default is linear (the goldens pin its bytes), and cubic
// really makes another map from the same draws.
TEST(CubicDiamondSquare, DefaultIsLinearAndCubicDiffers) {
    const core::Registry registry = core::makeBuiltinRegistry();
    for (const char* id : {"diamond-square", "midpoint-displacement"}) {
        const core::Recipe recipe = core::defaultRecipe(registry, id);
        EXPECT_EQ(recipe.params.at("interpolation"), 0.0) << id;
    }
    EXPECT_EQ(core::DiamondSquareParams{}.interpolation, Interpolation::Linear);
    EXPECT_EQ(core::MidpointDisplacementParams{}.interpolation, Interpolation::Linear);
    auto p = cubicDs(7, 3, 0.5f, EdgeMode::Clip);
    const core::Heightmap cubic = core::diamondSquare(p, onThreads(1));
    p.interpolation = Interpolation::Linear;
    EXPECT_FALSE(sameBits(cubic, core::diamondSquare(p, onThreads(1))));
    // The corners are the same draws in both.
    const core::Heightmap linear = core::diamondSquare(p, onThreads(1));
    EXPECT_EQ(cubic.at(0, 0), linear.at(0, 0));
    EXPECT_EQ(cubic.at(128, 128), linear.at(128, 128));
}

// The behaviour the option exists for: averaged over seeds, the crease score (how much sharper
// the surface bends across the coarse grid lines than elsewhere; 1 = no grid) drops, for both
// algorithms, at the low roughness where the artefacts show and at the default one. If the
// option did nothing the two means would be equal and this would fail.
template <class Make>
double meanCrease(const Make& make) {
    double sum = 0.0;
    const int seeds = 6;
    for (int seed = 1; seed <= seeds; ++seed) {
        const core::CreaseScore c = core::creaseScore(make(std::uint64_t(seed)));
        EXPECT_TRUE(c.valid);
        sum += c.score;
    }
    return sum / seeds;
}

// Mean crease scores of linear and cubic at one roughness, printed for the docs' table.
template <class Generate>
void expectCubicLowersCreases(const char* what, float roughness, double shrink, const Generate& generate) {
    const auto score = [&](Interpolation interpolation) {
        return meanCrease([&](std::uint64_t seed) { return generate(seed, interpolation); });
    };
    const double linear = score(Interpolation::Linear), cubic = score(Interpolation::Cubic);
    std::printf("%s r %.1f: mean crease score linear %.3f, cubic %.3f\n", what, roughness, linear, cubic);
    EXPECT_LT(cubic, linear) << what << " roughness " << roughness;
    // The excess over 1 (a surface without a grid) shrinks at least by this factor.
    EXPECT_LT(cubic - 1.0, shrink * (linear - 1.0)) << what << " roughness " << roughness;
}

TEST(CreaseRemedyDiamondSquare, CubicLowersTheMeanCreaseScore) {
    for (float r : {0.3f, 0.6f}) {
        expectCubicLowersCreases("diamond-square", r, r < 0.5f ? 0.5 : 0.8, [&](std::uint64_t seed, Interpolation i) {
            auto p = cubicDs(9, seed, r, EdgeMode::Clip);
            p.interpolation = i;
            return core::diamondSquare(p, onThreads(2));
        });
    }
}

TEST(CreaseRemedyMidpointDisplacement, CubicLowersTheMeanCreaseScore) {
    for (float r : {0.3f, 0.6f}) {
        expectCubicLowersCreases("midpoint displacement", r, r < 0.5f ? 0.2 : 0.5,
                                 [&](std::uint64_t seed, Interpolation i) {
                                     auto p = cubicMpd(9, seed, r, true);
                                     p.interpolation = i;
                                     return core::midpointDisplacement(p, onThreads(2));
                                 });
    }
}

}  // namespace
}  // namespace terrain
