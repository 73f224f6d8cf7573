#include "generators.h"

#include "../cancel.h"
#include "../parallel.h"
#include "../recipe.h"
#include "../rng.h"
#include "level_kernels.h"

#include <utility>
#include <vector>

namespace terrain::core {
namespace {

// One level of seed 004's square subdivision as a single streaming pass.
//
// Seed 004's recursion visits squares depth-first, but every value depends only on the corners of
// its own square, so visiting level by level gives the same values (the tests compare against
// the literal recursion). Processing centre row y writes the horizontal edge midpoints of the
// corner row below it (y + h), then row y: the vertical edge midpoints, then the centres, which
// need both edge rows around them. Each row is written once, by one thread; a block that starts
// mid-map recomputes (without writing) the corner row above it.
//
// The inner loops run on compact arrays (element k = the k-th point of this level in a row) with
// the vectorised kernels of level_kernels.h; at the last level (h = 1) the arrays are gathered
// from and interleaved back into the rows with contiguous vector loads and stores.
//
// Each point is computed exactly once (seed 004 re-tested "== 0.0" to mean unset, which
// recomputed points that happened to be clamped to 0).
class Level {
public:
    Level(Heightmap& map, const MidpointDisplacementParams& p, int step, float spread)
        : m_hash(p.seed, RngStream::MidpointDisplacement), m_clamp(p.clamp),
          m_last(map.width() - 1), m_step(step), m_h(step / 2), m_count(m_last / step), m_spread(spread),
          m_rows(map, step), m_k(m_rows.kernels()) {}

    int centreRows() const { return m_count; }
    // Samples this level writes, to decide whether threads pay off.
    double work() const { return double(m_count) * double(m_count) * 3.0; }

    void rows(int begin, int end) const {
        const int m = m_count;
        const std::vector<float*> buffers = m_rows.scratch(6);
        float *north = buffers[0], *south = buffers[1];          // corner points of rows y - h, y + h
        float *northEdge = buffers[2], *southEdge = buffers[3];  // their edge midpoints (odd points)
        float *vertical = buffers[4], *centres = buffers[5];     // row y: even and odd points

        const int firstY = centreY(begin) - m_h;
        m_rows.gather(firstY, north);
        edgeValues(north, firstY, northEdge);
        if (begin == 0) m_rows.writeOdd(firstY, north, northEdge, true);  // else it belongs to the block above
        for (int i = begin; i < end; ++i) {
            const int y = centreY(i);
            m_rows.gather(y + m_h, south);
            edgeValues(south, y + m_h, southEdge);
            // The next block reads this row's corner points when it starts here; write only ours.
            m_rows.writeOdd(y + m_h, south, southEdge, i + 1 < end || end == centreRows());
            m_k.mdAvg2(north, south, m + 1, base(y), 0, std::uint32_t(m_step), m_spread, m_clamp, vertical);
            m_k.mdAvg4(vertical, vertical + 1, northEdge, southEdge, m, base(y), std::uint32_t(m_h),
                       std::uint32_t(m_step), m_spread, m_clamp, centres);
            m_rows.write(y, vertical, centres);
            std::swap(north, south);
            std::swap(northEdge, southEdge);
        }
    }

private:
    int centreY(int i) const { return m_h + i * m_step; }
    std::uint64_t base(int y) const { return m_hash.key + (std::uint64_t(std::uint32_t(y)) << 32); }

    // Horizontal edge midpoints (x = h + k * step) of corner row y from its corner points.
    void edgeValues(const float* corners, int y, float* out) const {
        m_k.mdAvg2(corners, corners + 1, m_count, base(y), std::uint32_t(m_h), std::uint32_t(m_step), m_spread,
                   m_clamp, out);
    }

    PointHash m_hash;
    bool m_clamp;
    int m_last, m_step, m_h, m_count;
    float m_spread;
    LevelRows m_rows;
    const LevelKernels& m_k;
};

}  // namespace

void midpointDisplacementInto(const MidpointDisplacementParams& p, const GenerateContext& context,
                              Heightmap& map) {
    const int side = sideForDetail(p.detail);
    const int last = side - 1;
    map.reshapeUninitialized(side, side);
    const PointHash hash(p.seed, RngStream::MidpointDisplacement);
    for (const int y : {0, last})
        for (const int x : {0, last}) map.at(x, y) = toUnit(hash(std::uint32_t(x), std::uint32_t(y)));

    float spread = p.spread;
    int level = 0;
    for (int step = last; step > 1; step /= 2, spread *= p.roughness, ++level) {
        const Level pass(map, p, step, spread);
        parallelRows(pass.centreRows(), threadsForWork(pass.work(), context.threads), context,
                     [&](int begin, int end) { pass.rows(begin, end); });
        context.report(float(level + 1) / float(p.detail));
    }
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
    return p;
}

Algorithm midpointDisplacementAlgorithm() {
    Algorithm a;
    a.id = "midpoint-displacement";
    a.name = "Midpoint displacement";
    a.summary = "Square subdivision with spread and spread reduction, clamped to [0, 1] (seed 004)";
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
    };
    a.sizeForDetail = [](int detail) { return Size{sideForDetail(detail), sideForDetail(detail)}; };
    a.generateInto = [](const Recipe& r, const GenerateContext& c, Heightmap& out) {
        midpointDisplacementInto(midpointDisplacementParams(r), c, out);
    };
    return a;
}

}  // namespace terrain::core
