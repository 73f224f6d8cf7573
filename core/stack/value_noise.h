#pragma once
// Smooth value noise placed by world position: the same world point has the same noise at every
// detail and in every tile of a world (terrace's edge noise, the strata's wandering boundaries).
#include "../rng.h"

#include <cstdint>

namespace terrain::core {

// Value noise in [-1, 1) on a square lattice of `cell_m` metres, smoothstep-interpolated between
// the corners' hashes (seed, stream). The position of sample (x, y) of the whole map is
// (x, y) · metresPerSample.
class ValueNoise {
public:
    // For whole-map columns x0 .. x0 + width - 1.
    ValueNoise(std::uint64_t seed, RngStream stream, double metresPerSample, double cell_m, int x0, int width);

    // out = in + amount · noise for whole-map row y (in and out may be the same row).
    void row(int y, const float* in, float* out, float amount) const;

private:
    PointHash m_hash;
    double m_step;  // cells per sample
    int m_x0, m_width;
    int m_c0;       // the first cell
    int m_cells;
};

}  // namespace terrain::core
