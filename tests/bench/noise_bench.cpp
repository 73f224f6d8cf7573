#include "noise_bench.h"

#include "bench_support.h"

#include <core/bench/kernel_bench.h>
#include <core/generators/gradient_noise.h>
#include <core/recipe.h>
#include <core/registry.h>

#include <benchmark/benchmark.h>
#include <libnoise/noise.h>

#include <chrono>
#include <vector>

namespace terrain::bench {

namespace {

using namespace terrain::core;

Recipe noiseRecipe(const char* algorithm, int detail) {
    Recipe r = defaultRecipe(registry(), algorithm);
    r.detail = detail;
    r.seed = 2026;
    return r;
}

constexpr int kOctaves = 8;  // the recipes' default, and libnoise's setting below

// libnoise's Perlin fBm over a side x side window, one thread, the same octaves, lacunarity and
// persistence (= our roughness) at its standard quality; the sum is kept so nothing is optimised
// away. Its z is 0: a 2-D slice of its 3-D noise, as ours is of Perlin's.
double libnoiseMs(int side, double& sink) {
    noise::module::Perlin perlin;
    perlin.SetOctaveCount(kOctaves);
    perlin.SetLacunarity(2.0);
    perlin.SetPersistence(0.5);
    perlin.SetFrequency(1.0 / 256.0);
    perlin.SetNoiseQuality(noise::QUALITY_STD);
    return timeMs([&] {
        double sum = 0.0;
        for (int y = 0; y < side; ++y)
            for (int x = 0; x < side; ++x) sum += perlin.GetValue(double(x), double(y), 0.0);
        sink += sum;
    });
}

// Ours at 4097² on `threads` threads against libnoise on one thread over 513²: ns per
// octave-sample per thread each, and the ratio (baseline_speedup).
void fbmVsLibnoise(benchmark::State& state, int threads) {
    const Recipe recipe = noiseRecipe("fbm", 12);
    const BenchExecution execution(threads);
    Heightmap warm;
    generateInto(registry(), recipe, execution.context(), warm);
    constexpr int kWindow = 513;
    double sink = 0.0;
    std::vector<double> ours, theirs, fill;
    for (auto _ : state) {
        fill.push_back(timeFillMs(warm, execution.context()));
        const double ms = timeMs([&] { generateInto(registry(), recipe, execution.context(), warm); });
        ours.push_back(ms);
        state.SetIterationTime(ms / 1e3);
        theirs.push_back(libnoiseMs(kWindow, sink));
    }
    benchmark::DoNotOptimize(sink);
    const double samples = double(warm.sampleCount());
    const double oursNs = median(ours) * 1e6 * threads / (samples * kOctaves);
    const double theirNs = median(theirs) * 1e6 / (double(kWindow) * kWindow * kOctaves);
    state.counters["ms_median"] = median(ours);
    state.counters["ns_per_octave_sample_per_thread"] = oursNs;
    state.counters["libnoise_ns_per_octave_sample"] = theirNs;
    state.counters["baseline_speedup"] = oursNs > 0 ? theirNs / oursNs : 0.0;
    state.counters["fill_floor_ratio"] = median(fill) > 0 ? median(ours) / median(fill) : 0.0;
}

// warped-fbm at its defaults (8 octaves, warp level 1: 2 fields of 4 octaves) against fbm with
// the same 8 octaves, interleaved.
void warpedVsFbm(benchmark::State& state, int detail, int threads) {
    const Recipe fbm = noiseRecipe("fbm", detail), warped = noiseRecipe("warped-fbm", detail);
    const BenchExecution execution(threads);
    Heightmap a, b;
    generateInto(registry(), fbm, execution.context(), a);
    generateInto(registry(), warped, execution.context(), b);
    std::vector<double> plain, warp;
    for (auto _ : state) {
        plain.push_back(timeMs([&] { generateInto(registry(), fbm, execution.context(), a); }));
        const double ms = timeMs([&] { generateInto(registry(), warped, execution.context(), b); });
        warp.push_back(ms);
        state.SetIterationTime(ms / 1e3);
    }
    state.counters["fbm_ms"] = median(plain);
    state.counters["warped_ms"] = median(warp);
    state.counters["warped_over_fbm"] = median(plain) > 0 ? median(warp) / median(plain) : 0.0;
}

}  // namespace

bool isNoise(const std::string& algorithm) {
    return algorithm == "fbm" || algorithm == "warped-fbm" || algorithm == "worley";
}

void registerNoiseCases() {
    benchmark::RegisterBenchmark("noise/fbm-vs-libnoise/4097x4097/threads:2", fbmVsLibnoise, 2)
        ->UseManualTime()
        ->Iterations(7)
        ->Unit(benchmark::kMillisecond);
    for (int detail : {10, 12}) {
        const int side = (1 << detail) + 1;
        const std::string name = "noise/warped-vs-fbm/" + std::to_string(side) + "x" + std::to_string(side) + "/threads:2";
        benchmark::RegisterBenchmark(name.c_str(), warpedVsFbm, detail, 2)
            ->UseManualTime()
            ->Iterations(detail <= 10 ? 15 : 7)
            ->Unit(benchmark::kMillisecond);
    }
}

}  // namespace terrain::bench
