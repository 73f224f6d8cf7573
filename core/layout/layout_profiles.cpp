// The profiles along a layout's lines (layout_profiles.h).
#include "layout_profiles.h"

#include "../errors.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace terrain::core::layout {
namespace {

double lerp(double a, double b, double t) { return a + (b - a) * t; }

std::string metresText(double v) {
    char text[40];
    std::snprintf(text, sizeof text, "%.10g m", v);
    return text;
}

// Grade limit: the mean of a forward and a backward pass that each keep |dz| <= g[k] * ds between
// stations k and k + 1; a mean of two such sequences keeps the bound.
std::vector<double> gradeLimited(const std::vector<double>& t, const std::vector<double>& s, const std::vector<double>& g) {
    const std::size_t n = t.size();
    std::vector<double> f(t), b(t);
    for (std::size_t k = 1; k < n; ++k) {
        const double d = g[k - 1] * (s[k] - s[k - 1]);
        f[k] = std::clamp(t[k], f[k - 1] - d, f[k - 1] + d);
    }
    for (std::size_t k = n - 1; k-- > 0;) {
        const double d = g[k] * (s[k + 1] - s[k]);
        b[k] = std::clamp(t[k], b[k + 1] - d, b[k + 1] + d);
    }
    for (std::size_t k = 0; k < n; ++k) f[k] = 0.5 * (f[k] + b[k]);
    return f;
}

// The station nearest each control point (its arc length over the step).
std::vector<std::size_t> pinStations(const std::vector<double>& pointS, double step, std::size_t n) {
    std::vector<std::size_t> out;
    for (const double at : pointS) out.push_back(std::min(n - 1, std::size_t(std::max(0.0, std::round(at / step)))));
    return out;
}

// The terrain `t` shifted by the pins' offsets from it, blended linearly along the line to 0 at
// the control points without a height (at stations `at`), so a profile eases towards a pin
// instead of ramping at its limit just before it.
void shiftToPins(std::vector<double>& t, const std::vector<std::size_t>& at, const std::vector<std::optional<double>>& pins) {
    const std::vector<double> ground = t;
    for (std::size_t i = 0; i + 1 < pins.size(); ++i) {
        const std::size_t a = at[i], b = at[i + 1];
        const double oa = pins[i] ? *pins[i] - ground[a] : 0.0, ob = pins[i + 1] ? *pins[i + 1] - ground[b] : 0.0;
        for (std::size_t k = a; k <= b; ++k) t[k] = ground[k] + (b > a ? lerp(oa, ob, double(k - a) / double(b - a)) : oa);
    }
}

// Each pin's height at its station (two pins on one station: the first), the rest unset.
std::vector<std::optional<double>> pinnedStations(const std::vector<std::size_t>& at,
                                                  const std::vector<std::optional<double>>& pins, std::size_t n) {
    std::vector<std::optional<double>> out(n);
    for (std::size_t i = 0; i < pins.size(); ++i)
        if (pins[i] && !out[at[i]]) out[at[i]] = *pins[i];
    return out;
}

}  // namespace

// The running mean over a window of `radius` stations each side (clamped at the ends): keeps
// any bound on the difference between neighbours.
std::vector<double> boxSmooth(const std::vector<double>& z, std::size_t radius) {
    if (radius == 0 || z.size() < 2) return z;
    const long n = long(z.size()), r = long(radius);
    std::vector<double> out(z.size());
    for (long k = 0; k < n; ++k) {
        double sum = 0.0;
        for (long i = k - r; i <= k + r; ++i) sum += z[std::size_t(std::clamp(i, 0L, n - 1))];
        out[std::size_t(k)] = sum / double(2 * r + 1);
    }
    return out;
}

// A road's deck from the smoothed terrain `t` at stations `s`, through the heights the designer
// gave at some control points (z_m; their arc lengths `pointS`), within its grade `g` elsewhere:
// (1) the terrain is shifted towards the pins (shiftToPins); (2) between two successive pins the
// grade allows at least what they ask for (|dz| / ds); (3) the shifted terrain is clamped into
// every pin's cone (the heights reachable from it at the allowed grade: two sweeps), which holds
// each pin exactly; (4) the grade limit, whose passes never leave the cones (a value is either the
// clamped terrain or its neighbour's within the grade, and the cones' bounds themselves change by
// at most the grade), so the deck passes through every pin. Without pins this is the plain grade
// limit.
std::vector<double> roadDeck(std::vector<double> t, const std::vector<double>& s, const std::vector<double>& pointS,
                             const std::vector<std::optional<double>>& pins, double g) {
    const std::size_t n = t.size();
    std::vector<double> grade(n > 0 ? n - 1 : 0, g);
    // (A line of length 0 has its stations on one place: nothing to pin along it.)
    if (pins.size() != pointS.size() || n < 2 || !(s[1] > s[0])) return gradeLimited(t, s, grade);
    const std::vector<std::size_t> at = pinStations(pointS, s[1] - s[0], n);
    shiftToPins(t, at, pins);
    std::optional<std::size_t> lastPin;
    for (std::size_t i = 0; i < pins.size(); ++i) {
        if (!pins[i]) continue;
        if (lastPin) {
            const std::size_t a = at[*lastPin], b = at[i];
            if (b > a) {
                const double need = std::abs(*pins[i] - *pins[*lastPin]) / (s[b] - s[a]);
                for (std::size_t k = a; k < b; ++k) grade[k] = std::max(grade[k], need);
            }
        }
        lastPin = i;
    }
    // (3) the cones: lo and hi from the pins, swept both ways.
    constexpr double kInf = std::numeric_limits<double>::infinity();
    std::vector<double> lo(n, -kInf), hi(n, kInf);
    const std::vector<std::optional<double>> pinned = pinnedStations(at, pins, n);
    for (std::size_t k = 0; k < n; ++k)
        if (pinned[k]) lo[k] = hi[k] = *pinned[k];
    for (std::size_t k = 1; k < n; ++k) {
        const double d = grade[k - 1] * (s[k] - s[k - 1]);
        lo[k] = std::max(lo[k], lo[k - 1] - d), hi[k] = std::min(hi[k], hi[k - 1] + d);
    }
    for (std::size_t k = n - 1; k-- > 0;) {
        const double d = grade[k] * (s[k + 1] - s[k]);
        lo[k] = std::max(lo[k], lo[k + 1] - d), hi[k] = std::min(hi[k], hi[k + 1] + d);
    }
    for (std::size_t k = 0; k < n; ++k) t[k] = std::clamp(t[k], lo[k], std::max(lo[k], hi[k]));
    return gradeLimited(t, s, grade);
}

// A ridge's crest (a valley's floor): the terrain moved by `offset`, shifted towards the pins
// (shiftToPins: exact at each pin's station, blended to no shift at the points without one).
std::vector<double> crestLine(std::vector<double> t, const std::vector<double>& s, const std::vector<double>& pointS,
                              const std::vector<std::optional<double>>& pins, double offset) {
    for (double& z : t) z += offset;
    const std::size_t n = t.size();
    if (pins.size() != pointS.size() || n < 2 || !(s[1] > s[0])) return t;
    shiftToPins(t, pinStations(pointS, s[1] - s[0], n), pins);
    return t;
}

// A river's line (the water's level; its bed lies depth_m below) from the terrain `t` at stations
// `s`: never rising, falling at least `g` per metre, and through the heights the designer gave at
// some control points (z_m). (1) The terrain is shifted towards the pins (shiftToPins); (2) between
// two successive pins the fall asks at most what they allow (their drop over their distance; a pin
// above an earlier one is refused: a river never rises); (3) the line is clamped under every
// upstream pin less the fall since it and over every downstream pin plus the fall still to come,
// which holds each pin exactly; (4) it is made monotone at the fall, which never leaves those
// bounds (each value is at least its lower bound and the lower bounds fall at the same rate) and
// leaves the pinned stations as they are.
std::vector<double> riverLine(std::vector<double> t, const std::vector<double>& s, const std::vector<double>& pointS,
                              const std::vector<std::optional<double>>& pins, double g, const std::string& id) {
    const std::size_t n = t.size();
    std::vector<double> fall(n > 0 ? n - 1 : 0, g);
    std::vector<std::optional<double>> pinned(n);
    if (pins.size() == pointS.size() && n >= 2 && s[1] > s[0]) {
        const std::vector<std::size_t> at = pinStations(pointS, s[1] - s[0], n);
        std::optional<std::size_t> lastPin;
        for (std::size_t i = 0; i < pins.size(); ++i) {
            if (!pins[i]) continue;
            if (lastPin && *pins[i] > *pins[*lastPin]) {
                throw InputError("layout." + id + ".z_m[" + std::to_string(i) + "]", metresText(*pins[i]),
                                 "at most " + metresText(*pins[*lastPin]) + " (point " + std::to_string(*lastPin) +
                                     "'s height): a river never rises along its points");
            }
            if (lastPin && at[i] > at[*lastPin]) {
                const std::size_t a = at[*lastPin], b = at[i];
                const double allowed = (*pins[*lastPin] - *pins[i]) / (s[b] - s[a]);
                for (std::size_t k = a; k < b; ++k) fall[k] = std::min(fall[k], allowed);
            }
            lastPin = i;
        }
        shiftToPins(t, at, pins);
        constexpr double kInf = std::numeric_limits<double>::infinity();
        std::vector<double> lo(n, -kInf), hi(n, kInf);
        pinned = pinnedStations(at, pins, n);
        for (std::size_t k = 0; k < n; ++k)
            if (pinned[k]) lo[k] = hi[k] = *pinned[k];
        for (std::size_t k = 1; k < n; ++k) hi[k] = std::min(hi[k], hi[k - 1] - fall[k - 1] * (s[k] - s[k - 1]));
        for (std::size_t k = n - 1; k-- > 0;) lo[k] = std::max(lo[k], lo[k + 1] + fall[k] * (s[k + 1] - s[k]));
        for (std::size_t k = 0; k < n; ++k) t[k] = pinned[k] ? *pinned[k] : std::clamp(t[k], lo[k], std::max(lo[k], hi[k]));
    }
    // (A pin keeps its height exactly: the bounds at it are sums of falls from the other pins,
    // which rounding may leave an ulp off.)
    for (std::size_t k = 1; k < n; ++k)
        if (!pinned[k]) t[k] = std::min(t[k], t[k - 1] - fall[k - 1] * (s[k] - s[k - 1]));
    return t;
}

}  // namespace terrain::core::layout
