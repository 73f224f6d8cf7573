#include "mesh_simplify.h"

#include "tin_geometry.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>

#include "../errors.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace terrain::core {

namespace {

using tin::EdgeWalk;
using tin::inCircle;
using tin::orient;

// Blocks of kBlock x kBlock samples carry their min/max height; triangles whose bounding box
// holds more than kBlockedArea samples are scanned block by block (see Tin::scanBlocks).
constexpr std::int64_t kBlock = 8;
constexpr std::int64_t kBlockedArea = 16 * kBlock * kBlock;

// The triangulation as half-edges (as in delaunator): half-edge e belongs to triangle e / 3,
// starts at vertex m_start[e] and ends where e's successor in the triangle starts; m_twin[e] is
// the opposite half-edge of the neighbouring triangle, or -1 on the map border. Every triangle
// is counter-clockwise in (column, row) coordinates.
class Tin {
public:
    Tin(const float* heights, int width, int height, std::int64_t maxTriangles, double tolerance);
    HeightFieldTin run(std::int64_t maxTriangles);

private:
    static std::int32_t next(std::int32_t e) { return e % 3 == 2 ? e - 2 : e + 1; }
    static std::int32_t prev(std::int32_t e) { return e % 3 == 0 ? e + 2 : e - 1; }
    std::int64_t px(std::int32_t v) const { return m_xy[2 * std::size_t(v)]; }
    std::int64_t py(std::int32_t v) const { return m_xy[2 * std::size_t(v) + 1]; }
    double z(std::int64_t x, std::int64_t y) const {
        return double(m_heights[std::size_t(y) * std::size_t(m_width) + std::size_t(x)]);
    }

    std::int32_t addPoint(std::int32_t x, std::int32_t y);
    std::int32_t setTriangle(std::int32_t t, std::int32_t a, std::int32_t b, std::int32_t c,
                             std::int32_t ab, std::int32_t bc, std::int32_t ca);
    void link(std::int32_t e, std::int32_t twin);
    void insert(std::int32_t t);
    void splitEdge(std::int32_t e, std::int32_t p);
    void legalize(std::int32_t e);
    void touch(std::int32_t t);
    void flush();
    struct Plane;
    struct Best;
    void scan(std::int32_t t);
    void scanRow(const Plane& plane, std::int64_t y, std::int64_t lo, std::int64_t hi,
                 Best& best) const;
    void scanBlocks(const Plane& plane, std::int64_t minY, std::int64_t maxY, Best& best);

    // The queue of triangles by error, largest first (ties: lower triangle first). A triangle
    // that changes gets a new version; its old entries stay in the queue and are skipped when
    // they come up, which is cheaper than removing them from the middle of the heap.
    struct QueueEntry {
        double error;
        std::int32_t triangle;
        std::uint32_t version;
    };
    static bool queuedBelow(const QueueEntry& a, const QueueEntry& b) {
        return a.error < b.error || (a.error == b.error && a.triangle > b.triangle);
    }
    bool stale(const QueueEntry& entry) const {
        return entry.version != m_version[std::size_t(entry.triangle)];
    }
    void queuePush(const QueueEntry& entry);
    void queuePop();

    const float* m_heights;
    int m_width;
    int m_height;
    double m_tolerance;  // errors up to this are rounding of the float heights, not terrain
    std::vector<std::int32_t> m_xy;     // column, row of each vertex
    std::vector<std::int32_t> m_start;  // per half-edge
    std::vector<std::int32_t> m_twin;
    std::vector<std::int32_t> m_candidate;  // per triangle: column, row of its worst sample
    std::vector<double> m_error;            // per triangle: that sample's |height - plane|
    std::vector<std::uint32_t> m_version;   // per triangle: bumped on every change
    std::vector<char> m_pending;            // per triangle: changed since its last scan
    std::vector<std::int32_t> m_pendingList;
    std::vector<QueueEntry> m_queue;        // a heap
    std::vector<std::int32_t> m_edgeStack;
    // Scanning: each row's span inside the triangle being scanned, the min/max height of each
    // kBlock x kBlock block of samples, and the blocks a large triangle still has to look at.
    std::vector<std::int64_t> m_spans;  // lo, hi per row from the triangle's top row
    std::vector<float> m_blockRange;    // min, max per block, row-major
    std::int64_t m_blocksPerRow = 0;
    struct BlockBound {
        double bound;       // no sample of the block is further from the plane than this
        std::int64_t index;
    };
    std::vector<BlockBound> m_blockQueue;
};

Tin::Tin(const float* heights, int width, int height, std::int64_t maxTriangles,
         double tolerance)
    : m_heights(heights), m_width(width), m_height(height), m_tolerance(tolerance) {
    // A simplified mesh never has more triangles than the budget, nor more vertices than half
    // of it plus the corners; reserving up front spares the copies of growing vectors.
    const auto triangles = std::size_t(maxTriangles);
    m_xy.reserve(triangles + 8);
    m_start.reserve(3 * triangles);
    m_twin.reserve(3 * triangles);
    m_candidate.reserve(2 * triangles);
    m_error.reserve(triangles);
    m_version.reserve(triangles);
    m_pending.reserve(triangles);
    m_queue.reserve(3 * triangles);

    m_blocksPerRow = (std::int64_t(width) + kBlock - 1) / kBlock;
    const std::int64_t blockRows = (std::int64_t(height) + kBlock - 1) / kBlock;
    m_blockRange.assign(std::size_t(2 * m_blocksPerRow * blockRows), 0.0f);
    for (std::int64_t y = 0; y < height; ++y) {
        const float* row = heights + std::size_t(y) * std::size_t(width);
        float* range = m_blockRange.data() + 2 * (y / kBlock) * m_blocksPerRow;
        for (std::int64_t x0 = 0; x0 < width; x0 += kBlock) {
            float lo = row[x0], hi = row[x0];
            for (std::int64_t x = x0 + 1; x < std::min(x0 + kBlock, std::int64_t(width)); ++x) {
                lo = std::min(lo, row[x]);
                hi = std::max(hi, row[x]);
            }
            float* r = range + 2 * (x0 / kBlock);
            if (y % kBlock == 0) {
                r[0] = lo;
                r[1] = hi;
            } else {
                r[0] = std::min(r[0], lo);
                r[1] = std::max(r[1], hi);
            }
        }
    }
}

std::int32_t Tin::addPoint(std::int32_t x, std::int32_t y) {
    m_xy.push_back(x);
    m_xy.push_back(y);
    return std::int32_t(m_xy.size() / 2 - 1);
}

void Tin::link(std::int32_t e, std::int32_t twin) {
    m_twin[std::size_t(e)] = twin;
    if (twin >= 0) m_twin[std::size_t(twin)] = e;
}

// Writes triangle t (or a new one when t < 0) as a -> b -> c with the given twins of its edges.
std::int32_t Tin::setTriangle(std::int32_t t, std::int32_t a, std::int32_t b, std::int32_t c,
                              std::int32_t ab, std::int32_t bc, std::int32_t ca) {
    if (t < 0) {
        t = std::int32_t(m_error.size());
        m_start.insert(m_start.end(), 3, -1);
        m_twin.insert(m_twin.end(), 3, -1);
        m_candidate.insert(m_candidate.end(), 2, -1);
        m_error.push_back(0.0);
        m_version.push_back(0);
        m_pending.push_back(0);
    }
    const std::int32_t e = 3 * t;
    m_start[std::size_t(e)] = a;
    m_start[std::size_t(e) + 1] = b;
    m_start[std::size_t(e) + 2] = c;
    link(e, ab);
    link(e + 1, bc);
    link(e + 2, ca);
    touch(t);
    return t;
}

// A changed triangle's queue entries go stale; flush() finds its new worst sample.
void Tin::touch(std::int32_t t) {
    ++m_version[std::size_t(t)];
    if (!m_pending[std::size_t(t)]) {
        m_pending[std::size_t(t)] = 1;
        m_pendingList.push_back(t);
    }
}

void Tin::flush() {
    for (const std::int32_t t : m_pendingList) {
        m_pending[std::size_t(t)] = 0;
        scan(t);
        if (m_error[std::size_t(t)] > m_tolerance) {
            queuePush({m_error[std::size_t(t)], t, m_version[std::size_t(t)]});
        }
    }
    m_pendingList.clear();
}

// Inserts triangle t's worst sample: splits t in three, or, when the sample lies on an edge of
// t, splits that edge and the triangles on both sides; then flips edges until Delaunay again.
void Tin::insert(std::int32_t t) {
    const std::int32_t x = m_candidate[2 * std::size_t(t)], y = m_candidate[2 * std::size_t(t) + 1];
    const std::int32_t e0 = 3 * t, e1 = e0 + 1, e2 = e0 + 2;
    const std::int32_t a = m_start[std::size_t(e0)], b = m_start[std::size_t(e1)],
                       c = m_start[std::size_t(e2)];
    const std::int32_t p = addPoint(x, y);
    if (orient(px(a), py(a), px(b), py(b), x, y) == 0) return splitEdge(e0, p);
    if (orient(px(b), py(b), px(c), py(c), x, y) == 0) return splitEdge(e1, p);
    if (orient(px(c), py(c), px(a), py(a), x, y) == 0) return splitEdge(e2, p);
    const std::int32_t h0 = m_twin[std::size_t(e0)], h1 = m_twin[std::size_t(e1)],
                       h2 = m_twin[std::size_t(e2)];
    const std::int32_t t0 = setTriangle(t, a, b, p, h0, -1, -1);
    const std::int32_t t1 = setTriangle(-1, b, c, p, h1, -1, 3 * t0 + 1);
    const std::int32_t t2 = setTriangle(-1, c, a, p, h2, 3 * t0 + 2, 3 * t1 + 1);
    legalize(3 * t0);
    legalize(3 * t1);
    legalize(3 * t2);
}

// p lies strictly inside the edge e = a -> b of the triangle (a, b, c).
void Tin::splitEdge(std::int32_t e, std::int32_t p) {
    const std::int32_t t = e / 3;
    const std::int32_t a = m_start[std::size_t(e)], b = m_start[std::size_t(next(e))],
                       c = m_start[std::size_t(prev(e))];
    const std::int32_t hbc = m_twin[std::size_t(next(e))], hca = m_twin[std::size_t(prev(e))];
    const std::int32_t h = m_twin[std::size_t(e)];
    if (h < 0) {  // on the map border: (c, a, p) and (b, c, p)
        const std::int32_t t0 = setTriangle(t, c, a, p, hca, -1, -1);
        const std::int32_t t1 = setTriangle(-1, b, c, p, hbc, 3 * t0 + 2, -1);
        legalize(3 * t0);
        legalize(3 * t1);
        return;
    }
    // The neighbour is (b, a, d); four triangles around p.
    const std::int32_t d = m_start[std::size_t(prev(h))];
    const std::int32_t had = m_twin[std::size_t(next(h))], hdb = m_twin[std::size_t(prev(h))];
    const std::int32_t t0 = setTriangle(t, c, a, p, hca, -1, -1);
    const std::int32_t t1 = setTriangle(h / 3, a, d, p, had, -1, 3 * t0 + 1);
    const std::int32_t t2 = setTriangle(-1, d, b, p, hdb, -1, 3 * t1 + 1);
    const std::int32_t t3 = setTriangle(-1, b, c, p, hbc, 3 * t0 + 2, 3 * t2 + 1);
    legalize(3 * t0);
    legalize(3 * t1);
    legalize(3 * t2);
    legalize(3 * t3);
}

// Edge e lies opposite the new point p0 in its triangle (pr, pl, p0). While the vertex p1
// across e is inside that triangle's circumcircle, flip e to p0 - p1 and check the two edges
// that now face p0 (delaunator's legalize, with an exact in-circle test).
void Tin::legalize(std::int32_t e) {
    std::int32_t a = e;
    for (;;) {
        const std::int32_t b = m_twin[std::size_t(a)];
        const std::int32_t al = next(a), ar = prev(a);
        bool flipped = false;
        if (b >= 0) {
            const std::int32_t bl = prev(b), br = next(b);
            const std::int32_t p0 = m_start[std::size_t(ar)], pr = m_start[std::size_t(a)],
                               pl = m_start[std::size_t(al)], p1 = m_start[std::size_t(bl)];
            if (inCircle(px(pr), py(pr), px(pl), py(pl), px(p0), py(p0), px(p1), py(p1))) {
                // (pr, pl, p0) + (pl, pr, p1) become (p1, pl, p0) + (p0, pr, p1).
                m_start[std::size_t(a)] = p1;
                m_start[std::size_t(b)] = p0;
                const std::int32_t hbl = m_twin[std::size_t(bl)];
                link(a, hbl);
                link(b, m_twin[std::size_t(ar)]);
                link(ar, bl);
                touch(a / 3);
                touch(b / 3);
                m_edgeStack.push_back(br);
                flipped = true;
            }
        }
        if (!flipped) {
            if (m_edgeStack.empty()) return;
            a = m_edgeStack.back();
            m_edgeStack.pop_back();
        }
    }
}

// The plane through a triangle's corners: z = za + gx (x - ax) + gy (y - ay), and the corners,
// which the scan skips rather than trusting the plane, evaluated in floating point, to meet
// them exactly.
struct Tin::Plane {
    std::int64_t ax, ay, bx, by, cx, cy;
    double za, gx, gy;
};

struct Tin::Best {
    double error = 0.0;
    std::int64_t x = -1, y = -1;
};

void Tin::scanRow(const Plane& plane, std::int64_t y, std::int64_t lo, std::int64_t hi,
                  Best& best) const {
    const float* row = m_heights + std::size_t(y) * std::size_t(m_width);
    const double base = plane.za + plane.gy * double(y - plane.ay);
    std::int64_t x = lo;
    if (y == plane.ay || y == plane.by || y == plane.cy) {  // a row with a corner
        for (; x <= hi; ++x) {
            const double err = std::fabs(double(row[x]) - (base + plane.gx * double(x - plane.ax)));
            if (err > best.error && !((x == plane.ax && y == plane.ay) ||
                                      (x == plane.bx && y == plane.by) ||
                                      (x == plane.cx && y == plane.cy))) {
                best = {err, x, y};
            }
        }
        return;
    }
#if defined(__SSE2__)
    // Four samples a step in two pairs of lanes, each lane keeping its first largest error and
    // where it was; the same arithmetic as the scalar loop below, so the same result.
    if (hi - x >= 3) {
        const __m128d vbase = _mm_set1_pd(base), vgx = _mm_set1_pd(plane.gx);
        const __m128d absMask = _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffffLL));
        const __m128d four = _mm_set1_pd(4.0);
        __m128d off0 = _mm_set_pd(double(x + 1 - plane.ax), double(x - plane.ax));
        __m128d off1 = _mm_set_pd(double(x + 3 - plane.ax), double(x + 2 - plane.ax));
        __m128d err0 = _mm_setzero_pd(), err1 = _mm_setzero_pd();
        __m128d at0 = _mm_setzero_pd(), at1 = _mm_setzero_pd();
        const auto twoHeights = [row](std::int64_t at) {  // two floats as two doubles (an unaligned 8-byte load)
            return _mm_cvtps_pd(_mm_castsi128_ps(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(row + at))));
        };
        for (; x + 3 <= hi; x += 4) {
            const __m128d z0 = _mm_add_pd(vbase, _mm_mul_pd(vgx, off0));
            const __m128d z1 = _mm_add_pd(vbase, _mm_mul_pd(vgx, off1));
            const __m128d e0 = _mm_and_pd(_mm_sub_pd(twoHeights(x), z0), absMask);
            const __m128d e1 = _mm_and_pd(_mm_sub_pd(twoHeights(x + 2), z1), absMask);
            const __m128d gt0 = _mm_cmpgt_pd(e0, err0), gt1 = _mm_cmpgt_pd(e1, err1);
            err0 = _mm_or_pd(_mm_and_pd(gt0, e0), _mm_andnot_pd(gt0, err0));
            err1 = _mm_or_pd(_mm_and_pd(gt1, e1), _mm_andnot_pd(gt1, err1));
            at0 = _mm_or_pd(_mm_and_pd(gt0, off0), _mm_andnot_pd(gt0, at0));
            at1 = _mm_or_pd(_mm_and_pd(gt1, off1), _mm_andnot_pd(gt1, at1));
            off0 = _mm_add_pd(off0, four);
            off1 = _mm_add_pd(off1, four);
        }
        double errs[4], ats[4];
        _mm_storeu_pd(errs, err0);
        _mm_storeu_pd(errs + 2, err1);
        _mm_storeu_pd(ats, at0);
        _mm_storeu_pd(ats + 2, at1);
        int lane = 0;
        for (int k = 1; k < 4; ++k) {
            if (errs[k] > errs[lane] || (errs[k] == errs[lane] && ats[k] < ats[lane])) lane = k;
        }
        if (errs[lane] > best.error) best = {errs[lane], plane.ax + std::int64_t(ats[lane]), y};
    }
#endif
    for (; x <= hi; ++x) {
        const double err = std::fabs(double(row[x]) - (base + plane.gx * double(x - plane.ax)));
        if (err > best.error) best = {err, x, y};
    }
}

// Large triangles: bound each block's distance from the plane by its min/max height and the
// plane's range over it, then scan blocks from the largest bound down until no block can beat
// the worst sample found. On rough ground most blocks are never read.
void Tin::scanBlocks(const Plane& plane, std::int64_t minY, std::int64_t maxY, Best& best) {
    m_blockQueue.clear();
    for (std::int64_t by = minY / kBlock; by <= maxY / kBlock; ++by) {
        const std::int64_t y0 = std::max(minY, by * kBlock);
        const std::int64_t y1 = std::min(maxY, by * kBlock + kBlock - 1);
        std::int64_t lo = std::numeric_limits<std::int64_t>::max(), hi = -1;
        for (std::int64_t y = y0; y <= y1; ++y) {
            const std::int64_t* span = &m_spans[2 * std::size_t(y - minY)];
            if (span[0] > span[1]) continue;
            lo = std::min(lo, span[0]);
            hi = std::max(hi, span[1]);
        }
        if (hi < lo) continue;
        const double py0 = plane.gy * double(y0 - plane.ay), py1 = plane.gy * double(y1 - plane.ay);
        for (std::int64_t bx = lo / kBlock; bx <= hi / kBlock; ++bx) {
            const std::int64_t x0 = std::max(lo, bx * kBlock);
            const std::int64_t x1 = std::min(hi, bx * kBlock + kBlock - 1);
            const double px0 = plane.gx * double(x0 - plane.ax);
            const double px1 = plane.gx * double(x1 - plane.ax);
            const double pmin = plane.za + std::min(px0, px1) + std::min(py0, py1);
            const double pmax = plane.za + std::max(px0, px1) + std::max(py0, py1);
            const std::int64_t index = by * m_blocksPerRow + bx;
            const float* range = &m_blockRange[2 * std::size_t(index)];
            const double bound = std::max(double(range[1]) - pmin, pmax - double(range[0]));
            m_blockQueue.push_back({bound, index});
        }
    }
    const auto lower = [](const BlockBound& a, const BlockBound& b) {
        return a.bound < b.bound || (a.bound == b.bound && a.index > b.index);
    };
    std::make_heap(m_blockQueue.begin(), m_blockQueue.end(), lower);
    while (!m_blockQueue.empty() && m_blockQueue.front().bound > best.error) {
        std::pop_heap(m_blockQueue.begin(), m_blockQueue.end(), lower);
        const std::int64_t index = m_blockQueue.back().index;
        m_blockQueue.pop_back();
        const std::int64_t bx = index % m_blocksPerRow, by = index / m_blocksPerRow;
        const std::int64_t y0 = std::max(minY, by * kBlock);
        const std::int64_t y1 = std::min(maxY, by * kBlock + kBlock - 1);
        for (std::int64_t y = y0; y <= y1; ++y) {
            const std::int64_t* span = &m_spans[2 * std::size_t(y - minY)];
            const std::int64_t lo = std::max(span[0], bx * kBlock);
            const std::int64_t hi = std::min(span[1], bx * kBlock + kBlock - 1);
            if (lo <= hi) scanRow(plane, y, lo, hi, best);
        }
    }
}

// Finds the sample of triangle t (edges included, corners excluded) furthest from its plane.
void Tin::scan(std::int32_t t) {
    const std::int32_t e = 3 * t;
    const std::int32_t va = m_start[std::size_t(e)], vb = m_start[std::size_t(e) + 1],
                       vc = m_start[std::size_t(e) + 2];
    Plane plane{px(va), py(va), px(vb), py(vb), px(vc), py(vc), 0.0, 0.0, 0.0};
    const auto& [ax, ay, bx, by, cx, cy, za, gx, gy] = plane;
    plane.za = z(ax, ay);
    const double db = z(bx, by) - za, dc = z(cx, cy) - za;
    const double det = double(orient(ax, ay, bx, by, cx, cy));
    plane.gx = (db * double(cy - ay) - dc * double(by - ay)) / det;
    plane.gy = (dc * double(bx - ax) - db * double(cx - ax)) / det;
    const std::int64_t minX = std::min({ax, bx, cx}), maxX = std::max({ax, bx, cx});
    const std::int64_t minY = std::min({ay, by, cy}), maxY = std::max({ay, by, cy});
    m_spans.resize(2 * std::size_t(maxY - minY + 1));
    EdgeWalk ab(ax, ay, bx, by, minY), bc(bx, by, cx, cy, minY), ca(cx, cy, ax, ay, minY);
    for (std::int64_t y = minY; y <= maxY; ++y) {
        std::int64_t lo = minX, hi = maxX;
        ab.clip(lo, hi);
        bc.clip(lo, hi);
        ca.clip(lo, hi);
        m_spans[2 * std::size_t(y - minY)] = lo;
        m_spans[2 * std::size_t(y - minY) + 1] = hi;
    }
    Best best;
    if ((maxX - minX + 1) * (maxY - minY + 1) > kBlockedArea) {
        scanBlocks(plane, minY, maxY, best);
    } else {
        for (std::int64_t y = minY; y <= maxY; ++y) {
            const std::int64_t* span = &m_spans[2 * std::size_t(y - minY)];
            if (span[0] <= span[1]) scanRow(plane, y, span[0], span[1], best);
        }
    }
    m_error[std::size_t(t)] = best.error;
    m_candidate[2 * std::size_t(t)] = std::int32_t(best.x);
    m_candidate[2 * std::size_t(t) + 1] = std::int32_t(best.y);
}

// A 4-ary heap: half the levels of a binary one, and a node's children share a cache line or
// two, which matters once the queue outgrows the cache.
void Tin::queuePush(const QueueEntry& entry) {
    std::size_t i = m_queue.size();
    m_queue.push_back(entry);
    while (i > 0) {
        const std::size_t parent = (i - 1) / 4;
        if (!queuedBelow(m_queue[parent], entry)) break;
        m_queue[i] = m_queue[parent];
        i = parent;
    }
    m_queue[i] = entry;
}

void Tin::queuePop() {
    const QueueEntry last = m_queue.back();
    m_queue.pop_back();
    const std::size_t n = m_queue.size();
    if (n == 0) return;
    std::size_t i = 0;
    for (;;) {
        const std::size_t first = 4 * i + 1;
        if (first >= n) break;
        std::size_t top = first;
        for (std::size_t c = first + 1; c < std::min(first + 4, n); ++c) {
            if (queuedBelow(m_queue[top], m_queue[c])) top = c;
        }
        if (!queuedBelow(last, m_queue[top])) break;
        m_queue[i] = m_queue[top];
        i = top;
    }
    m_queue[i] = last;
}

HeightFieldTin Tin::run(std::int64_t maxTriangles) {
    const std::int32_t right = m_width - 1, bottom = m_height - 1;
    const std::int32_t nw = addPoint(0, 0), ne = addPoint(right, 0);
    const std::int32_t se = addPoint(right, bottom), sw = addPoint(0, bottom);
    const std::int32_t first = setTriangle(-1, nw, ne, se, -1, -1, -1);
    setTriangle(-1, nw, se, sw, 3 * first + 2, -1, -1);
    flush();
    std::int64_t triangles = 2;
    for (;;) {
        while (!m_queue.empty() && stale(m_queue.front())) queuePop();
        if (m_queue.empty()) break;
        const std::int32_t t = m_queue.front().triangle;
        const std::int32_t x = m_candidate[2 * std::size_t(t)];
        const std::int32_t y = m_candidate[2 * std::size_t(t) + 1];
        // A sample on the border splits one triangle in two, any other one adds two.
        const std::int64_t added = (x == 0 || y == 0 || x == right || y == bottom) ? 1 : 2;
        if (triangles + added > maxTriangles) break;
        insert(t);
        triangles += added;
        flush();
    }
    HeightFieldTin tin;
    // Every triangle knows its worst sample; the queue holds only those above the tolerance.
    tin.maxError = m_error.empty() ? 0.0 : *std::max_element(m_error.begin(), m_error.end());
    tin.points = std::move(m_xy);
    tin.triangles.reserve(m_start.size());
    for (std::size_t e = 0; e < m_start.size(); e += 3) {
        // Counter-clockwise in (column, row) is clockwise on a map with rows running south.
        tin.triangles.push_back(std::uint32_t(m_start[e]));
        tin.triangles.push_back(std::uint32_t(m_start[e + 2]));
        tin.triangles.push_back(std::uint32_t(m_start[e + 1]));
    }
    return tin;
}

// Half-edges are int32 indices, three a triangle.
constexpr std::int64_t kMaxTriangles = std::numeric_limits<std::int32_t>::max() / 3;

}  // namespace

std::uint64_t simplifyWorkingBytes(std::int64_t maxTriangles) {
    // Per triangle: 3 starts + 3 twins (24 bytes), candidate 8, error 8, version 4, pending
    // flag 1, about three queue entries (48; stale ones stay until they surface); a vertex
    // (8 bytes) per two triangles; then the result (12 bytes a triangle, 8 a vertex). Rounded
    // up to 128 for vector growth.
    return std::uint64_t(std::max<std::int64_t>(maxTriangles, 0)) * 128u;
}

HeightFieldTin simplifyHeightField(const float* heights, int width, int height,
                                   std::int64_t maxTriangles) {
    if (width < 2 || height < 2) {
        throw InputError("mesh size", std::to_string(width) + "x" + std::to_string(height),
                         "at least 2x2 samples");
    }
    if (maxTriangles < 2 || maxTriangles > kMaxTriangles) {
        throw InputError(field::kTriangles, std::to_string(maxTriangles),
                         "2 to " + std::to_string(kMaxTriangles) + " for a simplified mesh");
    }
    // No more triangles than the full grid has: the search ends there anyway (every sample is
    // a vertex, the error is zero), and the reservations stay honest.
    const std::int64_t full = 2 * std::int64_t(width - 1) * std::int64_t(height - 1);
    const std::int64_t budget = std::min(maxTriangles, full);
    // A float holds 24 significant bits, so a tilted plane stored as floats misses its own
    // plane by an ulp or so; 8 ulps of the largest height keeps such noise from spending
    // triangles (1 mm at 1000 m), while real relief is far above it.
    const std::size_t samples = std::size_t(width) * std::size_t(height);
    float largest = 0.0f;
    for (std::size_t i = 0; i < samples; ++i) largest = std::max(largest, std::fabs(heights[i]));
    Tin tin(heights, width, height, budget, double(largest) * 0x1p-20);
    return tin.run(budget);
}

}  // namespace terrain::core
