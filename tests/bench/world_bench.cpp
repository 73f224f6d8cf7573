#include "world_bench.h"

#include "bench_support.h"

#include <core/bench/kernel_bench.h>
#include <core/recipe.h>
#include <core/registry.h>
#include <core/stack/evaluator.h>
#include <core/world_scale.h>

#include <benchmark/benchmark.h>

#include <chrono>
#include <string>
#include <vector>

namespace terrain::bench {
namespace {

using namespace terrain::core;

// Tile (5, 3) of 4097² samples of a detail-16 world (65537², 256 tiles) against the whole map of
// detail 12 (4097²) from the same recipe, both on `threads` threads: samples per second each and
// their ratio (tile_over_single: the target is >= 0.85).
void tileVsSingle(benchmark::State& state, const std::string& algorithm, int threads) {
    Recipe single = defaultRecipe(registry(), algorithm);
    single.detail = 12;
    single.seed = 2026;
    Recipe world = single;
    world.detail = 16;
    WorldUnits units;  // 1 m per sample at each map's own detail: the same work per sample
    const BenchExecution execution(threads);
    const SampleWindow window{5 * 4096, 3 * 4096, 4097, 4097};
    Heightmap map;
    generateInto(registry(), single, execution.context(), map);
    // A world's tasks read the mapping from world.json: computed once here, as by world init.
    const HeightMapping mapping = worldMapping(registry(), world, units.metresPerPixel, execution.context());
    Heightmap tile = evaluateStackWindow(registry(), world, units, window, execution.context(), &mapping);
    std::vector<double> whole, tiled;
    for (auto _ : state) {
        whole.push_back(timeMs([&] { generateInto(registry(), single, execution.context(), map); }));
        const double ms = timeMs([&] { evaluateStackWindowInto(registry(), world, units, window, execution.context(), tile, &mapping); });
        tiled.push_back(ms);
        state.SetIterationTime(ms / 1e3);
    }
    benchmark::DoNotOptimize(tile.row(0));
    state.counters["single_ms"] = median(whole);
    state.counters["tile_ms"] = median(tiled);
    state.counters["tile_over_single"] = median(tiled) > 0 ? median(whole) / median(tiled) : 0.0;
}

}  // namespace

void registerWorldCases() {
    for (const char* algorithm : {"diamond-square", "midpoint-displacement", "fbm"}) {
        const std::string name = std::string("world/tile-vs-single/") + algorithm + "/4097x4097/threads:2";
        benchmark::RegisterBenchmark(name.c_str(), tileVsSingle, std::string(algorithm), 2)
            ->UseManualTime()
            ->Iterations(9)
            ->Unit(benchmark::kMillisecond);
    }
}

}  // namespace terrain::bench
