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

// One level of seed 004's square subdivision as a pass from the grid of the level before (`in`,
// side n + 1: the points at multiples of `step`) to this level's grid (`out`, side 2n + 1).
//
// Seed 004's recursion visits squares depth-first, but every value depends only on the corners of
// its own square, so visiting level by level gives the same values (the tests compare against
// the literal recursion). Hash coordinates are map coordinates on the world lattice (rng.h), so
// the coarse grids give exactly the map's values and a point has the same draw at every detail. Processing centre row i writes the corner row below it (out row 2i + 2: the
// in row's points and its horizontal edge midpoints), then out row 2i + 1: the vertical edge
// midpoints and the centres, which need both edge rows around them. Every out row is written
// once, whole, by one thread, from contiguous in rows; a block that starts mid-grid recomputes
// (without writing) the edge midpoints of the corner row above it.
//
// Each point is computed exactly once (seed 004 re-tested "== 0.0" to mean unset, which
// recomputed points that happened to be clamped to 0).
class Level {
public:
    Level(LevelGrid in, LevelGrid out, bool stream, const MidpointDisplacementParams& p, int step, float spread)
        : m_in(in), m_out(out), m_stream(stream), m_hash(p.seed, RngStream::MidpointDisplacement),
          m_clamp(p.clamp), m_detail(p.detail), m_step(step), m_h(step / 2), m_count(in.side - 1), m_spread(spread),
          m_k(levelKernels()) {}

    int centreRows() const { return m_count; }
    // Samples this level writes, to decide whether threads pay off.
    double work() const { return double(m_count) * double(m_count) * 3.0; }

    struct State {
        float *northEdge, *southEdge;  // edge midpoints of out rows 2i, 2i + 2
        float *vertical, *centres;     // out row 2i + 1: even and odd points
    };
    State state(WorkerScratch& scratch, int slot) const {
        const std::vector<float*> b = levelScratchArrays(scratch.arrays[slot], 4, m_count + 1);
        return {b[0], b[1], b[2], b[3]};
    }
    // A block starting at centre row `begin` recomputes (without writing) the edge midpoints of
    // the corner row above it; the first block writes that row (out row 0).
    void start(int begin, State& st) const {
        edgeValues(begin, 0, m_count, st.northEdge);
        if (begin == 0) put(m_out.row(0), m_in.row(0), st.northEdge, 2 * m_count + 1);
    }
    int firstRowRead(int begin) const { return begin; }
    int stepMaking(int row) const { return std::max(row - 1, 0) / 2; }
    int readyAfter(int i) const { return 2 * i + 2; }
    void finish() const {
        if (m_stream) streamFence();
    }

    // The corner row below centre row i (out row 2i + 2), then centre row i (out row 2i + 1).
    void step(int i, State& st) const {
        const int m = m_count;
        const float *north = m_in.row(i), *south = m_in.row(i + 1);
        float* cornerRow = m_out.row(2 * i + 2);
        float* centreRow = m_out.row(2 * i + 1);
        float *northEdge = st.northEdge, *southEdge = st.southEdge, *vertical = st.vertical, *centres = st.centres;
        const int y = m_h + i * m_step;
        // Runs of kRun points: each run is computed and stored before the next is computed,
        // so streamed stores drain while the next run's hashes are computed.
        for (int c0 = 0; c0 < m; c0 += kRun) {
            const int c1 = std::min(m, c0 + kRun);
            edgeValues(i + 1, c0, c1, southEdge);
            put(cornerRow + 2 * c0, south + c0, southEdge + c0, 2 * (c1 - c0));
            // Vertical edge midpoints v0..c1 (each once: the run before computed up to c0).
            const int v0 = c0 == 0 ? 0 : c0 + 1;
            m_k.mdAvg2(north + v0, south + v0, c1 + 1 - v0, base(y), lat(v0 * m_step), lat(m_step), m_spread,
                       m_clamp, vertical + v0);
            m_k.mdAvg4(vertical + c0, vertical + c0 + 1, northEdge + c0, southEdge + c0, c1 - c0, base(y),
                       lat(m_h + c0 * m_step), lat(m_step), m_spread, m_clamp, centres + c0);
            put(centreRow + 2 * c0, vertical + c0, centres + c0, 2 * (c1 - c0));
        }
        put(cornerRow + 2 * m, south + m, nullptr, 1);
        put(centreRow + 2 * m, vertical + m, nullptr, 1);
        std::swap(st.northEdge, st.southEdge);
    }

private:
    // Map coordinate -> lattice coordinate: what the hash sees.
    std::uint32_t lat(int v) const { return onLattice(v, m_detail); }
    std::uint64_t base(int y) const { return m_hash.key + (std::uint64_t(lat(y)) << 32); }

    // dst[j] = even[j / 2] or odd[j / 2] for j < total, streamed past the cache for a large map.
    void put(float* dst, const float* even, const float* odd, int total) const {
        (m_stream ? m_k.interleaveStream : m_k.interleave)(dst, even, odd, total);
    }

    // Horizontal edge midpoints c0..c1 - 1 (map x = h + k * step) of in row r from its corners.
    void edgeValues(int r, int c0, int c1, float* out) const {
        const float* corners = m_in.row(r) + c0;
        m_k.mdAvg2(corners, corners + 1, c1 - c0, base(r * m_step), lat(m_h + c0 * m_step), lat(m_step), m_spread,
                   m_clamp, out + c0);
    }

    LevelGrid m_in, m_out;
    bool m_stream;
    PointHash m_hash;
    bool m_clamp;
    int m_detail, m_step, m_h, m_count;
    float m_spread;
    const LevelKernels& m_k;
    static constexpr int kRun = 512;
};

}  // namespace

float midpointDisplacementCorner(const MidpointDisplacementParams& p, int i) {
    const int last = sideForDetail(p.detail) - 1;
    const int x = i % 2 * last, y = i / 2 * last;
    return toUnit(PointHash(p.seed, RngStream::MidpointDisplacement)(onLattice(x, p.detail), onLattice(y, p.detail)));
}

void midpointDisplacementInto(const MidpointDisplacementParams& p, const GenerateContext& caller,
                              Heightmap& map) {
    if (p.interpolation == Interpolation::Cubic) return cubicMidpointDisplacementInto(p, caller, map);
    const int side = sideForDetail(p.detail);
    const int last = side - 1;
    map.reshapeUninitialized(side, side);
    const ExecutionScope scope(caller);  // the caller's executor and workspace, or ones for this call
    const GenerateContext& context = scope.context();
    const LevelGrids grids(map, p.detail, scope.workspace());
    const LevelGrid corners = grids.level(0);  // 2 x 2: the map's corners
    for (int i = 0; i < 4; ++i) corners.row(i / 2)[i % 2] = midpointDisplacementCorner(p, i);
    // Level l (counted from the top) moves points by up to spread * roughness^(l - 1), whatever
    // the detail: a finer map only adds levels below the ones a coarser map has.
    float spread = p.spread;
    const int fused = p.detail >= 2 ? 2 : 0;  // the last two levels run as one pass
    for (int level = 1; level <= p.detail - fused; ++level, spread *= p.roughness) {
        const Level pass(grids.level(level - 1), grids.level(level), level == p.detail && grids.stream(), p,
                         last >> (level - 1), spread);
        runLevel(pass, context);
        context.report(float(level) / float(p.detail));
    }
    if (fused == 0) return;

    // The grid of level detail - 1 exists only as rings of rows (its rows 0 and `middle - 1` are
    // made in the ring like the others).
    const LevelGrid coarseIn = grids.level(p.detail - 2);
    const int middle = 2 * coarseIn.side - 1;
    const float fineSpread = spread * p.roughness;
    const auto coarse = [&](LevelGrid view) { return Level(coarseIn, view, false, p, 4, spread); };
    const auto fine = [&](LevelGrid view) { return Level(view, grids.level(p.detail), grids.stream(), p, 2, fineSpread); };
    const Level last2 = fine(LevelGrid{nullptr, middle});
    fuseLastTwoLevels(middle, LevelGrid{}, last2.centreRows(), threadsForWork(last2.work() * 1.25, context.threads),
                      context, coarse, fine);
    context.report(1.0f);
}

Heightmap midpointDisplacement(const MidpointDisplacementParams& p, const GenerateContext& context) {
    Heightmap map;
    midpointDisplacementInto(p, context, map);
    return map;
}

MidpointDisplacementParams midpointDisplacementParams(const Recipe& recipe) {
    MidpointDisplacementParams p;
    p.detail = recipe.detail;
    p.seed = recipe.seed;
    p.spread = float(recipe.params.at("spread"));
    p.roughness = float(recipe.params.at("roughness"));
    p.clamp = recipe.params.at("clamp") != 0.0;
    p.interpolation = static_cast<Interpolation>(int(recipe.params.at("interpolation")));
    return p;
}

Algorithm midpointDisplacementAlgorithm() {
    Algorithm a;
    a.id = "midpoint-displacement";
    a.name = "Midpoint displacement";
    a.summary = "Square subdivision with spread and spread reduction, clamped to [0, 1]";
    a.minDetail = 1;
    a.maxDetail = 14;
    a.defaultDetail = 9;
    a.params = {
        {"spread", "Spread", "", ParamKind::Real, 0.0, 1.0, 0.01, 0.3,
         "Random displacement range of the first level: values move by up to +/- spread", {}},
        {"roughness", "Roughness", "", ParamKind::Real, 0.0, 1.0, 0.01, 0.5,
         "Spread reduction: the factor the spread is multiplied by at each level (1 = rough, 0 = flat)", {}},
        {"clamp", "Clamp to [0, 1]", "", ParamKind::Flag, 0, 1, 1, 1,
         "Clamp every value to [0, 1] after each step, as seed 004 does", {}},
        interpolationParam(),
    };
    a.sizeForDetail = [](int detail) { return Size{sideForDetail(detail), sideForDetail(detail)}; };
    a.generateInto = [](const Recipe& r, double, const GenerateContext& c, Heightmap& out) {
        midpointDisplacementInto(midpointDisplacementParams(r), c, out);
    };
    a.generateWindowInto = [](const Recipe& r, double, SampleWindow w, const GenerateContext& c, Heightmap& out) {
        midpointDisplacementWindowInto(midpointDisplacementParams(r), w, c, out);
    };
    return a;
}

}  // namespace terrain::core
