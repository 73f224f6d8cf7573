#pragma once
// Small helpers the generator tests share.
#include "core/cancel.h"
#include "core/heightmap.h"

#include <cstring>

namespace map_test {

// A context with `n` threads (its own helpers and workspace: none named).
inline terrain::core::GenerateContext threads(int n) {
    terrain::core::GenerateContext c;
    c.threads = n;
    return c;
}

// Bit for bit (EXPECT_EQ on floats would accept -0 for +0 and reject equal NaNs).
inline bool sameBits(const terrain::core::Heightmap& a, const terrain::core::Heightmap& b) {
    return a.width() == b.width() && a.height() == b.height() &&
           std::memcmp(a.samples().data(), b.samples().data(), a.samples().size() * sizeof(float)) == 0;
}

}  // namespace map_test
