#pragma once
// The exact integer geometry of simplifyHeightField's triangulation (mesh_simplify.cpp): the
// orientation and in-circle predicates on sample coordinates, and the walk of a triangle's edge
// down the rows that tells which samples lie inside it. Integers throughout, so every test is
// exact and the mesh is the same on every run and machine.
#include <algorithm>
#include <cstdint>

namespace terrain::core::tin {

__extension__ typedef __int128 Int128;  // in-circle products of 2^16-sample maps need 66 bits

// Twice the signed area of (a, b, c): > 0 counter-clockwise in (column, row) coordinates.
inline std::int64_t orient(std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by,
                           std::int64_t cx, std::int64_t cy) {
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

// > 0 when d lies strictly inside the circle through the counter-clockwise a, b, c. Exact.
inline bool inCircle(std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by,
                     std::int64_t cx, std::int64_t cy, std::int64_t dx, std::int64_t dy) {
    const std::int64_t adx = ax - dx, ady = ay - dy, bdx = bx - dx, bdy = by - dy;
    const std::int64_t cdx = cx - dx, cdy = cy - dy;
    const Int128 det = Int128(adx * adx + ady * ady) * (bdx * cdy - cdx * bdy) +
                       Int128(bdx * bdx + bdy * bdy) * (cdx * ady - adx * cdy) +
                       Int128(cdx * cdx + cdy * cdy) * (adx * bdy - bdx * ady);
    return det > 0;
}

inline std::int64_t floorDiv(std::int64_t n, std::int64_t d) {  // d > 0
    const std::int64_t q = n / d;
    return (n % d != 0 && n < 0) ? q - 1 : q;
}

// One edge p -> q of a counter-clockwise triangle, walked down the rows: the samples on its inner
// (left) side, boundary included, are those with x <= px + floor(dx (y - py) / dy) when dy > 0
// and x >= px - floor(dx (y - py) / -dy) when dy < 0 (a horizontal edge is the top or bottom
// of the triangle and limits no row inside it). The floor advances exactly, without a division
// per row, like Bresenham's line.
class EdgeWalk {
public:
    EdgeWalk(std::int64_t px, std::int64_t py, std::int64_t qx, std::int64_t qy, std::int64_t y0)
        : m_px(px), m_dy(qy - py), m_d(m_dy < 0 ? -m_dy : m_dy) {
        if (m_dy == 0) return;
        const std::int64_t dx = qx - px, n = dx * (y0 - py);
        m_floor = floorDiv(n, m_d);
        m_rest = n - m_floor * m_d;
        m_floorStep = floorDiv(dx, m_d);
        m_restStep = dx - m_floorStep * m_d;
    }
    // Narrows [lo, hi] for the current row, then moves to the next row.
    void clip(std::int64_t& lo, std::int64_t& hi) {
        if (m_dy > 0) {
            hi = std::min(hi, m_px + m_floor);
        } else if (m_dy < 0) {
            lo = std::max(lo, m_px - m_floor);
        }
        m_floor += m_floorStep;
        m_rest += m_restStep;
        if (m_rest >= m_d) {
            ++m_floor;
            m_rest -= m_d;
        }
    }

private:
    std::int64_t m_px, m_dy, m_d;
    std::int64_t m_floor = 0, m_rest = 0, m_floorStep = 0, m_restStep = 0;
};

}  // namespace terrain::core::tin
