#include "rgb_image.h"

#include "heightmap.h"

#include <algorithm>
#include <cmath>

namespace terrain::core {

Rgb mix(Rgb a, Rgb b, float t) {
    t = std::clamp(t, 0.0f, 1.0f);
    auto channel = [t](std::uint8_t from, std::uint8_t to) {
        return std::uint8_t(std::lround(float(from) + (float(to) - float(from)) * t));
    };
    return {channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b)};
}

RgbImage::RgbImage(int width, int height, Rgb fill) {
    // 3 bytes a pixel is less than the 4 the check assumes for a float grid: a safe bound.
    checkGridFits("sheet image", width, height);
    m_width = width;
    m_height = height;
    m_pixels.resize(std::size_t(width) * std::size_t(height) * 3);
    fillRect(0, 0, width, height, fill);
}

Rgb RgbImage::at(int x, int y) const {
    const std::size_t i = offset(x, y);
    return {m_pixels[i], m_pixels[i + 1], m_pixels[i + 2]};
}

void RgbImage::set(int x, int y, Rgb colour) {
    if (!contains(x, y)) return;
    const std::size_t i = offset(x, y);
    m_pixels[i] = colour.r;
    m_pixels[i + 1] = colour.g;
    m_pixels[i + 2] = colour.b;
}

void RgbImage::fillRect(int x, int y, int w, int h, Rgb colour) {
    const int x0 = std::max(0, x), y0 = std::max(0, y);
    const int x1 = std::min(m_width, x + w), y1 = std::min(m_height, y + h);
    for (int yy = y0; yy < y1; ++yy)
        for (int xx = x0; xx < x1; ++xx) {
            const std::size_t i = offset(xx, yy);
            m_pixels[i] = colour.r;
            m_pixels[i + 1] = colour.g;
            m_pixels[i + 2] = colour.b;
        }
}

}  // namespace terrain::core
