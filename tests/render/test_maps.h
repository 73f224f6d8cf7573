#pragma once
// Small deterministic heightmaps for the render tests.
#include "core/heightmap.h"

#include <cmath>
#include <memory>

namespace terrain::render::test {

// A smooth hill plus ripples: every sample distinct enough to show shading.
inline core::Heightmap hillMap(int size, float ripple = 0.15f) {
    core::Heightmap map(size, size);
    for (int y = 0; y < size; ++y) {
        for (int x = 0; x < size; ++x) {
            const float u = float(x) / float(size - 1) - 0.5f;
            const float v = float(y) / float(size - 1) - 0.5f;
            map.at(x, y) = std::exp(-8.0f * (u * u + v * v)) +
                           ripple * std::sin(19.0f * u) * std::cos(23.0f * v);
        }
    }
    return map;
}

// x + y ramp from 0 at the north-west corner.
inline core::Heightmap rampMap(int width, int height) {
    core::Heightmap map(width, height);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) map.at(x, y) = float(x + y);
    return map;
}

inline std::shared_ptr<const core::Heightmap> shared(core::Heightmap map) {
    return std::make_shared<const core::Heightmap>(std::move(map));
}

}  // namespace terrain::render::test
