// terrain-bench's FastNoise2 cases (docs/performance.md "Noise"): our fbm and warped-fbm against
// FastNoise2 (github.com/Auburn/FastNoise2) at the same octaves, in one process, interleaved.
// Built only when CMake is given TERRAIN_FASTNOISE2_DIR, an installed FastNoise2 (it is not in
// Debian, so CI cannot build it: docs/performance.md says how to build it from its source). Never
// linked into terrain_core, terrain-cli or the editor.
//
// FastNoise2's side, as in its own node editor: Perlin (feature scale 256 samples, as our
// 256 m feature size at 1 m per sample) under FractalFBm (8 octaves, gain 0.5, lacunarity 2); the
// warp is DomainWarpGradient (amplitude 256, feature scale 256) under
// DomainWarpFractalProgressive (4 octaves) over that fBm: what our warped-fbm does at its
// defaults (8 octaves, 2 fields of 4 octaves, strength 256 m). Two threads each take half of the
// rows (GenUniformGrid2D over a band), as ours splits rows.
#include "noise_bench.h"

#include "bench_support.h"

#include <core/bench/kernel_bench.h>
#include <core/generators/gradient_noise.h>
#include <core/recipe.h>
#include <core/registry.h>

#include <FastNoise/FastNoise.h>
#include <benchmark/benchmark.h>

#include <cstring>
#include <thread>
#include <vector>

namespace terrain::bench {

namespace {

using namespace terrain::core;

// `node` over side x side samples (1 unit apart) on two threads, a band of rows each.
double fastNoiseMs(const FastNoise::SmartNode<>& node, int side, std::vector<float>& out) {
    out.resize(std::size_t(side) * std::size_t(side));
    return timeMs([&] {
        const int half = side / 2;
        std::thread other([&] {
            node->GenUniformGrid2D(out.data() + std::size_t(half) * std::size_t(side), 0.0f, float(half), side,
                                   side - half, 1.0f, 1.0f, 2026);
        });
        node->GenUniformGrid2D(out.data(), 0.0f, 0.0f, side, half, 1.0f, 1.0f, 2026);
        other.join();
    });
}

void versusFastNoise2(benchmark::State& state, int detail) {
    Recipe fbm = defaultRecipe(registry(), "fbm"), warped = defaultRecipe(registry(), "warped-fbm");
    fbm.detail = warped.detail = detail;
    fbm.seed = warped.seed = 2026;
    // 1 m per sample, so 256 m is 256 samples on both sides (the default world is 1 m per sample at
    // the default detail only: finer here, which makes our row kernel's cells larger and cheaper).
    fbm.world.extentMetres = warped.world.extentMetres = double(1 << detail);
    const BenchExecution execution(2);
    Heightmap a, b;
    generateInto(registry(), fbm, execution.context(), a);
    generateInto(registry(), warped, execution.context(), b);

    // FastNoise2 at the instruction set our noise kernels run at (TERRAIN_KERNELS picks ours; by
    // default both take the best this CPU has), so the comparison is level for level.
    const char* ours = noiseKernelsName(noiseKernels());
    const FastSIMD::FeatureSet level = std::strcmp(ours, "avx2") == 0       ? FastSIMD::FeatureSet::AVX2
                                       : std::strcmp(ours, "baseline") == 0 ? FastSIMD::FeatureSet::SSE2
                                                                            : FastSIMD::FeatureSet::Max;
    auto perlin = FastNoise::New<FastNoise::Perlin>(level);
    perlin->SetScale(256.0f);
    auto fractal = FastNoise::New<FastNoise::FractalFBm>(level);
    fractal->SetSource(perlin);
    fractal->SetOctaveCount(8);
    fractal->SetGain(0.5f);
    fractal->SetLacunarity(2.0f);
    auto warp = FastNoise::New<FastNoise::DomainWarpGradient>(level);
    warp->SetSource(fractal);
    warp->SetWarpAmplitude(256.0f);
    warp->SetScale(256.0f);
    auto warpFractal = FastNoise::New<FastNoise::DomainWarpFractalProgressive>(level);
    warpFractal->SetSource(warp);
    warpFractal->SetOctaveCount(4);
    warpFractal->SetGain(0.5f);
    warpFractal->SetLacunarity(2.0f);

    const int side = a.width();
    std::vector<float> theirs;
    fastNoiseMs(warpFractal, side, theirs);  // warm
    std::vector<double> oursFbm, oursWarp, theirFbm, theirWarp;
    for (auto _ : state) {
        oursFbm.push_back(timeMs([&] { generateInto(registry(), fbm, execution.context(), a); }));
        theirFbm.push_back(fastNoiseMs(fractal, side, theirs));
        const double ms = timeMs([&] { generateInto(registry(), warped, execution.context(), b); });
        oursWarp.push_back(ms);
        state.SetIterationTime(ms / 1e3);
        theirWarp.push_back(fastNoiseMs(warpFractal, side, theirs));
    }
    state.counters["fbm_ms"] = median(oursFbm);
    state.counters["fastnoise2_fbm_ms"] = median(theirFbm);
    state.counters["fbm_speedup"] = median(theirFbm) / median(oursFbm);
    state.counters["warped_ms"] = median(oursWarp);
    state.counters["fastnoise2_warp_ms"] = median(theirWarp);
    state.counters["warp_speedup"] = median(theirWarp) / median(oursWarp);
    state.counters["fastnoise2_warp_over_fbm"] = median(theirWarp) / median(theirFbm);
    state.counters["warped_over_fbm"] = median(oursWarp) / median(oursFbm);
}

}  // namespace

void registerFastNoise2Cases() {
    for (int detail : {10, 12}) {
        const int side = (1 << detail) + 1;
        const std::string name = "noise/vs-fastnoise2/" + std::to_string(side) + "x" + std::to_string(side) + "/threads:2";
        benchmark::RegisterBenchmark(name.c_str(), versusFastNoise2, detail)
            ->UseManualTime()
            ->Iterations(detail <= 10 ? 15 : 7)
            ->Unit(benchmark::kMillisecond);
    }
}

}  // namespace terrain::bench
