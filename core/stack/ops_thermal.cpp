// thermal-erosion: material steeper than the angle of repose slides down until no
// slope exceeds it, leaving scree at the foot of the slopes.
//
// The talus rule of Musgrave, Kolb and Mace (1989) — where the ground is steeper than the angle
// of repose, material moves downhill — applied to the slope itself rather than to each pair of
// neighbours. Across every edge between 4-neighbours the gradient is measured whole: the
// difference along the edge and the mean difference across it (the four samples beside it);
// where its length exceeds tan(talus), material moves across the edge in proportion to the excess
// and to the gradient's share along the edge. All edges move at once from the same heights
// (Jacobi: fluxes, then heights), so the result has no order and no direction of its own: a
// column of material settles into a round cone (ThermalErosion.APileIsRound). Each flux keeps
// half of its last value while its edge's excess lasts and drops to 0 once it ends (heavy-ball
// momentum): half the sweeps, and a slope is not pushed past the talus by more than a step.
//
// Until 2026-11-27 only pairs of 8-neighbours were checked, swept in 8 fixed sets of disjoint
// pairs and over-relaxed (each pair moved 0.95 of its excess). That let a slope whose fall line
// lies between an axis and a diagonal stand 8 % steeper, and the sets swept first took the most:
// a column settled into a lozenge 1.5 times as long one way as the other, a steep world's scree
// into planes facing the grid's eight directions. Those sweeps still follow the edges, once the
// edges have settled all but kHandOver of their excess: over-relaxed, they clear the last few
// fast, and the pairs' check adds the kinks the edge gradient cannot see (a V across a diagonal
// whose sides cancel across the edge). They settle to the talus plus the tolerance, and the edges
// run again after them, in rounds (settle() below): no direction is settled by the pairs alone.
// In a sweep what one sample loses its neighbour gains (the sum of heights changes by float
// rounding alone) and nothing crosses the map's border; the carry between levels (below) moves
// the sum by about 1e-4 of relief times area. Rows in parallel, each sum in a fixed order: the
// same bytes on any thread count.
//
// A sweep moves material one sample, so long slopes would need thousands of sweeps at 4097². The
// operation runs coarse to fine instead: it settles a map of every 2^K-th sample first (spacing
// 2^K times larger, the same talus in metres), carries it to the next finer map, settles that,
// and so on. Where the coarser level moved material, the finer map is the coarser surface (one
// step of B-spline subdivision: no creases along the coarse grid) rather than the input's finer
// detail plus the change: a settled scree slope has no detail left, and a bump left on it would
// have to slide the whole slope's length, sweep by sweep, at every finer level (1258 sweeps at
// 1025² when tried). Elsewhere the input's detail stays, blended over one talus rise of change.
// Each level stops when no pair exceeds the talus by more than kToleranceDeg (or at kMaxSweeps).
//
// Strata (optional): the rock comes in bands `strata` metres thick whose lowest `hard_share` (each
// band its own with `strata_variety`) is hard rock standing up to `cliff_angle`; soft rock and
// loose material (whatever came to rest above the rock, the level's input) rest at the angle of
// repose. Each sample's own talus is found from its height before every sweep; a pair moves at the
// talus of its higher sample, the one giving material, so soft bands fall back under the hard ones,
// which stand as cliffs with scree at their feet; an edge (which also reads the slope across it) at
// the steepest of the six samples it reads, so the edges go on moving the bulk and leave the
// cliffs' tops and feet to the pairs. Loose material runs down a cliff's face one sample per pair
// sweep: with strata a level may take up to kMaxStrataSweeps. At the full resolution the scree is
// then smoothed along its contours, which takes out the streaks the pairs leave down the fall line
// (scree_contours.h).
//
// A level whose samples are too far apart for the bands (a band's run at the angle of repose
// under kBandRunSamples samples) settles without them, at the bands' mean resting slope: a flank
// of whole bands, each a cliff over soft rock, rises strata metres in share / tan(cliff) + (1 -
// share) / tan(talus) strata metres of run. The bands are the finer levels' to draw (and always
// the full resolution's). Until stop 54 every level read each sample's band from its height, so a
// coarse level drew bands two or three samples apart as a checkerboard of cliff and soft cells,
// and the finer levels carried its pattern down: scree streaked along the grid's axes and the
// foot of a settled dome was a 12-sided polygon (ThermalErosion.ThinStrataLeaveNoMarkOfTheGrid).
#include "ops.h"

#include "../errors.h"
#include "coarse_to_fine.h"
#include "op_support.h"
#include "scree_contours.h"
#include "strata_bands.h"
#include "strata_params.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

namespace terrain::core {
namespace {

constexpr const char* kTypeId = "thermal-erosion";

constexpr double kPi = 3.14159265358979323846;

struct ThermalParams {
    double talus_deg = 35.0;
    double amount = 1.0;
    double screeDepth_m = 2.0;
    // Strata: bands of rock strata_m thick (0: none, all loose), the lowest hardShare of each band
    // hard rock that stands up to cliff_deg; loose material (what came to rest) and the soft rock
    // rest at talus_deg.
    double strata_m = 0.0;
    double hardShare = 0.5;
    double variety = 0.0;  // how far each band's hard share strays from hardShare (strataShares)
    double cliff_deg = 75.0;
    // How the bands tilt, fold and wander (strata_bands.h).
    StrataShape shape;
    double faultScarp = 0.0;  // the ground's drop across the faults, a share of their throw (0: level)

    bool hasStrata() const { return strata_m > 0.0 && hardShare > 0.0 && cliff_deg > talus_deg; }
    // The mean slope of a flank of whole bands, each a cliff at cliff_deg over soft rock at
    // talus_deg: the bands' rise over their runs, 1 / (share / tan(cliff) + (1 - share) / tan(talus)).
    double strataRestingSlope() const {
        return 1.0 / (hardShare / std::tan(cliff_deg * kPi / 180.0) +
                      (1.0 - hardShare) / std::tan(talus_deg * kPi / 180.0));
    }
};

constexpr double kBandRunSamples = 4.0;  // a level draws the bands when one spans this many samples
constexpr double kToleranceDeg = 0.5;  // a settled slope exceeds the talus by at most this
constexpr int kMaxSweeps = 200;        // per level, of each kind
constexpr int kMaxStrataSweeps = 1000; // pair sweeps per level with strata (scree runs down cliffs)
constexpr int kMaxDipSweeps = 16000;   // strata tilted, folded or faulted: cliffs cross the slopes, scree runs longer
constexpr int kCoarsestSide = 65;      // the first level settled
constexpr float kStep = 0.24f;         // of an edge's excess moved per sweep (stable below 1/4)
constexpr float kMomentum = 0.5f;      // of an edge's last flux kept while its excess lasts
constexpr int kMaxRounds = 4;         // of edge sweeps then pair sweeps, a level
constexpr float kPairTolerance = 0.1f; // of the tolerance: a pair over talus + tolerance by more is unsettled
constexpr double kHandOver = 0.01;     // of the edges still over the talus: on to the pair sweeps
constexpr float kOmega = 1.9f;         // over-relaxation of a pair's move (1: exactly to the talus)

// A square map being settled: a level's LevelMap, or at full resolution the output itself.
struct Grid {
    float* h;
    int side;
    float* row(int y) const { return h + std::size_t(y) * std::size_t(side); }
    std::size_t size() const { return std::size_t(side) * std::size_t(side); }
};
Grid view(LevelMap& m) { return {m.h.data(), m.side}; }

// Edge fluxes, raw height units moved per sweep; > 0 moves material towards the edge's first
// sample (its left or upper one). fx[y * side + x]: (x, y)-(x + 1, y); fy[(y + 1) * side + x]:
// (x, y)-(x, y + 1), rows 0 and side all 0.
struct Fluxes {
    std::vector<float> fx, fy;
};

// The flux across one edge from the difference along it (dn: second sample minus first) and the
// mean difference across it (dt), in the talus t's units; `over` counts the edges over the talus
// by more than `tolerance`. The excess is g - t where > 0 (std::max(0, g - t) here stopped gcc
// vectorising the loops).
inline float edgeFlux(float dn, float dt, float old, float t, float tolerance, int& over) {
    const float g = std::sqrt(dn * dn + dt * dt);
    const float e = g - t;
    over += e > tolerance ? 1 : 0;
    const float moved = kMomentum * old + kStep * e * (dn / std::max(g, 1e-30f));
    return e > 0.0f ? moved : 0.0f;
}

// Horizontal edges (x, x + 1), x < n - 1, of row r; rm, rp the rows above and below (the row
// itself at the map's border, then `across` is 1 rather than 1/2). With strata, `tr` holds each
// sample's own talus (strataThresholds) and an edge's is that of its higher sample, the one that
// gives material; else every edge's is t.
template <bool Strata>
TERRAIN_VECTOR_CLONES int rowEdges(const float* __restrict r, const float* __restrict rm, const float* __restrict rp,
                                   const float* __restrict tr, const float* __restrict trm,
                                   const float* __restrict trp, float* __restrict f, int n, float across, float t,
                                   float tolerance) {
    int over = 0;
    for (int x = 0; x + 1 < n; ++x) {
        const float dn = r[x + 1] - r[x];
        const float dt = ((rp[x] + rp[x + 1]) - (rm[x] + rm[x + 1])) * across;
        if constexpr (Strata) {
            const float te = std::max(std::max(std::max(tr[x], tr[x + 1]), std::max(trm[x], trm[x + 1])),
                                      std::max(trp[x], trp[x + 1]));
            f[x] = edgeFlux(dn, dt, f[x], te, tolerance, over);
        } else {
            f[x] = edgeFlux(dn, dt, f[x], t, tolerance, over);
        }
    }
    return over;
}

// Vertical edges between rows a and b = a + 1, columns 1 .. n - 2 (the two border columns apart).
template <bool Strata>
TERRAIN_VECTOR_CLONES int columnEdges(const float* __restrict a, const float* __restrict b, const float* __restrict ta,
                                      const float* __restrict tb, float* __restrict f, int n, float t,
                                      float tolerance) {
    int over = 0;
    for (int x = 1; x + 1 < n; ++x) {
        const float dn = b[x] - a[x];
        const float dt = ((a[x + 1] + b[x + 1]) - (a[x - 1] + b[x - 1])) * 0.25f;
        if constexpr (Strata) {
            const float te = std::max(std::max(std::max(ta[x - 1], ta[x]), std::max(ta[x + 1], tb[x - 1])),
                                      std::max(tb[x], tb[x + 1]));
            f[x] = edgeFlux(dn, dt, f[x], te, tolerance, over);
        } else {
            f[x] = edgeFlux(dn, dt, f[x], t, tolerance, over);
        }
    }
    return over;
}

// Adds to the samples of row r what the edges around each moved.
TERRAIN_VECTOR_CLONES void applyFluxes(float* __restrict r, const float* __restrict fx, const float* __restrict below,
                                       const float* __restrict above, int n) {
    r[0] += fx[0] + (below[0] - above[0]);
    for (int x = 1; x < n; ++x) r[x] += (fx[x] - fx[x - 1]) + (below[x] - above[x]);
}

// One sweep of the edges, all from the same heights, then the heights; returns how many edges
// exceeded the talus by more than `tolerance`. Rows in parallel, each row's sums in a fixed
// order: the same bytes on any thread count. `tr`: each sample's talus (strata), else null.
template <bool Strata>
std::int64_t edgeSweep(const Grid& g, Fluxes& f, const float* tr, float t, float tolerance, const OpCall& call) {
    const int n = g.side;
    const auto s = std::size_t(n);
    std::vector<std::int64_t> over(s, 0);
    const int threads = threadsForWork(double(n) * n, call.context.threads);
    parallelRows(n, threads, call.context, [&](int begin, int end) {
        for (int y = begin; y < end; ++y) {
            const int ym = std::max(y - 1, 0), yp = std::min(y + 1, n - 1);
            const float* r = g.row(y);
            const float* ta = Strata ? tr + std::size_t(y) * s : nullptr;
            const float* tam = Strata ? tr + std::size_t(ym) * s : nullptr;
            const float* tap = Strata ? tr + std::size_t(yp) * s : nullptr;
            std::int64_t k = rowEdges<Strata>(r, g.row(ym), g.row(yp), ta, tam, tap, f.fx.data() + std::size_t(y) * s,
                                              n, 1.0f / float(2 * (yp - ym)), t, tolerance);
            if (y + 1 < n) {
                const float* b = g.row(y + 1);
                const float* tb = Strata ? ta + s : nullptr;
                float* fy = f.fy.data() + std::size_t(y + 1) * s;
                k += columnEdges<Strata>(r, b, ta, tb, fy, n, t, tolerance);
                int ends = 0;
                const int e = n - 1;
                const float t0 = Strata ? std::max(std::max(ta[0], tb[0]), std::max(ta[1], tb[1])) : t;
                const float te = Strata ? std::max(std::max(ta[e], tb[e]), std::max(ta[e - 1], tb[e - 1])) : t;
                fy[0] = edgeFlux(b[0] - r[0], ((r[1] + b[1]) - (r[0] + b[0])) * 0.5f, fy[0], t0, tolerance, ends);
                fy[e] = edgeFlux(b[e] - r[e], ((r[e] + b[e]) - (r[e - 1] + b[e - 1])) * 0.5f, fy[e], te, tolerance,
                                 ends);
                k += ends;
            }
            over[std::size_t(y)] = k;
        }
    });
    parallelRows(n, threads, call.context, [&](int begin, int end) {
        for (int y = begin; y < end; ++y)
            applyFluxes(g.row(y), f.fx.data() + std::size_t(y) * s, f.fy.data() + std::size_t(y + 1) * s,
                        f.fy.data() + std::size_t(y) * s, n);
    });
    std::int64_t total = 0;
    for (std::int64_t k : over) total += k;
    return total;
}

// Settles each pair (a[i * Stride], b[i * Stride]), i < n, whose difference exceeds d: kOmega / 2
// of the excess moves from the higher to the lower (the sum is kept but for rounding). Counts the
// pairs that exceeded d by more than `tolerance` and those that moved at all (integer sums
// vectorise; a float max reduction does not without -ffast-math).
struct PairCounts {
    int over = 0, moved = 0;
};
// With strata (ta, tb: the samples' own talus, from the sweep's start) a pair's allowed difference
// is d times the talus of its higher sample, the one that gives material.
template <int Stride, bool Strata = false>
TERRAIN_VECTOR_CLONES PairCounts settlePairs(float* __restrict a, float* __restrict b, int n, float d, float tolerance,
                                             const float* __restrict ta = nullptr,
                                             const float* __restrict tb = nullptr) {
    int over = 0, moved = 0;
    for (int i = 0; i < n; ++i) {
        const float p = a[i * Stride], q = b[i * Stride];
        const float diff = p - q;
        float allowed = d;
        if constexpr (Strata) allowed = (diff > 0.0f ? ta[i * Stride] : tb[i * Stride]) * d;
        const float excess = std::max(0.0f, std::fabs(diff) - allowed);
        const float t = std::copysign(excess * (kOmega / 2.0f), diff);
        a[i * Stride] = p - t;
        b[i * Stride] = q + t;
        over += excess > tolerance ? 1 : 0;
        moved += excess > 0.0f ? 1 : 0;
    }
    return {over, moved};
}

// One sweep: every pair of 8-neighbours once, in 8 sets of disjoint pairs (horizontal pairs from
// even and from odd columns, vertical from even and odd rows, and the two diagonals from even and
// odd rows), one set after the other, each set row-parallel. The order of the sets is fixed and
// the pairs of a set share no sample, so the result does not depend on the thread count.
// Nothing crosses the border. Only rows marked in `active` are swept (a row pair if either is);
// on return `active` marks the rows next to (or at) a pair that moved. `d1`, `d2`: the largest
// difference a pair along an axis and along a diagonal keeps (raw units), or with strata (`tr`)
// the factors of each sample's own talus. Returns how many pairs exceeded it by more than
// `tolerance`.
std::int64_t sweep(const Grid& g, const float* tr, float d1, float d2, float tolerance,
                   std::vector<std::uint8_t>& active, const OpCall& call) {
    const int side = g.side;
    const auto s = std::size_t(side);
    std::vector<std::int64_t> over(std::size_t(side), 0);
    std::vector<std::uint8_t> moved(std::size_t(side), 0);
    const int threads = threadsForWork(double(side) * side, call.context.threads);
    const auto rows = [&](int count, const auto& body) {
        parallelRows(count, threads, call.context, [&](int begin, int end) {
            for (int i = begin; i < end; ++i) body(i);
        });
    };
    const auto add = [&](int y, PairCounts c) {
        over[std::size_t(y)] += c.over;
        if (c.moved > 0) moved[std::size_t(y)] = 1;
    };
    for (int parity = 0; parity < 2; ++parity) {  // horizontal: (x, x + 1), x of this parity
        rows(side, [&](int y) {
            if (active[std::size_t(y)] == 0) return;
            float* r = g.row(y);
            const int n = (side - parity) / 2;
            if (tr != nullptr) {
                const float* t = tr + std::size_t(y) * s + parity;
                add(y, settlePairs<2, true>(r + parity, r + parity + 1, n, d1, tolerance, t, t + 1));
            } else {
                add(y, settlePairs<2>(r + parity, r + parity + 1, n, d1, tolerance));
            }
        });
    }
    for (int parity = 0; parity < 2; ++parity) {  // vertical and diagonal: rows (y, y + 1), y of this parity
        const int pairs = (side - parity) / 2;
        rows(pairs, [&](int k) {
            const int y = parity + 2 * k;
            if (active[std::size_t(y)] == 0 && active[std::size_t(y) + 1] == 0) return;
            PairCounts c, c2, c3;
            if (tr != nullptr) {
                const float* ta = tr + std::size_t(y) * s;
                const float* tb = ta + s;
                c = settlePairs<1, true>(g.row(y), g.row(y + 1), side, d1, tolerance, ta, tb);
                c2 = settlePairs<1, true>(g.row(y), g.row(y + 1) + 1, side - 1, d2, tolerance, ta, tb + 1);
                c3 = settlePairs<1, true>(g.row(y) + 1, g.row(y + 1), side - 1, d2, tolerance, ta + 1, tb);
            } else {
                c = settlePairs<1>(g.row(y), g.row(y + 1), side, d1, tolerance);
                c2 = settlePairs<1>(g.row(y), g.row(y + 1) + 1, side - 1, d2, tolerance);
                c3 = settlePairs<1>(g.row(y) + 1, g.row(y + 1), side - 1, d2, tolerance);
            }
            c.over += c2.over + c3.over;
            c.moved += c2.moved + c3.moved;
            add(y, c);
            if (c.moved > 0) moved[std::size_t(y) + 1] = 1;
        });
    }
    std::int64_t total = 0;
    for (int y = 0; y < side; ++y) {
        total += over[std::size_t(y)];
        const bool near = moved[std::size_t(y)] != 0 || (y > 0 && moved[std::size_t(y) - 1] != 0) ||
                          (y + 1 < side && moved[std::size_t(y) + 1] != 0);
        active[std::size_t(y)] = near ? 1 : 0;
    }
    return total;
}

// Settles `g` (spacing `spacing_m`) in place, in rounds: edge sweeps until at most kHandOver of
// the edges exceed the talus by more than the tolerance, then pair sweeps until no pair exceeds
// the talus plus the tolerance; again (at most kMaxRounds) until a round's first edge sweep finds
// the level settled. `rock`: the level's input, under which the ground is rock (strata). `bands`:
// whether this level draws the strata (else it settles at their mean slope).
//
// The pairs see only the difference along their own direction, so they hold a slope whose fall
// line runs along an axis or a diagonal, and leave one between (up to 1 / cos 22.5 steeper) to the
// edges. Until stop 54 they settled to the talus itself and a level took one round: the edges
// stopped within the tolerance, the pairs then pulled the slopes along the grid's eight directions
// down to the talus and left the others up to 0.5 degrees steeper, and a settled cone was 8-fold
// faceted (a 600 m dome's cone 800 m out: 126 m high along an axis, 120 m at 22.5 degrees).
// Settling to the talus plus the tolerance, the pairs catch kinks and long runs the edges would
// take hundreds of sweeps for, and leave every direction to the edges alike; the next round's edges
// take what the pairs could not see. A settled level then starts the next finer one settled, so the
// finer levels take a sweep or two. (Drawing strata a level takes one round; see below.)
void settle(const Grid& g, const Grid& rock, double spacing_m, const ThermalParams& p, bool bands, bool finest,
            const OpCall& call) {
    const bool withStrata = bands && p.hasStrata();
    const double talus = p.hasStrata() && !bands ? std::atan(p.strataRestingSlope()) : p.talus_deg * kPi / 180.0;
    const double perMetre = 1.0 / call.heights.scale;  // raw units per metre of height
    const auto d1 = float(std::tan(talus) * spacing_m * perMetre);
    const auto d2 = float(std::tan(talus) * spacing_m * std::sqrt(2.0) * perMetre);
    const auto tolerance =
        float((std::tan(talus + kToleranceDeg * kPi / 180.0) - std::tan(talus)) * spacing_m * perMetre);
    StrataTalus strata;
    std::vector<float> thresholds, offsets, shares;
    if (withStrata) {
        strata.on = true;
        strata.rawZero = float(call.heights.toRaw(0.0));
        strata.perBand = float(call.heights.scale / p.strata_m);
        strata.share = float(p.hardShare);
        if (p.variety > 0.0) {
            strataShares(p.hardShare, p.variety, call.seed, shares);
            strata.shares = shares.data();
        }
        strata.tanSoft = d1;
        strata.tanHard = float(std::tan(p.cliff_deg * kPi / 180.0) * spacing_m * perMetre);
        strata.rockSlack = float(1e-3 * perMetre);  // a millimetre
        // Tilted, folded or wandering bands: each sample's offset in bands, once for the level.
        if (!p.shape.level()) {
            strataOffsets(p.shape, p.strata_m, g.side, spacing_m, call.seed, call.context, offsets);
            strata.offset = offsets.data();
        }
    }
    const float* tr = nullptr;
    const auto refresh = [&] {
        if (!strata.on) return;
        strataThresholds(g.h, rock.h, g.side, strata, thresholds, call.context);
        tr = thresholds.data();
    };
    const auto edges = 2.0 * double(g.side) * double(g.side);
    Fluxes f;
    // The pairs settle to the talus plus the tolerance (each sample's own talus so loosened, with
    // strata); they count a pair over by more than kPairTolerance of the tolerance as unsettled.
    const double loosen = std::tan(talus + kToleranceDeg * kPi / 180.0) / std::tan(talus);
    const float p1 = strata.on ? float(loosen) : float(d1 * loosen);
    const float p2 = strata.on ? float(loosen * std::sqrt(2.0)) : float(d2 * loosen);
    // Drawing strata, one round: the pairs do most of the work there (loose material runs down the
    // cliffs pair by pair), and with more rounds the strata tests' cones took twice the time.
    const float ptol = kPairTolerance * tolerance;
    const int rounds = strata.on ? 1 : kMaxRounds;
    // Pair sweeps skip the rows where nothing moved in the last sweep and nothing moved next to
    // them (a pair only moves once one of its samples did); settled only once a sweep of every
    // row finds no pair over.
    // With strata, loose material runs down a cliff's face a sample per sweep: more sweeps.
    // Tilted, the cliffs run across the slopes and the scree's paths down them are longer (a cone
    // with 25-degree strata settled in about 4,000 sweeps at its finest level, level strata in 300;
    // with one fault 11,800, with step faults 10,500).
    const int maxSweeps = !strata.on ? kMaxSweeps : strata.offset != nullptr ? kMaxDipSweeps : kMaxStrataSweeps;
    std::vector<std::uint8_t> active;
    for (int round = 0; round < rounds; ++round) {
        int edgeSweeps = 0;
        bool settledAtOnce = false;
        f.fx.assign(g.size(), 0.0f);  // each round's edges start at rest
        f.fy.assign(g.size() + std::size_t(g.side), 0.0f);
        while (edgeSweeps < kMaxSweeps) {
            ++edgeSweeps;
            refresh();
            const std::int64_t over = strata.on ? edgeSweep<true>(g, f, tr, d1, tolerance, call)
                                                : edgeSweep<false>(g, f, nullptr, d1, tolerance, call);
            if (double(over) <= kHandOver * edges) { settledAtOnce = edgeSweeps == 1; break; }
        }
        if (round > 0 && settledAtOnce) break;
        active.assign(std::size_t(g.side), 1);
        for (int n = 1; n <= maxSweeps; ++n) {
            refresh();
            if (sweep(g, tr, p1, p2, ptol, active, call) != 0) continue;
            std::fill(active.begin(), active.end(), 1);
            refresh();
            if (n == maxSweeps || sweep(g, tr, p1, p2, ptol, active, call) == 0) break;
            ++n;
        }
    }
    if (finest && strata.on) {
        refresh();
        smoothScreeAlongContours(g.h, rock.h, g.side, tr, p1, p2, strata.rockSlack, call.context);
        std::fill(active.begin(), active.end(), 1);
        for (int n = 1; n <= maxSweeps; ++n) {
            refresh();
            if (sweep(g, tr, p1, p2, ptol, active, call) == 0) break;
        }
    }
}

// The next finer level `fine` (the input's samples) from the coarser level's heights before and
// after settling: fine + C - w (fine - B), with C the change and B the coarser input, both carried
// by B-spline subdivision, and w = min(1, |C| / rise): where material moved by a talus rise or
// more, the coarser surface replaces the input's finer detail.
void carry(const Grid& fine, const LevelMap& after, const LevelMap& before, float rise,
           const GenerateContext& context) {
    const std::vector<float> alongA = subdivideAlongRows(after, context), alongB = subdivideAlongRows(before, context);
    parallelRows(fine.side, threadsForWork(double(fine.size()), context.threads), context, [&](int begin, int end) {
        std::vector<float> a(std::size_t(fine.side)), b(a.size());
        for (int y = begin; y < end; ++y) {
            subdivideAcross(alongA, after.side, y, a.data());
            subdivideAcross(alongB, before.side, y, b.data());
            float* row = fine.row(y);
            const float *ra = a.data(), *rb = b.data();
            for (int x = 0; x < fine.side; ++x) {
                const float in = row[x], c = ra[x] - rb[x];
                const float w = std::min(1.0f, std::fabs(c) / rise);
                row[x] = in + c - w * (in - rb[x]);
            }
        }
    });
}

void runThermal(const ThermalParams& p, const OpCall& call) {
    const int side = call.input.width();
    std::shared_ptr<Heightmap> scree = addMask(call, "scree");
    // A fault scarp: the ground beyond the faults dropped by fault_scarp of their throw, then settled.
    std::optional<Heightmap> faulted;
    if (p.faultScarp > 0.0 && p.shape.faultThrow_m != 0.0 && side >= 3 && call.input.height() == side) {
        faulted.emplace(call.input);
        dropBeyondFaults(p.shape, p.faultScarp * p.shape.faultThrow_m / call.heights.scale, side,
                         call.metresPerSample, call.context, faulted->row(0));
    }
    const Heightmap& input = faulted ? *faulted : call.input;
    const auto rowsOf = [&](const auto& body) {  // body(y, input row, output row), rows in parallel
        parallelRows(call.input.height(), threadsForWork(double(input.sampleCount()), call.context.threads),
                     call.context, [&](int begin, int end) {
                         for (int y = begin; y < end; ++y) body(y, input.row(y), call.output.row(y));
                     });
    };
    if (p.amount == 0.0 || side < 3 || call.input.height() != side) {
        rowsOf([&](int, const float* in, float* out) { std::copy_n(in, call.input.width(), out); });
        for (int y = 0; y < scree->height(); ++y) std::fill(scree->row(y), scree->row(y) + scree->width(), 0.0f);
        return;
    }
    // The levels: steps 2^K .. 1, the coarsest at least kCoarsestSide samples a side. The full
    // resolution settles in the output itself.
    int coarsest = 0;
    while (((side - 1) >> (coarsest + 1)) + 1 >= kCoarsestSide && ((side - 1) % (2 << coarsest)) == 0) ++coarsest;
    const double tanTalus = std::tan(p.talus_deg * kPi / 180.0);
    LevelMap settled, before;
    for (int level = coarsest; level >= 0; --level) {
        const int step = 1 << level;
        LevelMap g, levelInput;  // the level's input before the carry: the next level's `before`
        Grid grid{call.output.row(0), side};
        if (level > 0) {
            g = subsampleLevel(input, step);
            levelInput = g;
            grid = view(g);
        } else {
            rowsOf([&](int, const float* in, float* out) { std::copy_n(in, side, out); });
        }
        if (level < coarsest)
            carry(grid, settled, before, float(tanTalus * call.metresPerSample * step / call.heights.scale),
                  call.context);
        // The rock: the level's input (the output starts as a copy of the input, which is const).
        const Grid rock = level > 0 ? view(levelInput) : Grid{const_cast<float*>(input.row(0)), side};
        const double spacing_m = call.metresPerSample * step;
        const bool bands = level == 0 || p.strata_m / tanTalus >= kBandRunSamples * spacing_m;
        settle(grid, rock, spacing_m, p, bands, level == 0, call);
        before = std::move(levelInput);
        if (level > 0) settled = std::move(g);
        call.context.report(float(coarsest - level + 1) / float(coarsest + 1));
    }
    const auto amount = float(p.amount);
    const auto toMask = float(call.heights.scale / p.screeDepth_m);  // raw change -> depth / scree depth
    rowsOf([&](int y, const float* in, float* out) {
        float* mask = scree->row(y);
        for (int x = 0; x < side; ++x) {
            const float change = amount * (out[x] - in[x]);
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
               {}, ParamScale::Slope},
              [](ThermalParams& p, double v) { p.talus_deg = v; })
        .add({"amount", "Amount", "", ParamKind::Real, 0.0, 1.0, 0.01, 1.0,
              "How far towards fully settled: 1 = no slope steeper than the angle of repose remains, 0 = none", {}},
             [](ThermalParams& p, double v) { p.amount = v; })
        .add({"scree_depth", "Scree depth", "m", ParamKind::Real, 0.01, 10000.0, 0.1, 2.0,
              "Depth of deposited material at which the scree mask is full (1)", {}, ParamScale::Vertical},
             [](ThermalParams& p, double v) { p.screeDepth_m = v; });
    addStrataBandParams(table,
                        "Thickness of one band of rock strata (0: none, all loose material): the lower part of each "
                        "band is hard rock that stands in cliffs, the rest soft rock that falls to the angle of "
                        "repose as scree");
    table.add({"cliff_angle", "Cliff angle", "deg", ParamKind::Real, 5.0, 89.0, 0.5, 75.0,
               "The steepest slope hard rock holds: cliffs up to this steep stay, scree gathers below them",
               {}, ParamScale::Slope},
              [](ThermalParams& p, double v) { p.cliff_deg = v; });
    addStrataShapeParams(table);
    table.add({"strata_fault_scarp", "Fault scarp", "", ParamKind::Real, 0.0, 1.0, 0.05, 0.0,
               "How far the ground itself drops across the faults, as a share of their throw (0: it runs level "
               "across them, worn flat; 1: a fresh fault): a scarp along each fault line, its hard bands standing "
               "as cliffs over scree", {}},
              [](ThermalParams& p, double v) { p.faultScarp = v; });
    OpType type = makeOpType<ThermalParams>(
        kTypeId, "Thermal erosion",
        "Material steeper than the angle of repose slides down until it rests: smooth scree slopes, sharp ridges",
        table, runThermal);
    type.needsSquareMap = true;
    type.masks = [](const std::map<std::string, double>&) { return std::vector<std::string>{"scree"}; };
    return type;
}

}  // namespace terrain::core
