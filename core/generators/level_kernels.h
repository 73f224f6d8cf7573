#pragma once
// The inner loops of the diamond-square and midpoint-displacement levels, on compact arrays
// (element k of a row's points at one level), compiled for AVX-512, AVX2 and baseline x86-64 and
// chosen once at run time from the CPU, so the shipped binary runs anywhere.
//
// Every kernel does exactly the scalar code's IEEE float operations in the same order (no FMA:
// the build has -ffp-contract=off) and the same 64-bit hash, so every variant gives the same bits.
// `base` is the point hash of row y without the column: PointHash::key + (y << 32), and the
// noise of element k is toSigned(mix64(base + x0 + k * dx)); y, x0 and dx are world-lattice
// coordinates (rng.h: onLattice), so callers pass map coordinates shifted to the finest level.
#include "../cancel.h"
#include "../heightmap.h"
#include "../parallel.h"
#include "../workspace.h"

#include <algorithm>

#include <cstdint>
#include <vector>

namespace terrain::core {

struct LevelKernels {
    const char* name;  // "avx512", "avx2" or "baseline"
    // out[k] = (((w[k] + e[k]) + n[k]) + s[k]) / 4 + toSigned(hash) * scale: diamond-square's
    // centres (w, e = north row, n, s = south row, shifted by one) and edge midpoints.
    void (*dsSum4)(const float* w, const float* e, const float* n, const float* s, int count,
                   std::uint64_t base, std::uint32_t x0, std::uint32_t dx, float scale, float* out);
    // out[k] = vary((a[k] + b[k]) / 2): midpoint displacement's edge midpoints.
    void (*mdAvg2)(const float* a, const float* b, int count, std::uint64_t base, std::uint32_t x0,
                   std::uint32_t dx, float spread, bool clamp, float* out);
    // out[k] = vary(((a[k] + b[k]) / 2 + (c[k] + d[k]) / 2) / 2): its square centres.
    void (*mdAvg4)(const float* a, const float* b, const float* c, const float* d, int count,
                   std::uint64_t base, std::uint32_t x0, std::uint32_t dx, float spread, bool clamp,
                   float* out);
    // dst[j] = even[j / 2] for even j and odd[j / 2] for odd j, j < total: a run of one row of the
    // finer grid, from this level's points and the coarser points between them.
    void (*interleave)(float* dst, const float* even, const float* odd, int total);
    // The same with non-temporal stores: the row's cache lines are written without being read
    // first and bypass the cache (for maps too big to stay in it). Call streamFence() before
    // other threads read them.
    void (*interleaveStream)(float* dst, const float* even, const float* odd, int total);
    // The midpoint line (1-D) inside one block of n = 2^levels segments: from its end points
    // out[0] = first and out[n] = last, level l = 1..levels sets the points j, odd multiples of
    // s = n >> l, to (out[j - s] + out[j + s]) / 2 + (toUnit(mix64(key + x0 + j * dx)) * range -
    // range / 2) * multipliers[l - 1], exactly as the scalar loop (x0 + j * dx must not wrap).
    // The inner levels run in `scratch` (n + 2 floats); out[0..n - 1] is written once, by the
    // last level, and out[n] is neither read nor written: it belongs to the next block.
    void (*lineLevels)(float* out, float first, float last, int levels, std::uint64_t key, std::uint32_t x0,
                       std::uint32_t dx, float range, const float* multipliers, float* scratch);
};

// The best variant this CPU supports (checked once), or the one the environment variable
// TERRAIN_KERNELS names ("avx2", "baseline") if this CPU supports it.
const LevelKernels& levelKernels();
// All variants this CPU can run, best first (for tests and benchmarks).
const LevelKernels* const* supportedLevelKernels(int& count);

// The grid of one level: side 2^k + 1 samples in a buffer it does not own. A level's pass reads
// the grid of the level before (contiguous rows, nothing to gather) and writes its own grid, so
// each row is written once and whole; only the last level writes into the output map.
//
// A grid may also be a ring of rows (`ring` = a power of two): row y is then row y mod ring of
// `data`, except rows 0 and side - 1, which live in `first` and `lastRow` when those are set.
struct LevelGrid {
    float* data = nullptr;
    int side = 0;
    int ring = 0;
    float* first = nullptr;
    float* lastRow = nullptr;
    float* row(int y) const {
        if (ring == 0) return data + std::size_t(y) * std::size_t(side);
        if (y == 0 && first != nullptr) return first;
        if (y == side - 1 && lastRow != nullptr) return lastRow;
        return data + std::size_t(y & (ring - 1)) * std::size_t(side);
    }
};

// The grids of levels 0..detail for a map of side 2^detail + 1: level `detail` is the map; the
// grid of level detail - 1 is never stored whole (see fuseLastTwoLevels); the coarser ones
// alternate between the workspace's two grids (about 1/16 and 1/64 of the map), which its owner
// keeps between generations, so their pages stay faulted in.
class LevelGrids {
public:
    LevelGrids(Heightmap& map, int detail, Workspace& workspace);
    // Level k < detail - 1, or the map (k = detail).
    LevelGrid level(int k) const;
    // Whether the map's rows go past the cache (a large map).
    bool stream() const;

private:
    Heightmap& m_map;
    int m_detail;
    float* m_scratch[2];
};

// Orders this thread's non-temporal stores before anything it does next (SFENCE).
void streamFence();

// The working arrays of one level pass: `arrays` arrays of `count` floats, zeroed, in `buffer`
// (a worker's WorkerScratch::arrays[slot]: two passes interleaved on one worker use two slots).
std::vector<float*> levelScratchArrays(std::vector<float>& buffer, int arrays, int count);

// `rows` rows of `side` floats in `ring` (a worker's WorkerScratch::ring; see fuseLastTwoLevels).
float* levelRingRows(std::vector<float>& ring, int rows, int side);

// Runs one level pass (see fuseLastTwoLevels for its interface) over all its centre rows, split
// into blocks across the context's threads when the level is large enough.
// The context comes from an ExecutionScope: it names a workspace.
template <class Level>
void runLevel(const Level& level, const GenerateContext& context) {
    Workspace& workspace = *context.workspace;
    const int threads = threadsForWork(level.work(), context.threads);
    workspace.ensureWorkers(threads);
    parallelRowsByWorker(level.centreRows(), threads, context, [&](int worker, int begin, int end) {
        auto st = level.state(workspace.worker(worker), 0);
        level.start(begin, st);
        for (int i = begin; i < end; ++i) level.step(i, st);
        level.finish();
    });
}

// Runs the last two levels of a 2^detail + 1 map as one pass, so the grid between them (side
// `middleSide`) is never written to memory: each block of the fine level's centre rows first
// has the coarse level make the middle rows it reads, into its worker's ring of 4 rows that
// stays in the cache. A level pass `L` has: `State state(WorkerScratch&, int slot)`, `start(int i, State&)`
// (what a block starting at centre row i recomputes), `step(int i, State&)` (centre row i),
// `finish()`, `readyAfter(i)`: the last of its grid's rows that is complete after step(i),
// `stepMaking(row)`: the first step that writes that row, and `firstRowRead(i)`: the first row of
// its input a block starting at centre row i reads.
// `coarse(view)` / `fine(view)` make the passes that write into / read from a view of the middle
// grid; `ends` holds middle rows 0 and side - 1 when the coarse pass cannot make them in the ring
// (its border rows, made beforehand), else their pointers are null. Blocks recompute at most
// two middle rows around their edges; the output does not depend on the split.
template <class MakeCoarse, class MakeFine>
void fuseLastTwoLevels(int middleSide, LevelGrid ends, int fineRows, int threads, const GenerateContext& context,
                       const MakeCoarse& coarse, const MakeFine& fine) {
    constexpr int kRing = 4;  // rows i - 1 .. i + 2 of the middle grid are live at fine step i
    Workspace& workspace = *context.workspace;
    workspace.ensureWorkers(threads);
    parallelRowsByWorker(fineRows, threads, context, [&](int worker, int begin, int end) {
        WorkerScratch& scratch = workspace.worker(worker);
        LevelGrid middle = ends;
        middle.data = levelRingRows(scratch.ring, kRing, middleSide);
        middle.side = middleSide;
        middle.ring = kRing;
        const auto c = coarse(middle);
        const auto f = fine(middle);
        auto cs = c.state(scratch, 0);
        auto fs = f.state(scratch, 1);
        const int coarseRows = c.centreRows();
        int next = c.stepMaking(f.firstRowRead(begin));
        int ready = -1;
        c.start(next, cs);
        const auto ensure = [&](int row) {
            while (ready < row && next < coarseRows) {
                c.step(next, cs);
                ready = c.readyAfter(next++);
            }
        };
        ensure(begin);
        f.start(begin, fs);
        for (int i = begin; i < end; ++i) {
            ensure(i + 1);
            f.step(i, fs);
        }
        f.finish();
    });
}

}  // namespace terrain::core
