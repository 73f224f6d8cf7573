// Interpolation::Cubic: diamond-square and midpoint displacement with each new point's base value
// from the 4-point interpolating scheme instead of the mean of its nearest neighbours (the
// remedy for their grid artefacts; docs/algorithms.md, "Grid artefacts").
//
// Why it works: with the mean of the nearest neighbours, the map the levels interpolate is
// piecewise (bi)linear between the points of each coarse level, so the slope jumps across every
// coarse grid line (midpoint displacement's seams) and at every coarse point (diamond-square's
// dimples). The jump is hidden only where the finer levels' noise is larger than it, i.e. at high
// roughness. The 4-point scheme (Dyn, Levin & Gregory 1987) reads two more points along the same
// line, (-a + 9b + 9c - d) / 16, and its limit is C1: no slope jump, so nothing for the eye (or the
// crease score) to find on the coarse lines. Midpoint displacement applies it along edges and as
// the mean of row and column for centres; diamond-square as a tensor product over the 4 x 4
// points around the new one (a cross of two axes left small cusps at its coarse points).
//
// The lattice rule holds as for the linear variants: every new point is made from points of its
// own level or coarser ones (the wider stencil reaches 3h instead of h, still on the level's
// grid), its draw is hashed at its world-lattice position, the amplitude counts levels from the
// top, and the border rule depends only on where the stencil leaves the map, which is the same at
// every detail. Each sub-step writes points that only read points of earlier sub-steps, so the
// row split across threads never changes a bit. This is plain scalar code (no SIMD variants):
// the option trades speed for smoothness; the default (linear) path is untouched.
#include "generators.h"

#include "../cancel.h"
#include "../parallel.h"
#include "../rng.h"
#include "../workspace.h"

#include <algorithm>
#include <cstddef>
#include <cstdlib>

namespace terrain::core {
namespace {

// The cubic through a, b, c, d (equally spaced) at the middle of b and c.
float fourPoint(float a, float b, float c, float d) { return (9.0f * (b + c) - (a + d)) / 16.0f; }
// Near the border, where one far point is missing: the quadratic through a, b, c at the middle of
// b and c (its weights -1/8, 6/8, 3/8), so that the stencil stays smooth there too.
float threePoint(float a, float b, float c) { return (6.0f * b + 3.0f * c - a) / 8.0f; }

// The rule on four equally spaced values v[0..3] at -3/2, -1/2, 1/2, 3/2 (has[i]: whether v[i]
// exists) at 0: the 4-point value; the 3-point one where one end is missing (near the border);
// the mean of the middle two where both are; false where a middle one is missing.
bool interpolate(const float v[4], const bool has[4], float& out) {
    if (!has[1] || !has[2]) return false;
    if (has[0] && has[3]) {
        out = fourPoint(v[0], v[1], v[2], v[3]);
    } else if (has[0] || has[3]) {
        out = has[0] ? threePoint(v[0], v[1], v[2]) : threePoint(v[3], v[2], v[1]);
    } else {
        out = (v[1] + v[2]) / 2.0f;
    }
    return true;
}

constexpr int kOffsets[4] = {-3, -1, 1, 3};  // the rule's points, in nearest-neighbour offsets

// The map as the stencils see it: points outside follow the edge mode (clip: missing; reflect:
// the point mirrored across the one being made; wrap: coordinates modulo the period).
class Stencil {
public:
    Stencil(Heightmap& map, EdgeMode edge)
        : m_z(map.row(0)), m_side(map.width()), m_last(map.width() - 1), m_edge(edge) {}

    float& at(int x, int y) const { return m_z[std::size_t(y) * std::size_t(m_side) + std::size_t(x)]; }

    // The base value through (x, y) along the axis (dx, dy), the offset to its nearest
    // neighbours (the far ones are at 3 * offset); false when a nearest one is missing (clip at
    // the border). See interpolate().
    bool axis(int x, int y, int dx, int dy, float& out) const {
        if (inside(x, y, 3 * std::abs(dx), 3 * std::abs(dy))) {
            out = fourPoint(at(x - 3 * dx, y - 3 * dy), at(x - dx, y - dy), at(x + dx, y + dy), at(x + 3 * dx, y + 3 * dy));
            return true;
        }
        float v[4] = {};
        bool has[4];
        for (int i = 0; i < 4; ++i) has[i] = get(x + kOffsets[i] * dx, y + kOffsets[i] * dy, x, y, v[i]);
        return interpolate(v, has, out);
    }
    // The tensor product of the rule over the 4 x 4 points (x, y) + (a u + b v) / 2 with a, b in
    // {-3, -1, 1, 3}: along u on each of the four lines, then across them. Diamond-square's cross
    // of two axes leaves small cusps at the coarse points; this does not. False when it cannot be
    // made (a middle line or point missing at a clipped border).
    bool tensor(int x, int y, int ux, int uy, int vx, int vy, float& out) const {
        const int reachX = 3 * (std::abs(ux) + std::abs(vx)) / 2, reachY = 3 * (std::abs(uy) + std::abs(vy)) / 2;
        if (inside(x, y, reachX, reachY)) {
            // Inside the map (most points): no edge rule, every point exists, the same arithmetic.
            float lines[4];
            for (int j = 0; j < 4; ++j) {
                float v[4];
                for (int i = 0; i < 4; ++i) {
                    const int a = kOffsets[i], b = kOffsets[j];
                    v[i] = at(x + (a * ux + b * vx) / 2, y + (a * uy + b * vy) / 2);
                }
                lines[j] = fourPoint(v[0], v[1], v[2], v[3]);
            }
            out = fourPoint(lines[0], lines[1], lines[2], lines[3]);
            return true;
        }
        float lines[4] = {};
        bool hasLine[4];
        for (int j = 0; j < 4; ++j) {
            float v[4] = {};
            bool has[4];
            for (int i = 0; i < 4; ++i) {
                const int a = kOffsets[i], b = kOffsets[j];
                has[i] = get(x + (a * ux + b * vx) / 2, y + (a * uy + b * vy) / 2, x, y, v[i]);
            }
            hasLine[j] = interpolate(v, has, lines[j]);
        }
        return interpolate(lines, hasLine, out);
    }
    // The mean of the two axes' values, or the one that exists.
    float twoAxes(int x, int y, int dx1, int dy1, int dx2, int dy2) const {
        float u = 0.0f, v = 0.0f;
        const bool hasU = axis(x, y, dx1, dy1, u);
        const bool hasV = axis(x, y, dx2, dy2, v);
        if (hasU && hasV) return (u + v) / 2.0f;
        return hasU ? u : v;
    }

    // Diamond-square's base values, h = half the square's side: the tensor product of the
    // corners (axis-aligned 4 x 4) for a square's centre, of the corners and centres on the
    // diagonal lattice for an edge midpoint; at a clipped border, the axes that exist.
    float diamondBase(int x, int y, int h) const {
        float t;
        return tensor(x, y, 2 * h, 0, 0, 2 * h, t) ? t : twoAxes(x, y, h, h, h, -h);
    }
    float squareBase(int x, int y, int h) const {
        float t;
        return tensor(x, y, h, h, h, -h, t) ? t : twoAxes(x, y, h, 0, 0, h);
    }

private:
    // Whether the box of half-sides (rx, ry) around (x, y) needs no edge rule: every point of a
    // stencil in it exists, read as it is (wrap never reads the last row and column: they are
    // copies, made at the end).
    bool inside(int x, int y, int rx, int ry) const {
        const int hi = m_edge == EdgeMode::Wrap ? m_last - 1 : m_last;
        return x - rx >= 0 && x + rx <= hi && y - ry >= 0 && y + ry <= hi;
    }
    bool outside(int v) const { return v < 0 || v > m_last; }
    // v mod the period; stencils reach less than 2 periods outside, so no division is needed.
    int wrap(int v) const {
        while (v < 0) v += m_last;
        while (v >= m_last) v -= m_last;
        return v;
    }
    // The value at (x, y) for the point (cx, cy) being made.
    bool get(int x, int y, int cx, int cy, float& v) const {
        if (m_edge == EdgeMode::Wrap) {
            x = wrap(x);
            y = wrap(y);
        } else if (outside(x) || outside(y)) {
            if (m_edge == EdgeMode::Clip) return false;
            x = 2 * cx - x;
            y = 2 * cy - y;
            if (outside(x) || outside(y)) return false;
        }
        v = at(x, y);
        return true;
    }

    float* m_z;
    int m_side, m_last;
    EdgeMode m_edge;
};

// body(row) for rows 0..rows - 1, split across the context's threads.
template <class Body>
void eachRow(int rows, int pointsPerRow, const GenerateContext& context, const Body& body) {
    parallelRows(rows, threadsForWork(double(rows) * double(pointsPerRow) * 4.0, context.threads), context,
                 [&](int begin, int end) {
                     for (int r = begin; r < end; ++r) body(r);
                 });
}

}  // namespace

void cubicDiamondSquareInto(const DiamondSquareParams& p, const GenerateContext& caller, Heightmap& map) {
    const int side = sideForDetail(p.detail);
    const int last = side - 1;
    map.reshapeUninitialized(side, side);
    const ExecutionScope scope(caller);  // 2 passes a level: one executor for all of them
    const GenerateContext& context = scope.context();
    const Stencil z(map, p.edge);
    for (int i = 0; i < 4; ++i) z.at(i % 2 * last, i / 2 * last) = diamondSquareCorner(p, i);
    const PointHash hash(p.seed, RngStream::DiamondSquare);
    const int end = p.edge == EdgeMode::Wrap ? last : side;  // wrap: the last row and column are copies
    const auto noise = [&](int x, int y) { return toSigned(hash(onLattice(x, p.detail), onLattice(y, p.detail))); };
    float scale = p.amplitude;
    for (int level = 1; level <= p.detail; ++level, scale *= p.roughness) {
        const int s = last >> (level - 1), h = s / 2, count = last / s;
        // Diamond: each square's centre from the corners on its two diagonals.
        eachRow(count, count, context, [&](int j) {
            const int y = h + j * s;
            for (int x = h; x < last; x += s) z.at(x, y) = z.diamondBase(x, y, h) + noise(x, y) * scale;
        });
        // Square: each edge midpoint from the corners (along its edge) and centres (across it).
        eachRow(2 * count + 1, count + 1, context, [&](int k) {
            const int y = k * h;
            if (y >= end) return;
            for (int x = k % 2 == 0 ? h : 0; x < end; x += s) {
                z.at(x, y) = z.squareBase(x, y, h) + noise(x, y) * scale;
            }
        });
        context.report(float(level) / float(p.detail));
    }
    if (end == last) {
        for (int y = 0; y < last; ++y) z.at(last, y) = z.at(0, y);
        std::copy_n(map.row(0), side, map.row(last));
    }
}

void cubicMidpointDisplacementInto(const MidpointDisplacementParams& p, const GenerateContext& caller,
                                   Heightmap& map) {
    const int side = sideForDetail(p.detail);
    const int last = side - 1;
    map.reshapeUninitialized(side, side);
    const ExecutionScope scope(caller);  // 2 passes a level: one executor for all of them
    const GenerateContext& context = scope.context();
    const Stencil z(map, EdgeMode::Clip);
    for (int i = 0; i < 4; ++i) z.at(i % 2 * last, i / 2 * last) = midpointDisplacementCorner(p, i);
    const PointHash hash(p.seed, RngStream::MidpointDisplacement);
    float spread = p.spread;
    const auto vary = [&](float base, int x, int y) {
        const float v = base + toSigned(hash(onLattice(x, p.detail), onLattice(y, p.detail))) * spread;
        return p.clamp ? std::clamp(v, 0.0f, 1.0f) : v;
    };
    for (int level = 1; level <= p.detail; ++level, spread *= p.roughness) {
        const int s = last >> (level - 1), h = s / 2, count = last / s;
        // Edge midpoints from the points along their edge: rows k * h, horizontal edges on even k.
        eachRow(2 * count + 1, count + 1, context, [&](int k) {
            const int y = k * h;
            float base = 0.0f;
            for (int x = k % 2 == 0 ? h : 0; x < side; x += s) {
                z.axis(x, y, k % 2 == 0 ? h : 0, k % 2 == 0 ? 0 : h, base);
                z.at(x, y) = vary(base, x, y);
            }
        });
        // Centres: the mean of the value along the row (vertical edges' midpoints) and the column.
        eachRow(count, count, context, [&](int j) {
            const int y = h + j * s;
            for (int x = h; x < last; x += s) z.at(x, y) = vary(z.twoAxes(x, y, h, 0, 0, h), x, y);
        });
        context.report(float(level) / float(p.detail));
    }
}

ParamSpec interpolationParam() {
    return {"interpolation", "Interpolation", "", ParamKind::Choice, 0, 1, 1, 0,
            "Base value of a new point before it is displaced: linear, the mean of its nearest neighbours "
            "(the articles' method), or cubic, the 4-point scheme, which removes the creases and dimples "
            "along the coarse grid that show under lighting",
            {"linear", "cubic"}};
}

}  // namespace terrain::core
