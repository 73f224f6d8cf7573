// Evaluating a resolved layout on a map or a tile: each sample a pure function of its world
// position, the items and the stage below there. Samples no item reaches are copied.
#include "layout_eval.h"

#include "../cancel.h"
#include "../parallel.h"
#include "../rng.h"

#include <algorithm>
#include <cmath>

namespace terrain::core::layout {
namespace {


constexpr double kPi = 3.14159265358979323846;

double smoothstep(double u) {
    u = std::clamp(u, 0.0, 1.0);
    return u * u * (3.0 - 2.0 * u);
}

// Rising from 0 at u = 0 to 1 at u = 1 along the item's falloff curve.
double rise(Curve curve, double u) {
    u = std::clamp(u, 0.0, 1.0);
    switch (curve) {
    case Curve::Linear: return u;
    case Curve::Ease: return 1.0 - (1.0 - u) * (1.0 - u);
    case Curve::Smoothstep: break;
    }
    return u * u * (3.0 - 2.0 * u);
}

// Smooth value noise in [-1, 1] on a lattice of `wavelength` metres, hashed from the item's key.
double breakup(std::uint64_t key, double x, double y, double wavelength) {
    const double fx = x / wavelength, fy = y / wavelength;
    const double ix = std::floor(fx), iy = std::floor(fy);
    const double tx = smoothstep(fx - ix), ty = smoothstep(fy - iy);
    auto at = [key](double cx, double cy) {
        const std::uint64_t h = mix64(key ^ (std::uint64_t(std::int64_t(cx)) * 0x9e3779b97f4a7c15ULL) ^
                                      (std::uint64_t(std::int64_t(cy)) * 0xc2b2ae3d27d4eb4fULL));
        return double(toSigned(h));
    };
    const double a = at(ix, iy), b = at(ix + 1, iy), c = at(ix, iy + 1), d = at(ix + 1, iy + 1);
    return (a + (b - a) * tx) + ((c + (d - c) * tx) - (a + (b - a) * tx)) * ty;
}

double noiseAt(const ResolvedItem& r, double x, double y) {
    if (r.item.breakupAmplitude_m <= 0.0) return 0.0;
    return r.item.breakupAmplitude_m * breakup(r.noiseKey, x, y, r.item.breakupWavelength_m);
}

// Where a sample lies relative to a line item.
struct Near {
    double d = 0, s = 0, halfWidth = 0, side = 1, radius = 0, pressure = 0;
};

// The row's candidate segments (SegmentIndex::rowCandidates) swept along the row: a sample at x
// searches only the candidates whose box grown by the reach contains x (the active ones), or the
// tree when a river's far-reaching banks make those many. Either gives the same answer.
struct RowCandidates {
    struct Candidate {
        double lo, hi;
        std::uint32_t index;
    };
    std::vector<std::uint32_t> list;
    std::vector<Candidate> byLo;  // sorted by lo
    std::size_t next = 0;
    std::vector<std::uint32_t> active;
    std::vector<double> activeHi;
    mutable std::uint32_t hint = SegmentIndex::kNoHint;  // the previous sample's segment

    void start(const SegmentIndex& index, double reach, double y) {
        byLo.clear();
        for (const std::uint32_t c : list) {
            const auto [lo, hi] = index.span(c, reach, y);
            byLo.push_back({lo, hi, c});
        }
        std::sort(byLo.begin(), byLo.end(),
                  [](const Candidate& a, const Candidate& b) { return a.lo < b.lo || (a.lo == b.lo && a.index < b.index); });
        next = 0;
        active.clear();
        activeHi.clear();
        hint = SegmentIndex::kNoHint;
    }
    // Samples come in increasing x.
    void advance(double x) {
        while (next < byLo.size() && byLo[next].lo <= x) {
            active.push_back(byLo[next].index);
            activeHi.push_back(byLo[next].hi);
            ++next;
        }
        for (std::size_t i = 0; i < active.size();) {
            if (activeHi[i] < x) {
                active[i] = active.back(), activeHi[i] = activeHi.back();
                active.pop_back(), activeHi.pop_back();
            } else {
                ++i;
            }
        }
    }
};
constexpr std::size_t kDirectSearch = 64;

bool nearLine(const ResolvedItem& r, const RowCandidates& rc, double x, double y, double maxDistance, Near& n) {
    int seg = 0;
    double t = 0;
    // A sample farther than the reach from every segment is never changed (the row's spans
    // already say so): the search is bounded by it.
    maxDistance = std::min(maxDistance, r.reach);
    const bool found = rc.active.size() <= kDirectSearch
                           ? r.index.nearestAmong(rc.active, x, y, maxDistance, seg, t, n.d, rc.hint)
                           : r.index.nearest(x, y, maxDistance, seg, t, n.d, rc.hint);
    if (!found) return false;
    const auto i = std::size_t(seg);
    n.s = r.line.s[i] + (r.line.s[i + 1] - r.line.s[i]) * t;
    if (!r.line.halfWidth.empty()) n.halfWidth = r.line.halfWidth[i] + (r.line.halfWidth[i + 1] - r.line.halfWidth[i]) * t;
    if (!r.line.radius.empty()) {
        n.radius = r.line.radius[i] + (r.line.radius[i + 1] - r.line.radius[i]) * t;
        n.pressure = r.line.pressure[i] + (r.line.pressure[i + 1] - r.line.pressure[i]) * t;
    }
    const Point a = r.line.vertices[i], b = r.line.vertices[i + 1];
    n.side = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) >= 0.0 ? 1.0 : -1.0;
    return true;
}

// What one item does to one sample: the new height in metres (`changed`), and its mask values.
struct Effect {
    bool changed = false;
    double h = 0;
    double kind = 0, edge = 0, own = 0, protect = 0;
};

void road(const ResolvedItem& r, const RowCandidates& rc, double x, double y, double h, Effect& e) {
    const Item& it = r.item;
    Near n;
    if (!nearLine(r, rc, x, y, r.maxHalfWidth + it.falloff_m + it.breakupAmplitude_m, n)) return;
    double d = n.d;
    if (d > n.halfWidth) d = std::max(n.halfWidth, d - noiseAt(r, x, y));
    double w;
    if (d <= n.halfWidth) {
        w = 1.0;
    } else if (it.falloff_m > 0.0 && d < n.halfWidth + it.falloff_m) {
        w = 1.0 - rise(it.falloffCurve, (d - n.halfWidth) / it.falloff_m);
    } else {
        return;
    }
    const double deck = profileAt(r, n.s) + (it.bank_deg != 0.0 ? n.side * std::min(n.d, n.halfWidth) * r.tanSlope : 0.0);
    double target = w == 1.0 ? deck : h + (deck - h) * w;
    if (it.roadMode == RoadMode::Raise) target = std::max(h, target);
    if (it.roadMode == RoadMode::Lower) target = std::min(h, target);
    e.kind = d <= n.halfWidth ? 1.0 : 0.0;
    e.edge = d > n.halfWidth ? w : 0.0;
    e.own = e.protect = w;
    if (target != h) e.changed = true, e.h = target;
}

void river(const ResolvedItem& r, double x, double y, double h, Effect& e) {
    const Item& it = r.item;
    const double k = it.falloff_m;
    const double tanBank = r.tanSlope;
    // The banks are cones of the bank slope over the bed: the lowest of them over this sample (a
    // segment's bed at its nearest point, plus the slope beyond its half width), searched by
    // branch and bound; nothing to do unless it comes below the terrain (plus the rounding).
    const auto bank = [&](int segment, double t, double d) {
        const auto i = std::size_t(segment);
        const double s = r.line.s[i] + (r.line.s[i + 1] - r.line.s[i]) * t;
        const double hw = r.line.halfWidth[i] + (r.line.halfWidth[i + 1] - r.line.halfWidth[i]) * t;
        const double bed = profileAt(r, s) - it.depth_m;
        return d <= hw ? bed : bed + (d - hw) * tanBank;
    };
    // The coarse grid first: where no bank can come below this sample and no bed is near, done.
    const ResolvedItem::Coarse& c = r.coarse;
    if (c.nx > 0) {
        const long ci = long(std::floor((x - c.x0) / c.cell)), cj = long(std::floor((y - c.y0) / c.cell));
        if (ci >= 0 && cj >= 0 && ci < c.nx && cj < c.ny) {
            const std::size_t at = std::size_t(cj) * std::size_t(c.nx) + std::size_t(ci);
            if (!c.nearBed[at] && c.lowest[at] >= h + k) return;
        }
    }
    int seg = 0;
    double t = 0.0, d = 0.0, target = 0.0;
    // The lowest cone of any segment (each at its nearest point) is a lower bound of the bank
    // over this sample: when even that stays above the terrain, nothing to do. Otherwise the bank
    // is the nearest segment's (continuous along the river; the lowest cone alone would scallop
    // the banks where the bed falls steeply).
    bool found = r.index.lowest(x, y, tanBank, r.maxHalfWidth, h + k, bank, seg, t, d, target);
    double hw = 0.0;
    std::uint32_t hint = SegmentIndex::kNoHint;
    if (found) {
        found = r.index.nearest(x, y, r.reach, seg, t, d, hint);
        if (found) target = bank(seg, t, d);
    }
    if (found) {
        const auto i = std::size_t(seg);
        hw = r.line.halfWidth[i] + (r.line.halfWidth[i + 1] - r.line.halfWidth[i]) * t;
    }
    if (!found || d > hw) {
        // Not carved by a bank; still inside a bed where the terrain lies below it?
        int nseg = 0;
        double nt = 0.0, nd = 0.0;
        if (r.index.nearest(x, y, r.maxHalfWidth, nseg, nt, nd, hint)) {
            const auto i = std::size_t(nseg);
            const double nhw = r.line.halfWidth[i] + (r.line.halfWidth[i + 1] - r.line.halfWidth[i]) * nt;
            if (nd <= nhw) {
                found = true, seg = nseg, t = nt, d = nd, hw = nhw;
                target = bank(seg, t, d);
            }
        }
    }
    if (!found) return;
    // The bed is the profile exactly, filled where the terrain dips below it (so it never rises
    // along the river); the banks only cut.
    const bool inBed = d <= hw;
    if (!inBed && target >= h + k) return;
    double out = inBed ? target : std::min(h, target);
    // A smooth minimum on the banks: their top rounds over `falloff_m`. Its width grows from 0 at
    // the bed's edge, so the bed itself is exactly the profile (and never rises).
    const double ke = std::min(k, std::max(0.0, d - hw));
    if (ke > 0.0) {
        const double q = std::max(ke - std::abs(h - target), 0.0) / ke;
        out -= q * q * ke * 0.25;
    }
    e.kind = inBed ? 1.0 : 0.0;
    e.edge = inBed ? 0.0 : 1.0;
    e.own = 1.0;
    e.protect = e.kind;
    if (out != h) e.changed = true, e.h = out;
}

void ridge(const ResolvedItem& r, const RowCandidates& rc, double x, double y, double h, Effect& e) {
    const Item& it = r.item;
    Near n;
    if (!nearLine(r, rc, x, y, r.maxHalfWidth + it.breakupAmplitude_m, n)) return;
    const double d = std::max(0.0, n.d + noiseAt(r, x, y));
    if (d >= n.halfWidth) return;
    const double u = d / n.halfWidth;
    const double p = (1.0 - smoothstep(u)) * (1.0 - it.sharpness) + (1.0 - u) * (1.0 - u) * it.sharpness;
    e.own = p;
    // Heights at its points: the rise along the line (a profile) that takes the crest through them.
    const double rise = !r.profile.empty() ? profileAt(r, n.s) : (it.kind == Kind::Valley ? -1.0 : 1.0) * it.height_m;
    const double dz = rise * p;
    if (dz != 0.0) e.changed = true, e.h = h + dz;
}

// Shepard interpolation of the boundary samples: a smooth surface through them.
double patchAt(const ResolvedItem& r, double x, double y) {
    double sw = 0.0, sz = 0.0;
    for (std::size_t i = 0; i < r.patchPoints.size(); ++i) {
        const double dx = x - r.patchPoints[i].x, dy = y - r.patchPoints[i].y;
        const double d2 = dx * dx + dy * dy;
        if (d2 == 0.0) return r.patchHeights[i];
        const double w = 1.0 / (d2 * d2);
        sw += w;
        sz += w * r.patchHeights[i];
    }
    return sz / sw;
}

// How far from an area's edges a sample can feel them (its falloff bands and edge breakup).
double areaBand(const Item& it) {
    return std::max(it.falloff_m, it.innerFalloff_m) + it.breakupAmplitude_m;
}

// `rc`: the edges within the band of this row, swept along it as for lines.
void area(const ResolvedItem& r, const RowCandidates& rc, double x, double y, bool inside, double h, Effect& e) {
    const Item& it = r.item;
    const double band = areaBand(it);
    double dist = std::numeric_limits<double>::infinity();
    int seg = 0;
    double t = 0, d = 0;
    const bool near = rc.active.size() <= kDirectSearch ? r.index.nearestAmong(rc.active, x, y, band, seg, t, d, rc.hint)
                                                        : r.index.nearest(x, y, band, seg, t, d, rc.hint);
    if (near) dist = d;
    double sd = inside ? dist : -dist;
    if (std::isfinite(sd)) sd += noiseAt(r, x, y);
    const double span = it.innerFalloff_m + it.falloff_m;
    double w = 1.0;
    if (span > 0.0) {
        const double u = (sd + it.falloff_m) / span;
        if (!(u > 0.0)) return;
        w = u >= 1.0 ? 1.0 : rise(it.falloffCurve, u);
        if (w <= 0.0) return;
    } else if (!inside) {
        return;
    }
    double target = r.target_m;
    if (it.target == AreaTarget::Relative) target = h + it.height_m;
    if (it.target == AreaTarget::Patch) target = patchAt(r, x, y);
    e.kind = e.own = e.protect = w;
    const double out = w == 1.0 ? target : h + (target - h) * w;
    if (out != h) e.changed = true, e.h = out;
}

void stamp(const ResolvedItem& r, double x, double y, double h, Effect& e) {
    const Item& it = r.item;
    const double half = 0.5 * it.size_m;
    const double dx = x - it.points[0].x, dy = y - it.points[0].y;
    const double u = (dx * r.cosR + dy * r.sinR) / half, v = (-dx * r.sinR + dy * r.cosR) / half;
    double rr = length(u, v) + noiseAt(r, x, y) / half;
    if (it.shape == StampShape::Ridge) rr = std::max(std::abs(u), std::abs(v) / 0.35) + noiseAt(r, x, y) / half;
    if (it.shape == StampShape::Image) rr = std::max(std::abs(u), std::abs(v)) + noiseAt(r, x, y) / half;
    if (rr >= 1.0) return;
    rr = std::max(rr, 0.0);
    double s = 0.0;
    switch (it.shape) {
    case StampShape::Cone: s = 1.0 - rr; break;
    case StampShape::Dome: s = std::cos(0.5 * kPi * rr) * std::cos(0.5 * kPi * rr); break;
    case StampShape::Mesa: s = rr < 0.6 ? 1.0 : 1.0 - smoothstep((rr - 0.6) / 0.4); break;
    case StampShape::Crater: {
        const double rim = 0.75;
        s = rr < rim ? -0.4 + 1.4 * smoothstep(rr / rim) * smoothstep(rr / rim) : 1.0 - smoothstep((rr - rim) / (1.0 - rim));
        break;
    }
    case StampShape::Ridge: {
        const double across = std::abs(v) / (0.35 * 1.0);
        s = (1.0 - smoothstep(std::abs(u))) * (1.0 - across) * (1.0 - across);
        break;
    }
    case StampShape::Image: {
        // The image over the square (row 0 north), bilinear; faded over the outer fifth below
        // (add too), so its square base never shows.
        const Heightmap& im = *r.image;
        const double px = std::clamp(0.5 * (u + 1.0), 0.0, 1.0) * double(im.width() - 1);
        const double py = std::clamp(0.5 * (1.0 - v), 0.0, 1.0) * double(im.height() - 1);
        const int x0 = std::min(int(px), im.width() - 2), y0 = std::min(int(py), im.height() - 2);
        const double fx = px - x0, fy = py - y0;
        const double a = im.at(x0, y0), b = im.at(x0 + 1, y0), c = im.at(x0, y0 + 1), d = im.at(x0 + 1, y0 + 1);
        s = (a + (b - a) * fx) + ((c + (d - c) * fx) - (a + (b - a) * fx)) * fy;
        break;
    }
    }
    // The edge window: max, min and set fade out over the outer fifth (a square base never shows).
    const double window = 1.0 - smoothstep((rr - 0.8) / 0.2);
    if (it.shape == StampShape::Image && it.stampOp == StampOp::Add) s *= window;
    const double value = r.base_m + it.height_m * s;
    double out = h;
    switch (it.stampOp) {
    case StampOp::Add: out = h + it.height_m * s; break;
    case StampOp::Max: out = h + (std::max(h, value) - h) * window; break;
    case StampOp::Min: out = h + (std::min(h, value) - h) * window; break;
    case StampOp::Set: out = h + (value - h) * window; break;
    }
    e.kind = e.own = it.stampOp == StampOp::Add ? std::min(1.0, std::abs(s)) : window;
    if (out != h) e.changed = true, e.h = out;
}

void stroke(const ResolvedItem& r, const RowCandidates& rc, double x, double y, double h, Effect& e) {
    const Item& it = r.item;
    Near n;
    if (!nearLine(r, rc, x, y, r.maxHalfWidth, n) || n.d >= n.radius) return;
    const double w = n.pressure * (1.0 - smoothstep(n.d / n.radius));
    if (w <= 0.0) return;
    e.kind = e.own = w;
    double out = h;
    switch (it.strokeOp) {
    case StrokeOp::Raise: out = h + it.amount_m * w; break;
    case StrokeOp::Lower: out = h - it.amount_m * w; break;
    case StrokeOp::Flatten: out = h + (r.profile[0] - h) * w; break;
    case StrokeOp::Mask: break;
    }
    if (out != h) e.changed = true, e.h = out;
}

// The x-coordinates where an area's edges cross the row at y, sorted.
void crossings(const ResolvedItem& r, double y, std::vector<double>& xs) {
    xs.clear();
    for (std::size_t e = 0; e < r.edgeA.size(); ++e) {
        const Point a = r.edgeA[e], b = r.edgeB[e];
        if ((a.y > y) != (b.y > y)) xs.push_back(a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y));
    }
    std::sort(xs.begin(), xs.end());
}

}  // namespace

void applyLayout(const ResolvedLayout& layout, const Heightmap& input, Heightmap& output, int x0, int y0,
                 double mps, RawMetres heights, const std::vector<Heightmap*>& masks, const GenerateContext& context,
                 const PartWindow* only) {
    const int width = input.width(), rows = input.height();
    // The rows evaluated (of the part), and in each the columns: all, or `only`'s.
    const int rowBegin = only != nullptr ? std::clamp(only->y0, 0, rows) : 0;
    const int rowEnd = only != nullptr ? std::clamp(only->y0 + int(only->columns.size()), rowBegin, rows) : rows;
    parallelRows(rowEnd - rowBegin, threadsForWork(double(width) * (rowEnd - rowBegin), context.threads), context,
                 [&](int begin, int end) {
        begin += rowBegin, end += rowBegin;
        std::vector<double> xs;
        std::vector<std::pair<double, double>> spans;
        RowCandidates rc;
        std::vector<float*> maskRow;
        maskRow.resize(masks.size());
        for (int row = begin; row < end; ++row) {
            int colBegin = 0, colEnd = width;
            if (only != nullptr) {
                const auto [c0, c1] = only->columns[std::size_t(row - only->y0)];
                colBegin = std::clamp(c0, 0, width), colEnd = std::clamp(c1, colBegin, width);
                if (colBegin >= colEnd) continue;
            }
            const float* in = input.row(row);
            float* out = output.row(row);
            std::copy(in + colBegin, in + colEnd, out + colBegin);
            for (std::size_t m = 0; m < masks.size(); ++m) {
                maskRow[m] = masks[m] != nullptr ? masks[m]->row(row) : nullptr;
                if (maskRow[m] != nullptr) std::fill(maskRow[m] + colBegin, maskRow[m] + colEnd, 0.0f);
            }
            auto mark = [&](int m, int col, double value) {
                if (m >= 0 && maskRow[std::size_t(m)] != nullptr && value > 0.0) {
                    float& slot = maskRow[std::size_t(m)][col];
                    slot = std::max(slot, float(std::min(value, 1.0)));
                }
            };
            const double y = -double(y0 + row) * mps;
            for (std::size_t i = 0; i < layout.items.size(); ++i) {
                const ResolvedItem& r = layout.items[i];
                if (y < r.minY || y > r.maxY) continue;
                // Columns that may lie within the item's reach (one more each side: the tests in
                // the item's function are on the sample's own x, so the rounding here decides
                // nothing): near a line's segments, or the item's box.
                spans.clear();
                const bool line = r.item.kind != Kind::Area && r.item.kind != Kind::Stamp;
                if (line) {
                    rc.list.clear();
                    r.index.rowCandidates(y, r.reach, rc.list);
                    if (rc.list.empty()) continue;
                    rc.start(r.index, r.reach, y);
                    for (const auto& c : rc.byLo) spans.emplace_back(c.lo, c.hi);
                    std::sort(spans.begin(), spans.end());
                } else {
                    spans.emplace_back(r.minX, r.maxX);
                    if (r.item.kind == Kind::Area) {  // the edges near this row, for the distance to them
                        const double band = areaBand(r.item);
                        rc.list.clear();
                        r.index.rowCandidates(y, band, rc.list);
                        rc.start(r.index, band, y);
                    }
                }
                if (r.item.kind == Kind::Area) crossings(r, y, xs);
                std::size_t crossed = 0;
                int done = x0 - 1;  // the last column visited (spans overlap)
                for (const auto& [lo, hi] : spans) {
                    const int first = std::max({x0 + colBegin, int(std::floor(lo / mps)) - 1, done + 1});
                    const int last = std::min(x0 + colEnd - 1, int(std::ceil(hi / mps)) + 1);
                    if (first > last) continue;
                    done = last;
                for (int col = first; col <= last; ++col) {
                    const double x = double(col) * mps;
                    if (r.item.kind == Kind::Area) {
                        while (crossed < xs.size() && xs[crossed] <= x) ++crossed;
                    }
                    if (x < r.minX || x > r.maxX) continue;
                    if (line || r.item.kind == Kind::Area) rc.advance(x);
                    const int c = col - x0;
                    const double h = double(out[c]) * heights.scale + heights.offset;
                    Effect e;
                    switch (r.item.kind) {
                    case Kind::Road: road(r, rc, x, y, h, e); break;
                    case Kind::River: river(r, x, y, h, e); break;
                    case Kind::Ridge:
                    case Kind::Valley: ridge(r, rc, x, y, h, e); break;
                    case Kind::Area: area(r, rc, x, y, (crossed & 1) != 0, h, e); break;
                    case Kind::Stamp: stamp(r, x, y, h, e); break;
                    case Kind::Stroke: stroke(r, rc, x, y, h, e); break;
                    }
                    if (e.changed) out[c] = float((e.h - heights.offset) / heights.scale);
                    mark(r.kindMask, c, e.kind);
                    mark(r.edgeMask, c, e.edge);
                    mark(r.ownMask, c, e.own);
                    if (r.protects) mark(layout.protectMask, c, e.protect);
                }
                }
            }
            if (layout.unprotectedMask >= 0 && maskRow[std::size_t(layout.unprotectedMask)] != nullptr) {
                float* u = maskRow[std::size_t(layout.unprotectedMask)];
                const float* p = layout.protectMask >= 0 ? maskRow[std::size_t(layout.protectMask)] : nullptr;
                for (int col = colBegin; col < colEnd; ++col) u[col] = 1.0f - (p != nullptr ? p[col] : 0.0f);
            }
        }
    });
}

}  // namespace terrain::core::layout
