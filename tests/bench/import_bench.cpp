#include "import_bench.h"

#include "bench_support.h"

#include <core/bench/kernel_bench.h>
#include <core/cancel.h>
#include <core/io/export.h>
#include <core/io/import.h>
#include <core/io/raster_source.h>
#include <core/parallel.h>

#include <benchmark/benchmark.h>
#include <gdal.h>
#include <gdal_utils.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

namespace terrain::bench {
namespace {

using namespace terrain::core;
namespace fs = std::filesystem;

constexpr int kSide = 4097;

// A float GeoTIFF of `side`² metres in a scratch folder, written once per process.
std::string demFile(int side) {
    static const fs::path dir = fs::temp_directory_path() / ("terrain-bench-import-" + std::to_string(::getpid()));
    const fs::path path = dir / ("dem" + std::to_string(side) + ".tif");
    if (!fs::exists(path)) {
        fs::create_directories(dir);
        Heightmap map(side, side);
        for (int y = 0; y < side; ++y)
            for (int x = 0; x < side; ++x) map.at(x, y) = float(500.0 + 300.0 * std::sin(x * 0.003) * std::cos(y * 0.004));
        ExportOptions options;
        options.format = ExportFormat::Tiff32;
        options.mapping.mode = HeightMapping::Mode::Normalize;
        options.world.metresPerPixel = 1.0;
        options.world.loMetres = 200.0;
        options.world.hiMetres = 800.0;
        exportHeightmap(map, path, options);
    }
    return path.string();
}

// The import at its own size (every sample lands on a file sample) vs GDAL copying the same file.
void ownSizeCase(benchmark::State& state) {
    const std::string file = demFile(kSide);
    const std::string copy = file + ".copy.tif";
    ImportSettings settings;
    settings.file = file;
    settings.height = ImportSettings::Height::Metres;
    GenerateContext context;
    context.threads = 2;
    GDALAllRegister();
    Heightmap out;
    std::vector<double> run, gdal;
    for (auto _ : state) {
        gdal.push_back(timeMs([&] {
            GDALDatasetH in = GDALOpen(file.c_str(), GA_ReadOnly);
            GDALTranslateOptions* options = GDALTranslateOptionsNew(nullptr, nullptr);
            GDALDatasetH copied = GDALTranslate(copy.c_str(), in, options, nullptr);
            GDALTranslateOptionsFree(options);
            GDALClose(copied);
            GDALClose(in);
        }));
        const double ms = timeMs([&] { sampleImport(settings, kSide, 1.0, 0, 0, kSide, kSide, context, out, "import"); });
        run.push_back(ms);
        state.SetIterationTime(ms / 1e3);
    }
    benchmark::DoNotOptimize(out.row(0));
    fs::remove(copy);
    state.counters["ms_median"] = median(run);
    state.counters["gdal_translate_ms"] = median(gdal);
    state.counters["gdal_translate_ratio"] = median(gdal) > 0 ? median(run) / median(gdal) : 0.0;
}

// A 3001² file resampled to 4097² over the same extent vs the fill floor.
void resampleCase(benchmark::State& state, ImportSettings::Resample resample) {
    ImportSettings settings;
    settings.file = demFile(3001);
    settings.height = ImportSettings::Height::Metres;
    settings.resample = resample;
    settings.spacing = std::array<double, 2>{4096.0 / 3000.0, 4096.0 / 3000.0};
    GenerateContext context;
    context.threads = 2;
    Heightmap out, grid(kSide, kSide), copy(kSide, kSide), read(3001, 3001);
    std::vector<double> run, fill, reading;
    for (auto _ : state) {
        // The file's samples alone, as the import reads them: what resampling adds is the rest.
        reading.push_back(timeMs([&] { RasterSource::open(settings.file, std::nullopt, "import")->read(0, 0, 3001, 3001, read.row(0)); }));
        fill.push_back(timeMs([&] {
            parallelRows(kSide, 2, context, [&](int begin, int end) {
                for (int y = begin; y < end; ++y) std::copy(grid.row(y), grid.row(y) + kSide, copy.row(y));
            });
        }));
        const double ms = timeMs([&] { sampleImport(settings, kSide, 1.0, 0, 0, kSide, kSide, context, out, "import"); });
        run.push_back(ms);
        state.SetIterationTime(ms / 1e3);
    }
    benchmark::DoNotOptimize(out.row(0));
    benchmark::DoNotOptimize(copy.row(0));
    state.counters["ms_median"] = median(run);
    state.counters["fill_ms"] = median(fill);
    state.counters["fill_floor_ratio"] = median(fill) > 0 ? median(run) / median(fill) : 0.0;
    state.counters["read_ms"] = median(reading);
    state.counters["resample_floor_ratio"] = median(fill) > 0 ? (median(run) - median(reading)) / median(fill) : 0.0;
}

}  // namespace

void registerImportCases() {
    benchmark::RegisterBenchmark("import/own-size-geotiff/4097x4097/threads:2", ownSizeCase)
        ->UseManualTime()
        ->Iterations(9)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("import/bilinear/3001-to-4097/threads:2", resampleCase, ImportSettings::Resample::Bilinear)
        ->UseManualTime()
        ->Iterations(9)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("import/bicubic/3001-to-4097/threads:2", resampleCase, ImportSettings::Resample::Bicubic)
        ->UseManualTime()
        ->Iterations(9)
        ->Unit(benchmark::kMillisecond);
}

}  // namespace terrain::bench
