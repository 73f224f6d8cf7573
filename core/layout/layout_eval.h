#pragma once
// A layout made ready to evaluate (resolveLayout: curves tessellated, profiles solved along them,
// spatial indexes built), and its evaluation on a part of a map (applyLayout): every sample a pure
// function of its world position, the resolved items and the stage below at that sample.
#include "layout.h"

#include "../heightmap.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace terrain::core {
struct GenerateContext;
}

namespace terrain::core::layout {

// sqrt(dx² + dy²): correctly rounded everywhere, unlike hypot, whose last bit depends on the libm
// (the layout's distances must be the same bits on every machine).
inline double length(double dx, double dy) { return std::sqrt(dx * dx + dy * dy); }

// The segments of a polyline (or a polygon's edges) in a bounding-volume tree, for "the nearest
// segment within d" and "which samples of this row can be within d" queries. Answers do not depend
// on the tree's shape: ties go to the lower segment index.
class SegmentIndex {
public:
    // Segments (v[i], v[i + 1]) of a polyline, or with `pairs` (v[2k], v[2k + 1]), numbered k.
    void build(const std::vector<Point>& vertices, bool pairs = false);
    // Gives each segment a floor (a river's lowest bed along it) for lowest().
    void setFloors(const std::vector<double>& floors);
    // The nearest segment to (x, y) no farther than maxDistance: its number, the parameter t along
    // it and the distance; false when none is that near.
    // `hint` (in and out): the internal index of the segment found for a nearby point, or
    // kNoHint; it only speeds the search up (the answer is the same).
    static constexpr std::uint32_t kNoHint = 0xffffffffu;
    bool nearest(double x, double y, double maxDistance, int& segment, double& t, double& distance,
                 std::uint32_t& hint) const;
    // The segments (internal indices) whose bounding box grown by `reach` crosses the row at y:
    // every segment within `reach` of a sample of that row is among them. Appended, unsorted.
    void rowCandidates(double y, double reach, std::vector<std::uint32_t>& candidates) const;
    // The x-interval where the row at y can come within `reach` of a candidate: its x-interval
    // grown by what of the reach is left across the vertical gap between the row and it.
    std::pair<double, double> span(std::uint32_t candidate, double reach, double y) const;
    // nearest() among `candidates` only (all of the row's, from rowCandidates): the same answer.
    bool nearestAmong(const std::vector<std::uint32_t>& candidates, double x, double y, double maxDistance,
                      int& segment, double& t, double& distance, std::uint32_t& hint) const;

    // The segment minimising value(id, t, d) (t: the parameter of the point of the segment nearest
    // to (x, y), d: the distance to it), for a value of at least floor + max(0, d - halfWidthMax) *
    // slope (a river's banks: a cone of that slope over its bed): branch and bound on that lower
    // bound, skipping what cannot come below `cutoff`. Ties go to the lower segment number.
    // A lower bound of lowest()'s value over the box, and whether a segment's box lies within
    // `near` of it (conservative: the segments' boxes stand for them).
    double lowestOverBox(double minX, double minY, double maxX, double maxY, double slope, double halfWidthMax,
                         double near, bool& isNear) const;

    template <class Value>
    bool lowest(double x, double y, double slope, double halfWidthMax, double cutoff, Value value, int& segment,
                double& t, double& distance, double& best) const;

private:
    struct Segment {
        Point a, b;
        int id;
        double ex, ey, invLen2;  // b - a and 1 / |b - a|² (0 for a point)
        double floor = 0.0;
    };
    struct Node {
        double minX, minY, maxX, maxY;
        int left = -1, right = -1;  // children, or -1 for a leaf
        int begin = 0, end = 0;     // a leaf's segments
        double floor = 0.0;         // the lowest floor of its segments
    };
    int buildNode(int begin, int end);
    // The squared distance from (x, y) to segment i and the parameter of the nearest point.
    double distance2(std::uint32_t i, double x, double y, double& t) const;
    std::vector<Segment> m_segments;
    std::vector<Node> m_nodes;
};

template <class Value>
bool SegmentIndex::lowest(double x, double y, double slope, double halfWidthMax, double cutoff, Value value,
                          int& segment, double& tOut, double& distanceOut, double& bestOut) const {
    if (m_nodes.empty()) return false;
    double best = cutoff;
    int bestId = -1;
    double bestT = 0.0, bestD = 0.0;
    auto bound = [&](const Node& n) {
        const double dx = x < n.minX ? n.minX - x : (x > n.maxX ? x - n.maxX : 0.0);
        const double dy = y < n.minY ? n.minY - y : (y > n.maxY ? y - n.maxY : 0.0);
        const double d = std::sqrt(dx * dx + dy * dy);
        return n.floor + (d > halfWidthMax ? (d - halfWidthMax) * slope : 0.0);
    };
    int stack[128];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const Node& n = m_nodes[std::size_t(stack[--top])];
        const double b = bound(n);
        if (b > best || (bestId < 0 && b >= cutoff)) continue;
        if (n.left < 0) {
            for (int i = n.begin; i < n.end; ++i) {
                const Segment& g = m_segments[std::size_t(i)];
                double t = std::clamp(((x - g.a.x) * g.ex + (y - g.a.y) * g.ey) * g.invLen2, 0.0, 1.0);
                const double px = x - (g.a.x + g.ex * t), py = y - (g.a.y + g.ey * t);
                const double d = std::sqrt(px * px + py * py);
                // The segment's own bound first: most segments are too high to matter.
                const double lower = g.floor + (d > halfWidthMax ? (d - halfWidthMax) * slope : 0.0);
                if (lower > best || (bestId < 0 && lower >= cutoff)) continue;
                const double v = value(g.id, t, d);
                if (v < best || (v == best && bestId >= 0 && g.id < bestId) || (bestId < 0 && v < cutoff)) {
                    best = v, bestId = g.id, bestT = t, bestD = d;
                }
            }
            continue;
        }
        const Node& l = m_nodes[std::size_t(n.left)];
        const Node& r = m_nodes[std::size_t(n.right)];
        if (top + 2 > 128) continue;
        if (bound(l) <= bound(r)) {
            stack[top++] = n.right, stack[top++] = n.left;
        } else {
            stack[top++] = n.left, stack[top++] = n.right;
        }
    }
    if (bestId < 0) return false;
    segment = bestId, tOut = bestT, distanceOut = bestD, bestOut = best;
    return true;
}

// A polyline with arc length and a half width per vertex.
struct Polyline {
    std::vector<Point> vertices;
    std::vector<double> s;          // arc length at each vertex
    std::vector<double> halfWidth;  // per vertex (lines with a width)
    std::vector<double> radius, pressure;  // per vertex (strokes)
    std::vector<double> pointS;     // arc length at each control point (curves)
    double length() const { return s.empty() ? 0.0 : s.back(); }
};

struct ResolvedItem {
    Item item;
    double minX = 0, maxX = 0, minY = 0, maxY = 0;  // where it can change a sample
    std::uint64_t noiseKey = 0;                     // edge breakup, from the id
    Polyline line;
    SegmentIndex index;
    double maxHalfWidth = 0;
    double reach = 0;  // lines: how far from the line a sample can be changed
    // Rivers: per cell of a coarse grid over the reach, a lower bound of the banks' height there
    // and whether a cell may touch the bed, so most samples are passed over at a glance.
    struct Coarse {
        double x0 = 0, y0 = 0, cell = 1;
        int nx = 0, ny = 0;
        std::vector<double> lowest;
        std::vector<char> nearBed;
    } coarse;
    double tanSlope = 0;  // roads: tan(bank_deg); rivers: tan(bank_slope_deg)
    // Along lines: the heights in metres at s = k * step (the last at the line's end).
    std::vector<double> profile;
    // Roads that read the terrain (not baked): the terrain along the line at those stations, as
    // read and after smoothing (what the grade limit is applied to), for the readouts.
    std::vector<double> ground, smoothedGround;
    double step = 1.0;
    // Areas: every ring's edges; the target height (absolute, average) and, for a patch, the
    // boundary samples it spans.
    std::vector<Point> edgeA, edgeB;
    double target_m = 0.0;
    std::vector<Point> patchPoints;
    std::vector<double> patchHeights;
    // Stamps: the base height and the rotation; an image stamp's image as the shape's 0..1.
    double base_m = 0.0, cosR = 1.0, sinR = 0.0;
    std::shared_ptr<const Heightmap> image;
    // Which masks it writes (indices into ResolvedLayout::maskNames, -1: none).
    int kindMask = -1, edgeMask = -1, ownMask = -1;
    bool protects = false;
};

struct ResolvedLayout {
    std::vector<ResolvedItem> items;  // the enabled items, in order
    std::vector<std::string> maskNames;
    int protectMask = -1, unprotectedMask = -1;
};

// Throws InputError naming the item when a profile is needed and `source` cannot give one.
ResolvedLayout resolveLayout(const Layout& layout, const ProfileSource& source);

// Heights in raw units <-> metres (metres = raw * scale + offset).
struct RawMetres {
    double scale = 1.0, offset = 0.0;
};

// Writes `output` (the input's size) from `input`, a part of a map whose first column and row are
// (x0, y0) in the whole map of spacing metresPerSample; `masks[i]` (may be null) receives mask
// maskNames[i] of the part. Row-parallel; the same bits on any thread count.
// `only`: evaluate just these samples of the part (rows y0 .. y0 + columns.size() - 1, in each
// the columns [first, second)) and leave the rest of `output` and the masks as they are (an
// incremental run copied them from the last one).
struct PartWindow {
    int y0 = 0;
    std::vector<std::pair<int, int>> columns;
};
void applyLayout(const ResolvedLayout& layout, const Heightmap& input, Heightmap& output, int x0, int y0,
                 double metresPerSample, RawMetres heights, const std::vector<Heightmap*>& masks,
                 const GenerateContext& context, const PartWindow* only = nullptr);

// Resolved centre lines of roads and rivers (the deck's, the bed's height) as GeoJSON LineStrings
// with z, at the profile step: for the engines' spline tools.
nlohmann::json centreLinesToGeoJson(const ResolvedLayout& layout);

// The layout with every item that reads the terrain baked: its profile stored, so it stays put
// when the terrain below changes.
Layout bakeLayout(const Layout& layout, const ProfileSource& source);

// Readouts for a road: length, the steepest grade along its profile, the tightest curve radius;
// and, where its profile read the terrain, where the terrain (smoothed over smoothing_m) is
// steeper than max_grade_pct so the deck is held to grade by cutting or filling ("where it
// breaks its grade"): those stretches as arc-length intervals and as paths in the layout's
// frame, their total length, the terrain's steepest smoothed grade, and the deepest cut and
// highest fill of the deck against the terrain as read.
struct RoadReadout {
    double length_m = 0, maxGrade_pct = 0, minRadius_m = 0;
    bool readTerrain = false;  // the fields below are known
    double groundMaxGrade_pct = 0, steepLength_m = 0, maxCut_m = 0, maxFill_m = 0;
    std::vector<std::pair<double, double>> steep;  // [from, to] arc lengths, in order
    std::vector<std::vector<Point>> steepPaths;    // the same stretches as points along the line
    bool operator==(const RoadReadout&) const = default;
};
RoadReadout roadReadout(const ResolvedItem& item);

// The line an item follows (roads, rivers, ridges, valleys: the curve through its points at about
// `step` metres; strokes: straight between samples), and its length and tightest turn alone (what
// an editor shows without evaluating the terrain).
Polyline itemLine(const Item& item, double step);
RoadReadout lineReadout(const Polyline& line);

// The stations along a line of this length: s_k = k * step, the last at its end. The point of a
// line at arc length s (its vertices walked from `hint` on, for calls in increasing s).
std::vector<double> stations(double length, double step);
Point pointAt(const Polyline& line, double s, std::size_t& hint);

// The item's profile at arc length s (linear between its stations).
double profileAt(const ResolvedItem& item, double s);

}  // namespace terrain::core::layout
