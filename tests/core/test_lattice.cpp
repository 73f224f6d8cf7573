// The lattice rule: detail is resolution, not shape. For every generator, edge mode,
// corner mode and clamp setting, any seed and parameters, the map at detail d + k sampled every
// 2^k-th point in x and y is bit-identical to the map at detail d. Details 1-12 here (every pair
// d < d + k), 13 and 14 in test_lattice_large.cpp (ctest label "large").
//
// The test names contain the generator's name, so ctest runs them again with every lesser kernel
// variant (TERRAIN_KERNELS=avx2, baseline; see tests/core/CMakeLists.txt).
#include "lattice_test_support.h"

#include <core/bench/reference_generators.h>
#include <core/errors.h>
#include <core/rng.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace terrain {
namespace {

using core::EdgeMode;
using test::edgeName;
using test::onThreads;
using test::sameBits;
using test::subsample;

// Makes the map of every detail 1..maxDetail with `make(detail)` and checks every pair.
template <class Make>
void expectEveryPairNested(const Make& make, int maxDetail, const std::string& what) {
    std::vector<core::Heightmap> maps(std::size_t(maxDetail) + 1);
    for (int d = 1; d <= maxDetail; ++d) maps[std::size_t(d)] = make(d);
    for (int fine = 2; fine <= maxDetail; ++fine) {
        for (int coarse = 1; coarse < fine; ++coarse) {
            EXPECT_TRUE(sameBits(subsample(maps[std::size_t(fine)], fine - coarse), maps[std::size_t(coarse)]))
                << what << ": detail " << fine << " every " << (1 << (fine - coarse)) << "th point vs detail "
                << coarse;
        }
    }
}

struct DsShape {
    std::uint64_t seed;
    float roughness, amplitude;
    int maxDetail;
};

// Roughness 0 (only the first level moves) to 1; a tiny amplitude whose deeper levels scale by
// subnormal factors (the kernels' two-multiply path); the largest seed.
const DsShape kDsShapes[] = {
    {1, 0.6f, 1.0f, 12},   {2026, 0.45f, 2.5f, 12}, {~std::uint64_t(0), 1.0f, 0.3f, 12},
    {7, 0.0f, 1.0f, 10},   {99, 0.85f, 1e-30f, 10}, {123456789, 0.3f, 10.0f, 10},
};

class LatticeRuleDiamondSquare : public ::testing::TestWithParam<std::tuple<EdgeMode, bool>> {
protected:
    // Every shape, details 1 .. min(its maxDetail, detailCap), in this edge and corner mode.
    void expectShapesNest(core::Interpolation interpolation, int detailCap) const {
        const auto [edge, fixedCorners] = GetParam();
        for (const DsShape& shape : kDsShapes) {
            core::DiamondSquareParams p;
            p.seed = shape.seed;
            p.roughness = shape.roughness;
            p.amplitude = shape.amplitude;
            p.edge = edge;
            p.fixedCorners = fixedCorners;
            p.corners = {0.25f, -0.5f, 0.75f, 2.0f};
            p.interpolation = interpolation;
            std::ostringstream what;
            what << (interpolation == core::Interpolation::Cubic ? "cubic " : "") << edgeName(edge)
                 << (fixedCorners ? " fixed corners" : " random corners") << " seed " << shape.seed << " roughness "
                 << shape.roughness << " amplitude " << shape.amplitude;
            expectEveryPairNested(
                [&](int detail) {
                    p.detail = detail;
                    return core::diamondSquare(p, onThreads(2));
                },
                std::min(shape.maxDetail, detailCap), what.str());
        }
    }
};

TEST_P(LatticeRuleDiamondSquare, EveryDetailIsTheSubsampleOfTheNext) {
    expectShapesNest(core::Interpolation::Linear, 12);
}

// interpolation=cubic (the grid-artefact remedy) reads two more points along each axis, still on
// its own level's grid or coarser ones, so the rule must hold for it in every mode as well (up to
// detail 11 here: it is scalar code, slower than the kernels).
TEST_P(LatticeRuleDiamondSquare, CubicInterpolationKeepsTheRule) {
    expectShapesNest(core::Interpolation::Cubic, 11);
}

INSTANTIATE_TEST_SUITE_P(EveryEdgeAndCornerMode, LatticeRuleDiamondSquare,
                         ::testing::Combine(::testing::Values(EdgeMode::Clip, EdgeMode::Wrap, EdgeMode::Reflect),
                                            ::testing::Bool()),
                         [](const auto& tp) {
                             return std::string(edgeName(std::get<0>(tp.param))) +
                                    (std::get<1>(tp.param) ? "FixedCorners" : "RandomCorners");
                         });

class LatticeRuleMidpointDisplacement : public ::testing::TestWithParam<bool> {};

TEST_P(LatticeRuleMidpointDisplacement, EveryDetailIsTheSubsampleOfTheNext) {
    struct Shape {
        std::uint64_t seed;
        float spread, roughness;
        int maxDetail;
    };
    // A spread large enough that clamping really happens at several levels, and roughness 1.
    const Shape shapes[] = {{1, 0.3f, 0.5f, 12}, {2026, 0.9f, 0.8f, 12}, {~std::uint64_t(0), 0.6f, 1.0f, 10},
                            {5, 1.0f, 0.95f, 10}};
    for (const Shape& shape : shapes) {
        core::MidpointDisplacementParams p;
        p.seed = shape.seed;
        p.spread = shape.spread;
        p.roughness = shape.roughness;
        p.clamp = GetParam();
        std::ostringstream what;
        what << (p.clamp ? "clamped" : "unclamped") << " seed " << shape.seed << " spread " << shape.spread
             << " roughness " << shape.roughness;
        expectEveryPairNested(
            [&](int detail) {
                p.detail = detail;
                return core::midpointDisplacement(p, onThreads(2));
            },
            shape.maxDetail, what.str());
    }
}

TEST_P(LatticeRuleMidpointDisplacement, CubicInterpolationKeepsTheRule) {
    struct Shape {
        std::uint64_t seed;
        float spread, roughness;
    };
    const Shape shapes[] = {{1, 0.3f, 0.3f}, {2026, 0.9f, 0.8f}, {~std::uint64_t(0), 0.6f, 1.0f}};
    for (const Shape& shape : shapes) {
        core::MidpointDisplacementParams p;
        p.seed = shape.seed;
        p.spread = shape.spread;
        p.roughness = shape.roughness;
        p.clamp = GetParam();
        p.interpolation = core::Interpolation::Cubic;
        std::ostringstream what;
        what << "cubic " << (p.clamp ? "clamped" : "unclamped") << " seed " << shape.seed << " spread "
             << shape.spread << " roughness " << shape.roughness;
        expectEveryPairNested(
            [&](int detail) {
                p.detail = detail;
                return core::midpointDisplacement(p, onThreads(2));
            },
            11, what.str());
    }
}

INSTANTIATE_TEST_SUITE_P(ClampedAndUnclamped, LatticeRuleMidpointDisplacement, ::testing::Bool(),
                         [](const auto& tp) { return tp.param ? "Clamped" : "Unclamped"; });

// Wrap stays seamless at every detail: the last row and column repeat the first, bit for bit.
TEST(LatticeRuleDiamondSquareWrap, IsSeamlessAtEveryDetail) {
    for (bool fixedCorners : {false, true}) {
        core::DiamondSquareParams p;
        p.seed = 31;
        p.edge = EdgeMode::Wrap;
        p.fixedCorners = fixedCorners;
        p.corners = {0.25f, -0.5f, 0.75f, 2.0f};
        for (int detail = 1; detail <= 12; ++detail) {
            p.detail = detail;
            const core::Heightmap map = core::diamondSquare(p, onThreads(2));
            const int last = map.width() - 1;
            for (int i = 0; i <= last; ++i) {
                ASSERT_EQ(map.at(i, 0), map.at(i, last)) << "detail " << detail << " column " << i;
                ASSERT_EQ(map.at(0, i), map.at(last, i)) << "detail " << detail << " row " << i;
            }
        }
    }
}

// The line reaches detail 20 (2^20 + 1 samples, as many as a 1025² map), so all of it is here.
TEST(LatticeRuleMidpointLine, EveryDetailIsTheSubsampleOfTheNext) {
    struct Shape {
        std::uint64_t seed;
        float roughness, range;
    };
    const Shape shapes[] = {{1, 0.5743491f, 128.0f}, {2026, 0.9f, 4096.0f}, {~std::uint64_t(0), 1.0f, 1.0f},
                            {17, 0.0f, 128.0f},     {3, 0.37f, 1e-38f}};
    for (const Shape& shape : shapes) {
        core::MidpointLineParams p;
        p.seed = shape.seed;
        p.roughness = shape.roughness;
        p.range = shape.range;
        std::ostringstream what;
        what << "line seed " << shape.seed << " roughness " << shape.roughness << " range " << shape.range;
        expectEveryPairNested(
            [&](int detail) {
                p.detail = detail;
                return core::midpointLine(p, onThreads(2));
            },
            20, what.str());
    }
}

// A detail the lattice cannot hold is refused, not computed with a shift out of range.
TEST(LatticeRuleMidpointLine, RefusesADetailBeyondTheLattice) {
    core::MidpointLineParams p;
    p.detail = core::kLatticeDetail + 1;
    EXPECT_THROW(core::midpointLine(p, onThreads(1)), core::InputError);
    p.detail = 0;
    EXPECT_THROW(core::midpointLine(p, onThreads(1)), core::InputError);
}

// The maps nest whatever the thread counts that made them: details `coarse` and coarse + 1 (11
// and 12 unless given) on 1, 2 and 3 threads are the same bytes, and the finer sampled every 2nd
// point is the coarser. `make(detail, threads)`.
template <class Make>
void expectNestedOnAnyThreadCount(const Make& make, const std::string& what, int coarseDetail = 11) {
    const core::Heightmap coarse = make(coarseDetail, 1);
    const core::Heightmap fine = make(coarseDetail + 1, 1);
    EXPECT_TRUE(sameBits(subsample(fine, 1), coarse)) << what;
    for (int threads : {2, 3}) {
        EXPECT_TRUE(sameBits(make(coarseDetail, threads), coarse)) << what << ", coarse on " << threads << " threads";
        EXPECT_TRUE(sameBits(make(coarseDetail + 1, threads), fine)) << what << ", fine on " << threads << " threads";
    }
}

TEST(LatticeRule, DiamondSquareAndMidpointDisplacementNestOnAnyThreadCount) {
    for (EdgeMode edge : {EdgeMode::Clip, EdgeMode::Wrap, EdgeMode::Reflect}) {
        core::DiamondSquareParams p;
        p.seed = 4242;
        p.edge = edge;
        const auto make = [&](int detail, int threads) {
            p.detail = detail;
            return core::diamondSquare(p, onThreads(threads));
        };
        expectNestedOnAnyThreadCount(make, edgeName(edge));
    }
    for (bool clamp : {true, false}) {
        core::MidpointDisplacementParams p;
        p.seed = 4242;
        p.clamp = clamp;
        const auto make = [&](int detail, int threads) {
            p.detail = detail;
            return core::midpointDisplacement(p, onThreads(threads));
        };
        expectNestedOnAnyThreadCount(make, clamp ? "clamped" : "unclamped");
    }
}

TEST(LatticeRule, CubicDiamondSquareAndMidpointDisplacementNestOnAnyThreadCount) {
    for (EdgeMode edge : {EdgeMode::Clip, EdgeMode::Wrap, EdgeMode::Reflect}) {
        core::DiamondSquareParams p;
        p.seed = 4242;
        p.edge = edge;
        p.interpolation = core::Interpolation::Cubic;
        const auto make = [&](int detail, int threads) {
            p.detail = detail;
            return core::diamondSquare(p, onThreads(threads));
        };
        expectNestedOnAnyThreadCount(make, std::string("cubic ") + edgeName(edge), 9);
    }
    core::MidpointDisplacementParams p;
    p.seed = 4242;
    p.interpolation = core::Interpolation::Cubic;
    const auto make = [&](int detail, int threads) {
        p.detail = detail;
        return core::midpointDisplacement(p, onThreads(threads));
    };
    expectNestedOnAnyThreadCount(make, "cubic clamped", 9);
}

// The step-by-step references follow the rule too (they are what the kernels are checked
// against, so the rule is not an accident of the fast code's structure).
TEST(LatticeRule, ReferencesNestToo) {
    for (EdgeMode edge : {EdgeMode::Clip, EdgeMode::Wrap, EdgeMode::Reflect}) {
        core::DiamondSquareParams p;
        p.seed = 8;
        p.edge = edge;
        p.detail = 6;
        const core::Heightmap coarse = test::referenceDiamondSquare(p);
        p.detail = 9;
        EXPECT_TRUE(sameBits(subsample(test::referenceDiamondSquare(p), 3), coarse)) << edgeName(edge);
    }
    core::MidpointDisplacementParams m;
    m.seed = 8;
    m.detail = 5;
    const core::Heightmap coarse = test::referenceMidpointDisplacement(m);
    m.detail = 8;
    EXPECT_TRUE(sameBits(subsample(test::referenceMidpointDisplacement(m), 3), coarse));
    core::MidpointLineParams l;
    l.seed = 8;
    l.detail = 7;
    const core::Heightmap line = test::referenceMidpointLine(l);
    l.detail = 12;
    EXPECT_TRUE(sameBits(subsample(test::referenceMidpointLine(l), 5), line));
}

// What the rule rests on: a point's draw is hashed at its world-lattice position, the same at
// every detail (the map's corners are lattice points 0 and 2^kLatticeDetail).
TEST(LatticeRule, MapCoordinatesShiftToOneFixedFinestLevel) {
    EXPECT_EQ(core::onLattice(1, 1), core::onLattice(2, 2));
    EXPECT_EQ(core::onLattice(1 << 14, 14), std::uint32_t(1) << core::kLatticeDetail);
    EXPECT_EQ(core::onLattice(3, 20), core::onLattice(3 << 4, 24));
}

}  // namespace
}  // namespace terrain
