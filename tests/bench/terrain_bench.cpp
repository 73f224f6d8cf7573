// terrain-bench: every generator at 1025², 4097² and 8193² on 1 and 2 threads, and the exporters
// at 4097². The machine this runs on is usually shared, so each generator case measures, in every
// iteration and interleaved, its production kernel (warm reused buffer, the reported time), the
// fill floor (a parallel std::fill of that same buffer on the same threads), the step-by-step
// reference (1 thread) and a cold run into a fresh grid, and reports medians and ratios as
// counters. The stack's operations (stack/*) run at 4097² on 2 threads against a copy floor. Run with --benchmark_counters_tabular=true for a table; see docs/performance.md.
#include <core/bench/kernel_bench.h>
#include <core/cancel.h>
#include <core/generators/level_kernels.h>
#include "erosion_bench.h"
#include "noise_bench.h"
#include "world_bench.h"
#include "import_bench.h"
#include "layout_bench.h"
#include "write_bench.h"
#include <core/io/export.h>
#include <core/parallel.h>
#include <core/recipe.h>
#include <core/registry.h>
#include <core/stack/ops.h>

#include <benchmark/benchmark.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace {

using namespace terrain::core;
using terrain::bench::isNoise;
using terrain::bench::registerNoiseCases;

const Registry& registry() {
    static const Registry r = makeBuiltinRegistry();
    return r;
}

double timeColdMs(const BenchCase& which, const GenerateContext& context) {
    Recipe recipe = defaultRecipe(registry(), which.algorithm);
    recipe.detail = which.detail;
    recipe.seed = 2026;
    const auto start = std::chrono::steady_clock::now();
    const Heightmap map = generate(registry(), recipe, context);
    benchmark::DoNotOptimize(map.row(0));
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// `referenceRuns` bounds how many iterations also time the reference (the noise references work
// in double, sample by sample: seconds at 4097²).
void generatorCase(benchmark::State& state, const std::string& algorithm, int detail, int threads, int referenceRuns) {
    const BenchCase which{algorithm, detail, threads};
    Heightmap warm, reference;
    const BenchExecution execution(threads);  // kept across the runs, as the editor keeps it
    const GenerateContext& context = execution.context();
    timeKernelMs(registry(), which, warm, context);  // faults the pages in
    timeReferenceMs(registry(), which, reference);
    const bool identical = warm == reference;
    // The noise kernels match their double references within a float bound (reference_noise.h).
    double maxDifference = 0.0;
    for (int y = 0; y < warm.height() && !identical; ++y)
        for (int x = 0; x < warm.width(); ++x)
            maxDifference = std::max(maxDifference, double(std::fabs(warm.at(x, y) - reference.at(x, y))));
    std::vector<double> kernel, fill, ref, cold;
    for (auto _ : state) {
        fill.push_back(timeFillMs(warm, context));
        const double ms = timeKernelMs(registry(), which, warm, context);
        kernel.push_back(ms);
        state.SetIterationTime(ms / 1e3);
        if (int(ref.size()) < referenceRuns) ref.push_back(timeReferenceMs(registry(), which, reference));
        cold.push_back(timeColdMs(which, context));
    }
    const double samples = double(warm.sampleCount());
    const double k = median(kernel), f = median(fill), r = median(ref);
    state.counters["ms_median"] = k;
    state.counters["ns_per_sample"] = k * 1e6 / samples;
    state.counters["fill_ms"] = f;
    state.counters["fill_floor_ratio"] = f > 0 ? k / f : 0.0;
    state.counters["reference_ms"] = r;
    state.counters["reference_speedup"] = k > 0 ? r / k : 0.0;
    state.counters["cold_ms"] = median(cold);
    state.counters["identical"] = identical ? 1 : 0;
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(samples));
    state.counters["max_difference"] = maxDifference;
    const std::string within = " within " + std::to_string(maxDifference) + " of the reference";
    state.SetLabel(std::string(levelKernels().name) + (identical                 ? ""
                                                       : maxDifference < 1e-3 ? within
                                                                              : " OUTPUT DIFFERS FROM REFERENCE"));
}

void exportCase(benchmark::State& state, ExportFormat format) {
    const int detail = 12;
    Recipe recipe = defaultRecipe(registry(), "diamond-square");
    recipe.detail = detail;
    recipe.seed = 2026;
    GenerateContext context;
    context.threads = 2;
    const Heightmap map = generate(registry(), recipe, context);
    const auto dir = std::filesystem::temp_directory_path() /
                     ("terrain-bench-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto path = dir / (format == ExportFormat::Png16 ? "map.png" : "map.r16");
    ExportOptions options;  // default mapping (normalise) and the default fast zlib level
    options.format = format;
    std::vector<double> times;
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        exportHeightmap(map, path, options);
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        times.push_back(ms);
        state.SetIterationTime(ms / 1e3);
    }
    const auto bytes = std::filesystem::file_size(path);
    const double ms = median(times);
    state.counters["ms_median"] = ms;
    state.counters["ns_per_sample"] = ms * 1e6 / double(map.sampleCount());
    state.counters["file_MB"] = double(bytes) / 1e6;
    state.counters["MB_per_s"] = ms > 0 ? double(bytes) / 1e3 / ms : 0.0;
    std::filesystem::remove_all(dir);
}

// A stack operation on a 4 km world at `detail` (12: 4097², 1 m per sample; 10: 1025², 4 m) on
// `threads` threads, run directly into a warm output (the evaluator's cache and allocation are not
// part of the kernel), interleaved with the fill floor of this case: a parallel copy of the same
// input into the same output on the same threads, which reads and writes what every operation
// must read and write.
void stackOpCase(benchmark::State& state, const std::string& type, const std::map<std::string, double>& params,
                 int threads, int detail) {
    static std::map<int, Heightmap> inputs;
    if (inputs.count(detail) == 0) {
        Recipe recipe = defaultRecipe(registry(), "diamond-square");
        recipe.detail = detail;
        recipe.seed = 2026;
        GenerateContext context;
        context.threads = 2;
        inputs.emplace(detail, generate(registry(), recipe, context));
    }
    const Heightmap& input = inputs.at(detail);
    const double spacing_m = 4096.0 / double(input.width() - 1);
    const OpType* op = registry().findOp(type);
    if (op == nullptr) {
        state.SkipWithError(("no operation " + type).c_str());
        return;
    }
    Heightmap output = input;  // pre-faulted
    const MinMax range = minMax(input);
    HeightScale heights;  // the map's range is the world's 0..600 m
    heights.loMetres = 0.0;
    heights.hiMetres = 600.0;
    heights.scale = 600.0 / (double(range.max) - double(range.min));
    heights.offset = -double(range.min) * heights.scale;
    GenerateContext context;
    context.threads = threads;
    OpCall call{input, output, heights, spacing_m, detail, 2026, context, range, nullptr, nullptr, {}, {}, nullptr, {}, 0.0};
    // Masks into one pre-faulted grid, as the evaluator reuses evicted buffers in the editor.
    auto maskBuffer = std::make_shared<Heightmap>(input);
    call.allocate = [maskBuffer](int, int) { return maskBuffer; };
    const auto timeMsOf = [](const auto& f) {
        const auto start = std::chrono::steady_clock::now();
        f();
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    };
    const int width = input.width();
    std::vector<double> kernel, fill;
    for (auto _ : state) {
        fill.push_back(timeMsOf([&] {
            parallelRows(input.height(), threads, context, [&](int begin, int end) {
                for (int y = begin; y < end; ++y) std::copy(input.row(y), input.row(y) + width, output.row(y));
            });
        }));
        const double ms = timeMsOf([&] { op->run(params, call); });
        kernel.push_back(ms);
        state.SetIterationTime(ms / 1e3);
    }
    benchmark::DoNotOptimize(output.row(0));
    const double k = median(kernel), f = median(fill);
    state.counters["ms_median"] = k;
    state.counters["ns_per_sample"] = k * 1e6 / double(input.sampleCount());
    state.counters["fill_ms"] = f;
    state.counters["fill_floor_ratio"] = f > 0 ? k / f : 0.0;
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(input.sampleCount()));
}

void registerStackOps() {
    struct Case {
        std::string name, type;
        std::map<std::string, double> params;
    };
    // Settings that take each kernel's general path (curves through its table, terrace's smooth
    // profile); the parameters not named keep their defaults.
    const std::vector<Case> cases{
        {"curves", "curves", {{"in_low", 0.1}, {"gamma", 1.5}, {"points", 2}, {"p1_in", 0.3}, {"p1_out", 0.2},
                              {"p2_in", 0.7}, {"p2_out", 0.8}}},
        {"terrace", "terrace", {{"steps", 8}, {"sharpness", 0.8}}},
        {"terrace-edge-noise", "terrace", {{"steps", 8}, {"sharpness", 0.8}, {"edge_noise", 20}, {"edge_scale", 50}}},
        {"island", "island", {{"shape", 1}, {"falloff_start", 100}, {"falloff_end", 1500}}},
        {"clamp", "clamp", {{"low", 100}, {"high", 500}}},
        {"smooth-r10m", "smooth", {{"radius", 10}}},
        {"smooth-r200m", "smooth", {{"radius", 200}}},
        {"mask-slope", "mask", {{"source", 0}}},
        {"mask-height", "mask", {{"source", 1}}},
        {"mask-curvature", "mask", {{"source", 2}}},
    };
    for (const auto& c : cases)
        for (int detail : {10, 12}) {
            if (detail == 10 && c.type != "mask") continue;  // the 1025² target is the masks'
            const int side = (1 << detail) + 1;
            const std::string name =
                "stack/" + c.name + "/" + std::to_string(side) + "x" + std::to_string(side) + "/threads:2";
            benchmark::RegisterBenchmark(name.c_str(), stackOpCase, c.type, c.params, 2, detail)
                ->UseManualTime()
                ->Iterations(detail == 10 ? 49 : 9)
                ->Unit(benchmark::kMillisecond);
        }
}

// Iterations are fixed so that every case runs the same interleaved rounds; the reference alone
// takes seconds at 8193².
int iterationsFor(int detail) { return detail <= 10 ? 15 : detail <= 12 ? 7 : 5; }

void registerAll() {
    for (const auto& a : registry().algorithms()) {
        // The 1-D line has no rows to split and reaches 2^20+1 samples (as many as 1025²) at
        // its largest detail.
        const bool line = a.id == "midpoint-line";
        const bool noise = isNoise(a.id);  // 4097² at most: their per-sample references are slow
        const std::vector<int> details = line    ? std::vector<int>{a.maxDetail}
                                         : noise ? std::vector<int>{10, 12}
                                                 : std::vector<int>{10, 12, 13};
        const std::vector<int> threads = line ? std::vector<int>{1} : std::vector<int>{1, 2};
        for (int detail : details) {
            for (int t : threads) {
                const auto size = a.sizeForDetail(detail);
                const std::string name = "generate/" + a.id + "/" + std::to_string(size.width) + "x" +
                                         std::to_string(size.height) + "/threads:" + std::to_string(t);
                benchmark::RegisterBenchmark(name.c_str(), generatorCase, a.id, detail, t,
                                             noise && detail > 10 ? 2 : 1000)
                    ->UseManualTime()
                    ->Iterations(iterationsFor(detail))
                    ->Unit(benchmark::kMillisecond);
            }
        }
    }
    // What thread scaling the machine can show at all (see hashThroughputScaling).
    benchmark::RegisterBenchmark("machine/hash_scaling/threads:2", [](benchmark::State& state) {
        double scaling = 0;
        for (auto _ : state) scaling = hashThroughputScaling(2, 5);
        state.counters["hash_scaling"] = scaling;
    })->Iterations(1)->Unit(benchmark::kMillisecond);
    registerNoiseCases();
    terrain::bench::registerErosionCases();
    terrain::bench::registerWorldCases();
    terrain::bench::registerLayoutCases();
    terrain::bench::registerWriteCases();
    terrain::bench::registerImportCases();
    registerStackOps();
    benchmark::RegisterBenchmark("export/png16/4097x4097", exportCase, ExportFormat::Png16)
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond)
        ->Iterations(5);
    benchmark::RegisterBenchmark("export/raw16/4097x4097", exportCase, ExportFormat::Raw16)
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond)
        ->Iterations(5);
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    registerAll();
    benchmark::AddCustomContext("level_kernels", levelKernels().name);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
