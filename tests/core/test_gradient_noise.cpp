// The gradient-noise generators `fbm` and `warped-fbm`: the fast kernels against the
// plain Perlin/Quilez reference, every SIMD variant and thread count giving the same bytes, the
// lattice rule in world metres, wrap, the statistics the parameters promise, bad parameters.
#include "core/analysis/statistics.h"
#include "core/analysis/variogram.h"
#include "core/bench/reference_noise.h"
#include "core/cancel.h"
#include "core/errors.h"
#include "core/generators/gradient_noise.h"
#include "core/recipe.h"
#include "core/registry.h"

#include "map_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

namespace core = terrain::core;
using map_test::sameBits;
using map_test::threads;

namespace {

double maxDifference(const core::Heightmap& a, const core::Heightmap& b) {
    double worst = 0.0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) worst = std::max(worst, double(std::fabs(a.at(x, y) - b.at(x, y))));
    return worst;
}

std::vector<const core::NoiseKernels*> allKernels() {
    int count = 0;
    const core::NoiseKernels* const* list = core::supportedNoiseKernels(count);
    return {list, list + count};
}

core::FbmParams fbm(int detail, std::uint64_t seed, core::NoiseStyle style = core::NoiseStyle::Fbm) {
    core::FbmParams p;
    p.detail = detail;
    p.seed = seed;
    p.style = style;
    p.featureSize_m = 60.0;
    p.octaves = 6;
    return p;
}

core::WarpedFbmParams warped(int detail, std::uint64_t seed, int levels) {
    core::WarpedFbmParams p;
    p.fbm = fbm(detail, seed);
    p.warpStrength_m = 25.0;
    p.warpFeatureSize_m = 80.0;
    p.warpOctaves = 3;
    p.warpLevels = levels;
    return p;
}

core::Heightmap makeFbm(const core::FbmParams& p, double mps, int nThreads = 2) {
    core::Heightmap out;
    core::fbmInto(p, mps, threads(nThreads), out);
    return out;
}

core::Heightmap makeWarped(const core::WarpedFbmParams& p, double mps, int nThreads = 2) {
    core::Heightmap out;
    core::warpedFbmInto(p, mps, threads(nThreads), out);
    return out;
}

// Every 2nd sample of `fine` in both directions.
core::Heightmap everySecond(const core::Heightmap& fine) {
    core::Heightmap out((fine.width() + 1) / 2, (fine.height() + 1) / 2);
    for (int y = 0; y < out.height(); ++y)
        for (int x = 0; x < out.width(); ++x) out.at(x, y) = fine.at(2 * x, 2 * y);
    return out;
}

double skewness(const core::Heightmap& m) {
    double mean = 0.0;
    for (float v : m.samples()) mean += v;
    mean /= double(m.sampleCount());
    double m2 = 0.0, m3 = 0.0;
    for (float v : m.samples()) {
        const double d = v - mean;
        m2 += d * d;
        m3 += d * d * d;
    }
    m2 /= double(m.sampleCount());
    m3 /= double(m.sampleCount());
    return m3 / std::pow(m2, 1.5);
}

}  // namespace

// The fast kernel reorders Perlin's arithmetic (the x-lerps folded into four column terms per
// lattice row, rows combined as r0 A0 + r1 A1 + r2 B0 + r3 B1) and works in float; the reference
// lerps in double. Each octave's noise is a sum of 4 products of terms of magnitude <= 1.5 with
// about 8 roundings of 2^-24 relative each: <= ~1e-6; the octaves' weighted mean keeps that, and a
// ridged power of 4 multiplies it by at most 4 (the derivative of t^4 on [0, 1]). So 4e-6 for
// fbm and billow, 1.6e-5 for ridged at sharpness 4; measured about a third of that.
TEST(GradientNoise, FastKernelMatchesPlainPerlinWithinTheFloatBound) {
    for (auto style : {core::NoiseStyle::Fbm, core::NoiseStyle::Ridged, core::NoiseStyle::Billow}) {
        for (bool wrap : {false, true}) {
            for (std::uint64_t seed : {1ULL, 77ULL}) {
                core::FbmParams p = fbm(7, seed, style);
                p.wrap = wrap;
                p.sharpness = 4;
                p.offset = style == core::NoiseStyle::Fbm ? 0.0f : 0.2f;
                p.lacunarity = seed == 1 ? 2.0 : 2.37;
                p.roughness = 0.55f;
                const double mps = seed == 1 ? 1.0 : 3.7;
                core::Heightmap reference;
                terrain::test::referenceFbmInto(p, mps, reference);
                const double bound = style == core::NoiseStyle::Ridged ? 1.6e-5 : 4e-6;
                EXPECT_LE(maxDifference(makeFbm(p, mps), reference), bound)
                    << "style " << int(style) << " wrap " << wrap << " seed " << seed;
            }
        }
    }
}

// Warped sampling moves positions by float metres times the octave's frequency: the warp field's
// own float error (~4e-6 of the normalised field) times the strength (25 m) times the finest
// frequency (2^5 / 60 m ≈ 0.53 cells per metre) moves a sample by ~5e-5 cells, which changes the
// noise (slope <= ~2.5 per cell) by ~1.3e-4; level 2 compounds it once more. Bound: 1e-3.
TEST(GradientNoise, WarpedKernelMatchesQuilezReferenceWithinBound) {
    for (int levels : {1, 2}) {
        const core::WarpedFbmParams p = warped(7, 5, levels);
        core::Heightmap reference;
        terrain::test::referenceWarpedFbmInto(p, 1.5, reference);
        EXPECT_LE(maxDifference(makeWarped(p, 1.5), reference), 1e-3) << "levels " << levels;
    }
}

// With no warp the per-sample evaluator computes the same function as the row kernel.
TEST(GradientNoise, UnwarpedWarpedFbmIsTheFbm) {
    core::WarpedFbmParams p = warped(8, 9, 1);
    p.warpStrength_m = 0.0;
    EXPECT_LE(maxDifference(makeWarped(p, 2.0), makeFbm(p.fbm, 2.0)), 4e-6);
}

TEST(GradientNoise, EveryKernelVariantGivesTheSameBytes) {
    const auto kernels = allKernels();
    ASSERT_GE(kernels.size(), 1U);
    core::FbmParams ridged = fbm(9, 3, core::NoiseStyle::Ridged);
    ridged.sharpness = 3;
    ridged.offset = 0.1f;
    for (const core::FbmParams& p : {fbm(9, 3), ridged, fbm(9, 4, core::NoiseStyle::Billow)}) {
        core::Heightmap first;
        core::fbmIntoWith(*kernels[0], p, 1.0, threads(2), first);
        for (const core::NoiseKernels* k : kernels) {
            core::Heightmap out;
            core::fbmIntoWith(*k, p, 1.0, threads(2), out);
            EXPECT_TRUE(sameBits(first, out)) << core::noiseKernelsName(*k);
        }
    }
    const core::WarpedFbmParams w = warped(8, 3, 2);
    core::Heightmap first;
    core::warpedFbmIntoWith(*kernels[0], w, 1.0, threads(2), first);
    for (const core::NoiseKernels* k : kernels) {
        core::Heightmap out;
        core::warpedFbmIntoWith(*k, w, 1.0, threads(2), out);
        EXPECT_TRUE(sameBits(first, out)) << "warped " << core::noiseKernelsName(*k);
    }
}

// The AVX-512 displaced octave hashes a window of corners once for the blocks of 16 samples that
// fit in it and each sample's own corners otherwise (gradient_noise_avx512.inc): every style and
// sharpness, warps from none (every block of a coarse octave in one window) to ones that fold
// the map (blocks that fit no window), octaves of 2 to 400 samples a cell, and windows of the map
// whose width and left edge are not multiples of 16, all the bytes of the baseline.
TEST(GradientNoise, EveryKernelVariantGivesTheSameBytesForEveryWarp) {
    const auto kernels = allKernels();
    ASSERT_GE(kernels.size(), 1U);
    int cases = 0;
    for (double strength : {0.0, 30.0, 400.0}) {
        for (int style = 0; style < 3; ++style) {
            for (int sharpness : {1, 2, 3, 4}) {
                if (style != 2 && sharpness != 1) continue;
                core::WarpedFbmParams p = warped(8, 17 + std::uint64_t(cases), 1 + cases % 2);
                p.fbm.style = core::NoiseStyle(style);
                p.fbm.sharpness = sharpness;
                p.fbm.offset = style == 0 ? 0.0f : 0.15f;
                p.fbm.featureSize_m = 400.0;
                p.fbm.octaves = 9;
                p.warpStrength_m = strength;
                p.warpFeatureSize_m = 120.0;
                const core::SampleWindow window{37, 5, 181, 40};
                core::Heightmap whole, part;
                core::warpedFbmIntoWith(*kernels.back(), p, 1.0, threads(2), whole);
                core::warpedFbmWindowWith(*kernels.back(), p, 1.0, window, threads(2), part);
                for (const core::NoiseKernels* k : kernels) {
                    core::Heightmap out, outPart;
                    core::warpedFbmIntoWith(*k, p, 1.0, threads(2), out);
                    core::warpedFbmWindowWith(*k, p, 1.0, window, threads(2), outPart);
                    EXPECT_TRUE(sameBits(whole, out)) << core::noiseKernelsName(*k) << " strength " << strength
                                                      << " style " << style << " sharpness " << sharpness;
                    EXPECT_TRUE(sameBits(part, outPart)) << core::noiseKernelsName(*k) << " window, strength "
                                                         << strength << " style " << style;
                }
                ++cases;
            }
        }
    }
    EXPECT_EQ(cases, 18);
}

TEST(GradientNoise, SameBytesOnAnyThreadCount) {
    const core::FbmParams p = fbm(10, 11, core::NoiseStyle::Ridged);
    const core::Heightmap one = makeFbm(p, 1.0, 1);
    for (int n : {2, 3, 8}) EXPECT_TRUE(sameBits(one, makeFbm(p, 1.0, n))) << n << " threads";
    const core::WarpedFbmParams w = warped(9, 11, 2);
    const core::Heightmap wOne = makeWarped(w, 1.0, 1);
    for (int n : {2, 3, 8}) EXPECT_TRUE(sameBits(wOne, makeWarped(w, 1.0, n))) << n << " threads (warped)";
}

// The lattice rule in world metres: detail d + 1 has half the spacing, and every 2nd sample of it
// is the map at detail d, bit for bit, for every style, with and without wrap, and warped.
TEST(GradientNoise, MapAtDetailPlusOneSampledEverySecondPointIsTheMapAtDetail) {
    for (int d = 6; d <= 10; ++d) {
        const double mps = 1024.0 / double(1 << d) * 0.75;  // the same 768 m world at every detail
        core::FbmParams p = fbm(d, 40 + std::uint64_t(d), core::NoiseStyle(d % 3));
        p.wrap = d % 2 == 0;
        p.lacunarity = 2.13;
        core::FbmParams finer = p;
        finer.detail = d + 1;
        EXPECT_TRUE(sameBits(everySecond(makeFbm(finer, mps / 2)), makeFbm(p, mps))) << "fbm detail " << d;
        if (d <= 8) {
            core::WarpedFbmParams w = warped(d, 3, 1 + d % 2);
            core::WarpedFbmParams wf = w;
            wf.fbm.detail = d + 1;
            EXPECT_TRUE(sameBits(everySecond(makeWarped(wf, mps / 2)), makeWarped(w, mps))) << "warped detail " << d;
        }
    }
}

// A wider world at the same spacing shows more terrain, not stretched terrain: the map of a
// world twice as wide (detail d + 1, same metres per sample) starts with the map of detail d.
TEST(GradientNoise, AWiderWorldShowsMoreTerrainNotStretchedTerrain) {
    const core::FbmParams small = fbm(8, 21);
    core::FbmParams wide = small;
    wide.detail = 9;
    const core::Heightmap a = makeFbm(small, 2.0), b = makeFbm(wide, 2.0);
    bool same = true;
    for (int y = 0; y < a.height(); ++y)
        same = same && std::memcmp(a.row(y), b.row(y), std::size_t(a.width()) * sizeof(float)) == 0;
    EXPECT_TRUE(same);
}

TEST(GradientNoise, WrappedMapsTileWithThemselves) {
    core::FbmParams p = fbm(8, 5, core::NoiseStyle::Ridged);
    p.wrap = true;
    p.featureSize_m = 77.0;  // not a whole fraction of the 256 m world: rounded per octave
    p.lacunarity = 2.2;
    const core::Heightmap m = makeFbm(p, 1.0);
    const int last = m.width() - 1;
    for (int i = 0; i <= last; ++i) {
        ASSERT_EQ(m.at(0, i), m.at(last, i)) << "row " << i;
        ASSERT_EQ(m.at(i, 0), m.at(i, last)) << "column " << i;
    }
    p.wrap = false;
    const core::Heightmap open = makeFbm(p, 1.0);
    EXPECT_NE(open.at(0, 100), open.at(last, 100));  // without wrap the edges differ
}

// fBm's variogram grows as lag^(2H) with H = -log2(roughness) between the finest and coarsest
// wavelengths (as for diamond-square): fitted over lags 4..64 samples of a map whose octaves run
// from 1024 down to 2 samples. Perlin noise is smooth inside a cell, so lags below the finest
// cells would pull the slope towards 2; lags near the largest wavelength flatten it.
TEST(GradientNoise, VariogramSlopeFollowsRoughness) {
    for (double h : {0.45, 0.75}) {
        core::FbmParams p = fbm(10, 8);
        p.featureSize_m = 1024.0;
        p.octaves = 10;
        p.roughness = float(std::exp2(-h));
        const core::HurstEstimate e = core::estimateHurst(makeFbm(p, 1.0), 4, 64);
        ASSERT_TRUE(e.valid);
        EXPECT_NEAR(e.hurst, h, 0.12) << "roughness " << p.roughness;
    }
}

// Ridged folds each octave at its zero crossings and turns the fold upwards: high, narrow crests
// and wide low valleys, i.e. a long upper tail (positive skew) and crests much sharper than the
// valley floors. Plain fBm is symmetric: skew near 0 and the same curvature at both ends. A
// sharper power and a fold level away from 0 thin the ridges further: the skew grows with both
// (mean of 4 seeds, fold 0 / +0.3 / -0.3: sharpness 1 -0.80 / -0.84 / -0.79, 2 -0.37 / 0.01 /
// 0.05, 3 0.09 / 0.46 / 0.49, 4 0.41 / 0.77 / 0.80; a power of 1 leaves the folded octaves'
// wide crests, whence its negative skew).
TEST(GradientNoise, RidgedMapsHavePositiveSkewAndSharpCrests) {
    const auto curvatureAtExtremes = [](const core::Heightmap& m) {
        // Mean |Laplacian| at the highest 1 % of interior samples over that at the lowest 1 %.
        std::vector<std::pair<float, float>> v;
        for (int y = 1; y + 1 < m.height(); ++y)
            for (int x = 1; x + 1 < m.width(); ++x) {
                const float lap = m.at(x - 1, y) + m.at(x + 1, y) + m.at(x, y - 1) + m.at(x, y + 1) - 4 * m.at(x, y);
                v.emplace_back(m.at(x, y), std::fabs(lap));
            }
        std::sort(v.begin(), v.end());
        const std::size_t n = v.size() / 100;
        double low = 0.0, high = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            low += v[i].second;
            high += v[v.size() - 1 - i].second;
        }
        return high / low;
    };
    // Skew varies from seed to seed (a 1 km map holds only ~64 of the largest features): the mean
    // over 4 seeds.
    const auto meanSkew = [](core::FbmParams p) {
        double sum = 0.0;
        for (std::uint64_t seed = 13; seed < 17; ++seed) {
            p.seed = seed;
            sum += skewness(makeFbm(p, 1.0));
        }
        return sum / 4.0;
    };
    core::FbmParams p = fbm(10, 13, core::NoiseStyle::Ridged);
    p.featureSize_m = 128.0;
    const core::Heightmap ridged = makeFbm(p, 1.0);
    const double ridgedSkew = meanSkew(p);
    p.style = core::NoiseStyle::Fbm;
    const core::Heightmap plain = makeFbm(p, 1.0);
    std::printf("mean skew: ridged %.3f, fbm %.3f; crest/valley curvature: ridged %.1f, fbm %.2f\n", ridgedSkew,
                meanSkew(p), curvatureAtExtremes(ridged), curvatureAtExtremes(plain));
    EXPECT_GT(ridgedSkew, 0.05);  // measured 0.086 (deterministic: the same seeds every run)
    EXPECT_LT(std::fabs(meanSkew(p)), 0.15);
    EXPECT_GT(curvatureAtExtremes(ridged), 5.0);
    EXPECT_LT(curvatureAtExtremes(plain), 1.6);
    EXPECT_GT(curvatureAtExtremes(plain), 1 / 1.6);
    p.style = core::NoiseStyle::Ridged;
    double previous = -10.0;
    for (int sharpness = 1; sharpness <= 4; ++sharpness) {
        p.sharpness = sharpness;
        p.offset = 0.0f;
        const double skew = meanSkew(p);
        EXPECT_GT(skew, previous) << "sharpness " << sharpness;
        if (sharpness >= 2) {
            p.offset = 0.3f;
            EXPECT_GT(meanSkew(p), skew) << "fold level 0.3, sharpness " << sharpness;
            p.offset = -0.3f;
            EXPECT_GT(meanSkew(p), skew) << "fold level -0.3, sharpness " << sharpness;
        }
        previous = skew;
    }
    EXPECT_GT(previous, 0.3);  // sharpness 4: measured 0.41
}

TEST(GradientNoise, BadParametersAreRefusedNamingTheField) {
    const core::Registry registry = core::makeBuiltinRegistry();
    const auto refused = [&](const char* algorithm, const char* key, const char* value) {
        core::Recipe r = core::defaultRecipe(registry, algorithm);
        try {
            core::setParamFromText(registry, r, key, value, key);
            core::validateRecipe(registry, r);
        } catch (const core::InputError& e) {
            return std::string(e.what()).find(key) != std::string::npos;
        }
        return false;
    };
    EXPECT_TRUE(refused("fbm", "octaves", "17"));
    EXPECT_TRUE(refused("fbm", "octaves", "0"));
    EXPECT_TRUE(refused("fbm", "feature_size_m", "0"));
    EXPECT_TRUE(refused("fbm", "lacunarity", "1"));
    EXPECT_TRUE(refused("fbm", "style", "cloudy"));
    EXPECT_TRUE(refused("fbm", "sharpness", "5"));
    EXPECT_TRUE(refused("warped-fbm", "warp_levels", "3"));
    EXPECT_TRUE(refused("warped-fbm", "warp_strength_m", "-1"));
    EXPECT_TRUE(refused("warped-fbm", "warp_octaves", "9"));
}

// Both generators are in the registry with their tables, so the editor's algorithm list, the
// compare window, the seed grid and the CLI offer them; a recipe generates through the registry.
TEST(GradientNoise, GeneratorsAreRegisteredAndGenerateThroughRecipes) {
    const core::Registry registry = core::makeBuiltinRegistry();
    for (const char* id : {"fbm", "warped-fbm"}) {
        const core::Algorithm* a = registry.find(id);
        ASSERT_NE(a, nullptr) << id;
        core::Recipe r = core::defaultRecipe(registry, id);
        r.detail = 6;
        const core::Heightmap m = core::generate(registry, r, 4.0, threads(2));
        EXPECT_EQ(m.width(), 65);
        float lo = m.at(0, 0), hi = lo;
        for (float v : m.samples()) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        EXPECT_GT(hi - lo, 0.1f) << id;  // terrain, not a flat map
    }
}
