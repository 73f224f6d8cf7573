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

// Distance inwards from the border in metres, d, for sample x of a row: computed from sample
// indices times metresPerSample only, so a point has the same d at every detail (the sample
// 2x at detail + 1 is (2x)·(mps/2): the same product). Round: the circle inscribed in the map;
// d = its radius - the distance from the centre, in doubled index units (2x - (width - 1)) so
// the centre of an even side is exact.
template <IslandShape S>
struct Falloff {
    int width;
    float mps, halfMps, radius, start, invSpan;
    int dy;     // this row's distance to the nearer of top and bottom, in samples (square)
    float cy2;  // this row's squared doubled offset from the centre (round)

    // The position across the falloff, not clamped: <= 0 sea floor, >= 1 untouched. It depends
    // on x only through min(x, width - 1 - x) and falls towards the border.
    float z(int x) const {
        float d;
        if constexpr (S == IslandShape::Square) {
            const int fromEast = width - 1 - x;
            int k = x < fromEast ? x : fromEast;
            k = k < dy ? k : dy;
            d = float(k) * mps;
        } else {
            const float cx = float(2 * x - (width - 1));
            d = radius - std::sqrt(cx * cx + cy2) * halfMps;
        }
        return (d - start) * invSpan;
    }
};

// The falloff band [begin, end) of one row: z < 1 there (the untouched run is copied);
// w = 0 gives the sea floor exactly.
// Whole-map columns x of [begin, end) at in[x - x0] and out[x - x0].
template <IslandShape S, IslandCurve C>
TERRAIN_VECTOR_CLONES void islandBand(const Falloff<S> g, float sea, const float* in, float* out, int x0, int begin,
                                      int end) {
    for (int x = begin; x < end; ++x) {
        float z = g.z(x);
        z = z > 0.0f ? z : 0.0f;
        z = z < 1.0f ? z : 1.0f;
        const float w = shapeWeight<C>(z);
        out[x - x0] = in[x - x0] * w + sea * (1.0f - w);
    }
}

template <IslandShape S, IslandCurve C>
void islandRows(const OpCall& call, const IslandParams& p) {
    // Positions are the whole map's: a tile of a world (placeOf) sinks where the world does.
    const MapPlace place = placeOf(call);
    const int width = place.mapWidth;
    const int height = place.mapHeight;
    const int x0 = place.x0, x1 = place.x0 + call.input.width();  // this part's columns
    Falloff<S> f{};
    f.width = width;
    f.mps = float(call.metresPerSample);
    f.halfMps = 0.5f * f.mps;
    f.radius = float(std::min(width, height) - 1) * f.halfMps;
    f.start = float(p.falloffStart_m);
    f.invSpan = float(1.0 / (p.falloffEnd_m - p.falloffStart_m));
    const float sea = float(call.heights.toRaw(p.seaFloor_m));
    // Captured by value: the constants stay in registers next to the stores through `out`.
    forEachRow(call, [=](int row, const float* in, float* out) mutable {
        const int y = place.y0 + row;
        f.dy = std::min(y, height - 1 - y);
        const int cy = 2 * y - (height - 1);
        f.cy2 = float(cy) * float(cy);
        // z rises monotonically from the border to the middle of the row and is symmetric, so the
        // untouched samples are one run [inner, width - 1 - inner]: found by bisection with the
        // same z, copied, and only the falloff band on either side is computed.
        const int middle = (width - 1) / 2;
        int inner = width;  // none untouched
        if (f.z(middle) >= 1.0f) {
            int lo = 0, hi = middle;  // the first x with z >= 1 lies in [lo, hi]
            while (lo < hi) {
                const int mid = lo + (hi - lo) / 2;
                if (f.z(mid) >= 1.0f) hi = mid; else lo = mid + 1;
            }
            inner = lo;
        }
        // Whole-map columns [begin, end), clipped to this part's.
        const auto band = [&](int begin, int end) {
            begin = std::max(begin, x0);
            end = std::min(end, x1);
            if (begin < end) islandBand<S, C>(f, sea, in, out, x0, begin, end);
        };
        const auto copy = [&](int begin, int end) {
            begin = std::max(begin, x0);
            end = std::min(end, x1);
            if (begin < end) std::copy(in + (begin - x0), in + (end - x0), out + (begin - x0));
        };
        if (inner >= width) {
            band(0, width);
        } else {
            band(0, inner);
            copy(inner, width - inner);
            band(width - inner, width);
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
              {}, ParamScale::Horizontal},
             [](IslandParams& p, double v) { p.falloffStart_m = v; })
        .add({"falloff_end", "Falloff end", "m", ParamKind::Real, 0.0, 100000.0, 10.0, 1000.0,
              "Distance in metres in from the border (round: from the circle) beyond which the map is untouched",
              {}, ParamScale::Horizontal},
             [](IslandParams& p, double v) { p.falloffEnd_m = v; })
        .add({"curve", "Curve", "", ParamKind::Choice, 0.0, 2.0, 1.0, 0.0,
              "How the map rises across the falloff: smoothstep, linear, or ease (steep off the sea floor, "
              "flat into the interior)",
              {"smoothstep", "linear", "ease"}},
             [](IslandParams& p, double v) { p.curve = IslandCurve(int(v)); })
        .add({"sea_floor", "Sea floor", "m", ParamKind::Real, -20000.0, 20000.0, 1.0, 0.0,
              "The height in metres the map sinks to at the border", {}, ParamScale::Height},
             [](IslandParams& p, double v) { p.seaFloor_m = v; });
    OpType type = makeOpType<IslandParams>(
        "island", "Island", "Sink the map to a sea floor towards its border, square or round, over a distance in metres",
        table, runIsland);
    type.perSample = [](const std::map<std::string, double>&) { return true; };  // by its place (placeOf)
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
