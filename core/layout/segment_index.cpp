// The segment index of core/layout: a bounding-volume tree over a line's segments (or a
// polygon's edges) for nearest-segment, row-candidate and river-bank queries. Answers never
// depend on the tree's shape: ties go to the lower segment number.
#include "layout_eval.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace terrain::core::layout {

void SegmentIndex::build(const std::vector<Point>& vertices, bool pairs) {
    m_segments.clear();
    m_nodes.clear();
    int id = 0;
    for (std::size_t i = 0; i + 1 < vertices.size(); i += pairs ? 2 : 1, ++id) {
        const Point a = vertices[i], b = vertices[i + 1];
        const double ex = b.x - a.x, ey = b.y - a.y, len2 = ex * ex + ey * ey;
        m_segments.push_back({a, b, id, ex, ey, len2 > 0.0 ? 1.0 / len2 : 0.0});
    }
    if (!m_segments.empty()) buildNode(0, int(m_segments.size()));
}

void SegmentIndex::setFloors(const std::vector<double>& floors) {
    for (Segment& g : m_segments) g.floor = floors[std::size_t(g.id)];
    // Nodes are stored before their children: fill them from the last.
    for (std::size_t k = m_nodes.size(); k-- > 0;) {
        Node& n = m_nodes[k];
        if (n.left < 0) {
            n.floor = std::numeric_limits<double>::infinity();
            for (int i = n.begin; i < n.end; ++i) n.floor = std::min(n.floor, m_segments[std::size_t(i)].floor);
        } else {
            n.floor = std::min(m_nodes[std::size_t(n.left)].floor, m_nodes[std::size_t(n.right)].floor);
        }
    }
}

double SegmentIndex::lowestOverBox(double minX, double minY, double maxX, double maxY, double slope,
                                   double halfWidthMax, double near, bool& isNear) const {
    isNear = false;
    double best = std::numeric_limits<double>::infinity();
    if (m_nodes.empty()) return best;
    auto gap = [&](double ax0, double ay0, double ax1, double ay1) {
        const double dx = std::max({0.0, ax0 - maxX, minX - ax1});
        const double dy = std::max({0.0, ay0 - maxY, minY - ay1});
        return std::sqrt(dx * dx + dy * dy);
    };
    int stack[128];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const Node& n = m_nodes[std::size_t(stack[--top])];
        const double d = gap(n.minX, n.minY, n.maxX, n.maxY);
        const double bound = n.floor + (d > halfWidthMax ? (d - halfWidthMax) * slope : 0.0);
        if (bound >= best && (isNear || d > near)) continue;
        if (n.left < 0) {
            for (int i = n.begin; i < n.end; ++i) {
                const Segment& g = m_segments[std::size_t(i)];
                const double e = gap(std::min(g.a.x, g.b.x), std::min(g.a.y, g.b.y), std::max(g.a.x, g.b.x),
                                     std::max(g.a.y, g.b.y));
                best = std::min(best, g.floor + (e > halfWidthMax ? (e - halfWidthMax) * slope : 0.0));
                if (e <= near) isNear = true;
            }
            continue;
        }
        if (top + 2 > 128) continue;
        stack[top++] = n.left, stack[top++] = n.right;
    }
    return best;
}

int SegmentIndex::buildNode(int begin, int end) {
    Node node{1e300, 1e300, -1e300, -1e300};
    for (int i = begin; i < end; ++i) {
        const Segment& g = m_segments[std::size_t(i)];
        node.minX = std::min({node.minX, g.a.x, g.b.x}), node.maxX = std::max({node.maxX, g.a.x, g.b.x});
        node.minY = std::min({node.minY, g.a.y, g.b.y}), node.maxY = std::max({node.maxY, g.a.y, g.b.y});
    }
    const int at = int(m_nodes.size());
    m_nodes.push_back(node);
    if (end - begin <= 4) {
        m_nodes[std::size_t(at)].begin = begin, m_nodes[std::size_t(at)].end = end;
        return at;
    }
    const bool alongX = node.maxX - node.minX >= node.maxY - node.minY;
    const int mid = begin + (end - begin) / 2;
    std::nth_element(m_segments.begin() + begin, m_segments.begin() + mid, m_segments.begin() + end,
                     [alongX](const Segment& p, const Segment& q) {
                         const double cp = alongX ? p.a.x + p.b.x : p.a.y + p.b.y;
                         const double cq = alongX ? q.a.x + q.b.x : q.a.y + q.b.y;
                         return cp < cq || (cp == cq && p.id < q.id);
                     });
    const int left = buildNode(begin, mid);
    const int right = buildNode(mid, end);
    m_nodes[std::size_t(at)].left = left, m_nodes[std::size_t(at)].right = right;
    return at;
}

namespace {
// The squared distance from (x, y) to a box.
double boxDistance2(double minX, double minY, double maxX, double maxY, double x, double y) {
    const double dx = x < minX ? minX - x : (x > maxX ? x - maxX : 0.0);
    const double dy = y < minY ? minY - y : (y > maxY ? y - maxY : 0.0);
    return dx * dx + dy * dy;
}
}  // namespace

double SegmentIndex::distance2(std::uint32_t i, double x, double y, double& t) const {
    const Segment& g = m_segments[i];
    t = std::clamp(((x - g.a.x) * g.ex + (y - g.a.y) * g.ey) * g.invLen2, 0.0, 1.0);
    const double dx = x - (g.a.x + g.ex * t), dy = y - (g.a.y + g.ey * t);
    return dx * dx + dy * dy;
}

bool SegmentIndex::nearest(double x, double y, double maxDistance, int& segment, double& tOut, double& distance,
                           std::uint32_t& hint) const {
    if (m_nodes.empty()) return false;
    // Squared distances throughout (a square root only for the answer). The hint's distance is a
    // first bound: boxes farther than it are skipped, boxes as far are still searched (ties).
    const double max2 = maxDistance * maxDistance;
    double best = std::numeric_limits<double>::infinity();
    int bestId = -1;
    std::uint32_t bestIndex = kNoHint;
    double bestT = 0.0;
    if (hint < m_segments.size()) {
        best = distance2(hint, x, y, bestT);
        bestId = m_segments[hint].id, bestIndex = hint;
    }
    int stack[128];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const Node& n = m_nodes[std::size_t(stack[--top])];
        const double bound = boxDistance2(n.minX, n.minY, n.maxX, n.maxY, x, y);
        if (bound > max2 || bound > best) continue;
        if (n.left < 0) {
            for (int i = n.begin; i < n.end; ++i) {
                double t = 0.0;
                const double d = distance2(std::uint32_t(i), x, y, t);
                const int id = m_segments[std::size_t(i)].id;
                if (d < best || (d == best && id < bestId)) best = d, bestId = id, bestT = t, bestIndex = std::uint32_t(i);
            }
            continue;
        }
        // The nearer child is searched first (pushed last).
        const Node& l = m_nodes[std::size_t(n.left)];
        const Node& r = m_nodes[std::size_t(n.right)];
        const double dl = boxDistance2(l.minX, l.minY, l.maxX, l.maxY, x, y);
        const double dr = boxDistance2(r.minX, r.minY, r.maxX, r.maxY, x, y);
        if (top + 2 > 128) continue;  // deeper than a balanced tree of 2^60 segments: never
        if (dl <= dr) {
            stack[top++] = n.right, stack[top++] = n.left;
        } else {
            stack[top++] = n.left, stack[top++] = n.right;
        }
    }
    hint = bestIndex;
    if (bestId < 0 || best > max2) return false;
    segment = bestId, tOut = bestT, distance = std::sqrt(best);
    return true;
}

void SegmentIndex::rowCandidates(double y, double reach, std::vector<std::uint32_t>& candidates) const {
    if (m_nodes.empty()) return;
    int stack[128];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const Node& n = m_nodes[std::size_t(stack[--top])];
        if (y < n.minY - reach || y > n.maxY + reach) continue;
        if (n.left < 0) {
            for (int i = n.begin; i < n.end; ++i) {
                const Segment& g = m_segments[std::size_t(i)];
                if (y < std::min(g.a.y, g.b.y) - reach || y > std::max(g.a.y, g.b.y) + reach) continue;
                candidates.push_back(std::uint32_t(i));
            }
            continue;
        }
        if (top + 2 > 128) continue;
        stack[top++] = n.left, stack[top++] = n.right;
    }
}

std::pair<double, double> SegmentIndex::span(std::uint32_t candidate, double reach, double y) const {
    const Segment& g = m_segments[candidate];
    // A point of the row within `reach` of the segment is at least `gap` from it vertically, so
    // at most sqrt(reach² - gap²) from its x-interval; widened by a hair for the rounding.
    const double gap = std::max({0.0, std::min(g.a.y, g.b.y) - y, y - std::max(g.a.y, g.b.y)});
    const double across = std::sqrt(std::max(0.0, reach * reach - gap * gap)) + 1e-9 * (reach + 1.0);
    return {std::min(g.a.x, g.b.x) - across, std::max(g.a.x, g.b.x) + across};
}

bool SegmentIndex::nearestAmong(const std::vector<std::uint32_t>& candidates, double x, double y, double maxDistance,
                                int& segment, double& tOut, double& distance, std::uint32_t& hint) const {
    const double max2 = maxDistance * maxDistance;
    double best = std::numeric_limits<double>::infinity();
    int bestId = -1;
    std::uint32_t bestIndex = kNoHint;
    double bestT = 0.0;
    for (const std::uint32_t i : candidates) {
        double t = 0.0;
        const double d = distance2(i, x, y, t);
        const int id = m_segments[i].id;
        if (d < best || (d == best && id < bestId)) best = d, bestId = id, bestT = t, bestIndex = i;
    }
    hint = bestIndex;
    if (bestId < 0 || best > max2) return false;
    segment = bestId, tOut = bestT, distance = std::sqrt(best);
    return true;
}


}  // namespace terrain::core::layout
