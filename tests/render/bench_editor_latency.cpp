// editor-latency-bench: how long a parameter change takes to reach the screen, stage by stage,
// on the path the editor takes (the editor's latency target: <= 16 ms median at 1025², <= 150 ms at 4097²).
//
//   generate   the recipe with a changed roughness, on every core, into a fresh or a reused grid
//   preview    min/max and the 2-D preview image (render::renderPreviewImage, grey)
//   upload     TerrainView::setHeightmap: height texture preparation + glTexImage2D
//
// The fill floor (writing the same grid once) is measured in the same run as the baseline.
//
// FirstExactImage: a change at detail 13 or 14 through the editor's own
// GenerationController, timed from submit() until its first result, the exact lower detail of
// the same recipe (every 2^k-th sample of the final map), is in the 2-D preview and the 3-D view
// (PreviewWidget::setContent + TerrainView::setHeightmap, as MainWindow::onResult does); target
// <= 50 ms median. Baselines of the same run: the full map to both views (before the lattice rule
// the first exact image), and the fill floor of the first image's grid.
//
// Needs a display for the GL upload: xvfb-run -a -s "-screen 0 1920x1080x24" build/bin/editor-latency-bench
#include "app/generation/generation_controller.h"
#include "app/world/world_window.h"
#include "core/bench/kernel_bench.h"
#include "core/cancel.h"
#include "core/io/height_mapping.h"
#include "core/recipe.h"
#include "core/stack/evaluator.h"
#include "core/stack/recipe_presets.h"
#include "core/io/world_units.h"
#include "core/registry.h"
#include "render/colormap.h"
#include "render/preview_widget.h"
#include "render/surface_format.h"
#include "render/terrain_view.h"

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTest>
#include <QTimer>

#include <memory>
#include <thread>
#include <vector>

namespace {

using namespace terrain;

render::TerrainView* g_view = nullptr;
render::PreviewWidget* g_preview = nullptr;

double msSince(const QElapsedTimer& t) { return double(t.nsecsElapsed()) / 1e6; }

// One parameter change: the roughness alternates so every iteration really regenerates.
void parameterChange(benchmark::State& state, bool reuseGrid) {
    const auto registry = core::makeBuiltinRegistry();
    auto recipe = core::defaultRecipe(registry, "diamond-square");
    recipe.detail = int(state.range(0));
    // Threads and scratch kept across the changes, as the editor's generation worker keeps them.
    const core::BenchExecution execution(int(std::max(1u, std::thread::hardware_concurrency())));
    const core::GenerateContext& context = execution.context();
    auto grid = std::make_shared<core::Heightmap>();
    core::generateInto(registry, recipe, context, *grid);  // warm
    std::vector<double> total, generate, preview, upload, fill;
    int i = 0;
    for (auto _ : state) {
        recipe.params["roughness"] = (i++ % 2) ? 0.6 : 0.61;
        fill.push_back(core::timeFillMs(*grid, context));
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

BENCHMARK(BM_ParameterChange_ReusedGrid)->Arg(10)->Arg(11)->Arg(12)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(15);
BENCHMARK(BM_ParameterChange_FreshGrid)->Arg(10)->Arg(12)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(15);

// Dragging one control point of a road with the layout entry last (the editor's drag: the stages
// below are cached, the layout entry runs again): the island preset at 1025² with
// docs/examples/layout_island.geojson's road, river, pad and crater; the road's second point
// moves by half a metre each time. Evaluated through a kept StackEvaluator as the editor's worker does.
void BM_LayoutPointDrag(benchmark::State& state) {
    const auto registry = core::makeBuiltinRegistry();
    core::Recipe recipe = core::loadRecipePreset(registry, "island");
    recipe.detail = int(state.range(0));
    core::OpInstance entry = core::newOperation(registry, recipe, "layout");
    const char* geojson = R"({"type": "FeatureCollection", "features": [
 {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[700, -3300], [1500, -2500], [2300, -2300], [3300, -1100]]},
  "properties": {"kind": "road", "id": "road", "width_m": 14, "max_grade_pct": 8, "falloff_m": 30}},
 {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[2000, -1900], [2600, -2700], [3300, -3300], [4000, -4000]]},
  "properties": {"kind": "river", "id": "river", "width_m": [16, 24, 40, 60], "depth_m": 4, "bank_slope_deg": 25, "falloff_m": 6}},
 {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[1100, -1500], [1600, -1500], [1600, -1900], [1100, -1900], [1100, -1500]]]},
  "properties": {"kind": "area", "id": "town", "target": "average", "falloff_m": 60}},
 {"type": "Feature", "geometry": {"type": "Point", "coordinates": [2200, -1000]},
  "properties": {"kind": "stamp", "id": "crater", "shape": "crater", "size_m": 600, "height_m": 70}}]})";
    const core::OpType& type = *registry.findOp("layout");
    recipe.operations.push_back(entry);
    const core::WorldUnits units = core::worldUnits(recipe);
    const core::BenchExecution execution(int(std::max(1u, std::thread::hardware_concurrency())));
    core::StackEvaluator evaluator(registry);
    std::vector<double> total, generate, fill;
    int i = 0;
    for (auto _ : state) {
        std::string moved = geojson;
        // A new place every time (the stage cache would hand back a place seen before).
        std::string point = "[";
        point += std::to_string(1500 + 0.5 * i++);
        point += ", -2500]";
        moved.replace(moved.find("[1500, -2500]"), 13, point);
        recipe.operations.back().data = type.normalizeData(moved);
        QElapsedTimer t;
        t.start();
        const core::StackResult result = evaluator.evaluate(recipe, units, execution.context());
        const double g = msSince(t);
        const auto mapping = core::resolveMapping(result.world, *result.map);
        const QImage image = render::renderPreviewImage(*result.map, mapping, render::PreviewStyle{});
        benchmark::DoNotOptimize(image.constBits());
        g_view->setHeightmap(result.map);
        const double u = msSince(t);
        state.SetIterationTime(u / 1e3);
        total.push_back(u);
        generate.push_back(g);
        fill.push_back(core::timeFillMs(*std::const_pointer_cast<core::Heightmap>(result.map), execution.context()));
    }
    state.counters["median_ms"] = core::median(total);
    state.counters["generate_ms"] = core::median(generate);
    state.counters["fill_floor_ms"] = core::median(fill);
    state.counters["fill_floor_ratio"] = core::median(total) / core::median(fill);
}
BENCHMARK(BM_LayoutPointDrag)->Arg(10)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(21);

// Runs the event loop until `done` holds after one of the controller's signals, or 120 s. A
// QEventLoop sleeps until the queued result arrives and wakes at once (QTest::qWait would add
// its 10 ms polling sleeps to the time measured, and a busy poll would take a core from the
// worker).
template <class Done>
void runUntil(app::GenerationController& controller, const Done& done) {
    if (done()) return;
    QEventLoop loop;
    const auto check = [&] {
        if (done()) loop.quit();
    };
    const auto a = QObject::connect(&controller, &app::GenerationController::resultReady, &loop, check,
                                    Qt::QueuedConnection);
    const auto b = QObject::connect(&controller, &app::GenerationController::busyChanged, &loop, check,
                                    Qt::QueuedConnection);
    QTimer::singleShot(120000, &loop, &QEventLoop::quit);
    loop.exec();
    QObject::disconnect(a);
    QObject::disconnect(b);
}

void BM_FirstExactImage(benchmark::State& state) {
    const auto registry = core::makeBuiltinRegistry();
    auto recipe = core::defaultRecipe(registry, "diamond-square");
    recipe.detail = int(state.range(0));
    app::GenerationController controller(registry);
    const int threads = int(std::max(1u, std::thread::hardware_concurrency()));
    controller.setThreads(threads);
    QElapsedTimer t;
    double firstMs = -1, fullMs = -1, arriveMs = -1, workerMs = -1, paintedMs = -1;
    bool firstExact = true;
    std::shared_ptr<const core::Heightmap> firstMap;
    QObject::connect(&controller, &app::GenerationController::resultReady, [&](const app::GenerationResult& r) {
        const double arrived = msSince(t);
        g_preview->setContent(r.map, r.image);
        g_view->setHeightmap(r.map, r.range);
        if (r.coarse && firstMs < 0) {
            firstMs = msSince(t);
            arriveMs = arrived;
            workerMs = r.generateMs;
            g_preview->repaint();  // both views drawn (the editor draws them on the next frame)
            g_view->repaint();
            paintedMs = msSince(t);
            firstMap = r.map;
        } else if (!r.coarse) {
            fullMs = msSince(t);
            if (firstMs < 0) firstMs = fullMs;  // no coarse image: the full map was the first
        }
    });
    const auto submitAndWait = [&] {
        firstMs = fullMs = -1;
        t.start();
        controller.submit(recipe, render::PreviewStyle{});
        runUntil(controller, [&] { return firstMs >= 0; });
        const double first = msSince(t);
        runUntil(controller, [&] { return fullMs >= 0 && !controller.busy(); });
        // The full map is drawn before the next change, as in an editor the user looks at.
        g_preview->repaint();
        g_view->repaint();
        QTest::qWait(50);
        return first;
    };
    submitAndWait();  // warm: pooled grids, per-thread buffers, GL textures of both sizes
    core::Heightmap coarseGrid(firstMap->width(), firstMap->height());
    const core::BenchExecution fillThreads(threads);
    std::vector<double> first, full, fill, arrive, generate, painted;
    int i = 0;
    for (auto _ : state) {
        recipe.params["roughness"] = (i++ % 2) ? 0.6 : 0.61;
        fill.push_back(core::timeFillMs(coarseGrid, fillThreads.context()));
        submitAndWait();
        first.push_back(firstMs);
        full.push_back(fullMs);
        arrive.push_back(arriveMs);
        painted.push_back(paintedMs);
        generate.push_back(workerMs);
        state.SetIterationTime(firstMs / 1e3);
        // Exact: the first image is every 2^k-th sample of the full map (checked once a run; the
        // unit tests check it bit for bit for every algorithm).
        if (i == 1) {
            const auto& fine = *g_view->heightmap();
            const int step = (fine.width() - 1) / (firstMap->width() - 1);
            for (int y = 0; y < firstMap->height() && firstExact; y += 7)
                for (int x = 0; x < firstMap->width() && firstExact; x += 7)
                    firstExact = firstMap->at(x, y) == fine.at(x * step, y * step);
        }
    }
    const double median = core::median(first);
    state.counters["first_image_ms"] = median;
    state.counters["first_image_side"] = firstMap->width();
    // Where the first image's time goes: generation on the worker, the worker's min/max and
    // preview image plus the queued hand-over (result_at_gui_ms - generate_ms), then both views.
    state.counters["generate_ms"] = core::median(generate);
    state.counters["result_at_gui_ms"] = core::median(arrive);
    state.counters["first_painted_ms"] = core::median(painted);
    state.counters["full_map_ms"] = core::median(full);
    state.counters["full_over_first"] = core::median(full) / median;
    state.counters["fill_floor_ms"] = core::median(fill);
    state.counters["fill_floor_ratio"] = median / core::median(fill);
    state.counters["exact"] = firstExact ? 1 : 0;
    state.SetLabel(firstExact ? "first image = subsample of the full map" : "FIRST IMAGE IS NOT THE FULL MAP'S SUBSAMPLE");
}

BENCHMARK(BM_FirstExactImage)->Arg(13)->Arg(14)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(9);

// StackLastOperation: a slider change on the last of a 5-operation stack at 1025²
// (diamond-square + island + terrace + smooth + curves + clamp, the clamp's high alternating),
// through the editor's GenerationController on a shared StackEvaluator, from submit() until the
// map is in the 2-D preview and the 3-D view; target <= 16 ms median. `stages_run` counts the
// stages the last change computed (1: only the clamp). Baselines of the same run: the same
// change on the base generator (every stage recomputed, `whole_stack_ms`) and the fill floor.
void BM_StackLastOperation(benchmark::State& state) {
    const auto registry = core::makeBuiltinRegistry();
    core::StackEvaluator evaluator(registry);
    app::GenerationController controller(evaluator);
    const int threads = int(std::max(1u, std::thread::hardware_concurrency()));
    controller.setThreads(threads);
    app::GenerationRequest request;
    request.recipe = core::defaultRecipe(registry, "diamond-square");
    request.recipe.detail = 10;
    core::Recipe& recipe = request.recipe;
    const auto add = [&](const char* type, std::initializer_list<std::pair<const char*, const char*>> values) {
        core::OpInstance op = core::newOperation(registry, recipe, type);
        for (const auto& [key, value] : values) core::setOperationParamFromText(registry, op, key, value, key);
        recipe.operations.push_back(op);
    };
    add("island", {{"falloff_start", "0"}, {"falloff_end", "300"}});
    add("terrace", {{"steps", "8"}});
    add("smooth", {{"radius", "4"}});
    add("curves", {{"gamma", "1.3"}});
    add("clamp", {{"low", "0"}, {"high", "90"}});
    request.world.metresPerPixel = 1.0;
    request.world.loMetres = 0.0;
    request.world.hiMetres = 100.0;
    QElapsedTimer t;
    double shownMs = -1;
    std::size_t stagesRun = 0;
    QObject::connect(&controller, &app::GenerationController::resultReady, [&](const app::GenerationResult& r) {
        g_preview->setContent(r.map, r.image);
        g_view->setHeightmap(r.map, r.range);
        if (!r.coarse) {
            shownMs = msSince(t);
            stagesRun = r.computed.size();
        }
    });
    const auto submitAndWait = [&] {
        shownMs = -1;
        t.start();
        controller.submit(request);
        runUntil(controller, [&] { return shownMs >= 0 && !controller.busy(); });
        return shownMs;
    };
    submitAndWait();  // warm: every stage cached, grids and textures allocated
    core::Heightmap grid(1025, 1025);
    const core::BenchExecution fillThreads(threads);
    std::vector<double> last, whole, fill, stages;
    int i = 0;
    for (auto _ : state) {
        // Values never seen before in this run, so no stage comes from the cache but those below.
        ++i;
        fill.push_back(core::timeFillMs(grid, fillThreads.context()));
        recipe.operations.back().params["high"] = 90.0 - 0.01 * i;
        last.push_back(submitAndWait());
        stages.push_back(double(stagesRun));
        state.SetIterationTime(last.back() / 1e3);
        recipe.params["roughness"] = 0.6 - 0.001 * i;  // the base: every stage again
        whole.push_back(submitAndWait());
    }
    const double median = core::median(last);
    state.counters["median_ms"] = median;
    state.counters["stages_run"] = core::median(stages);
    state.counters["whole_stack_ms"] = core::median(whole);
    state.counters["whole_over_last"] = core::median(whole) / median;
    state.counters["fill_floor_ms"] = core::median(fill);
    state.counters["fill_floor_ratio"] = median / core::median(fill);
}

BENCHMARK(BM_StackLastOperation)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(15);

// WorldView: the world view (app/world_window.h) on diamond-square at detail 20
// (1048577²), a 1000 x 700 canvas at one sample a pixel, jumping each iteration to a place 40 km
// away whose tiles are not cached. first_frame: setView + a synchronous repaint (the view drawn
// from the cached coarse tiles; target <= 16 ms); complete: from setView until every visible
// full-resolution tile is on screen (target <= 100 ms); open_first_frame: from a new world until
// its first tile is drawn. Baseline of the same run: the single-map generator making as many
// samples as the view shows (a 1025² map).
void BM_WorldView(benchmark::State& state) {
    const core::Registry registry = core::makeBuiltinRegistry();
    app::WorldWindow window(registry);
    window.resize(1000, 760);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) {
        state.SkipWithError("no window");
        return;
    }
    app::WorldCanvas* canvas = window.canvas();
    canvas->setFixedSize(1000, 700);
    core::Recipe recipe = core::defaultRecipe(registry, "diamond-square");
    core::WorldUnits units;
    units.metresPerPixel = 100000.0 / 512.0;
    QElapsedTimer open;
    open.start();
    window.showRecipe(recipe, units, 20);
    if (!QTest::qWaitFor([&] { return canvas->cachedBytes() > 0; }, 10000)) state.SkipWithError("no tile shown");
    canvas->repaint();
    const double openMs = double(open.nsecsElapsed()) / 1e6;
    if (!QTest::qWaitFor([&] { return canvas->missingTiles() == 0; }, 10000)) state.SkipWithError("tiles missing");

    core::Recipe same = recipe;
    same.detail = 10;
    const core::BenchExecution execution(int(std::max(1u, std::thread::hardware_concurrency())));
    core::Heightmap baselineMap;
    std::vector<double> first, complete, baseline;
    int i = 0;
    for (auto _ : state) {
        ++i;
        QElapsedTimer timer;
        timer.start();
        canvas->setView(QPointF(40000.0 * i + 3000.0, 1000000.0 - 40000.0 * i), 1.0);
        canvas->repaint();
        first.push_back(double(timer.nsecsElapsed()) / 1e6);
        if (!QTest::qWaitFor([&] { return canvas->missingTiles() == 0; }, 10000)) state.SkipWithError("tiles missing");
        canvas->repaint();
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        complete.push_back(ms);
        state.SetIterationTime(ms / 1e3);
        QElapsedTimer base;
        base.start();
        core::generateInto(registry, same, execution.context(), baselineMap);
        baseline.push_back(double(base.nsecsElapsed()) / 1e6);
    }
    state.counters["open_first_frame_ms"] = openMs;
    state.counters["first_frame_ms"] = core::median(first);
    state.counters["complete_ms"] = core::median(complete);
    state.counters["baseline_1025_ms"] = core::median(baseline);
    state.counters["complete_over_baseline"] = core::median(complete) / core::median(baseline);
    state.counters["cache_mb"] = double(canvas->cachedBytes()) / double(1 << 20);
}

BENCHMARK(BM_WorldView)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(15);

}  // namespace

int main(int argc, char** argv) {
    render::setDefaultSurfaceFormat();
    QApplication app(argc, argv);
    render::TerrainView view;
    view.resize(960, 600);
    view.show();
    render::PreviewWidget preview;
    preview.resize(600, 600);
    preview.show();
    if (!QTest::qWaitForWindowExposed(&view)) return 1;
    QTest::qWait(200);  // initializeGL
    g_view = &view;
    g_preview = &preview;
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
