#include "generators.h"

#include "../cancel.h"
#include "../parallel.h"
#include "../recipe.h"
#include "../rng.h"

#include <algorithm>
#include <vector>

namespace terrain::core {
namespace {

float avg(float a, float b) { return (a + b) / 2.0f; }

// One level of seed 004's square subdivision as a single streaming pass.
//
// Seed 004's recursion visits squares depth-first, but every value depends only on the corners of
// its own square, so visiting level by level gives the same values (the tests compare against
// the literal recursion). Processing centre row y writes the horizontal edge midpoints of the
// corner row below it (y + h), the vertical edge midpoints of row y, then the centres of row y,
// which need both edge rows around them. Each row is written once, by one thread; a block that
// starts mid-map recomputes (without writing) the corner row above it.
//
// Each point is computed exactly once (seed 004 re-tested "== 0.0" to mean unset, which
// recomputed points that happened to be clamped to 0).
class Level {
public:
    Level(Heightmap& map, const MidpointDisplacementParams& p, int step, float spread)
        : m_map(map), m_hash(p.seed, RngStream::MidpointDisplacement), m_clamp(p.clamp),
          m_last(map.width() - 1), m_step(step), m_h(step / 2), m_spread(spread) {}

    int centreRows() const { return m_last / m_step; }

    void rows(int begin, int end) const {
        std::vector<float> before;
        const float* north = nullptr;  // the corner row above the current centre row
        if (begin == 0) {
            cornerRowEdges(0, m_map.row(0));
            north = m_map.row(0);
        } else {
            const int y = centreY(begin) - m_h;
            before.assign(m_map.row(y), m_map.row(y) + m_last + 1);
            cornerRowEdges(y, before.data());
            north = before.data();
        }
        for (int i = begin; i < end; ++i) {
            const int y = centreY(i);
            float* south = m_map.row(y + m_h);
            float* row = m_map.row(y);
            cornerRowEdges(y + m_h, south);
            centreRow(y, row, north, south);
            north = south;
        }
    }

private:
    int centreY(int i) const { return m_h + i * m_step; }
    float vary(float v, int x, int y) const {
        const float out = v + toSigned(m_hash(std::uint32_t(x), std::uint32_t(y))) * m_spread;
        return m_clamp ? std::clamp(out, 0.0f, 1.0f) : out;
    }

    // Horizontal edge midpoints of corner row y (odd multiples of h), written into `row`.
    void cornerRowEdges(int y, float* row) const {
        const int h = m_h, step = m_step, last = m_last;
        for (int x = h; x < last; x += step) row[x] = vary(avg(row[x - h], row[x + h]), x, y);
    }

    // Vertical edge midpoints (multiples of step), then the centres (odd multiples of h).
    void centreRow(int y, float* row, const float* north, const float* south) const {
        const float* n = m_map.row(y - m_h);
        const float* s = m_map.row(y + m_h);
        const int h = m_h, step = m_step, last = m_last;
        for (int x = 0; x <= last; x += step) row[x] = vary(avg(n[x], s[x]), x, y);
        for (int x = h; x < last; x += step) {
            const float horizontal = avg(row[x - h], row[x + h]);
            const float vertical = avg(north[x], south[x]);
            row[x] = vary(avg(horizontal, vertical), x, y);
        }
    }

    Heightmap& m_map;
    PointHash m_hash;
    bool m_clamp;
    int m_last, m_step, m_h;
    float m_spread;
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
        parallelRows(pass.centreRows(), context.threads, context,
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
