// hydraulic-erosion (issue 13): rain drops run downhill, pick up sediment where they are fast and
// steep and drop it where they slow down, carving gullies and filling hollows. The droplet model of
// Beyer (2015, "Implementation of a method for hydraulic erosion"), in world units, made
// deterministic on any thread count by a fixed spatial schedule.
//
// A drop: position, direction, speed, water, sediment (m³). Each step of one sample spacing it
// turns downhill (the bilinear gradient, blended with its direction by the inertia), moves, and
// compares heights: uphill it fills the hollow it left (up to its sediment); with more sediment
// than its capacity max(slope, 0.01) * speed * water * capacity it deposits part of the excess;
// else it erodes part of the shortfall from the cells within the drop's width (never more than
// the height it just fell). Speed grows with the height fallen (gravity 4, as Beyer), water
// evaporates. Rates are per metre of path and amounts are volumes spread over the cells' areas,
// so the same rain on the same world erodes about the same at every detail.
//
// Determinism: the map is cut into square tiles wider than twice a drop's reach (its path length
// plus its width), coloured like a 2 x 2 checkerboard. Every drop belongs to the tile it starts
// in. In each of 4 phases the tiles of one colour run in parallel, each running its drops one
// after the other in index order: same-coloured tiles are a tile apart, so their drops never touch
// the same cell. The phases, the tiles' order and the drops' order are fixed, so the result does
// not depend on the thread count. Masks: flow (how many drops passed, log-scaled), erosion and
// deposition (how far the ground went down or up, over mask_depth). Drops are spread over kRounds rounds (drop i in round i mod
// kRounds), so each round rains over the whole map before the next.
#include "ops.h"

#include "../errors.h"
#include "../rng.h"
#include "op_support.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace terrain::core {
namespace {

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

struct Brush {
    std::vector<int> dx, dy;
    std::vector<float> weight;  // sums to 1
    int radius = 0;
};

Brush makeBrush(double radiusSamples) {
    Brush b;
    const double r = std::max(radiusSamples, 0.5);
    b.radius = int(std::ceil(r));
    double sum = 0.0;
    for (int y = -b.radius; y <= b.radius; ++y)
        for (int x = -b.radius; x <= b.radius; ++x) {
            const double d = std::sqrt(double(x * x + y * y));
            if (d > r) continue;
            b.dx.push_back(x);
            b.dy.push_back(y);
            b.weight.push_back(float(1.0 - d / (r + 1.0)));
            sum += b.weight.back();
        }
    for (float& w : b.weight) w = float(w / sum);
    return b;
}

struct Maps {
    Heightmap& h;       // metres, worked in place
    Heightmap& visits;  // drop steps through each cell
};

struct Drop {
    float x, y, dx = 0.0f, dy = 0.0f, speed = 1.0f, water = 1.0f, sediment = 0.0f;
};

struct Sim {
    const HydraulicParams& p;
    Maps& m;
    Brush brush;
    int side = 0;
    float spacing = 1.0f, perSpacing = 1.0f, cellArea = 1.0f, perCellArea = 1.0f;
    float erodeFraction = 0.0f, depositFraction = 0.0f, keepWater = 1.0f, capacity = 4.0f, inertia = 0.05f;
    int steps = 30;

    // Height (metres) and gradient (metres per metre) at (x, y), bilinear within its cell.
    void sample(float x, float y, float& height, float& gx, float& gy) const {
        const int ix = std::min(int(x), side - 2), iy = std::min(int(y), side - 2);
        const float u = x - float(ix), v = y - float(iy);
        const float* r0 = m.h.row(iy) + ix;
        const float* r1 = m.h.row(iy + 1) + ix;
        const float a = r0[0], b = r0[1], c = r1[0], d = r1[1];
        gx = ((b - a) * (1.0f - v) + (d - c) * v) * perSpacing;
        gy = ((c - a) * (1.0f - u) + (d - b) * u) * perSpacing;
        height = (a * (1.0f - u) + b * u) * (1.0f - v) + (c * (1.0f - u) + d * u) * v;
    }

    void deposit(float x, float y, float volume) {
        const int ix = std::min(int(x), side - 2), iy = std::min(int(y), side - 2);
        const float u = x - float(ix), v = y - float(iy), depth = volume * perCellArea;
        const float w[4] = {(1.0f - u) * (1.0f - v), u * (1.0f - v), (1.0f - u) * v, u * v};
        const int cx[4] = {ix, ix + 1, ix, ix + 1}, cy[4] = {iy, iy, iy + 1, iy + 1};
        for (int k = 0; k < 4; ++k) m.h.at(cx[k], cy[k]) += depth * w[k];
    }

    void erode(float x, float y, float volume) {
        const int ix = int(x + 0.5f), iy = int(y + 0.5f);
        const float depth = volume * perCellArea;
        for (std::size_t k = 0; k < brush.weight.size(); ++k) {
            const int cx = ix + brush.dx[k], cy = iy + brush.dy[k];
            if (cx < 0 || cy < 0 || cx >= side || cy >= side) continue;  // lost past the border
            m.h.at(cx, cy) -= depth * brush.weight[k];
        }
    }

    // What the drop still carries when it stops (flat ground, or its path length run) settles
    // where it is; only a drop that runs off the map takes its sediment away.
    void run(Drop drop) {
        if (trace(drop)) deposit(drop.x, drop.y, drop.sediment);
    }

    // Runs the drop; false if it ran off the map.
    bool trace(Drop& drop) {
        for (int step = 0; step < steps; ++step) {
            float h = 0.0f, gx = 0.0f, gy = 0.0f;
            sample(drop.x, drop.y, h, gx, gy);
            m.visits.at(int(drop.x + 0.5f), int(drop.y + 0.5f)) += 1.0f;
            drop.dx = drop.dx * inertia - gx * (1.0f - inertia);
            drop.dy = drop.dy * inertia - gy * (1.0f - inertia);
            const float length = std::sqrt(drop.dx * drop.dx + drop.dy * drop.dy);
            if (!(length > 0.0f)) return true;  // flat: the drop stays and soaks away
            const float perLength = 1.0f / length;
            drop.dx *= perLength;
            drop.dy *= perLength;
            const float nx = drop.x + drop.dx, ny = drop.y + drop.dy;
            if (!(nx >= 0.0f && ny >= 0.0f && nx <= float(side - 1) && ny <= float(side - 1))) return false;
            float nh = 0.0f, ngx = 0.0f, ngy = 0.0f;
            sample(nx, ny, nh, ngx, ngy);
            const float fall = h - nh;  // metres down this step
            const float cap = std::max(fall * perSpacing, kMinSlope) * drop.speed * drop.water * capacity;
            if (fall < 0.0f) {
                const float volume = std::min(drop.sediment, -fall * cellArea);
                drop.sediment -= volume;
                deposit(drop.x, drop.y, volume);
            } else if (drop.sediment > cap) {
                const float volume = (drop.sediment - cap) * depositFraction;
                drop.sediment -= volume;
                deposit(drop.x, drop.y, volume);
            } else {
                const float volume = std::min((cap - drop.sediment) * erodeFraction, fall * cellArea);
                drop.sediment += volume;
                erode(drop.x, drop.y, volume);
            }
            drop.speed = std::sqrt(std::max(0.0f, drop.speed * drop.speed + fall * kGravity));
            drop.water *= keepWater;
            drop.x = nx;
            drop.y = ny;
        }
        return true;
    }
};

void runHydraulic(const HydraulicParams& p, const OpCall& call) {
    const int side = call.input.width();
    std::shared_ptr<Heightmap> flow = addMask(call, "flow"), erosionMask = addMask(call, "erosion"),
                               depositionMask = addMask(call, "deposition");
    const double spacing = call.metresPerSample;
    const double world_m = double(side - 1) * spacing;
    const auto drops = std::int64_t(std::llround(p.rain * world_m * world_m));
    Heightmap h(side, side), visits(side, side);
    forEachRow(call, [&](int y, const float* in, float*) {
        for (int x = 0; x < side; ++x) h.at(x, y) = float(call.heights.toMetres(in[x]));
    });
    Maps maps{h, visits};
    Sim sim{p, maps, makeBrush(p.dropWidth_m / 2.0 / spacing)};
    sim.side = side;
    sim.spacing = float(spacing);
    sim.perSpacing = float(1.0 / spacing);
    sim.cellArea = float(spacing * spacing);
    sim.perCellArea = float(1.0 / (spacing * spacing));
    sim.erodeFraction = float(1.0 - std::pow(1.0 - p.erosion, spacing));
    sim.depositFraction = float(1.0 - std::pow(1.0 - p.deposition, spacing));
    sim.keepWater = float(std::pow(1.0 - p.evaporation, spacing));
    sim.capacity = float(p.capacity);
    sim.inertia = float(p.inertia);
    sim.steps = std::max(1, int(std::lround(p.lifetime_m / spacing)));

    // Tiles wider than twice a drop's reach (its path and its brush, plus a cell for rounding).
    const int reach = sim.steps + sim.brush.radius + 2;
    const int tile = std::max(32, (2 * reach + 31) / 32 * 32);
    const int tilesAcross = (side + tile - 1) / tile;
    // The drops of each (round, tile), in index order: a counting sort by tile.
    const PointHash hash(std::uint64_t(call.seed) + std::uint64_t(p.seedOffset) * 0x9e3779b97f4a7c15ULL,
                         RngStream::Hydraulic);
    const auto startOf = [&](std::int64_t i) {
        const std::uint64_t r = hash(std::uint32_t(i), std::uint32_t(i >> 32));
        return std::pair<float, float>{float(double(r >> 40) / 16777216.0 * double(side - 1)),
                                       float(double((r >> 16) & 0xffffffU) / 16777216.0 * double(side - 1))};
    };
    const int tiles = tilesAcross * tilesAcross;
    std::vector<std::vector<std::int64_t>> lists(std::size_t(kRounds) * std::size_t(tiles));
    for (std::int64_t i = 0; i < drops; ++i) {
        const auto [x, y] = startOf(i);
        const int t = std::min(int(y) / tile, tilesAcross - 1) * tilesAcross + std::min(int(x) / tile, tilesAcross - 1);
        lists[std::size_t(i % kRounds) * std::size_t(tiles) + std::size_t(t)].push_back(i);
    }
    // The input plus the change in metres, in raw units (the input's own bits where nothing changed).
    const auto backToRaw = [&](int x, int y, float in) {
        return in + float((double(h.at(x, y)) - call.heights.toMetres(in)) / call.heights.scale);
    };
    const int threads = threadsForWork(double(drops) * sim.steps * 8.0, call.context.threads);
    for (int round = 0; round < kRounds; ++round) {
        for (int colour = 0; colour < 4; ++colour) {
            std::vector<int> mine;
            for (int t = 0; t < tiles; ++t)
                if ((t % tilesAcross) % 2 == colour % 2 && (t / tilesAcross) % 2 == colour / 2) mine.push_back(t);
            parallelRows(int(mine.size()), std::min(threads, std::max(1, int(mine.size()))), call.context,
                         [&](int begin, int end) {
                             for (int k = begin; k < end; ++k) {
                                 for (std::int64_t i :
                                      lists[std::size_t(round) * std::size_t(tiles) + std::size_t(mine[std::size_t(k)])]) {
                                     const auto [x, y] = startOf(i);
                                     sim.run(Drop{x, y});
                                 }
                             }
                         });
            call.context.report(float(round * 4 + colour + 1) / float(kRounds * 4));
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
        for (int x = 0; x < side; ++x) meanVisits += visits.at(x, y);
    meanVisits /= double(side) * double(side);
    // flow: log-scaled drop visits, 0 where none passed, 1 at 16 times the mean (the channels).
    const auto flowScale = float(meanVisits > 0.0 ? 1.0 / meanVisits : 0.0);
    const auto depthScale = float(1.0 / p.maskDepth_m);
    forEachRow(call, [&](int y, const float* in, float* out) {
        for (int x = 0; x < side; ++x) {
            out[x] = backToRaw(x, y, in[x]);
            flow->at(x, y) = std::min(1.0f, std::log2(1.0f + visits.at(x, y) * flowScale) * (1.0f / 4.0874628f));
            // Net change: where the ground went down, and where it went up.
            const float change = h.at(x, y) - float(call.heights.toMetres(in[x]));
            erosionMask->at(x, y) = std::min(1.0f, std::max(0.0f, -change) * depthScale);
            depositionMask->at(x, y) = std::min(1.0f, std::max(0.0f, change) * depthScale);
        }
    });
}

}  // namespace

OpType hydraulicErosionOpType() {
    ParamTable<HydraulicParams> table;
    table.add({"rain", "Rain", "drops/m²", ParamKind::Real, 0.0, 16.0, 0.05, 1.0,
               "How many rain drops fall per square metre: more rain, deeper gullies", {}},
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
              "The width over which a drop erodes: wider drops cut broader, smoother gullies", {}},
             [](HydraulicParams& p, double v) { p.dropWidth_m = v; })
        .add({"lifetime", "Path length", "m", ParamKind::Real, 1.0, 10000.0, 1.0, 30.0,
              "How far a drop runs before it soaks away: longer paths make longer gullies", {}},
             [](HydraulicParams& p, double v) { p.lifetime_m = v; })
        .add({"evaporation", "Evaporation", "", ParamKind::Real, 0.0, 0.5, 0.001, 0.01,
              "Fraction of a drop's water lost per metre: drops that dry up drop their sediment", {}},
             [](HydraulicParams& p, double v) { p.evaporation = v; })
        .add({"seed_offset", "Seed offset", "", ParamKind::Integer, 0, 1000000, 1, 0,
              "Another set of rain drops on the same terrain", {}},
             [](HydraulicParams& p, double v) { p.seedOffset = v; })
        .add({"mask_depth", "Mask depth", "m", ParamKind::Real, 0.001, 1000.0, 0.1, 2.0,
              "Depth of erosion or deposition at which the erosion and deposition masks are full (1)", {}},
             [](HydraulicParams& p, double v) { p.maskDepth_m = v; });
    OpType type = makeOpType<HydraulicParams>(
        "hydraulic-erosion", "Hydraulic erosion",
        "Rain drops run downhill carrying sediment: gullies on the slopes, deposits in the hollows", table,
        runHydraulic);
    type.masks = [](const std::map<std::string, double>&) {
        return std::vector<std::string>{"flow", "erosion", "deposition"};
    };
    return type;
}

}  // namespace terrain::core
