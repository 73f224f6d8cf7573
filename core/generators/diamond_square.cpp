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

// One level of diamond-square as a single streaming pass over the rows.
//
// A level with square size `step` (half `h`) writes centre rows (y = h mod step: square centres
// at odd multiples of h, edge midpoints at multiples of step) and the edge midpoints of corner
// rows (y = 0 mod step, at odd multiples of h). Processing centre row y writes row y completely
// and then the corner row y - h, whose north/south inputs are the centre rows y - step and y, so
// each row is written once, in order, by one thread, with no border branches in the inner loops.
// A block of rows that starts mid-map recomputes (without writing) the centre row before it.
//
// The inner loops run on compact arrays (element k = the k-th point of this level in a row) with
// the vectorised kernels of level_kernels.h; at the last level (h = 1) the arrays are gathered
// from and interleaved back into the rows with contiguous vector loads and stores.
//
// Sums follow the reference exactly: centres (NW + NE + SW + SE) / 4, edge points
// (W + E + N + S) / 4, or the three that exist / 3 (clip), so the bits match the seed reference.
class Level {
public:
    Level(Heightmap& map, const DiamondSquareParams& p, int step, float scale)
        : m_map(map), m_edge(p.edge), m_hash(p.seed, RngStream::DiamondSquare), m_last(map.width() - 1),
          m_step(step), m_h(step / 2), m_count(m_last / step), m_scale(scale), m_rows(map, step),
          m_k(m_rows.kernels()) {}

    int centreRows() const { return m_count; }
    // Samples this level writes, to decide whether threads pay off.
    double work() const { return double(m_count) * double(m_count) * 3.0; }

    void rows(int begin, int end) const {
        const int m = m_count;
        const std::vector<float*> buffers = m_rows.scratch(6);
        float *north = buffers[0], *south = buffers[1];  // corner points of the rows y - h, y + h
        float *above = buffers[2], *centres = buffers[3];  // square centres of rows y - step, y
        float *edges = buffers[4], *odd = buffers[5];

        m_rows.gather(centreY(begin) - m_h, north);
        if (begin > 0) {  // the centre row before this block, recomputed and not written
            m_rows.gather(centreY(begin - 1) - m_h, odd);
            centreValues(odd, north, centreY(begin - 1), above);
        }
        for (int i = begin; i < end; ++i) {
            const int y = centreY(i);
            m_rows.gather(y + m_h, south);
            centreValues(north, south, y, centres);
            writeCentreRow(y, north, south, centres, edges);
            if (i > 0) {
                // Edge midpoints of the corner row between the centre rows y - step and y.
                const int cy = y - m_h;
                m_k.dsSum4(north, north + 1, above, centres, m, base(cy), std::uint32_t(m_h),
                           std::uint32_t(m_step), m_scale, odd);
                // Other blocks read this row's corner points when it borders them; write only ours.
                const bool exclusive = i > begin && (i + 1 < end || end == centreRows());
                m_rows.writeOdd(cy, north, odd, exclusive);
            }
            std::swap(north, south);
            std::swap(above, centres);
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
    std::uint64_t base(int y) const { return m_hash.key + (std::uint64_t(std::uint32_t(y)) << 32); }
    float noise(int x, int y) const {
        return toSigned(m_hash(std::uint32_t(x), std::uint32_t(y))) * m_scale;
    }

    // Square centres of centre row y (x = h + k * step) from the corner points north and south.
    void centreValues(const float* n, const float* s, int y, float* out) const {
        m_k.dsSum4(n, n + 1, s, s + 1, m_count, base(y), std::uint32_t(m_h), std::uint32_t(m_step), m_scale, out);
    }

    // Centre row y: the square centres and the edge midpoints between them (W, E = centres).
    void writeCentreRow(int y, const float* n, const float* s, const float* centres, float* edges) const {
        const int m = m_count, last = m_last;
        if (m > 1) {
            m_k.dsSum4(centres, centres + 1, n + 1, s + 1, m - 1, base(y), std::uint32_t(m_step),
                       std::uint32_t(m_step), m_scale, edges + 1);
        }
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
        m_rows.write(y, edges, centres);
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
    int m_last, m_step, m_h, m_count;
    float m_scale;
    LevelRows m_rows;
    const LevelKernels& m_k;
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
        parallelRows(pass.centreRows(), threadsForWork(pass.work(), context.threads), context,
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
