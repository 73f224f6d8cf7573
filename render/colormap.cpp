#include "colormap.h"

#include "row_blocks.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <vector>

namespace terrain::render {
namespace {

struct Stop {
    float t;
    int r, g, b;
};

// Hypsometric tint without water: the 3-D view draws water as its own plane.
constexpr std::array kTerrainStops{
    Stop{0.00f, 46, 84, 48},    Stop{0.20f, 78, 120, 60},   Stop{0.40f, 150, 158, 92},
    Stop{0.55f, 176, 150, 104}, Stop{0.70f, 132, 108, 84},  Stop{0.85f, 150, 146, 142},
    Stop{1.00f, 248, 248, 250},
};

// Seed 003 colours ranges of heights like a rainbow: cold (blue) low, warm (red) high.
constexpr std::array kRainbowStops{
    Stop{0.00f, 48, 18, 160},  Stop{0.18f, 30, 90, 230},  Stop{0.36f, 20, 190, 210},
    Stop{0.52f, 60, 200, 70},  Stop{0.68f, 235, 225, 40}, Stop{0.84f, 245, 130, 30},
    Stop{1.00f, 215, 25, 30},
};

template <std::size_t N>
QRgb interpolate(const std::array<Stop, N>& stops, float t) {
    std::size_t i = 1;
    while (i + 1 < N && t > stops[i].t) ++i;
    const Stop& a = stops[i - 1];
    const Stop& b = stops[i];
    const float f = std::clamp((t - a.t) / (b.t - a.t), 0.0f, 1.0f);
    auto mix = [f](int x, int y) { return int(std::lround(float(x) + (float(y) - float(x)) * f)); };
    return qRgb(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b));
}

constexpr int kLutSize = 1024;

// Colour look-up table: a 1025^2 map is a million pixels; one table read each keeps it cheap.
std::array<QRgb, kLutSize> makeLut(ColorMap colorMap) {
    std::array<QRgb, kLutSize> lut{};
    for (int i = 0; i < kLutSize; ++i)
        lut[std::size_t(i)] = colorAt(colorMap, float(i) / float(kLutSize - 1));
    return lut;
}

std::size_t lutIndex(float t) {
    return std::size_t(std::lround(std::clamp(t, 0.0f, 1.0f) * float(kLutSize - 1)));
}

float toRadians(float degrees) { return degrees * std::numbers::pi_v<float> / 180.0f; }

QRgb shadeColor(QRgb color, float shade) {
    auto channel = [shade](int c) { return std::clamp(int(std::lround(float(c) * shade)), 0, 255); };
    return qRgb(channel(qRed(color)), channel(qGreen(color)), channel(qBlue(color)));
}

// Brightness factor per sample: 1 on flat ground, darker on slopes facing away from the light,
// up to 1.25 on slopes facing it. Works a row at a time on heights already mapped to [0, 1].
class Hillshader {
public:
    Hillshader(const core::Heightmap& map, const PreviewStyle& style) {
        const double longerSide = style.reliefSide > 0.0 ? style.reliefSide : double(std::max(map.width(), map.height()));
        const float spacing = float(1.0 / std::max(1.0, longerSide - 1.0));
        m_gradientScale = kReliefRatio / (2.0f * spacing);
        m_light = lightVector(style.lightAzimuth_deg, style.lightElevation_deg);
        m_flatLambert = std::max(0.05f, m_light[1]);
    }

    // `north`, `row` and `south` are the unit heights of rows y - 1, y, y + 1 (clamped at the
    // edges); writes one factor per sample.
    void shadeRow(const float* north, const float* row, const float* south, int width,
                  float* out) const {
        for (int x = 0; x < width; ++x) {
            const float dx = row[std::min(x + 1, width - 1)] - row[std::max(x - 1, 0)];
            const float dy = south[x] - north[x];
            const float nx = -dx * m_gradientScale;
            const float nz = -dy * m_gradientScale;
            const float dot = nx * m_light[0] + m_light[1] + nz * m_light[2];
            const float light = std::max(0.0f, dot / std::sqrt(nx * nx + 1.0f + nz * nz));
            out[x] = std::clamp(0.45f + 0.55f * light / m_flatLambert, 0.0f, 1.25f);
        }
    }

private:
    float m_gradientScale = 1.0f;
    std::array<float, 3> m_light{};
    float m_flatLambert = 1.0f;
};

void unitRow(const core::Heightmap& map, const core::ResolvedMapping& mapping, int y, float* out) {
    const float* src = map.row(y);
    for (int x = 0; x < map.width(); ++x) out[x] = mapping.unit(src[x]);
}

QImage renderGrid(const core::Heightmap& map, const core::ResolvedMapping& mapping,
                  const PreviewStyle& style) {
    const int w = map.width();
    const int h = map.height();
    if (style.colorMap == ColorMap::Gray && !style.hillshade) {
        // The exporters' own 8-bit codes, so the preview equals an 8-bit PNG export.
        QImage image(w, h, QImage::Format_Grayscale8);
        forEachRowBlock(h, [&](int begin, int end) {
            for (int y = begin; y < end; ++y) {
                const float* src = map.row(y);
                uchar* dst = image.scanLine(y);
                for (int x = 0; x < w; ++x) dst[x] = uchar(mapping.code(src[x], 255));
            }
        });
        return image;
    }
    const auto lut = makeLut(style.colorMap);
    QImage image(w, h, QImage::Format_RGB32);
    if (!style.hillshade) {
        forEachRowBlock(h, [&](int begin, int end) {
            for (int y = begin; y < end; ++y) {
                const float* src = map.row(y);
                auto* dst = reinterpret_cast<QRgb*>(image.scanLine(y));
                for (int x = 0; x < w; ++x) dst[x] = lut[lutIndex(mapping.unit(src[x]))];
            }
        });
        return image;
    }
    const Hillshader shader(map, style);
    forEachRowBlock(h, [&](int begin, int end) {
        // Three rolling rows of unit heights (north, this, south) and one of shade factors.
        const auto width = std::size_t(w);
        std::vector<float> rows(width * 3);
        std::vector<float> shade(width);
        float* north = rows.data();
        float* row = north + width;
        float* south = row + width;
        unitRow(map, mapping, std::max(begin - 1, 0), north);
        unitRow(map, mapping, begin, row);
        for (int y = begin; y < end; ++y) {
            unitRow(map, mapping, std::min(y + 1, h - 1), south);
            shader.shadeRow(north, row, south, w, shade.data());
            auto* dst = reinterpret_cast<QRgb*>(image.scanLine(y));
            for (int x = 0; x < w; ++x)
                dst[x] = shadeColor(lut[lutIndex(row[x])], shade[std::size_t(x)]);
            std::swap(north, row);  // north <- row <- south; the old north is overwritten next
            std::swap(row, south);
        }
    });
    return image;
}

// A horizon line as a filled silhouette: each pixel below the line takes the colour of its own
// height, so the grey map fades from black at the bottom to white at the top.
QImage renderProfile(const core::Heightmap& map, const core::ResolvedMapping& mapping,
                     const PreviewStyle& style) {
    const int samples = map.width();
    const int repeat = std::max(1, 512 / samples);  // short lines get wider columns
    const int w = samples * repeat;
    const int h = profileImageHeight(w);
    const auto lut = makeLut(style.colorMap);
    const QRgb sky = qRgb(214, 226, 238);
    const QRgb outline = qRgb(32, 36, 44);
    const int margin = std::max(2, h / 16);  // room above the highest point
    const float usable = float(h - 1 - margin);

    QImage image(w, h, QImage::Format_RGB32);
    image.fill(sky);
    for (int sx = 0; sx < samples; ++sx) {
        const float t = mapping.unit(map.at(sx, 0));
        const int top = (h - 1) - int(std::lround(t * usable));  // row of the surface
        for (int r = 0; r < repeat; ++r) {
            const int x = sx * repeat + r;
            for (int y = top; y < h; ++y) {
                const float rowT = float(h - 1 - y) / usable;
                image.setPixel(x, y, lut[lutIndex(rowT)]);
            }
            image.setPixel(x, top, outline);
        }
    }
    return image;
}

}  // namespace

QRgb colorAt(ColorMap colorMap, float t) {
    t = std::clamp(t, 0.0f, 1.0f);
    switch (colorMap) {
    case ColorMap::Gray: {
        const int v = int(std::lround(t * 255.0f));
        return qRgb(v, v, v);
    }
    case ColorMap::Terrain:
        return interpolate(kTerrainStops, t);
    case ColorMap::Rainbow:
        return interpolate(kRainbowStops, t);
    }
    return qRgb(0, 0, 0);
}

std::array<float, 3> lightVector(float lightAzimuth_deg, float lightElevation_deg) {
    const float az = toRadians(lightAzimuth_deg);
    const float el = toRadians(lightElevation_deg);
    // North is -z because map rows grow southwards.
    return {std::cos(el) * std::sin(az), std::sin(el), -std::cos(el) * std::cos(az)};
}

float lambert(float normalX, float normalY, float normalZ, float lightAzimuth_deg,
              float lightElevation_deg) {
    const auto [lx, ly, lz] = lightVector(lightAzimuth_deg, lightElevation_deg);
    const float length = std::sqrt(normalX * normalX + normalY * normalY + normalZ * normalZ);
    if (length <= 0.0f) return 0.0f;
    return std::max(0.0f, (normalX * lx + normalY * ly + normalZ * lz) / length);
}

int profileImageHeight(int width) { return std::clamp(width / 4, 64, 512); }

QImage tintWithMask(const QImage& image, const core::Heightmap& mask, QRgb color) {
    if (image.width() != mask.width() || image.height() != mask.height() || mask.height() < 2) return image;
    QImage out = image.convertToFormat(QImage::Format_RGB32);
    const float cr = float(qRed(color)), cg = float(qGreen(color)), cb = float(qBlue(color));
    for (int y = 0; y < out.height(); ++y) {
        auto* line = reinterpret_cast<QRgb*>(out.scanLine(y));
        const float* weights = mask.row(y);
        for (int x = 0; x < out.width(); ++x) {
            const float w = std::clamp(weights[x], 0.0f, 1.0f) * kOverlayStrength;  // NaN: untinted
            if (!(w > 0.0f)) continue;
            const QRgb p = line[x];
            line[x] = qRgb(int(float(qRed(p)) + (cr - float(qRed(p))) * w + 0.5f),
                           int(float(qGreen(p)) + (cg - float(qGreen(p))) * w + 0.5f),
                           int(float(qBlue(p)) + (cb - float(qBlue(p))) * w + 0.5f));
        }
    }
    return out;
}

QImage renderPreviewImage(const core::Heightmap& map, const core::ResolvedMapping& mapping,
                          const PreviewStyle& style) {
    if (map.empty()) return {};
    if (map.height() == 1) return renderProfile(map, mapping, style);
    return renderGrid(map, mapping, style);
}

}  // namespace terrain::render
