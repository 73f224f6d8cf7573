#include "value_noise.h"

#include "op_support.h"

#include <cmath>
#include <cstdint>
#include <vector>

namespace terrain::core {
namespace {

float smoothstep(float f) { return f * f * (3.0f - 2.0f * f); }

// One row of the noisy height: in + amount · noise, the noise interpolated between the hashes of
// the row's cell corners above (top) and below (bottom). Sample x lies at whole-map column x0 + x;
// top[0] is cell c0's corner.
TERRAIN_VECTOR_CLONES
void noisyRow(const float* in, float* out, int x0, int width, const float* top, const float* bottom, int c0, float fy,
              double step, float amount) {
    for (int x = 0; x < width; ++x) {
        const double px = double(x0 + x) * step;
        const double ix = std::floor(px);
        const float fx = smoothstep(float(px - ix));
        const int i = int(ix) - c0;
        const float t = top[i] + fx * (top[i + 1] - top[i]);
        const float b = bottom[i] + fx * (bottom[i + 1] - bottom[i]);
        out[x] = in[x] + amount * (t + fy * (b - t));
    }
}

}  // namespace

ValueNoise::ValueNoise(std::uint64_t seed, RngStream stream, double metresPerSample, double cell_m, int x0, int width)
    : m_hash(seed, stream), m_step(metresPerSample / cell_m), m_x0(x0), m_width(width),
      m_c0(int(std::floor(double(x0) * m_step))),
      m_cells(int(std::floor(double(x0 + width - 1) * m_step)) + 2 - m_c0) {}

void ValueNoise::row(int y, const float* in, float* out, float amount) const {
    const double py = double(y) * m_step;
    const double iy = std::floor(py);
    const float fy = smoothstep(float(py - iy));
    // The lattice row, wrapped to 32 bits through a 64-bit integer: rows before the map's first
    // (river-erosion's bands on the level extended past the map's edge) lie at negative y, and
    // converting a negative double straight to an unsigned integer is undefined.
    const auto row = std::uint32_t(std::int64_t(iy));
    std::vector<float> top(std::size_t(m_cells) + 1), bottom(std::size_t(m_cells) + 1);
    for (int i = 0; i <= m_cells; ++i) {
        top[std::size_t(i)] = toSigned(m_hash(std::uint32_t(m_c0 + i), row));
        bottom[std::size_t(i)] = toSigned(m_hash(std::uint32_t(m_c0 + i), row + 1));
    }
    noisyRow(in, out, m_x0, m_width, top.data(), bottom.data(), m_c0, fy, m_step, amount);
}

}  // namespace terrain::core
