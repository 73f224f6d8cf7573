#pragma once
// Shared by test_lattice.cpp, test_lattice_large.cpp and test_large_maps.cpp. The lattice rule
// says the map at detail d + k sampled every 2^k-th point in x and y is bit-identical
// to the map at detail d.
#include <core/cancel.h>
#include <core/generators/generators.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>

namespace terrain::test {

// Every 2^k-th sample of `fine` in x, and in y when it has more than one row (a line has one).
inline core::Heightmap subsample(const core::Heightmap& fine, int k) {
    const int step = 1 << k;
    const int width = (fine.width() - 1) / step + 1;
    const int height = fine.height() == 1 ? 1 : (fine.height() - 1) / step + 1;
    core::Heightmap out(width, height);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) out.at(x, y) = fine.at(x * step, y * step);
    return out;
}

// Bit for bit (EXPECT_EQ on floats would accept -0 for +0 and reject equal NaNs).
inline ::testing::AssertionResult sameBits(const core::Heightmap& a, const core::Heightmap& b) {
    if (a.width() != b.width() || a.height() != b.height())
        return ::testing::AssertionFailure() << "sizes differ: " << a.width() << "x" << a.height() << " vs "
                                             << b.width() << "x" << b.height();
    if (std::memcmp(a.samples().data(), b.samples().data(), a.samples().size() * sizeof(float)) == 0)
        return ::testing::AssertionSuccess();
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) {
            const float va = a.at(x, y), vb = b.at(x, y);
            if (std::memcmp(&va, &vb, sizeof(float)) != 0)
                return ::testing::AssertionFailure() << "first difference at (" << x << ", " << y << "): "
                                                     << va << " vs " << vb;
        }
    }
    return ::testing::AssertionFailure() << "differ";
}

inline core::GenerateContext onThreads(int threads) {
    core::GenerateContext context;
    context.threads = threads;
    return context;
}

inline const char* edgeName(core::EdgeMode edge) {
    switch (edge) {
    case core::EdgeMode::Clip:
        return "clip";
    case core::EdgeMode::Wrap:
        return "wrap";
    case core::EdgeMode::Reflect:
        return "reflect";
    }
    return "?";
}

}  // namespace terrain::test
