// hydraulic-erosion: rain drops run downhill, pick up sediment where they are fast and
// steep and drop it where they slow down, carving gullies and filling hollows. The droplet model of
// Beyer (2015, "Implementation of a method for hydraulic erosion"), in world units, made
// deterministic on any thread count by a fixed spatial schedule.
//
// A drop: position, direction, speed, water, sediment (m³). Each step of one sample spacing it
// turns downhill (the bilinear gradient, blended with its direction by the inertia), moves, and
// compares heights: uphill it fills the hollow it left (up to its sediment, and no higher than
// where it climbs to); with more sediment than its capacity max(slope, 0.01) * speed * water *
// capacity it deposits part of the excess (no higher than itself; what does not fit it carries
// on); else it erodes part of the shortfall from the cells within the drop's width (never more
// than the height it just fell, and no cell below the height it flows to); at the end of its
// path, or where it soaks away on flat ground, what it still carries settles over its width (no
// cell above the highest within a sample of it). So no cell goes below the input's lowest or
// above its highest: without the floor on erosion, a wide brush dug the cells the drop flowed
// into, the next drop fell further into the pit, ran faster and eroded more, and the pits ran
// away (-5.5e12 m). Speed grows with the height fallen (gravity 4, as Beyer), water evaporates.
// Rates are per metre of path and amounts are volumes spread over the cells' areas, so the same
// rain on the same world erodes about the same at every detail.
//
// Determinism: the map is cut into square tiles wider than twice a drop's reach (its path length
// plus its width), coloured like a 2 x 2 checkerboard. Every drop belongs to the tile it starts
// in. In each of 4 phases the tiles of one colour run, each running its drops one after the other
// in index order: same-coloured tiles are a tile apart, so their drops never touch the same cell,
// and it does not matter which thread runs a tile, or that a thread advances the drops of up to
// kDropLanes tiles a step each in lock step (hydraulic_lanes.inc: their loads, square roots and
// divides overlap). The phases, the tiles' order and the drops' order are fixed, so the result
// does not depend on the thread count or the instruction set. Drops are spread over kRounds rounds
// (drop i in round i mod kRounds), so each round rains over the whole map before the next. Masks:
// flow (how many drops passed, log-scaled), erosion and deposition (how far the ground went down
// or up, over mask_depth).
#include "ops.h"

#include "../errors.h"
#include "../rng.h"
#include "op_support.h"
#include "../generators/kernel_choice.h"
#include "../generators/kernel_targets.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

namespace terrain::core {
namespace {

constexpr const char* kTypeId = "hydraulic-erosion";

struct HydraulicParams {
    double rain = 1.0;          // drops per m²
    double erosion = 0.3;       // fraction of the shortfall eroded per metre
    double deposition = 0.3;    // fraction of the excess deposited per metre
    double capacity = 4.0;      // sediment capacity factor (m³)
    double inertia = 0.05;      // how much a drop keeps its direction
    double dropWidth_m = 3.0;   // the width over which a drop erodes
    double lifetime_m = 30.0;   // the path length of a drop
    double evaporation = 0.01;  // fraction of water lost per metre
    double seedOffset = 0.0;
    double maskDepth_m = 2.0;   // erosion / deposition depth that makes those masks full
};

constexpr int kRounds = 4;
constexpr float kGravity = 4.0f;
constexpr float kMinSlope = 0.01f;

// What bounds the work by the map's size. The brush is at most kMaxBrushRadius samples in radius
// (wider drops at this spacing erode as wide as that); a drop runs at most kMaxSteps steps (a path
// far longer than any map is wide: it only keeps the step count an int at tiny spacings); and the
// rain's drops times their steps times (brush cells + kStepCost) may be at most kWorkPerSample
// per sample (more rain falls as fewer drops of more water, below). kStepCost is a step's own
// work (sampling, turning, the physics) in brush cells' writes: measured on 1025² at 1 m, a
// 1-cell brush took 3.1 s and a 197-cell one 22 s for the same 31 M steps. The defaults at 1 m
// per sample cost 30 * (9 + 32) = 1230 per sample, the docs' picture of this operation 63 000.
constexpr double kMaxBrushRadius = 8.0;
constexpr int kMaxSteps = 1 << 16;
constexpr double kStepCost = 32.0;
constexpr double kWorkPerSample = 131072.0;
// Rain beyond this many drops per sample, or beyond the work bound, falls as fewer drops of more
// water; a path so long that not even kMinDropsPerSample drops fit the bound is refused.
constexpr double kMaxDropsPerSample = 16.0;
constexpr double kMinDropsPerSample = 1.0 / 16.0;
// Drops sorted at once, per sample: more drops than kRounds rounds of this take more rounds, so
// the sorted starts stay within 8 * kMaxRoundDropsPerSample bytes per sample.
constexpr double kMaxRoundDropsPerSample = 16.0;

// What the drop kernels need: the map's size, the brush and the rates per sample step.
struct DropSetup {
    int side = 0, steps = 30;
    float perSpacing = 1.0f, cellArea = 1.0f, perCellArea = 1.0f;
    float erodeFraction = 0.0f, depositFraction = 0.0f, keepWater = 1.0f, capacity = 4.0f, inertia = 0.05f;
    // A drop's water: 1, or the rain of several drops where the map's work bound holds fewer.
    float dropWater = 1.0f;
    // The erosion brush: the cells within the drop's radius, weights summing to 1; offsets from
    // the centre cell in the map (for a brush wholly on the map) and as (dx, dy).
    int brushRadius = 0, brushCells = 0;
    const int* brushDx = nullptr;
    const int* brushDy = nullptr;
    const std::ptrdiff_t* brushOffset = nullptr;
    const float* brushWeight = nullptr;
};

struct DropStart {
    float x, y;
};

// The drops of one tile, in the order they fall.
struct DropRun {
    const DropStart* begin;
    const DropStart* end;
};

// The tiles of one phase (one colour), which the lanes of every thread take one at a time: a
// thread keeps its lanes full until none is left, whichever thread runs which tile.
struct DropQueue {
    const DropRun* runs = nullptr;
    int count = 0;
    std::atomic<int> next{0};
    const GenerateContext* context = nullptr;

    // The next tile's drops; false when none is left. Throws Cancelled once the job is cancelled.
    bool take(DropRun& run) {
        context->throwIfCancelled();
        const int t = next.fetch_add(1, std::memory_order_relaxed);
        if (t >= count) return false;
        run = runs[t];
        return true;
    }
};

struct HydraulicKernels {
    const char* name;  // "avx512", "avx2" or "baseline", as levelKernels()
    // Runs the drops of the queue's tiles (all of one colour) on `cells`: side x side pairs of the
    // height (metres) and the count of drop steps through the cell.
    void (*runDrops)(const DropSetup& setup, float* cells, DropQueue& queue);
};

constexpr int kDropLanes = 32;  // drops in lock step: one tile each

#define KERNEL_FILE "core/stack/hydraulic_lanes.inc"
#include "../generators/kernel_variants.inc"
#undef KERNEL_FILE

const HydraulicKernels& hydraulicKernels() {
    static const KernelChoice<HydraulicKernels> choice(&avx512::kHydraulicKernels, &avx2::kHydraulicKernels,
                                                       &baseline::kHydraulicKernels);
    return choice.chosen();
}

struct Brush {
    std::vector<int> dx, dy;
    std::vector<std::ptrdiff_t> offset;
    std::vector<float> weight;  // sums to 1
    int radius = 0;
};

// The cells within `radiusSamples` (0.5 to kMaxBrushRadius, clamped) of the centre.
Brush makeBrush(double radiusSamples, int side) {
    Brush b;
    const double r = std::clamp(radiusSamples, 0.5, kMaxBrushRadius);
    b.radius = int(std::ceil(r));
    double sum = 0.0;
    for (int y = -b.radius; y <= b.radius; ++y)
        for (int x = -b.radius; x <= b.radius; ++x) {
            const double d = std::sqrt(double(x) * double(x) + double(y) * double(y));
            if (d > r) continue;
            b.dx.push_back(x);
            b.dy.push_back(y);
            b.offset.push_back(2 * (std::ptrdiff_t(y) * side + x));  // in (height, visits) pairs
            b.weight.push_back(float(1.0 - d / (r + 1.0)));
            sum += b.weight.back();
        }
    for (float& w : b.weight) w = float(w / sum);
    return b;
}

void runHydraulic(const HydraulicParams& p, const OpCall& call) {
    requireSquareInput(call, kTypeId);
    const int side = call.input.width();
    std::shared_ptr<Heightmap> flow = addMask(call, "flow"), erosionMask = addMask(call, "erosion"),
                               depositionMask = addMask(call, "deposition");
    const double spacing = call.metresPerSample;
    const double world_m = double(side - 1) * spacing;
    // The kernels index cells with int: 2 side² < 2³¹ up to detail 14 (16385²), the registry's
    // largest map.
    if (2.0 * double(side) * double(side) >= 2147483647.0)
        throw InputError("detail", std::to_string(side) + " samples across",
                         FieldText("at most 32767 samples across for hydraulic-erosion"));
    // The brush, the steps and the drops, in double until they are known to be in range.
    const Brush brush = makeBrush(p.dropWidth_m / 2.0 / spacing, side);
    const int steps = int(std::clamp(std::round(p.lifetime_m / spacing), 1.0, double(kMaxSteps)));
    const double samples = double(side) * double(side);
    const double stepWork = double(steps) * (double(brush.weight.size()) + kStepCost);
    const double dropsWanted = std::round(p.rain * world_m * world_m);
    // Rain falls as at most kMaxDropsPerSample drops per sample and within the work bound; more
    // falls as fewer drops, each with the water of several (coarse spacings: 1 drop per m² is
    // 8100 drops on a 90 m cell). A drop's capacity, and so what it erodes and deposits, is
    // proportional to its water, so one drop of water k moves what k drops on its path would.
    // At 1 m per sample and finer (rain at most 16 per m²) every drop has water 1, as before.
    const double mostDrops = std::min(std::floor(kWorkPerSample * samples / stepWork), kMaxDropsPerSample * samples);
    if (dropsWanted > mostDrops && mostDrops < kMinDropsPerSample * samples) {
        char spacingText[32];
        std::snprintf(spacingText, sizeof spacingText, "%g", spacing);
        throw InputError("lifetime", numberText(p.lifetime_m) + " m",
                         FieldText("a path short enough for the rain to cover the map: at " + std::string(spacingText) +
                                   " m per sample a path of " + std::to_string(steps) + " steps with a brush of " +
                                   std::to_string(brush.weight.size()) + " cell(s) (drop_width) is more work than " +
                                   "the map's size allows for one drop in 16 samples; a shorter lifetime or a "
                                   "narrower drop_width"));
    }
    const double dropCount = std::min(dropsWanted, mostDrops);
    const double dropWater = dropCount > 0.0 ? dropsWanted / dropCount : 1.0;
    const auto drops = std::int64_t(dropCount);
    const int rounds = int(std::max(double(kRounds), std::ceil(dropCount / (kMaxRoundDropsPerSample * samples))));
    // Each cell's height in metres and the drops' visits side by side: a drop's visit lands on a
    // cache line its samples just loaded. Written first by the threads that fill it (the kernel
    // clears the pages where they are first touched).
    Heightmap cells = Heightmap::uninitialized(2 * side, side);
    const auto height = [&](int x, int y) -> float& { return cells.at(2 * x, y); };
    const auto visits = [&](int x, int y) -> float& { return cells.at(2 * x + 1, y); };
    forEachRow(call, [&](int y, const float* in, float*) {
        for (int x = 0; x < side; ++x) {
            height(x, y) = float(call.heights.toMetres(in[x]));
            visits(x, y) = 0.0f;
        }
    });
    DropSetup setup;
    setup.side = side;
    setup.perSpacing = float(1.0 / spacing);
    setup.cellArea = float(spacing * spacing);
    setup.perCellArea = float(1.0 / (spacing * spacing));
    setup.erodeFraction = float(1.0 - std::pow(1.0 - p.erosion, spacing));
    setup.depositFraction = float(1.0 - std::pow(1.0 - p.deposition, spacing));
    setup.keepWater = float(std::pow(1.0 - p.evaporation, spacing));
    setup.dropWater = float(dropWater);
    setup.capacity = float(p.capacity);
    setup.inertia = float(p.inertia);
    setup.steps = steps;
    setup.brushRadius = brush.radius;
    setup.brushCells = int(brush.weight.size());
    setup.brushDx = brush.dx.data();
    setup.brushDy = brush.dy.data();
    setup.brushOffset = brush.offset.data();
    setup.brushWeight = brush.weight.data();

    // Tiles wider than twice a drop's reach (its path and its brush, plus a cell for rounding).
    const int reach = setup.steps + brush.radius + 2;
    const int tile = std::max(32, (2 * reach + 31) / 32 * 32);
    const int tilesAcross = (side + tile - 1) / tile;
    // Where each drop of a round starts, by tile, in index order within a tile; a round's drops
    // are sorted when it begins, so the first partial map waits for a quarter. A counting sort in
    // fixed chunks of the round's drops, each chunk on any thread: count each chunk's drops per
    // tile, then place them (the start hashed again) after the earlier chunks' drops of that tile.
    const PointHash hash(std::uint64_t(call.seed) + std::uint64_t(p.seedOffset) * 0x9e3779b97f4a7c15ULL,
                         RngStream::Hydraulic);
    const int tiles = tilesAcross * tilesAcross;
    const auto startOf = [&](std::int64_t i) {
        const std::uint64_t r = hash(std::uint32_t(i), std::uint32_t(i >> 32));
        return DropStart{float(double(r >> 40) / 16777216.0 * double(side - 1)),
                         float(double((r >> 16) & 0xffffffU) / 16777216.0 * double(side - 1))};
    };
    const auto tileOf = [&](DropStart start) {
        return std::min(int(start.y) / tile, tilesAcross - 1) * tilesAcross +
               std::min(int(start.x) / tile, tilesAcross - 1);
    };
    std::vector<DropStart> sorted;                                // the round's drops, tile by tile
    std::vector<std::int64_t> tileBegin(std::size_t(tiles) + 1);  // where each tile's drops begin
    std::vector<std::int64_t> place;  // per chunk and tile: the count, then where the next drop goes
    const auto sortRound = [&](int round) {
        const std::int64_t count = drops > round ? (drops - round + rounds - 1) / rounds : 0;
        const std::int64_t chunk = std::max<std::int64_t>(std::int64_t(1) << 16, (count + 63) / 64);
        const int chunks = int((count + chunk - 1) / chunk);
        place.assign(std::size_t(chunks) * std::size_t(tiles), 0);
        const auto forChunks = [&](auto body) {
            parallelRows(chunks, threadsForWork(double(count) * 8.0, call.context.threads), call.context,
                         [&](int begin, int end) {
                             for (int c = begin; c < end; ++c) {
                                 std::int64_t* mine = place.data() + std::size_t(c) * std::size_t(tiles);
                                 const std::int64_t last = std::min(count, (c + 1) * chunk);
                                 for (std::int64_t j = c * chunk; j < last; ++j) body(mine, round + j * rounds);
                             }
                         });
        };
        forChunks([&](std::int64_t* mine, std::int64_t i) { ++mine[tileOf(startOf(i))]; });
        std::int64_t at = 0;
        for (int t = 0; t < tiles; ++t) {
            tileBegin[std::size_t(t)] = at;
            for (int c = 0; c < chunks; ++c) {
                std::int64_t& n = place[std::size_t(c) * std::size_t(tiles) + std::size_t(t)];
                const std::int64_t here = n;
                n = at;
                at += here;
            }
        }
        tileBegin[std::size_t(tiles)] = at;
        sorted.resize(std::size_t(count));
        forChunks([&](std::int64_t* mine, std::int64_t i) {
            const DropStart start = startOf(i);
            sorted[std::size_t(mine[tileOf(start)]++)] = start;
        });
    };
    // The input plus the change in metres, in raw units (the input's own bits where nothing changed).
    const auto backToRaw = [&](int x, int y, float in) {
        return in + float((double(height(x, y)) - call.heights.toMetres(in)) / call.heights.scale);
    };
    const int threads = threadsForWork(double(drops) * setup.steps * 8.0, call.context.threads);
    const HydraulicKernels& kernels = hydraulicKernels();
    for (int round = 0; round < rounds; ++round) {
        sortRound(round);
        for (int colour = 0; colour < 4; ++colour) {
            std::vector<DropRun> mine;
            for (int t = 0; t < tiles; ++t)
                if ((t % tilesAcross) % 2 == colour % 2 && (t / tilesAcross) % 2 == colour / 2)
                    mine.push_back({sorted.data() + tileBegin[std::size_t(t)], sorted.data() + tileBegin[std::size_t(t) + 1]});
            // The tiles with the most drops first, so the last ones taken (the border's part
            // tiles) are short and the threads finish together.
            std::stable_sort(mine.begin(), mine.end(), [](const DropRun& a, const DropRun& b) {
                return a.end - a.begin > b.end - b.begin;
            });
            DropQueue queue;
            queue.runs = mine.data();
            queue.count = int(mine.size());
            queue.context = &call.context;
            const int workers = std::max(1, std::min(threads, queue.count));
            parallelRows(workers, workers, call.context,
                         [&](int, int) { kernels.runDrops(setup, cells.samples().data(), queue); });
            call.context.report(float(round * 4 + colour + 1) / float(rounds * 4));
            if (call.context.partial) {  // the editor shows the map as it erodes
                forEachRow(call, [&](int y, const float* in, float* out) {
                    for (int x = 0; x < side; ++x)
                        out[x] = backToRaw(x, y, in[x]);
                });
                call.context.showPartial(call.output);
            }
        }
    }

    // Back to raw units, and the masks.
    double meanVisits = 0.0;
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) meanVisits += visits(x, y);
    meanVisits /= double(side) * double(side);
    // flow: log-scaled drop visits, 0 where none passed, 1 at 16 times the mean (the channels).
    const auto flowScale = float(meanVisits > 0.0 ? 1.0 / meanVisits : 0.0);
    const auto depthScale = float(1.0 / p.maskDepth_m);
    forEachRow(call, [&](int y, const float* in, float* out) {
        for (int x = 0; x < side; ++x) {
            out[x] = backToRaw(x, y, in[x]);
            flow->at(x, y) = std::min(1.0f, std::log2(1.0f + visits(x, y) * flowScale) * (1.0f / 4.0874628f));
            // Net change: where the ground went down, and where it went up.
            const float change = height(x, y) - float(call.heights.toMetres(in[x]));
            erosionMask->at(x, y) = std::min(1.0f, std::max(0.0f, -change) * depthScale);
            depositionMask->at(x, y) = std::min(1.0f, std::max(0.0f, change) * depthScale);
        }
    });
}

}  // namespace

OpType hydraulicErosionOpType() {
    ParamTable<HydraulicParams> table;
    table.add({"rain", "Rain", "drops/m²", ParamKind::Real, 0.0, 16.0, 0.05, 1.0,
               "How much rain falls, in drops per square metre: more rain, deeper gullies (past 16 drops a sample, or what the map's size allows, fewer drops carry more water)", {}, ParamScale::PerArea},
              [](HydraulicParams& p, double v) { p.rain = v; })
        .add({"erosion", "Erosion", "", ParamKind::Real, 0.0, 1.0, 0.01, 0.3,
              "How fast a drop picks up sediment it has room for (per metre of path)", {}},
             [](HydraulicParams& p, double v) { p.erosion = v; })
        .add({"deposition", "Deposition", "", ParamKind::Real, 0.0, 1.0, 0.01, 0.3,
              "How fast a drop drops sediment it cannot carry (per metre of path): higher fills valleys sooner", {}},
             [](HydraulicParams& p, double v) { p.deposition = v; })
        .add({"capacity", "Sediment capacity", "m³", ParamKind::Real, 0.0, 64.0, 0.1, 4.0,
              "How much a fast drop on a steep slope can carry: higher carves deeper and carries further", {}},
             [](HydraulicParams& p, double v) { p.capacity = v; })
        .add({"inertia", "Meander", "", ParamKind::Real, 0.0, 0.99, 0.01, 0.05,
              "How much a drop keeps its direction instead of turning straight downhill: higher meanders", {}},
             [](HydraulicParams& p, double v) { p.inertia = v; })
        .add({"drop_width", "Drop width", "m", ParamKind::Real, 0.1, 1000.0, 0.5, 3.0,
              "The width over which a drop erodes: wider drops cut broader, smoother gullies (at most 16 samples across)", {}, ParamScale::Horizontal},
             [](HydraulicParams& p, double v) { p.dropWidth_m = v; })
        .add({"lifetime", "Path length", "m", ParamKind::Real, 1.0, 10000.0, 1.0, 30.0,
              "How far a drop runs before it soaks away: longer paths make longer gullies", {}, ParamScale::Horizontal},
             [](HydraulicParams& p, double v) { p.lifetime_m = v; })
        .add({"evaporation", "Evaporation", "", ParamKind::Real, 0.0, 0.5, 0.001, 0.01,
              "Fraction of a drop's water lost per metre: drops that dry up drop their sediment", {}},
             [](HydraulicParams& p, double v) { p.evaporation = v; })
        .add({"seed_offset", "Seed offset", "", ParamKind::Integer, 0, 1000000, 1, 0,
              "Another set of rain drops on the same terrain", {}},
             [](HydraulicParams& p, double v) { p.seedOffset = v; })
        .add({"mask_depth", "Mask depth", "m", ParamKind::Real, 0.001, 1000.0, 0.1, 2.0,
              "Depth of erosion or deposition at which the erosion and deposition masks are full (1)", {}, ParamScale::Vertical},
             [](HydraulicParams& p, double v) { p.maskDepth_m = v; });
    OpType type = makeOpType<HydraulicParams>(
        kTypeId, "Hydraulic erosion",
        "Rain drops run downhill carrying sediment: gullies on the slopes, deposits in the hollows", table,
        runHydraulic);
    type.needsSquareMap = true;
    type.masks = [](const std::map<std::string, double>&) {
        return std::vector<std::string>{"flow", "erosion", "deposition"};
    };
    return type;
}

}  // namespace terrain::core
