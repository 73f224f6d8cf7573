// island: the map sinks to a sea floor towards its border (square) or outside a circle (round).
#include "ops.h"

#include "../errors.h"
#include "op_support.h"

#include <algorithm>
#include <cmath>

namespace terrain::core {
namespace {

enum class IslandShape { Square, Round };
enum class IslandCurve { Smoothstep, Linear, Ease };

struct IslandParams {
    IslandShape shape = IslandShape::Round;
    double falloffStart_m = 0.0;
    double falloffEnd_m = 1000.0;
    IslandCurve curve = IslandCurve::Smoothstep;
    double seaFloor_m = 0.0;
};

// The weight of the map at z in [0, 1] across the falloff (0 = sea floor, 1 = untouched).
template <IslandCurve C>
float shapeWeight(float z) {
    if constexpr (C == IslandCurve::Linear) return z;
    if constexpr (C == IslandCurve::Smoothstep) return z * z * (3.0f - 2.0f * z);
    const float r = 1.0f - z;  // ease out: leaves the sea floor steeply, meets the interior flat
    return 1.0f - r * r;
}

// Distance inwards from the border in metres, d, for sample x of row y: computed from sample
// indices times metresPerSample only, so a point has the same d at every detail (the sample
// 2x at detail + 1 is x·(2)·(mps/2): the same product).
template <IslandShape S, IslandCurve C>
void islandRows(const OpCall& call, const IslandParams& p) {
    const int width = call.input.width();
    const int height = call.input.height();
    const float mps = float(call.metresPerSample);
    const float halfMps = 0.5f * mps;
    const float start = float(p.falloffStart_m);
    const float invSpan = float(1.0 / (p.falloffEnd_m - p.falloffStart_m));
    const float sea = float(call.heights.toRaw(p.seaFloor_m));
    // Round: the circle inscribed in the map; d = its radius - the distance from the centre,
    // both in doubled index units (2x - (width - 1)) so the centre of an even side is exact.
    const float radius = float(std::min(width, height) - 1) * halfMps;
    forEachRow(call, [&](int y, const float* in, float* out) {
        const int dy = std::min(y, height - 1 - y);
        const int cy = 2 * y - (height - 1);
        const float cy2 = float(cy) * float(cy);
        for (int x = 0; x < width; ++x) {
            float d;
            if constexpr (S == IslandShape::Square) {
                d = float(std::min(std::min(x, width - 1 - x), dy)) * mps;
            } else {
                const float cx = float(2 * x - (width - 1));
                d = radius - std::sqrt(cx * cx + cy2) * halfMps;
            }
            float z = (d - start) * invSpan;
            z = z > 0.0f ? z : 0.0f;
            z = z < 1.0f ? z : 1.0f;
            const float w = shapeWeight<C>(z);
            // w = 1 keeps the input's bits, w = 0 gives the sea floor's.
            out[x] = w >= 1.0f ? in[x] : in[x] * w + sea * (1.0f - w);
        }
    });
}

template <IslandShape S>
void islandCurve(const OpCall& call, const IslandParams& p) {
    switch (p.curve) {
    case IslandCurve::Smoothstep: return islandRows<S, IslandCurve::Smoothstep>(call, p);
    case IslandCurve::Linear: return islandRows<S, IslandCurve::Linear>(call, p);
    case IslandCurve::Ease: return islandRows<S, IslandCurve::Ease>(call, p);
    }
}

void runIsland(const IslandParams& p, const OpCall& call) {
    if (p.shape == IslandShape::Square) {
        islandCurve<IslandShape::Square>(call, p);
    } else {
        islandCurve<IslandShape::Round>(call, p);
    }
}

}  // namespace

OpType islandOpType() {
    ParamTable<IslandParams> table;
    table.add({"shape", "Shape", "", ParamKind::Choice, 0.0, 1.0, 1.0, 1.0,
               "square sinks towards every edge alike; round sinks outside the circle inscribed in the map",
               {"square", "round"}},
              [](IslandParams& p, double v) { p.shape = IslandShape(int(v)); })
        .add({"falloff_start", "Falloff start", "m", ParamKind::Real, 0.0, 100000.0, 10.0, 0.0,
              "Distance in metres in from the border (round: from the circle) where the map is at the sea floor",
              {}},
             [](IslandParams& p, double v) { p.falloffStart_m = v; })
        .add({"falloff_end", "Falloff end", "m", ParamKind::Real, 0.0, 100000.0, 10.0, 1000.0,
              "Distance in metres in from the border (round: from the circle) beyond which the map is untouched",
              {}},
             [](IslandParams& p, double v) { p.falloffEnd_m = v; })
        .add({"curve", "Curve", "", ParamKind::Choice, 0.0, 2.0, 1.0, 0.0,
              "How the map rises across the falloff: smoothstep, linear, or ease (steep off the sea floor, "
              "flat into the interior)",
              {"smoothstep", "linear", "ease"}},
             [](IslandParams& p, double v) { p.curve = IslandCurve(int(v)); })
        .add({"sea_floor", "Sea floor", "m", ParamKind::Real, -20000.0, 20000.0, 1.0, 0.0,
              "The height in metres the map sinks to at the border", {}},
             [](IslandParams& p, double v) { p.seaFloor_m = v; });
    OpType type = makeOpType<IslandParams>(
        "island", "Island", "Sink the map to a sea floor towards its border, square or round, over a distance in metres",
        table, runIsland);
    type.check = [table](const std::map<std::string, double>& values) {
        const IslandParams p = table.bind(values);
        if (!(p.falloffStart_m < p.falloffEnd_m)) {
            throw InputError("falloff_start", metresText(p.falloffStart_m),
                             "below falloff_end (" + metresText(p.falloffEnd_m) + ")");
        }
    };
    return type;
}

}  // namespace terrain::core
