#include "erosion_bench.h"

#include "bench_support.h"

#include <core/bench/kernel_bench.h>
#include <core/bench/reference_erosion.h>
#include <core/recipe.h>
#include <core/recipe_world.h>
#include <core/registry.h>
#include <core/stack/evaluator.h>
#include <core/stack/recipe_presets.h>
#include <core/stack/operation.h>
#include <core/stack/ops.h>

#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace terrain::bench {

namespace {

using namespace terrain::core;

constexpr double kWorld_m = 4096.0;
constexpr double kRelief_m = 600.0;

// Diamond-square (seed 2026, defaults) over the 4 km world at `detail`, 0..600 m: steep, most
// slopes above 35 degrees at 4 m per sample.
struct World {
    Heightmap map;
    HeightScale heights;
    double spacing_m = 1.0;
    explicit World(int detail) {
        Recipe recipe = defaultRecipe(registry(), "diamond-square");
        recipe.detail = detail;
        recipe.seed = 2026;
        GenerateContext context;
        context.threads = 2;
        map = generate(registry(), recipe, context);
        const MinMax range = minMax(map);
        heights.loMetres = 0.0;
        heights.hiMetres = kRelief_m;
        heights.scale = kRelief_m / (double(range.max) - double(range.min));
        heights.offset = -double(range.min) * heights.scale;
        spacing_m = kWorld_m / double(map.width() - 1);
    }
};

// An operation's call on a World: a warm output, its masks into one pre-faulted grid (as the
// evaluator reuses evicted buffers).
struct Run {
    const World world;
    Heightmap output;
    GenerateContext context;
    OpCall call;
    Run(int detail, int threads)
        : world(detail), output(world.map),
          call{world.map, output, world.heights, world.spacing_m, detail, 2026, context, {}, nullptr, nullptr, {}, {}, nullptr, {}, 0.0, nullptr} {
        context.threads = threads;
        auto mask = std::make_shared<Heightmap>(world.map);
        call.allocate = [mask](int, int) { return mask; };
    }
};

void thermalCase(benchmark::State& state, int detail, int threads) {
    Run r(detail, threads);
    const World& world = r.world;
    const OpCall& call = r.call;
    const OpType* op = registry().findOp("thermal-erosion");
    const std::map<std::string, double> params;  // the defaults: 35 degrees, amount 1
    std::vector<double> ms;
    for (auto _ : state) {
        ms.push_back(timeMs([&] { op->run(params, call); }));
        state.SetIterationTime(ms.back() / 1e3);
    }
    state.counters["ms_median"] = median(ms);
    state.counters["ns_per_sample"] = median(ms) * 1e6 / double(world.map.sampleCount());
}

// Ours (2 threads) and the textbook reference (1 thread, full resolution only) on the same map,
// in metres, to the same tolerance (0.5 degrees over the talus): the reference stops at its
// iteration cap if it has not settled by then, which makes the speed-up a lower bound.
void thermalVsReference(benchmark::State& state, int detail, int cap) {
    Run r(detail, 2);
    const World& world = r.world;
    const OpCall& call = r.call;
    const OpType* op = registry().findOp("thermal-erosion");
    constexpr double kPi = 3.14159265358979323846;
    const double tolerance_m = (std::tan(35.5 * kPi / 180.0) - std::tan(35.0 * kPi / 180.0)) * world.spacing_m;
    std::vector<double> ours;
    double referenceMs = 0.0;
    test::ReferenceThermalResult reference;
    for (auto _ : state) {
        for (int i = 0; i < 3; ++i) ours.push_back(timeMs([&] { op->run({}, call); }));
        Heightmap metres = world.map;
        for (float& v : metres.samples()) v = float(world.heights.toMetres(v));
        referenceMs = timeMs([&] { reference = test::referenceThermal(metres, world.spacing_m, 35.0, tolerance_m, cap); });
        state.SetIterationTime(referenceMs / 1e3);
    }
    state.counters["ours_ms"] = median(ours);
    state.counters["reference_ms"] = referenceMs;
    state.counters["reference_iterations"] = reference.iterations;
    state.counters["reference_settled"] = reference.maxExcess <= tolerance_m ? 1 : 0;
    state.counters["reference_excess_deg"] =
        std::atan(std::tan(35.0 * kPi / 180.0) + reference.maxExcess / world.spacing_m) * 180.0 / kPi - 35.0;
    state.counters["speedup"] = median(ours) > 0 ? referenceMs / median(ours) : 0.0;
}

// hydraulic-erosion at its defaults with one drop per sample (rain = 1 / spacing²), 2 threads,
// and once per case the plain serial reference (one thread, double, brush weights per step) on
// the same map with the same drops per sample.
void hydraulicCase(benchmark::State& state, int detail, bool withReference) {
    Run r(detail, 2);
    const World& world = r.world;
    const OpCall& call = r.call;
    GenerateContext& context = r.context;
    const double rain = 1.0 / (world.spacing_m * world.spacing_m);
    const std::map<std::string, double> params{{"rain", rain}};
    const OpType* op = registry().findOp("hydraulic-erosion");
    // The first visible update: the editor gets a partial map after the first of 16 phases.
    double firstMs = 0.0;
    std::vector<double> ms, first;
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        bool seen = false;
        context.partial = [&](const Heightmap&) {
            if (!seen) first.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
            seen = true;
        };
        ms.push_back(timeMs([&] { op->run(params, call); }));
        state.SetIterationTime(ms.back() / 1e3);
    }
    firstMs = median(first);
    state.counters["ms_median"] = median(ms);
    state.counters["first_update_ms"] = firstMs;
    state.counters["drops"] = rain * kWorld_m * kWorld_m;
    if (withReference) {
        Heightmap metres = world.map;
        for (float& v : metres.samples()) v = float(world.heights.toMetres(v));
        test::ReferenceDropletParams rp;
        rp.spacing = world.spacing_m;
        rp.rain = rain;
        const double referenceMs = timeMs([&] { test::referenceDroplets(metres, rp); });
        state.counters["reference_ms"] = referenceMs;
        state.counters["reference_speedup"] = median(ms) > 0 ? referenceMs / median(ms) : 0.0;
    }
}

// river-erosion at its defaults, and (1025² only) the single-scale baseline: the same 40 implicit
// steps all at the full resolution, once. Then once as the editor runs it, showing the map after
// each level but the last: when the first map is shown, and the whole run's time with them.
void riverCase(benchmark::State& state, int detail, bool withBaseline) {
    Run r(detail, 2);
    const OpCall& call = r.call;
    const OpType* op = registry().findOp("river-erosion");
    std::vector<double> ms;
    for (auto _ : state) {
        ms.push_back(timeMs([&] { op->run({}, call); }));
        state.SetIterationTime(ms.back() / 1e3);
    }
    state.counters["ms_median"] = median(ms);
    double firstMs = -1.0;
    const auto start = std::chrono::steady_clock::now();
    r.context.partial = [&](const Heightmap&) {
        if (firstMs < 0.0)
            firstMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    };
    state.counters["with_previews_ms"] = timeMs([&] { op->run({}, call); });
    state.counters["first_update_ms"] = firstMs;
    r.context.partial = nullptr;
    if (withBaseline) {
        const double baseline = timeMs([&] { runRiverErosionSingleScale(call); });
        state.counters["single_scale_ms"] = baseline;
        state.counters["speedup"] = median(ms) > 0 ? baseline / median(ms) : 0.0;
    }
}

// The `alpine` preset (ridged fBm, then river-erosion at its defaults) as the editor and the CLI
// evaluate it, at `detail` in its own 16 km world, 2 threads: the median of the whole stack, the
// first map the editor is shown while it runs, and the baseline in the same run: the stack's base
// generator alone (what the designer saw before the erosion entry), so `erosion_factor` is the
// erosion's cost in units of the noise under it.
void alpineCase(benchmark::State& state, int detail) {
    Recipe recipe = loadRecipePreset(registry(), "alpine");
    recipe.detail = detail;
    Recipe base = recipe;
    base.operations.clear();
    GenerateContext context;
    context.threads = 2;
    const WorldUnits world = worldUnits(recipe);
    std::vector<double> ms, first, baseMs;
    for (auto _ : state) {
        StackEvaluator evaluator(registry(), 0);  // nothing cached from the round before
        const auto start = std::chrono::steady_clock::now();
        bool seen = false;
        context.partial = [&](const Heightmap&) {
            if (!seen) first.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
            seen = true;
        };
        ms.push_back(timeMs([&] { (void)evaluator.evaluate(recipe, world, context); }));
        state.SetIterationTime(ms.back() / 1e3);
        context.partial = nullptr;
        StackEvaluator plain(registry(), 0);
        baseMs.push_back(timeMs([&] { (void)plain.evaluate(base, world, context); }));
    }
    state.counters["ms_median"] = median(ms);
    state.counters["first_update_ms"] = median(first);
    state.counters["base_ms"] = median(baseMs);
    state.counters["erosion_factor"] = median(baseMs) > 0 ? median(ms) / median(baseMs) : 0.0;
}

}  // namespace

void registerErosionCases() {
    benchmark::RegisterBenchmark("presets/alpine/1025x1025/threads:2", alpineCase, 10)
        ->UseManualTime()
        ->Iterations(3)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("presets/alpine/4097x4097/threads:2", alpineCase, 12)
        ->UseManualTime()
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("erosion/river/1025x1025/threads:2", riverCase, 10, true)
        ->UseManualTime()
        ->Iterations(3)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("erosion/river/4097x4097/threads:2", riverCase, 12, false)
        ->UseManualTime()
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("erosion/hydraulic/1025x1025/threads:2", hydraulicCase, 10, true)
        ->UseManualTime()
        ->Iterations(5)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("erosion/hydraulic/4097x4097/threads:2", hydraulicCase, 12, false)
        ->UseManualTime()
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
    for (int detail : {10, 12}) {
        const int side = (1 << detail) + 1;
        const std::string name = "erosion/thermal/" + std::to_string(side) + "x" + std::to_string(side) + "/threads:2";
        benchmark::RegisterBenchmark(name.c_str(), thermalCase, detail, 2)
            ->UseManualTime()
            ->Iterations(detail <= 10 ? 9 : 5)
            ->Unit(benchmark::kMillisecond);
    }
    benchmark::RegisterBenchmark("erosion/thermal-vs-reference/1025x1025", thermalVsReference, 10, 1000)
        ->UseManualTime()
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
}

}  // namespace terrain::bench
