// editor-latency-bench: how long a parameter change takes to reach the screen, stage by stage,
// on the path the editor takes (issue 3's target: <= 16 ms median at 1025², <= 150 ms at 4097²).
//
//   generate   the recipe with a changed roughness, on every core, into a fresh or a reused grid
//   preview    min/max and the 2-D preview image (render::renderPreviewImage, grey)
//   upload     TerrainView::setHeightmap: height texture preparation + glTexImage2D
//
// The fill floor (writing the same grid once) is measured in the same run as the baseline.
// Needs a display for the GL upload: xvfb-run -a -s "-screen 0 1920x1080x24" build/bin/editor-latency-bench
#include "core/bench/kernel_bench.h"
#include "core/cancel.h"
#include "core/io/height_mapping.h"
#include "core/recipe.h"
#include "core/registry.h"
#include "render/colormap.h"
#include "render/surface_format.h"
#include "render/terrain_view.h"

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QTest>

#include <memory>
#include <thread>
#include <vector>

namespace {

using namespace terrain;

render::TerrainView* g_view = nullptr;

double msSince(const QElapsedTimer& t) { return double(t.nsecsElapsed()) / 1e6; }

// One parameter change: the roughness alternates so every iteration really regenerates.
void parameterChange(benchmark::State& state, bool reuseGrid) {
    const auto registry = core::makeBuiltinRegistry();
    auto recipe = core::defaultRecipe(registry, "diamond-square");
    recipe.detail = int(state.range(0));
    core::GenerateContext context;
    context.threads = int(std::max(1u, std::thread::hardware_concurrency()));
    auto grid = std::make_shared<core::Heightmap>();
    core::generateInto(registry, recipe, context, *grid);  // warm
    std::vector<double> total, generate, preview, upload, fill;
    int i = 0;
    for (auto _ : state) {
        recipe.params["roughness"] = (i++ % 2) ? 0.6 : 0.61;
        fill.push_back(core::timeFillMs(*grid, context.threads));
        QElapsedTimer t;
        t.start();
        if (!reuseGrid) grid = std::make_shared<core::Heightmap>();
        core::generateInto(registry, recipe, context, *grid);
        const double g = msSince(t);
        const auto mapping = core::resolveMapping(core::HeightMapping{}, *grid);
        const QImage image = render::renderPreviewImage(*grid, mapping, render::PreviewStyle{});
        benchmark::DoNotOptimize(image.constBits());
        const double p = msSince(t);
        g_view->setHeightmap(grid);
        const double u = msSince(t);
        state.SetIterationTime(u / 1e3);
        total.push_back(u);
        generate.push_back(g);
        preview.push_back(p - g);
        upload.push_back(u - p);
    }
    const double median = core::median(total);
    state.counters["median_ms"] = median;
    state.counters["generate_ms"] = core::median(generate);
    state.counters["preview_ms"] = core::median(preview);
    state.counters["upload_ms"] = core::median(upload);
    state.counters["fill_floor_ms"] = core::median(fill);
    state.counters["fill_floor_ratio"] = median / core::median(fill);
}

void BM_ParameterChange_ReusedGrid(benchmark::State& state) { parameterChange(state, true); }
void BM_ParameterChange_FreshGrid(benchmark::State& state) { parameterChange(state, false); }

BENCHMARK(BM_ParameterChange_ReusedGrid)->Arg(10)->Arg(12)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(15);
BENCHMARK(BM_ParameterChange_FreshGrid)->Arg(10)->Arg(12)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(15);

}  // namespace

int main(int argc, char** argv) {
    render::setDefaultSurfaceFormat();
    QApplication app(argc, argv);
    render::TerrainView view;
    view.resize(960, 600);
    view.show();
    if (!QTest::qWaitForWindowExposed(&view)) return 1;
    QTest::qWait(200);  // initializeGL
    g_view = &view;
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
