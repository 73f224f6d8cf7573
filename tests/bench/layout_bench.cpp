#include "layout_bench.h"

#include "bench_support.h"

#include <core/bench/kernel_bench.h>
#include <core/cancel.h>
#include <core/layout/layout_eval.h>
#include <core/parallel.h>
#include <core/rng.h>

#include <benchmark/benchmark.h>

#include <cmath>
#include <string>
#include <vector>

namespace terrain::bench {
namespace {

using namespace terrain::core;
namespace layout = terrain::core::layout;

constexpr int kSide = 4097;
constexpr double kSpacing = 1.0;  // a 4096 m world at 1 m

// Items spread over [0, extent] (or one corner of it), placed by a hash so every run is the same.
layout::Layout busyLayout(double extent) {
    layout::Layout out;
    auto u = [](std::uint64_t k) { return double(toUnit(mix64(k))); };
    for (std::uint64_t i = 0; i < 20; ++i) {
        layout::Item road;
        road.kind = layout::Kind::Road;
        road.id = "road-" + std::to_string(i);
        road.falloff_m = 15.0;
        double x = u(i * 7 + 1) * extent, y = -u(i * 7 + 2) * extent;
        const double heading = u(i * 7 + 3) * 6.283;
        for (int p = 0; p < 50; ++p) {
            const double turn = heading + 0.6 * std::sin(p * 0.3 + int(i));
            x = std::clamp(x + std::cos(turn) * extent / 60.0, 0.0, extent);
            y = std::clamp(y + std::sin(turn) * extent / 60.0, -extent, 0.0);
            road.points.push_back({x + p * 1e-3, y});
            road.widths_m.push_back(8.0);
        }
        out.items.push_back(road);
        layout::Item area;
        area.kind = layout::Kind::Area;
        area.id = "area-" + std::to_string(i);
        area.falloff_m = 20.0;
        area.target = layout::AreaTarget::Average;
        const double cx = u(i * 7 + 4) * extent, cy = -u(i * 7 + 5) * extent, r = extent / 40.0;
        std::vector<layout::Point> ring;
        for (int k = 0; k < 8; ++k) ring.push_back({cx + r * std::cos(k * 0.785), cy + r * std::sin(k * 0.785)});
        area.rings.push_back(ring);
        out.items.push_back(area);
        layout::Item stamp;
        stamp.kind = layout::Kind::Stamp;
        stamp.id = "stamp-" + std::to_string(i);
        stamp.shape = layout::StampShape(i % 5);
        stamp.size_m = extent / 20.0;
        stamp.height_m = 30.0;
        stamp.points.push_back({u(i * 7 + 6) * extent, -u(i * 7 + 7) * extent});
        out.items.push_back(stamp);
    }
    layout::Item stroke;
    stroke.kind = layout::Kind::Stroke;
    stroke.id = "stroke";
    for (int s = 0; s < 5000; ++s) {
        const double t = s / 5000.0;
        stroke.points.push_back({extent * (0.1 + 0.8 * t), -extent * (0.5 + 0.3 * std::sin(t * 12.0))});
        stroke.radii_m.push_back(extent / 200.0);
        stroke.pressures.push_back(0.8);
    }
    out.items.push_back(stroke);
    return out;
}

// `tile`: the map is the tile (tile, tile) of a world of such maps (its first sample `tile` * 4096
// samples east and south of the items' origin), so with a small extent no item is near it.
void layoutCase(benchmark::State& state, double extent, bool withMasks, int tile) {
    Heightmap input(kSide, kSide), output(kSide, kSide);
    for (int y = 0; y < kSide; ++y)
        for (int x = 0; x < kSide; ++x) input.row(y)[x] = float(100.0 + 50.0 * std::sin(x * 0.01) * std::cos(y * 0.013));
    const layout::Layout items = busyLayout(extent);
    GenerateContext context;
    context.threads = 2;
    layout::ProfileSource source;
    source.step_m = 4.0;  // the reference spacing of a 4096 m world at detail 10
    source.ceiling_m = 300.0;
    source.heightAt = [&](double x, double y) {
        const int cx = std::clamp(int(x / kSpacing), 0, kSide - 1), cy = std::clamp(int(-y / kSpacing), 0, kSide - 1);
        return double(input.row(cy)[cx]);
    };
    std::vector<Heightmap> masks;
    std::vector<Heightmap*> pointers;
    for (std::size_t i = 0; i < layout::layoutMasks(items).size(); ++i) masks.emplace_back(withMasks ? kSide : 1, withMasks ? kSide : 1);
    for (auto& m : masks) pointers.push_back(withMasks ? &m : nullptr);
    std::vector<double> run, fill, resolveMs;
    for (auto _ : state) {
        fill.push_back(timeMs([&] {
            parallelRows(kSide, 2, context, [&](int begin, int end) {
                for (int y = begin; y < end; ++y) std::copy(input.row(y), input.row(y) + kSide, output.row(y));
            });
        }));
        double resolving = 0.0;
        const double ms = timeMs([&] {
            layout::ResolvedLayout resolved;
            resolving = timeMs([&] { resolved = layout::resolveLayout(items, source); });
            layout::applyLayout(resolved, input, output, tile * (kSide - 1), tile * (kSide - 1), kSpacing, {1.0, 0.0},
                                pointers, context);
        });
        resolveMs.push_back(resolving);
        run.push_back(ms);
        state.SetIterationTime(ms / 1e3);
    }
    benchmark::DoNotOptimize(output.row(0));
    state.counters["ms_median"] = median(run);
    state.counters["fill_ms"] = median(fill);
    state.counters["resolve_ms"] = median(resolveMs);  // profiles and indexes, before any sample
    state.counters["fill_floor_ratio"] = median(fill) > 0 ? median(run) / median(fill) : 0.0;
}

}  // namespace

void registerLayoutCases() {
    struct Case {
        const char* name;
        double extent;  // the items spread over [0, extent] m
        bool masks;
        int tile;
    };
    // corner: the same items squeezed into a 256 m corner, most samples a copy; heights-only: the
    // entry's masks=false, what the fill floor compares with; far-tile: the corner's items seen
    // from a tile two tiles east and south of them, no item near any sample, what "untouched
    // samples cost a copy" measures (with the 7 masks, written as zeros: 8 grids).
    for (const Case& c : {Case{"busy", 4096.0, true, 0}, Case{"corner", 256.0, true, 0},
                          Case{"corner-heights-only", 256.0, false, 0}, Case{"far-tile-heights-only", 256.0, false, 2},
                          Case{"far-tile", 256.0, true, 2}, Case{"busy-heights-only", 4096.0, false, 0}}) {
        benchmark::RegisterBenchmark((std::string("layout/") + c.name + "/4097x4097/threads:2").c_str(), layoutCase,
                                     c.extent, c.masks, c.tile)
            ->UseManualTime()
            ->Iterations(9)
            ->Unit(benchmark::kMillisecond);
    }
}

}  // namespace terrain::bench
