#include "generators.h"

#include "../cancel.h"
#include "../errors.h"
#include "../parallel.h"
#include "../recipe.h"
#include "../rng.h"
#include "level_kernels.h"

#include <algorithm>
#include <string>
#include <vector>

namespace terrain::core {

namespace {

// Blocks of 2^kBlockLevels segments (16 KiB of floats, their last level read from 8 KiB) are
// finished one after another in L1: the line is written once, in order.
constexpr int kBlockLevels = 12;

// Levels 1..levels of the points out[0..2^levels] (their hash indices x0 + j * dx), from out[0]
// and out[2^levels], which it does not write. More levels than a block: the coarse ones on the
// block corners, gathered into a compact array (recursively), then each block's remaining levels
// from its two corners. Block b writes out[b * block .. (b + 1) * block - 1] and reads its end
// points from `corners`, so every sample is written by one thread and read by none other.
void refine(const LevelKernels& kernels, const GenerateContext& context, float* out, int levels, std::uint64_t key,
            std::uint32_t x0, std::uint32_t dx, float range, const float* multipliers, bool top) {
    const int blockLevels = std::min(levels, kBlockLevels);
    const int block = 1 << blockLevels;
    Workspace& workspace = *context.workspace;
    if (levels == blockLevels) {
        std::vector<float>& scratch = workspace.worker(0).line;
        scratch.resize(std::size_t(block) + 2);
        kernels.lineLevels(out, out[0], out[block], levels, key, x0, dx, range, multipliers, scratch.data());
        return;
    }
    const int coarseLevels = levels - blockLevels;
    const int blocks = 1 << coarseLevels;
    std::vector<float> corners(std::size_t(blocks) + 1);
    corners.front() = out[0];
    corners.back() = out[std::size_t(blocks) * std::size_t(block)];
    refine(kernels, context, corners.data(), coarseLevels, key, x0, dx << blockLevels, range, multipliers, false);
    if (top) context.report(float(coarseLevels) / float(levels));
    const float* fine = multipliers + coarseLevels;
    // Blocks are independent (the hash is a function of the index), so any split gives the same bits.
    const int threads = top ? threadsForWork(double(blocks) * double(block), context.threads) : 1;
    workspace.ensureWorkers(threads);
    parallelRowsByWorker(blocks, threads, context, [&](int worker, int begin, int end) {
        std::vector<float>& scratch = workspace.worker(worker).line;
        scratch.resize(std::size_t(block) + 2);
        for (int b = begin; b < end; ++b) {
            float* o = out + std::size_t(b) * std::size_t(block);
            kernels.lineLevels(o, corners[std::size_t(b)], corners[std::size_t(b) + 1], blockLevels, key,
                               x0 + std::uint32_t(b) * (dx << blockLevels), dx, range, fine, scratch.data());
        }
    });
}

}  // namespace

// Seed 003: level L displaces by (u * range - range / 2) * 2^(-H*L - 1); written with the
// per-level factor r = 2^-H so that "roughness" means the same as in diamond-square. L counts from
// the top and u is hashed at the point's world-lattice position (rng.h), so the line at detail
// d + k sampled every 2^k-th point is the line at detail d. Every point is a pure function of its
// index and its two neighbours of the level before, so the order the points are computed in does
// not change the bits: see refine() and LevelKernels::lineLevels.
//
// This is midpointLineInto with a given kernel variant (declared in generators.h): the tests run
// every variant this CPU supports.
void midpointLineIntoWith(const LevelKernels& kernels, const MidpointLineParams& p, const GenerateContext& context,
                          Heightmap& line) {
    // Callers outside the registry (which stops at 20) may ask for more than the lattice holds.
    if (p.detail < 1 || p.detail > kLatticeDetail)
        throw InputError("detail", std::to_string(p.detail), "1 to " + std::to_string(kLatticeDetail));
    const int length = sideForDetail(p.detail);
    line.reshapeUninitialized(length, 1);
    float* v = line.row(0);
    v[0] = v[length - 1] = 0.0f;  // the end points stay 0, as in seed 003
    const PointHash hash(p.seed, RngStream::MidpointLine);
    std::vector<float> multipliers(std::size_t(p.detail));
    float multiplier = 0.5f * p.roughness;  // 2^(-H*1 - 1), then times r per level, in float
    for (float& m : multipliers) {
        m = multiplier;
        multiplier *= p.roughness;
    }
    context.throwIfCancelled();
    const ExecutionScope scope(context);
    // Index j is lattice position j * dx.
    refine(kernels, scope.context(), v, p.detail, hash.key, 0, onLattice(1, p.detail), p.range, multipliers.data(),
           true);
    context.report(1.0f);
}

void midpointLineInto(const MidpointLineParams& p, const GenerateContext& context, Heightmap& line) {
    midpointLineIntoWith(levelKernels(), p, context, line);
}

Heightmap midpointLine(const MidpointLineParams& p, const GenerateContext& context) {
    Heightmap line;
    midpointLineInto(p, context, line);
    return line;
}

MidpointLineParams midpointLineParams(const Recipe& recipe) {
    MidpointLineParams p;
    p.detail = recipe.detail;
    p.seed = recipe.seed;
    p.roughness = float(recipe.params.at("roughness"));
    p.range = float(recipe.params.at("range"));
    return p;
}

Algorithm midpointLineAlgorithm() {
    Algorithm a;
    a.id = "midpoint-line";
    a.name = "Midpoint line (1-D)";
    a.summary = "A 1-D horizon: 2^detail+1 heights in one row, drawn as a line chart";
    a.minDetail = 1;
    static_assert(kLatticeDetail >= 20, "every detail must fit on the world lattice");
    a.maxDetail = 20;
    a.defaultDetail = 9;
    a.params = {
        {"roughness", "Roughness", "", ParamKind::Real, 0.0, 1.0, 0.01, 0.5743491,
         "Per-level amplitude factor, 2^-H (seed 003 uses H = 0.8, roughness 0.574)", {}},
        {"range", "Value range", "", ParamKind::Real, 0.0, 4096.0, 1.0, 128.0,
         "Displacements are drawn from [-range/2, range/2) before the level factor (seed 003: 128)", {}},
    };
    a.sizeForDetail = [](int detail) { return Size{sideForDetail(detail), 1}; };
    a.generateInto = [](const Recipe& r, double, const GenerateContext& c, Heightmap& out) {
        midpointLineInto(midpointLineParams(r), c, out);
    };
    return a;
}

}  // namespace terrain::core
