#include "generators.h"

#include "../cancel.h"
#include "../parallel.h"
#include "../recipe.h"
#include "../rng.h"

#include <vector>

namespace terrain::core {
namespace {

// One level of diamond-square as a single streaming pass over the rows.
//
// A level with square size `step` (half `h`) writes centre rows (y = h mod step: square centres
// at odd multiples of h, edge midpoints at multiples of step) and the edge midpoints of corner
// rows (y = 0 mod step, at odd multiples of h). Processing centre row y writes row y completely
// and then the corner row y - h, whose north/south inputs are the centre rows y - step and y, so
// each row is written once, in order, by one thread, with no border branches in the inner loops.
// A block of rows that starts mid-map recomputes (without writing) the centre row before it.
//
// Sums follow the reference exactly: centres (NW + NE + SW + SE) / 4, edge points
// (W + E + N + S) / 4, or the three that exist / 3 (clip), so the bits match the seed reference.
class Level {
public:
    Level(Heightmap& map, const DiamondSquareParams& p, int step, float scale)
        : m_map(map), m_edge(p.edge), m_hash(p.seed, RngStream::DiamondSquare), m_last(map.width() - 1),
          m_step(step), m_h(step / 2), m_scale(scale) {}

    int centreRows() const { return m_last / m_step; }

    void rows(int begin, int end) const {
        std::vector<float> before;
        const float* previous = nullptr;  // centre row above the current one
        if (begin > 0) {
            before.resize(std::size_t(m_last) + 1);
            centres(centreY(begin - 1), before.data());
            previous = before.data();
        }
        for (int i = begin; i < end; ++i) {
            const int y = centreY(i);
            float* row = m_map.row(y);
            centres(y, row);
            centreRowEdges(y, row);
            if (i > 0) cornerRowEdges(y - m_h, previous, row);
            previous = row;
        }
    }

    // Corner rows 0 and last: their missing neighbour follows the edge mode. Run after rows().
    void borderRows() const {
        const float* first = m_map.row(m_h);
        const float* lastCentre = m_map.row(m_last - m_h);
        switch (m_edge) {
        case EdgeMode::Clip:
            borderRow(0, nullptr, first, 0);
            borderRow(m_last, lastCentre, nullptr, m_last);
            break;
        case EdgeMode::Reflect:
            borderRow(0, first, first, 0);
            borderRow(m_last, lastCentre, lastCentre, m_last);
            break;
        case EdgeMode::Wrap:  // row `last` repeats row 0: same inputs, same (canonical) noise
            borderRow(0, lastCentre, first, 0);
            borderRow(m_last, lastCentre, first, 0);
            break;
        }
    }

private:
    int centreY(int i) const { return m_h + i * m_step; }
    float noise(int x, int y) const {
        return toSigned(m_hash(std::uint32_t(x), std::uint32_t(y))) * m_scale;
    }

    // Square centres of centre row y from the corner rows y - h and y + h.
    void centres(int y, float* out) const {
        const float* n = m_map.row(y - m_h);
        const float* s = m_map.row(y + m_h);
        const int h = m_h, step = m_step, last = m_last;
        for (int x = h; x < last; x += step) {
            out[x] = (n[x - h] + n[x + h] + s[x - h] + s[x + h]) / 4.0f + noise(x, y);
        }
    }

    // Edge midpoints of centre row y at multiples of step (west/east: centres in this row).
    void centreRowEdges(int y, float* row) const {
        const float* n = m_map.row(y - m_h);
        const float* s = m_map.row(y + m_h);
        const int h = m_h, step = m_step, last = m_last;
        for (int x = step; x < last; x += step) {
            row[x] = (row[x - h] + row[x + h] + n[x] + s[x]) / 4.0f + noise(x, y);
        }
        const float w = row[last - h], e = row[h];  // the centres next to the west and east border
        switch (m_edge) {
        case EdgeMode::Clip:
            row[0] = (e + n[0] + s[0]) / 3.0f + noise(0, y);
            row[last] = (w + n[last] + s[last]) / 3.0f + noise(last, y);
            break;
        case EdgeMode::Reflect:
            row[0] = (e + e + n[0] + s[0]) / 4.0f + noise(0, y);
            row[last] = (w + w + n[last] + s[last]) / 4.0f + noise(last, y);
            break;
        case EdgeMode::Wrap:
            row[0] = (w + e + n[0] + s[0]) / 4.0f + noise(0, y);
            row[last] = row[0];
            break;
        }
    }

    // Edge midpoints of an inner corner row (odd multiples of h) between centre rows n and s.
    void cornerRowEdges(int y, const float* n, const float* s) const {
        float* row = m_map.row(y);
        const int h = m_h, step = m_step, last = m_last;
        for (int x = h; x < last; x += step) {
            row[x] = (row[x - h] + row[x + h] + n[x] + s[x]) / 4.0f + noise(x, y);
        }
    }

    // A border corner row; n or s is null where that neighbour is missing (clip).
    void borderRow(int y, const float* n, const float* s, int noiseY) const {
        float* row = m_map.row(y);
        const int h = m_h, step = m_step, last = m_last;
        for (int x = h; x < last; x += step) {
            const float sum = n == nullptr   ? (row[x - h] + row[x + h] + s[x]) / 3.0f
                              : s == nullptr ? (row[x - h] + row[x + h] + n[x]) / 3.0f
                                             : (row[x - h] + row[x + h] + n[x] + s[x]) / 4.0f;
            row[x] = sum + noise(x, noiseY);
        }
    }

    Heightmap& m_map;
    EdgeMode m_edge;
    PointHash m_hash;
    int m_last, m_step, m_h;
    float m_scale;
};

}  // namespace

void diamondSquareInto(const DiamondSquareParams& p, const GenerateContext& context, Heightmap& map) {
    const int side = sideForDetail(p.detail);
    const int last = side - 1;
    map.reshapeUninitialized(side, side);
    const bool wrap = p.edge == EdgeMode::Wrap;
    const int cx[4] = {0, last, 0, last};
    const int cy[4] = {0, 0, last, last};
    for (int i = 0; i < 4; ++i) {
        const int src = wrap ? 0 : i;  // a tiling map has one corner value
        map.at(cx[i], cy[i]) = p.fixedCorners
                                   ? p.corners[std::size_t(src)]
                                   : p.amplitude * toSigned(hash4(p.seed, std::uint32_t(cx[src]),
                                                                  std::uint32_t(cy[src]), RngStream::Corners));
    }
    float scale = p.amplitude;
    int level = 0;
    for (int step = last; step > 1; step /= 2, scale *= p.roughness, ++level) {
        const Level pass(map, p, step, scale);
        parallelRows(pass.centreRows(), context.threads, context,
                     [&](int begin, int end) { pass.rows(begin, end); });
        pass.borderRows();
        context.report(float(level + 1) / float(p.detail));
    }
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
    return p;
}

Algorithm diamondSquareAlgorithm() {
    Algorithm a;
    a.id = "diamond-square";
    a.name = "Diamond-square";
    a.summary = "Breadth-first diamond-square on a 2^detail+1 grid (seeds 000, 002, 003)";
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
    };
    a.sizeForDetail = [](int detail) { return Size{sideForDetail(detail), sideForDetail(detail)}; };
    a.generateInto = [](const Recipe& r, const GenerateContext& c, Heightmap& out) {
        diamondSquareInto(diamondSquareParams(r), c, out);
    };
    return a;
}

}  // namespace terrain::core
