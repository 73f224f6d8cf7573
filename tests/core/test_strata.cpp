// thermal-erosion's strata: a 60-degree cone settled in bands of hard and soft rock that lie level,
// dip, wander, fold and are faulted. Each test reads the settled cone through the bands' shape it
// was made with (soft rock and loose material at no more than the angle of repose, hard rock in
// cliffs) and through other shapes (where "soft" samples then stand in cliffs): the cliffs are
// where that shape puts the hard bands. The rest of thermal-erosion's tests are in test_erosion.cpp.
#include "core/recipe.h"
#include "core/registry.h"
#include "core/stack/evaluator.h"
#include "core/stack/strata_bands.h"

#include "stack_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <numbers>
#include <utility>
#include <vector>

namespace core = terrain::core;
using namespace stack_test;

namespace {
constexpr double kPi = std::numbers::pi;
}  // namespace

// Strata: a 60-degree cone (1 m samples, raw = metres) in bands 20 m thick whose lower half is hard
// rock. Every slope falls from a sample that is loose or soft rock at no more than the angle of
// repose (30), from hard rock at no more than the cliff angle (80); the hard bands keep cliffs as
// steep as they were, the soft bands between them fall back as scree, which collects at the cliffs'
// feet. Without strata the same cone has no slope over 30.
namespace {
struct StrataCone {
    core::Heightmap before, after, scree;
    core::HeightScale h;
};
using Params = std::initializer_list<std::pair<const char*, const char*>>;
// `out.before` (raw = metres, samples `spacing` m apart) settled by thermal-erosion with talus 30,
// half of each band hard, cliffs 80, then `base` and `params` set on top.
StrataCone settle(StrataCone out, Params base, Params params, int threads, double spacing) {
    const int side = out.before.width();
    out.after = core::Heightmap(side, side);
    core::MaskSet below, masks;
    out.h.hiMetres = 200.0;
    const core::GenerateContext ctx = context(threads);
    const core::OpCall call{out.before, out.after, out.h, spacing, 8, 8, ctx, {}, &below, &masks, {}, {}, nullptr, {},
                            0.0};
    core::OpInstance o = op(baseRecipe(), "thermal-erosion",
                            {{"talus_angle", "30"}, {"hard_share", "0.5"}, {"cliff_angle", "80"}});
    for (const Params& set : {base, params})
        for (const auto& [k, v] : set) core::setOperationParamFromText(registry(), o, k, v, k);
    registry().findOp("thermal-erosion")->run(o.params, call);
    out.scree = *masks.at("scree");
    return out;
}
// The cone settled with strata `strata` m thick and the thermal-erosion parameters `shape` (the
// strata's dip, noise, fold and faults) set on top.
StrataCone settleCone(const char* strata, Params shape = {}, int threads = 2) {
    const int side = 257, c = side / 2;
    StrataCone out{core::Heightmap(side, side), {}, {}, {}};
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x)
            out.before.at(x, y) = float(std::max(0.0, 110.0 - std::hypot(x - c, y - c)) * std::tan(60.0 * kPi / 180.0));
    return settle(std::move(out), {{"strata", strata}, {"strata_noise_scale", "60"}, {"strata_fold_wavelength", "100"}},
                  shape, threads, 1.0);
}

// How many metres higher in the bands sample (x, y) lies than its height: 0 for level bands.
using BandShift = std::function<double(int x, int y)>;
double level(int, int) { return 0.0; }

// The steepest slope from each kind of sample (of every pair of neighbours, the higher one's),
// bands `band` m thick read with `shift` added to each height, samples within `edge` of a band's
// boundary left out; returns the pairs over 50°.
// `share`: each band's hard share by its index (none: every band's is a half).
int steepestByRock(const StrataCone& cone, const core::Heightmap& map, double band, const BandShift& shift, double edge,
                   double& soft, double& hard, const std::function<double(double index)>& share = {}) {
    soft = hard = 0.0;
    int cliffs = 0;
    for (int y = 0; y + 1 < map.height(); ++y)
        for (int x = 1; x + 1 < map.width(); ++x)
            for (const auto& [dx, dy] : {std::pair{1, 0}, std::pair{0, 1}, std::pair{1, 1}, std::pair{-1, 1}}) {
                const int nx = x + dx, ny = y + dy;
                const bool higher = map.at(x, y) >= map.at(nx, ny);
                const int ux = higher ? x : nx, uy = higher ? y : ny;
                const double u = (map.at(ux, uy) + shift(ux, uy)) / band, phase = u - std::floor(u);
                const double hardShare = share ? share(std::floor(u)) : 0.5;
                if (phase < edge || std::fabs(phase - hardShare) < edge || phase > 1.0 - edge) continue;
                const bool isHard = phase < hardShare && map.at(ux, uy) <= cone.before.at(ux, uy) + 1e-3f;
                const double deg = std::atan(std::fabs(double(map.at(x, y)) - map.at(nx, ny)) /
                                             (dx != 0 && dy != 0 ? std::sqrt(2.0) : 1.0)) * 180.0 / kPi;
                (isHard ? hard : soft) = std::max(isHard ? hard : soft, deg);
                cliffs += deg > 50.0 ? 1 : 0;
            }
    return cliffs;
}
}  // namespace

TEST(ThermalErosion, HardStrataStandInCliffsOverScree) {
    const StrataCone cone = settleCone("20");
    const core::Heightmap& m = cone.after;
    double steepestSoft = 0.0, steepestHard = 0.0;
    const int cliffs = steepestByRock(cone, m, 20.0, level, 1e-3, steepestSoft, steepestHard);
    double deposited = 0.0;
    for (float v : cone.scree.samples()) deposited += v;
    std::printf("strata: steepest from soft %.2f deg, from hard rock %.2f deg; %d pairs over 50 deg; scree %.0f\n",
                steepestSoft, steepestHard, cliffs, deposited);
    EXPECT_LE(steepestSoft, 31.0);
    EXPECT_LE(steepestHard, 81.0);
    EXPECT_GT(steepestHard, 55.0);  // the cliffs keep the cone's 60 degrees
    EXPECT_GT(cliffs, 1000);
    EXPECT_GT(deposited, 100.0);
    // Without strata nothing stands steeper than the angle of repose.
    const StrataCone loose = settleCone("0");
    EXPECT_LE(steepestDeg(loose.after, loose.h, 1.0), 31.0);
    // The same bytes on any thread count.
    EXPECT_EQ(settleCone("20", {}, 1).after, m);
    EXPECT_EQ(settleCone("20", {}, 3).after, m);
}

// Bands of many kinds (`strata_variety` 1): each 20 m band of the cone has its own hard share,
// drawn between 0 and 1. Read with each band's own share, soft rock rests at the angle of repose
// and hard rock stands in cliffs; read with one share for all, "soft" samples stand in cliffs.
TEST(ThermalErosion, BandsOfManySharesStandInCliffsOfManyHeights) {
    std::vector<float> shares;
    core::strataShares(0.5, 1.0, 8, shares);  // the seed settleCone's call carries
    const auto own = [&](double index) {
        const double k = index - double(core::kShareBands) * std::floor(index / double(core::kShareBands));
        return double(shares[std::size_t(k)]);
    };
    const StrataCone varied = settleCone("20", {{"strata_variety", "1"}});
    double soft = 0.0, hard = 0.0, evenSoft = 0.0, evenHard = 0.0;
    const int cliffs = steepestByRock(varied, varied.after, 20.0, level, 1e-2, soft, hard, own);
    (void)steepestByRock(varied, varied.after, 20.0, level, 1e-2, evenSoft, evenHard);
    std::printf("bands of many shares: steepest from soft %.2f deg, from hard %.2f deg, %d pairs over 50 deg; read "
                "with one share: soft %.2f deg\n",
                soft, hard, cliffs, evenSoft);
    EXPECT_LE(soft, 31.0);
    EXPECT_LE(hard, 81.0);
    EXPECT_GT(hard, 55.0);
    EXPECT_GT(cliffs, 1000);
    EXPECT_GT(evenSoft, 50.0);
    // None: the bytes of a run without the parameter.
    EXPECT_EQ(settleCone("20", {{"strata_variety", "0"}}).after, settleCone("20").after);
}

// Tilted strata: the same cone with its bands dipping 25 degrees to the east. Judged by the tilted
// bands (a sample x metres east lies tan(25) x metres higher in them), nothing soft stands steeper
// than the angle of repose and the hard bands keep cliffs; judged by level bands, "soft" samples
// stand in cliffs: the tilt is where the cliffs are. A dip towards the west mirrors them.
TEST(ThermalErosion, TiltedStrataCarryTheirCliffsAcrossTheSlope) {
    const StrataCone cone = settleCone("20", {{"strata_dip", "25"}, {"strata_dip_direction", "90"}});
    const core::Heightmap& m = cone.after;
    const double tanDip = std::tan(25.0 * kPi / 180.0);
    double soft = 0.0, hard = 0.0;
    const int cliffs = steepestByRock(cone, m, 20.0, [&](int x, int) { return tanDip * x; }, 1e-2, soft, hard);
    std::printf("tilted strata: steepest from soft %.2f deg, from hard %.2f deg; %d pairs over 50 deg\n", soft, hard,
                cliffs);
    EXPECT_LE(soft, 31.0);
    EXPECT_LE(hard, 81.0);
    EXPECT_GT(hard, 55.0);
    EXPECT_GT(cliffs, 1000);
    double levelSoft = 0.0, levelHard = 0.0;
    (void)steepestByRock(cone, m, 20.0, level, 1e-2, levelSoft, levelHard);
    EXPECT_GT(levelSoft, 50.0);  // level bands do not explain these cliffs
    EXPECT_NE(m, settleCone("20").after);
    // Dipping west: read with the tilt the other way, the same holds.
    const StrataCone west = settleCone("20", {{"strata_dip", "25"}, {"strata_dip_direction", "270"}});
    double westSoft = 0.0, westHard = 0.0;
    (void)steepestByRock(west, west.after, 20.0, [&](int x, int) { return -tanDip * x; }, 1e-2, westSoft, westHard);
    EXPECT_LE(westSoft, 31.0);
    EXPECT_LE(westHard, 81.0);
    // The same bytes on any thread count.
    EXPECT_EQ(settleCone("20", {{"strata_dip", "25"}, {"strata_dip_direction", "90"}}, 1).after, m);
}

// Wandering strata: the same cone with its band boundaries moved up and down by up to 8 m in
// features of 60 m. It still settles (nothing steeper than the cliff angle, cliffs stand), but
// read as level bands its "soft" samples stand in cliffs: the boundaries are no longer at one
// height all round.
TEST(ThermalErosion, StrataBoundariesWanderWithTheirNoise) {
    const StrataCone cone = settleCone("20", {{"strata_noise", "8"}});
    double soft = 0.0, hard = 0.0;
    const int cliffs = steepestByRock(cone, cone.after, 20.0, level, 1e-2, soft, hard);
    std::printf("wandering strata read level: steepest from soft %.2f deg, from hard %.2f deg; %d pairs over 50 deg\n",
                soft, hard, cliffs);
    EXPECT_GT(soft, 50.0);
    EXPECT_GT(cliffs, 1000);
    EXPECT_LE(steepestDeg(cone.after, cone.h, 1.0), 81.0);
    EXPECT_NE(cone.after, settleCone("20").after);
    EXPECT_EQ(settleCone("20", {{"strata_noise", "8"}}, 1).after, cone.after);
}

// Folded strata: the same cone with its bands rising and falling 12 m in folds 100 m apart whose
// axis runs east-west (an anticline's crest along the row through the centre). Read through the
// fold (a sample's band lies 12 cos(2 pi (y - centre) / 100) m higher), nothing soft stands steeper
// than the angle of repose and the hard bands keep cliffs; read level, or through the same fold
// turned north-south, "soft" samples stand in cliffs: the folds are where the cliffs are.
TEST(ThermalErosion, FoldedStrataWindTheirCliffsAlongTheFolds) {
    const StrataCone cone = settleCone("20", {{"strata_fold", "12"}, {"strata_fold_axis", "90"}});
    const core::Heightmap& m = cone.after;
    const double centre = 0.5 * (m.height() - 1);
    const auto fold = [&](double along) { return -12.0 * std::cos(2.0 * kPi * (along - centre) / 100.0); };
    double soft = 0.0, hard = 0.0;
    const int cliffs = steepestByRock(cone, m, 20.0, [&](int, int y) { return fold(y); }, 1e-2, soft, hard);
    double levelSoft = 0.0, levelHard = 0.0, turnedSoft = 0.0, turnedHard = 0.0;
    (void)steepestByRock(cone, m, 20.0, level, 1e-2, levelSoft, levelHard);
    (void)steepestByRock(cone, m, 20.0, [&](int x, int) { return fold(x); }, 1e-2, turnedSoft, turnedHard);
    std::printf("folded strata: steepest from soft %.2f deg, from hard %.2f deg, %d pairs over 50 deg; "
                "read level: soft %.2f deg; read with the fold turned: soft %.2f deg\n",
                soft, hard, cliffs, levelSoft, turnedSoft);
    EXPECT_LE(soft, 31.0);
    EXPECT_LE(hard, 81.0);
    EXPECT_GT(hard, 55.0);
    EXPECT_GT(cliffs, 1000);
    EXPECT_GT(levelSoft, 50.0);
    EXPECT_GT(turnedSoft, 50.0);
    // The fold's axis north-south: read through that fold, the same holds.
    const StrataCone turned = settleCone("20", {{"strata_fold", "12"}, {"strata_fold_axis", "0"}});
    double nsSoft = 0.0, nsHard = 0.0;
    (void)steepestByRock(turned, turned.after, 20.0, [&](int x, int) { return fold(x); }, 1e-2, nsSoft, nsHard);
    EXPECT_LE(nsSoft, 31.0);
    EXPECT_GT(nsHard, 55.0);
    // The same bytes on any thread count.
    EXPECT_EQ(settleCone("20", {{"strata_fold", "12"}, {"strata_fold_axis", "90"}}, 1).after, m);
}


// Faulted strata: the same cone with an east-west fault 20 m south of its centre, beyond which
// (to the south) the bands lie 6 m lower, 0.3 of a band. Read through that fault (a sample south
// of it lies 6 m higher in the bands), nothing soft stands steeper than the angle of repose and the
// hard bands keep cliffs; read level, or with the north side dropped instead, "soft" samples
// stand in cliffs. Faults every 40 m (step faults, each dropping the bands 6 m further) read
// through as one fault do not hold, read through as steps they do.
namespace {
// How many metres higher in the bands sample (x, y) lies beyond the faults of `throwM` striking
// `strikeDeg`, `offsetM` from the centre, `spacingM` apart (0: one).
BandShift faulted(double throwM, double strikeDeg, double offsetM, double spacingM) {
    return [=](int x, int y) {
        const double c = 0.5 * (257 - 1), strike = strikeDeg * kPi / 180.0;
        const bool right = strikeDeg == 0.0 || strikeDeg == 90.0;  // the tests' strikes: cos and sin exact
        const double cs = right ? (strikeDeg == 0.0 ? 1.0 : 0.0) : std::cos(strike);
        const double sn = right ? (strikeDeg == 0.0 ? 0.0 : 1.0) : std::sin(strike);
        const double s = (x - c) * cs + ((y - c) * sn - offsetM);
        const double crossed = spacingM > 0.0 ? std::floor(s / spacingM) + 1.0 : (s >= 0.0 ? 1.0 : 0.0);
        return crossed * throwM;
    };
}
}  // namespace

TEST(ThermalErosion, FaultsStepTheStrataAndTheirCliffs) {
    const StrataCone cone = settleCone(
        "20", {{"strata_fault_throw", "6"}, {"strata_fault_strike", "90"}, {"strata_fault_offset", "20"}});
    const core::Heightmap& m = cone.after;
    double soft = 0.0, hard = 0.0, levelSoft = 0.0, levelHard = 0.0, upSoft = 0.0, upHard = 0.0;
    const int cliffs = steepestByRock(cone, m, 20.0, faulted(6.0, 90.0, 20.0, 0.0), 1e-2, soft, hard);
    (void)steepestByRock(cone, m, 20.0, level, 1e-2, levelSoft, levelHard);
    // The north side dropped instead (a sample north of the fault reads 6 m higher in the bands).
    const BandShift south = faulted(6.0, 90.0, 20.0, 0.0);
    (void)steepestByRock(cone, m, 20.0, [&](int x, int y) { return 6.0 - south(x, y); }, 1e-2, upSoft, upHard);
    std::printf("faulted strata: steepest from soft %.2f deg, from hard %.2f deg, %d pairs over 50 deg; read level: "
                "soft %.2f deg; read with the north side dropped: soft %.2f deg\n",
                soft, hard, cliffs, levelSoft, upSoft);
    EXPECT_LE(soft, 31.0);
    EXPECT_LE(hard, 81.0);
    EXPECT_GT(hard, 55.0);
    EXPECT_GT(cliffs, 1000);
    EXPECT_GT(levelSoft, 50.0);
    EXPECT_GT(upSoft, 50.0);
    // Step faults 40 m apart, north-south, the first 10 m west of the centre.
    const StrataCone steps = settleCone("20", {{"strata_fault_throw", "6"}, {"strata_fault_offset", "-10"},
                                               {"strata_fault_spacing", "40"}});
    double stepSoft = 0.0, stepHard = 0.0, oneSoft = 0.0, oneHard = 0.0;
    (void)steepestByRock(steps, steps.after, 20.0, faulted(6.0, 0.0, -10.0, 40.0), 1e-2, stepSoft, stepHard);
    (void)steepestByRock(steps, steps.after, 20.0, faulted(6.0, 0.0, -10.0, 0.0), 1e-2, oneSoft, oneHard);
    std::printf("step faults: steepest from soft %.2f deg, from hard %.2f deg; read as one fault: soft %.2f deg\n",
                stepSoft, stepHard, oneSoft);
    EXPECT_LE(stepSoft, 31.0);
    EXPECT_GT(stepHard, 55.0);
    EXPECT_GT(oneSoft, 50.0);
    // (The same bytes on any thread count: the folds' test; the faults' offsets are computed per
    // row like the folds'.)
}

// A fault scarp: a plain at 100 m (1 m samples) cut by an east-west fault through its centre that
// drops the strata 30 m to the south, the ground dropped with them (`strata_fault_scarp` 1, a fresh
// fault). Far from the fault the plain stands 15 m higher to the north and 15 m lower to the south
// (half the scarp either way: the mean height stays but for the fault's own row); between, the
// scarp is settled as the bands say, read through the fault: soft rock at the angle of repose,
// hard rock in cliffs. Half a scarp drops the ground half as far; none leaves the bytes of a run
// without the parameter.
namespace {
StrataCone settlePlain(Params params, int threads = 2, int side = 257, double spacing = 1.0) {
    StrataCone out{core::Heightmap(side, side), {}, {}, {}};
    for (float& v : out.before.samples()) v = 100.0f;
    return settle(std::move(out), {{"strata", "20"}, {"strata_fault_throw", "30"}, {"strata_fault_strike", "90"}},
                  params, threads, spacing);
}
// The mean height of rows [y0, y1], and the largest distance of any of their samples from it.
std::pair<double, double> rowsMean(const core::Heightmap& m, int y0, int y1) {
    double sum = 0.0, lo = 1e30, hi = -1e30;
    for (int y = y0; y <= y1; ++y)
        for (int x = 0; x < m.width(); ++x) {
            sum += m.at(x, y);
            lo = std::min(lo, double(m.at(x, y)));
            hi = std::max(hi, double(m.at(x, y)));
        }
    const double mean = sum / double((y1 - y0 + 1) * m.width());
    return {mean, std::max(hi - mean, mean - lo)};
}
}  // namespace

TEST(ThermalErosion, AFaultScarpDropsTheGroundAndStandsInTheBandsCliffs) {
    StrataCone fresh = settlePlain({{"strata_fault_scarp", "1"}});
    const core::Heightmap& m = fresh.after;
    const auto [north, northSpread] = rowsMean(m, 0, 40);
    const auto [south, southSpread] = rowsMean(m, 216, 256);
    double mean = 0.0;
    for (float v : m.samples()) mean += v;
    mean /= double(m.sampleCount());
    // Read through the fault: the bands and the ground south of it 30 m lower (the rock as the
    // scarp left it, before it settled: 115 m north, 85 m south; the fault's own row is south).
    for (int y = 0; y < m.height(); ++y)
        for (int x = 0; x < m.width(); ++x) fresh.before.at(x, y) = y < 128 ? 115.0f : 85.0f;
    double soft = 0.0, hard = 0.0;
    const int cliffs = steepestByRock(fresh, m, 20.0, faulted(30.0, 90.0, 0.0, 0.0), 1e-2, soft, hard);
    double deposited = 0.0;
    for (float v : fresh.scree.samples()) deposited += v;
    std::printf("fault scarp: north %.3f m (within %.3f), south %.3f m (within %.3f), mean %.4f m; steepest from "
                "soft %.2f deg, from hard %.2f deg, %d pairs over 50 deg; scree %.0f\n",
                north, northSpread, south, southSpread, mean, soft, hard, cliffs, deposited);
    EXPECT_NEAR(north, 115.0, 1e-3);
    EXPECT_NEAR(south, 85.0, 1e-3);
    EXPECT_LT(northSpread + southSpread, 1e-3);
    EXPECT_NEAR(mean, 100.0, 0.1);  // less 15 m on the fault's own row: 0.06 m
    EXPECT_LE(soft, 31.0);
    EXPECT_LE(hard, 81.0);
    EXPECT_GT(hard, 55.0);
    EXPECT_GT(cliffs, 200);  // along the 257 m scarp
    EXPECT_GT(deposited, 100.0);
    // Half a scarp: half the drop.
    const StrataCone half = settlePlain({{"strata_fault_scarp", "0.5"}});
    EXPECT_NEAR(rowsMean(half.after, 0, 40).first - rowsMean(half.after, 216, 256).first, 15.0, 1e-3);
    // None: the ground runs level across the fault, the bytes of a run without the parameter.
    const StrataCone none = settlePlain({{"strata_fault_scarp", "0"}});
    EXPECT_EQ(none.after, settlePlain({}).after);
    EXPECT_NEAR(rowsMean(none.after, 0, 40).first, 100.0, 1e-3);
    // The same bytes on any thread count.
    EXPECT_EQ(settlePlain({{"strata_fault_scarp", "1"}}, 1).after, m);
}

// A fault of a finite length: the same east-west fault 256 m long, centred on the map. Unsettled
// (amount 0), the ground steps across the fault by the throw times a bell along the strike, 30 m at
// the middle, 30 (3/4)² m a quarter length either side, nothing at the tips; nothing moves a half
// length away or beyond the tips; and off the fault line the ground is smooth (with the throw an
// ellipse along the strike, tried first, the ground stood 62 degrees steep beside the lines through
// the tips, across the whole map). Settled, soft rock rests at the angle of repose read through the
// fault, hard rock in cliffs.
TEST(ThermalErosion, AFaultOfAFiniteLengthDiesOutAtItsTips) {
    const auto bell = [](double t) { return t * t < 1.0 ? (1.0 - t * t) * (1.0 - t * t) : 0.0; };
    // Half the throw either way, a bell along the strike (x) and across it (y).
    const auto moved = [&](int x, int y) {
        return (y >= 128 ? -15.0 : 15.0) * bell((x - 128) / 128.0) * bell((y - 128) / 128.0);
    };
    const core::Heightmap raw =
        settlePlain({{"strata_fault_scarp", "1"}, {"strata_fault_length", "256"}, {"amount", "0"}}).after;
    for (int x : {0, 64, 128, 192, 256}) {
        const double step = double(raw.at(x, 127)) - double(raw.at(x, 128));
        const double u = (x - 128) / 128.0;
        std::printf("finite fault: the step at x = %d: %.3f m (30 m x the bell %.3f m)\n", x, step, 30.0 * bell(u));
        EXPECT_NEAR(step, 30.0 * bell(u), 0.01) << x;
    }
    double untouched = 0.0, steepest = 0.0;
    for (int i = 0; i < 257; ++i)
        for (const auto& [x, y] : {std::pair{i, 0}, std::pair{i, 256}, std::pair{0, i}, std::pair{256, i}})
            untouched = std::max(untouched, std::fabs(double(raw.at(x, y)) - 100.0));
    for (int y = 0; y + 1 < 257; ++y)
        for (int x = 0; x + 1 < 257; ++x) {
            steepest = std::max(steepest, std::fabs(double(raw.at(x + 1, y)) - raw.at(x, y)));
            if (y != 127) steepest = std::max(steepest, std::fabs(double(raw.at(x, y + 1)) - raw.at(x, y)));
        }
    steepest = std::atan(steepest) * 180.0 / kPi;
    std::printf("finite fault: %.4f m moved on the map's border; steepest off the fault %.2f deg\n", untouched,
                steepest);
    EXPECT_EQ(untouched, 0.0);
    EXPECT_LT(steepest, 20.0);
    StrataCone scarp = settlePlain({{"strata_fault_scarp", "1"}, {"strata_fault_length", "256"}});
    for (int y = 0; y < 257; ++y)
        for (int x = 0; x < 257; ++x) scarp.before.at(x, y) = float(100.0 + moved(x, y));
    double soft = 0.0, hard = 0.0;
    // The bands move with the ground: the surface cuts them as it did before the fault moved.
    const int cliffs = steepestByRock(scarp, scarp.after, 20.0, [&](int x, int y) { return -moved(x, y); }, 1e-2,
                                      soft, hard);
    std::printf("finite fault: steepest from soft %.2f deg, from hard %.2f deg, %d pairs over 50 deg\n", soft, hard,
                cliffs);
    EXPECT_LE(soft, 31.0);
    EXPECT_GT(hard, 55.0);
}

// A scarp across the grid: loose ground (no strata) dropped 30 m across a fault striking 30 degrees
// and settled at 30. Away from the map's border its heights depend on the distance across the fault
// alone, within 0.15 m (RMS) of the mean profile binned by tenths of a sample: the scarp runs along
// the fault line, its foot and top straight, not stepped with the grid's rows.
TEST(ThermalErosion, AFaultScarpAcrossTheGridIsStraight) {
    const StrataCone scarp = settlePlain({{"strata", "0"}, {"strata_fault_strike", "30"}, {"strata_fault_scarp", "1"}});
    const core::Heightmap& m = scarp.after;
    const double c = 0.5 * (m.width() - 1), cs = std::cos(30.0 * kPi / 180.0), sn = std::sin(30.0 * kPi / 180.0);
    const auto across = [&](int x, int y) { return (x - c) * cs + (y - c) * sn; };  // metres, to the dropped side
    std::vector<double> sum(1000, 0.0), count(1000, 0.0);
    const auto bin = [](double s) { return std::size_t(std::lround(s * 10.0) + 500); };
    for (int y = 40; y < 217; ++y)
        for (int x = 40; x < 217; ++x)
            if (std::fabs(across(x, y)) < 45.0) {
                sum[bin(across(x, y))] += m.at(x, y);
                count[bin(across(x, y))] += 1.0;
            }
    double squares = 0.0, n = 0.0;
    for (int y = 40; y < 217; ++y)
        for (int x = 40; x < 217; ++x)
            if (std::fabs(across(x, y)) < 45.0) {
                const std::size_t b = bin(across(x, y));
                const double d = m.at(x, y) - sum[b] / count[b];
                squares += d * d;
                n += 1.0;
            }
    const double rms = std::sqrt(squares / n);
    std::printf("scarp striking 30 deg: %.3f m RMS from its mean profile; steepest %.2f deg\n", rms,
                steepestDeg(m, scarp.h, 1.0));
    EXPECT_LT(rms, 0.15);
    EXPECT_LE(steepestDeg(m, scarp.h, 1.0), 31.0);
}

// The scarp is the same at every detail: the plain 256 m across at 2 m (129²) against every second
// sample of it at 1 m (257²), the fault striking 60 degrees (the faults' sides are exact at every
// detail; the scarp's cliffs settle at each detail's own spacing).
TEST(ThermalErosion, AFaultScarpIsTheSameAtEveryDetail) {
    const Params oblique{{"strata_fault_strike", "60"}, {"strata_fault_scarp", "1"}};
    const StrataCone coarse = settlePlain(oblique, 2, 129, 2.0), fine = settlePlain(oblique);
    const double rms = rmsOfRelief(coarse.after, fine.after);
    std::printf("fault scarp, 1 m vs 2 m: RMS difference %.3f %% of the relief\n", rms * 100.0);
    EXPECT_LE(rms, 0.02);
    // A fault 200 m long: its bells are placed by world position too.
    const Params finite{{"strata_fault_strike", "60"}, {"strata_fault_scarp", "1"}, {"strata_fault_length", "200"}};
    const double finiteRms = rmsOfRelief(settlePlain(finite, 2, 129, 2.0).after, settlePlain(finite).after);
    std::printf("a fault 200 m long, 1 m vs 2 m: RMS difference %.3f %% of the relief\n", finiteRms * 100.0);
    EXPECT_LE(finiteRms, 0.02);
}

// A plunging fold is a fold with a dip along its axis: folds 12 m high, 100 m apart, their axis
// east-west, the bands falling 10 degrees to the east. Read through the fold and the dip together
// the soft rock rests at the angle of repose; read through the fold alone it does not.
TEST(ThermalErosion, AFoldWithADipAlongItsAxisPlunges) {
    const StrataCone cone = settleCone("20", {{"strata_fold", "12"}, {"strata_fold_axis", "90"}, {"strata_dip", "10"},
                                              {"strata_dip_direction", "90"}});
    const core::Heightmap& m = cone.after;
    const double centre = 0.5 * (m.height() - 1), tanDip = std::tan(10.0 * kPi / 180.0);
    const auto fold = [&](int y) { return -12.0 * std::cos(2.0 * kPi * (y - centre) / 100.0); };
    double soft = 0.0, hard = 0.0, foldSoft = 0.0, foldHard = 0.0;
    const int cliffs = steepestByRock(cone, m, 20.0, [&](int x, int y) { return fold(y) + tanDip * x; }, 1e-2,
                                      soft, hard);
    (void)steepestByRock(cone, m, 20.0, [&](int, int y) { return fold(y); }, 1e-2, foldSoft, foldHard);
    std::printf("plunging fold: steepest from soft %.2f deg, from hard %.2f deg, %d pairs over 50 deg; read without "
                "the plunge: soft %.2f deg\n",
                soft, hard, cliffs, foldSoft);
    EXPECT_LE(soft, 31.0);
    EXPECT_GT(hard, 55.0);
    EXPECT_GT(cliffs, 1000);
    EXPECT_GT(foldSoft, 50.0);
}

// Bands too thin for a coarse level: a smooth dome (257² at 8 m, 600 m high, flanks up to 41°) in
// 30 m bands (a band's run at 30° is 52 m: 1.6 samples of the coarsest level, 3.2 of the next).
// Those levels settle at the bands' mean slope and leave the bands to the full resolution, so the
// scree apron beyond the cliffs (800 to 1,000 m out) is as round as a dome's settled without
// strata: turned 22.5° about its centre, its heights change by no more (RMS). When every level
// drew the bands (until stop 54), the coarse levels' checkerboard of cliff and soft cells left
// streaks along the grid's axes and a 12-sided foot: 2.32 m against the loose dome's 0.79 m.
TEST(ThermalErosion, ThinStrataLeaveNoMarkOfTheGrid) {
    const core::Heightmap loose = settleDome({});
    const core::Heightmap banded = settleDome({{"strata", "30"}, {"hard_share", "0.4"}, {"cliff_angle", "75"}});
    const double looseChange = changeWhenTurned(loose, 8.0, 22.5, 800.0, 1000.0);
    const double bandedChange = changeWhenTurned(banded, 8.0, 22.5, 800.0, 1000.0);
    std::printf("turned 22.5 deg, heights 800..1000 m out change by %.2f m (no strata), %.2f m (30 m strata)\n",
                looseChange, bandedChange);
    EXPECT_LE(bandedChange, looseChange);
    // The bands are there: the full resolution draws their cliffs.
    core::HeightScale h;
    h.hiMetres = 700.0;
    EXPECT_GT(steepestDeg(banded, h, 8.0), 60.0);
    EXPECT_LT(steepestDeg(loose, h, 8.0), 31.0);
}

// The scree under strata lies smooth across the fall line whichever way its apron faces. A mesa
// (513² at 4 m: 450 m high, its flanks 200 m wide, on a plain rough by ±1 m) settled in 30 m bands,
// half hard, at 32° and 80°: on its aprons (400 to 800 m from its centre, where material came to
// rest) the second difference of the heights along the contour, one sample either way, varies as
// little on the aprons facing north and south as on those facing east and west. Before the scree
// was smoothed along its contours (2026-11-30) the pair sweeps left it streaked down the fall line
// where it faced north or south, column by column: 0.136 m there against 0.042 m east and west.
TEST(ThermalErosion, ScreeUnderStrataLiesSmoothWhicheverWayItFaces) {
    constexpr int kSide = 513, c = kSide / 2;
    StrataCone mesa{core::Heightmap(kSide, kSide), {}, {}, {}};
    for (int y = 0; y < kSide; ++y)
        for (int x = 0; x < kSide; ++x) {
            const double r = std::hypot(x - c, y - c) * 4.0;
            const double rough = double((std::uint32_t(x) * 2654435761U ^ std::uint32_t(y) * 40503U) % 1000U) / 1000.0;
            mesa.before.at(x, y) = float(450.0 * std::pow(std::clamp((650.0 - r) / 200.0, 0.0, 1.0), 0.7) + 20.0 +
                                         2.0 * (rough - 0.5));
        }
    const Params bands = {{"talus_angle", "32"}, {"strata", "30"}};
    const StrataCone one = settle(mesa, bands, {}, 1, 4.0), two = settle(mesa, bands, {}, 2, 4.0);
    EXPECT_EQ(one.after, two.after);
    const core::Heightmap& h = two.after;
    const auto at = [&](double x, double y) {
        const int x0 = int(x), y0 = int(y);
        const double tx = x - x0, ty = y - y0;
        const double a = h.at(x0, y0) + tx * (h.at(x0 + 1, y0) - h.at(x0, y0));
        const double b = h.at(x0, y0 + 1) + tx * (h.at(x0 + 1, y0 + 1) - h.at(x0, y0 + 1));
        return a + ty * (b - a);
    };
    double sum[2] = {0.0, 0.0}, squares[2] = {0.0, 0.0};
    int count[2] = {0, 0};
    for (int y = 3; y < kSide - 3; ++y)
        for (int x = 3; x < kSide - 3; ++x) {
            const double dx = x - c, dy = y - c, r = std::hypot(dx, dy);
            if (r * 4.0 < 400.0 || r * 4.0 > 800.0 || !(h.at(x, y) > mesa.before.at(x, y) + 0.5f)) continue;
            const double tx = -dy / r, ty = dx / r;  // along the contour
            const int facing = std::fabs(tx) > 0.92 ? 0 : std::fabs(ty) > 0.92 ? 1 : -1;  // 0: north, south
            if (facing < 0) continue;
            const double along = at(x + tx, y + ty) + at(x - tx, y - ty) - 2.0 * h.at(x, y);
            sum[facing] += along;
            squares[facing] += along * along;
            ++count[facing];
        }
    ASSERT_GT(count[0], 1000);
    ASSERT_GT(count[1], 1000);
    double spread[2];
    for (int k : {0, 1}) spread[k] = std::sqrt(squares[k] / count[k] - (sum[k] / count[k]) * (sum[k] / count[k]));
    std::printf("scree along its contours: %.4f m facing north and south (%d samples), %.4f m facing east and west "
                "(%d)\n", spread[0], count[0], spread[1], count[1]);
    EXPECT_LT(spread[0], 0.06);
    EXPECT_LT(spread[0], 1.5 * spread[1]);
}

// river-erosion reads the bands on a map extended past its edge (its open edge): with the
// extension's samples before the map's first as the origin, each of the map's samples lies in
// the same place in the bands as on the map alone, whatever their shape (the centre of a level
// extended alike on every side is the map's).
TEST(Strata, TheBandsOfAMapExtendedPastItsEdgeAreTheMapsBands) {
    core::StrataShape shape;
    shape.dip_deg = 7.0;
    shape.dipDirection_deg = 120.0;
    shape.noise_m = 15.0;
    shape.noiseScale_m = 90.0;
    shape.fold_m = 25.0;
    shape.foldWavelength_m = 400.0;
    shape.foldAxis_deg = 30.0;
    shape.faultThrow_m = 12.0;
    shape.faultStrike_deg = 70.0;
    shape.faultSpacing_m = 150.0;
    shape.faultLength_m = 500.0;
    constexpr int kSide = 65, kPad = 12;
    std::vector<float> alone, extended;
    core::strataOffsets(shape, 20.0, kSide, 8.0, 5, context(2), alone);
    core::strataOffsets(shape, 20.0, kSide + 2 * kPad, 8.0, 5, context(2), extended, kPad);
    int differ = 0;
    for (int y = 0; y < kSide; ++y)
        for (int x = 0; x < kSide; ++x)
            if (alone[std::size_t(y * kSide + x)] != extended[std::size_t((y + kPad) * (kSide + 2 * kPad) + x + kPad)])
                ++differ;
    EXPECT_EQ(differ, 0);
    // Without the origin the extension's first sample would be the map's: the bands move.
    core::strataOffsets(shape, 20.0, kSide + 2 * kPad, 8.0, 5, context(2), extended);
    EXPECT_NE(alone[0], extended[std::size_t(kPad * (kSide + 2 * kPad) + kPad)]);
}
