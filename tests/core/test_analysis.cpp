// core/analysis/statistics: every measure on synthetic input whose answer is known in advance.
#include <core/analysis/bitmap_font.h>
#include <core/analysis/compare_sheet.h>
#include <core/analysis/statistics.h>
#include <core/cancel.h>
#include <core/errors.h>
#include <core/io/rgb_png.h>
#include <core/recipe.h>
#include <core/registry.h>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>
#include <png.h>
#include <unistd.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <limits>
#include <map>
#include <numbers>
#include <random>
#include <string>
#include <vector>

namespace terrain {
namespace {

using core::Heightmap;

constexpr double kPi = std::numbers::pi;

template <typename F>
Heightmap mapOf(int w, int h, F f) {
    Heightmap map(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) map.at(x, y) = float(f(x, y));
    return map;
}

// In-place radix-2 FFT (n a power of two); sign -1 forward, +1 inverse (unscaled).
void fft(std::vector<std::complex<double>>& a, int sign) {
    const std::size_t n = a.size();
    for (std::size_t i = 1, j = 0; i < n; ++i) {
        std::size_t bit = n >> 1;
        for (; j & bit; bit >>= 1) j ^= bit;
        j ^= bit;
        if (i < j) std::swap(a[i], a[j]);
    }
    for (std::size_t len = 2; len <= n; len <<= 1) {
        const double angle = double(sign) * 2.0 * kPi / double(len);
        const std::complex<double> step(std::cos(angle), std::sin(angle));
        for (std::size_t i = 0; i < n; i += len) {
            std::complex<double> w(1.0);
            for (std::size_t k = 0; k < len / 2; ++k, w *= step) {
                const auto u = a[i + k], v = a[i + k + len / 2] * w;
                a[i + k] = u + v;
                a[i + k + len / 2] = u - v;
            }
        }
    }
}

// Fractional Brownian surface by spectral synthesis: random phases, amplitude |k|^-(H+1), i.e. a
// power spectrum |k|^-(2H+2), whose variogram grows as lag^(2H). Gaussian draws by Box-Muller on
// mt19937_64 (both fully specified by the standard) so the test input is the same everywhere.
Heightmap spectralFbm(int n, double hurst, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    auto uniform = [&] { return (double(rng() >> 11) + 0.5) * 0x1.0p-53; };
    auto gaussian = [&] { return std::sqrt(-2.0 * std::log(uniform())) * std::cos(2.0 * kPi * uniform()); };
    const std::size_t un = std::size_t(n);
    std::vector<std::complex<double>> grid(un * un);
    for (int ky = 0; ky < n; ++ky) {
        for (int kx = 0; kx < n; ++kx) {
            const int fx = kx <= n / 2 ? kx : kx - n, fy = ky <= n / 2 ? ky : ky - n;
            const double k = std::hypot(double(fx), double(fy));
            const double amp = k > 0.0 ? std::pow(k, -(hurst + 1.0)) : 0.0;
            grid[std::size_t(ky) * un + std::size_t(kx)] = {amp * gaussian(), amp * gaussian()};
        }
    }
    std::vector<std::complex<double>> line(un);
    for (std::size_t y = 0; y < un; ++y) {
        for (std::size_t x = 0; x < un; ++x) line[x] = grid[y * un + x];
        fft(line, 1);
        for (std::size_t x = 0; x < un; ++x) grid[y * un + x] = line[x];
    }
    for (std::size_t x = 0; x < un; ++x) {
        for (std::size_t y = 0; y < un; ++y) line[y] = grid[y * un + x];
        fft(line, 1);
        for (std::size_t y = 0; y < un; ++y) grid[y * un + x] = line[y];
    }
    return mapOf(n, n, [&](int x, int y) { return grid[std::size_t(y) * un + std::size_t(x)].real(); });
}

// A window a quarter of the synthesis period wide: the periodic field's variogram flattens towards
// lags of half the period, which would read as a lower H.
Heightmap crop(const Heightmap& map, int side) {
    return mapOf(side, side, [&](int x, int y) { return map.at(x, y); });
}

core::Heightmap generate(const core::Registry& registry, const std::string& algorithm, int detail,
                         std::uint64_t seed, std::map<std::string, std::string> sets = {}) {
    core::Recipe recipe = core::defaultRecipe(registry, algorithm);
    recipe.detail = detail;
    recipe.seed = seed;
    for (const auto& [key, value] : sets) core::setParamFromText(registry, recipe, key, value, key);
    return core::generate(registry, recipe, core::GenerateContext{});
}

TEST(Statistics, PlaneHasKnownMomentsAndSlope) {
    // raw = 3x + 4y on 33x33: raw range 0..224. With 1 m per pixel and 224 raw -> 22.4 m the
    // gradient is (0.3, 0.4) m/m everywhere, |g| = 0.5, slope atan(0.5) = 26.565 degrees.
    const Heightmap plane = mapOf(33, 33, [](int x, int y) { return 3 * x + 4 * y; });
    core::StatsOptions options;
    options.slope.metresPerPixel = 1.0;
    options.slope.heightRangeMetres = 22.4;
    const core::TerrainStats s = core::computeStats(plane, options);
    EXPECT_EQ(s.min, 0.0);
    EXPECT_EQ(s.max, 224.0);
    EXPECT_NEAR(s.mean, 112.0, 1e-9);
    // x and y independent and uniform on 0..32: var = (9 + 16) * (33^2 - 1) / 12.
    EXPECT_NEAR(s.stddev, std::sqrt(25.0 * (33.0 * 33.0 - 1.0) / 12.0), 1e-9);

    const double expectedDeg = std::atan(0.5) * 180.0 / kPi;
    const Heightmap slopes = core::slopeDegrees(plane, options.slope);
    for (const float deg : slopes.samples()) ASSERT_NEAR(deg, expectedDeg, 1e-4);  // borders too
    EXPECT_NEAR(s.slope.meanDeg, expectedDeg, 1e-4);
    EXPECT_EQ(s.slope.histogram.counts[5], plane.sampleCount());  // 25..30 degrees
    EXPECT_EQ(s.slope.histogram.total(), plane.sampleCount());
    EXPECT_EQ(s.slope.walkableFraction, 1.0);

    options.slope.walkableDeg = 20.0;
    EXPECT_EQ(core::computeStats(plane, options).slope.walkableFraction, 0.0);
    // Twice the relief on the same footprint: atan(1.0) = 45 degrees, steeper than 35.
    options.slope.walkableDeg = 35.0;
    options.slope.heightRangeMetres = 44.8;
    EXPECT_EQ(core::computeStats(plane, options).slope.walkableFraction, 0.0);
    EXPECT_NEAR(core::computeStats(plane, options).slope.meanDeg, 45.0, 1e-4);
    // A given raw range replaces the map's own: raw 0..448 -> 44.8 m halves the slope again.
    options.slope.rawRange = core::MinMax{0.0f, 448.0f};
    EXPECT_NEAR(core::computeStats(plane, options).slope.meanDeg, expectedDeg, 1e-4);
}

TEST(Statistics, ConstantMapIsFlatEverywhere) {
    const Heightmap flat = mapOf(65, 65, [](int, int) { return 2.5; });
    const core::TerrainStats s = core::computeStats(flat);
    EXPECT_EQ(s.min, 2.5);
    EXPECT_EQ(s.max, 2.5);
    EXPECT_EQ(s.mean, 2.5);
    EXPECT_EQ(s.stddev, 0.0);
    EXPECT_EQ(s.histogram.counts[0], flat.sampleCount());
    EXPECT_EQ(s.slope.meanDeg, 0.0);
    EXPECT_EQ(s.slope.walkableFraction, 1.0);
    EXPECT_FALSE(s.hurst.has_value());  // a flat variogram has no slope to fit
    EXPECT_TRUE(s.crease.valid);
    EXPECT_EQ(s.crease.score, 1.0);
}

TEST(Statistics, HistogramCountsKnownValues) {
    // 0..9 once each, plus -1 and 11 outside a given range of [0, 10].
    Heightmap map(12, 1);
    for (int i = 0; i < 10; ++i) map.at(i, 0) = float(i);
    map.at(10, 0) = -1.0f;
    map.at(11, 0) = 11.0f;
    const core::Histogram given = core::heightHistogram(map, 5, 0.0, 10.0);
    EXPECT_EQ(given.counts, (std::vector<std::uint64_t>{2, 2, 2, 2, 2}));
    EXPECT_EQ(given.below, 1u);
    EXPECT_EQ(given.above, 1u);
    EXPECT_DOUBLE_EQ(given.binWidth(), 2.0);

    // Own range -1..11 in 4 bins of 3: [-1,2) [2,5) [5,8) [8,11], the maximum in the last bin.
    const core::Histogram own = core::heightHistogram(map, 4);
    EXPECT_EQ(own.lo, -1.0);
    EXPECT_EQ(own.hi, 11.0);
    EXPECT_EQ(own.counts, (std::vector<std::uint64_t>{3, 3, 3, 3}));
    EXPECT_EQ(own.below + own.above, 0u);

    // Non-finite samples are skipped, not binned and not averaged.
    map.at(0, 0) = std::numeric_limits<float>::quiet_NaN();
    const core::TerrainStats s = core::computeStats(map);
    EXPECT_EQ(s.finiteSamples, 11u);
    EXPECT_EQ(s.histogram.total(), 11u);
    EXPECT_NEAR(s.mean, (45.0 - 0.0 - 1.0 + 11.0) / 11.0, 1e-12);
}

TEST(Statistics, HurstOfSpectralFbmWithinATenth) {
    for (const double h : {0.3, 0.5, 0.8}) {
        double sum = 0.0;
        for (std::uint64_t seed = 1; seed <= 3; ++seed) {
            const Heightmap fbm = spectralFbm(512, h, seed * 7919 + std::uint64_t(h * 100));
            const core::TerrainStats s = core::computeStats(crop(fbm, 129));
            ASSERT_TRUE(s.hurst.has_value());
            EXPECT_NEAR(*s.hurst, h, 0.1) << "H " << h << " seed " << seed;
            sum += *s.hurst;
        }
        std::cout << "[ measured ] spectral fBm H " << h << ": mean estimate " << sum / 3.0 << "\n";
    }
}

TEST(Statistics, ExpectedHurstFromRoughness) {
    const auto registry = core::makeBuiltinRegistry();
    core::Recipe ds = core::defaultRecipe(registry, "diamond-square");
    ds.params["roughness"] = 0.5;
    ASSERT_TRUE(core::expectedHurst(ds).has_value());
    EXPECT_NEAR(*core::expectedHurst(ds), 1.0, 1e-12);
    ds.params["roughness"] = 0.0;
    EXPECT_FALSE(core::expectedHurst(ds).has_value());
    EXPECT_NEAR(*core::expectedHurst(core::defaultRecipe(registry, "midpoint-line")), 0.8, 1e-6);
    EXPECT_NEAR(*core::expectedHurst(core::defaultRecipe(registry, "midpoint-displacement")), 1.0, 1e-12);
    core::Recipe other = ds;
    other.algorithm = "perlin";
    EXPECT_FALSE(core::expectedHurst(other).has_value());
}

TEST(Statistics, CreaseScoreIsOneWithoutCreasesAndHigherWithThem) {
    // 257 samples: coarse lines every 32 (levels 3), the spacing diamond-square would use.
    const Heightmap fbm = spectralFbm(256, 0.7, 99);
    Heightmap plain(257, 257);
    for (int y = 0; y < 257; ++y)
        for (int x = 0; x < 257; ++x) plain.at(x, y) = fbm.at(x % 256, y % 256);
    const core::CreaseScore none = core::creaseScore(plain);
    ASSERT_TRUE(none.valid);
    EXPECT_EQ(none.spacingX, 32);
    EXPECT_EQ(none.spacingY, 32);
    EXPECT_NEAR(none.score, 1.0, 0.1);

    // Kinks of slope change 2k across every coarse column and row, k the size of the typical
    // bend elsewhere: the lines now bend more than the rest of the map.
    const double k = none.elsewhere;
    Heightmap creased = plain;
    for (int y = 0; y < 257; ++y)
        for (int x = 0; x < 257; ++x)
            for (int c = 32; c < 256; c += 32)
                creased.at(x, y) += float(k * (std::abs(x - c) + std::abs(y - c)));
    const core::CreaseScore with = core::creaseScore(creased);
    EXPECT_GT(with.score, 1.5);
    ASSERT_EQ(with.byLevel.size(), 3u);
    for (const double level : with.byLevel) EXPECT_GT(level, 1.5);
    EXPECT_GT(with.score, none.score + 0.5);
    std::cout << "[ measured ] crease score fBm " << none.score << ", with coarse kinks " << with.score << "\n";

    // Dimensionless: scaling and offsetting the heights changes nothing.
    Heightmap scaled = creased;
    for (float& v : scaled.samples()) v = v * 40.0f - 7.0f;
    EXPECT_NEAR(core::creaseScore(scaled).score, with.score, 1e-3 * with.score);

    // A single sharp fold on a coarse line of an otherwise flat map is the worst case.
    const Heightmap fold = mapOf(257, 257, [](int x, int) { return std::abs(x - 128); });
    EXPECT_EQ(core::creaseScore(fold).score, core::kMaxCreaseScore);
    // Levels 2 and 3 bend no more (not at all) than elsewhere: 1.0.
    EXPECT_EQ(core::creaseScore(fold).byLevel, (std::vector<double>{core::kMaxCreaseScore, 1.0, 1.0}));
    // The same fold off the coarse lines is not a grid crease: nothing bends on them.
    const Heightmap offGrid = mapOf(257, 257, [](int x, int) { return std::abs(x - 100); });
    EXPECT_EQ(core::creaseScore(offGrid).score, 0.0);
    // Too small for coarse lines with lines between them.
    EXPECT_FALSE(core::creaseScore(mapOf(9, 9, [](int x, int) { return x; })).valid);
}

TEST(Statistics, CreaseScoresOfTheBuiltInGenerators) {
    const auto registry = core::makeBuiltinRegistry();
    std::vector<double> middle;  // the level-1 (middle line) ratio of each call below
    auto meanScore = [&](const std::string& algorithm, std::map<std::string, std::string> sets) {
        double sum = 0.0, level1 = 0.0;
        for (std::uint64_t seed = 1; seed <= 4; ++seed) {
            const auto crease = core::creaseScore(generate(registry, algorithm, 9, seed, sets));
            sum += crease.score;
            level1 += crease.byLevel.at(0);
        }
        middle.push_back(level1 / 4.0);
        return sum / 4.0;
    };
    const double dsClip = meanScore("diamond-square", {});
    const double dsWrap = meanScore("diamond-square", {{"edge", "wrap"}});
    const double mpd = meanScore("midpoint-displacement", {{"clamp", "false"}});
    const double mpdClamped = meanScore("midpoint-displacement", {});
    const double mpdLikeDs = meanScore("midpoint-displacement", {{"clamp", "false"}, {"roughness", "0.6"}, {"spread", "1"}});
    const double dsSmooth = meanScore("diamond-square", {{"roughness", "0.5"}});
    std::cout << "[ measured ] crease score (mean of seeds 1-4, detail 9): diamond-square clip " << dsClip
              << ", wrap " << dsWrap << ", midpoint-displacement " << mpd << " (clamped " << mpdClamped
              << "), midpoint-displacement at diamond-square's settings " << mpdLikeDs
              << ", diamond-square r 0.5 " << dsSmooth << "\n[ measured ] middle-line ratio: ds clip " << middle[0]
              << ", ds wrap " << middle[1] << ", mpd " << middle[2] << ", mpd clamped " << middle[3]
              << ", mpd at ds settings " << middle[4] << ", ds r 0.5 " << middle[5] << "\n";
    // Midpoint displacement builds each edge from its two end points alone (seed 004), so its
    // coarse lines are 1-D curves the squares on both sides bend towards independently.
    EXPECT_GT(mpd, 1.3);
    EXPECT_GT(mpd, dsClip);
}

TEST(Statistics, LineMapIsScoredOnItsColumns) {
    const auto registry = core::makeBuiltinRegistry();
    const core::TerrainStats s = core::computeStats(generate(registry, "midpoint-line", 10, 5));
    EXPECT_EQ(s.height, 1);
    EXPECT_TRUE(s.crease.valid);
    EXPECT_EQ(s.crease.spacingY, 0);
    EXPECT_EQ(s.crease.spacingX, 128);
    ASSERT_TRUE(s.hurst.has_value());
    EXPECT_NEAR(*s.hurst, 0.8, 0.15);
}

TEST(Statistics, JsonHasStableFieldNames) {
    core::TerrainStats s = core::computeStats(mapOf(33, 33, [](int x, int y) { return x * y; }));
    s.generationMs = 12.5;
    const nlohmann::json j = s.toJson();
    for (const char* key : {"min", "max", "mean", "stddev", "histogram", "slope_histogram", "walkable_fraction",
                            "hurst", "hurst_expected", "crease_score", "generation_ms"}) {
        EXPECT_TRUE(j.contains(key)) << key;
    }
    EXPECT_TRUE(j["hurst_expected"].is_null());
    EXPECT_EQ(j["generation_ms"], 12.5);
    EXPECT_EQ(j["histogram"]["counts"].size(), 32u);
    EXPECT_EQ(j["slope_histogram"]["hi"], 90.0);
    EXPECT_EQ(j["max"], 1024.0);
}

TEST(BitmapFont, GlyphsAndWidths) {
    for (int column = 0; column < core::kGlyphWidth; ++column) EXPECT_TRUE(core::glyphPixel('T', column, 0));
    EXPECT_FALSE(core::glyphPixel('T', 0, 1));
    EXPECT_TRUE(core::glyphPixel('T', 2, 6));
    EXPECT_FALSE(core::glyphPixel('T', 5, 0));  // outside the glyph
    EXPECT_TRUE(core::glyphPixel('g', 1, 7));   // a descender
    for (int row = 0; row < core::kGlyphHeight; ++row)
        for (int column = 0; column < core::kGlyphWidth; ++column) {
            EXPECT_FALSE(core::glyphPixel(' ', column, row));
            EXPECT_EQ(core::glyphPixel('\x80', column, row), core::glyphPixel('?', column, row));
        }
    EXPECT_EQ(core::textWidth("", 2), 0);
    EXPECT_EQ(core::textWidth("ab", 2), 22);

    // "I" at scale 2: 11 font pixels, each a 2x2 block, all inside the glyph's cell.
    core::RgbImage image(20, 20);
    const core::Rgb white{255, 255, 255};
    EXPECT_EQ(core::drawText(image, 1, 1, "I", white, 2), 1 + core::kGlyphAdvance * 2);
    int lit = 0;
    for (int y = 0; y < 20; ++y)
        for (int x = 0; x < 20; ++x) lit += image.at(x, y) == white;
    EXPECT_EQ(lit, 11 * 4);
    core::drawText(image, 15, 15, "WWW", white, 3);  // clipped, no crash
}

TEST(CompareSheet, LayoutAndCommonOrPerPanelColours) {
    const Heightmap ramp = mapOf(65, 65, [](int x, int) { return x / 64.0; });
    const Heightmap high = mapOf(65, 65, [](int, int) { return 1.0; });
    std::vector<core::SheetPanel> panels(2);
    panels[0].map = &ramp;
    panels[1].map = &high;
    core::SheetOptions options;
    options.pictureSize = 130;  // 2 pixels a sample: no filtering blurs the colours
    const core::RgbImage common = core::composeSheet(panels, options);
    EXPECT_EQ(common.width(), 2 * 14 + 2 * 130 + 20);
    // The flat panel's picture centre: common mapping puts it at the top of the shared range
    // (snow); per-panel mapping has no range to spread it over and puts it mid-ramp.
    const int x = 14 + 130 + 20 + 65, y = 14 + 6 + 65;
    EXPECT_EQ(common.at(x, y), core::heightColour(1.0f));
    options.mapping = core::SheetMapping::PerPanel;
    EXPECT_EQ(core::composeSheet(panels, options).at(x, y), core::heightColour(0.5f));
    EXPECT_EQ(core::sheetRange(panels, 1, core::SheetMapping::Common).min, 0.0f);

    options.columns = 1;  // one panel a row: twice as tall, half as wide
    const core::RgbImage stacked = core::composeSheet(panels, options);
    EXPECT_EQ(stacked.width(), 2 * 14 + 130);
    EXPECT_GT(stacked.height(), common.height());
    EXPECT_THROW(core::composeSheet({}, options), core::InputError);
    EXPECT_EQ(core::wrapWords({"seed 1", "detail 9", "roughness 0.6"}, 16),
              (std::vector<std::string>{"seed 1  detail 9", "roughness 0.6"}));
}

TEST(RgbPng, RoundTripAndNothingLeftOnFailure) {
    core::RgbImage image(3, 2, {10, 20, 30});
    image.set(2, 1, {200, 100, 0});
    const auto dir = std::filesystem::temp_directory_path() / ("terrain_rgb_png_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto path = dir / "sheet.png";
    core::writeRgbPng(image, path);

    png_image png;
    std::memset(&png, 0, sizeof png);
    png.version = PNG_IMAGE_VERSION;
    ASSERT_TRUE(png_image_begin_read_from_file(&png, path.c_str()));
    png.format = PNG_FORMAT_RGB;
    std::vector<std::uint8_t> pixels(PNG_IMAGE_SIZE(png));
    ASSERT_TRUE(png_image_finish_read(&png, nullptr, pixels.data(), 0, nullptr));
    EXPECT_EQ(png.width, 3u);
    EXPECT_EQ(png.height, 2u);
    EXPECT_EQ(pixels, image.pixels());

    EXPECT_THROW(core::writeRgbPng(image, dir / "missing" / "sheet.png"), core::IoError);
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()), 1);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace terrain
