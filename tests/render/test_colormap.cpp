#include "render/colormap.h"
#include "test_maps.h"

#include <gtest/gtest.h>

#include <limits>

namespace terrain::render {
namespace {

core::ResolvedMapping normalized(const core::Heightmap& map) {
    return core::resolveMapping(core::HeightMapping{}, map);
}

TEST(ColorMap, GrayIsBlackLowWhiteHigh) {
    EXPECT_EQ(colorAt(ColorMap::Gray, 0.0f), qRgb(0, 0, 0));
    EXPECT_EQ(colorAt(ColorMap::Gray, 1.0f), qRgb(255, 255, 255));
    EXPECT_EQ(colorAt(ColorMap::Gray, -3.0f), qRgb(0, 0, 0));  // clamped
    EXPECT_EQ(colorAt(ColorMap::Gray, 7.0f), qRgb(255, 255, 255));
}

TEST(ColorMap, RainbowRunsFromBlueToRed) {
    const QRgb low = colorAt(ColorMap::Rainbow, 0.0f);
    const QRgb high = colorAt(ColorMap::Rainbow, 1.0f);
    EXPECT_GT(qBlue(low), qRed(low));
    EXPECT_GT(qRed(high), qBlue(high));
}

TEST(PreviewImage, GrayMinIsBlackMaxIsWhite) {
    const core::Heightmap map = test::rampMap(9, 9);  // min at (0,0), max at (8,8)
    const QImage image = renderPreviewImage(map, normalized(map), PreviewStyle{});
    ASSERT_EQ(image.size(), QSize(9, 9));
    EXPECT_EQ(image.pixel(0, 0), qRgb(0, 0, 0));
    EXPECT_EQ(image.pixel(8, 8), qRgb(255, 255, 255));
    EXPECT_EQ(qGray(image.pixel(4, 4)), 128);  // halfway: round(0.5 * 255)
}

TEST(PreviewImage, UsesTheGivenMappingLikeTheExporters) {
    const core::Heightmap map = test::rampMap(9, 9);  // heights 0..16
    const auto clamp = core::resolveMapping(core::HeightMapping::parse("clamp:4:12"), map);
    const QImage image = renderPreviewImage(map, clamp, PreviewStyle{});
    EXPECT_EQ(image.pixel(1, 1), qRgb(0, 0, 0));        // 2 <= lo
    EXPECT_EQ(image.pixel(8, 7), qRgb(255, 255, 255));  // 15 >= hi
    EXPECT_EQ(qGray(image.pixel(4, 4)), 128);           // 8 = (4 + 12) / 2
}

TEST(PreviewImage, ColorMapsDiffer) {
    const core::Heightmap map = test::hillMap(33);
    const auto mapping = normalized(map);
    const QImage gray = renderPreviewImage(map, mapping, {ColorMap::Gray});
    const QImage terrain = renderPreviewImage(map, mapping, {ColorMap::Terrain});
    const QImage rainbow = renderPreviewImage(map, mapping, {ColorMap::Rainbow});
    ASSERT_EQ(terrain.size(), gray.size());
    ASSERT_EQ(rainbow.size(), gray.size());
    EXPECT_NE(gray.convertToFormat(QImage::Format_RGB32), terrain);
    EXPECT_NE(terrain, rainbow);
    // Colour maps are coloured: red and blue disagree somewhere.
    const QRgb c = rainbow.pixel(16, 16);
    EXPECT_NE(qRed(c), qBlue(c));
}

TEST(PreviewImage, HillshadeLightsSlopesFacingTheLight) {
    // A ramp rising to the south-east faces the north-west, where the default light is.
    const core::Heightmap map = test::rampMap(17, 17);
    const auto mapping = normalized(map);
    const QImage flat = renderPreviewImage(map, mapping, PreviewStyle{});
    PreviewStyle style;
    style.hillshade = true;
    const QImage facing = renderPreviewImage(map, mapping, style);
    style.lightAzimuth_deg = 135.0f;  // from the south-east: the ramp's back
    const QImage away = renderPreviewImage(map, mapping, style);
    EXPECT_GT(qGray(facing.pixel(8, 8)), qGray(flat.pixel(8, 8)));
    EXPECT_LT(qGray(away.pixel(8, 8)), qGray(flat.pixel(8, 8)));
}

TEST(PreviewImage, OneRowMapIsDrawnAsAProfile) {
    core::Heightmap line(257, 1);
    for (int x = 0; x < 257; ++x) line.at(x, 0) = x < 128 ? 0.0f : 1.0f;  // low west, high east
    const QImage image = renderPreviewImage(line, normalized(line), PreviewStyle{});
    ASSERT_GE(image.height(), 64);
    ASSERT_GE(image.width(), 257);
    EXPECT_EQ(image.height(), profileImageHeight(image.width()));
    auto filledPixels = [&image](int x) {
        const QRgb sky = image.pixel(x, 0);
        int filled = 0;
        for (int y = 0; y < image.height(); ++y) filled += image.pixel(x, y) != sky ? 1 : 0;
        return filled;
    };
    const int low = filledPixels(10);
    const int high = filledPixels(image.width() - 10);
    EXPECT_LE(low, 2);                       // just the outline at the bottom
    EXPECT_GT(high, image.height() * 3 / 4);  // a tall silhouette
    // The silhouette is solid from the surface down to the bottom edge.
    const int x = image.width() - 10;
    EXPECT_NE(image.pixel(x, image.height() - 1), image.pixel(x, 0));
}

TEST(PreviewImage, ShortLinesGetWiderColumns) {
    core::Heightmap line(17, 1);
    for (int x = 0; x < 17; ++x) line.at(x, 0) = float(x % 3);
    const QImage image = renderPreviewImage(line, normalized(line), {ColorMap::Terrain});
    EXPECT_EQ(image.width() % 17, 0);
    EXPECT_GE(image.width(), 256);
}

TEST(PreviewImage, EmptyMapGivesANullImage) {
    const core::Heightmap empty;
    EXPECT_TRUE(renderPreviewImage(empty, core::ResolvedMapping{}, PreviewStyle{}).isNull());
}

}  // namespace
}  // namespace terrain::render

TEST(PreviewImage, MaskOverlayTintsByWeightAndLeavesZeroAlone) {
    terrain::core::Heightmap mask(3, 2);
    mask.at(0, 0) = 0.0f;
    mask.at(1, 0) = 1.0f;
    mask.at(2, 0) = 0.5f;
    mask.at(0, 1) = std::numeric_limits<float>::quiet_NaN();
    mask.at(1, 1) = 2.0f;  // clamped to 1
    mask.at(2, 1) = -1.0f;
    QImage grey(3, 2, QImage::Format_Grayscale8);
    grey.fill(100);
    const QImage out = terrain::render::tintWithMask(grey, mask, qRgb(255, 0, 0));
    EXPECT_EQ(out.pixel(0, 0), qRgb(100, 100, 100));
    EXPECT_EQ(out.pixel(1, 0), qRgb(int(100 + 155 * terrain::render::kOverlayStrength + 0.5f),
                                    int(100 - 100 * terrain::render::kOverlayStrength + 0.5f),
                                    int(100 - 100 * terrain::render::kOverlayStrength + 0.5f)));
    EXPECT_GT(qRed(out.pixel(2, 0)), 100);
    EXPECT_LT(qRed(out.pixel(2, 0)), qRed(out.pixel(1, 0)));
    EXPECT_EQ(out.pixel(0, 1), qRgb(100, 100, 100));
    EXPECT_EQ(out.pixel(1, 1), out.pixel(1, 0));
    EXPECT_EQ(out.pixel(2, 1), qRgb(100, 100, 100));
    // A mask of another size (a coarse map's) leaves the image as it is.
    EXPECT_EQ(terrain::render::tintWithMask(grey, terrain::core::Heightmap(2, 2)), grey);
}
