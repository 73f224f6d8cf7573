#pragma once
// Gradient-noise fBm and its domain-warped form: Perlin's gradient noise in 2-D as his
// "Improving noise" (2002) computes it (quintic fade, a hashed choice among fixed gradients, lerp
// of the corners' dot products), summed over octaves in world metres, the lattice hashed from the
// seed; the gradient set is our own (kNoiseGradX below says why).
//
// Why Perlin-style gradient noise and not simplex: its lattice is axis-aligned, so all samples of
// a map row share the row's lattice cell and fraction in y, and all rows share each column's cell
// and fraction in x. The fast kernel below exploits exactly that (no per-sample hashing or
// gathers), which simplex's skewed lattice does not allow; the reference stays a few lines long.
#include "../heightmap.h"
#include "../registry.h"
#include "generators.h"

#include <cstdint>

namespace terrain::core {

struct GenerateContext;
struct Recipe;

enum class NoiseStyle {
    Fbm,     // the plain sum of octaves: rolling hills
    Billow,  // each octave folded, 2|n - offset| - 1: rounded, puffy hills and creased valleys
    Ridged,  // each octave folded and inverted, (1 - |n - offset|)^sharpness: sharp crests
};

struct FbmParams {
    int detail = 9;
    std::uint64_t seed = 1;
    NoiseStyle style = NoiseStyle::Fbm;
    double featureSize_m = 256.0;  // the largest wavelength: the lattice cell of the first octave
    int octaves = 8;               // 1..16
    double lacunarity = 2.0;       // the frequency factor from one octave to the next
    float roughness = 0.5f;        // gain: the amplitude factor from one octave to the next
    int sharpness = 3;             // ridged: the power of each folded octave, 1..4
    float offset = 0.0f;           // ridged, billow: the noise value the octaves fold at
    bool wrap = false;             // periodic: the map tiles with itself (whole cells per world)
};

// Quilez's domain warping: the fBm is sampled at p + strength * w(p), where w is a pair of fBm
// fields (level 1: w = q(p)) or a pair of fBm fields sampled at p + strength * q(p) (level 2).
struct WarpedFbmParams {
    FbmParams fbm;
    double warpStrength_m = 256.0;     // how far the input positions move, at most about this
    double warpFeatureSize_m = 256.0;  // the largest wavelength of the warp fields
    int warpOctaves = 4;               // octaves of each warp field
    int warpLevels = 1;                // 1 or 2
};

FbmParams fbmParams(const Recipe& recipe);
WarpedFbmParams warpedFbmParams(const Recipe& recipe);

// The map of side 2^detail + 1 whose sample spacing is `metresPerSample`.
void fbmInto(const FbmParams& params, double metresPerSample, const GenerateContext& context, Heightmap& out);
void warpedFbmInto(const WarpedFbmParams& params, double metresPerSample, const GenerateContext& context,
                   Heightmap& out);

// The samples of `window` of those maps, bit for bit, computed alone (world tiles);
// detail up to kLatticeDetail.
void fbmWindowInto(const FbmParams& params, double metresPerSample, SampleWindow window, const GenerateContext& context,
                   Heightmap& out);
void warpedFbmWindowInto(const WarpedFbmParams& params, double metresPerSample, SampleWindow window,
                         const GenerateContext& context, Heightmap& out);

// The SIMD variants of the noise kernels (gradient_noise.inc), chosen like levelKernels(): the
// same TERRAIN_KERNELS override, the same names.
struct NoiseKernels;
const NoiseKernels& noiseKernels();
const NoiseKernels* const* supportedNoiseKernels(int& count);
const char* noiseKernelsName(const NoiseKernels& kernels);
void fbmIntoWith(const NoiseKernels& kernels, const FbmParams& params, double metresPerSample,
                 const GenerateContext& context, Heightmap& out);
void warpedFbmIntoWith(const NoiseKernels& kernels, const WarpedFbmParams& params, double metresPerSample,
                       const GenerateContext& context, Heightmap& out);
void fbmWindowWith(const NoiseKernels& kernels, const FbmParams& params, double metresPerSample, SampleWindow window,
                   const GenerateContext& context, Heightmap& out);
void warpedFbmWindowWith(const NoiseKernels& kernels, const WarpedFbmParams& params, double metresPerSample,
                         SampleWindow window, const GenerateContext& context, Heightmap& out);

// The hash of lattice corner (i, j) of one octave (its key from the seed, the field and the
// octave): shared by the kernels and the reference, so they pick the same gradients.
std::uint32_t noiseOctaveKey(std::uint64_t seed, int field, int octave);
constexpr std::uint32_t noiseHash32(std::uint32_t x) {
    // A 32-bit integer finaliser (two multiplies; full avalanche on the top bits we use): it
    // vectorises on every x86-64 level, which the 64-bit mix64 does not below AVX-512.
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}
// Corner (i, j): one finaliser of the row's and the column's odd multiples combined, so a kernel
// that steps along a row or column adds a constant instead of hashing twice.
inline constexpr std::uint32_t kNoiseColumnMul = 0x9e3779b1U, kNoiseRowMul = 0x85ebca77U;
constexpr std::uint32_t noiseCornerHash(std::uint32_t key, std::uint32_t i, std::uint32_t j) {
    return noiseHash32((key + j * kNoiseRowMul) ^ (i * kNoiseColumnMul));
}
// Each lattice corner contributes g . (offset) + c (gradient-value noise): a gradient g from its
// hash's top 3 bits, 8 unit vectors at 22.5 + k * 45 degrees (bit 0 flips x, bit 1 flips y, bit
// 2 swaps the components), and a value c from the next 3 bits, in [-7/16, 7/16].
//
// Why not Perlin 2002's gradients alone: plain gradient noise is 0 at every lattice corner, and
// along a lattice edge it depends only on the gradients' components along that edge, so edges
// where both are small (or zero: the z = 0 slice of Perlin's set has axis-aligned vectors) are
// nearly 0 all along. Ridged and billow fold the noise at 0, and those edges became straight
// creases on the lattice (docs/images/noise, before this). A slice of Perlin's 3-D noise off its
// lattice planes has exactly this form, a 2-D gradient plus a constant per corner; drawing the
// constant directly costs one add per corner instead of a second layer of gradients.
inline constexpr float kNoiseGradA = 0.92387953251128674f;  // cos 22.5 degrees
inline constexpr float kNoiseGradB = 0.38268343236508978f;  // sin 22.5 degrees
inline constexpr float kNoiseGradX[8] = {kNoiseGradA, -kNoiseGradA, kNoiseGradA, -kNoiseGradA,
                                         kNoiseGradB, -kNoiseGradB, kNoiseGradB, -kNoiseGradB};
inline constexpr float kNoiseGradY[8] = {kNoiseGradB, kNoiseGradB, -kNoiseGradB, -kNoiseGradB,
                                         kNoiseGradA, kNoiseGradA, -kNoiseGradA, -kNoiseGradA};
constexpr int kNoiseGradShift = 29;  // gradient index = hash >> kNoiseGradShift
// The corner's value: bits 26..28 of its hash, (k - 3.5) / 8 (exact in float).
constexpr float noiseCornerValue(std::uint32_t hash) {
    return float(std::int32_t((hash >> 26) & 7U)) * 0.125f - 0.4375f;
}
// Ridged folds 1 - min(kRidgeFold |n - offset|, 1): one octave of this noise stays within +-1
// (99 % within +-0.71), so the fold spans its whole range and never clips: a larger factor made
// flat disks wherever it clipped (the octaves' weight drops to 0 there).
inline constexpr float kRidgeFold = 1.0f;

Algorithm fbmAlgorithm();
Algorithm warpedFbmAlgorithm();

}  // namespace terrain::core
