#include "write_bench.h"

#include "bench_support.h"

#include <core/bench/kernel_bench.h>
#include <core/heightmap.h>
#include <core/io/game_export.h>
#include <core/io/height_mapping.h>

#include <benchmark/benchmark.h>

#include <fcntl.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace terrain::bench {
namespace {

using namespace terrain::core;
namespace fs = std::filesystem;

void raw32Case(benchmark::State& state) {
    constexpr int side = 4097;
    const fs::path dir = fs::temp_directory_path() / ("terrain-bench-write-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    Heightmap map(side, side);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) map.at(x, y) = float(0.5 + 0.4 * std::sin(x * 0.0031) * std::cos(y * 0.0047));
    GameExportRequest request;
    request.output = dir / "map.r32";
    request.format = ExportFormat::Raw32;
    request.mapping = HeightMapping::parse("world");
    request.mapping.lo = 0.1f;
    request.mapping.hi = 0.9f;
    request.world.metresPerPixel = 1.0;
    request.world.loMetres = 0.0;
    request.world.hiMetres = 1500.0;
    request.recipe = {{"format", "terrain-recipe"}};
    request.recipeSha256 = std::string(64, '0');
    // The floor's bytes: what the export writes (read back once, outside the timing).
    runGameExport(map, request);
    std::vector<char> bytes(std::size_t(side) * std::size_t(side) * 4);
    {
        const int fd = ::open(request.output.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0 || ::read(fd, bytes.data(), bytes.size()) != ssize_t(bytes.size())) throw std::runtime_error("read back");
        ::close(fd);
    }
    const fs::path floorPath = dir / "floor.r32";
    std::vector<double> ours, floor;
    for (auto _ : state) {
        floor.push_back(timeMs([&] {
            const int fd = ::open(floorPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
            std::size_t done = 0;
            while (done < bytes.size()) {
                const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
                if (n <= 0) throw std::runtime_error("write");
                done += std::size_t(n);
            }
            ::fsync(fd);
            ::close(fd);
        }));
        const double ms = timeMs([&] { runGameExport(map, request); });
        ours.push_back(ms);
        state.SetIterationTime(ms / 1e3);
    }
    fs::remove_all(dir);
    state.counters["ms_median"] = median(ours);
    state.counters["floor_ms"] = median(floor);
    state.counters["floor_ratio"] = median(floor) > 0 ? median(ours) / median(floor) : 0.0;
}

}  // namespace

void registerWriteCases() {
    benchmark::RegisterBenchmark("write/raw32-with-sidecar/4097x4097", raw32Case)
        ->UseManualTime()
        ->Iterations(11)
        ->Unit(benchmark::kMillisecond);
}

}  // namespace terrain::bench
