// Any window of a diamond-square or midpoint-displacement map, bit for bit, without the rest of
// the map (docs/worlds.md "Why tiles are exact").
//
// Every new point of a level is a fixed sum of points of the level above plus a hash of its own
// lattice position, so the window of level l needs only the window of level l - 1 grown by a
// halo of one or two of that level's spacings on each side. Walking up from the requested window
// gives one window per level whose side is (window side) / 2^k + a few samples: the work is the
// window's area (plus a third for the levels above it) and a few rows per level, whatever the
// size of the whole map, and no level is ever stored whole.
//
// The sums are those of diamond_square.cpp and midpoint_displacement.cpp, term for term, through
// the same LevelKernels (so every SIMD variant gives the same bits); the border formulas of the
// edge modes are the scalar ones of Level::borderEdges / borderRow. With wrap, the window lives
// on the periodic extension of the map: a coordinate outside 0..N stands for the point at that
// coordinate mod N, which the whole-map code makes equal (its last row and column repeat the
// first, and the noise of a border point is hashed at its canonical coordinate).
#include "generators.h"

#include "../cancel.h"
#include "../errors.h"
#include "../parallel.h"
#include "../rng.h"
#include "../workspace.h"
#include "level_kernels.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace terrain::core {
namespace {

std::int64_t floorDiv(std::int64_t n, std::int64_t d) {  // d > 0
    const std::int64_t q = n / d;
    return q * d > n ? q - 1 : q;
}
std::int64_t floorTo(std::int64_t v, std::int64_t s) { return floorDiv(v, s) * s; }
std::int64_t ceilTo(std::int64_t v, std::int64_t s) { return -floorTo(-v, s); }

// Points at multiples of `step` in [x0, x1] x [y0, y1] (map coordinates, multiples of step).
struct Grid {
    std::int64_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    std::int64_t step = 1;
    float* data = nullptr;            // the samples, row-major: owned, or the caller's output
    std::unique_ptr<float[]> owned;
    std::int64_t cols() const { return (x1 - x0) / step + 1; }
    std::int64_t rows() const { return (y1 - y0) / step + 1; }
    float* row(std::int64_t y) { return data + std::size_t((y - y0) / step) * std::size_t(cols()); }
    const float* row(std::int64_t y) const { return data + std::size_t((y - y0) / step) * std::size_t(cols()); }
    std::size_t col(std::int64_t x) const { return std::size_t((x - x0) / step); }
    // Unset samples (every one is written once) unless the grid already writes into the output.
    void allocate() {
        if (data != nullptr) return;
        checkGridFits("window", cols(), rows());
        owned.reset(new float[std::size_t(cols()) * std::size_t(rows())]);
        data = owned.get();
    }
    void release() {
        owned.reset();
        data = nullptr;
    }
};

// The points x0, x0 + dx, ... (count of them) in runs within one period of the map (wrap) or in
// one run, calling run(k, n, lattice x of the first) for each.
template <class Run>
void latticeRuns(std::int64_t x0, std::int64_t dx, std::int64_t count, std::int64_t n, bool wrap, int detail,
                 const Run& run) {
    std::int64_t k = 0;
    while (k < count) {
        const std::int64_t x = x0 + k * dx;
        std::int64_t len = count - k;
        std::int64_t canonical = x;
        if (wrap) {
            const std::int64_t period = floorDiv(x, n);
            canonical = x - period * n;
            len = std::min(len, (n - canonical + dx - 1) / dx);  // up to the next multiple of n
        }
        run(k, len, onLattice(int(canonical), detail));
        k += len;
    }
}

// Parallel rows of a level when it is large enough; the split never changes the bits.
// Outputs of at least this many samples are written with streaming stores (level_kernels.h).
constexpr std::int64_t kStreamSamples = std::int64_t(1) << 20;

void forRows(std::int64_t rows, std::int64_t cols, const GenerateContext& context,
             const std::function<void(int, int)>& body) {
    const int threads = threadsForWork(double(rows) * double(cols), context.threads);
    parallelRows(int(rows), threads, context, body);
}

// The windows of levels 0..detail (step N >> l) that the window at the finest level needs: each
// level's window grown by `halo` spacings of the coarser level, rounded out to it, and (without
// wrap) clipped to the map.
std::vector<Grid> levelWindows(SampleWindow w, int detail, int halo, bool wrap) {
    const std::int64_t n = std::int64_t(1) << detail;
    std::vector<Grid> grids(std::size_t(detail) + 1);
    Grid& fine = grids.back();
    fine.x0 = w.x0;
    fine.y0 = w.y0;
    fine.x1 = std::int64_t(w.x0) + w.width - 1;
    fine.y1 = std::int64_t(w.y0) + w.height - 1;
    fine.step = 1;
    for (int l = detail; l >= 1; --l) {
        const Grid& f = grids[std::size_t(l)];
        Grid& c = grids[std::size_t(l) - 1];
        c.step = n >> (l - 1);
        c.x0 = floorTo(f.x0 - halo * c.step, c.step);
        c.y0 = floorTo(f.y0 - halo * c.step, c.step);
        c.x1 = ceilTo(f.x1 + halo * c.step, c.step);
        c.y1 = ceilTo(f.y1 + halo * c.step, c.step);
        if (!wrap) {
            c.x0 = std::max<std::int64_t>(c.x0, 0);
            c.y0 = std::max<std::int64_t>(c.y0, 0);
            c.x1 = std::min(c.x1, n);
            c.y1 = std::min(c.y1, n);
        }
    }
    return grids;
}

// One output row from its points at even multiples of the spacing and at odd ones, whichever
// comes first (`evenFirst`), streamed past the cache for the output of a large window.
void putRow(const LevelKernels& k, bool stream, float* out, int cols, bool evenFirst, const float* even,
            const float* odd) {
    const auto interleave = stream ? k.interleaveStream : k.interleave;
    interleave(out, evenFirst ? even : odd, evenFirst ? odd : even, cols);
}

// The last two rows a pass made, by map row: a row is made once per block of rows even though
// two or three output rows read it. The one not returned last is replaced (a corner row reads
// the rows above and below it, then the next rows read the lower one again).
struct TwoRows {
    std::vector<float> buffer[2];
    std::int64_t y[2] = {INT64_MIN, INT64_MIN};
    int last = 0;
    void reserve(std::size_t n) {
        buffer[0].resize(n);
        buffer[1].resize(n);
    }
    // Row y, made by make(y, out) when it is not one of the two.
    template <class Make>
    const float* get(std::int64_t row, const Make& make) {
        for (int i = 0; i < 2; ++i) {
            if (y[i] == row) {
                last = i;
                return buffer[i].data();
            }
        }
        last = 1 - last;
        make(row, buffer[last].data());
        y[last] = row;
        return buffer[last].data();
    }
};

// ---- diamond-square ----

class DiamondSquareWindow {
public:
    DiamondSquareWindow(const DiamondSquareParams& p)
        : m_p(p), m_hash(p.seed, RngStream::DiamondSquare), m_n(std::int64_t(1) << p.detail),
          m_wrap(p.edge == EdgeMode::Wrap), m_k(levelKernels()) {}

    // Level `fine` (step h) from `coarse` (step 2h) with displacement `scale`. `last`: the
    // output level, written with streaming stores when it is large.
    void level(const Grid& c, Grid& f, float scale, bool last, const GenerateContext& context) const {
        const std::int64_t h = f.step;
        // The square centres (odd multiples of h on both axes) the window reads: its own and one
        // more on each side. Made row by row where they are needed, never stored whole.
        Centres cn;
        cn.step = c.step;
        cn.x0 = oddAtOrAfter(f.x0 - h, h);
        cn.x1 = oddAtOrBefore(f.x1 + h, h);
        if (!m_wrap) {
            cn.x0 = std::max(cn.x0, h);
            cn.x1 = std::min(cn.x1, m_n - h);
        }
        f.allocate();
        const bool stream = last && f.cols() * f.rows() >= kStreamSamples;
        forRows(f.rows(), f.cols(), context, [&](int r0, int r1) {
            Centres rows = cn;
            rows.rows.reserve(std::size_t(cn.cols()) + 1);
            std::vector<float> odd(std::size_t(f.cols()) + 1);
            for (int r = r0; r < r1; ++r) fineRow(c, rows, f, f.y0 + r * h, scale, stream, odd.data());
            if (stream) streamFence();
        });
    }

    float corner(std::int64_t x, std::int64_t y) const {
        if (m_wrap) return diamondSquareCorner(m_p, 0);
        return diamondSquareCorner(m_p, int(y / m_n) * 2 + int(x / m_n));
    }

private:
    static std::int64_t oddAtOrAfter(std::int64_t v, std::int64_t h) {  // v a multiple of h
        return (floorDiv(v, h) & 1) != 0 ? v : v + h;
    }
    static std::int64_t oddAtOrBefore(std::int64_t v, std::int64_t h) {
        return (floorDiv(v, h) & 1) != 0 ? v : v - h;
    }
    std::uint32_t lat(std::int64_t v) const { return onLattice(int(v), m_p.detail); }
    std::int64_t canonical(std::int64_t v) const { return m_wrap ? v - floorDiv(v, m_n) * m_n : v; }
    std::uint64_t base(std::int64_t y) const { return m_hash.key + (std::uint64_t(lat(canonical(y))) << 32); }
    float noise(std::int64_t x, std::int64_t y, float scale) const {
        return toSigned(m_hash(lat(canonical(x)), lat(canonical(y)))) * scale;
    }

    // The square centres of one level in columns x0..x1 (step apart), made a row at a time.
    struct Centres {
        std::int64_t x0 = 0, x1 = -1, step = 1;
        TwoRows rows;
        std::int64_t cols() const { return x1 >= x0 ? (x1 - x0) / step + 1 : 0; }
        std::size_t col(std::int64_t x) const { return std::size_t((x - x0) / step); }
    };
    const float* centreRow(const Grid& c, Centres& cn, std::int64_t y, float scale) const {
        return cn.rows.get(y, [&](std::int64_t row, float* out) {
            const std::int64_t h = c.step / 2, s = c.step;
            const float *north = c.row(row - h) + c.col(cn.x0 - h), *south = c.row(row + h) + c.col(cn.x0 - h);
            latticeRuns(cn.x0, s, cn.cols(), m_n, m_wrap, m_p.detail,
                        [&](std::int64_t k, std::int64_t len, std::uint32_t lx) {
                            m_k.dsSum4(north + k, north + k + 1, south + k, south + k + 1, int(len), base(row), lx,
                                       lat(s), scale, out + k);
                        });
        });
    }

    // One row y of the fine grid: the points at even multiples of h (`even`) and at odd ones
    // (`odd`) interleaved into it, whichever comes first.
    void fineRow(const Grid& c, Centres& cn, Grid& f, std::int64_t y, float scale, bool stream, float* odd) const {
        const std::int64_t h = f.step, s = c.step;
        float* out = f.row(y);
        const std::int64_t xe = (floorDiv(f.x0, h) & 1) == 0 ? f.x0 : f.x0 + h;  // even (multiple of s)
        const std::int64_t xo = xe == f.x0 ? f.x0 + h : f.x0;                   // odd
        const std::int64_t ne = xe > f.x1 ? 0 : (f.x1 - xe) / s + 1;
        const std::int64_t no = xo > f.x1 ? 0 : (f.x1 - xo) / s + 1;
        const auto put = [&](const float* even, const float* oddValues) {
            putRow(m_k, stream, out, int(f.cols()), xe == f.x0, even, oddValues);
        };
        if ((floorDiv(y, h) & 1) == 0) {  // a corner row: the coarse points and the edge midpoints between them
            const float* corners = c.row(y);
            const float* even = ne > 0 ? corners + c.col(xe) : nullptr;
            if (no > 0) {
                const float* w = corners + c.col(xo - h);
                if (m_wrap || (y != 0 && y != m_n)) {
                    const float* north = centreRow(c, cn, y - h, scale) + cn.col(xo);
                    const float* south = centreRow(c, cn, y + h, scale) + cn.col(xo);
                    latticeRuns(xo, s, no, m_n, m_wrap, m_p.detail, [&](std::int64_t k, std::int64_t len, std::uint32_t lx) {
                        m_k.dsSum4(w + k, w + k + 1, north + k, south + k, int(len), base(y), lx, lat(s), scale, odd + k);
                    });
                } else {  // Level::borderRow: n or s is missing (clip) or mirrored (reflect)
                    const float* inside = centreRow(c, cn, y == 0 ? h : y - h, scale) + cn.col(xo);
                    for (std::int64_t k = 0; k < no; ++k) {
                        const float a = w[k], b = w[k + 1], m = inside[k];
                        const float sum = m_p.edge == EdgeMode::Clip ? (a + b + m) / 3.0f : (a + b + m + m) / 4.0f;
                        odd[k] = sum + noise(xo + k * s, y, scale);
                    }
                }
            }
            put(even, odd);
            return;
        }
        // A centre row: the square centres (odd x) and the edge midpoints between them (even x).
        const float* centres = centreRow(c, cn, y, scale);
        const float* own = no > 0 ? centres + cn.col(xo) : nullptr;
        if (ne > 0) {
            // Interior edge midpoints xa..xb (the border ones of clip/reflect apart).
            std::int64_t xa = xe, xb = xe + (ne - 1) * s;
            if (!m_wrap) {
                xa = std::max<std::int64_t>(xa, s);
                xb = std::min(xb, m_n - s);
            }
            if (xb >= xa) {
                const float* w = centres + cn.col(xa - h);
                const float* north = c.row(y - h) + c.col(xa);
                const float* south = c.row(y + h) + c.col(xa);
                float* at = odd + (xa - xe) / s;
                latticeRuns(xa, s, (xb - xa) / s + 1, m_n, m_wrap, m_p.detail,
                            [&](std::int64_t k, std::int64_t len, std::uint32_t lx) {
                                m_k.dsSum4(w + k, w + k + 1, north + k, south + k, int(len), base(y), lx, lat(s),
                                           scale, at + k);
                            });
            }
            if (!m_wrap) {  // Level::borderEdges
                const float* north = c.row(y - h);
                const float* south = c.row(y + h);
                if (xe == 0) {
                    const float e = centres[cn.col(h)], n = north[c.col(0)], so = south[c.col(0)];
                    odd[0] = (m_p.edge == EdgeMode::Clip ? (e + n + so) / 3.0f : (e + e + n + so) / 4.0f) +
                             noise(0, y, scale);
                }
                if (xe + (ne - 1) * s == m_n) {
                    const float wv = centres[cn.col(m_n - h)], n = north[c.col(m_n)], so = south[c.col(m_n)];
                    odd[ne - 1] = (m_p.edge == EdgeMode::Clip ? (wv + n + so) / 3.0f : (wv + wv + n + so) / 4.0f) +
                                  noise(m_n, y, scale);
                }
            }
        }
        put(odd, own);  // the edge midpoints are this row's even points
    }

    const DiamondSquareParams& m_p;
    PointHash m_hash;
    std::int64_t m_n;
    bool m_wrap;
    const LevelKernels& m_k;
};

// ---- midpoint displacement ----

class MidpointWindow {
public:
    MidpointWindow(const MidpointDisplacementParams& p)
        : m_p(p), m_hash(p.seed, RngStream::MidpointDisplacement), m_n(std::int64_t(1) << p.detail),
          m_k(levelKernels()) {}

    void level(const Grid& c, Grid& f, float spread, bool last, const GenerateContext& context) const {
        f.allocate();
        const bool stream = last && f.cols() * f.rows() >= kStreamSamples;
        forRows(f.rows(), f.cols(), context, [&](int r0, int r1) {
            const std::size_t n = std::size_t(f.cols()) + 2;
            std::vector<float> vertical(n), centres(n);
            TwoRows edges;
            edges.reserve(n);
            for (int r = r0; r < r1; ++r)
                fineRow(c, f, f.y0 + r * f.step, spread, stream, edges, vertical.data(), centres.data());
            if (stream) streamFence();
        });
    }

    float corner(std::int64_t x, std::int64_t y) const {
        return midpointDisplacementCorner(m_p, int(y / m_n) * 2 + int(x / m_n));
    }

private:
    std::uint32_t lat(std::int64_t v) const { return onLattice(int(v), m_p.detail); }
    std::uint64_t base(std::int64_t y) const { return m_hash.key + (std::uint64_t(lat(y)) << 32); }

    // Edge midpoints of coarse row yc at x = x0, x0 + s, ... (odd multiples of h): Level::edgeValues.
    const float* edgeRow(const Grid& c, TwoRows& rows, std::int64_t yc, std::int64_t x0, std::int64_t count,
                         float spread) const {
        return rows.get(yc, [&](std::int64_t row, float* out) {
            const std::int64_t h = c.step / 2;
            const float* corners = c.row(row) + c.col(x0 - h);
            m_k.mdAvg2(corners, corners + 1, int(count), base(row), lat(x0), lat(c.step), spread, m_p.clamp, out);
        });
    }

    void fineRow(const Grid& c, Grid& f, std::int64_t y, float spread, bool stream, TwoRows& edges, float* vertical,
                 float* centres) const {
        const std::int64_t h = f.step, s = c.step;
        float* out = f.row(y);
        const std::int64_t xe = (f.x0 / h) % 2 == 0 ? f.x0 : f.x0 + h;
        const std::int64_t xo = xe == f.x0 ? f.x0 + h : f.x0;
        const std::int64_t ne = xe > f.x1 ? 0 : (f.x1 - xe) / s + 1;
        const std::int64_t no = xo > f.x1 ? 0 : (f.x1 - xo) / s + 1;
        const auto put = [&](const float* even, const float* oddValues) {
            putRow(m_k, stream, out, int(f.cols()), xe == f.x0, even, oddValues);
        };
        if ((y / h) % 2 == 0) {  // a corner row: coarse points and horizontal edge midpoints
            const float* even = ne > 0 ? c.row(y) + c.col(xe) : nullptr;
            put(even, no > 0 ? edgeRow(c, edges, y, xo, no, spread) : nullptr);
            return;
        }
        // A centre row: vertical edge midpoints (even x) and centres (odd x) from them and the
        // horizontal edge midpoints above and below.
        const float* cn = c.row(y - h);
        const float* cs = c.row(y + h);
        // Vertical midpoints at every even x from the one west of the first odd point.
        const std::int64_t v0 = no > 0 ? std::min(xe, xo - h) : xe;
        const std::int64_t v1 = no > 0 ? std::max(xe + (ne - 1) * s, xo + (no - 1) * s + h) : xe + (ne - 1) * s;
        const std::int64_t nv = (v1 - v0) / s + 1;
        m_k.mdAvg2(cn + c.col(v0), cs + c.col(v0), int(nv), base(y), lat(v0), lat(s), spread, m_p.clamp, vertical);
        if (no > 0) {
            const float* north = edgeRow(c, edges, y - h, xo, no, spread);
            const float* south = edgeRow(c, edges, y + h, xo, no, spread);
            const std::size_t vw = std::size_t((xo - h - v0) / s);
            m_k.mdAvg4(vertical + vw, vertical + vw + 1, north, south, int(no), base(y), lat(xo), lat(s), spread,
                       m_p.clamp, centres);
        }
        put(vertical + (xe - v0) / s, centres);
    }

    const MidpointDisplacementParams& m_p;
    PointHash m_hash;
    std::int64_t m_n;
    const LevelKernels& m_k;
};

template <class Pass>
void runWindow(const Pass& pass, std::vector<Grid>& grids, float first, float factor, const GenerateContext& caller,
               Heightmap& out) {
    const ExecutionScope scope(caller);
    const GenerateContext& context = scope.context();
    Grid& fine = grids.back();  // the last level writes the output
    out.reshapeUninitialized(int(fine.cols()), int(fine.rows()));
    fine.data = out.row(0);
    Grid& top = grids[0];
    top.allocate();
    for (std::int64_t y = top.y0; y <= top.y1; y += top.step)
        for (std::int64_t x = top.x0; x <= top.x1; x += top.step) top.row(y)[top.col(x)] = pass.corner(x, y);
    float scale = first;
    const int detail = int(grids.size()) - 1;
    for (int l = 1; l <= detail; ++l, scale *= factor) {
        if (context.cancel != nullptr && context.cancel->cancelled()) throw Cancelled();
        pass.level(grids[std::size_t(l) - 1], grids[std::size_t(l)], scale, l == detail, context);
        grids[std::size_t(l) - 1].release();
        context.report(float(l) / float(detail));
    }
}

}  // namespace

void checkSampleWindow(SampleWindow w, int detail) {
    if (detail < 1 || detail > kLatticeDetail) {
        throw InputError("detail", std::to_string(detail),
                         std::string("an integer in [1, ") + std::to_string(kLatticeDetail) + "]");
    }
    const std::int64_t side = (std::int64_t(1) << detail) + 1;
    if (w.width < 1 || w.height < 1 || w.x0 < 0 || w.y0 < 0 || w.x0 + std::int64_t(w.width) > side ||
        w.y0 + std::int64_t(w.height) > side) {
        throw InputError("window",
                         std::to_string(w.x0) + "," + std::to_string(w.y0) + " " + std::to_string(w.width) + "x" +
                             std::to_string(w.height),
                         "a non-empty rectangle inside the " + std::to_string(side) + "-sample map");
    }
}

void diamondSquareWindowInto(const DiamondSquareParams& p, SampleWindow window, const GenerateContext& context,
                             Heightmap& out) {
    checkSampleWindow(window, p.detail);
    if (p.interpolation != Interpolation::Linear) {
        throw InputError("interpolation", "cubic", "linear: a window of a cubic map is not computed yet");
    }
    std::vector<Grid> grids = levelWindows(window, p.detail, 1, p.edge == EdgeMode::Wrap);
    runWindow(DiamondSquareWindow(p), grids, p.amplitude, p.roughness, context, out);
}

void midpointDisplacementWindowInto(const MidpointDisplacementParams& p, SampleWindow window,
                                    const GenerateContext& context, Heightmap& out) {
    checkSampleWindow(window, p.detail);
    if (p.interpolation != Interpolation::Linear) {
        throw InputError("interpolation", "cubic", "linear: a window of a cubic map is not computed yet");
    }
    std::vector<Grid> grids = levelWindows(window, p.detail, 0, false);
    runWindow(MidpointWindow(p), grids, p.spread, p.roughness, context, out);
}

}  // namespace terrain::core
