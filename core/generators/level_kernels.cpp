#include "level_kernels.h"

#include "../rng.h"

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
    if (m_h == 1) {
        m_k.gatherEvens(row, m_count, out);
        out[m_count] = row[m_last];
    } else {
        for (int k = 0; k <= m_count; ++k) out[k] = row[std::size_t(k) * std::size_t(m_step)];
    }
}

void LevelRows::write(int y, const float* corners, const float* odd) const {
    float* row = m_map.row(y);
    row[m_last] = corners[m_count];
    if (m_h == 1) {
        m_k.interleave(row, corners, odd, m_count);
    } else {
        for (int k = 0; k < m_count; ++k) {
            row[std::size_t(k) * std::size_t(m_step)] = corners[k];
            row[std::size_t(k) * std::size_t(m_step) + std::size_t(m_h)] = odd[k];
        }
    }
}

void LevelRows::writeOdd(int y, const float* corners, const float* odd, bool exclusive) const {
    if (m_h == 1 && exclusive) {
        m_k.interleave(m_map.row(y), corners, odd, m_count);
    } else {
        float* row = m_map.row(y) + m_h;
        for (int k = 0; k < m_count; ++k) row[std::size_t(k) * std::size_t(m_step)] = odd[k];
    }
}

}  // namespace terrain::core
