#include "gradient_noise.h"

#include "../cancel.h"
#include "../errors.h"
#include "../parallel.h"
#include "../recipe.h"
#include "../rng.h"
#include "../workspace.h"
#include "generators.h"
#include "kernel_targets.h"
#include "kernel_choice.h"

#include <immintrin.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace terrain::core {

struct NoiseKernels {
    const char* name;  // "avx512", "avx2" or "baseline", as levelKernels()
    void (*rowTerms)(const std::uint32_t* lo, const std::uint32_t* hi, std::uint32_t row, const float* fx,
                     const float* u, int width, float* c0, float* c1);
    void (*accumulateRow)(const float* a0, const float* a1, const float* b0, const float* b1, float r0, float r1,
                          float r2, float r3, int style, int sharpness, float offset, float amp, float* acc,
                          float* weight, int width);
    void (*warpedRow)(const float* fx, const std::uint32_t* cell, float fy, std::uint32_t cellY, const float* dx,
                      const float* dy, float freq, std::uint32_t key, int style, int sharpness, float offset,
                      float amp, float* acc, float* weight, int width, bool clamp);
    void (*scaleRow)(const float* acc, float scale, float* out, int width);
    std::uint32_t (*largestMagnitudeBits)(const float* v, int width);
};

// One copy of the .inc per x86-64 level (kernel_targets.h).
#define KERNEL_FILE "gradient_noise.inc"
#include "kernel_variants.inc"
#undef KERNEL_FILE

namespace {

const KernelChoice<NoiseKernels>& noiseChoice() {
    static const KernelChoice<NoiseKernels> choice(&avx512::kNoiseKernels, &avx2::kNoiseKernels,
                                                   &baseline::kNoiseKernels);
    return choice;
}

float fade(float t) {
    return t * t * t * (t * (t * 6.0f - 15.0f) + 10.0f);
}


// One octave's lattice along the map's columns, the same on every row: which cell each column
// is in and where in it, and the cells' corner columns (hashed). Also the rows' positions.
struct Octave {
    std::uint32_t key = 0;
    double freq = 0.0;         // cells per metre
    std::int64_t period = 0;   // wrap: cells across the world (indices taken modulo it), else 0
    double span = 0.0;         // wrap: the map's sample spans
    double metresPerSample = 0.0;
    float amp = 1.0f;
    std::vector<float> fx, u;
    std::vector<std::uint32_t> cellOf;        // column -> its cell's index (warped sampling)
    std::vector<std::uint32_t> loMul, hiMul;  // column -> its cell's left/right corner column * kNoiseColumnMul

    // Position in cells of sample v (a column or a row): (v * spacing) * freq, or with wrap
    // v * period / span, which is exactly `period` at the last sample. Both are the same number
    // at every detail (v doubles when the spacing halves), which is the lattice rule.
    double position(int v) const {
        return period > 0 ? double(v) * double(period) / span : (double(v) * metresPerSample) * freq;
    }
    std::int64_t wrapped(std::int64_t c) const {
        if (period == 0) return c;
        const std::int64_t m = c % period;
        return m < 0 ? m + period : m;
    }
};

struct RowPosition {
    std::int64_t cell;
    float f;
};

RowPosition rowPosition(const Octave& o, int y) {
    const double t = o.position(y);
    const double c = std::floor(t);
    return {std::int64_t(c), float(t - c)};
}

// The octaves of one fBm field (`field` picks independent lattices for the warp fields).
struct Field {
    std::vector<Octave> octaves;
    float scale = 1.0f;  // 1 / the sum of the amplitudes
    int style = 0, sharpness = 2;
    float offset = 0.0f;
};

// The columns x0 .. x0 + width - 1 of the map of `side` samples.
Field makeField(const FbmParams& p, int field, int side, int x0, int width, double metresPerSample) {
    Field f;
    f.style = int(p.style);
    f.sharpness = p.sharpness;
    f.offset = p.offset;
    const double span = double(side - 1);
    const double world_m = span * metresPerSample;
    double freq = 1.0 / p.featureSize_m;
    float amp = 1.0f, sum = 0.0f;
    for (int i = 0; i < p.octaves; ++i, freq *= p.lacunarity, amp *= p.roughness) {
        Octave o;
        o.key = noiseOctaveKey(p.seed, field, i);
        o.freq = freq;
        o.metresPerSample = metresPerSample;
        o.span = span;
        if (p.wrap) o.period = std::max<std::int64_t>(1, std::llround(world_m * freq));
        o.amp = amp;
        sum += amp;
        o.fx.resize(std::size_t(width));
        o.u.resize(std::size_t(width));
        o.cellOf.resize(std::size_t(width));
        o.loMul.resize(std::size_t(width));
        o.hiMul.resize(std::size_t(width));
        for (int x = 0; x < width; ++x) {
            const double t = o.position(x0 + x);
            const double c = std::floor(t);
            const auto cell = std::int64_t(c);
            const auto at = std::size_t(x);
            o.loMul[at] = std::uint32_t(o.wrapped(cell)) * kNoiseColumnMul;
            o.hiMul[at] = std::uint32_t(o.wrapped(cell + 1)) * kNoiseColumnMul;
            o.fx[at] = float(t - c);
            o.u[at] = fade(o.fx[at]);
            o.cellOf[at] = std::uint32_t(o.wrapped(cell));
        }
        f.octaves.push_back(std::move(o));
    }
    f.scale = 1.0f / sum;
    return f;
}

// One worker's column terms of every octave of a field, rebuilt when a row enters a new row of
// lattice cells of that octave.
class FieldRows {
public:
    FieldRows(const NoiseKernels& kernels, const Field& field, int width, float* memory)
        : m_kernels(kernels), m_field(field), m_width(width) {
        const std::size_t w = std::size_t(width);
        m_weight = memory;
        memory += w;
        for (std::size_t i = 0; i < field.octaves.size(); ++i) {
            m_terms.push_back({memory, memory + w, memory + 2 * w, memory + 3 * w});
            memory += 4 * w;
            m_cell.push_back(kNoCell);
        }
    }
    static std::size_t floats(const Field& field, int width) {
        return std::size_t(width) * (1 + 4 * field.octaves.size());
    }

    // acc[x] += the field's octaves at row y (acc is not scaled by Field::scale).
    void accumulate(int y, float* acc) {
        std::fill(m_weight, m_weight + m_width, 1.0f);
        for (std::size_t i = 0; i < m_field.octaves.size(); ++i) {
            const Octave& o = m_field.octaves[i];
            const RowPosition r = rowPosition(o, y);
            Terms& t = m_terms[i];
            if (r.cell != m_cell[i]) {
                const std::uint32_t row1 = o.key + std::uint32_t(o.wrapped(r.cell + 1)) * kNoiseRowMul;
                if (m_cell[i] != kNoCell && r.cell == m_cell[i] + 1) {
                    // The next row of cells: its upper corners are the last one's lower corners.
                    std::swap(t.a0, t.b0);
                    std::swap(t.a1, t.b1);
                } else {
                    const std::uint32_t row0 = o.key + std::uint32_t(o.wrapped(r.cell)) * kNoiseRowMul;
                    m_kernels.rowTerms(o.loMul.data(), o.hiMul.data(), row0, o.fx.data(), o.u.data(), m_width, t.a0,
                                       t.a1);
                }
                m_kernels.rowTerms(o.loMul.data(), o.hiMul.data(), row1, o.fx.data(), o.u.data(), m_width, t.b0, t.b1);
                m_cell[i] = r.cell;
            }
            const float v = fade(r.f), l = 1.0f - v;
            m_kernels.accumulateRow(t.a0, t.a1, t.b0, t.b1, l, l * r.f, v, v * (r.f - 1.0f), m_field.style,
                                    m_field.sharpness, m_field.offset, o.amp, acc, m_weight, m_width);
        }
    }

private:
    static constexpr std::int64_t kNoCell = std::numeric_limits<std::int64_t>::min();
    struct Terms {
        float *a0, *a1, *b0, *b1;
    };
    const NoiseKernels& m_kernels;
    const Field& m_field;
    int m_width;
    float* m_weight;  // ridged: each sample's weight of the next octave
    std::vector<Terms> m_terms;
    std::vector<std::int64_t> m_cell;
};

// acc[x] += the field's octaves at row y, each sample displaced by (dx[x], dy[x]) metres.
// `weight` is scratch of `width` floats.
void accumulateWarped(const NoiseKernels& kernels, const Field& field, int y, const float* dx, const float* dy,
                      float* acc, float* weight, int width) {
    std::fill(weight, weight + width, 1.0f);
    // The kernel clamps the displaced positions (in cells) to +-1e9 so their conversion to int is
    // defined; where no position of the row can reach 5e8 cells the clamp changes nothing and the
    // kernel leaves it out.
    const double most =
        std::bit_cast<float>(std::max(kernels.largestMagnitudeBits(dx, width), kernels.largestMagnitudeBits(dy, width)));
    for (const Octave& o : field.octaves) {
        const RowPosition r = rowPosition(o, y);
        const bool clamp = !(most * o.freq + 2.0 < 5.0e8);  // a NaN clamps
        kernels.warpedRow(o.fx.data(), o.cellOf.data(), r.f, std::uint32_t(r.cell), dx, dy, float(o.freq), o.key,
                          field.style, field.sharpness, field.offset, o.amp, acc, weight, width, clamp);
    }
}

float* workerFloats(WorkerScratch& scratch, std::size_t count) {
    if (scratch.arrays[0].size() < count) scratch.arrays[0].resize(count);
    return scratch.arrays[0].data();
}

void checkFbm(const FbmParams& p) {
    if (p.detail < 1 || p.detail > 14) throw InputError("detail", std::to_string(p.detail), "an integer in [1, 14]");
}

}  // namespace

std::uint32_t noiseOctaveKey(std::uint64_t seed, int field, int octave) {
    const PointHash h(seed, RngStream::Noise);
    return std::uint32_t(mix64(h.key + (std::uint64_t(std::uint32_t(field)) << 32) + std::uint32_t(octave)) >> 32);
}

const NoiseKernels& noiseKernels() {
    return noiseChoice().chosen();
}

const NoiseKernels* const* supportedNoiseKernels(int& count) {
    return noiseChoice().supported(count);
}

const char* noiseKernelsName(const NoiseKernels& kernels) {
    return kernels.name;
}

void fbmWindowWith(const NoiseKernels& kernels, const FbmParams& p, double metresPerSample, SampleWindow window,
                   const GenerateContext& caller, Heightmap& out) {
    checkSampleWindow(window, p.detail);
    const int side = sideForDetail(p.detail), width = window.width;
    out.reshapeUninitialized(width, window.height);
    const ExecutionScope scope(caller);
    const GenerateContext& context = scope.context();
    const Field field = makeField(p, 0, side, window.x0, width, metresPerSample);
    const std::size_t perWorker = FieldRows::floats(field, width) + std::size_t(width);
    const int threads = threadsForWork(double(width) * window.height * p.octaves, context.threads);
    scope.workspace().ensureWorkers(threads);
    parallelRowsByWorker(window.height, threads, context, [&](int worker, int begin, int end) {
        float* memory = workerFloats(scope.workspace().worker(worker), perWorker);
        float* acc = memory;
        FieldRows rows(kernels, field, width, memory + width);
        for (int y = begin; y < end; ++y) {
            std::fill(acc, acc + width, 0.0f);
            rows.accumulate(window.y0 + y, acc);
            kernels.scaleRow(acc, field.scale, out.row(y), width);
        }
    });
    context.report(1.0f);
}

void fbmIntoWith(const NoiseKernels& kernels, const FbmParams& p, double metresPerSample,
                 const GenerateContext& caller, Heightmap& out) {
    checkFbm(p);
    const int side = sideForDetail(p.detail);
    fbmWindowWith(kernels, p, metresPerSample, {0, 0, side, side}, caller, out);
}

void warpedFbmWindowWith(const NoiseKernels& kernels, const WarpedFbmParams& p, double metresPerSample,
                         SampleWindow window, const GenerateContext& caller, Heightmap& out) {
    checkSampleWindow(window, p.fbm.detail);
    const int side = sideForDetail(p.fbm.detail), width = window.width;
    out.reshapeUninitialized(width, window.height);
    const ExecutionScope scope(caller);
    const GenerateContext& context = scope.context();
    FbmParams warp = p.fbm;
    warp.style = NoiseStyle::Fbm;
    warp.octaves = p.warpOctaves;
    warp.featureSize_m = p.warpFeatureSize_m;
    warp.wrap = false;
    FbmParams final = p.fbm;
    final.wrap = false;  // warped sampling leaves the lattice rows: no cheap modulo (docs)
    const Field height = makeField(final, 0, side, window.x0, width, metresPerSample);
    const Field qx = makeField(warp, 1, side, window.x0, width, metresPerSample), qy = makeField(warp, 2, side, window.x0, width, metresPerSample);
    const Field rx = makeField(warp, 3, side, window.x0, width, metresPerSample), ry = makeField(warp, 4, side, window.x0, width, metresPerSample);
    const std::size_t w = std::size_t(width);
    const std::size_t perWorker = FieldRows::floats(qx, width) + FieldRows::floats(qy, width) + 6 * w;
    const int threads = threadsForWork(double(width) * window.height * (p.fbm.octaves + 4 * p.warpOctaves), context.threads);
    scope.workspace().ensureWorkers(threads);
    const auto strength = float(p.warpStrength_m);
    parallelRowsByWorker(window.height, threads, context, [&](int worker, int begin, int end) {
        float* memory = workerFloats(scope.workspace().worker(worker), perWorker);
        float *acc = memory, *dx = memory + w, *dy = memory + 2 * w, *ex = memory + 3 * w, *ey = memory + 4 * w;
        float* weight = memory + 5 * w;
        FieldRows rowsX(kernels, qx, width, memory + 6 * w);
        FieldRows rowsY(kernels, qy, width, memory + 6 * w + FieldRows::floats(qx, width));
        for (int row = begin; row < end; ++row) {
            const int y = window.y0 + row;
            // q(p) on the lattice rows (the fast kernel), as metres of displacement.
            std::fill(dx, dx + w, 0.0f);
            std::fill(dy, dy + w, 0.0f);
            rowsX.accumulate(y, dx);
            rowsY.accumulate(y, dy);
            kernels.scaleRow(dx, qx.scale * strength, dx, width);
            kernels.scaleRow(dy, qy.scale * strength, dy, width);
            if (p.warpLevels == 2) {  // r(p) = q sampled at p + strength q(p)
                std::fill(ex, ex + w, 0.0f);
                std::fill(ey, ey + w, 0.0f);
                accumulateWarped(kernels, rx, y, dx, dy, ex, weight, width);
                accumulateWarped(kernels, ry, y, dx, dy, ey, weight, width);
                kernels.scaleRow(ex, rx.scale * strength, dx, width);
                kernels.scaleRow(ey, ry.scale * strength, dy, width);
            }
            std::fill(acc, acc + w, 0.0f);
            accumulateWarped(kernels, height, y, dx, dy, acc, weight, width);
            kernels.scaleRow(acc, height.scale, out.row(row), width);
        }
    });
    context.report(1.0f);
}

void warpedFbmIntoWith(const NoiseKernels& kernels, const WarpedFbmParams& p, double metresPerSample,
                       const GenerateContext& caller, Heightmap& out) {
    checkFbm(p.fbm);
    const int side = sideForDetail(p.fbm.detail);
    warpedFbmWindowWith(kernels, p, metresPerSample, {0, 0, side, side}, caller, out);
}

void fbmWindowInto(const FbmParams& params, double metresPerSample, SampleWindow window, const GenerateContext& context,
                   Heightmap& out) {
    fbmWindowWith(noiseKernels(), params, metresPerSample, window, context, out);
}

void warpedFbmWindowInto(const WarpedFbmParams& params, double metresPerSample, SampleWindow window,
                         const GenerateContext& context, Heightmap& out) {
    warpedFbmWindowWith(noiseKernels(), params, metresPerSample, window, context, out);
}

void fbmInto(const FbmParams& params, double metresPerSample, const GenerateContext& context, Heightmap& out) {
    fbmIntoWith(noiseKernels(), params, metresPerSample, context, out);
}

void warpedFbmInto(const WarpedFbmParams& params, double metresPerSample, const GenerateContext& context,
                   Heightmap& out) {
    warpedFbmIntoWith(noiseKernels(), params, metresPerSample, context, out);
}

FbmParams fbmParams(const Recipe& r) {
    FbmParams p;
    p.detail = r.detail;
    p.seed = r.seed;
    p.style = static_cast<NoiseStyle>(int(r.params.at("style")));
    p.featureSize_m = r.params.at("feature_size_m");
    p.octaves = int(r.params.at("octaves"));
    p.lacunarity = r.params.at("lacunarity");
    p.roughness = float(r.params.at("roughness"));
    p.sharpness = int(r.params.at("sharpness"));
    p.offset = float(r.params.at("offset"));
    p.wrap = r.params.count("wrap") != 0 && r.params.at("wrap") != 0.0;
    return p;
}

WarpedFbmParams warpedFbmParams(const Recipe& r) {
    WarpedFbmParams p;
    p.fbm = fbmParams(r);
    p.warpStrength_m = r.params.at("warp_strength_m");
    p.warpFeatureSize_m = r.params.at("warp_feature_size_m");
    p.warpOctaves = int(r.params.at("warp_octaves"));
    p.warpLevels = int(r.params.at("warp_levels"));
    return p;
}

namespace {

std::vector<ParamSpec> fbmParamTable() {
    return {
        {"style", "Style", "", ParamKind::Choice, 0, 2, 1, 0,
         "fbm: rolling hills; billow: rounded, puffy hills with creased valleys; ridged: sharp mountain "
         "crests (each octave folded and inverted)",
         {"fbm", "billow", "ridged"}},
        {"feature_size_m", "Feature size", "m", ParamKind::Real, 1.0, 100000.0, 1.0, 256.0,
         "The size of the biggest hills: the wavelength of the first octave, in metres", {}, ParamScale::Horizontal},
        {"octaves", "Octaves", "", ParamKind::Integer, 1, 16, 1, 8,
         "Layers of ever smaller detail added on top: each is lacunarity times finer", {}},
        {"lacunarity", "Lacunarity", "", ParamKind::Real, 1.5, 3.0, 0.01, 2.0,
         "How much finer each octave is than the one before (2 = half the size)", {}},
        {"roughness", "Roughness", "", ParamKind::Real, 0.0, 1.0, 0.01, 0.5,
         "Amplitude factor from one octave to the next: 1 = rough and craggy, 0 = only the biggest hills. "
         "Same as Hurst H with roughness = 2^-H",
         {}},
        {"sharpness", "Ridge sharpness", "", ParamKind::Integer, 1, 4, 1, 3,
         "Ridged: how narrow the crests are (the power each folded octave is raised to)", {}},
        {"offset", "Fold level", "", ParamKind::Real, -1.0, 1.0, 0.01, 0.0,
         "Ridged and billow: the noise value where each octave folds; moving it from 0 widens the valleys "
         "and thins the ridges (or the other way round)",
         {}},
    };
}

Algorithm squareNoiseAlgorithm() {
    Algorithm a;
    a.minDetail = 1;
    a.maxDetail = 14;
    a.defaultDetail = 9;
    a.params = fbmParamTable();
    a.sizeForDetail = [](int detail) { return Size{sideForDetail(detail), sideForDetail(detail)}; };
    return a;
}

}  // namespace

Algorithm fbmAlgorithm() {
    Algorithm a = squareNoiseAlgorithm();
    a.id = "fbm";
    a.name = "fBm noise";
    a.summary = "Perlin gradient noise summed over octaves in world metres: fbm, ridged or billow";
    a.params.push_back({"wrap", "Wrap", "", ParamKind::Flag, 0, 1, 1, 0,
                        "Make the map tile with itself (the feature size is rounded to fit the world a whole "
                        "number of times)",
                        {}});
    a.generateInto = [](const Recipe& r, double mps, const GenerateContext& c, Heightmap& out) {
        fbmInto(fbmParams(r), mps, c, out);
    };
    a.generateWindowInto = [](const Recipe& r, double mps, SampleWindow w, const GenerateContext& c, Heightmap& out) {
        fbmWindowInto(fbmParams(r), mps, w, c, out);
    };
    return a;
}

Algorithm warpedFbmAlgorithm() {
    Algorithm a = squareNoiseAlgorithm();
    a.id = "warped-fbm";
    a.name = "Warped fBm";
    a.summary = "fBm sampled at positions pushed around by further fBm fields (Quilez's domain warping)";
    a.params.push_back({"warp_strength_m", "Warp strength", "m", ParamKind::Real, 0.0, 10000.0, 1.0, 256.0,
                        "How far the terrain is pushed around, in metres: swirls, folds and drawn-out ridges", {}, ParamScale::Horizontal});
    a.params.push_back({"warp_feature_size_m", "Warp size", "m", ParamKind::Real, 1.0, 100000.0, 1.0, 256.0,
                        "The size of the biggest swirls: the first wavelength of the warp fields, in metres", {}, ParamScale::Horizontal});
    a.params.push_back({"warp_octaves", "Warp octaves", "", ParamKind::Integer, 1, 8, 1, 4,
                        "Detail of the warp fields: more octaves make the swirls ragged", {}});
    a.params.push_back({"warp_levels", "Warp levels", "", ParamKind::Integer, 1, 2, 1, 1,
                        "1: warp once; 2: warp the warp (Quilez's f(p + r(p + q(p)))), more marbled", {}});
    a.generateInto = [](const Recipe& r, double mps, const GenerateContext& c, Heightmap& out) {
        warpedFbmInto(warpedFbmParams(r), mps, c, out);
    };
    a.generateWindowInto = [](const Recipe& r, double mps, SampleWindow w, const GenerateContext& c, Heightmap& out) {
        warpedFbmWindowInto(warpedFbmParams(r), mps, w, c, out);
    };
    return a;
}

}  // namespace terrain::core
