#include "kernel_bench.h"

#include "../cancel.h"
#include "../parallel.h"
#include "../recipe.h"
#include "../generators/level_kernels.h"
#include "reference_generators.h"
#include "reference_noise.h"
#include "reference_worley.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

namespace terrain::core {
namespace {

using Clock = std::chrono::steady_clock;

template <typename F>
double timeMs(F&& f) {
    const auto start = Clock::now();
    f();
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

Recipe recipeFor(const Registry& registry, const BenchCase& which) {
    Recipe recipe = defaultRecipe(registry, which.algorithm);
    recipe.detail = which.detail;
    recipe.seed = 2026;
    validateRecipe(registry, recipe);
    return recipe;
}

void runReference(const Recipe& recipe, Heightmap& out) {
    if (recipe.algorithm == "diamond-square") {
        test::referenceDiamondSquareInto(diamondSquareParams(recipe), out);
    } else if (recipe.algorithm == "midpoint-displacement") {
        test::referenceMidpointDisplacementInto(midpointDisplacementParams(recipe), out);
    } else if (recipe.algorithm == "fbm") {  // 1 m per sample, as generateInto's 3-argument form
        test::referenceFbmInto(fbmParams(recipe), 1.0, out);
    } else if (recipe.algorithm == "warped-fbm") {
        test::referenceWarpedFbmInto(warpedFbmParams(recipe), 1.0, out);
    } else if (recipe.algorithm == "worley") {
        test::referenceWorleyInto(worleyParams(recipe), 1.0, out);
    } else {
        test::referenceMidpointLineInto(midpointLineParams(recipe), out);
    }
}

}  // namespace

double median(std::vector<double> values) {
    if (values.empty()) return 0.0;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

BenchExecution::BenchExecution(int threads) : m_executor(std::max(threads, 1) - 1) {
    m_context.threads = std::max(threads, 1);
    m_context.executor = &m_executor;
    m_context.workspace = &m_workspace;
}

double timeKernelMs(const Registry& registry, const BenchCase& which, Heightmap& warm, const GenerateContext& context) {
    const Recipe recipe = recipeFor(registry, which);
    return timeMs([&] { generateInto(registry, recipe, context, warm); });
}

double timeFillMs(Heightmap& warm, const GenerateContext& context) {
    return timeMs([&] {
        parallelRows(warm.height(), context.threads, context, [&](int begin, int end) {
            std::fill(warm.row(begin), warm.row(begin) + std::size_t(end - begin) * std::size_t(warm.width()), 1.0f);
        });
    });
}

double timeReferenceMs(const Registry& registry, const BenchCase& which, Heightmap& warm) {
    const Recipe recipe = recipeFor(registry, which);
    return timeMs([&] { runReference(recipe, warm); });
}

double hashThroughputScaling(int threads, int repetitions) {
    threads = std::max(1, threads);
    const LevelKernels& k = levelKernels();
    const auto work = [&k] {
        std::vector<float> in(4096 + 16, 0.5f), out(4096);
        for (std::uint64_t row = 0; row < 4096; ++row)  // 16.8 M hashes, ~10 ms
            k.dsSum4(in.data(), in.data() + 1, in.data() + 2, in.data() + 3, 4096, row << 32, 1, 2, 0.5f, out.data());
    };
    const auto run = [&](int count) {
        return timeMs([&] {
            std::vector<std::thread> pool;
            for (int i = 0; i < count; ++i) pool.emplace_back(work);
            for (auto& t : pool) t.join();
        });
    };
    std::vector<double> one, many;
    for (int i = 0; i < std::max(1, repetitions); ++i) {
        one.push_back(run(1));
        many.push_back(run(threads));
    }
    const double m = median(many);
    return m > 0 ? double(threads) * median(one) / m : 0.0;
}

BenchResult runKernelBench(const Registry& registry, const BenchCase& which, int repetitions) {
    const Recipe recipe = recipeFor(registry, which);
    BenchResult r;
    r.which = which;
    Heightmap fast, reference;
    const BenchExecution execution(which.threads);
    const GenerateContext& context = execution.context();
    // Warm-up: fault the pages in and check the outputs agree.
    generateInto(registry, recipe, context, fast);
    runReference(recipe, reference);
    r.identical = fast == reference;
    if (!r.identical && fast.width() == reference.width() && fast.height() == reference.height()) {
        for (int y = 0; y < fast.height(); ++y)
            for (int x = 0; x < fast.width(); ++x)
                r.maxDifference = std::max(r.maxDifference, double(std::fabs(fast.at(x, y) - reference.at(x, y))));
    }
    r.samples = fast.sampleCount();

    std::vector<double> kernel, cold, fill, ref;
    for (int i = 0; i < std::max(1, repetitions); ++i) {
        fill.push_back(timeFillMs(fast, context));
        kernel.push_back(timeKernelMs(registry, which, fast, context));
        ref.push_back(timeReferenceMs(registry, which, reference));
        cold.push_back(timeMs([&] { (void)generate(registry, recipe, context); }));
    }
    r.msMedian = median(kernel);
    r.coldMsMedian = median(cold);
    r.fillMsMedian = median(fill);
    r.referenceMsMedian = median(ref);
    r.nsPerSample = r.msMedian * 1e6 / double(r.samples);
    r.fillFloorRatio = r.fillMsMedian > 0 ? r.msMedian / r.fillMsMedian : 0.0;
    r.referenceSpeedup = r.msMedian > 0 ? r.referenceMsMedian / r.msMedian : 0.0;
    return r;
}

}  // namespace terrain::core
