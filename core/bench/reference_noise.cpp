#include "reference_noise.h"

#include "../generators/generators.h"

#include <algorithm>
#include <cmath>

namespace terrain::test {

namespace {

double fade(double t) {
    return t * t * t * (t * (t * 6.0 - 15.0) + 10.0);
}

double lerp(double t, double a, double b) {
    return a + t * (b - a);
}

// The corner's contribution (gradient_noise.h): its gradient dotted with the offset, as Perlin's
// grad() does, plus its value.
double grad(std::uint32_t hash, double x, double y) {
    const std::uint32_t h = hash >> core::kNoiseGradShift;
    return core::kNoiseGradX[h] * x + core::kNoiseGradY[h] * y + double(core::noiseCornerValue(hash));
}

std::int64_t wrapIndex(std::int64_t c, std::int64_t period) {
    if (period <= 0) return c;
    const std::int64_t m = c % period;
    return m < 0 ? m + period : m;
}

double styled(const core::FbmParams& p, double n) {
    if (p.style == core::NoiseStyle::Fbm) return n;
    const double folded = std::fabs(n - double(p.offset));
    if (p.style == core::NoiseStyle::Billow) return folded * 2.0 - 1.0;
    double t = 1.0 - std::min(folded * double(core::kRidgeFold), 1.0), r = t;
    for (int i = 1; i < p.sharpness; ++i) r *= t;
    return r;
}

}  // namespace

double referencePerlin(double tx, double ty, std::uint32_t key, std::int64_t period) {
    const double cx = std::floor(tx), cy = std::floor(ty);
    const double x = tx - cx, y = ty - cy;
    const auto ix = std::int64_t(cx), iy = std::int64_t(cy);
    const auto i0 = std::uint32_t(wrapIndex(ix, period)), i1 = std::uint32_t(wrapIndex(ix + 1, period));
    const auto j0 = std::uint32_t(wrapIndex(iy, period)), j1 = std::uint32_t(wrapIndex(iy + 1, period));
    const double u = fade(x), v = fade(y);
    return lerp(v, lerp(u, grad(core::noiseCornerHash(key, i0, j0), x, y), grad(core::noiseCornerHash(key, i1, j0), x - 1, y)),
                lerp(u, grad(core::noiseCornerHash(key, i0, j1), x, y - 1),
                     grad(core::noiseCornerHash(key, i1, j1), x - 1, y - 1)));
}

double referenceFbmAt(const core::FbmParams& p, int field, double x_m, double y_m, int side, double metresPerSample) {
    const double world_m = double(side - 1) * metresPerSample;
    double freq = 1.0 / p.featureSize_m, amp = 1.0, sum = 0.0, total = 0.0, weight = 1.0;
    float ampF = 1.0f;  // the amplitudes as the kernel has them (float roughness, float products)
    for (int o = 0; o < p.octaves; ++o, freq *= p.lacunarity, ampF *= p.roughness) {
        amp = double(ampF);
        std::int64_t period = 0;
        double tx = x_m * freq, ty = y_m * freq;
        if (p.wrap) {  // whole cells across the world: position = metres / world * cells
            period = std::max<std::int64_t>(1, std::llround(world_m * freq));
            tx = x_m / world_m * double(period);
            ty = y_m / world_m * double(period);
        }
        const double signal = styled(p, referencePerlin(tx, ty, core::noiseOctaveKey(p.seed, field, o), period)) * weight;
        total += amp * signal;
        if (p.style == core::NoiseStyle::Ridged) weight = std::min(signal * 2.0, 1.0);  // Musgrave's weighting
        sum += amp;
    }
    return total / sum;
}

void referenceFbmInto(const core::FbmParams& p, double metresPerSample, core::Heightmap& out) {
    const int side = core::sideForDetail(p.detail);
    out.reshapeUninitialized(side, side);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x)
            out.at(x, y) = float(referenceFbmAt(p, 0, x * metresPerSample, y * metresPerSample, side, metresPerSample));
}

void referenceWarpedFbmInto(const core::WarpedFbmParams& p, double metresPerSample, core::Heightmap& out) {
    const int side = core::sideForDetail(p.fbm.detail);
    out.reshapeUninitialized(side, side);
    core::FbmParams warp = p.fbm, height = p.fbm;
    warp.style = core::NoiseStyle::Fbm;
    warp.octaves = p.warpOctaves;
    warp.featureSize_m = p.warpFeatureSize_m;
    warp.wrap = height.wrap = false;
    const double s = p.warpStrength_m;
    const auto f = [&](const core::FbmParams& params, int field, double x, double y) {
        return referenceFbmAt(params, field, x, y, side, metresPerSample);
    };
    for (int y = 0; y < side; ++y) {
        for (int x = 0; x < side; ++x) {
            const double px = x * metresPerSample, py = y * metresPerSample;
            double wx = f(warp, 1, px, py), wy = f(warp, 2, px, py);  // q(p)
            if (p.warpLevels == 2) {                                    // r(p) = q'(p + s q(p))
                const double rx = f(warp, 3, px + s * wx, py + s * wy), ry = f(warp, 4, px + s * wx, py + s * wy);
                wx = rx;
                wy = ry;
            }
            out.at(x, y) = float(f(height, 0, px + s * wx, py + s * wy));
        }
    }
}

}  // namespace terrain::test
