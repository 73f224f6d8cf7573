#include "reference_generators.h"

#include "../rng.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace terrain::test {
namespace {

using core::EdgeMode;
using core::hash4;
using core::RngStream;

// Seed 000's Terrain class.
class Terrain {
public:
    Terrain(int size, core::Heightmap& out) : m_size(size), m_map(out) { m_map.reshapeUninitialized(size, size); }
    void set(int x, int y, float value) { m_map.at(x, y) = value; }
    float get(int x, int y) const { return m_map.at(x, y); }
    // Seed 000's getClipped, extended by seed 002's two other answers for the missing point.
    std::optional<float> neighbour(int x, int y, int dx, int dy, EdgeMode edge) const {
        int nx = x + dx, ny = y + dy;
        const int last = m_size - 1;
        if (nx >= 0 && ny >= 0 && nx <= last && ny <= last) return get(nx, ny);
        switch (edge) {
        case EdgeMode::Clip:
            return std::nullopt;
        case EdgeMode::Reflect:
            return get(x - dx, y - dy);
        case EdgeMode::Wrap:
            nx = (nx + last) % last;
            ny = (ny + last) % last;
            return get(nx, ny);
        }
        return std::nullopt;
    }
    int size() const { return m_size; }

private:
    int m_size;
    core::Heightmap& m_map;
};

struct DiamondSquare {
    const core::DiamondSquareParams& p;
    Terrain& map;

    // Seed 000's frand(), made a function of the point's world-lattice position so that neither
    // the order of visits nor the map's detail can matter.
    float frand(int x, int y) const {
        const int last = map.size() - 1;
        if (p.edge == EdgeMode::Wrap) x %= last, y %= last;
        return core::toSigned(hash4(p.seed, core::onLattice(x, p.detail), core::onLattice(y, p.detail),
                                    RngStream::DiamondSquare));
    }
    // Mean of the neighbours that exist, summed west, east, north, south.
    float average(int x, int y, int half) const {
        float sum = 0.0f;
        int count = 0;
        const int d[4][2] = {{-half, 0}, {half, 0}, {0, -half}, {0, half}};
        for (const auto& step : d) {
            if (auto v = map.neighbour(x, y, step[0], step[1], p.edge)) {
                sum += *v;
                ++count;
            }
        }
        return sum / float(count);
    }
    void diamond(int x, int y, int size, float randomScale) {
        const float tl = map.get(x, y), tr = map.get(x + size, y);
        const float bl = map.get(x, y + size), br = map.get(x + size, y + size);
        const float avg = (tl + tr + bl + br) / 4;
        map.set(x + size / 2, y + size / 2, avg + frand(x + size / 2, y + size / 2) * randomScale);
    }
    void square(int x, int y, int size, float randomScale) {
        const int half = size / 2;
        const int points[4][2] = {{x + half, y}, {x + half, y + size}, {x, y + half}, {x + size, y + half}};
        for (const auto& pt : points) {
            map.set(pt[0], pt[1], average(pt[0], pt[1], half) + frand(pt[0], pt[1]) * randomScale);
        }
    }
};

}  // namespace

namespace {

// Interpolation::Cubic, breadth-first and point by point: the rule along a line of four points is
// the 4-point value (-a + 9b + 9c - d) / 16 (where a far one is missing, the quadratic through the
// other three; where both are, the mean of the nearest two). Diamond-square applies it as a
// tensor product over the 4 x 4 points around the new one (axis-aligned corners for a centre, the
// diagonal lattice of corners and centres for an edge midpoint), or where that cannot be made (a
// clipped border) as the mean of its two axes; midpoint displacement along the edge for an edge
// midpoint and as the mean of the two axes for a centre. Plus the point's draw.
struct CubicSubdivision {
    core::Heightmap& map;
    EdgeMode edge;  // midpoint displacement: clip (its stencils only leave the map at the border)

    int last() const { return map.width() - 1; }
    std::optional<float> value(int x, int y, int cx, int cy) const {
        const int n = last();
        if (edge == EdgeMode::Wrap) return map.at(((x % n) + n) % n, ((y % n) + n) % n);
        const auto inside = [n](int v) { return v >= 0 && v <= n; };
        if (inside(x) && inside(y)) return map.at(x, y);
        if (edge == EdgeMode::Clip) return std::nullopt;
        const int mx = 2 * cx - x, my = 2 * cy - y;  // reflect: mirrored across the new point
        if (inside(mx) && inside(my)) return map.at(mx, my);
        return std::nullopt;
    }
    // Four values at -3/2, -1/2, 1/2, 3/2 (in units of the nearest spacing) -> the value at 0.
    static std::optional<float> rule(const std::optional<float> (&v)[4]) {
        const auto &a = v[0], &b = v[1], &c = v[2], &d = v[3];
        if (!b || !c) return std::nullopt;
        if (a && d) return (9.0f * (*b + *c) - (*a + *d)) / 16.0f;
        if (a) return (6.0f * *b + 3.0f * *c - *a) / 8.0f;  // the quadratic through a, b, c
        if (d) return (6.0f * *c + 3.0f * *b - *d) / 8.0f;
        return (*b + *c) / 2.0f;
    }
    std::optional<float> axis(int x, int y, int dx, int dy) const {
        return rule({value(x - 3 * dx, y - 3 * dy, x, y), value(x - dx, y - dy, x, y), value(x + dx, y + dy, x, y),
                     value(x + 3 * dx, y + 3 * dy, x, y)});
    }
    // Over the 4 x 4 points (x, y) + i * u + j * v, i, j in {-3/2, -1/2, 1/2, 3/2}: along u, then
    // across the four results. u and v are given doubled, so that the offsets stay integers.
    std::optional<float> tensor(int x, int y, int ux2, int uy2, int vx2, int vy2) const {
        const int k[4] = {-3, -1, 1, 3};
        std::optional<float> lines[4];
        for (int j = 0; j < 4; ++j) {
            std::optional<float> along[4];
            for (int i = 0; i < 4; ++i)
                along[i] = value(x + (k[i] * ux2 + k[j] * vx2) / 2, y + (k[i] * uy2 + k[j] * vy2) / 2, x, y);
            lines[j] = rule(along);
        }
        return rule(lines);
    }
    float base(int x, int y, int dx1, int dy1, int dx2, int dy2) const {
        const auto u = axis(x, y, dx1, dy1), v = axis(x, y, dx2, dy2);
        if (u && v) return (*u + *v) / 2.0f;
        return u ? *u : *v;
    }
};

void referenceCubicDiamondSquareInto(const core::DiamondSquareParams& p, core::Heightmap& out) {
    const int size = (1 << p.detail) + 1, max = size - 1;
    out.reshapeUninitialized(size, size);
    for (int i = 0; i < 4; ++i) out.at(i % 2 * max, i / 2 * max) = core::diamondSquareCorner(p, i);
    const CubicSubdivision cubic{out, p.edge};
    const auto frand = [&](int x, int y) {
        if (p.edge == EdgeMode::Wrap) x %= max, y %= max;  // opposite edges draw the same
        return core::toSigned(
            hash4(p.seed, core::onLattice(x, p.detail), core::onLattice(y, p.detail), RngStream::DiamondSquare));
    };
    float randomScale = p.amplitude;
    for (int subSize = max; subSize > 1; subSize /= 2, randomScale *= p.roughness) {
        const int half = subSize / 2;
        for (int y = half; y < max; y += subSize)  // diamond: along both diagonals
            for (int x = half; x < max; x += subSize)
                out.at(x, y) = cubic.tensor(x, y, subSize, 0, 0, subSize).value_or(
                                   cubic.base(x, y, half, half, half, -half)) +
                               frand(x, y) * randomScale;
        for (int y = 0; y <= max; y += half)  // square: along the edge and across it
            for (int x = (y / half) % 2 == 0 ? half : 0; x <= max; x += subSize)
                out.at(x, y) = cubic.tensor(x, y, half, half, half, -half).value_or(cubic.base(x, y, half, 0, 0, half)) +
                               frand(x, y) * randomScale;
    }
}

void referenceCubicMidpointDisplacementInto(const core::MidpointDisplacementParams& p, core::Heightmap& out) {
    const int size = (1 << p.detail) + 1, max = size - 1;
    out.reshapeUninitialized(size, size);
    for (int i = 0; i < 4; ++i) out.at(i % 2 * max, i / 2 * max) = core::midpointDisplacementCorner(p, i);
    const CubicSubdivision cubic{out, EdgeMode::Clip};
    const auto vary = [&](float v, int x, int y, float spread) {
        const auto h = hash4(p.seed, core::onLattice(x, p.detail), core::onLattice(y, p.detail),
                             RngStream::MidpointDisplacement);
        const float moved = v + core::toSigned(h) * spread;
        return p.clamp ? std::clamp(moved, 0.0f, 1.0f) : moved;
    };
    float spread = p.spread;
    for (int subSize = max; subSize > 1; subSize /= 2, spread *= p.roughness) {
        const int half = subSize / 2;
        for (int y = 0; y <= max; y += subSize)  // horizontal edges
            for (int x = half; x < max; x += subSize) out.at(x, y) = vary(*cubic.axis(x, y, half, 0), x, y, spread);
        for (int y = half; y < max; y += subSize)  // vertical edges
            for (int x = 0; x <= max; x += subSize) out.at(x, y) = vary(*cubic.axis(x, y, 0, half), x, y, spread);
        for (int y = half; y < max; y += subSize)  // centres
            for (int x = half; x < max; x += subSize)
                out.at(x, y) = vary(cubic.base(x, y, half, 0, 0, half), x, y, spread);
    }
}

}  // namespace

void referenceDiamondSquareInto(const core::DiamondSquareParams& p, core::Heightmap& out) {
    if (p.interpolation == core::Interpolation::Cubic) return referenceCubicDiamondSquareInto(p, out);
    const int size = (1 << p.detail) + 1;
    const int max = size - 1;
    Terrain map(size, out);
    const int corners[4][2] = {{0, 0}, {max, 0}, {0, max}, {max, max}};
    for (int i = 0; i < 4; ++i) {
        const int src = p.edge == EdgeMode::Wrap ? 0 : i;
        const float random =
            p.amplitude * core::toSigned(hash4(p.seed, core::onLattice(corners[src][0], p.detail),
                                               core::onLattice(corners[src][1], p.detail), RngStream::Corners));
        map.set(corners[i][0], corners[i][1], p.fixedCorners ? p.corners[std::size_t(src)] : random);
    }
    DiamondSquare ds{p, map};
    float randomScale = p.amplitude;  // level 1 from the top, whatever the map's size
    for (int subSize = max; subSize > 1; subSize /= 2, randomScale *= p.roughness) {
        for (int y = 0; y < max; y += subSize)
            for (int x = 0; x < max; x += subSize) ds.diamond(x, y, subSize, randomScale);
        for (int y = 0; y < max; y += subSize)
            for (int x = 0; x < max; x += subSize) ds.square(x, y, subSize, randomScale);
    }
}

core::Heightmap referenceDiamondSquare(const core::DiamondSquareParams& p) {
    core::Heightmap out;
    referenceDiamondSquareInto(p, out);
    return out;
}

namespace {

struct MidpointDisplacement {
    const core::MidpointDisplacementParams& p;
    Terrain& map;
    std::vector<bool> isSet;

    float avg(float a, float b) const { return (a + b) / 2.0f; }
    float variation(float v, int x, int y, float spread) const {
        const auto h = hash4(p.seed, core::onLattice(x, p.detail), core::onLattice(y, p.detail),
                             RngStream::MidpointDisplacement);
        const float out = v + core::toSigned(h) * spread;
        return p.clamp ? std::clamp(out, 0.0f, 1.0f) : out;
    }
    void setOnce(int x, int y, float value) {
        const std::size_t i = std::size_t(y) * std::size_t(map.size()) + std::size_t(x);
        if (isSet[i]) return;
        isSet[i] = true;
        map.set(x, y, value);
    }
    // Seed 004's middle: the four edge midpoints of the square (x1,y1)-(x4,y4).
    void middle(int x1, int y1, int x4, int y4, float spread) {
        const int xm = (x1 + x4) / 2, ym = (y1 + y4) / 2;
        setOnce(x1, ym, variation(avg(map.get(x1, y1), map.get(x1, y4)), x1, ym, spread));  // left
        setOnce(xm, y1, variation(avg(map.get(x1, y1), map.get(x4, y1)), xm, y1, spread));  // upper
        setOnce(x4, ym, variation(avg(map.get(x4, y1), map.get(x4, y4)), x4, ym, spread));  // right
        setOnce(xm, y4, variation(avg(map.get(x1, y4), map.get(x4, y4)), xm, y4, spread));  // lower
    }
    // Seed 004's center: mean of (mean of left/right middles) and (mean of upper/lower middles).
    void center(int x1, int y1, int x4, int y4, float spread) {
        const int xm = (x1 + x4) / 2, ym = (y1 + y4) / 2;
        const float avgHorizontal = avg(map.get(x1, ym), map.get(x4, ym));
        const float avgVertical = avg(map.get(xm, y1), map.get(xm, y4));
        setOnce(xm, ym, variation(avg(avgHorizontal, avgVertical), xm, ym, spread));
    }
    void displace(int x1, int y1, int x4, int y4, float spread) {
        middle(x1, y1, x4, y4, spread);
        center(x1, y1, x4, y4, spread);
        if (x4 - x1 > 2) {
            const int xm = (x1 + x4) / 2, ym = (y1 + y4) / 2;
            const float adjusted = spread * p.roughness;
            displace(x1, y1, xm, ym, adjusted);
            displace(xm, y1, x4, ym, adjusted);
            displace(x1, ym, xm, y4, adjusted);
            displace(xm, ym, x4, y4, adjusted);
        }
    }
};

}  // namespace

void referenceMidpointDisplacementInto(const core::MidpointDisplacementParams& p, core::Heightmap& out) {
    if (p.interpolation == core::Interpolation::Cubic) return referenceCubicMidpointDisplacementInto(p, out);
    const int size = (1 << p.detail) + 1;
    Terrain map(size, out);
    MidpointDisplacement md{p, map, std::vector<bool>(std::size_t(size) * std::size_t(size), false)};
    for (const int y : {0, size - 1}) {
        for (const int x : {0, size - 1}) {
            md.setOnce(x, y, core::toUnit(hash4(p.seed, core::onLattice(x, p.detail), core::onLattice(y, p.detail),
                                                RngStream::MidpointDisplacement)));
        }
    }
    md.displace(0, 0, size - 1, size - 1, p.spread);
}

core::Heightmap referenceMidpointDisplacement(const core::MidpointDisplacementParams& p) {
    core::Heightmap out;
    referenceMidpointDisplacementInto(p, out);
    return out;
}

void referenceMidpointLineInto(const core::MidpointLineParams& p, core::Heightmap& out) {
    const int length = (1 << p.detail) + 1;
    std::vector<float> line(std::size_t(length), 0.0f);
    std::vector<bool> isSet(std::size_t(length), false);
    isSet.front() = isSet.back() = true;
    const int noSegments = p.detail;
    float multiplier = 0.5f;  // 2^(-h*level - 1) at level 0
    for (int level = 1; level <= noSegments; ++level) {
        multiplier *= p.roughness;
        const int segLength = (length - 1) / (1 << level);
        const int noSegL = (1 << level) - 1;
        for (int segOffset = 1; segOffset <= noSegL; ++segOffset) {
            const auto i = std::size_t(segLength * segOffset);
            if (isSet[i]) continue;
            isSet[i] = true;
            const float u =
                core::toUnit(hash4(p.seed, core::onLattice(int(i), p.detail), 0, RngStream::MidpointLine));
            line[i] = (line[i - std::size_t(segLength)] + line[i + std::size_t(segLength)]) / 2 +
                      (u * p.range - p.range / 2) * multiplier;
        }
    }
    out.reshapeUninitialized(length, 1);
    std::copy(line.begin(), line.end(), out.samples().begin());
}

core::Heightmap referenceMidpointLine(const core::MidpointLineParams& p) {
    core::Heightmap out;
    referenceMidpointLineInto(p, out);
    return out;
}

}  // namespace terrain::test
