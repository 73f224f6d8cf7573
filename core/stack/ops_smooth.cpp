// smooth: a Gaussian-like blur with a radius in metres, O(1) per sample at any radius (blur.h:
// three passes of an extended box filter along rows, then along columns, with exact running sums
// in fixed point, so each sample depends only on the samples within the filter's reach).
#include "ops.h"

#include "../errors.h"
#include "blur.h"
#include "op_support.h"

#include <algorithm>
#include <cmath>

namespace terrain::core {
namespace {

struct SmoothParams {
    double radius_m = 30.0;
    double strength = 1.0;
};

// The blur's sigma in samples, or 0 when the entry changes nothing.
double sigmaOf(const SmoothParams& p, double metresPerSample) {
    const double sigma = std::min(p.radius_m / metresPerSample, kMaxBlurSigmaSamples);
    return p.strength == 0.0 || !(sigma > 0.0) ? 0.0 : sigma;
}

void runSmooth(const SmoothParams& p, const OpCall& call) {
    const double sigma = sigmaOf(p, call.metresPerSample);
    if (sigma == 0.0) {
        copyInput(call);  // nothing to do: the same bytes
        return;
    }
    const ExtendedBox box(sigma);
    const double lo = call.heights.toRaw(call.heights.loMetres);
    const FixedPoint fixed(lo, std::abs(call.heights.toRaw(call.heights.hiMetres) - lo), box);
    blurMap(call.input.samples().data(), call.output.samples().data(), call.input.width(), call.input.height(), box,
            fixed, p.strength, call.context);
}

}  // namespace

OpType smoothOpType() {
    ParamTable<SmoothParams> table;
    table.add({"radius", "Radius", "m", ParamKind::Real, 0.0, 100000.0, 1.0, 30.0,
               "The blur's standard deviation in metres: features much smaller than this are smoothed away", {}, ParamScale::Horizontal},
              [](SmoothParams& p, double v) { p.radius_m = v; })
        .add({"strength", "Strength", "", ParamKind::Real, 0.0, 1.0, 0.01, 1.0,
              "How much of the blurred map replaces the input (0 = none, 1 = all)", {}},
             [](SmoothParams& p, double v) { p.strength = v; });
    OpType type = makeOpType<SmoothParams>("smooth", "Smooth",
                                           "Gaussian-like blur with a radius in metres, at the same cost for any radius",
                                           table, runSmooth);
    // Reads 3 (l + 1) samples out each way; exact sums make that all it depends on.
    type.halo = [table](const std::map<std::string, double>& values, double metresPerSample) {
        const double sigma = sigmaOf(table.bind(values), metresPerSample);
        return sigma == 0.0 ? 0 : ExtendedBox(sigma).reach();
    };
    return type;
}

}  // namespace terrain::core
