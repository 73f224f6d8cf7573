// thermal-erosion (issue 13): material steeper than the angle of repose slides down until no
// slope exceeds it, leaving scree at the foot of the slopes.
//
// The model is the talus rule of Musgrave, Kolb and Mace (1989): between two neighbouring samples
// (8-neighbours) the height difference may not exceed D = tan(talus) * their distance; where it
// does, material moves from the higher to the lower. Here as pair projections: a sweep visits
// every pair once, in 8 fixed sets of disjoint pairs (each set row-parallel, so the same bytes on
// any thread count), and moves omega / 2 of the pair's excess from the higher sample to the
// lower. omega = 1 would leave the pair exactly D apart; over-relaxation (omega = 1.9, as in
// SOR) settles in a few tens of sweeps where omega = 1 took hundreds. What one sample loses the
// other gains, so material only moves (the sum of heights changes by float rounding alone);
// nothing crosses the map's border.
//
// Sweeps move material a few samples each, so long slopes would need thousands at 4097². The
// operation runs coarse to fine instead: it settles a map of every 2^K-th sample first (spacing
// 2^K times larger, the same talus in metres), adds the change, interpolated, to the next finer
// map, settles that (only local excess is left), and so on down to the full map. Each level stops
// when no pair exceeds the talus by more than kToleranceDeg (or after kMaxSweeps sweeps).
#include "ops.h"

#include "../errors.h"
#include "coarse_to_fine.h"
#include "op_support.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cmath>
#include <vector>

namespace terrain::core {
namespace {

struct ThermalParams {
    double talus_deg = 35.0;
    double amount = 1.0;
    double screeDepth_m = 2.0;
};

constexpr double kPi = 3.14159265358979323846;
constexpr double kToleranceDeg = 0.5;  // a settled slope exceeds the talus by at most this
constexpr int kMaxSweeps = 200;        // per level
constexpr int kCoarsestSide = 65;      // the first level settled
constexpr float kOmega = 1.9f;         // over-relaxation of each pair's move (1 = exactly to the talus)

using Grid = LevelMap;

// Settles each pair (a[i * Stride], b[i * Stride]), i < n, whose difference exceeds d: kOmega / 2
// of the excess moves from the higher to the lower (the sum is kept but for rounding). Returns
// how many pairs exceeded d by more than `tolerance` (an integer sum vectorises; a float max
// reduction does not without -ffast-math).
template <int Stride>
TERRAIN_VECTOR_CLONES int settlePairs(float* __restrict a, float* __restrict b, int n, float d, float tolerance) {
    int over = 0;
    for (int i = 0; i < n; ++i) {
        const float p = a[i * Stride], q = b[i * Stride];
        const float diff = p - q;
        const float excess = std::max(0.0f, std::fabs(diff) - d);
        const float t = std::copysign(excess * (kOmega / 2.0f), diff);
        a[i * Stride] = p - t;
        b[i * Stride] = q + t;
        over += excess > tolerance ? 1 : 0;
    }
    return over;
}

// One sweep: every pair of 8-neighbours once, in 8 sets of disjoint pairs (horizontal pairs from
// even and from odd columns, vertical from even and odd rows, and the two diagonals from even and
// odd rows), one set after the other, each set row-parallel. The order of the sets is fixed and
// the pairs of a set share no sample, so the result does not depend on the thread count.
// Nothing crosses the border. Returns how many pairs exceeded the talus by more than `tolerance`.
std::int64_t sweep(Grid& g, float d1, float d2, float tolerance, const OpCall& call) {
    const int side = g.side;
    std::vector<std::int64_t> over(std::size_t(side), 0);
    const int threads = threadsForWork(double(side) * side, call.context.threads);
    const auto rows = [&](int count, const auto& body) {
        parallelRows(count, threads, call.context, [&](int begin, int end) {
            for (int i = begin; i < end; ++i) body(i);
        });
    };
    for (int parity = 0; parity < 2; ++parity) {  // horizontal: (x, x + 1), x of this parity
        rows(side, [&](int y) {
            float* r = g.row(y);
            over[std::size_t(y)] += settlePairs<2>(r + parity, r + parity + 1, (side - parity) / 2, d1, tolerance);
        });
    }
    for (int parity = 0; parity < 2; ++parity) {  // vertical and diagonal: rows (y, y + 1), y of this parity
        const int pairs = (side - parity) / 2;
        rows(pairs, [&](int k) {
            const int y = parity + 2 * k;
            std::int64_t n = settlePairs<1>(g.row(y), g.row(y + 1), side, d1, tolerance);
            n += settlePairs<1>(g.row(y), g.row(y + 1) + 1, side - 1, d2, tolerance);
            n += settlePairs<1>(g.row(y) + 1, g.row(y + 1), side - 1, d2, tolerance);
            over[std::size_t(y)] += n;
        });
    }
    std::int64_t total = 0;
    for (std::int64_t n : over) total += n;
    return total;
}

// Settles `g` (spacing `spacing_m`) in place; returns the sweeps it took.
int settle(Grid& g, double spacing_m, const ThermalParams& p, const OpCall& call) {
    const double talus = p.talus_deg * kPi / 180.0;
    const double perMetre = 1.0 / call.heights.scale;  // raw units per metre of height
    const auto d1 = float(std::tan(talus) * spacing_m * perMetre);
    const auto d2 = float(std::tan(talus) * spacing_m * std::sqrt(2.0) * perMetre);
    const auto tolerance =
        float((std::tan(talus + kToleranceDeg * kPi / 180.0) - std::tan(talus)) * spacing_m * perMetre);
    for (int n = 1; n <= kMaxSweeps; ++n) {
        if (sweep(g, d1, d2, tolerance, call) == 0) return n;
    }
    return kMaxSweeps;
}

void runThermal(const ThermalParams& p, const OpCall& call) {
    const int side = call.input.width();
    std::shared_ptr<Heightmap> scree = addMask(call, "scree");
    if (p.amount == 0.0 || side < 3 || call.input.height() != side) {
        copyInput(call);
        for (int y = 0; y < scree->height(); ++y) std::fill(scree->row(y), scree->row(y) + scree->width(), 0.0f);
        return;
    }
    // The levels: steps 2^K .. 1, the coarsest at least kCoarsestSide samples a side.
    int coarsest = 0;
    while (((side - 1) >> (coarsest + 1)) + 1 >= kCoarsestSide && ((side - 1) % (2 << coarsest)) == 0) ++coarsest;
    Grid settled, before;
    for (int level = coarsest; level >= 0; --level) {
        const int step = 1 << level;
        Grid g = subsampleLevel(call.input, step);
        if (level < coarsest) addInterpolatedChange(g, settled, before);
        before = subsampleLevel(call.input, step);
        settle(g, call.metresPerSample * step, p, call);
        settled = std::move(g);
        call.context.report(float(coarsest - level + 1) / float(coarsest + 1));
    }
    const auto amount = float(p.amount);
    const auto toMask = float(call.heights.scale / p.screeDepth_m);  // raw change -> depth / scree depth
    forEachRow(call, [&](int y, const float* in, float* out) {
        const float* s = settled.row(y);
        float* mask = scree->row(y);
        for (int x = 0; x < side; ++x) {
            const float change = amount * (s[x] - in[x]);
            out[x] = in[x] + change;
            mask[x] = std::clamp(change * toMask, 0.0f, 1.0f);
        }
    });
}

}  // namespace

OpType thermalErosionOpType() {
    ParamTable<ThermalParams> table;
    table.add({"talus_angle", "Angle of repose", "deg", ParamKind::Real, 5.0, 80.0, 0.5, 35.0,
               "The steepest slope loose material holds: anything steeper slides down until it is this steep "
               "(sand about 34, scree 35 to 40, rock piles up to 45)",
               {}},
              [](ThermalParams& p, double v) { p.talus_deg = v; })
        .add({"amount", "Amount", "", ParamKind::Real, 0.0, 1.0, 0.01, 1.0,
              "How far towards fully settled: 1 = no slope steeper than the angle of repose remains, 0 = none", {}},
             [](ThermalParams& p, double v) { p.amount = v; })
        .add({"scree_depth", "Scree depth", "m", ParamKind::Real, 0.01, 10000.0, 0.1, 2.0,
              "Depth of deposited material at which the scree mask is full (1)", {}},
             [](ThermalParams& p, double v) { p.screeDepth_m = v; });
    OpType type = makeOpType<ThermalParams>(
        "thermal-erosion", "Thermal erosion",
        "Material steeper than the angle of repose slides down until it rests: smooth scree slopes, sharp ridges",
        table, runThermal);
    type.masks = [](const std::map<std::string, double>&) { return std::vector<std::string>{"scree"}; };
    return type;
}

}  // namespace terrain::core
