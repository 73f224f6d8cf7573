// mask: a mask layer from the heights (docs/operations.md "Masks"). It leaves the heights
// as they are and adds a mask named after its source (`slope`, `height` or `curvature`) that
// later entries are blended through and exports paint materials from.
#include "ops.h"

#include "../errors.h"
#include "op_support.h"

#include <algorithm>
#include <cmath>

namespace terrain::core {
namespace {

enum class MaskSource { Slope, Height, Curvature };
const char* const kSourceNames[] = {"slope", "height", "curvature"};

struct MaskParams {
    MaskSource source = MaskSource::Slope;
    double slopeMin_deg = 30.0;
    double slopeMax_deg = 90.0;
    double slopeSoft_deg = 5.0;
    double heightMin_m = 300.0;
    double heightMax_m = 20000.0;
    double heightSoft_m = 20.0;
    bool concave = false;
    double curvatureRadius_m = 20.0;
    double curvatureFull_m = 2.0;
    bool invert = false;
};

// 0 below lo, 1 above hi, the smooth Hermite ramp between; a step just above lo when lo == hi.
// Branch-free, so the row loops vectorise.
struct Ramp {
    float lo = 0.0f;
    float inv = 1.0f;
};

Ramp makeRamp(float lo, float hi) { return {lo, hi > lo ? 1.0f / (hi - lo) : 1e30f}; }

inline float rampAt(float v, Ramp r) {
    float t = (v - r.lo) * r.inv;
    t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
    return t * t * (3.0f - 2.0f * t);
}

// A band [lo, hi] with soft edges: rising over `in`, falling over `out`; inverted on request
// (m and 1 - m as a + b·m, exact either way).
struct Band {
    Ramp in, out;
    float a = 0.0f, b = 1.0f;
    float at(float v) const { return a + b * (rampAt(v, in) * (1.0f - rampAt(v, out))); }
};

Band makeBand(float in0, float in1, float out0, float out1, bool invert) {
    return {makeRamp(in0, in1), makeRamp(out0, out1), invert ? 1.0f : 0.0f, invert ? -1.0f : 1.0f};
}

// body(y) for every row, row-parallel (the output grid is empty: the mask is written instead).
template <class F>
void eachRow(const OpCall& call, F body) {
    parallelRows(call.input.height(), threadsForWork(double(call.input.sampleCount()), call.context.threads),
                 call.context, [&](int begin, int end) {
                     for (int y = begin; y < end; ++y) body(y);
                 });
}

double tanSquared(double deg) {
    const double d = std::clamp(deg, 0.0, 89.999);
    const double t = std::tan(d * 3.14159265358979323846 / 180.0);
    return t * t;
}

// Interior samples of one row: central differences over two samples in x and y.
TERRAIN_VECTOR_CLONES
void slopeRow(const float* n, const float* c, const float* s, float* out, int x0, int x1, float ky, float k,
              Band band) {
    for (int x = x0; x < x1; ++x) {
        const float dx = c[x + 1] - c[x - 1];
        const float dy = s[x] - n[x];
        out[x] = band.at((dx * dx + dy * dy * ky) * k);
    }
}

// The slope band in the space of tan²(slope), where a sample's slope is cheap (no arctangent per
// sample): the band's edges are exact in degrees; the soft ramp between the edges' tan² is
// monotone in degrees too, only not a Hermite curve in degrees.
void slopeMask(const MaskParams& p, const OpCall& call, Heightmap& mask) {
    const int width = call.input.width();
    const int height = call.input.height();
    const double metresPerRaw = call.heights.scale;
    // gradient² in metres per metre from raw differences over two samples.
    const float k = float((metresPerRaw / (2.0 * call.metresPerSample)) * (metresPerRaw / (2.0 * call.metresPerSample)));
    const double half = p.slopeSoft_deg * 0.5;
    const float top = p.slopeMax_deg + half >= 90.0 ? INFINITY : float(tanSquared(p.slopeMax_deg + half));
    const Band band = makeBand(float(tanSquared(p.slopeMin_deg - half)), float(tanSquared(p.slopeMin_deg + half)),
                               float(tanSquared(p.slopeMax_deg - half)), top, p.invert);
    eachRow(call, [&](int y) {
        const float* n = call.input.row(std::max(y - 1, 0));
        const float* c = call.input.row(y);
        const float* s = call.input.row(std::min(y + 1, height - 1));
        // One-sided differences at the borders span one sample, not two: their squares count 4×.
        const float ky = (y == 0 || y == height - 1) && height > 1 ? 4.0f : 1.0f;
        float* out = mask.row(y);
        if (width >= 3) slopeRow(n, c, s, out, 1, width - 1, ky, k, band);
        for (const int x : {0, width - 1}) {
            const int xl = std::max(x - 1, 0), xr = std::min(x + 1, width - 1);
            const float kx = width > 1 ? 4.0f : 1.0f;
            const float dx = c[xr] - c[xl];
            const float dy = s[x] - n[x];
            out[x] = band.at((dx * dx * kx + dy * dy * ky) * k);
        }
    });
}

TERRAIN_VECTOR_CLONES
void bandRow(const float* in, float* out, int width, Band band) {
    for (int x = 0; x < width; ++x) out[x] = band.at(in[x]);
}

void heightMask(const MaskParams& p, const OpCall& call, Heightmap& mask) {
    const int width = call.input.width();
    // The band in raw units (the scale is positive: higher metres are higher raw heights).
    const float lo = float(call.heights.toRaw(p.heightMin_m));
    const float hi = float(call.heights.toRaw(p.heightMax_m));
    const float soft = float(p.heightSoft_m / call.heights.scale);
    const Band band = makeBand(lo - soft * 0.5f, lo + soft * 0.5f, hi - soft * 0.5f, hi + soft * 0.5f, p.invert);
    eachRow(call, [&](int y) { bandRow(call.input.row(y), mask.row(y), width, band); });
}

TERRAIN_VECTOR_CLONES
void curvatureRow(const float* n, const float* c, const float* s, float* out, int x0, int x1, int r, float scale,
                  Band band) {
    for (int x = x0; x < x1; ++x) out[x] = band.at((((c[x - r] + c[x + r]) + (n[x] + s[x])) * 0.25f - c[x]) * scale);
}

// The curvature's distance in samples.
int curvatureRadius(const MaskParams& p, double metresPerSample) {
    return std::max(1, int(std::lround(p.curvatureRadius_m / metresPerSample)));
}

// How far a sample lies below (concave) or above (convex) the mean of the four samples
// `radius` away, in metres: the discrete Laplacian at that scale.
void curvatureMask(const MaskParams& p, const OpCall& call, Heightmap& mask) {
    const int width = call.input.width();
    const int height = call.input.height();
    const int r = curvatureRadius(p, call.metresPerSample);
    const float scale = float(call.heights.scale) * (p.concave ? 1.0f : -1.0f);
    const Band band = makeBand(0.0f, float(p.curvatureFull_m), INFINITY, INFINITY, p.invert);
    eachRow(call, [&](int y) {
        const float* n = call.input.row(std::max(y - r, 0));
        const float* c = call.input.row(y);
        const float* s = call.input.row(std::min(y + r, height - 1));
        float* out = mask.row(y);
        const int x0 = std::min(r, width), x1 = std::max(x0, width - r);
        curvatureRow(n, c, s, out, x0, x1, r, scale, band);
        // Within r of the west and east edges the neighbours clamp to the edge.
        const auto edge = [&](int x) {
            const float w = c[std::max(x - r, 0)];
            const float e = c[std::min(x + r, width - 1)];
            out[x] = band.at((((w + e) + (n[x] + s[x])) * 0.25f - c[x]) * scale);
        };
        for (int x = 0; x < x0; ++x) edge(x);
        for (int x = x1; x < width; ++x) edge(x);
    });
}

}  // namespace

OpType maskOpType() {
    ParamTable<MaskParams> table;
    table.add({"source", "Source", "", ParamKind::Choice, 0, 2, 1, 0,
               "What the mask selects: slope (steepness in degrees), height (a band in metres) or curvature "
               "(ridges or hollows); it is named after it (mask:slope …)",
               {kSourceNames[0], kSourceNames[1], kSourceNames[2]}},
              [](MaskParams& p, double v) { p.source = static_cast<MaskSource>(int(v)); })
        .add({"slope_min_deg", "Slope from", "°", ParamKind::Real, 0.0, 90.0, 1.0, 30.0,
              "Slope: slopes steeper than this are in the mask", {}, ParamScale::Slope},
             [](MaskParams& p, double v) { p.slopeMin_deg = v; })
        .add({"slope_max_deg", "Slope to", "°", ParamKind::Real, 0.0, 90.0, 1.0, 90.0,
              "Slope: slopes steeper than this are out again (90: no upper limit)", {}, ParamScale::Slope},
             [](MaskParams& p, double v) { p.slopeMax_deg = v; })
        .add({"slope_soft_deg", "Slope edge", "°", ParamKind::Real, 0.0, 45.0, 0.5, 5.0,
              "Slope: the width of the soft edge around each limit (0: a hard edge)", {}, ParamScale::Slope},
             [](MaskParams& p, double v) { p.slopeSoft_deg = v; })
        .add({"height_min_m", "Height from", "m", ParamKind::Real, -20000.0, 20000.0, 1.0, 300.0,
              "Height: ground above this many metres is in the mask", {}, ParamScale::Height},
             [](MaskParams& p, double v) { p.heightMin_m = v; })
        .add({"height_max_m", "Height to", "m", ParamKind::Real, -20000.0, 20000.0, 1.0, 20000.0,
              "Height: ground above this many metres is out again", {}, ParamScale::Height},
             [](MaskParams& p, double v) { p.heightMax_m = v; })
        .add({"height_soft_m", "Height edge", "m", ParamKind::Real, 0.0, 5000.0, 1.0, 20.0,
              "Height: the width of the soft edge around each limit in metres (0: a hard edge)", {}, ParamScale::Vertical},
             [](MaskParams& p, double v) { p.heightSoft_m = v; })
        .add({"curvature", "Curvature", "", ParamKind::Choice, 0, 1, 1, 0,
              "Curvature: select convex ground (ridges, crests) or concave ground (valleys, hollows)",
              {"convex", "concave"}},
             [](MaskParams& p, double v) { p.concave = v != 0.0; })
        .add({"curvature_radius_m", "Curvature scale", "m", ParamKind::Real, 0.1, 10000.0, 1.0, 20.0,
              "Curvature: the distance over which ground is compared with its surroundings", {}, ParamScale::Horizontal},
             [](MaskParams& p, double v) { p.curvatureRadius_m = v; })
        .add({"curvature_full_m", "Curvature depth", "m", ParamKind::Real, 0.01, 1000.0, 0.1, 2.0,
              "Curvature: how far above (convex) or below (concave) its surroundings ground is fully in the mask",
              {}, ParamScale::Vertical},
             [](MaskParams& p, double v) { p.curvatureFull_m = v; })
        .add({"invert", "Invert", "", ParamKind::Flag, 0, 1, 1, 0, "Swap what is in and out of the mask", {}},
             [](MaskParams& p, double v) { p.invert = v != 0.0; });
    OpType type = makeOpType<MaskParams>(
        "mask", "Mask",
        "Add a mask (slope, height band or curvature) that later entries can be blended through and "
        "exports paint materials from; the heights pass unchanged",
        table, [](const MaskParams& p, const OpCall& call) {
            std::shared_ptr<Heightmap> mask = addMask(call, kSourceNames[int(p.source)]);
            switch (p.source) {
            case MaskSource::Slope: slopeMask(p, call, *mask); break;
            case MaskSource::Height: heightMask(p, call, *mask); break;
            case MaskSource::Curvature: curvatureMask(p, call, *mask); break;
            }
        });
    type.passesHeights = true;
    // Slope reads the next sample each way, curvature its radius; height only the sample.
    type.halo = [table](const std::map<std::string, double>& values, double metresPerSample) {
        const MaskParams p = table.bind(values);
        switch (p.source) {
        case MaskSource::Slope: return 1;
        case MaskSource::Height: return 0;
        case MaskSource::Curvature: return curvatureRadius(p, metresPerSample);
        }
        return 0;
    };
    type.masks = [table](const std::map<std::string, double>& values) {
        return std::vector<std::string>{kSourceNames[int(table.bind(values).source)]};
    };
    type.check = [table](const std::map<std::string, double>& values) {
        const MaskParams p = table.bind(values);
        if (p.source == MaskSource::Slope && !(p.slopeMin_deg < p.slopeMax_deg)) {
            throw InputError("slope_min_deg", numberText(p.slopeMin_deg) + "°",
                             "below slope_max_deg (" + numberText(p.slopeMax_deg) + "°)");
        }
        if (p.source == MaskSource::Height && !(p.heightMin_m < p.heightMax_m)) {
            throw InputError("height_min_m", metresText(p.heightMin_m),
                             "below height_max_m (" + metresText(p.heightMax_m) + ")");
        }
    };
    return type;
}

}  // namespace terrain::core
