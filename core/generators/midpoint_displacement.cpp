#include "generators.h"

#include "../cancel.h"
#include "../parallel.h"
#include "../recipe.h"
#include "../rng.h"

#include <algorithm>

namespace terrain::core {
namespace {

float avg(float a, float b) { return (a + b) / 2.0f; }

}  // namespace

// Seed 004's recursion visits squares depth-first, but every value depends only on the corners of
// its own square, so visiting level by level gives the same values and lets rows run in parallel.
// Each point is computed exactly once (seed 004 re-tested "== 0.0" to mean unset, which recomputed
// points that happened to be 0 after clamping).
Heightmap midpointDisplacement(const MidpointDisplacementParams& p, const GenerateContext& context) {
    const int side = sideForDetail(p.detail);
    const int last = side - 1;
    Heightmap map = Heightmap::uninitialized(side, side);
    auto u = [&](int x, int y) {
        return hash4(p.seed, std::uint32_t(x), std::uint32_t(y), RngStream::MidpointDisplacement);
    };
    auto vary = [&](float v, int x, int y, float spread) {
        const float out = v + toSigned(u(x, y)) * spread;
        return p.clamp ? std::clamp(out, 0.0f, 1.0f) : out;
    };
    for (const int y : {0, last})
        for (const int x : {0, last}) map.at(x, y) = toUnit(u(x, y));

    float spread = p.spread;
    int level = 0;
    for (int step = last; step > 1; step /= 2, spread *= p.roughness, ++level) {
        const int h = step / 2;
        // Edge midpoints: the mean of their two end points (corner rows: horizontal edges; centre
        // rows: vertical edges).
        parallelRows(last / h + 1, context.threads, context, [&](int begin, int end) {
            for (int i = begin; i < end; ++i) {
                const int y = i * h;
                float* out = map.row(y);
                if (i % 2 == 0) {
                    for (int x = h; x < last; x += step) out[x] = vary(avg(out[x - h], out[x + h]), x, y, spread);
                } else {
                    const float* north = map.row(y - h);
                    const float* south = map.row(y + h);
                    for (int x = 0; x <= last; x += step) out[x] = vary(avg(north[x], south[x]), x, y, spread);
                }
            }
        });
        // Centres: the mean of the mean of the west/east and of the north/south edge midpoints.
        parallelRows(last / step, context.threads, context, [&](int begin, int end) {
            for (int i = begin; i < end; ++i) {
                const int y = h + i * step;
                const float* north = map.row(y - h);
                const float* south = map.row(y + h);
                float* out = map.row(y);
                for (int x = h; x < last; x += step) {
                    const float horizontal = avg(out[x - h], out[x + h]);
                    const float vertical = avg(north[x], south[x]);
                    out[x] = vary(avg(horizontal, vertical), x, y, spread);
                }
            }
        });
        context.report(float(level + 1) / float(p.detail));
    }
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
    a.generate = [](const Recipe& r, const GenerateContext& c) {
        return midpointDisplacement(midpointDisplacementParams(r), c);
    };
    return a;
}

}  // namespace terrain::core
