#pragma once
// The inner loops of the diamond-square and midpoint-displacement levels, on compact arrays
// (element k of a row's points at one level), compiled for AVX-512, AVX2 and baseline x86-64 and
// chosen once at run time from the CPU, so the shipped binary runs anywhere.
//
// Every kernel does exactly the scalar code's IEEE float operations in the same order (no FMA:
// the build has -ffp-contract=off) and the same 64-bit hash, so every variant gives the same bits.
// `base` is the point hash of row y without the column: PointHash::key + (y << 32), and the
// noise of element k is toSigned(mix64(base + x0 + k * dx)).
#include "../heightmap.h"

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
    // out[k] = row[k * stride], k < count.
    void (*gather)(const float* row, int stride, int count, float* out);
    // row[2k] = even[k], row[2k + 1] = odd[k], k < count.
    void (*interleave)(float* row, const float* even, const float* odd, int count);
    // row[2hk + j] = even[k] and row[2hk + h + j] = odd[k] for j < h, k < count: a contiguous
    // store of a level's points that fills the points of finer levels (written later) with copies.
    void (*expand)(float* row, const float* even, const float* odd, int count, int h);
    // dst[i] = src[i], i < count, with non-temporal stores (no read of the destination lines).
    void (*streamCopy)(float* dst, const float* src, int count);
};

// The best variant this CPU supports (checked once), or the one the environment variable
// TERRAIN_KERNELS names ("avx2", "baseline") if this CPU supports it.
const LevelKernels& levelKernels();
// All variants this CPU can run, best first (for tests and benchmarks).
const LevelKernels* const* supportedLevelKernels(int& count);

// A level's points in the rows of a 2^n + 1 grid, as compact arrays: the corner points of a row
// are x = k * step (k = 0..count), its odd points x = h + k * step (k < count).
class LevelRows {
public:
    LevelRows(Heightmap& map, int step);

    const LevelKernels& kernels() const { return m_k; }
    int count() const { return m_count; }
    // Zeroed per-thread scratch: `arrays` arrays of count + 16 floats, each preceded by one float.
    std::vector<float*> scratch(int arrays) const;
    // out[k] = corner point k of row y, k = 0..count.
    void gather(int y, float* out) const;
    // Row y's corner points from `corners` and odd points from `odd`. The whole row is stored
    // (finer levels' points get placeholder copies): callers own row y exclusively.
    void write(int y, const float* corners, const float* odd) const;
    // Only the odd points of row y; with `exclusive` the whole row may be stored as by write()
    // (its corner points unchanged, as in `corners`), which makes the stores contiguous. Rows
    // other blocks read at the same time are not exclusive.
    void writeOdd(int y, const float* corners, const float* odd, bool exclusive) const;

private:
    Heightmap& m_map;
    const LevelKernels& m_k;
    int m_last, m_step, m_h, m_count;
    bool m_stream;  // write() streams whole rows past the cache (large maps, last level)
};

}  // namespace terrain::core
