#include "level_kernels.h"

#include "../rng.h"

#include <immintrin.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

// Each copy of level_kernels.inc has internal linkage and its own target, so no function compiled
// for AVX-512 can be picked by the linker for code that runs on an older CPU.

namespace terrain::core {

namespace avx512 {
#pragma GCC push_options
#pragma GCC target("arch=x86-64-v4")
#define KERNEL_NAME "avx512"
#include "level_kernels.inc"
#undef KERNEL_NAME
#pragma GCC pop_options
}  // namespace avx512

namespace avx2 {
#pragma GCC push_options
#pragma GCC target("arch=x86-64-v3")
#define KERNEL_NAME "avx2"
#include "level_kernels.inc"
#undef KERNEL_NAME
#pragma GCC pop_options
}  // namespace avx2

namespace baseline {
#define KERNEL_NAME "baseline"
#include "level_kernels.inc"
#undef KERNEL_NAME
}  // namespace baseline

namespace {

struct Supported {
    const LevelKernels* list[3];
    int count = 0;
    Supported() {
        __builtin_cpu_init();
        if (__builtin_cpu_supports("x86-64-v4")) list[count++] = &avx512::kKernels;
        if (__builtin_cpu_supports("x86-64-v3")) list[count++] = &avx2::kKernels;
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

LevelRows::LevelRows(Heightmap& map, int step)
    : m_map(map), m_k(levelKernels()), m_last(map.width() - 1), m_step(step), m_h(step / 2),
      m_count(m_last / step), m_stream(step == 2 && map.sampleCount() * sizeof(float) >= streamBytes()) {}

std::vector<float*> LevelRows::scratch(int arrays) const {
    thread_local std::vector<float> buffer;
    const std::size_t size = std::size_t(m_count) + 17;
    buffer.assign(std::size_t(arrays) * size, 0.0f);
    std::vector<float*> out;
    for (int i = 0; i < arrays; ++i) out.push_back(buffer.data() + std::size_t(i) * size + 1);
    return out;
}

void LevelRows::gather(int y, float* out) const {
    const float* row = m_map.row(y);
    m_k.gather(row, m_step, m_count, out);
    out[m_count] = row[m_last];
}

void LevelRows::write(int y, const float* corners, const float* odd) const {
    if (m_stream) {
        thread_local std::vector<float> line;
        line.resize(std::size_t(m_last) + 1);
        m_k.interleave(line.data(), corners, odd, m_count);
        line[std::size_t(m_last)] = corners[m_count];
        m_k.streamCopy(m_map.row(y), line.data(), m_last + 1);
        return;
    }
    float* row = m_map.row(y);
    row[m_last] = corners[m_count];
    if (m_h == 1) {
        m_k.interleave(row, corners, odd, m_count);
    } else {
        m_k.expand(row, corners, odd, m_count, m_h);
    }
}

void LevelRows::writeOdd(int y, const float* corners, const float* odd, bool exclusive) const {
    if (exclusive && m_h <= 4) {
        float* row = m_map.row(y);
        m_h == 1 ? m_k.interleave(row, corners, odd, m_count) : m_k.expand(row, corners, odd, m_count, m_h);
    } else {
        float* row = m_map.row(y) + m_h;
        for (int k = 0; k < m_count; ++k) row[std::size_t(k) * std::size_t(m_step)] = odd[k];
    }
}

}  // namespace terrain::core
