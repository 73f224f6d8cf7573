#include "level_kernels.h"
#include "kernel_targets.h"

#include "../rng.h"

#include <immintrin.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

// One copy of level_kernels.inc per x86-64 level (kernel_targets.h).

namespace terrain::core {

#define KERNEL_FILE "level_kernels.inc"
#include "kernel_variants.inc"
#undef KERNEL_FILE

namespace {

struct Supported {
    const LevelKernels* list[3];
    int count = 0;
    Supported() {
        __builtin_cpu_init();
#if defined(__clang__) && __clang_major__ < 18  // no level names in its __builtin_cpu_supports
        const bool v4 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                        __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512dq") &&
                        __builtin_cpu_supports("avx512vl");
        const bool v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
                        __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
#else
        const bool v4 = __builtin_cpu_supports("x86-64-v4");
        const bool v3 = __builtin_cpu_supports("x86-64-v3");
#endif
        if (v4 && v3) list[count++] = &avx512::kKernels;
        if (v3) list[count++] = &avx2::kKernels;
        list[count++] = &baseline::kKernels;
    }
};

const Supported& supported() {
    static const Supported s;
    return s;
}

}  // namespace

const LevelKernels& levelKernels() {
    // TERRAIN_KERNELS=avx2 or =baseline picks a lesser variant, to test and measure it here.
    static const LevelKernels* const chosen = [] {
        const Supported& s = supported();
        if (const char* want = std::getenv("TERRAIN_KERNELS"); want != nullptr) {
            for (int i = 0; i < s.count; ++i)
                if (std::strcmp(s.list[i]->name, want) == 0) return s.list[i];
        }
        return s.list[0];
    }();
    return *chosen;
}

const LevelKernels* const* supportedLevelKernels(int& count) {
    count = supported().count;
    return supported().list;
}

namespace {

// Maps at least this big are written past the cache at the last level: they do not fit in the
// cache anyway, and a streamed row is not read before it is written (no read for ownership).
std::size_t streamBytes() {
    static const std::size_t bytes = [] {
        if (const char* mb = std::getenv("TERRAIN_STREAM_MB"); mb != nullptr) return std::size_t(std::atoll(mb)) << 20;
        return std::size_t(48) << 20;
    }();
    return bytes;
}

}  // namespace

LevelGrids::LevelGrids(Heightmap& map, int detail, Workspace& workspace)
    : m_map(map), m_detail(detail), m_scratch{nullptr, nullptr} {
    // Level detail - 2 (and - 4, ...) in the first grid, detail - 3 (- 5, ...) in the second;
    // a 1-level map keeps its corners (level 0) in the first.
    for (int i = 0; i < 2; ++i) {
        const int k = std::max(detail - 2 - i, i == 0 ? 0 : -1);
        if (k < 0) break;
        const int side = (1 << k) + 1;
        Heightmap& buffer = workspace.grid(i);
        if (buffer.sampleCount() < std::size_t(side) * std::size_t(side)) buffer = Heightmap::uninitialized(side, side);
        m_scratch[i] = buffer.row(0);
    }
}

LevelGrid LevelGrids::level(int k) const {
    if (k == m_detail) return {m_map.row(0), m_map.width()};
    return {m_scratch[std::max(m_detail - 2 - k, 0) % 2], (1 << k) + 1};
}

bool LevelGrids::stream() const { return m_map.sampleCount() * sizeof(float) >= streamBytes(); }

void streamFence() { _mm_sfence(); }

std::vector<float*> levelScratchArrays(std::vector<float>& buffer, int arrays, int count) {
    const std::size_t size = std::size_t(count) + 16;
    buffer.assign(std::size_t(arrays) * size, 0.0f);
    std::vector<float*> out;
    for (int i = 0; i < arrays; ++i) out.push_back(buffer.data() + std::size_t(i) * size);
    return out;
}

float* levelRingRows(std::vector<float>& ring, int rows, int side) {
    ring.resize(std::size_t(rows) * std::size_t(side));
    return ring.data();
}

}  // namespace terrain::core
