#include "generators.h"

#include "../cancel.h"
#include "../parallel.h"
#include "../recipe.h"
#include "../rng.h"

namespace terrain::core {
namespace {

float draw(std::uint64_t seed, int x, int y) {
    return toSigned(hash4(seed, std::uint32_t(x), std::uint32_t(y), RngStream::DiamondSquare));
}

// One level of the square step's inputs: the four diamond neighbours at distance h, summed in a
// fixed order (west, east, north, south) so a point's value never depends on which square
// visited it. Out-of-map neighbours follow the edge mode.
struct EdgeRule {
    const Heightmap& map;
    EdgeMode edge;
    int last;  // index of the last row/column (2^detail)

    float operator()(int x, int y, int h) const {
        const bool hasW = x - h >= 0, hasE = x + h <= last, hasN = y - h >= 0, hasS = y + h <= last;
        if (hasW && hasE && hasN && hasS) {
            return (map.at(x - h, y) + map.at(x + h, y) + map.at(x, y - h) + map.at(x, y + h)) / 4.0f;
        }
        switch (edge) {
        case EdgeMode::Clip: {
            float sum = 0.0f;
            if (hasW) sum += map.at(x - h, y);
            if (hasE) sum += map.at(x + h, y);
            if (hasN) sum += map.at(x, y - h);
            if (hasS) sum += map.at(x, y + h);
            return sum / 3.0f;  // exactly one neighbour is missing on the border
        }
        case EdgeMode::Reflect: {
            const float w = map.at(hasW ? x - h : x + h, y);
            const float e = map.at(hasE ? x + h : x - h, y);
            const float n = map.at(x, hasN ? y - h : y + h);
            const float s = map.at(x, hasS ? y + h : y - h);
            return (w + e + n + s) / 4.0f;
        }
        case EdgeMode::Wrap: {
            // Period `last`: column `last` equals column 0, so x+h past the edge is x+h-last.
            const float w = map.at(hasW ? x - h : x - h + last, y);
            const float e = map.at(hasE ? x + h : x + h - last, y);
            const float n = map.at(x, hasN ? y - h : y - h + last);
            const float s = map.at(x, hasS ? y + h : y + h - last);
            return (w + e + n + s) / 4.0f;
        }
        }
        return 0.0f;
    }
};

}  // namespace

Heightmap diamondSquare(const DiamondSquareParams& p, const GenerateContext& context) {
    const int side = sideForDetail(p.detail);
    const int last = side - 1;
    Heightmap map = Heightmap::uninitialized(side, side);
    const bool wrap = p.edge == EdgeMode::Wrap;
    // Wrap draws from the canonical (tiled) coordinate so that the last row/column repeat the first.
    auto noise = [&](int x, int y) { return wrap ? draw(p.seed, x % last, y % last) : draw(p.seed, x, y); };

    const int cx[4] = {0, last, 0, last};
    const int cy[4] = {0, 0, last, last};
    for (int i = 0; i < 4; ++i) {
        const int src = wrap ? 0 : i;
        map.at(cx[i], cy[i]) = p.fixedCorners
                                   ? p.corners[std::size_t(src)]
                                   : p.amplitude * toSigned(hash4(p.seed, std::uint32_t(cx[src]),
                                                                  std::uint32_t(cy[src]), RngStream::Corners));
    }

    const EdgeRule edgeAverage{map, p.edge, last};
    float scale = p.amplitude;
    int level = 0;
    for (int step = last; step > 1; step /= 2, scale *= p.roughness, ++level) {
        const int h = step / 2;
        // Diamond step (seed 000's "diamond"): square centres from the four corners.
        parallelRows(last / step, context.threads, context, [&](int begin, int end) {
            for (int i = begin; i < end; ++i) {
                const int y = h + i * step;
                const float* north = map.row(y - h);
                const float* south = map.row(y + h);
                float* out = map.row(y);
                for (int x = h; x < last; x += step) {
                    const float avg = (north[x - h] + north[x + h] + south[x - h] + south[x + h]) / 4.0f;
                    out[x] = avg + noise(x, y) * scale;
                }
            }
        });
        // Square step: edge midpoints from their diamond neighbours; rows alternate between
        // corner rows (points at odd multiples of h) and centre rows (points at multiples of step).
        parallelRows(last / h + 1, context.threads, context, [&](int begin, int end) {
            for (int i = begin; i < end; ++i) {
                const int y = i * h;
                float* out = map.row(y);
                const int first = (i % 2 == 0) ? h : 0;
                for (int x = first; x <= last; x += step) out[x] = edgeAverage(x, y, h) + noise(x, y) * scale;
            }
        });
        context.report(float(level + 1) / float(p.detail));
    }
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
    a.generate = [](const Recipe& r, const GenerateContext& c) { return diamondSquare(diamondSquareParams(r), c); };
    return a;
}

}  // namespace terrain::core
