// A road's readouts (length, grade, where it breaks its grade, tightest turn) and the resolved
// centre lines as GeoJSON: layout_eval.h.
#include "layout_eval.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace terrain::core::layout {

nlohmann::json centreLinesToGeoJson(const ResolvedLayout& layout) {
    using nlohmann::json;
    json features = json::array();
    for (const ResolvedItem& r : layout.items) {
        if (r.item.kind != Kind::Road && r.item.kind != Kind::River) continue;
        const std::vector<double> s = stations(r.line.length(), r.step);
        json coords = json::array();
        std::size_t hint = 0;
        for (std::size_t k = 0; k < s.size(); ++k) {
            const Point q = pointAt(r.line, s[k], hint);
            const double z = r.profile[k] - (r.item.kind == Kind::River ? r.item.depth_m : 0.0);
            coords.push_back({q.x, q.y, z});
        }
        json p{{"kind", kindNames()[std::size_t(r.item.kind)]}, {"id", r.item.id}};
        if (!r.item.name.empty()) p["name"] = r.item.name;
        p["width_m"] = 2.0 * r.maxHalfWidth;
        if (r.item.kind == Kind::Road) {
            const RoadReadout readout = roadReadout(r);
            p["length_m"] = readout.length_m;
            p["max_grade_pct"] = readout.maxGrade_pct;
            p["min_radius_m"] = readout.minRadius_m;
            if (readout.readTerrain) {
                p["terrain_max_grade_pct"] = readout.groundMaxGrade_pct;
                p["steep_m"] = readout.steepLength_m;
                p["max_cut_m"] = readout.maxCut_m;
                p["max_fill_m"] = readout.maxFill_m;
            }
        }
        features.push_back({{"type", "Feature"},
                            {"geometry", {{"type", "LineString"}, {"coordinates", std::move(coords)}}},
                            {"properties", std::move(p)}});
    }
    return {{"type", "FeatureCollection"}, {"features", std::move(features)}};
}

RoadReadout roadReadout(const ResolvedItem& r) {
    RoadReadout out;
    out.length_m = r.line.length();
    const std::vector<double> s = stations(r.line.length(), r.step);
    for (std::size_t k = 1; k < s.size() && k < r.profile.size(); ++k) {
        const double ds = s[k] - s[k - 1];
        if (ds > 0) out.maxGrade_pct = std::max(out.maxGrade_pct, 100.0 * std::abs(r.profile[k] - r.profile[k - 1]) / ds);
    }
    out.minRadius_m = lineReadout(r.line).minRadius_m;
    if (r.ground.size() != s.size() || r.smoothedGround.size() != s.size() || r.profile.size() != s.size()) return out;
    out.readTerrain = true;
    const double limit = r.item.maxGrade_pct;
    for (std::size_t k = 0; k < s.size(); ++k) {
        out.maxCut_m = std::max(out.maxCut_m, r.ground[k] - r.profile[k]);
        out.maxFill_m = std::max(out.maxFill_m, r.profile[k] - r.ground[k]);
        if (k == 0) continue;
        const double ds = s[k] - s[k - 1];
        if (ds <= 0) continue;
        const double grade = 100.0 * std::abs(r.smoothedGround[k] - r.smoothedGround[k - 1]) / ds;
        out.groundMaxGrade_pct = std::max(out.groundMaxGrade_pct, grade);
        // A hair over the limit is the limit itself (the grade limit keeps the bound exactly).
        if (grade <= limit * (1.0 + 1e-9) + 1e-12) continue;
        if (!out.steep.empty() && out.steep.back().second == s[k - 1]) {
            out.steep.back().second = s[k];
        } else {
            out.steep.push_back({s[k - 1], s[k]});
        }
        out.steepLength_m += ds;
    }
    std::size_t hint = 0, k = 0;
    for (const auto& [from, to] : out.steep) {
        std::vector<Point> path{pointAt(r.line, from, hint)};
        while (k < s.size() && s[k] <= from) ++k;
        for (; k < s.size() && s[k] < to; ++k) path.push_back(pointAt(r.line, s[k], hint));
        path.push_back(pointAt(r.line, to, hint));
        out.steepPaths.push_back(std::move(path));
    }
    return out;
}

RoadReadout lineReadout(const Polyline& line) {
    RoadReadout out;
    out.length_m = line.length();
    // The tightest turn: the circumradius of consecutive tessellated vertices.
    out.minRadius_m = std::numeric_limits<double>::infinity();
    const auto& v = line.vertices;
    for (std::size_t i = 2; i < v.size(); ++i) {
        const Point a = v[i - 2], b = v[i - 1], c = v[i];
        const double ab = length(b.x - a.x, b.y - a.y), bc = length(c.x - b.x, c.y - b.y), ca = length(a.x - c.x, a.y - c.y);
        const double area2 = std::abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
        if (area2 > 1e-12) out.minRadius_m = std::min(out.minRadius_m, ab * bc * ca / (2.0 * area2));
    }
    if (!std::isfinite(out.minRadius_m)) out.minRadius_m = 0.0;  // straight: reported as 0 (none)
    return out;
}

}  // namespace terrain::core::layout
