#pragma once
// An 8-bit RGB picture for things drawn by core without Qt: the comparison sheet of
// `terrain-cli compare` (core/analysis/compare_sheet.h), written by core/io/rgb_png.h.
// Row-major, row 0 at the top, 3 bytes a pixel. Drawing outside the picture is clipped, so
// callers can lay out text and plots without bounds checks of their own.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace terrain::core {

struct Rgb {
    std::uint8_t r = 0;
    std::uint8_t g = 0;
    std::uint8_t b = 0;

    bool operator==(const Rgb&) const = default;
};

// a + (b - a) * t for t in [0, 1], per channel, rounded.
Rgb mix(Rgb a, Rgb b, float t);

class RgbImage {
public:
    RgbImage() = default;
    // Throws SizeError (before allocating) when the picture would not fit in memory.
    RgbImage(int width, int height, Rgb fill = {});

    int width() const { return m_width; }
    int height() const { return m_height; }
    bool contains(int x, int y) const { return x >= 0 && y >= 0 && x < m_width && y < m_height; }

    Rgb at(int x, int y) const;          // requires contains(x, y)
    void set(int x, int y, Rgb colour);  // ignored outside the picture
    // Fills the part of [x, x+w) x [y, y+h) inside the picture.
    void fillRect(int x, int y, int w, int h, Rgb colour);

    const std::uint8_t* row(int y) const { return m_pixels.data() + offset(0, y); }
    const std::vector<std::uint8_t>& pixels() const { return m_pixels; }

private:
    std::size_t offset(int x, int y) const {
        return (std::size_t(y) * std::size_t(m_width) + std::size_t(x)) * 3;
    }

    int m_width = 0;
    int m_height = 0;
    std::vector<std::uint8_t> m_pixels;
};

}  // namespace terrain::core
