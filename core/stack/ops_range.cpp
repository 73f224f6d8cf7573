// clamp and normalize: per-sample operations on the height range.
#include "ops.h"

#include "../errors.h"
#include "op_support.h"

#include <algorithm>
#include <cmath>

namespace terrain::core {
namespace {

struct ClampParams {
    double low = 0.0;
    double high = 100.0;
};

struct NormalizeParams {
    double low = 0.0;
    double high = 1.0;
};

}  // namespace

OpType clampOpType() {
    ParamTable<ClampParams> table;
    table.add({"low", "Low", "m", ParamKind::Real, -20000.0, 20000.0, 1.0, 0.0,
               "Heights below this many metres are raised to it", {}, ParamScale::Height},
              [](ClampParams& p, double v) { p.low = v; })
        .add({"high", "High", "m", ParamKind::Real, -20000.0, 20000.0, 1.0, 100.0,
              "Heights above this many metres are lowered to it", {}, ParamScale::Height},
             [](ClampParams& p, double v) { p.high = v; });
    OpType type = makeOpType<ClampParams>(
        "clamp", "Clamp", "Limit heights to a range in metres", table, [](const ClampParams& p, const OpCall& call) {
            const float lo = float(call.heights.toRaw(p.low));
            const float hi = float(call.heights.toRaw(p.high));
            // NaN stays NaN (both comparisons are false), as every other operation keeps it.
            perSample(call, [lo, hi](float v) { return v < lo ? lo : (v > hi ? hi : v); });
        });
    type.perSample = [](const std::map<std::string, double>&) { return true; };
    type.check = [table](const std::map<std::string, double>& values) {
        const ClampParams p = table.bind(values);
        if (!(p.low < p.high)) throw InputError("low", metresText(p.low), "below high (" + metresText(p.high) + ")");
    };
    return type;
}

OpType normalizeOpType() {
    ParamTable<NormalizeParams> table;
    table.add({"low", "Low", "", ParamKind::Real, 0.0, 1.0, 0.01, 0.0,
               "Where the lowest point goes, as a fraction of the world's height range (0 = its bottom)", {}},
              [](NormalizeParams& p, double v) { p.low = v; })
        .add({"high", "High", "", ParamKind::Real, 0.0, 1.0, 0.01, 1.0,
              "Where the highest point goes, as a fraction of the world's height range (1 = its top)", {}},
             [](NormalizeParams& p, double v) { p.high = v; });
    OpType type = makeOpType<NormalizeParams>(
        "normalize", "Normalize",
        "Stretch the map below to fill the world's height range (its range at the reference detail, "
        "so the result is the same at every detail)",
        table, [](const NormalizeParams& p, const OpCall& call) {
            const HeightScale& h = call.heights;
            const double toLo = h.toRaw(h.loMetres + p.low * h.rangeMetres());
            const double toHi = h.toRaw(h.loMetres + p.high * h.rangeMetres());
            const double from = call.referenceRange.min;
            const double span = double(call.referenceRange.max) - from;
            const double gain = span > 0.0 ? (toHi - toLo) / span : 0.0;
            const float g = float(gain);
            const float b = float(toLo - from * gain);
            perSample(call, [g, b](float v) { return v * g + b; });
        });
    type.needsReferenceRange = true;
    // One gain and offset for the whole map (its range at the reference detail): per sample.
    type.perSample = [](const std::map<std::string, double>&) { return true; };
    type.check = [table](const std::map<std::string, double>& values) {
        const NormalizeParams p = table.bind(values);
        if (!(p.low < p.high)) throw InputError("low", std::to_string(p.low), "below high");
    };
    return type;
}

}  // namespace terrain::core
