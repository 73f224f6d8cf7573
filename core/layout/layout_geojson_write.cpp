// A layout written as a GeoJSON FeatureCollection (docs/layout.md "The GeoJSON schema"): every
// property written back explicitly, so a layout read and written again keeps its meaning. The
// reader is layout_geojson.cpp.
#include "layout.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <optional>

namespace terrain::core::layout {
namespace {

using nlohmann::json;

json positionsToJson(const std::vector<Point>& points) {
    json a = json::array();
    for (const Point& q : points) a.push_back({q.x, q.y});
    return a;
}

json perPointToJson(const std::vector<double>& values) {
    if (!values.empty() && std::all_of(values.begin(), values.end(), [&](double v) { return v == values.front(); })) {
        return values.front();
    }
    return values;
}

// A height or null per point (z_m).
json pinsToJson(const std::vector<std::optional<double>>& pins) {
    json z = json::array();
    for (const auto& v : pins) z.push_back(v ? json(*v) : json(nullptr));
    return z;
}

}  // namespace

json layoutToGeoJson(const Layout& layout) {
    json features = json::array();
    for (const Item& item : layout.items) {
        json p{{"kind", kindNames()[std::size_t(item.kind)]},
               {"id", item.id},
               {"enabled", item.enabled},
               {"falloff_m", item.falloff_m},
               {"falloff_curve", choiceNames(item.kind, "falloff_curve")[std::size_t(item.falloffCurve)]}};
        if (!item.name.empty()) p["name"] = item.name;
        if (item.locked) p["locked"] = true;  // written only when set: unlocked layouts keep their text
        if (item.breakupAmplitude_m > 0.0) {
            p["breakup_amplitude_m"] = item.breakupAmplitude_m;
            p["breakup_wavelength_m"] = item.breakupWavelength_m;
        }
        if (!item.mask.empty()) p["mask"] = item.mask;
        json geometry;
        switch (item.kind) {
        case Kind::Road:
            p["width_m"] = perPointToJson(item.widths_m);
            if (!item.z_m.empty()) p["z_m"] = pinsToJson(item.z_m);
            p["max_grade_pct"] = item.maxGrade_pct;
            p["mode"] = choiceNames(Kind::Road, "mode")[std::size_t(item.roadMode)];
            p["smoothing_m"] = item.smoothing_m;
            p["bank_deg"] = item.bank_deg;
            break;
        case Kind::River:
            p["width_m"] = perPointToJson(item.widths_m);
            if (!item.z_m.empty()) p["z_m"] = pinsToJson(item.z_m);
            p["depth_m"] = item.depth_m;
            p["bank_slope_deg"] = item.bankSlope_deg;
            p["min_gradient_pct"] = item.minGradient_pct;
            break;
        case Kind::Ridge:
        case Kind::Valley:
            p["width_m"] = perPointToJson(item.widths_m);
            if (!item.z_m.empty()) p["z_m"] = pinsToJson(item.z_m);
            p["height_m"] = item.height_m;
            p["sharpness"] = item.sharpness;
            break;
        case Kind::Area:
            p["target"] = choiceNames(Kind::Area, "target")[std::size_t(item.target)];
            p["height_m"] = item.height_m;
            if (!item.z_m.empty()) p["z_m"] = pinsToJson(item.z_m);
            p["inner_falloff_m"] = item.innerFalloff_m;
            break;
        case Kind::Stamp:
            p["shape"] = choiceNames(Kind::Stamp, "shape")[std::size_t(item.shape)];
            p["size_m"] = item.size_m;
            p["height_m"] = item.height_m;
            p["rotation_deg"] = item.rotation_deg;
            p["op"] = choiceNames(Kind::Stamp, "op")[std::size_t(item.stampOp)];
            p["base_m"] = item.base_m;
            p["drop_to_surface"] = item.dropToSurface;
            if (item.shape == StampShape::Image) p["image"] = item.image;
            if (item.imageRange) p["image_range_m"] = json::array({item.imageLo, item.imageHi});
            break;
        case Kind::Stroke:
            p["op"] = choiceNames(Kind::Stroke, "op")[std::size_t(item.strokeOp)];
            p["amount_m"] = item.amount_m;
            if (item.flattenTo_m) p["height_m"] = *item.flattenTo_m;
            p["radius_m"] = perPointToJson(item.radii_m);
            p["pressure"] = perPointToJson(item.pressures);
            break;
        }
        if (item.baked) p["baked"] = true;
        if (!item.profile_m.empty()) p["profile_m"] = item.profile_m;
        if (item.kind == Kind::Stamp) {
            geometry = {{"type", "Point"}, {"coordinates", {item.points[0].x, item.points[0].y}}};
        } else if (item.kind == Kind::Area) {
            json rings = json::array();
            for (const auto& ring : item.rings) {
                json a = positionsToJson(ring);
                a.push_back({ring.front().x, ring.front().y});  // GeoJSON rings are closed
                rings.push_back(std::move(a));
            }
            geometry = {{"type", "Polygon"}, {"coordinates", std::move(rings)}};
        } else {
            geometry = {{"type", "LineString"}, {"coordinates", positionsToJson(item.points)}};
        }
        features.push_back({{"type", "Feature"}, {"geometry", std::move(geometry)}, {"properties", std::move(p)}});
    }
    return {{"type", "FeatureCollection"}, {"features", std::move(features)}};
}

}  // namespace terrain::core::layout
