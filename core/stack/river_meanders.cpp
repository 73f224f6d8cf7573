// Meanders: a main river's course on the coarsest level is a chain of steps one coarse cell long in
// the grid's eight directions, and every finer level cut it as it was carried down, rounded off at
// the corners. Here the main rivers' courses are traced on the coarsest level's network once its
// steps are done, smoothed into a valley axis, and swung about that axis as a sine-generated curve
// (Langbein and Leopold 1966: the course's direction to the axis varies as a sine of the distance
// along it, the shape of real meanders, with rounded loops where a plain offset sine has
// cusps): half a wavelength about 7 channel widths along the course (a wavelength of 10 to 14
// widths along the valley, Leopold and Wolman 1960), each half drawn a little longer or shorter
// and its loop a little wider or narrower from the stem's hash. A loop swings out at most 3
// channel widths (times `amount`) and no further than the valley floor is wide: where the valley
// is a V, measured on the coarsest level across the axis, the river runs straight down its axis,
// smoothed; on a flood plain it meanders. Every finer level then has the channel cut in after its
// carry (carveMeanders), before its own steps, so the water of those steps, and the masks, follow
// the meanders.
#include "river_meanders.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <utility>
#include <numbers>

namespace terrain::core::river {
namespace {

constexpr int kSmoothPasses = 4;             // (1, 2, 1) / 4 passes over the coarse cells' centres
constexpr int kMinStemCells = 4;             // a stem shorter than this many coarse cells is left as it is
constexpr double kResamplePerCell = 16.0;    // axis points per coarse cell
constexpr double kHalfPeriodWidths = 7.0;    // half a wavelength along the course, in channel widths
constexpr double kAmplitudeWidths = 3.0;     // the widest loop (amount 1), in channel widths
constexpr double kMaxTurn = 1.9;             // radians: the sine-generated curve crosses itself from about 2.2
// Bankfull width against drainage area, w = c sqrt(A) (hydraulic geometry: Leopold and Maddock
// 1953, w ~ Q^0.5, with the discharge Q about proportional to A): 2.5 m at 1 km², 25 m at 100 km².
constexpr double kWidthPerRootKm2 = 2.5;
constexpr double kMaxWidthCells = 2.0;
constexpr double kDepthPerWidth = 0.15;      // bankfull depth over width
constexpr double kFloorRisePerWidth = 0.05;  // the floor: within this share of a width above the axis
constexpr double kLeastSwingWidths = 1.0;    // a narrower swing is no meander (the floor is a V)
constexpr double kBendShare = 0.7;           // a loop stays inside this share of the axis' bend radius

double unit(std::uint64_t h) { return double(h >> 11) * 0x1.0p-53; }

double bilinear(const Grid& g, double spacing, double x, double y) {
    const double last = double(g.side - 1);
    const double fx = std::clamp(x / spacing, 0.0, last), fy = std::clamp(y / spacing, 0.0, last);
    const int x0 = std::min(int(fx), g.side - 2), y0 = std::min(int(fy), g.side - 2);  // side >= 2
    const int x1 = x0 + 1, y1 = y0 + 1;
    const double tx = fx - x0, ty = fy - y0;
    const double a = double(g.row(y0)[x0]) * (1 - tx) + double(g.row(y0)[x1]) * tx;
    const double b = double(g.row(y1)[x0]) * (1 - tx) + double(g.row(y1)[x1]) * tx;
    return a * (1 - ty) + b * ty;
}

// How far across its axis a half wavelength of the sine-generated curve of largest angle `turn`
// carries the course, per unit of its length: the integral of sin(turn sin(pi u)) over u in [0, 1]
// (32 midpoints: the same sum everywhere).
double acrossPerLength(double turn) {
    constexpr int kPoints = 32;
    double sum = 0.0;
    for (int i = 0; i < kPoints; ++i) sum += std::sin(turn * std::sin(std::numbers::pi * (i + 0.5) / kPoints));
    return sum / kPoints;
}

// The largest angle that carries the course `ratio` of its length across (at most kMaxTurn).
double turnFor(double ratio) {
    if (!(ratio > 0.0)) return 0.0;
    if (ratio >= acrossPerLength(kMaxTurn)) return kMaxTurn;
    double lo = 0.0, hi = kMaxTurn;
    for (int i = 0; i < 40; ++i) {
        const double mid = 0.5 * (lo + hi);
        (acrossPerLength(mid) < ratio ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

struct Stem {
    std::vector<std::int32_t> cells;
    std::int32_t junction = -1;  // the cell of a larger stem this one ends on
    float endArea = 0.0f;
};

// Linear interpolation of `v` (samples `step` apart) at s.
double along(const std::vector<double>& v, double step, double s) {
    const double f = std::clamp(s / step, 0.0, double(v.size() - 1));
    const auto i = std::min(std::size_t(f), v.size() - 1);
    const std::size_t j = std::min(i + 1, v.size() - 1);
    const double t = f - double(i);
    return v[i] * (1.0 - t) + v[j] * t;
}

}  // namespace

std::vector<MeanderPath> traceMeanders(const Grid& coarse, const Network& net, const MeanderSettings& settings,
                                       const PointHash& hash, std::uint32_t stride, std::uint32_t origin) {
    std::vector<MeanderPath> paths;
    const int n = coarse.side;
    if (!(settings.amount > 0.0) || n < kMinStemCells || net.area.size() != coarse.h.size()) return paths;
    const std::size_t cells = coarse.h.size();
    const double S = settings.spacing_m;
    // A raised cell is under a lake that stays (where a stem ends, at its shore) or in a basin the
    // sediment fills (a flat floor the river crosses).
    const auto isLake = [&](std::size_t c) {
        if (net.state[c] != kRaised) return false;
        if (settings.everyBasinIsALake || c >= net.lake.size()) return true;
        const auto basin = std::size_t(net.lake[c]);
        return net.basins.empty() || basin >= net.basins.size() || net.basins[basin].keep;
    };
    const auto isMain = [&](std::int32_t i) {
        const auto c = std::size_t(i);
        return double(net.area[c]) >= settings.mainArea_m2 && !isLake(c) && double(coarse.h[c]) > settings.seaRaw;
    };
    // Each main cell's largest main donor (ties: the lower index): the stem it continues.
    std::vector<std::int32_t> donor(cells, -1);
    for (std::size_t i = 0; i < cells; ++i) {
        const std::int32_t r = net.receiver[i];
        if (r < 0 || !isMain(std::int32_t(i)) || !isMain(r)) continue;
        std::int32_t& d = donor[std::size_t(r)];
        if (d < 0 || net.area[i] > net.area[std::size_t(d)]) d = std::int32_t(i);
    }
    std::vector<Stem> stems;
    for (std::size_t i = 0; i < cells; ++i) {
        if (!isMain(std::int32_t(i)) || donor[i] >= 0) continue;  // not a head
        Stem s;
        auto c = std::int32_t(i);
        s.cells.push_back(c);
        for (;;) {
            const std::int32_t r = net.receiver[std::size_t(c)];
            if (r < 0) break;
            if (!isMain(r)) {  // a lake (the stem ends at its shore) or the sea (at its outlet)
                if (net.receiver[std::size_t(r)] < 0) s.cells.push_back(r);
                break;
            }
            s.cells.push_back(r);
            if (donor[std::size_t(r)] != c) {
                s.junction = r;
                break;
            }
            c = r;
        }
        if (int(s.cells.size()) < kMinStemCells) continue;
        s.endArea = net.area[std::size_t(s.cells[s.cells.size() - (s.junction >= 0 ? 2 : 1)])];
        stems.push_back(std::move(s));
    }
    // Larger stems first, so a tributary ends on its main river's final course (stable: by head).
    std::stable_sort(stems.begin(), stems.end(), [](const Stem& a, const Stem& b) { return a.endArea > b.endArea; });
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> pinX(cells, nan), pinY(cells, nan);
    const double ds = S / kResamplePerCell;
    for (const Stem& stem : stems) {
        const std::size_t m = stem.cells.size();
        std::vector<double> px(m), py(m), area(m);
        for (std::size_t k = 0; k < m; ++k) {
            const auto c = std::size_t(stem.cells[k]);
            px[k] = double(c % std::size_t(n)) * S;
            py[k] = double(c / std::size_t(n)) * S;
            area[k] = double(net.area[c]);
        }
        if (stem.junction >= 0 && !std::isnan(pinX[std::size_t(stem.junction)])) {
            px[m - 1] = pinX[std::size_t(stem.junction)];
            py[m - 1] = pinY[std::size_t(stem.junction)];
        }
        // The valley axis: the chain of cells smoothed, its ends kept.
        for (int pass = 0; pass < kSmoothPasses; ++pass) {
            std::vector<double> qx = px, qy = py;
            for (std::size_t k = 1; k + 1 < m; ++k) {
                qx[k] = 0.25 * px[k - 1] + 0.5 * px[k] + 0.25 * px[k + 1];
                qy[k] = 0.25 * py[k - 1] + 0.5 * py[k] + 0.25 * py[k + 1];
            }
            px.swap(qx);
            py.swap(qy);
        }
        std::vector<double> cum(m, 0.0);
        for (std::size_t k = 1; k < m; ++k) cum[k] = cum[k - 1] + std::hypot(px[k] - px[k - 1], py[k] - py[k - 1]);
        const double length = cum[m - 1];
        if (!(length > 2.0 * S)) continue;
        // The axis every ds along it, with the channel's width there.
        const auto count = std::size_t(std::ceil(length / ds)) + 1;
        std::vector<double> ax(count), ay(count), width(count);
        std::size_t seg = 0;
        for (std::size_t j = 0; j < count; ++j) {
            const double s = std::min(double(j) * ds, length);
            while (seg + 2 < m && cum[seg + 1] < s) ++seg;
            const double span = cum[seg + 1] - cum[seg];
            const double t = span > 0.0 ? std::clamp((s - cum[seg]) / span, 0.0, 1.0) : 0.0;
            ax[j] = px[seg] + (px[seg + 1] - px[seg]) * t;
            ay[j] = py[seg] + (py[seg + 1] - py[seg]) * t;
            const double a = area[seg] + (area[seg + 1] - area[seg]) * t;
            // At most two coarse cells: wider is a valley, not a channel (and a river width at the
            // top of its range would make each cut's window and each floor search the whole map).
            width[j] = std::min(std::max(settings.width_m, kWidthPerRootKm2 * std::sqrt(a * 1e-6)), kMaxWidthCells * S);
        }
        const double step = length / double(count - 1);
        // The axis' unit normal at j, from its neighbours a coarse cell away either side.
        const auto reachCells = std::size_t(kResamplePerCell);
        const auto normal = [&](std::size_t j) {
            const std::size_t a = j >= reachCells ? j - reachCells : 0, b = std::min(j + reachCells, count - 1);
            const double tx = ax[b] - ax[a], ty = ay[b] - ay[a], len = std::hypot(tx, ty);
            return len > 0.0 ? std::pair{-ty / len, tx / len} : std::pair{0.0, 0.0};
        };
        // How far a loop may swing out at j: the valley floor's half width (the nearer side; the
        // floor: no higher than a twentieth of a width above the axis) less half a width, inside
        // the axis' bends, at most amount x 3 widths.
        std::vector<double> reach(count);
        for (std::size_t j = 0; j < count; ++j) {
            const auto [nx, ny] = normal(j);
            const double w = width[j], limit = kAmplitudeWidths * w * std::min(settings.amount, 1.0);
            double centre = bilinear(coarse, S, ax[j], ay[j]);
            for (double d : {-0.5 * w, 0.5 * w}) centre = std::min(centre, bilinear(coarse, S, ax[j] + nx * d, ay[j] + ny * d));
            const double tolerance = kFloorRisePerWidth * w / settings.metresPerRaw;
            const double stepOut = S / 4.0;
            double freeSide[2];
            for (int side = 0; side < 2; ++side) {
                const double sign = side == 0 ? -1.0 : 1.0;
                double d = stepOut;
                while (d <= limit + stepOut &&
                       bilinear(coarse, S, ax[j] + sign * nx * d, ay[j] + sign * ny * d) <= centre + tolerance)
                    d += stepOut;
                freeSide[side] = d - stepOut;
            }
            double r = std::min(std::min(freeSide[0], freeSide[1]) - 0.5 * w, limit);
            // The bend: the circle through the axis points a coarse cell either side.
            const std::size_t a = j >= reachCells ? j - reachCells : 0, b = std::min(j + reachCells, count - 1);
            const double ux = ax[j] - ax[a], uy = ay[j] - ay[a], vx = ax[b] - ax[j], vy = ay[b] - ay[j];
            const double cross = std::abs(ux * vy - uy * vx);
            if (cross > 0.0) {
                const double radius = std::hypot(ux, uy) * std::hypot(vx, vy) * std::hypot(ax[b] - ax[a], ay[b] - ay[a]) /
                                      (2.0 * cross);
                r = std::min(r, kBendShare * radius);
            }
            reach[j] = std::max(r, 0.0);
        }
        // A loop fits where the floor is wide along a whole half wavelength: the least reach within
        // one either side; tapered in over the first and out over the last half wavelength.
        std::vector<double> amplitude(count);
        for (std::size_t j = 0; j < count; ++j) {
            const auto window = std::size_t(kHalfPeriodWidths * width[j] / step);
            const std::size_t a = j >= window ? j - window : 0, b = std::min(j + window, count - 1);
            double least = reach[j];
            for (std::size_t k = a; k <= b; ++k) least = std::min(least, reach[k]);
            const double s = double(j) * step;
            const double t = std::clamp(std::min(s, length - s) / (kHalfPeriodWidths * width[j]), 0.0, 1.0);
            const double a0 = least * t * t * (3.0 - 2.0 * t);
            amplitude[j] = a0 < kLeastSwingWidths * width[j] ? 0.0 : a0;
        }
        // The course: half wavelengths of the sine-generated curve, from apex to apex.
        const std::size_t head = std::size_t(stem.cells.front());
        const std::uint64_t key = hash(std::uint32_t(head % std::size_t(n)) * stride - origin,
                                       std::uint32_t(head / std::size_t(n)) * stride - origin);
        MeanderPath path;
        double s = 0.0, offset = 0.0, sign = (key & 1U) != 0 ? 1.0 : -1.0;
        std::vector<double> placed;  // each course point's place along the axis
        const auto emit = [&](double at, double across) {
            placed.push_back(at);
            const double cx = along(ax, step, at), cy = along(ay, step, at);
            const auto [nx, ny] = normal(std::min(std::size_t(std::lround(at / step)), count - 1));
            path.x.push_back(cx + nx * across);
            path.y.push_back(cy + ny * across);
            path.axisX.push_back(cx);
            path.axisY.push_back(cy);
            path.width.push_back(float(along(width, step, at)));
            path.swing.push_back(float(along(amplitude, step, at)));
        };
        emit(0.0, 0.0);
        for (std::uint64_t half = 0; s < length; ++half) {
            const std::uint64_t draw = mix64(key + 2 * half + 1);
            const double w = along(width, step, s);
            const double span = kHalfPeriodWidths * w * (0.8 + 0.4 * unit(draw));
            const double target = sign * along(amplitude, step, s + 0.5 * span) * (0.7 + 0.3 * unit(mix64(draw)));
            const double delta = target - offset;
            const double turn = std::copysign(turnFor(std::abs(delta) / span), delta);
            const int steps = std::max(2, int(std::ceil(span / ds)));
            const double dsig = span / steps;
            for (int t = 0; t < steps && s < length; ++t) {
                const double phi = turn * std::sin(std::numbers::pi * (t + 0.5) / steps);
                s += std::cos(phi) * dsig;
                offset += std::sin(phi) * dsig;
                // The course meets the axis again at its end (the outlet or the larger river).
                const double toEnd = length - s;
                emit(std::min(s, length), toEnd < w ? offset * std::max(toEnd, 0.0) / w : offset);
            }
            sign = -sign;
        }
        // Where a tributary joins this stem: its cells' points on the final course (the first
        // whose place along the axis reaches the cell's).
        std::size_t q = 0;
        for (std::size_t k = 0; k + (stem.junction >= 0 ? 1 : 0) < m; ++k) {
            while (q + 1 < placed.size() && placed[q] < cum[k]) ++q;
            const auto c = std::size_t(stem.cells[k]);
            pinX[c] = path.x[q];
            pinY[c] = path.y[q];
        }
        paths.push_back(std::move(path));
    }
    return paths;
}

void carveMeanders(Grid& g, double spacing_m, const std::vector<MeanderPath>& paths, double metresPerRaw) {
    // Nothing to cut (meander 0, no main river, or no floor wide enough): no copy of the level.
    const bool swings = std::any_of(paths.begin(), paths.end(), [](const MeanderPath& p) {
        return std::any_of(p.swing.begin(), p.swing.end(), [](float v) { return v > 0.0f; });
    });
    if (!swings) return;
    const int n = g.side;
    const std::vector<float> ground = g.h;  // each course carves the ground as it came: order-free
    const double none = std::numeric_limits<double>::infinity();
    for (const MeanderPath& p : paths) {
        const std::size_t m = p.x.size();
        if (m < 2) continue;
        // The bed, never rising downstream: from where the loops begin (their swing from a width,
        // below which there are none) the lowest height near the axis and the course so far,
        // less the channel's depth, which deepens in over a width; past the loops the channel runs
        // on at its bed until the ground falls below it, so it never ends in a pit (which the
        // basins' fill would bury). `strength`: how much of the channel is cut (0: none).
        std::vector<double> bed(m, none), strength(m, 0.0);
        double lowest = none, before = none, deepest = 0.0;
        for (std::size_t j = 0; j < m; ++j) {
            const double w = double(p.width[j]);
            const double fade = std::clamp((double(p.swing[j]) - kLeastSwingWidths * w) / w, 0.0, 1.0);
            double v = none;
            for (int k = 0; k <= 4; ++k) {
                const double t = k / 4.0;
                v = std::min(v, bilinear(g, spacing_m, p.axisX[j] + (p.x[j] - p.axisX[j]) * t,
                                         p.axisY[j] + (p.y[j] - p.axisY[j]) * t));
            }
            if (fade > 0.0) {
                lowest = std::min(lowest, v);
                deepest = std::max(deepest, fade);
                bed[j] = std::min(before, lowest - kDepthPerWidth * w * deepest / metresPerRaw);
            } else if (before < v) {
                bed[j] = before;  // running on past the loops
            } else {
                lowest = none, deepest = 0.0;  // out in the open (or never in a channel)
            }
            strength[j] = bed[j] < none ? deepest : 0.0;
            before = bed[j];
        }
        for (std::size_t j = 0; j + 1 < m; ++j) {
            const double keepAll = std::min(strength[j], strength[j + 1]);
            if (!(keepAll > 0.0)) continue;
            if (double(std::min(p.width[j], p.width[j + 1])) < spacing_m) continue;  // under a sample wide
            const double x0 = p.x[j], y0 = p.y[j], dx = p.x[j + 1] - x0, dy = p.y[j + 1] - y0;
            const double len2 = dx * dx + dy * dy;
            const double half = 0.25 * (double(p.width[j]) + double(p.width[j + 1]));
            const double depth = kDepthPerWidth * 2.0 * half * keepAll / metresPerRaw;
            // The banks: the bed's parabola within the channel, the cut fading to nothing from
            // one to two half widths out (smoothly: no step where a loop cuts into its bank).
            const double reach = std::max(2.0 * half, half + spacing_m);
            const int cx0 = std::max(0, int(std::floor((std::min(x0, x0 + dx) - reach) / spacing_m)));
            const int cx1 = std::min(n - 1, int(std::ceil((std::max(x0, x0 + dx) + reach) / spacing_m)));
            const int cy0 = std::max(0, int(std::floor((std::min(y0, y0 + dy) - reach) / spacing_m)));
            const int cy1 = std::min(n - 1, int(std::ceil((std::max(y0, y0 + dy) + reach) / spacing_m)));
            for (int cy = cy0; cy <= cy1; ++cy)
                for (int cx = cx0; cx <= cx1; ++cx) {
                    const double qx = cx * spacing_m - x0, qy = cy * spacing_m - y0;
                    const double t = len2 > 0.0 ? std::clamp((qx * dx + qy * dy) / len2, 0.0, 1.0) : 0.0;
                    const double d = std::hypot(qx - dx * t, qy - dy * t);
                    if (d >= reach) continue;
                    const std::size_t i = std::size_t(cy) * std::size_t(n) + std::size_t(cx);
                    const double r = std::min(d / half, 1.0);
                    const double target = bed[j] + (bed[j + 1] - bed[j]) * t + depth * r * r;
                    const double here = double(ground[i]);
                    if (!(target < here)) continue;
                    const double u = std::clamp((d - half) / (reach - half), 0.0, 1.0);
                    const double keep = 1.0 - u * u * (3.0 - 2.0 * u);
                    const double cut = here - (here - target) * keep;
                    if (cut < double(g.h[i])) g.h[i] = float(cut);
                }
        }
    }
}

}  // namespace terrain::core::river
