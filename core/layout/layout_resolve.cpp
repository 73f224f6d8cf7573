// Resolving a layout: curves through the control points, profiles solved once along each item
// from the stage below at the reference detail, the spatial index of every line.
#include "layout_eval.h"
#include "layout_profiles.h"

#include "../io/height_mapping.h"
#include "../io/raster_source.h"
#include "../json_input.h"

#include "../errors.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace terrain::core::layout {
namespace {


constexpr double kPi = 3.14159265358979323846;

// FNV-1a of the id, mixed: the edge breakup's seed, so an item keeps its breakup wherever it is
// moved and whatever the recipe's seed.
std::uint64_t idKey(const std::string& id) {
    std::uint64_t h = 1469598103934665603ULL;
    for (const char c : id) h = (h ^ std::uint64_t(static_cast<unsigned char>(c))) * 1099511628211ULL;
    return h;
}

double lerp(double a, double b, double t) { return a + (b - a) * t; }

// Centripetal Catmull-Rom (Barry-Goldman) through p1..p2 with neighbours p0, p3, at u in [0, 1]:
// no cusps or loops between control points, whatever their spacing.
Point catmullRom(Point p0, Point p1, Point p2, Point p3, double u) {
    auto knot = [](Point a, Point b) { return std::sqrt(std::max(length(b.x - a.x, b.y - a.y), 1e-9)); };
    const double t0 = 0, t1 = t0 + knot(p0, p1), t2 = t1 + knot(p1, p2), t3 = t2 + knot(p2, p3);
    const double t = lerp(t1, t2, u);
    auto mix = [](Point a, Point b, double ta, double tb, double at) {
        const double w = (at - ta) / (tb - ta);
        return Point{a.x + (b.x - a.x) * w, a.y + (b.y - a.y) * w};
    };
    const Point a1 = mix(p0, p1, t0, t1, t), a2 = mix(p1, p2, t1, t2, t), a3 = mix(p2, p3, t2, t3, t);
    const Point b1 = mix(a1, a2, t0, t2, t), b2 = mix(a2, a3, t1, t3, t);
    return mix(b1, b2, t1, t2, t);
}

// The line of a road, river, ridge or valley: a smooth curve through the control points,
// tessellated at about `step` metres; per-point widths vary linearly along each span.
Polyline curveThrough(const Item& item, double step) {
    Polyline line;
    const auto& p = item.points;
    const std::size_t n = p.size();
    auto add = [&](Point q, double halfWidth) {
        if (!line.vertices.empty()) {
            const Point& last = line.vertices.back();
            const double d = length(q.x - last.x, q.y - last.y);
            if (d == 0.0) return;
            line.s.push_back(line.s.back() + d);
        } else {
            line.s.push_back(0.0);
        }
        line.vertices.push_back(q);
        line.halfWidth.push_back(halfWidth);
    };
    const std::size_t budget = 1u << 20;  // vertices of one line
    for (std::size_t i = 0; i + 1 < n; ++i) {
        const Point p1 = p[i], p2 = p[i + 1];
        const Point p0 = i > 0 ? p[i - 1] : Point{2 * p1.x - p2.x, 2 * p1.y - p2.y};
        const Point p3 = i + 2 < n ? p[i + 2] : Point{2 * p2.x - p1.x, 2 * p2.y - p1.y};
        const double chord = length(p2.x - p1.x, p2.y - p1.y);
        // Parts no longer than the step, and fewer where the span is nearly straight: each part's
        // chord strays at most ~2 cm from the curve (sagitta l²·κ/8 with κ ≈ turn / chord).
        const double t1x = p2.x - p0.x, t1y = p2.y - p0.y, t2x = p3.x - p1.x, t2y = p3.y - p1.y;
        const double dot = t1x * t2x + t1y * t2y, crs = t1x * t2y - t1y * t2x;
        const double turn = std::abs(std::atan2(crs, dot));
        const double part = turn > 0.0 ? std::sqrt(8.0 * 0.02 * chord / turn) : chord;
        const double wanted = std::ceil(chord / std::clamp(part, std::min(step, chord > 0 ? chord : step), std::max(step * 16.0, step)));
        const int parts = int(std::clamp(wanted, 1.0, double(budget / std::max<std::size_t>(n, 1))));
        const double w1 = item.widths_m[i] * 0.5, w2 = item.widths_m[i + 1] * 0.5;
        for (int k = 0; k < parts; ++k) {
            const double u = double(k) / parts;
            add(chord == 0.0 ? p1 : catmullRom(p0, p1, p2, p3, u), lerp(w1, w2, u));
            if (k == 0) line.pointS.push_back(line.s.back());
        }
    }
    add(p[n - 1], item.widths_m[n - 1] * 0.5);
    line.pointS.push_back(line.s.back());
    if (line.vertices.size() == 1) {  // every point the same: a zero-length line still has a place
        line.vertices.push_back(line.vertices[0]);
        line.s.push_back(0.0);
        line.halfWidth.push_back(line.halfWidth[0]);
    }
    return line;
}

// A stroke: straight between its samples (a drag is dense), radius and pressure per sample.
Polyline strokeLine(const Item& item) {
    Polyline line;
    for (std::size_t i = 0; i < item.points.size(); ++i) {
        line.s.push_back(i == 0 ? 0.0
                                : line.s.back() + length(item.points[i].x - item.points[i - 1].x,
                                                             item.points[i].y - item.points[i - 1].y));
        line.vertices.push_back(item.points[i]);
        line.radius.push_back(item.radii_m[i]);
        line.pressure.push_back(item.pressures[i]);
    }
    if (line.vertices.size() == 1) {
        line.vertices.push_back(line.vertices[0]);
        line.s.push_back(0.0);
        line.radius.push_back(line.radius[0]);
        line.pressure.push_back(line.pressure[0]);
    }
    return line;
}

}  // namespace

// The point at arc length s (vertices walked from `hint` on, for sequential calls).
Point pointAt(const Polyline& line, double s, std::size_t& hint) {
    while (hint + 2 < line.s.size() && line.s[hint + 1] < s) ++hint;
    const double len = line.s[hint + 1] - line.s[hint];
    const double t = len > 0 ? std::clamp((s - line.s[hint]) / len, 0.0, 1.0) : 0.0;
    return {lerp(line.vertices[hint].x, line.vertices[hint + 1].x, t),
            lerp(line.vertices[hint].y, line.vertices[hint + 1].y, t)};
}

// The stations along a line: s_k = k * step, the last at the end.
std::vector<double> stations(double length, double step) {
    const std::size_t n = std::size_t(std::max(1.0, std::ceil(length / step)));
    std::vector<double> s(n + 1);
    for (std::size_t k = 0; k <= n; ++k) s[k] = std::min(double(k) * step, length);
    return s;
}

namespace {

std::vector<double> terrainAlong(const Polyline& line, const std::vector<double>& s, const ProfileSource& source) {
    std::vector<double> z(s.size());
    std::size_t hint = 0;
    for (std::size_t k = 0; k < s.size(); ++k) {
        const Point q = pointAt(line, s[k], hint);
        z[k] = source.heightAt(q.x, q.y);
    }
    return z;
}

// A stored profile on another number of stations (its line was edited since it was baked).
std::vector<double> restretched(const std::vector<double>& stored, std::size_t count) {
    if (stored.size() == count) return stored;
    std::vector<double> out(count);
    for (std::size_t k = 0; k < count; ++k) {
        const double u = count > 1 ? double(k) * double(stored.size() - 1) / double(count - 1) : 0.0;
        const std::size_t i = std::min(std::size_t(u), stored.size() - 1);
        const std::size_t j = std::min(i + 1, stored.size() - 1);
        out[k] = lerp(stored[i], stored[j], u - double(i));
    }
    return out;
}

void requireSource(const Item& item, const ProfileSource& source, const char* what) {
    if (!source.heightAt) {
        throw InputError("layout." + item.id, "needs the terrain below",
                         std::string("a baked profile (") + what + "), or an evaluation with the stage below");
    }
}

// The polygon's mean terrain height: over the stations of a grid of `step` inside it.
double meanInside(const ResolvedItem& r, const ProfileSource& source) {
    double step = source.step_m;
    double minX = 1e300, maxX = -1e300, minY = 1e300, maxY = -1e300;
    for (const Point& q : r.item.rings[0]) {
        minX = std::min(minX, q.x), maxX = std::max(maxX, q.x), minY = std::min(minY, q.y), maxY = std::max(maxY, q.y);
    }
    while ((maxX - minX) / step * (maxY - minY) / step > 262144.0) step *= 2.0;  // a 512² grid at most
    double sum = 0.0;
    std::size_t count = 0;
    for (double y = std::ceil(minY / step) * step; y <= maxY; y += step) {
        for (double x = std::ceil(minX / step) * step; x <= maxX; x += step) {
            bool inside = false;
            for (std::size_t e = 0; e < r.edgeA.size(); ++e) {
                const Point a = r.edgeA[e], b = r.edgeB[e];
                if ((a.y > y) != (b.y > y) && x < a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y)) inside = !inside;
            }
            if (inside) {
                sum += source.heightAt(x, y);
                ++count;
            }
        }
    }
    if (count == 0) return source.heightAt(r.item.rings[0][0].x, r.item.rings[0][0].y);
    return sum / double(count);
}

void resolveLine(ResolvedItem& r, const ProfileSource& source) {
    const Item& item = r.item;
    r.step = source.step_m;
    r.line = item.kind == Kind::Stroke ? strokeLine(item) : curveThrough(item, source.step_m);
    double reach = 0.0;
    for (double h : r.line.halfWidth) r.maxHalfWidth = std::max(r.maxHalfWidth, h);
    for (double rad : r.line.radius) r.maxHalfWidth = std::max(r.maxHalfWidth, rad);
    const bool needsProfile = item.kind == Kind::Road || item.kind == Kind::River ||
                              (item.kind == Kind::Stroke && item.strokeOp == StrokeOp::Flatten) || crestPinned(item);
    if (needsProfile) {
        const std::vector<double> s = item.kind == Kind::Stroke ? std::vector<double>{0.0} : stations(r.line.length(), r.step);
        if (item.baked) {
            r.profile = restretched(item.profile_m, s.size());
        } else if (item.kind == Kind::Stroke) {
            if (item.flattenTo_m) {
                r.profile = {*item.flattenTo_m};
            } else {
                requireSource(item, source, "the flatten height");
                r.profile = {source.heightAt(item.points[0].x, item.points[0].y)};
            }
        } else {
            requireSource(item, source, "the heights along the line");
            std::vector<double> z = terrainAlong(r.line, s, source);
            if (item.kind == Kind::Road) {
                r.ground = z;
                z = boxSmooth(z, std::size_t(std::floor(item.smoothing_m / (2.0 * r.step))));
                r.smoothedGround = z;
                z = roadDeck(std::move(z), s, r.line.pointS, item.z_m, item.maxGrade_pct / 100.0);
            } else if (item.kind == Kind::River) {
                z = riverLine(std::move(z), s, r.line.pointS, item.z_m, item.minGradient_pct / 100.0, item.id);
            } else {
                // A ridge's (valley's) profile is its rise over the terrain along the line: what
                // takes the crest (floor) through the heights given; each sample adds it times the
                // cross-section, so the ridge keeps the terrain's own relief as a free one does.
                const std::vector<double> crest =
                    crestLine(z, s, r.line.pointS, item.z_m, item.kind == Kind::Valley ? -item.height_m : item.height_m);
                for (std::size_t k = 0; k < z.size(); ++k) z[k] = crest[k] - z[k];
            }
            r.profile = std::move(z);
        }
    }
    switch (item.kind) {
    case Kind::Road: reach = r.maxHalfWidth + item.falloff_m + item.breakupAmplitude_m; break;
    case Kind::River: {
        // The banks climb at their slope until they meet the terrain: no farther than the highest
        // the terrain can be above the lowest bed.
        double lowest = std::numeric_limits<double>::infinity();
        for (double z : r.profile) lowest = std::min(lowest, z - item.depth_m);
        const double ceiling = std::max(source.ceiling_m, lowest);
        reach = r.maxHalfWidth + item.falloff_m +
                (ceiling - lowest + item.falloff_m) / std::tan(item.bankSlope_deg * kPi / 180.0);
        break;
    }
    case Kind::Ridge:
    case Kind::Valley: reach = r.maxHalfWidth + item.breakupAmplitude_m; break;
    case Kind::Stroke: reach = r.maxHalfWidth; break;
    default: break;
    }
    r.reach = reach;
    if (item.kind == Kind::Road) r.tanSlope = std::tan(item.bank_deg * kPi / 180.0);
    if (item.kind == Kind::River) r.tanSlope = std::tan(item.bankSlope_deg * kPi / 180.0);
    r.minX = r.minY = std::numeric_limits<double>::infinity();
    r.maxX = r.maxY = -std::numeric_limits<double>::infinity();
    for (const Point& q : r.line.vertices) {
        r.minX = std::min(r.minX, q.x - reach), r.maxX = std::max(r.maxX, q.x + reach);
        r.minY = std::min(r.minY, q.y - reach), r.maxY = std::max(r.maxY, q.y + reach);
    }
}

void resolveArea(ResolvedItem& r, const ProfileSource& source) {
    const Item& item = r.item;
    std::vector<Point> all;
    for (const auto& ring : item.rings) {
        for (std::size_t i = 0; i < ring.size(); ++i) {
            r.edgeA.push_back(ring[i]);
            r.edgeB.push_back(ring[(i + 1) % ring.size()]);
        }
    }
    // The edges as one index: segments (A_i, B_i) stored as consecutive vertex pairs.
    r.line.vertices.clear();
    for (std::size_t e = 0; e < r.edgeA.size(); ++e) {
        r.line.vertices.push_back(r.edgeA[e]);
        r.line.vertices.push_back(r.edgeB[e]);
    }
    const double reach = item.falloff_m + item.breakupAmplitude_m;
    double minX = 1e300, maxX = -1e300, minY = 1e300, maxY = -1e300;
    for (const Point& q : item.rings[0]) {
        minX = std::min(minX, q.x), maxX = std::max(maxX, q.x), minY = std::min(minY, q.y), maxY = std::max(maxY, q.y);
    }
    r.minX = minX - reach, r.maxX = maxX + reach, r.minY = minY - reach, r.maxY = maxY + reach;
    switch (item.target) {
    case AreaTarget::Absolute: r.target_m = item.height_m; break;
    case AreaTarget::Relative: break;
    case AreaTarget::Average:
        if (item.baked) {
            r.target_m = item.profile_m[0];
        } else {
            requireSource(item, source, "the mean height under the area");
            r.target_m = meanInside(r, source);
        }
        break;
    case AreaTarget::Patch: {
        // Up to 64 samples per ring, evenly along it; each remembers its edge and where on it.
        struct Along {
            std::size_t ring, edge;
            double t;
        };
        std::vector<Along> along;
        for (std::size_t ri = 0; ri < item.rings.size(); ++ri) {
            const auto& ring = item.rings[ri];
            double perimeter = 0.0;
            for (std::size_t i = 0; i < ring.size(); ++i) {
                const Point a = ring[i], b = ring[(i + 1) % ring.size()];
                perimeter += length(b.x - a.x, b.y - a.y);
            }
            const std::size_t perRing = std::max<std::size_t>(8, 256 / item.rings.size());
            const std::size_t count = std::clamp<std::size_t>(std::size_t(perimeter / source.step_m), 8, perRing);
            const double spacing = perimeter / double(count);
            double walked = 0.0, next = 0.0;
            for (std::size_t i = 0; i < ring.size() && r.patchPoints.size() < 256 + 8 * item.rings.size(); ++i) {
                const Point a = ring[i], b = ring[(i + 1) % ring.size()];
                const double len = length(b.x - a.x, b.y - a.y);
                while (next < walked + len && r.patchPoints.size() < 256 + 8 * item.rings.size()) {
                    const double t = (next - walked) / len;
                    r.patchPoints.push_back({lerp(a.x, b.x, t), lerp(a.y, b.y, t)});
                    along.push_back({ri, i, t});
                    next += spacing;
                }
                walked += len;
            }
        }
        // Heights given at the outer ring's vertices (z_m): each such vertex is a point of the
        // patch itself (at most 256), so the surface passes through it.
        const auto& outer = item.rings[0];
        const bool pinned = !item.z_m.empty() && item.z_m.size() == outer.size();
        std::vector<std::size_t> pinnedVertices;
        for (std::size_t i = 0; pinned && i < outer.size() && pinnedVertices.size() < 256; ++i) {
            if (!item.z_m[i]) continue;
            pinnedVertices.push_back(i);
            r.patchPoints.push_back(outer[i]);
        }
        if (item.baked) {
            r.patchHeights = restretched(item.profile_m, r.patchPoints.size());
        } else {
            requireSource(item, source, "the heights along the boundary");
            // Along an edge between two given heights the boundary is the straight line between
            // them; along the others, the terrain shifted by the given heights' offsets from it,
            // blended to 0 at the free vertices (as a road's deck eases towards a pinned point).
            std::vector<double> offset(pinned ? outer.size() : 0, 0.0);
            for (std::size_t i = 0; i < offset.size(); ++i)
                if (item.z_m[i]) offset[i] = *item.z_m[i] - source.heightAt(outer[i].x, outer[i].y);
            for (std::size_t k = 0; k < along.size(); ++k) {
                const Point q = r.patchPoints[k];
                const Along& a = along[k];
                if (!pinned || a.ring != 0) {
                    r.patchHeights.push_back(source.heightAt(q.x, q.y));
                    continue;
                }
                const std::size_t j = (a.edge + 1) % outer.size();
                const auto& zi = item.z_m[a.edge];
                const auto& zj = item.z_m[j];
                r.patchHeights.push_back(zi && zj ? lerp(*zi, *zj, a.t)
                                                  : source.heightAt(q.x, q.y) + lerp(offset[a.edge], offset[j], a.t));
            }
            for (const std::size_t i : pinnedVertices) r.patchHeights.push_back(*item.z_m[i]);
        }
        break;
    }
    }
}

// An image stamp's image, read whole (at most 4096 x 4096 samples), as the shape's 0..1.
std::shared_ptr<const Heightmap> stampImage(const Item& item, const std::string& at) {
    const std::string field = at + ".properties.image";
    const auto source = RasterSource::open(item.image, std::nullopt, field);
    const RasterInfo& info = source->info();
    if (info.width > 4096 || info.height > 4096 || info.width < 2 || info.height < 2) {
        throw InputError(field, quoteForMessage(item.image),
                         "an image of 2 to 4096 samples a side (it has " + std::to_string(info.width) + "x" +
                             std::to_string(info.height) + ")");
    }
    auto image = std::make_shared<Heightmap>(Heightmap::uninitialized(info.width, info.height));
    source->read(0, 0, info.width, info.height, image->row(0));
    double lo = item.imageLo, hi = item.imageHi;
    if (!item.imageRange) {
        if (info.integer && info.codeMax > 0.0) {
            lo = 0.0;
            hi = info.codeMax;
        } else {
            const MinMax mm = finiteMinMax(*image);
            lo = mm.min;
            hi = mm.max > mm.min ? double(mm.max) : double(mm.min) + 1.0;
        }
    }
    const double scale = 1.0 / (hi - lo);
    for (float& v : image->samples()) v = std::isfinite(v) ? float(std::clamp((double(v) - lo) * scale, 0.0, 1.0)) : 0.0f;
    return image;
}

void resolveStamp(ResolvedItem& r, const ProfileSource& source) {
    const Item& item = r.item;
    if (item.shape == StampShape::Image) r.image = stampImage(item, "item " + quoteForMessage(item.id));
    const double rad = item.rotation_deg * kPi / 180.0;
    r.cosR = std::cos(rad), r.sinR = std::sin(rad);
    // The square's corners (image, ridge) turned by any rotation stay within half a diagonal.
    const double reach = 0.5 * item.size_m * std::sqrt(2.0) + item.breakupAmplitude_m;
    const Point c = item.points[0];
    r.minX = c.x - reach, r.maxX = c.x + reach, r.minY = c.y - reach, r.maxY = c.y + reach;
    r.base_m = item.base_m;
    if (item.dropToSurface) {
        if (item.baked) {
            r.base_m = item.profile_m[0];
        } else {
            requireSource(item, source, "the height under the stamp");
            r.base_m = source.heightAt(c.x, c.y);
        }
    }
}

}  // namespace

double profileAt(const ResolvedItem& r, double s) {
    const std::size_t n = r.profile.size();
    if (n == 1) return r.profile[0];
    std::size_t i = std::size_t(std::max(0.0, std::floor(s / r.step)));
    if (i > n - 2) i = n - 2;
    const double s0 = double(i) * r.step;
    const double s1 = std::min(double(i + 1) * r.step, r.line.length());
    const double t = s1 > s0 ? std::clamp((s - s0) / (s1 - s0), 0.0, 1.0) : 0.0;
    return r.profile[i] + (r.profile[i + 1] - r.profile[i]) * t;
}


namespace {

// The vertices and stations a layout's lines would take at this step, refused past a budget
// before anything is allocated: a crafted file of long lines must not exhaust memory.
void checkLineBudget(const Layout& layout, double step) {
    constexpr double kBudget = double(1u << 24);
    double total = 0.0;
    for (const Item& item : layout.items) {
        if (!item.enabled || item.kind == Kind::Area || item.kind == Kind::Stamp) continue;
        double chords = 0.0;
        for (std::size_t i = 1; i < item.points.size(); ++i) {
            chords += length(item.points[i].x - item.points[i - 1].x, item.points[i].y - item.points[i - 1].y);
        }
        // A Catmull-Rom span is at most about 1.6 times its chord; stations and vertices.
        total += double(item.points.size()) + 2.0 * 1.6 * chords / step;
        if (total > kBudget) {
            throw InputError("layout." + item.id, "lines of " + std::to_string(long(chords)) + " m at " +
                                                      std::to_string(step) + " m steps",
                             "a layout whose lines together take at most 16 million steps of the world's "
                             "reference spacing (shorter lines, or a coarser reference detail)");
        }
    }
}

}  // namespace

ResolvedLayout resolveLayout(const Layout& layout, const ProfileSource& source) {
    checkLineBudget(layout, source.step_m);
    ResolvedLayout out;
    std::map<std::string, int> maskIndex;
    for (const std::string& name : layoutMasks(layout)) {
        maskIndex[name] = int(out.maskNames.size());
        out.maskNames.push_back(name);
    }
    auto maskOf = [&](const char* name) { return maskIndex.count(name) ? maskIndex[name] : -1; };
    out.protectMask = maskOf("protect");
    out.unprotectedMask = maskOf("unprotected");
    out.items.reserve(layout.items.size());
    for (const Item& item : layout.items) {
        if (!item.enabled) continue;
        out.items.emplace_back();
        ResolvedItem& r = out.items.back();
        r.item = item;
        r.noiseKey = idKey(item.id);
        switch (item.kind) {
        case Kind::Area: resolveArea(r, source); break;
        case Kind::Stamp: resolveStamp(r, source); break;
        default: resolveLine(r, source); break;
        }
        switch (item.kind) {
        case Kind::Road: r.kindMask = maskOf("roads"), r.edgeMask = maskOf("road_shoulders"), r.protects = true; break;
        case Kind::River: r.kindMask = maskOf("rivers"), r.edgeMask = maskOf("river_banks"), r.protects = true; break;
        case Kind::Area: r.kindMask = maskOf("areas"), r.protects = true; break;
        case Kind::Stamp: r.kindMask = maskOf("stamps"); break;
        case Kind::Stroke: r.kindMask = maskOf("strokes"); break;
        default: break;
        }
        if (!item.mask.empty()) r.ownMask = maskOf(item.mask.c_str());
    }
    for (ResolvedItem& r : out.items) {
        if (r.item.kind != Kind::Stamp) r.index.build(r.line.vertices, r.item.kind == Kind::Area);
        if (r.item.kind == Kind::River) {
            // Each segment's lowest bed (the profile never rises, so at its downstream end).
            std::vector<double> floors;
            for (std::size_t i = 0; i + 1 < r.line.vertices.size(); ++i) {
                floors.push_back(std::min(profileAt(r, r.line.s[i]), profileAt(r, r.line.s[i + 1])) - r.item.depth_m);
            }
            r.index.setFloors(floors);

            ResolvedItem::Coarse& c = r.coarse;
            c.cell = std::max({(r.maxX - r.minX) / 48.0, (r.maxY - r.minY) / 48.0, 1e-3});
            c.x0 = r.minX, c.y0 = r.minY;
            c.nx = int((r.maxX - r.minX) / c.cell) + 1, c.ny = int((r.maxY - r.minY) / c.cell) + 1;
            c.lowest.resize(std::size_t(c.nx) * std::size_t(c.ny));
            c.nearBed.resize(c.lowest.size());
            for (int j = 0; j < c.ny; ++j) {
                for (int i = 0; i < c.nx; ++i) {
                    bool isNear = false;
                    const std::size_t at = std::size_t(j) * std::size_t(c.nx) + std::size_t(i);
                    c.lowest[at] = r.index.lowestOverBox(c.x0 + i * c.cell, c.y0 + j * c.cell, c.x0 + (i + 1) * c.cell,
                                                         c.y0 + (j + 1) * c.cell, r.tanSlope, r.maxHalfWidth,
                                                         r.maxHalfWidth, isNear);
                    c.nearBed[at] = isNear;
                }
            }
        }
    }
    return out;
}

Layout bakeLayout(const Layout& layout, const ProfileSource& source) {
    Layout baked = layout;
    for (Item& item : baked.items) {
        const bool reads = item.kind == Kind::Road || item.kind == Kind::River || crestPinned(item) ||
                           (item.kind == Kind::Area && (item.target == AreaTarget::Average || item.target == AreaTarget::Patch)) ||
                           (item.kind == Kind::Stamp && item.dropToSurface) ||
                           (item.kind == Kind::Stroke && item.strokeOp == StrokeOp::Flatten && !item.flattenTo_m);
        if (!reads) continue;
        Item fresh = item;
        fresh.baked = false;
        fresh.enabled = true;
        Layout one{{fresh}};
        const ResolvedLayout r = resolveLayout(one, source);
        const ResolvedItem& ri = r.items[0];
        switch (item.kind) {
        case Kind::Area: item.profile_m = item.target == AreaTarget::Average ? std::vector<double>{ri.target_m} : ri.patchHeights; break;
        case Kind::Stamp: item.profile_m = {ri.base_m}; break;
        default: item.profile_m = ri.profile; break;
        }
        item.baked = true;
    }
    return baked;
}

Polyline itemLine(const Item& item, double step) {
    return item.kind == Kind::Stroke ? strokeLine(item) : curveThrough(item, step);
}

}  // namespace terrain::core::layout
