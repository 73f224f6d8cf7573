// Golden SHA-256 of seeded outputs (the raw little-endian float bytes). A golden changes only on
// purpose, with the reason in the commit message (last: the lattice rule; the noise
// generators' were added with them).
#include "stack_test_support.h"

#include <core/cancel.h>
#include <core/recipe.h>
#include <core/registry.h>
#include <core/sha256.h>
#include <core/stack/evaluator.h>

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <utility>

namespace terrain {
namespace {

struct Golden {
    const char* algorithm;
    int detail;
    const char* set;  // one extra KEY=VALUE, or ""
    const char* sha256;
};

std::string hashOf(const Golden& g, int threads) {
    const auto registry = core::makeBuiltinRegistry();
    auto recipe = core::defaultRecipe(registry, g.algorithm);
    recipe.detail = g.detail;
    recipe.seed = 2026;
    if (*g.set) {
        const std::string set = g.set;
        const auto eq = set.find('=');
        core::setParamFromText(registry, recipe, set.substr(0, eq), set.substr(eq + 1), "set");
    }
    core::GenerateContext context;
    context.threads = threads;
    const auto map = core::generate(registry, recipe, context);
    return core::sha256Hex(map.samples().data(), map.sampleCount() * sizeof(float));
}

class Goldens : public ::testing::TestWithParam<Golden> {};

TEST_P(Goldens, SeededOutputIsUnchanged) {
    const auto& g = GetParam();
    EXPECT_EQ(hashOf(g, 1), g.sha256);
    EXPECT_EQ(hashOf(g, 2), g.sha256);
}

INSTANTIATE_TEST_SUITE_P(
    All, Goldens,
    ::testing::Values(
        Golden{"diamond-square", 5, "", "75b90c2e6cf39d8c5c1ab29dc020f8a6a73741235c2bd2d0b6633fe655737a58"},
        Golden{"diamond-square", 10, "", "fd1fedd0755f8dae783e901309541a241a9324e0cfe94df1c36f4270e265137b"},
        Golden{"diamond-square", 7, "edge=wrap", "f69dc59527b58c5edff3620d687e8bc41b6bfe6c15b8fedeab9bed93725c789c"},
        Golden{"diamond-square", 7, "edge=reflect", "5c22c54a254c1543d0fb4fbf9998cc18665c46b99c1f7e257e8e0a2971ebb434"},
        Golden{"midpoint-displacement", 5, "", "b9d4ac0b31bd425514126ac884ecd50ea69a9de0784fef4760c3e08318f65af6"},
        Golden{"midpoint-displacement", 10, "", "dc17ccfbe4c09d43c2a1ac6699c8f41aa861ee3a2198c1ab577ecf23e6b44109"},
        Golden{"midpoint-line", 5, "", "9ee5ad54cf521cc9b26a58b285f617b61ca9e9b71d6a63643719dd4db3a81ceb"},
        Golden{"midpoint-line", 16, "", "0c1c16b6b865e8077076968ab2e0f0f6343cd94f44ae2de6c0a8db84e05f264d"},
        Golden{"fbm", 9, "", "382d9052f11db9ee910a1d6cdf6c858932cebf8433a1d4a41280634c0eeb52d6"},
        Golden{"fbm", 8, "style=ridged", "5621e947b448c0330a917b23c533222d927ed795d45dc75625cf830ae2d72b15"},
        Golden{"fbm", 8, "style=billow", "da13022fcbdadf83cbc7e9dc7c05767c87c12d73f15a839a501c1412ede81e27"},
        Golden{"fbm", 8, "wrap=true", "6add3c1d69298ba8b513c962f3ce35f3c873e7599849581df5cce1ae523027c6"},
        Golden{"warped-fbm", 8, "", "70519da1cdf6c443d90f30cd6ab668d08ca79c90dd525395a596d57b2401e4c9"},
        Golden{"warped-fbm", 8, "warp_levels=2", "e830467ab40d9085bab294cf93f17e778a5845632adf1098f79d6cf4ef96baa8"},
        Golden{"worley", 9, "", "7695baf10971d637c7e8898d20af5fd2ce7a8b99a6981696ef5635004662c854"},
        Golden{"worley", 8, "output=f2-f1", "45cb7fa5e16453474af7b71e0ed5161c436496e891fc062a5f2eb39946c2dbe4"},
        Golden{"worley", 8, "metric=manhattan", "13eab4b700c6df20b7061a7b1b7e1b61bd9e275c10363dd392fda11fb02def0e"}));

// A stack of the operations whose arithmetic is ours (curves, terrace with edge noise, island,
// smooth's fixed-point sums, the slope mask, an entry blended through it, clamp): the same bytes
// on 1 and 2 threads, and, as ctest runs the goldens with every kernel variant and the clang
// build, on every variant and compiler.
TEST(StackGoldens, SeededStackIsUnchanged) {
    using stack_test::op;
    core::Recipe r = stack_test::baseRecipe(8);
    r.seed = 2026;
    r.operations.push_back(op(r, "curves", {{"gamma", "1.4"}}));
    r.operations.push_back(op(r, "terrace", {{"steps", "7"}, {"edge_noise", "20"}, {"edge_scale", "60"}}));
    r.operations.push_back(op(r, "island", {{"shape", "round"}, {"falloff_end", "900"}}));
    r.operations.push_back(op(r, "smooth", {{"radius", "35"}}));
    r.operations.push_back(op(r, "mask", {{"source", "slope"}, {"slope_min_deg", "12"}}));
    core::OpInstance soft = op(r, "smooth", {{"radius", "120"}, {"strength", "0.7"}});
    soft.mask = "slope";
    r.operations.push_back(soft);
    r.operations.push_back(op(r, "clamp", {{"low", "20"}, {"high", "560"}}));
    const core::WorldUnits world = stack_test::world(r, 3000.0);
    for (int threads : {1, 2}) {
        const core::Heightmap map = core::evaluateStack(stack_test::registry(), r, world, stack_test::context(threads));
        EXPECT_EQ(core::sha256Hex(map.samples().data(), map.sampleCount() * sizeof(float)),
                  "eac9007aab249b2cc069bb02a51ae89057c3335b4761dc72c0c1b7e7a4e67130")
            << threads << " thread(s)";
    }
}

// One erosion operation on diamond-square (seed 2026) at `detail` over `extent` metres: the
// sha256 of the heights and of one mask (flow, unless named).
struct ErosionCall {
    const char* type;
    std::initializer_list<std::pair<const char*, const char*>> values;
};
std::pair<std::string, std::string> erodedHashes(int detail, const ErosionCall& call, double extent, int threads,
                                                 const char* mask = "flow") {
    core::Recipe r = stack_test::baseRecipe(detail);
    r.seed = 2026;
    r.operations.push_back(stack_test::op(r, call.type, call.values));
    core::StackEvaluator evaluator(stack_test::registry(), 0);
    const core::StackResult result =
        evaluator.evaluate(r, stack_test::world(r, extent), stack_test::context(threads));
    const auto hash = [](const core::Heightmap& m) {
        return core::sha256Hex(m.samples().data(), m.sampleCount() * sizeof(float));
    };
    return {hash(*result.map), hash(*result.masks.at(mask))};
}

// thermal-erosion's edge and pair sweeps (vectorised: GCC's AVX-512, AVX2 and baseline clones;
// clang++ builds the plain loops) and its B-spline carry, on four levels (65² to 513², 3.9 m per
// sample), at 30° on a world whose slopes mostly exceed it: the heights and the scree mask.
// Re-pinned in stop 54, when the pairs came to settle to the talus plus the tolerance, in rounds
// with the edges (ThermalErosion.ASettledDomeHasNoFacets).
TEST(StackGoldens, SeededThermalErosionIsUnchanged) {
    for (int threads : {1, 2}) {
        const auto [heights, scree] =
            erodedHashes(9, {"thermal-erosion", {{"talus_angle", "30"}}}, 2000.0, threads, "scree");
        EXPECT_EQ(heights, "396556a30c43c82272ce815648ebaf743a40f88db309b5bd3dec5fa117ac13d8")
            << threads << " thread(s)";
        EXPECT_EQ(scree, "f1254bf03d1cc41bf6ad9cc29066b32d936688e8d4c6672c7df5e16d5fd8e95b")
            << threads << " thread(s)";
    }
}

// hydraulic-erosion's drops, advanced in lock step by a kernel of each variant: 62 500 drops of
// 31 steps with a 9-cell brush on a 500 m world at detail 8 (2 m per sample). The golden was the
// output of the one-drop-at-a-time loop the lanes replaced; re-pinned (2026-11-27, later) when a
// drop's last load came to settle over its width instead of on four cells, and again when the drops
// were bounded: erosion takes no cell below the height the drop flows to, deposits rise no higher
// than the drop, the last load no higher than the highest cell within a sample of it.
TEST(StackGoldens, SeededHydraulicErosionIsUnchanged) {
    for (int threads : {1, 2}) {
        const auto [heights, flow] = erodedHashes(
            8, {"hydraulic-erosion", {{"rain", "0.25"}, {"drop_width", "6"}, {"lifetime", "60"}}}, 500.0, threads);
        EXPECT_EQ(heights, "e2f1fbe38c8e5e638b6c91af89c85948edffaa4425f1bf2e3ba896c315e26d8e")
            << threads << " thread(s)";
        EXPECT_EQ(flow, "ff4c76cc2d14a0d07b3f8604c88ac5c6d24d0395795ad0c6deccc8ab34b048bd")
            << threads << " thread(s)";
    }
}

// Drops that fill hollows with a wide brush and a large capacity (the operations page's picture):
// there a drop's sediment can round a little below zero, and the fill it drops is then negative.
// The branch-free brush of 2026-11-29 first assumed it never was and changed these bytes (the
// golden above did not see it).
TEST(StackGoldens, SeededHydraulicErosionWithAWideBrushIsUnchanged) {
    for (int threads : {1, 2}) {
        const auto [heights, flow] = erodedHashes(
            8, {"hydraulic-erosion", {{"rain", "0.3"}, {"lifetime", "400"}, {"drop_width", "30"}, {"capacity", "8"}}},
            4000.0, threads);
        EXPECT_EQ(heights, "eb1bf2fc7b3e36a288060a0e9b6e65129beba54d399ed31e794f1b0cc41e7ecb") << threads << " thread(s)";
        EXPECT_EQ(flow, "9b14bac1ee50c5e2304907128043ce64a26f6901479579b83ea09867a9efa51b") << threads << " thread(s)";
    }
}

// river-erosion's floods, routing and implicit steps on four levels (129² to 1025², 4 m per sample),
// with uplift and a sea whose cells are outlets: the heights and the flow mask. This pins the
// arithmetic and the flood's order (FloodQueue must pop exactly as a binary heap), and the spread of
// each step's cut over the river's width (rows in parallel, vectorised: 1 and 2 threads), the
// basins filled but for the few kept as lakes, and the uplift that keeps the height. Changed
// 2026-11-27 when that spread came in, 2026-11-29 with the basins, the uplift and the longer
// schedule (recipe format 5), and 2026-11-29 (later) when the sea level became the rivers' base
// level (they cut down to it, no longer to the sea floor their mouth flows into). Without
// deposition (its default until recipe format 6): what a recipe of format 5 makes.
TEST(StackGoldens, SeededRiverErosionIsUnchanged) {
    for (int threads : {1, 2}) {
        const auto [heights, flow] = erodedHashes(
            10,
            {"river-erosion",
             {{"uplift", "0.5"}, {"sea_level", "120"}, {"strength", "0.8"}, {"deposition", "0"}, {"edge", "base level"},
              {"meander", "0"}}},
            4096.0, threads);
        EXPECT_EQ(heights, "3eeb3e1b4d5d793c05699e74dc8d356525d5ce6a78b2adb4a97cb17c4389bf12")
            << threads << " thread(s)";
        EXPECT_EQ(flow, "5f1d9a3b5ef3a15be01cabeba0d7c526810d514eae97133da9c752622ef83342")
            << threads << " thread(s)";
    }
}

// The same with deposition at its default (0.2 since recipe format 6): the load carried down the
// receivers, the fans and flood plains it leaves, and the deltas into the sea, their plains
// reaching out along the rivers (carrySediment, buildDelta). With the map's edge the base level:
// what a recipe of format 6 makes.
TEST(StackGoldens, SeededRiverErosionWithDepositionIsUnchanged) {
    for (int threads : {1, 2}) {
        const auto [heights, flow] = erodedHashes(
            10,
            {"river-erosion",
             {{"uplift", "0.5"}, {"sea_level", "120"}, {"strength", "0.8"}, {"edge", "base level"}, {"meander", "0"}}},
            4096.0, threads);
        EXPECT_EQ(heights, "16e49d907af7ab1363415c0cb701eeb7245ec2ac1e0840aaf1220758b12a79ff") << threads << " thread(s)";
        EXPECT_EQ(flow, "b767852cfc714504b44af6b530c937c839389643fe42eb34aeb9f5a2386f799d") << threads << " thread(s)";
    }
}

// The same with the map's edge open (recipe format 7): the erosion run on the map extended past it
// by point reflection and the map cut out of the result (ops_river.cpp).
TEST(StackGoldens, SeededRiverErosionWithAnOpenEdgeIsUnchanged) {
    for (int threads : {1, 2}) {
        const auto [heights, flow] = erodedHashes(
            10, {"river-erosion", {{"uplift", "0.5"}, {"sea_level", "120"}, {"strength", "0.8"}, {"meander", "0"}}},
            4096.0, threads);
        EXPECT_EQ(heights, "d556f67bbcc5ab9f9c2dbcde5c4bc53246da7a55f9520feafa911243c0bb7ee5") << threads << " thread(s)";
        EXPECT_EQ(flow, "bc33e2d1aaa6c05d6ad6821e3daf2725b022c6c953c4424788e8a6fa6754b5ff") << threads << " thread(s)";
    }
}

// The same with strata (2026-11-30): the rivers cut hard bands 10 times more slowly, the bands
// dipping, wandering and of many shares (inHardRock, strataOffsets on the level extended past the
// map's edge, strataShares): the same bytes from every compiler and on any thread count.
TEST(StackGoldens, SeededRiverErosionInStrataIsUnchanged) {
    for (int threads : {1, 2}) {
        const auto [heights, flow] = erodedHashes(
            10,
            {"river-erosion",
             {{"uplift", "0.5"}, {"sea_level", "120"}, {"strength", "0.8"}, {"meander", "0"}, {"strata", "40"},
              {"hard_share", "0.3"}, {"strata_variety", "0.5"}, {"strata_dip", "3"}, {"strata_noise", "5"}}},
            4096.0, threads);
        EXPECT_EQ(heights, "aa666fc32116ef4c08e71cdeded3e6a64cf7c0464db838fad561f0cb783173e5") << threads << " thread(s)";
        EXPECT_EQ(flow, "6a604aae2abb705eca16537de1c083388a562f0f3ddc50438afbb8f11cb1e317") << threads << " thread(s)";
    }
}

}  // namespace
}  // namespace terrain
