// river-erosion: rivers cut valleys whose depth follows the water that drains through
// them: the stream-power law dh/dt = U - K A^m S (A the drainage area, S the slope), solved with
// the implicit scheme of Braun and Willett (2013, "A very efficient O(n), implicit and parallel
// method to solve the stream power equation"), which stays stable at any time step.
//
// Each time step: (1) the surface is depression-filled by priority flood (Barnes, Lehman and
// Mulla 2014) from the map's border and every cell at or below sea level, with a tiny rise per
// cell so the filled surface drains: water reaches the border or the sea instead of stopping in
// pits, and lakes fill; (2) every cell drains to its steepest lower 8-neighbour on that surface
// (Rho8: D8 with a random diagonal distance), a lake's cell to the cell its flood came from, and
// the priority flood's order is an order in which every cell comes after the cell it drains to;
// (3) drainage areas accumulate upstream to downstream, a hillslope's water spread over its lower
// neighbours until it gathers into a channel; (4) heights update downstream first,
// h = (h + F h_receiver) / (1 + F) with F = K dt A^m / distance (n = 1: the implicit solution,
// exact for a linear law), except under a lake, where the water stands and does not cut; (5) the
// cut's load runs downstream, dropping where the rivers slow (deposition: fans, flood plains,
// deltas into the sea and the kept lakes) and settling in the basins not kept as lakes (carrySediment; the last
// step fills them, fillBasins); (6) the step's cut is spread across the river's width
// (spreadCut); (7) rock rises where the input is high to replace what was carried away
// (balanceUplift). Steps (1), (3), (4)
// and (5) run serially in a fixed order, the others by rows in parallel, each row alike whoever
// runs it: the same bytes on any thread count. At the end the land is scaled back into the
// input's height if the uplift raised it above (keepWithinTheInputsHeight).
//
// Coarse to fine (after Schott et al. 2024): most steps run on a map of every 2^k-th sample, where
// long valleys form cheaply; the change is carried smoothly (addSmoothChange: no creases
// along the coarse grid) onto the next finer map, which runs a few steps to cut its own detail,
// and so on to the full map. Parameters are in world units (areas in m², the threshold in km²,
// uplift in metres per step), so each level erodes alike.
#include "ops.h"

#include "../errors.h"
#include "../parallel.h"
#include "../rng.h"
#include "blur.h"
#include "coarse_to_fine.h"
#include "flood_queue.h"
#include "op_support.h"
#include "river_edge.h"
#include "river_meanders.h"
#include "river_network.h"
#include "strata_bands.h"
#include "strata_params.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <optional>
#include <vector>

namespace terrain::core {
namespace {

using river::carrySediment;
using river::cutOut;
using river::drain;
using river::extendedPastTheEdge;
using river::kOpenEdgeCells;
using river::Grid;
using river::kRaised;
using river::LakeAmount;
using river::Network;

constexpr const char* kTypeId = "river-erosion";

struct RiverParams {
    double strength = 16.0;     // erodibility K (scaled: see kErodibility)
    double duration = 1.0;      // how long it runs (in units of the default schedule)
    double uplift_m = 0.0;      // rock uplift per time step, metres
    double channelArea_km2 = 0.05;  // drainage area from which a cell counts as a river
    double seaLevel_m = -1e9;   // cells at or below are sea: outlets
    double riverWidth_m = 8.0;  // each step's cut spreads over about this width (2 sigma)
    LakeAmount lakes = LakeAmount::Few;
    // Rock raised each step where the input is high, this share of what the step carried away.
    double keepHeight = 1.0;
    // Where the rock rises (the uplift and keep height): where the input is high, or as the mask
    // named kUpliftMask made lower in the stack says (0..1: a range painted where it should grow).
    bool upliftFromMask = false;
    // Hillslope diffusivity (m² per step; 0: none): linear diffusion of the heights each step,
    // dh/dt = D ∇²h, which rounds the divides into convex hilltops while the rivers cut.
    double hillslope_m2 = 0.0;
    // G of the erosion-deposition law (Yuan et al. 2019; 0: none): rivers drop their load where
    // their slope falls (alluvial fans, flood plains) and build deltas at the sea level. 0.2 since
    // recipe format 6 (0 before: kChangedDefaults in core/recipe_json.cpp keeps older recipes' 0).
    double deposition = 0.2;
    // A delta's front (its foreset) falls to the floor at this angle (real foresets stand at 5 to
    // 25 degrees); an angle, so a recipe moved into another world keeps its deltas' shape.
    double deltaSlope_deg = 15.0;
    // The map's edge: open (the land runs on past it, so rivers leave the map as they would a view
    // cut out of a larger land) or the base level (the edge stays at its height and everything
    // drains to it; recipe formats before 7: kChangedDefaults in core/recipe_json.cpp).
    bool openEdge = true;
    // How far the main rivers swing into meanders where their valley floor is wide (0: none, their
    // course the coarse valley's; 1: loops up to 3 channel widths out). 0.8 since recipe format 8
    // (0 before: kChangedDefaults in core/recipe_json.cpp).
    double meander = 0.8;
    // Rock in bands (0: one rock): the lowest hardShare of each band strata_m thick is hard rock,
    // which the rivers cut (1 - hardness) as fast as the soft. The bands are thermal-erosion's
    // (the same parameters draw the same bands): level, or shaped by `shape`, each band its own
    // share with a variety.
    double strata_m = 0.0;
    double hardShare = 0.5;
    double variety = 0.0;
    double hardness = 0.9;
    StrataShape shape;
};
constexpr const char* kUpliftMask = "uplift";

// m in K A^m S (n = 1) is 1/2, the usual concavity: A^m is sqrt(A), which IEEE 754 rounds
// correctly on every machine, where glibc's pow(A, 0.5) is 1 ulp off sqrt for 284 747 of the floats
// in [2^-7, 2^33) (checked against every one of them) and picks another code path on CPUs with FMA.
constexpr double kErodibility = 5e-3;  // strength 1 = this K (per step, m^(1 - 2m))
constexpr int kCoarsestSide = 129;
// Steps for duration 1: at the coarsest level, where the valleys form cheaply (about 129², every
// 8th sample of a 1025² map); at the two levels below it, which carve the small valleys (0.1 to
// 1 km² at 30-90 m per sample) until their slopes fall with drainage area as real ones do; and at
// every finer level, which cut the fine detail. Counted from the coarsest level, which lies on the
// same world grid at every detail, so each detail runs the same steps on the levels it shares.
constexpr int kCoarseSteps = 120;
constexpr int kFineSteps[] = {8, 4};
constexpr int kFineStepsSize = int(std::size(kFineSteps));
constexpr int kFinestSteps = 2;
// The cut is spread over at least this sigma in samples: a channel narrower than the grid's
// samples cannot be drawn, and cut one sample wide it leaves a notch (the aliasing of a line):
// V-grooves one sample wide between the hillslopes, where a real valley at that spacing has a
// floor. At fine spacings the river width is wider than this anyway.
constexpr double kMinSpreadSamples = 1.5;
// The flood's rise across the map, as a share of the world's relief (see step()).
constexpr double kFloodRise = 7e-4;

// A river is wider than one sample at fine spacings. Cut by D8 into one sample at a time, its bed
// was a groove one sample wide along the grid's directions, which the hillshade showed as dashed
// straight lines on the valley floors (a diagonal groove's cells touch only at their corners).
// Each step's cut is spread across the river's width instead: blurred with sigma = width / 2
// (blur.h, as `smooth` blurs: exact running sums, so the same bytes on any thread count), then
// g += spread - cut on every cell but the outlets (which stay the base level) and the lakes' (under
// standing water nothing cuts, not even a shore's spread).
struct Spread {
    ExtendedBox box;
    FixedPoint fixed;
};

// update(i) on every cell but the outlets and the lakes', rows in parallel.
template <class Update>
void forFreeCells(const Grid& g, const Network& net, const GenerateContext& context, Update update) {
    const int n = g.side;
    parallelRows(n, threadsForWork(double(g.h.size()), context.threads), context, [&](int begin, int end) {
        for (std::size_t i = std::size_t(begin) * std::size_t(n); i < std::size_t(end) * std::size_t(n); ++i)
            if (net.receiver[i] >= 0 && net.state[i] != kRaised) update(i);
    });
}

void spreadCut(Grid& g, const Spread& spread, const GenerateContext& context, Network& net) {
    const int n = g.side;
    net.spread.resize(net.cut.size());
    blurMap(net.cut.data(), net.spread.data(), n, n, spread.box, spread.fixed, 1.0, context);
    forFreeCells(g, net, context, [&](std::size_t i) { g.h[i] += net.spread[i] - net.cut[i]; });
}

// Rock uplift that replaces `share` of what the step carried away (net.eroded), raised where the
// input was high (`weight`, 0 at its lowest sample, 1 at its highest): the mountains stand where
// they were placed while the rivers reshape them, and the landscape tends to the balance of uplift
// and erosion that gives real relief its slope-area law (steady state: S ~ A^-m/n). The outlets
// (the map's edge, the sea) stay the base level. Serial sum in a fixed order, then rows in
// parallel: the same bytes anywhere.
void balanceUplift(Grid& g, double share, const std::vector<float>& weight, const GenerateContext& context,
                   const Network& net) {
    if (!(share > 0.0) || !(net.eroded > 0.0)) return;
    double total = 0.0;
    for (std::size_t i = 0; i < weight.size(); ++i)
        if (net.receiver[i] >= 0) total += double(weight[i]);
    if (!(total > 0.0)) return;
    const auto perWeight = float(share * net.eroded / total);
    const int n = g.side;
    parallelRows(n, threadsForWork(double(weight.size()), context.threads), context, [&](int begin, int end) {
        for (std::size_t i = std::size_t(begin) * std::size_t(n); i < std::size_t(end) * std::size_t(n); ++i)
            if (net.receiver[i] >= 0) g.h[i] += perWeight * weight[i];
    });
}

// The uplift raises the divides, which the rivers do not cut, above the input's highest point (on
// a 3 km world of 12..584 m, to 765 m): past the world's height range, where an export clips them
// flat. So at the end the land above the base (the lowest point, or the sea level if higher) is
// scaled down until the highest point is the input's highest again; never stretched up. A scale
// keeps every slope's direction, the slope-area law's exponent and the depressions. Serial, one
// multiply a cell: the same bytes anywhere.
void keepWithinTheInputsHeight(Grid& g, std::vector<float>& filled, const Heightmap& input, double seaRaw) {
    const auto inputTop = *std::max_element(input.samples().begin(), input.samples().end());
    const auto [lowest, highest] = std::minmax_element(g.h.begin(), g.h.end());
    const double base = std::max(double(*lowest), seaRaw), top = double(*highest);
    if (!(top > double(inputTop)) || !(double(inputTop) > base)) return;
    const double k = (double(inputTop) - base) / (top - base);
    const auto scale = [&](float& h) {
        if (double(h) > base) h = float(base + (double(h) - base) * k);
    };
    std::for_each(g.h.begin(), g.h.end(), scale);
    std::for_each(filled.begin(), filled.end(), scale);  // the lakes' surfaces, for their mask
}

// Hillslope diffusion for one step: linear diffusion (dh/dt = D ∇²h) over a step is a Gaussian
// blur of variance 2 D (blurMap's extended boxes: exact running sums, the same bytes on any thread
// count, and the same cost at any D); the outlets stay the base level and nothing moves under a
// lake. Scratch in net.spread.
struct Hillslope {
    ExtendedBox box;
    FixedPoint fixed;
};
void diffuseHillslopes(Grid& g, const Hillslope& hill, const GenerateContext& context, Network& net) {
    const int n = g.side;
    net.spread.resize(g.h.size());
    blurMap(g.h.data(), net.spread.data(), n, n, hill.box, hill.fixed, 1.0, context);
    forFreeCells(g, net, context, [&](std::size_t i) { g.h[i] = net.spread[i]; });
}

// The rock a level's rivers cut (RiverParams::strata_m): a sample at raw height h lies at
// (h - rawZero) perBand + offset[i] in the bands, in hard rock as inHardRock says, which the
// rivers cut at `hardRate` of the soft rock's rate.
struct Rock {
    float rawZero = 0.0f, perBand = 0.0f, share = 0.5f;
    const float* offset = nullptr;  // per sample (strataOffsets), or none (level bands)
    const float* shares = nullptr;  // each band's own share (strataShares), or none
    double hardRate = 1.0;
    double rate(float h, std::size_t i) const {
        const float u = (h - rawZero) * perBand + (offset != nullptr ? offset[i] : 0.0f);
        return inHardRock(u, share, shares) ? hardRate : 1.0;
    }
};

// One implicit step on g (raw units; metres = raw * scale + offset); `net` is left holding the
// step's drainage network. `stride`: world-lattice steps per cell; `origin`: the lattice steps
// from g's first cell to the map's (the open edge's extension).
void step(Grid& g, double spacing_m, std::uint32_t stride, std::uint32_t origin, const PointHash& rise, const RiverParams& p,
          const Spread& spread, const Hillslope* hill, const Rock* rock, const std::vector<float>& upliftWeight,
          double relief, bool finest, bool last, const HeightScale& scale, const GenerateContext& context, Network& net) {
    const double cellArea = spacing_m * spacing_m;
    const double seaRaw = scale.toRaw(p.seaLevel_m);
    // The flood's rise per cell: a slope of kFloodRise times the world's relief over its extent, so
    // a world scaled in size or height routes its flats alike (0.1 mm per metre on a 4 km world
    // of 600 m; a fixed slope, as until 2026-11-29, sent a scaled preset's water elsewhere).
    const auto epsilon = float(kFloodRise * relief / double(g.side - 1));
    drain(g, cellArea, float(p.channelArea_km2 * 1e6), seaRaw, epsilon, rise, stride, origin, p.lakes, last, context,
          net);
    // With every basin a lake the flood skips finding them; the deltas into the lakes need them.
    if (p.lakes == river::LakeAmount::Many && p.deposition > 0.0) river::findBasins(g, p.lakes, net);
    const double k = kErodibility * p.strength;
    const auto uplift = float(p.uplift_m / scale.scale);
    // From the mask, the uplift is weighted by it too (from the input it is the same everywhere).
    const float* upliftAt = p.upliftFromMask ? upliftWeight.data() : nullptr;
    const int n = g.side;
    // At the finest level the basins fill at its last step anyway, and sorting a basin's cells at
    // 4097² took about 1 s: the sediment settles on the coarser levels only.
    const bool settling = p.lakes != LakeAmount::Many && !finest;
    const bool carrying = settling || p.deposition > 0.0;
    net.cut.assign(g.h.size(), 0.0f);
    double eroded = 0.0;
    for (std::int32_t i : net.order) {
        const std::int32_t r = net.receiver[std::size_t(i)];
        if (r < 0) continue;  // outlets stay: the base level
        float& h = g.h[std::size_t(i)];
        h += upliftAt != nullptr ? uplift * upliftAt[std::size_t(i)] : uplift;
        if (net.state[std::size_t(i)] == kRaised) continue;  // under a lake: no current, no cut
        const std::int32_t offset = r > i ? r - i : i - r;  // r is one of i's 8 neighbours
        const bool diagonal = offset != 1 && offset != n;
        const double distance = spacing_m * (diagonal ? std::sqrt(2.0) : 1.0);
        const double f = k * std::sqrt(double(net.area[std::size_t(i)])) / distance *
                         (rock != nullptr ? rock->rate(h, std::size_t(i)) : 1.0);
        // The sea is the base level: a river cuts down to it, not to the sea floor it flows into
        // (which drew the sea up the valleys: a bed cut below sea level becomes sea, an outlet
        // the next cell cuts towards).
        const double hr = std::max(double(g.h[std::size_t(r)]), seaRaw);
        if (h > hr) {
            const float before = h;
            h = float((double(h) + f * hr) / (1.0 + f));  // never below its receiver
            eroded += double(before) - double(h);
            net.cut[std::size_t(i)] = h - before;
        }
    }
    if (carrying) {
        // A delta's plain stands one flood rise above the sea, so it is land the river crosses.
        const river::Sediment sediment{p.deposition, cellArea, float(p.channelArea_km2 * 1e6), float(seaRaw) + epsilon,
                                       std::tan(p.deltaSlope_deg * std::numbers::pi / 180.0) * spacing_m / scale.scale, settling, epsilon};
        eroded -= carrySediment(g, net, sediment);
    }
    net.eroded = eroded;
    spreadCut(g, spread, context, net);
    if (hill != nullptr) diffuseHillslopes(g, *hill, context, net);
    balanceUplift(g, p.keepHeight, upliftWeight, context, net);
}

// Main rivers (the ones that meander) drain at least this share of the map's area, and at least
// this many times the channel area; their channel is the river width wide, or wider where their
// area asks (river_meanders.cpp).
constexpr double kMainRiverShare = 0.01;
constexpr double kMainRiverChannels = 20.0;

void runRiverLevels(const RiverParams& p, const OpCall& call, bool singleScale) {
    requireSquareInput(call, kTypeId);
    const int side = call.input.width();
    std::shared_ptr<Heightmap> flowMask = addMask(call, "flow"), riverMask = addMask(call, "river"),
                               lakeMask = addMask(call, "lake");
    // The uplift mask, when the rock rises as it says: refused by name when there is none.
    const Heightmap* upliftMask = nullptr;
    if (p.upliftFromMask) {
        if (call.masksBelow != nullptr) {
            const auto it = call.masksBelow->find(kUpliftMask);
            if (it != call.masksBelow->end()) upliftMask = it->second.get();
        }
        if (upliftMask == nullptr || upliftMask->width() != side || upliftMask->height() != side) {
            throw InputError("uplift_from", "mask",
                             "a mask named uplift made lower in the stack (a layout item with \"mask\": \"uplift\", "
                             "or an area or stroke painting it), or uplift_from=input");
        }
    }
    int levels = 0;
    while (!singleScale && ((side - 1) >> (levels + 1)) + 1 >= kCoarsestSide) ++levels;
    // The open edge's extension, in samples of the map: whole cells of the coarsest level, so every
    // level's samples lie on the map's (and a detail's extension is twice the one below's). A map
    // of under 5 samples (with one level only) is extended by its side less one, all a reflection
    // can reach.
    const int pad = p.openEdge ? std::min(kOpenEdgeCells << levels, side - 1) : 0;
    std::optional<Heightmap> extendedInput, extendedUplift;
    if (pad > 0) {
        extendedInput.emplace(extendedPastTheEdge(call.input, pad, false));
        if (upliftMask != nullptr) extendedUplift.emplace(extendedPastTheEdge(*upliftMask, pad, true));
    }
    const Heightmap& input = pad > 0 ? *extendedInput : call.input;
    if (pad > 0 && upliftMask != nullptr) upliftMask = &*extendedUplift;
    Grid settled, before;
    Network net;  // at the end, the last step's
    std::vector<float> shares;  // each band's hard share, when they differ
    if (p.strata_m > 0.0 && p.variety > 0.0) strataShares(p.hardShare, p.variety, call.seed, shares);
    std::vector<river::MeanderPath> meanders;
    const PointHash rise(call.seed, RngStream::River);
    // World-lattice steps per sample, so a cell draws the same rise at every detail (a map of a
    // side that is not 2^d + 1 has no lattice: its samples are numbered as they are).
    const int gaps = side - 1;
    const bool onLatticeSide = gaps > 0 && (gaps & (gaps - 1)) == 0 && gaps <= (1 << kLatticeDetail);
    const std::uint32_t latticeStep = onLatticeSide ? std::uint32_t((1 << kLatticeDetail) / gaps) : 1U;
    const int total = levels + 1;
    // The world's height range in raw units: the cut's fixed-point range.
    const double relief =
        std::abs(call.heights.toRaw(call.heights.hiMetres) - call.heights.toRaw(call.heights.loMetres));
    // The map at `stride` with the change `changed` made over `base` (one level coarser) carried
    // onto it; `base` becomes the map at `stride` as it came in.
    const auto carryDown = [&](const Grid& changed, Grid& base, int stride) {
        Grid finer = subsampleLevel(input, stride);
        Grid input = finer;
        addSmoothChange(finer, changed, base, call.context);
        base = std::move(input);
        return finer;
    };
    for (int level = levels; level >= 0; --level) {
        const int stride = 1 << level;
        Grid g;
        if (level == levels) {
            g = subsampleLevel(input, stride);
            before = g;
        } else {
            g = carryDown(settled, before, stride);
            river::carveMeanders(g, call.metresPerSample * stride, meanders, call.heights.scale);
        }
        const int below = levels - level;  // levels below the coarsest
        const int steps = std::max(1, int(std::lround(
            (below == 0 ? kCoarseSteps : below <= kFineStepsSize ? kFineSteps[below - 1] : kFinestSteps) * p.duration)));
        const double spacing_m = call.metresPerSample * stride;
        const ExtendedBox box(std::max(p.riverWidth_m / 2.0 / spacing_m, kMinSpreadSamples));
        const Spread spread{box, FixedPoint(0.0, relief, box)};  // the cut: within a relief of 0
        // Hillslope diffusion: a blur of sigma sqrt(2 D) metres a step; the heights from a relief
        // below the world's floor (blurMap holds values within 8 reliefs of the origin).
        std::optional<Hillslope> hill;
        if (p.hillslope_m2 > 0.0) {
            const ExtendedBox hillBox(std::sqrt(2.0 * p.hillslope_m2) / spacing_m);
            const double floor = std::min(call.heights.toRaw(call.heights.loMetres), call.heights.toRaw(call.heights.hiMetres));
            hill.emplace(Hillslope{hillBox, FixedPoint(floor - relief, relief, hillBox)});
        }
        // The rock's bands at this level, from the map's first sample (the extension lies before it).
        std::optional<Rock> rock;
        std::vector<float> offsets;
        if (p.strata_m > 0.0 && p.hardness > 0.0) {
            rock.emplace(Rock{float(call.heights.toRaw(0.0)), float(call.heights.scale / p.strata_m), float(p.hardShare),
                              nullptr, p.variety > 0.0 ? shares.data() : nullptr, 1.0 - p.hardness});
            if (!p.shape.level()) {
                strataOffsets(p.shape, p.strata_m, g.side, spacing_m, call.seed, call.context, offsets, pad / stride);
                rock->offset = offsets.data();
            }
        }
        // Where the rock rises: the input at this level, 0 at its lowest, 1 at its highest.
        std::vector<float> upliftWeight;
        if (p.upliftFromMask) {
            upliftWeight = subsampleLevel(*upliftMask, stride).h;
        } else if (p.keepHeight > 0.0) {
            // The map's own range (not the extension's), the extension clamped to it.
            const Grid& in = before;  // the input at this stride
            const int edge = pad / stride, inner = in.side - 2 * edge;
            float lo = std::numeric_limits<float>::infinity(), hi = -lo;
            for (int y = edge; y < edge + inner; ++y)
                for (int x = edge; x < edge + inner; ++x) {
                    lo = std::min(lo, in.row(y)[x]);
                    hi = std::max(hi, in.row(y)[x]);
                }
            const double span = double(hi) - double(lo);
            upliftWeight.resize(in.h.size());
            for (std::size_t i = 0; i < in.h.size(); ++i)
                upliftWeight[i] =
                    span > 0.0 ? float(std::clamp((double(in.h[i]) - double(lo)) / span, 0.0, 1.0)) : 1.0f;
        }
        // The editor shows the valleys cut so far, carried to full resolution as the finer levels
        // will start from them: a tenth into the coarsest level (the first valleys, within about
        // 0.1 s), after it (the big valleys) and before the finest level (which takes most of the
        // time). Each costs a carry through every finer level: 0.20 and 0.14 s at 4097², against
        // 11-12 s for the whole run.
        const auto show = [&](const Grid& cut) {
            Grid shown = cut, base = before;
            for (int finer = level - 1; finer >= 0; --finer) shown = carryDown(shown, base, 1 << finer);
            forEachRow(call, [&](int y, const float*, float* out) { std::copy_n(shown.row(y + pad) + pad, side, out); });
            call.context.showPartial(call.output);
        };
        const int early = level == levels && level > 0 ? steps / 10 : -1;
        for (int s = 0; s < steps; ++s) {
            call.context.throwIfCancelled();
            step(g, spacing_m, latticeStep * std::uint32_t(stride), latticeStep * std::uint32_t(pad), rise, p, spread,
                 hill ? &*hill : nullptr, rock ? &*rock : nullptr, upliftWeight, relief, level == 0,
                 level == 0 && s == steps - 1, call.heights, call.context, net);
            call.context.report((float(levels - level) + float(s + 1) / float(steps)) / float(total));
            if (call.context.partial && s + 1 == early) show(g);
        }
        if (level == levels && level > 0 && p.meander > 0.0) {
            // The main rivers' courses, from the coarsest level's network (the same world grid at
            // every detail); each finer level has their channels cut in after its carry.
            const double extent = call.metresPerSample * double(side - 1);
            const river::MeanderSettings settings{p.meander,
                                                  std::max(kMainRiverShare * extent * extent,
                                                           kMainRiverChannels * p.channelArea_km2 * 1e6),
                                                  p.riverWidth_m,
                                                  spacing_m,
                                                  call.heights.toRaw(p.seaLevel_m),
                                                  call.heights.scale,
                                                  p.lakes == LakeAmount::Many};
            meanders = river::traceMeanders(g, net, settings, PointHash(call.seed, RngStream::Meander),
                                            latticeStep * std::uint32_t(stride), latticeStep * std::uint32_t(pad));
        }
        settled = std::move(g);
        if (call.context.partial && level > 0 && (level == levels || level == 1)) show(settled);
    }
    if (pad > 0) {  // the map cut out of the extension
        // No lower than the map's lowest point, the extension's lowest outlet: a cell cuts down to its
        // receiver only, but the cut's spread across the river's width can take a cell next to a
        // deep channel below it where the map is a few samples wide (a 3² to 17² map went tens of
        // metres below its floor, open; a map of the presets' sizes stays above it by itself).
        const float floor = *std::min_element(call.input.samples().begin(), call.input.samples().end());
        settled.h = cutOut(settled.h, side, pad);
        settled.side = side;
        for (float& h : settled.h) h = std::max(h, floor);
        net.filled = cutOut(net.filled, side, pad);
        net.area = cutOut(net.area, side, pad);
        net.state = cutOut(net.state, side, pad);
    }
    if (p.keepHeight > 0.0) keepWithinTheInputsHeight(settled, net.filled, call.input, call.heights.toRaw(p.seaLevel_m));
    // Masks from the last step's network: flow = log drainage area (1 at 10 x the channel area),
    // river = 0 below the channel area, 1 from twice it, lake = the standing water's depth over
    // the cells the flood raised (filled surface - ground; 1 from kFullLake_m deep), so the shore
    // is soft and a flat the flood only tilted by its tiny rise is not a lake.
    constexpr double kFullLake_m = 1.0;
    const double channel = p.channelArea_km2 * 1e6;
    const double cell = call.metresPerSample * call.metresPerSample;
    const double top = std::log(std::max(10.0 * channel / cell, 2.0));
    forEachRow(call, [&](int y, const float*, float* out) {
        for (int x = 0; x < side; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(side) + std::size_t(x);
            out[x] = settled.h[i];
            const double a = double(net.area[i]);  // level 0 ran at least one step
            flowMask->at(x, y) = float(std::clamp(std::log(a / cell) / top, 0.0, 1.0));
            riverMask->at(x, y) = float(std::clamp((a - channel) / channel, 0.0, 1.0));
            const double depth_m = net.state[i] == kRaised
                                       ? (double(net.filled[i]) - double(settled.h[i])) * call.heights.scale
                                       : 0.0;
            lakeMask->at(x, y) = float(std::clamp(depth_m / kFullLake_m, 0.0, 1.0));
        }
    });
}

void runRiver(const RiverParams& p, const OpCall& call) {
    runRiverLevels(p, call, false);
}

RiverParams riverDefaults() {
    return RiverParams{};
}

}  // namespace

void runRiverErosionSingleScale(const OpCall& call) {
    runRiverLevels(riverDefaults(), call, true);
}

OpType riverErosionOpType() {
    ParamTable<RiverParams> table;
    table.add({"strength", "Strength", "", ParamKind::Real, 0.0, 50.0, 0.1, 16.0,
               "How easily rivers cut: higher carves deeper valleys in the same time", {}},
              [](RiverParams& p, double v) { p.strength = v; })
        .add({"duration", "Duration", "", ParamKind::Real, 0.0, 10.0, 0.05, 1.0,
              "How long the rivers work: 1 is the default schedule, 2 twice as long (mature, dendritic valleys)", {}},
             [](RiverParams& p, double v) { p.duration = v; })
        .add({"uplift", "Uplift", "m", ParamKind::Real, 0.0, 100.0, 0.1, 0.0,
              "Rock raised per time step: keeps mountains standing while the rivers cut them", {}, ParamScale::Vertical},
             [](RiverParams& p, double v) { p.uplift_m = v; })
        .add({"channel_area", "Channel area", "km²", ParamKind::Real, 0.0001, 10000.0, 0.01, 0.05,
              "Drainage area from which water runs in a channel (the river mask); below it, it spreads over the slope. Smaller: more streams, more gullies", {}, ParamScale::Area},
             [](RiverParams& p, double v) { p.channelArea_km2 = v; })
        .add({"sea_level", "Sea level", "m", ParamKind::Real, -1e9, 1e9, 1.0, -1e9,
              "Heights at or below are sea: rivers end there (default: only the map's edge)", {}, ParamScale::Height},
             [](RiverParams& p, double v) { p.seaLevel_m = v; })
        .add({"river_width", "River width", "m", ParamKind::Real, 0.0, 1000.0, 1.0, 8.0,
              "How wide a river's bed is: each step's cut spreads over about this width (and over at least 3 samples), so rivers run in troughs instead of grooves one sample wide", {}, ParamScale::Horizontal},
             [](RiverParams& p, double v) { p.riverWidth_m = v; })
        .add({"lakes", "Lakes", "", ParamKind::Choice, 0.0, 2.0, 1.0, 1.0,
              "Which basins stay lakes: none (every basin fills with sediment to its outlet), few (the largest, at most 2 % of the map), many (every basin the rivers leave)",
              {"none", "few", "many"}},
             [](RiverParams& p, double v) { p.lakes = LakeAmount(int(v)); })
        .add({"keep_height", "Keep height", "", ParamKind::Real, 0.0, 2.0, 0.05, 1.0,
              "Rock rises where the input is high to replace this share of what the rivers carry away: 1 keeps the mountains standing while the rivers reshape them (real relief's balance), 0 lets the land wear down", {}},
             [](RiverParams& p, double v) { p.keepHeight = v; })
        .add({"uplift_from", "Uplift from", "", ParamKind::Choice, 0.0, 1.0, 1.0, 0.0,
              "Where the rock rises (keep height and uplift): where the input is high, or where the mask named uplift "
              "made lower in the stack says (paint a range with a layout area or stroke whose mask is uplift: "
              "mountains grow there as the rivers cut them)",
              {"input", "mask"}},
             [](RiverParams& p, double v) { p.upliftFromMask = int(v) == 1; })
        .add({"hillslope", "Hillslope", "m²", ParamKind::Real, 0.0, 1.0e6, 1.0, 0.0,
              "How fast soil creeps down the hillslopes (diffusivity per step): rounds the divides into convex "
              "hilltops between the V-shaped valleys the rivers cut; 0 leaves the divides as the rivers left them",
              {}, ParamScale::Area},
             [](RiverParams& p, double v) { p.hillslope_m2 = v; })
        .add({"deposition", "Deposition", "", ParamKind::Real, 0.0, 4.0, 0.05, 0.2,
              "How readily rivers drop their load (G of Yuan et al. 2019): where a river leaves the mountains and "
              "its slope falls it builds alluvial fans and flat flood plains, and deltas into the sea and the lakes; "
              "0 carries every grain off the map, 1 and more fills the valleys' floors",
              {}},
             [](RiverParams& p, double v) { p.deposition = v; })
        .add({"delta_slope", "Delta front", "deg", ParamKind::Real, 1.0, 60.0, 0.5, 15.0,
              "How steeply a delta's front (its foreset) falls to the floor of the sea or lake it builds into "
              "(real ones stand at 5 to 25 degrees); with deposition 0 there are no deltas",
              {}, ParamScale::Slope},
             [](RiverParams& p, double v) { p.deltaSlope_deg = v; })
        .add({"edge", "Map edge", "", ParamKind::Choice, 0.0, 1.0, 1.0, 0.0,
              "open: the land runs on past the map's edge and rivers leave the map as from a view cut out of a "
              "larger land; base level: everything drains to the edge, which keeps its height (a rim of land a "
              "little higher stands a few samples inside it)",
              {"open", "base level"}},
             [](RiverParams& p, double v) { p.openEdge = int(v) == 0; })
        .add({"meander", "Meander", "", ParamKind::Real, 0.0, 1.0, 0.05, 0.8,
              "How far the main rivers swing into meanders where their valley floor is wide (flood plains, "
              "coastal plains): 0 leaves them on their valley's course, 1 swings loops up to 3 channel widths "
              "out; in a V-shaped valley a river runs straight down it whatever this says",
              {}},
             [](RiverParams& p, double v) { p.meander = v; });
    addStrataBandParams(table,
                        "Thickness of one band of rock strata (0: one rock throughout): the lower part of each band "
                        "is hard rock the rivers cut slowly, so hard beds hold up plateaus, mesas and benches, and "
                        "canyons step down through the bands; thermal-erosion given the same strata stands its cliffs "
                        "in the same bands");
    table.add({"hardness", "Hardness", "", ParamKind::Real, 0.0, 0.99, 0.01, 0.9,
               "How much more slowly the rivers cut hard rock than soft: 0 alike, 0.9 ten times more slowly, "
               "0.99 a hundred", {}},
              [](RiverParams& p, double v) { p.hardness = v; });
    addStrataShapeParams(table);
    OpType type = makeOpType<RiverParams>(
        kTypeId, "River erosion",
        "Rivers cut valleys by the water draining through them (stream power, implicit): dendritic valley networks",
        table, runRiver);
    type.needsSquareMap = true;
    type.masks = [](const std::map<std::string, double>&) { return std::vector<std::string>{"flow", "river", "lake"}; };
    return type;
}

}  // namespace terrain::core
