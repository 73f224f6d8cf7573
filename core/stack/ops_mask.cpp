// mask: a mask layer from the heights (issue 13, "Masks are stack layers"). It leaves the heights
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

// 0 below lo, 1 above hi, the smooth Hermite ramp between; a step at lo when lo == hi.
inline float ramp(float v, float lo, float hi) {
    if (!(hi > lo)) return v >= lo ? 1.0f : 0.0f;
    float t = (v - lo) / (hi - lo);
    t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
    return t * t * (3.0f - 2.0f * t);
}

// In [lo, hi] with edges `soft` wide centred on lo and hi.
inline float band(float v, float lo, float hi, float soft) {
    return ramp(v, lo - soft * 0.5f, lo + soft * 0.5f) * (1.0f - ramp(v, hi - soft * 0.5f, hi + soft * 0.5f));
}

double tanSquared(double deg) {
    const double d = std::clamp(deg, 0.0, 89.999);
    const double t = std::tan(d * 3.14159265358979323846 / 180.0);
    return t * t;
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
    const float lo0 = float(tanSquared(p.slopeMin_deg - p.slopeSoft_deg * 0.5));
    const float lo1 = float(tanSquared(p.slopeMin_deg + p.slopeSoft_deg * 0.5));
    const float hi0 = float(tanSquared(p.slopeMax_deg - p.slopeSoft_deg * 0.5));
    const float hi1 = float(p.slopeMax_deg + p.slopeSoft_deg * 0.5 >= 90.0 ? INFINITY
                                                                           : tanSquared(p.slopeMax_deg + p.slopeSoft_deg * 0.5));
    const bool invert = p.invert;
    parallelRows(height, threadsForWork(double(call.input.sampleCount()), call.context.threads), call.context,
                 [&](int begin, int end) {
                     for (int y = begin; y < end; ++y) {
                         const float* n = call.input.row(std::max(y - 1, 0));
                         const float* c = call.input.row(y);
                         const float* s = call.input.row(std::min(y + 1, height - 1));
                         // One-sided differences at the borders count one sample, not two.
                         const float ky = (y == 0 || y == height - 1) && height > 1 ? 4.0f : 1.0f;
                         float* out = mask.row(y);
                         for (int x = 0; x < width; ++x) {
                             const int xl = x > 0 ? x - 1 : 0;
                             const int xr = x + 1 < width ? x + 1 : width - 1;
                             const float kx = (x == 0 || x == width - 1) && width > 1 ? 4.0f : 1.0f;
                             const float dx = c[xr] - c[xl];
                             const float dy = s[x] - n[x];
                             const float g = (dx * dx * kx + dy * dy * ky) * k;
                             const float m = ramp(g, lo0, lo1) * (1.0f - ramp(g, hi0, hi1));
                             out[x] = invert ? 1.0f - m : m;
                         }
                     }
                 });
}

void heightMask(const MaskParams& p, const OpCall& call, Heightmap& mask) {
    const int width = call.input.width();
    // The band in raw units (the scale is positive: higher metres are higher raw heights).
    const float lo = float(call.heights.toRaw(p.heightMin_m));
    const float hi = float(call.heights.toRaw(p.heightMax_m));
    const float soft = float(p.heightSoft_m / call.heights.scale);
    const bool invert = p.invert;
    forEachRow(call, [&, width](int y, const float* in, float*) {
        float* out = mask.row(y);
        for (int x = 0; x < width; ++x) {
            const float m = band(in[x], lo, hi, soft);
            out[x] = invert ? 1.0f - m : m;
        }
    });
}

// How far a sample lies below (concave) or above (convex) the mean of the four samples
// `radius` away, in metres: the discrete Laplacian at that scale.
void curvatureMask(const MaskParams& p, const OpCall& call, Heightmap& mask) {
    const int width = call.input.width();
    const int height = call.input.height();
    const int r = std::max(1, int(std::lround(p.curvatureRadius_m / call.metresPerSample)));
    const float toMetres = float(call.heights.scale);
    const float full = float(p.curvatureFull_m);
    const float sign = p.concave ? 1.0f : -1.0f;
    const bool invert = p.invert;
    forEachRow(call, [&, width, height](int y, const float* c, float*) {
        const float* n = call.input.row(std::max(y - r, 0));
        const float* s = call.input.row(std::min(y + r, height - 1));
        float* out = mask.row(y);
        for (int x = 0; x < width; ++x) {
            const float w = c[std::max(x - r, 0)];
            const float e = c[std::min(x + r, width - 1)];
            const float d = (((w + e) + (n[x] + s[x])) * 0.25f - c[x]) * toMetres * sign;
            const float m = ramp(d, 0.0f, full);
            out[x] = invert ? 1.0f - m : m;
        }
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
              "Slope: slopes steeper than this are in the mask", {}},
             [](MaskParams& p, double v) { p.slopeMin_deg = v; })
        .add({"slope_max_deg", "Slope to", "°", ParamKind::Real, 0.0, 90.0, 1.0, 90.0,
              "Slope: slopes steeper than this are out again (90: no upper limit)", {}},
             [](MaskParams& p, double v) { p.slopeMax_deg = v; })
        .add({"slope_soft_deg", "Slope edge", "°", ParamKind::Real, 0.0, 45.0, 0.5, 5.0,
              "Slope: the width of the soft edge around each limit (0: a hard edge)", {}},
             [](MaskParams& p, double v) { p.slopeSoft_deg = v; })
        .add({"height_min_m", "Height from", "m", ParamKind::Real, -20000.0, 20000.0, 1.0, 300.0,
              "Height: ground above this many metres is in the mask", {}},
             [](MaskParams& p, double v) { p.heightMin_m = v; })
        .add({"height_max_m", "Height to", "m", ParamKind::Real, -20000.0, 20000.0, 1.0, 20000.0,
              "Height: ground above this many metres is out again", {}},
             [](MaskParams& p, double v) { p.heightMax_m = v; })
        .add({"height_soft_m", "Height edge", "m", ParamKind::Real, 0.0, 5000.0, 1.0, 20.0,
              "Height: the width of the soft edge around each limit in metres (0: a hard edge)", {}},
             [](MaskParams& p, double v) { p.heightSoft_m = v; })
        .add({"curvature", "Curvature", "", ParamKind::Choice, 0, 1, 1, 0,
              "Curvature: select convex ground (ridges, crests) or concave ground (valleys, hollows)",
              {"convex", "concave"}},
             [](MaskParams& p, double v) { p.concave = v != 0.0; })
        .add({"curvature_radius_m", "Curvature scale", "m", ParamKind::Real, 0.1, 10000.0, 1.0, 20.0,
              "Curvature: the distance over which ground is compared with its surroundings", {}},
             [](MaskParams& p, double v) { p.curvatureRadius_m = v; })
        .add({"curvature_full_m", "Curvature depth", "m", ParamKind::Real, 0.01, 1000.0, 0.1, 2.0,
              "Curvature: how far above (convex) or below (concave) its surroundings ground is fully in the mask",
              {}},
             [](MaskParams& p, double v) { p.curvatureFull_m = v; })
        .add({"invert", "Invert", "", ParamKind::Flag, 0, 1, 1, 0, "Swap what is in and out of the mask", {}},
             [](MaskParams& p, double v) { p.invert = v != 0.0; });
    OpType type = makeOpType<MaskParams>(
        "mask", "Mask",
        "Add a mask (slope, height band or curvature) that later entries can be blended through and "
        "exports paint materials from; the heights pass unchanged",
        table, [](const MaskParams& p, const OpCall& call) {
            copyInput(call);
            std::shared_ptr<Heightmap> mask = addMask(call, kSourceNames[int(p.source)]);
            switch (p.source) {
            case MaskSource::Slope: slopeMask(p, call, *mask); break;
            case MaskSource::Height: heightMask(p, call, *mask); break;
            case MaskSource::Curvature: curvatureMask(p, call, *mask); break;
            }
        });
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
