#include "worley_noise.h"

#include "../cancel.h"
#include "../errors.h"
#include "../parallel.h"
#include "../recipe.h"
#include "../rng.h"
#include "../workspace.h"
#include "generators.h"
#include "gradient_noise.h"
#include "kernel_targets.h"
#include "kernel_choice.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace terrain::core {

struct WorleyKernels {
    const char* name;  // "avx512", "avx2" or "baseline", as levelKernels()
    void (*row)(const float* fx, const std::int32_t* start, int runs, const std::int32_t* candStart,
                const float* candX, const float* candY, float fy, int metric, int output, bool invert, float* row,
                float* out);
};

constexpr int kWorleyBlock = 16;  // samples whose F1 and F2 a kernel keeps in registers
constexpr int kWorleyPad = kWorleyBlock;

#define KERNEL_FILE "worley_noise.inc"
#include "kernel_variants.inc"
#undef KERNEL_FILE

namespace {

const KernelChoice<WorleyKernels>& worleyChoice() {
    static const KernelChoice<WorleyKernels> choice(&avx512::kWorleyKernels, &avx2::kWorleyKernels,
                                                    &baseline::kWorleyKernels);
    return choice;
}

double metricDistance(WorleyMetric metric, double dx, double dy) {
    switch (metric) {
        case WorleyMetric::Euclidean: return std::sqrt(dx * dx + dy * dy);
        case WorleyMetric::Manhattan: return dx + dy;
        case WorleyMetric::Chebyshev: return std::max(dx, dy);
    }
    return 0.0;
}

// The lattice along one axis: the cell and the float fraction of sample v, as fbm does it (the
// position in double, so the lattice rule holds bit for bit).
struct Axis {
    double metresPerSample = 1.0, cellsPerMetre = 1.0, span = 1.0;
    std::int64_t period = 0;  // wrap: cells across the world
    double position(int v) const {
        return period > 0 ? double(v) * double(period) / span : (double(v) * metresPerSample) * cellsPerMetre;
    }
    std::uint32_t wrapped(std::int64_t c) const {
        if (period == 0) return std::uint32_t(c);
        const std::int64_t m = c % period;
        return std::uint32_t(m < 0 ? m + period : m);
    }
};

}  // namespace

std::uint32_t worleyKey(std::uint64_t seed) {
    return std::uint32_t(PointHash(seed, RngStream::Worley).key >> 32);
}

CellPoint worleyPoint(std::uint32_t key, std::uint32_t i, std::uint32_t j, float jitter) {
    const std::uint32_t h = noiseCornerHash(key, i, j);
    const float u = float(h & 0xffffU) * (1.0f / 65536.0f), v = float(h >> 16) * (1.0f / 65536.0f);
    return {0.5f + jitter * (u - 0.5f), 0.5f + jitter * (v - 0.5f)};
}

// A sample lies in one quarter of its cell: [x0, x0 + 0.5] x [y0, y0 + 0.5] from the cell's
// origin. Cell o's point lies in [o + 0.5 - j/2, o + 0.5 + j/2] per axis (j = jitter). So:
//  - F1 is at most the distance to the own cell's point: per axis at most a = 0.5 + j/2 (a
//    sample at one side of the cell, the point at the other), so F1 <= D(a, a) (D the metric).
//  - F2 is at most the larger of that and the distance to a horizontal neighbour's point: per
//    axis at most 1 + j/2 across (to the neighbour on the quarter's side) and a along, so
//    F2 <= max(D(a, a), D(1 + j/2, a)).
//  - Cell o's point is at least g = max(0, lo - x1, x0 - hi) away per axis from any sample of the
//    quarter (lo, hi its box's ends, x0, x1 the quarter's), so a cell with D(gx, gy) at or
//    above the bound can hold neither point closer than one already guaranteed (a tie leaves
//    F1 and F2 unchanged).
// The kept cells are a superset of those that can matter, so F1 and F2 are exact:
// Worley.CandidateBoundHoldsForAdversarialPoints checks it against worst-case point sets.
std::vector<CellOffset> worleyCandidates(WorleyMetric metric, bool needF2, float jitter, bool right, bool lower) {
    const double j = std::clamp(double(jitter), 0.0, 1.0);
    const double a = 0.5 + j / 2.0;
    double bound = metricDistance(metric, a, a);
    if (needF2) bound = std::max(bound, metricDistance(metric, 1.0 + j / 2.0, a));
    const auto gap = [&](int o, bool upperHalf) {
        const double q0 = upperHalf ? 0.5 : 0.0, q1 = q0 + 0.5;
        const double lo = o + 0.5 - j / 2.0, hi = o + 0.5 + j / 2.0;
        return std::max({0.0, lo - q1, q0 - hi});
    };
    std::vector<CellOffset> out;
    for (int dy = -4; dy <= 4; ++dy)
        for (int dx = -4; dx <= 4; ++dx)
            if (metricDistance(metric, gap(dx, right), gap(dy, lower)) < bound) out.push_back({dx, dy});
    return out;
}

const WorleyKernels* const* supportedWorleyKernels(int& count) {
    return worleyChoice().supported(count);
}

const char* worleyKernelsName(const WorleyKernels& kernels) {
    return kernels.name;
}

void worleyIntoWith(const WorleyKernels& kernels, const WorleyParams& p, double metresPerSample,
                    const GenerateContext& caller, Heightmap& out) {
    if (p.detail < 1 || p.detail > 14) throw InputError("detail", std::to_string(p.detail), "an integer in [1, 14]");
    const int side = sideForDetail(p.detail);
    worleyWindowWith(kernels, p, metresPerSample, {0, 0, side, side}, caller, out);
}

void worleyWindowWith(const WorleyKernels& kernels, const WorleyParams& p, double metresPerSample,
                      SampleWindow window, const GenerateContext& caller, Heightmap& out) {
    checkSampleWindow(window, p.detail);
    const int side = sideForDetail(p.detail), width = window.width;
    out.reshapeUninitialized(width, window.height);
    const ExecutionScope scope(caller);
    const GenerateContext& context = scope.context();

    Axis axis;
    axis.metresPerSample = metresPerSample;
    axis.cellsPerMetre = 1.0 / p.cellSize_m;
    axis.span = double(side - 1);
    if (p.wrap) axis.period = std::max<std::int64_t>(1, std::llround(axis.span * metresPerSample / p.cellSize_m));

    // The columns: each one's fraction, and the runs of columns in one half of one cell (each half
    // has its own candidate cells).
    std::vector<float> fx(static_cast<std::size_t>(width + kWorleyPad), 0.0f);
    std::vector<std::int32_t> start;
    std::vector<std::int64_t> runCell;
    std::vector<bool> runRight;
    for (int x = 0; x < width; ++x) {
        const double t = axis.position(window.x0 + x), c = std::floor(t);
        fx[std::size_t(x)] = float(t - c);
        const bool right = fx[std::size_t(x)] >= 0.5f;
        if (runCell.empty() || runCell.back() != std::int64_t(c) || runRight.back() != right) {
            runCell.push_back(std::int64_t(c));
            runRight.push_back(right);
            start.push_back(x);
        }
    }
    start.push_back(width);
    const int runs = int(runCell.size());
    const bool needF2 = p.output != WorleyOutput::F1;
    std::vector<CellOffset> lists[2][2];  // [right][lower]
    for (int r = 0; r < 2; ++r)
        for (int l = 0; l < 2; ++l) lists[r][l] = worleyCandidates(p.metric, needF2, p.jitter, r == 1, l == 1);
    // Where each run's candidates start in the arrays, for the upper and the lower half rows.
    std::vector<std::int32_t> candStart[2];
    for (int l = 0; l < 2; ++l) {
        candStart[l].push_back(0);
        for (int r = 0; r < runs; ++r)
            candStart[l].push_back(candStart[l].back() + std::int32_t(lists[runRight[std::size_t(r)] ? 1 : 0][l].size()));
    }
    const std::uint32_t key = worleyKey(p.seed);

    const std::size_t candFloats = std::size_t(std::max(candStart[0].back(), candStart[1].back()));
    const std::size_t perWorker = 2 * candFloats + std::size_t(width + kWorleyPad);
    const int threads = threadsForWork(double(width) * window.height * 4.0, context.threads);
    scope.workspace().ensureWorkers(threads);
    parallelRowsByWorker(window.height, threads, context, [&](int worker, int begin, int end) {
        std::vector<float>& buffer = scope.workspace().worker(worker).arrays[0];
        if (buffer.size() < perWorker) buffer.resize(perWorker);
        float* candX = buffer.data();
        float* candY = candX + candFloats;
        float* rowBuffer = candY + candFloats;
        std::int64_t cachedRow = 0;
        int cachedHalf = -1;
        for (int y = begin; y < end; ++y) {
            const double t = axis.position(window.y0 + y), c = std::floor(t);
            const auto cy = std::int64_t(c);
            const float fy = float(t - c);
            const int lower = fy >= 0.5f ? 1 : 0;
            if (cy != cachedRow || lower != cachedHalf) {  // the candidates change with the half cell row only
                for (int r = 0; r < runs; ++r) {
                    const std::vector<CellOffset>& list = lists[runRight[std::size_t(r)] ? 1 : 0][lower];
                    for (std::size_t q = 0; q < list.size(); ++q) {
                        const CellOffset o = list[q];
                        const CellPoint pt = worleyPoint(key, axis.wrapped(runCell[std::size_t(r)] + o.dx),
                                                         axis.wrapped(cy + o.dy), p.jitter);
                        const std::size_t at = std::size_t(candStart[lower][std::size_t(r)]) + q;
                        candX[at] = float(o.dx) + pt.x;
                        candY[at] = float(o.dy) + pt.y;
                    }
                }
                cachedRow = cy;
                cachedHalf = lower;
            }
            kernels.row(fx.data(), start.data(), runs, candStart[lower].data(), candX, candY, fy, int(p.metric),
                        int(p.output), p.invert, rowBuffer, out.row(y));
        }
    });
    context.report(1.0f);
}

void worleyWindowInto(const WorleyParams& params, double metresPerSample, SampleWindow window,
                      const GenerateContext& context, Heightmap& out) {
    worleyWindowWith(worleyChoice().chosen(), params, metresPerSample, window, context, out);
}

void worleyInto(const WorleyParams& params, double metresPerSample, const GenerateContext& context, Heightmap& out) {
    worleyIntoWith(worleyChoice().chosen(), params, metresPerSample, context, out);
}

WorleyParams worleyParams(const Recipe& r) {
    WorleyParams p;
    p.detail = r.detail;
    p.seed = r.seed;
    p.cellSize_m = r.params.at("cell_size_m");
    p.metric = static_cast<WorleyMetric>(int(r.params.at("metric")));
    p.output = static_cast<WorleyOutput>(int(r.params.at("output")));
    p.jitter = float(r.params.at("jitter"));
    p.invert = r.params.at("invert") != 0.0;
    p.wrap = r.params.at("wrap") != 0.0;
    return p;
}

Algorithm worleyAlgorithm() {
    Algorithm a;
    a.id = "worley";
    a.name = "Worley cells";
    a.summary = "Cellular noise: the distance to the nearest feature points (Worley 1996), in world metres";
    a.minDetail = 1;
    a.maxDetail = 14;
    a.defaultDetail = 9;
    a.params = {
        {"metric", "Distance", "", ParamKind::Choice, 0, 2, 1, 0,
         "How distance is measured: euclidean gives round cells, manhattan diamonds, chebyshev squares",
         {"euclidean", "manhattan", "chebyshev"}},
        {"output", "Output", "", ParamKind::Choice, 0, 2, 1, 0,
         "f1: distance to the nearest point (round pits, scales); f2: to the second nearest (bumpy cells); "
         "f2-f1: the cell walls (0 on the borders between cells: ridges once inverted, plateaus between)",
         {"f1", "f2", "f2-f1"}},
        {"jitter", "Jitter", "", ParamKind::Real, 0.0, 1.0, 0.05, 1.0,
         "How far the points stray from their cells' centres: 0 a regular grid, 1 anywhere in the cell", {}},
        {"cell_size_m", "Cell size", "m", ParamKind::Real, 1.0, 100000.0, 1.0, 64.0,
         "About the distance between feature points, in metres: the size of the cells, craters or plateaus", {}, ParamScale::Horizontal},
        {"invert", "Invert", "", ParamKind::Flag, 0, 1, 1, 0,
         "Turn the heights upside down: f1's pits become peaks, f2-f1's cracks become ridges", {}},
        {"wrap", "Wrap", "", ParamKind::Flag, 0, 1, 1, 0,
         "Make the map tile with itself (the cell size is rounded to fit the world a whole number of times)", {}},
    };
    a.sizeForDetail = [](int detail) { return Size{sideForDetail(detail), sideForDetail(detail)}; };
    a.generateInto = [](const Recipe& r, double mps, const GenerateContext& c, Heightmap& out) {
        worleyInto(worleyParams(r), mps, c, out);
    };
    a.generateWindowInto = [](const Recipe& r, double mps, SampleWindow w, const GenerateContext& c, Heightmap& out) {
        worleyWindowInto(worleyParams(r), mps, w, c, out);
    };
    return a;
}

}  // namespace terrain::core
