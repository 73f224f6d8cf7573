// The lattice rule at the largest 2-D details, 13 (8193²) and 14 (16385², 1 GiB of
// floats): the map at 14 sampled every 2nd and 4th point is the map at 13 and 12, and 13 every 2nd
// point is 12, for every edge mode, corner mode and clamp setting. A separate executable, so ctest
// can give it the label "large" (ctest -L large runs it alone, -LE large skips it). The grids are
// reused across cases (generateInto keeps a buffer of the same size), so the pages are faulted
// in once; 10-25 s here on 2 threads (shared machine), plus ~10-30 s for the cubic case.
#include "lattice_test_support.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace terrain {
namespace {

using core::EdgeMode;
using test::onThreads;
using test::sameBits;
using test::subsample;

// The grids of details 12, 13 and 14, shared by every case of this executable.
core::Heightmap& grid(int detail) {
    static core::Heightmap maps[3];
    return maps[detail - 12];
}

template <class Into>
void expectNested(const Into& into, const std::string& what) {
    for (int detail : {12, 13, 14}) into(detail, grid(detail));
    EXPECT_TRUE(sameBits(subsample(grid(14), 1), grid(13))) << what << ": 14 every 2nd point vs 13";
    EXPECT_TRUE(sameBits(subsample(grid(14), 2), grid(12))) << what << ": 14 every 4th point vs 12";
    EXPECT_TRUE(sameBits(subsample(grid(13), 1), grid(12))) << what << ": 13 every 2nd point vs 12";
}

TEST(LatticeRuleLarge, DiamondSquareNestsAtDetails13And14) {
    for (EdgeMode edge : {EdgeMode::Clip, EdgeMode::Wrap, EdgeMode::Reflect}) {
        for (bool fixedCorners : {false, true}) {
            core::DiamondSquareParams p;
            p.seed = fixedCorners ? 14 : 2026;
            p.roughness = fixedCorners ? 0.7f : 0.6f;
            p.edge = edge;
            p.fixedCorners = fixedCorners;
            p.corners = {0.25f, -0.5f, 0.75f, 2.0f};
            std::ostringstream what;
            what << test::edgeName(edge) << (fixedCorners ? " fixed corners" : " random corners");
            expectNested(
                [&](int detail, core::Heightmap& out) {
                    p.detail = detail;
                    core::diamondSquareInto(p, onThreads(2), out);
                },
                what.str());
            if (edge != EdgeMode::Wrap) continue;
            const core::Heightmap& map = grid(14);  // wrap still tiles at the largest detail
            const int last = map.width() - 1;
            for (int i = 0; i <= last; ++i) {
                ASSERT_EQ(map.at(i, 0), map.at(i, last)) << "column " << i;
                ASSERT_EQ(map.at(0, i), map.at(last, i)) << "row " << i;
            }
        }
    }
}

TEST(LatticeRuleLarge, MidpointDisplacementNestsAtDetails13And14) {
    for (bool clamp : {true, false}) {
        core::MidpointDisplacementParams p;
        p.seed = 2026;
        p.clamp = clamp;
        p.spread = clamp ? 0.3f : 0.9f;
        p.roughness = 0.6f;
        expectNested(
            [&](int detail, core::Heightmap& out) {
                p.detail = detail;
                core::midpointDisplacementInto(p, onThreads(2), out);
            },
            clamp ? "clamped" : "unclamped");
    }
}

// interpolation=cubic (the grid-artefact remedy, scalar code: ~4x the time of the cases above).
TEST(LatticeRuleLarge, CubicInterpolationNestsAtDetails13And14) {
    for (EdgeMode edge : {EdgeMode::Clip, EdgeMode::Wrap}) {
        core::DiamondSquareParams p;
        p.seed = 77;
        p.roughness = 0.4f;
        p.edge = edge;
        p.interpolation = core::Interpolation::Cubic;
        expectNested(
            [&](int detail, core::Heightmap& out) {
                p.detail = detail;
                core::diamondSquareInto(p, onThreads(2), out);
            },
            std::string("cubic diamond-square ") + test::edgeName(edge));
    }
    core::MidpointDisplacementParams p;
    p.seed = 77;
    p.roughness = 0.4f;
    p.interpolation = core::Interpolation::Cubic;
    expectNested(
        [&](int detail, core::Heightmap& out) {
            p.detail = detail;
            core::midpointDisplacementInto(p, onThreads(2), out);
        },
        "cubic midpoint displacement");
}

}  // namespace
}  // namespace terrain
