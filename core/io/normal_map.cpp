#include "normal_map.h"

#include <algorithm>
#include <cmath>

namespace terrain::core {

namespace {

struct Normal {
    double x, y, z;  // east, north, up; unit length
};

Normal normalAt(const Heightmap& map, const ResolvedMapping& m, const WorldUnits& w, int x, int y) {
    const int x0 = std::max(x - 1, 0), x1 = std::min(x + 1, map.width() - 1);
    const int y0 = std::max(y - 1, 0), y1 = std::min(y + 1, map.height() - 1);
    const double dx = double(std::max(x1 - x0, 1)) * w.metresPerPixel;
    const double dy = double(std::max(y1 - y0, 1)) * w.metresPerPixel;
    const double east = (metresOf(m, w, map.at(x1, y)) - metresOf(m, w, map.at(x0, y))) / dx;
    // Rows grow to the south, so the slope towards north is the negated row difference.
    const double north = -(metresOf(m, w, map.at(x, y1)) - metresOf(m, w, map.at(x, y0))) / dy;
    const double len = std::sqrt(east * east + north * north + 1.0);
    return {-east / len, -north / len, 1.0 / len};
}

std::uint8_t encode(double n) {
    return static_cast<std::uint8_t>(std::lround(std::clamp((n + 1.0) * 0.5, 0.0, 1.0) * 255.0));
}

}  // namespace

RgbImage normalMap(const Heightmap& map, const ResolvedMapping& mapping, const WorldUnits& world,
                   NormalConvention convention) {
    RgbImage image(map.width(), map.height());
    for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
            const Normal n = normalAt(map, mapping, world, x, y);
            const double green = convention == NormalConvention::OpenGL ? n.y : -n.y;
            image.set(x, y, {encode(n.x), encode(green), encode(n.z)});
        }
    }
    return image;
}

std::vector<std::uint16_t> normalMap16(const Heightmap& map, const ResolvedMapping& mapping,
                                       const WorldUnits& world, NormalConvention convention) {
    checkGridFits("the 16-bit normal map", map.width(), map.height(), 2);  // 6 bytes a pixel
    const auto encode16 = [](double n) {
        return static_cast<std::uint16_t>(std::lround(std::clamp((n + 1.0) * 0.5, 0.0, 1.0) * 65535.0));
    };
    std::vector<std::uint16_t> rgb;
    rgb.reserve(map.sampleCount() * 3);
    for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
            const Normal n = normalAt(map, mapping, world, x, y);
            rgb.push_back(encode16(n.x));
            rgb.push_back(encode16(convention == NormalConvention::OpenGL ? n.y : -n.y));
            rgb.push_back(encode16(n.z));
        }
    }
    return rgb;
}

RgbImage hillshade(const Heightmap& map, const ResolvedMapping& mapping, const WorldUnits& world) {
    // Light from the north-west, 45 degrees up: (west, north) halves of cos 45, up sin 45.
    const double lx = -0.5, ly = 0.5, lz = std::sqrt(0.5);
    RgbImage image(map.width(), map.height());
    for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
            const Normal n = normalAt(map, mapping, world, x, y);
            const double lit = std::max(0.0, n.x * lx + n.y * ly + n.z * lz);
            const auto v = static_cast<std::uint8_t>(std::lround(lit * 255.0));
            image.set(x, y, {v, v, v});
        }
    }
    return image;
}

RgbImage colourMap(const Heightmap& map, const ResolvedMapping& mapping) {
    const Rgb stops[] = {{40, 90, 40}, {110, 150, 60}, {150, 120, 80}, {120, 100, 90}, {250, 250, 250}};
    RgbImage image(map.width(), map.height());
    for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
            const float t = mapping.unit(map.at(x, y)) * 4.0f;
            const int i = std::min(static_cast<int>(t), 3);
            image.set(x, y, mix(stops[i], stops[i + 1], t - float(i)));
        }
    }
    return image;
}

}  // namespace terrain::core
