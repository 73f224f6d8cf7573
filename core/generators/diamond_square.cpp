#include "generators.h"

#include "../cancel.h"
#include "../parallel.h"
#include "../recipe.h"
#include "../rng.h"
#include "level_kernels.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace terrain::core {
namespace {

// One level of diamond-square as a pass from the grid of the level before (`in`, side n + 1: the
// points at multiples of `step`) to this level's grid (`out`, side 2n + 1: it adds the square
// centres and edge midpoints at odd multiples of h = step / 2). Hash coordinates are map
// coordinates (grid index * h) on the world lattice (rng.h: shifted to a fixed finest level), so
// the coarse grids give exactly the map's values and a point has the same draw at every detail.
//
// Processing centre row i (out row 2i + 1) writes that row whole, then the corner row above it
// (out row 2i), whose north/south inputs are the centres of out rows 2i - 1 and 2i + 1. Every
// out row is written once, whole and in order, by one thread, from contiguous in rows (nothing to
// gather), with no border branches in the inner loops. A block of rows that starts mid-grid
// recomputes the centres of the row before it. Out rows 0 and 2n follow the edge mode.
//
// Sums follow the reference exactly: centres (NW + NE + SW + SE) / 4, edge points
// (W + E + N + S) / 4, or the three that exist / 3 (clip), so the bits match the seed reference.
class Level {
public:
    Level(LevelGrid in, LevelGrid out, bool stream, const DiamondSquareParams& p, int step, float scale)
        : m_in(in), m_out(out), m_stream(stream), m_edge(p.edge), m_hash(p.seed, RngStream::DiamondSquare),
          m_detail(p.detail), m_step(step), m_h(step / 2), m_count(in.side - 1), m_scale(scale), m_k(levelKernels()) {}

    int centreRows() const { return m_count; }
    // Samples this level writes, to decide whether threads pay off.
    double work() const { return double(m_count) * double(m_count) * 3.0; }

    struct State {
        float *above, *centres;  // square centres of out rows 2i - 1, 2i + 1
        float *edges, *odd;
    };
    State state(WorkerScratch& scratch, int slot) const {
        const std::vector<float*> b = levelScratchArrays(scratch.arrays[slot], 4, m_count + 1);
        return {b[0], b[1], b[2], b[3]};
    }
    // A block starting at centre row `begin` recomputes (without writing) the centres before it.
    void start(int begin, State& st) const {
        if (begin > 0) centreValues(begin - 1, 0, m_count, st.above);
    }
    int firstRowRead(int begin) const { return std::max(begin - 1, 0); }
    int stepMaking(int row) const { return row / 2; }
    int readyAfter(int i) const { return 2 * i + 1; }
    void finish() const {
        if (m_stream) streamFence();
    }

    // Centre row i (out row 2i + 1), then the corner row above it (out row 2i, i > 0).
    void step(int i, State& st) const {
        const int m = m_count;
        const float* north = m_in.row(i);
        const float* south = m_in.row(i + 1);
        const int y = m_h + i * m_step;
        float* centreRow = m_out.row(2 * i + 1);
        float* cornerRow = i > 0 ? m_out.row(2 * i) : nullptr;
        float *above = st.above, *centres = st.centres, *edges = st.edges, *odd = st.odd;
        // Runs of kRun points: each run is computed and stored before the next is computed,
        // so streamed stores drain while the next run's hashes are computed.
        for (int c0 = 0; c0 < m; c0 += kRun) {
            const int c1 = std::min(m, c0 + kRun);
            centreValues(i, c0, c1, centres);
            // Edge midpoints between the centres (W, E = centres); the border ones come last.
            if (const int e0 = std::max(c0, 1); c1 > e0) {
                m_k.dsSum4(centres + e0 - 1, centres + e0, north + e0, south + e0, c1 - e0, base(y),
                           lat(e0 * m_step), lat(m_step), m_scale, edges + e0);
            }
            if (c0 == 0) {
                put(centreRow + 1, centres, edges + 1, 2 * c1 - 1);  // sample 0 (a border one) comes last
            } else {
                put(centreRow + 2 * c0, edges + c0, centres + c0, 2 * (c1 - c0));
            }
            if (cornerRow != nullptr) {  // edge midpoints of the corner row between centre rows 2i - 1, 2i + 1
                m_k.dsSum4(north + c0, north + c0 + 1, above + c0, centres + c0, c1 - c0, base(i * m_step),
                           lat(m_h + c0 * m_step), lat(m_step), m_scale, odd + c0);
                put(cornerRow + 2 * c0, north + c0, odd + c0, 2 * (c1 - c0));
            }
        }
        borderEdges(y, north, south, centres, edges);
        put(centreRow, edges, nullptr, 1);
        put(centreRow + 2 * m, edges + m, nullptr, 1);
        if (cornerRow != nullptr) put(cornerRow + 2 * m, north + m, nullptr, 1);
        std::swap(st.above, st.centres);
    }

    // Out rows 0 and 2n: their missing neighbour follows the edge mode. Run after rows().
    void borderRows() const {
        const float* first = m_out.row(1);
        const float* lastCentre = m_out.row(2 * m_count - 1);
        const int last = m_count * m_step;
        switch (m_edge) {
        case EdgeMode::Clip:
            borderRow(0, nullptr, first, 0);
            borderRow(m_count, lastCentre, nullptr, last);
            break;
        case EdgeMode::Reflect:
            borderRow(0, first, first, 0);
            borderRow(m_count, lastCentre, lastCentre, last);
            break;
        case EdgeMode::Wrap:  // the last row repeats row 0: same inputs, same (canonical) noise
            borderRow(0, lastCentre, first, 0);
            borderRow(m_count, lastCentre, first, 0);
            break;
        }
    }

private:
    // Map coordinate -> lattice coordinate: what the hash sees.
    std::uint32_t lat(int v) const { return onLattice(v, m_detail); }
    std::uint64_t base(int y) const { return m_hash.key + (std::uint64_t(lat(y)) << 32); }
    float noise(int x, int y) const { return toSigned(m_hash(lat(x), lat(y))) * m_scale; }

    // dst[j] = even[j / 2] or odd[j / 2] for j < total, streamed past the cache for a large map.
    void put(float* dst, const float* even, const float* odd, int total) const {
        (m_stream ? m_k.interleaveStream : m_k.interleave)(dst, even, odd, total);
    }

    // Square centres c0..c1 - 1 of centre row i (map x = h + k * step) from the corners around them.
    void centreValues(int i, int c0, int c1, float* out) const {
        const float *n = m_in.row(i) + c0, *s = m_in.row(i + 1) + c0;
        m_k.dsSum4(n, n + 1, s, s + 1, c1 - c0, base(m_h + i * m_step), lat(m_h + c0 * m_step), lat(m_step), m_scale,
                   out + c0);
    }

    // The edge midpoints of centre row y on the west and east border (edges[0], edges[m]).
    void borderEdges(int y, const float* n, const float* s, const float* centres, float* edges) const {
        const int m = m_count, last = m * m_step;
        const float w = centres[m - 1], e = centres[0];  // the centres next to the west and east border
        switch (m_edge) {
        case EdgeMode::Clip:
            edges[0] = (e + n[0] + s[0]) / 3.0f + noise(0, y);
            edges[m] = (w + n[m] + s[m]) / 3.0f + noise(last, y);
            break;
        case EdgeMode::Reflect:
            edges[0] = (e + e + n[0] + s[0]) / 4.0f + noise(0, y);
            edges[m] = (w + w + n[m] + s[m]) / 4.0f + noise(last, y);
            break;
        case EdgeMode::Wrap:
            edges[0] = (w + e + n[0] + s[0]) / 4.0f + noise(0, y);
            edges[m] = edges[0];
            break;
        }
    }

    // Border corner row `in` row r (out row 2r): n or s (out centre rows, read at odd indices) is
    // null where that neighbour is missing (clip).
    void borderRow(int r, const float* n, const float* s, int noiseY) const {
        const float* corners = m_in.row(r);
        std::vector<float> odd(static_cast<std::size_t>(m_count));
        for (int k = 0; k < m_count; ++k) {
            const float w = corners[k], e = corners[k + 1];
            const std::size_t x = std::size_t(2 * k + 1);
            const float sum = n == nullptr   ? (w + e + s[x]) / 3.0f
                              : s == nullptr ? (w + e + n[x]) / 3.0f
                                             : (w + e + n[x] + s[x]) / 4.0f;
            odd[std::size_t(k)] = sum + noise(m_h + k * m_step, noiseY);
        }
        m_k.interleave(m_out.row(2 * r), corners, odd.data(), 2 * m_count + 1);
    }

    LevelGrid m_in, m_out;
    bool m_stream;
    EdgeMode m_edge;
    PointHash m_hash;
    int m_detail, m_step, m_h, m_count;
    float m_scale;
    const LevelKernels& m_k;
    static constexpr int kRun = 512;
};

}  // namespace

float diamondSquareCorner(const DiamondSquareParams& p, int i) {
    const int last = sideForDetail(p.detail) - 1;
    const int src = p.edge == EdgeMode::Wrap ? 0 : i;  // a tiling map has one corner value
    if (p.fixedCorners) return p.corners[std::size_t(src)];
    const int x = src % 2 * last, y = src / 2 * last;
    return p.amplitude *
           toSigned(hash4(p.seed, onLattice(x, p.detail), onLattice(y, p.detail), RngStream::Corners));
}

void diamondSquareInto(const DiamondSquareParams& p, const GenerateContext& caller, Heightmap& map) {
    if (p.interpolation == Interpolation::Cubic) return cubicDiamondSquareInto(p, caller, map);
    const int side = sideForDetail(p.detail);
    const int last = side - 1;
    map.reshapeUninitialized(side, side);
    const ExecutionScope scope(caller);  // the caller's executor and workspace, or ones for this call
    const GenerateContext& context = scope.context();
    const LevelGrids grids(map, p.detail, scope.workspace());
    const LevelGrid corners = grids.level(0);  // 2 x 2: the map's corners
    for (int i = 0; i < 4; ++i) corners.row(i / 2)[i % 2] = diamondSquareCorner(p, i);
    // Level l (counted from the top) displaces by amplitude * roughness^(l - 1), whatever the
    // detail: a finer map only adds levels below the ones a coarser map has.
    float scale = p.amplitude;
    const int fused = p.detail >= 2 ? 2 : 0;  // the last two levels run as one pass
    for (int level = 1; level <= p.detail - fused; ++level, scale *= p.roughness) {
        const LevelGrid out = grids.level(level);
        const Level pass(grids.level(level - 1), out, level == p.detail && grids.stream(), p, last >> (level - 1), scale);
        runLevel(pass, context);
        pass.borderRows();
        context.report(float(level) / float(p.detail));
    }
    if (fused == 0) return;

    // The grid of level detail - 1 exists only as rings of rows, except its border rows 0 and
    // `middle - 1`: the coarse level makes them first, from its first and last centre rows.
    const LevelGrid coarseIn = grids.level(p.detail - 2);
    const int middle = 2 * coarseIn.side - 1;
    const float fineScale = scale * p.roughness;
    std::vector<float> endRows(2 * std::size_t(middle));
    LevelGrid ends;
    ends.first = endRows.data();
    ends.lastRow = endRows.data() + middle;
    const auto coarse = [&](LevelGrid view) { return Level(coarseIn, view, false, p, 4, scale); };
    const auto fine = [&](LevelGrid view) { return Level(view, grids.level(p.detail), grids.stream(), p, 2, fineScale); };
    {
        LevelGrid ring = ends;
        WorkerScratch& scratch = scope.workspace().worker(0);  // the caller's, before the pass
        ring.data = levelRingRows(scratch.ring, 4, middle);
        ring.side = middle;
        ring.ring = 4;
        const Level c = coarse(ring);
        auto st = c.state(scratch, 0);
        c.start(0, st);
        c.step(0, st);  // middle row 1
        c.start(c.centreRows() - 1, st);
        c.step(c.centreRows() - 1, st);  // middle row middle - 2
        c.borderRows();
    }
    ends.side = middle;
    ends.ring = 4;  // only rows 0 and middle - 1 are read through this view (borderRows)
    const Level last2 = fine(ends);
    fuseLastTwoLevels(middle, ends, last2.centreRows(), threadsForWork(last2.work() * 1.25, context.threads), context,
                      coarse, fine);
    last2.borderRows();
    context.report(1.0f);
}

Heightmap diamondSquare(const DiamondSquareParams& p, const GenerateContext& context) {
    Heightmap map;
    diamondSquareInto(p, context, map);
    return map;
}

DiamondSquareParams diamondSquareParams(const Recipe& recipe) {
    DiamondSquareParams p;
    p.detail = recipe.detail;
    p.seed = recipe.seed;
    p.roughness = float(recipe.params.at("roughness"));
    p.amplitude = float(recipe.params.at("amplitude"));
    p.edge = static_cast<EdgeMode>(int(recipe.params.at("edge")));
    p.fixedCorners = recipe.params.at("corners") != 0.0;
    p.corners = {float(recipe.params.at("corner_nw")), float(recipe.params.at("corner_ne")),
                 float(recipe.params.at("corner_sw")), float(recipe.params.at("corner_se"))};
    p.interpolation = static_cast<Interpolation>(int(recipe.params.at("interpolation")));
    return p;
}

Algorithm diamondSquareAlgorithm() {
    Algorithm a;
    a.id = "diamond-square";
    a.name = "Diamond-square";
    a.summary = "Breadth-first diamond-square on a 2^detail+1 grid";
    a.minDetail = 1;
    a.maxDetail = 14;
    a.defaultDetail = 9;
    auto corner = [](const char* key, const char* label) {
        return ParamSpec{key, label, "", ParamKind::Real, -10.0, 10.0, 0.01, 0.0,
                         std::string("Height of the ") + label + " corner when corners are fixed", {}};
    };
    a.params = {
        {"roughness", "Roughness", "", ParamKind::Real, 0.0, 1.0, 0.01, 0.6,
         "Factor the random amplitude is multiplied by at each level: 1 = rough, 0 = flat "
         "(0.6 looks good). Same as Hurst H with roughness = 2^-H.", {}},
        {"amplitude", "Amplitude", "", ParamKind::Real, 0.0, 10.0, 0.01, 1.0,
         "Random range of the first level and of random corners: heights start in [-amplitude, amplitude]", {}},
        {"edge", "Edge mode", "", ParamKind::Choice, 0, 2, 1, 0,
         "Missing neighbour at the border: clip averages the 3 that exist, wrap makes the map tile "
         "seamlessly, reflect mirrors the point inside", {"clip", "wrap", "reflect"}},
        {"corners", "Corners", "", ParamKind::Choice, 0, 1, 1, 0,
         "Corner heights: random from the seed, or the fixed values below", {"random", "fixed"}},
        corner("corner_nw", "north-west"),
        corner("corner_ne", "north-east"),
        corner("corner_sw", "south-west"),
        corner("corner_se", "south-east"),
        interpolationParam(),
    };
    a.sizeForDetail = [](int detail) { return Size{sideForDetail(detail), sideForDetail(detail)}; };
    a.generateInto = [](const Recipe& r, double, const GenerateContext& c, Heightmap& out) {
        diamondSquareInto(diamondSquareParams(r), c, out);
    };
    a.generateWindowInto = [](const Recipe& r, double, SampleWindow w, const GenerateContext& c, Heightmap& out) {
        diamondSquareWindowInto(diamondSquareParams(r), w, c, out);
    };
    return a;
}

}  // namespace terrain::core
