// terrace: flat steps across the world's height range, optionally with noisy edges.
#include "ops.h"

#include "../errors.h"
#include "../rng.h"
#include "op_support.h"
#include "value_noise.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace terrain::core {
namespace {

// The stack's operations draw from streams numbered from 101, clear of the generators' (rng.h).
constexpr auto kTerraceEdgeStream = static_cast<RngStream>(101);

struct TerraceParams {
    int steps = 8;
    double sharpness = 0.8;
    double offset = 0.0;
    double edgeNoise_m = 0.0;
    double edgeScale_m = 100.0;
};

// The step profile in step units: u = (height - lo) / step - offset, steps between integers,
// plateaus at k + 0.5. Risers of width w = 1 - sharpness are centred on the integers; across one
// the profile goes from the plateau below to the one above along mix(z, smoothstep(z), sharpness).
// sharpness 0: w = 1 and the profile is u itself; sharpness 1 is handled apart (floor).
struct Profile {
    float halfW, invW, sharp;
    float operator()(float u) const {
        // m = round(u) without a libm call (vectorises): u is clamped to well inside int range.
        const float up = u + 0.5f;
        int m = int(up);
        m -= float(m) > up ? 1 : 0;
        const float d = u - float(m);
        float z = (d + halfW) * invW;
        z = z > 0.0f ? z : 0.0f;
        z = z < 1.0f ? z : 1.0f;
        const float s = z * z * (3.0f - 2.0f * z);
        return float(m) - 0.5f + (z + sharp * (s - z));
    }
};

float floorPlateau(float u) {
    int k = int(u);
    k -= float(k) > u ? 1 : 0;
    return float(k) + 0.5f;
}

// One row: the step profile of src (the input, or the input plus edge noise) into out; NaN in
// the input stays NaN. Heights far outside the range would overflow the int conversion; 2^22
// steps is far enough.
template <class Level>
TERRAIN_VECTOR_CLONES void terraceRow(const float* src, const float* in, float* out, int width, float a, float b,
                                      float outScale, float outBias, Level level) {
    const float limit = 4194304.0f;
    for (int x = 0; x < width; ++x) {
        float u = src[x] * a + b;
        u = u > -limit ? u : -limit;  // NaN -> -limit; the select below keeps NaN
        u = u < limit ? u : limit;
        const float r = level(u) * outScale + outBias;
        out[x] = in[x] != in[x] ? in[x] : r;
    }
}

struct FloorPlateau {
    float operator()(float u) const { return floorPlateau(u); }
};

void runTerrace(const TerraceParams& p, const OpCall& call) {
    const bool noisy = p.edgeNoise_m > 0.0 && p.sharpness > 0.0;
    if (p.sharpness == 0.0) {
        copyInput(call);  // no terracing: the same bytes
        return;
    }
    const HeightScale& h = call.heights;
    const double rawLo = h.toRaw(h.loMetres);
    const double step = (h.toRaw(h.hiMetres) - rawLo) / double(p.steps);
    // u = v·a + b; output = (profile + offset)·step + lo.
    const float a = float(1.0 / step);
    const float b = float(-rawLo / step - p.offset);
    const float outScale = float(step);
    const float outBias = float(rawLo + p.offset * step);
    const float noiseRaw = float(p.sharpness * p.edgeNoise_m / h.scale);
    const int width = call.input.width();
    const bool flat = p.sharpness >= 1.0;
    const double w = 1.0 - p.sharpness;
    const Profile profile{float(0.5 * w), float(flat ? 0.0 : 1.0 / w), float(p.sharpness)};
    const MapPlace place = placeOf(call);
    const ValueNoise noise(call.seed, kTerraceEdgeStream, call.metresPerSample, p.edgeScale_m, place.x0, width);

    // The profile is a template argument so each loop is one straight, vectorisable body.
    const auto terrace = [&](auto level) {
        forEachRow(call, [=, &noise](int y, const float* in, float* out) {
            if (noisy) {
                noise.row(place.y0 + y, in, out, noiseRaw);  // the noisy height, then the profile in place
            }
            terraceRow(noisy ? out : in, in, out, width, a, b, outScale, outBias, level);
        });
    };
    if (flat) {
        terrace(FloorPlateau{});
    } else {
        terrace(profile);
    }
}

}  // namespace

OpType terraceOpType() {
    ParamTable<TerraceParams> table;
    table.add({"steps", "Steps", "", ParamKind::Integer, 1.0, 64.0, 1.0, 8.0,
               "How many flat steps divide the world's height range", {}},
              [](TerraceParams& p, double v) { p.steps = int(v); })
        .add({"sharpness", "Sharpness", "", ParamKind::Real, 0.0, 1.0, 0.01, 0.8,
              "0 leaves the map as it is, 1 makes perfectly flat steps with vertical risers", {}},
             [](TerraceParams& p, double v) { p.sharpness = v; })
        .add({"offset", "Offset", "", ParamKind::Real, 0.0, 1.0, 0.01, 0.0,
              "Shifts every step level up by this fraction of one step", {}},
             [](TerraceParams& p, double v) { p.offset = v; })
        .add({"edge_noise", "Edge noise", "m", ParamKind::Real, 0.0, 2000.0, 1.0, 0.0,
              "How far in metres noise moves the heights that decide the step (times sharpness), so step edges wander", {}, ParamScale::Vertical},
             [](TerraceParams& p, double v) { p.edgeNoise_m = v; })
        .add({"edge_scale", "Edge noise scale", "m", ParamKind::Real, 1.0, 100000.0, 1.0, 100.0,
              "The size in metres of the edge noise's features", {}, ParamScale::Horizontal},
             [](TerraceParams& p, double v) { p.edgeScale_m = v; });
    OpType type = makeOpType<TerraceParams>("terrace", "Terrace",
                                            "Flat steps across the world's height range, with adjustable sharpness "
                                            "and optionally noisy edges",
                                            table, runTerrace);
    // The edge noise is placed by the sample's position in the whole map (placeOf).
    type.perSample = [](const std::map<std::string, double>&) { return true; };
    return type;
}

}  // namespace terrain::core
