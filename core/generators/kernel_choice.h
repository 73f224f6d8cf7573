#pragma once
// Which SIMD variants of a kernel table K (a struct whose first member is `const char* name`) the
// CPU runs, in the order supportedLevelKernels() lists them, and the one to use: the one with
// levelKernels()' name, so TERRAIN_KERNELS picks every family of kernels at once.
#include "level_kernels.h"

#include <cstring>

namespace terrain::core {

template <class K>
class KernelChoice {
public:
    KernelChoice(const K* avx512, const K* avx2, const K* baseline) {
        int n = 0;
        const LevelKernels* const* levels = supportedLevelKernels(n);
        for (int i = 0; i < n; ++i)
            for (const K* k : {avx512, avx2, baseline})
                if (std::strcmp(k->name, levels[i]->name) == 0) m_list[m_count++] = k;
        m_chosen = m_list[0];
        for (int i = 0; i < m_count; ++i)
            if (std::strcmp(m_list[i]->name, levelKernels().name) == 0) m_chosen = m_list[i];
    }
    const K* const* supported(int& count) const {
        count = m_count;
        return m_list;
    }
    const K& chosen() const { return *m_chosen; }

private:
    const K* m_list[3] = {};
    int m_count = 0;
    const K* m_chosen = nullptr;
};

}  // namespace terrain::core
