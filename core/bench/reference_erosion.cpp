#include "reference_erosion.h"

#include <algorithm>
#include <cmath>

namespace terrain::test {

ReferenceThermalResult referenceThermal(core::Heightmap& h, double spacing, double talus_deg, double tolerance,
                                        int maxIterations) {
    constexpr double kPi = 3.14159265358979323846;
    const double t1 = std::tan(talus_deg * kPi / 180.0) * spacing, t2 = t1 * std::sqrt(2.0);
    const int w = h.width(), ht = h.height();
    ReferenceThermalResult result;
    for (int it = 0; it < maxIterations; ++it) {
        double worst = 0.0;
        for (int y = 0; y < ht; ++y) {
            for (int x = 0; x < w; ++x) {
                double excess[8] = {}, total = 0.0, largest = 0.0;
                int k = 0;
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) {
                        if (dx == 0 && dy == 0) continue;
                        const int nx = x + dx, ny = y + dy;
                        double d = 0.0;
                        if (nx >= 0 && nx < w && ny >= 0 && ny < ht)
                            d = double(h.at(x, y)) - h.at(nx, ny) - (dx != 0 && dy != 0 ? t2 : t1);
                        excess[k++] = d > 0.0 ? d : 0.0;
                        total += excess[k - 1];
                        largest = std::max(largest, excess[k - 1]);
                    }
                worst = std::max(worst, largest);
                if (largest <= 0.0) continue;
                const double move = 0.5 * largest;
                k = 0;
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) {
                        if (dx == 0 && dy == 0) continue;
                        if (excess[k] > 0.0) h.at(x + dx, y + dy) += float(move * excess[k] / total);
                        ++k;
                    }
                h.at(x, y) -= float(move);
            }
        }
        result.iterations = it + 1;
        result.maxExcess = worst;
        if (worst <= tolerance) break;
    }
    return result;
}

}  // namespace terrain::test

namespace terrain::test {

void referenceDroplets(core::Heightmap& h, const ReferenceDropletParams& p) {
    const int side = h.width();
    const double s = p.spacing, area = s * s, world = double(side - 1) * s;
    const auto drops = std::int64_t(std::llround(p.rain * world * world));
    const int steps = std::max(1, int(std::lround(p.lifetime / s)));
    const double radius = std::max(p.dropWidth / 2.0 / s, 0.5);
    const double fe = 1.0 - std::pow(1.0 - p.erosion, s), fd = 1.0 - std::pow(1.0 - p.deposition, s);
    const double keep = std::pow(1.0 - p.evaporation, s);
    std::uint64_t state = p.seed;
    const auto unit = [&] {
        state += 0x9e3779b97f4a7c15ULL;
        std::uint64_t z = state;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return double((z ^ (z >> 31)) >> 11) * (1.0 / 9007199254740992.0);
    };
    const auto heightAt = [&](double x, double y, double& gx, double& gy) {
        const int ix = std::min(int(x), side - 2), iy = std::min(int(y), side - 2);
        const double u = x - ix, v = y - iy;
        const double a = h.at(ix, iy), b = h.at(ix + 1, iy), c = h.at(ix, iy + 1), d = h.at(ix + 1, iy + 1);
        gx = ((b - a) * (1 - v) + (d - c) * v) / s;
        gy = ((c - a) * (1 - u) + (d - b) * u) / s;
        return (a * (1 - u) + b * u) * (1 - v) + (c * (1 - u) + d * u) * v;
    };
    const auto deposit = [&](double x, double y, double volume) {
        const int ix = std::min(int(x), side - 2), iy = std::min(int(y), side - 2);
        const double u = x - ix, v = y - iy, depth = volume / area;
        h.at(ix, iy) += float(depth * (1 - u) * (1 - v));
        h.at(ix + 1, iy) += float(depth * u * (1 - v));
        h.at(ix, iy + 1) += float(depth * (1 - u) * v);
        h.at(ix + 1, iy + 1) += float(depth * u * v);
    };
    // Adds `volume` (taken when negative) over the brush: every cell within the radius, weighted
    // 1 - d / (r + 1), normalised; what falls past the border is lost.
    const auto spread = [&](double x, double y, double volume) {
        const int cx = int(x + 0.5), cy = int(y + 0.5), r = int(std::ceil(radius));
        double total = 0;
        for (int by = -r; by <= r; ++by)
            for (int bx = -r; bx <= r; ++bx) {
                const double d = std::sqrt(double(bx * bx + by * by));
                if (d <= radius) total += 1 - d / (radius + 1);
            }
        for (int by = -r; by <= r; ++by)
            for (int bx = -r; bx <= r; ++bx) {
                const double d = std::sqrt(double(bx * bx + by * by));
                const int ex = cx + bx, ey = cy + by;
                if (d > radius || ex < 0 || ey < 0 || ex >= side || ey >= side) continue;
                h.at(ex, ey) += float(volume / area * (1 - d / (radius + 1)) / total);
            }
    };
    for (std::int64_t i = 0; i < drops; ++i) {
        double x = unit() * (side - 1), y = unit() * (side - 1), dx = 0, dy = 0, speed = 1, water = 1, sediment = 0;
        bool onMap = true;
        for (int step = 0; step < steps; ++step) {
            double gx = 0, gy = 0;
            const double height = heightAt(x, y, gx, gy);
            dx = dx * p.inertia - gx * (1 - p.inertia);
            dy = dy * p.inertia - gy * (1 - p.inertia);
            const double length = std::sqrt(dx * dx + dy * dy);
            if (!(length > 0)) break;
            dx /= length;
            dy /= length;
            const double nx = x + dx, ny = y + dy;
            if (!(nx >= 0 && ny >= 0 && nx <= side - 1 && ny <= side - 1)) {
                onMap = false;
                break;
            }
            double ngx = 0, ngy = 0;
            const double fall = height - heightAt(nx, ny, ngx, ngy);
            const double capacity = std::max(fall / s, 0.01) * speed * water * p.capacity;
            if (fall < 0) {
                const double volume = std::min(sediment, -fall * area);
                sediment -= volume;
                deposit(x, y, volume);
            } else if (sediment > capacity) {
                const double volume = (sediment - capacity) * fd;
                sediment -= volume;
                deposit(x, y, volume);
            } else {
                const double volume = std::min((capacity - sediment) * fe, fall * area);
                sediment += volume;
                spread(x, y, -volume);
            }
            speed = std::sqrt(std::max(0.0, speed * speed + fall * 4.0));
            water *= keep;
            x = nx;
            y = ny;
        }
        if (onMap) spread(x, y, sediment);  // what it carries settles over its width
    }
}

}  // namespace terrain::test
