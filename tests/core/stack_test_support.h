#pragma once
// What the stack tests share: the built-in registry, a seeded base recipe, entries set from text
// (as `--op` does), a context, a world of fixed extent and how far two details of a map differ.
#include "core/cancel.h"
#include "core/heightmap.h"
#include "core/io/world_units.h"
#include "core/recipe.h"
#include "core/registry.h"

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

}  // namespace stack_test
