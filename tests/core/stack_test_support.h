#pragma once
// What the stack tests share: the built-in registry, a seeded base recipe, entries set from text
// (as `--op` does), a context, a world of fixed extent and how far two details of a map differ.
#include "core/cancel.h"
#include "core/heightmap.h"
#include "core/io/world_units.h"
#include "core/recipe.h"
#include "core/registry.h"
#include "core/stack/operation.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <numbers>
#include <string>
#include <utility>

namespace stack_test {

namespace core = terrain::core;

inline const core::Registry& registry() {
    static const core::Registry r = core::makeBuiltinRegistry();
    return r;
}

inline core::Recipe baseRecipe(int detail = 8) {
    core::Recipe r = core::defaultRecipe(registry(), "diamond-square");
    r.detail = detail;
    r.seed = 7;
    return r;
}

inline core::OpInstance op(const core::Recipe& recipe, const std::string& type,
                           std::initializer_list<std::pair<const char*, const char*>> values = {}) {
    core::OpInstance o = core::newOperation(registry(), recipe, type);
    for (const auto& [k, v] : values) core::setOperationParamFromText(registry(), o, k, v, k);
    return o;
}

inline core::GenerateContext context(int threads = 2) {
    core::GenerateContext c;
    c.threads = threads;
    return c;
}

// A square world `extent` metres wide from 0 to 600 m: the metres per sample halve with each detail.
inline core::WorldUnits world(const core::Recipe& r, double extent = 4000.0) {
    core::WorldUnits w;
    const int side = registry().get(r.algorithm).sizeForDetail(r.detail).width;
    w.metresPerPixel = extent / double(side - 1);
    w.loMetres = 0.0;
    w.hiMetres = 600.0;
    return w;
}

// The RMS difference between `coarse` and every `step`-th sample of `fine`, over coarse's relief.
inline double rmsOfRelief(const core::Heightmap& coarse, const core::Heightmap& fine, int step = 2) {
    double sum = 0.0, lo = 1e30, hi = -1e30;
    for (int y = 0; y < coarse.height(); ++y)
        for (int x = 0; x < coarse.width(); ++x) {
            const double a = coarse.at(x, y), b = fine.at(step * x, step * y);
            sum += (a - b) * (a - b);
            lo = std::min(lo, a);
            hi = std::max(hi, a);
        }
    return std::sqrt(sum / double(coarse.sampleCount())) / (hi - lo);
}

// The steepest slope between 8-neighbours, in degrees.
inline double steepestDeg(const core::Heightmap& m, const core::HeightScale& h, double spacing_m) {
    double worst = 0.0;
    for (int y = 0; y < m.height(); ++y)
        for (int x = 0; x < m.width(); ++x)
            for (int dy = 0; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    if (dy == 0 && dx <= 0) continue;
                    const int nx = x + dx, ny = y + dy;
                    if (nx < 0 || nx >= m.width() || ny >= m.height()) continue;
                    const double rise = std::fabs(double(m.at(x, y)) - double(m.at(nx, ny))) * h.scale;
                    const double run = spacing_m * (dx != 0 && dy != 0 ? std::sqrt(2.0) : 1.0);
                    worst = std::max(worst, std::atan(rise / run) * 180.0 / std::numbers::pi);
                }
    return worst;
}

// A smooth dome (257² at 8 m, 600 m high, flanks up to 41°) settled by thermal-erosion at 30° with
// `params` set on top (strata and their shape).
inline core::Heightmap settleDome(std::initializer_list<std::pair<const char*, const char*>> params) {
    const int side = 257;
    const double spacing = 8.0, c = 0.5 * (side - 1);
    core::Heightmap before(side, side), after(side, side);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) {
            const double r = std::hypot(x - c, y - c) * spacing;
            before.at(x, y) = float(600.0 * std::exp(-(r / 600.0) * (r / 600.0)));
        }
    core::MaskSet below, masks;
    core::HeightScale h;
    h.hiMetres = 700.0;
    const core::GenerateContext ctx = context(2);
    const core::OpCall call{before, after, h, spacing, 8, 8, ctx, {}, &below, &masks, {}, {}, nullptr, {}, 0.0};
    core::OpInstance o = op(baseRecipe(), "thermal-erosion", {{"talus_angle", "30"}});
    for (const auto& [k, v] : params) core::setOperationParamFromText(registry(), o, k, v, k);
    registry().findOp("thermal-erosion")->run(o.params, call);
    return after;
}

// The RMS change of `m`'s heights from r0 to r1 metres from its centre (samples spacing_m apart)
// when it is turned by `deg` about its centre (bilinear): 0 for a map with no direction of its own.
inline double changeWhenTurned(const core::Heightmap& m, double spacing_m, double deg, double r0, double r1) {
    const int n = m.width();
    const double c = 0.5 * (n - 1), a = deg * std::numbers::pi / 180.0;
    double sum = 0.0;
    int count = 0;
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
            const double r = std::hypot(x - c, y - c) * spacing_m;
            if (r < r0 || r > r1) continue;
            const double tx = c + (x - c) * std::cos(a) - (y - c) * std::sin(a);
            const double ty = c + (x - c) * std::sin(a) + (y - c) * std::cos(a);
            const int x0 = int(std::floor(tx)), y0 = int(std::floor(ty));
            const double fx = tx - x0, fy = ty - y0;
            const double turned = (m.at(x0, y0) * (1 - fx) + m.at(x0 + 1, y0) * fx) * (1 - fy) +
                                  (m.at(x0, y0 + 1) * (1 - fx) + m.at(x0 + 1, y0 + 1) * fx) * fy;
            sum += (m.at(x, y) - turned) * (m.at(x, y) - turned);
            ++count;
        }
    return count > 0 ? std::sqrt(sum / count) : 0.0;
}

}  // namespace stack_test
