// A layout as a GeoJSON FeatureCollection (docs/layout.md "The GeoJSON schema"): every field
// checked and named (the writer is layout_geojson_write.cpp).
#include "layout.h"

#include "../errors.h"
#include "../json_input.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

namespace terrain::core::layout {
namespace {

using nlohmann::json;

const std::vector<std::string> kCurveNames{"smoothstep", "linear", "ease"};
const std::vector<std::string> kRoadModes{"cut-fill", "raise", "lower"};
const std::vector<std::string> kTargets{"absolute", "relative", "average", "patch"};
const std::vector<std::string> kShapes{"cone", "dome", "mesa", "crater", "ridge", "image"};
const std::vector<std::string> kStampOps{"add", "max", "min", "set"};
const std::vector<std::string> kStrokeOps{"raise", "lower", "flatten", "mask"};

std::string listText(const std::vector<std::string>& names) {
    std::string text = "one of ";
    for (std::size_t i = 0; i < names.size(); ++i) text += (i ? ", " : "") + names[i];
    return text;
}

std::string shown(const json& v) { return jsonForMessage(v, 60); }

// The properties each kind takes besides the common ones.
const std::vector<std::string> kCommon{"kind",  "id",   "name", "enabled", "locked", "falloff_m", "falloff_curve",
                                       "breakup_amplitude_m", "breakup_wavelength_m", "mask", "baked",
                                       "profile_m"};
std::vector<std::string> kindKeys(Kind kind) {
    switch (kind) {
    case Kind::Road: return {"width_m", "z_m", "max_grade_pct", "mode", "smoothing_m", "bank_deg"};
    case Kind::River: return {"width_m", "z_m", "depth_m", "bank_slope_deg", "min_gradient_pct"};
    case Kind::Ridge:
    case Kind::Valley: return {"width_m", "z_m", "height_m", "sharpness"};
    case Kind::Area: return {"target", "height_m", "z_m", "inner_falloff_m"};
    case Kind::Stamp:
        return {"shape", "size_m", "height_m", "rotation_deg", "op", "base_m", "drop_to_surface", "image",
                "image_range_m"};
    case Kind::Stroke: return {"op", "amount_m", "height_m", "radius_m", "pressure"};
    }
    return {};
}

const char* geometryOf(Kind kind) {
    switch (kind) {
    case Kind::Area: return "Polygon";
    case Kind::Stamp: return "Point";
    default: return "LineString";
    }
}

// Reads one feature's fields, naming them under `at` ("features[3]").
class FeatureReader {
public:
    FeatureReader(const json& properties, std::string at) : m_p(properties), m_at(std::move(at)) {}

    std::string field(const std::string& key) const { return m_at + ".properties." + key; }
    bool has(const char* key) const { return m_p.contains(key); }

    double number(const char* key, double fallback, double lo, double hi, const char* unit = "") const {
        if (!m_p.contains(key)) return fallback;
        const json& v = m_p[key];
        if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < lo || v.get<double>() > hi) {
            throw InputError(field(key), shown(v), rangeText(lo, hi, unit));
        }
        return v.get<double>();
    }
    bool flag(const char* key, bool fallback) const {
        if (!m_p.contains(key)) return fallback;
        if (!m_p[key].is_boolean()) throw InputError(field(key), shown(m_p[key]), "true or false");
        return m_p[key].get<bool>();
    }
    std::string text(const char* key, const std::string& fallback, std::size_t maxBytes) const {
        if (!m_p.contains(key)) return fallback;
        const json& v = m_p[key];
        if (!v.is_string() || v.get<std::string>().size() > maxBytes || !isUtf8(v.get<std::string>())) {
            throw InputError(field(key), shown(v), "a string of at most " + std::to_string(maxBytes) + " bytes");
        }
        return v.get<std::string>();
    }
    template <class E>
    E choice(const char* key, E fallback, const std::vector<std::string>& names) const {
        if (!m_p.contains(key)) return fallback;
        const json& v = m_p[key];
        if (v.is_string()) {
            const auto it = std::find(names.begin(), names.end(), v.get<std::string>());
            if (it != names.end()) return E(it - names.begin());
        }
        throw InputError(field(key), shown(v), listText(names));
    }
    // A number for every point, or one number for all; `count` values.
    std::vector<double> perPoint(const char* key, double fallback, double lo, double hi, std::size_t count,
                                 const char* unit) const {
        if (!m_p.contains(key)) return std::vector<double>(count, fallback);
        const json& v = m_p[key];
        if (v.is_number()) return std::vector<double>(count, number(key, fallback, lo, hi, unit));
        // One value in an array stands for all points: GDAL writes a field that is a list in
        // another feature as a list everywhere.
        if (!v.is_array() || (v.size() != count && v.size() != 1)) {
            throw InputError(field(key), shown(v),
                             rangeText(lo, hi, unit) + ", or an array of one per point (" + std::to_string(count) + ")");
        }
        std::vector<double> out;
        out.reserve(count);
        for (std::size_t k = 0; k < count; ++k) {
            const std::size_t i = v.size() == 1 ? 0 : k;
            const json& e = v[i];
            if (!e.is_number() || !std::isfinite(e.get<double>()) || e.get<double>() < lo || e.get<double>() > hi) {
                throw InputError(field(key) + "[" + std::to_string(i) + "]", shown(e), rangeText(lo, hi, unit));
            }
            out.push_back(e.get<double>());
        }
        return out;
    }

    // One value or null per point (null: none); empty when every point has none.
    std::vector<std::optional<double>> optionalPerPoint(const char* key, double lo, double hi, std::size_t count,
                                                        const char* unit) const {
        if (!m_p.contains(key)) return {};
        const json& v = m_p[key];
        if (!v.is_array() || v.size() != count) {
            throw InputError(field(key), shown(v),
                             "an array of one per point (" + std::to_string(count) + "), each " + rangeText(lo, hi, unit) +
                                 " or null");
        }
        std::vector<std::optional<double>> out(count);
        for (std::size_t k = 0; k < count; ++k) {
            const json& e = v[k];
            if (e.is_null()) continue;
            if (!e.is_number() || !std::isfinite(e.get<double>()) || e.get<double>() < lo || e.get<double>() > hi) {
                throw InputError(field(key) + "[" + std::to_string(k) + "]", shown(e), rangeText(lo, hi, unit) + " or null");
            }
            out[k] = e.get<double>();
        }
        if (std::none_of(out.begin(), out.end(), [](const auto& z) { return z.has_value(); })) out.clear();
        return out;
    }

    static std::string rangeText(double lo, double hi, const char* unit) {
        auto num = [](double v) {
            std::string s = json(v).dump();
            return s;
        };
        std::string u = *unit ? std::string(" ") + unit : "";
        return "a number from " + num(lo) + u + " to " + num(hi) + u;
    }

private:
    const json& m_p;
    std::string m_at;
};

Point pointFromJson(const json& c, const std::string& field) {
    if (!c.is_array() || c.size() < 2 || c.size() > 3) {
        throw InputError(field, shown(c), "a position [x, y] or [x, y, z] in metres");
    }
    for (std::size_t i = 0; i < c.size(); ++i) {
        if (!c[i].is_number() || !std::isfinite(c[i].get<double>()) || std::abs(c[i].get<double>()) > kMaxCoordinate_m) {
            throw InputError(field + "[" + std::to_string(i) + "]", shown(c[i]),
                             "a finite number of metres, at most 1e7 from the origin");
        }
    }
    return {c[0].get<double>(), c[1].get<double>()};
}

std::vector<Point> positionsFromJson(const json& c, const std::string& field, std::size_t minCount,
                                     std::size_t maxCount, std::size_t& total) {
    if (!c.is_array() || c.size() < minCount || c.size() > maxCount) {
        throw InputError(field, c.is_array() ? std::to_string(c.size()) + " positions" : shown(c),
                         "an array of " + std::to_string(minCount) + " to " + std::to_string(maxCount) +
                             " positions");
    }
    total += c.size();
    if (total > kMaxLayoutPoints) {
        throw InputError(field, std::to_string(total) + " positions in the layout so far",
                         "at most " + std::to_string(kMaxLayoutPoints) + " positions in one layout");
    }
    std::vector<Point> points;
    points.reserve(c.size());
    for (std::size_t i = 0; i < c.size(); ++i) points.push_back(pointFromJson(c[i], field + "[" + std::to_string(i) + "]"));
    return points;
}

double cross(Point o, Point a, Point b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

bool segmentsCross(Point a, Point b, Point c, Point d) {
    const double d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d);
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
    auto on = [](Point p, Point q, Point r) {  // r on segment pq, given collinear
        return std::min(p.x, q.x) <= r.x && r.x <= std::max(p.x, q.x) && std::min(p.y, q.y) <= r.y &&
               r.y <= std::max(p.y, q.y);
    };
    return (d1 == 0 && on(c, d, a)) || (d2 == 0 && on(c, d, b)) || (d3 == 0 && on(a, b, c)) || (d4 == 0 && on(a, b, d));
}

// Rings: closed (the closing point dropped), at least three distinct vertices, no edge crossing
// another (within the ring or between rings), non-zero area.
std::vector<std::vector<Point>> ringsFromJson(const json& c, const std::string& field, std::size_t& total) {
    if (!c.is_array() || c.empty() || c.size() > 64) {
        throw InputError(field, shown(c), "an array of 1 to 64 rings (the outline, then holes)");
    }
    std::vector<std::vector<Point>> rings;
    for (std::size_t r = 0; r < c.size(); ++r) {
        const std::string at = field + "[" + std::to_string(r) + "]";
        std::vector<Point> ring = positionsFromJson(c[r], at, 3, kMaxRingPoints + 1, total);
        if (ring.size() > 1 && ring.front() == ring.back()) ring.pop_back();
        ring.erase(std::unique(ring.begin(), ring.end()), ring.end());
        if (ring.size() < 3) throw InputError(at, std::to_string(ring.size()) + " distinct positions", "at least 3");
        double area = 0.0;
        for (std::size_t i = 0; i < ring.size(); ++i) area += cross({0, 0}, ring[i], ring[(i + 1) % ring.size()]);
        if (area == 0.0) throw InputError(at, "a ring of no area", "a ring that encloses an area");
        rings.push_back(std::move(ring));
    }
    // Every pair of edges that do not share a vertex must not touch.
    struct Edge { Point a, b; std::size_t ring, i, n; };
    std::vector<Edge> edges;
    for (std::size_t r = 0; r < rings.size(); ++r) {
        for (std::size_t i = 0; i < rings[r].size(); ++i) {
            edges.push_back({rings[r][i], rings[r][(i + 1) % rings[r].size()], r, i, rings[r].size()});
        }
    }
    if (edges.size() > 8192) throw InputError(field, std::to_string(edges.size()) + " edges", "at most 8192 edges");
    for (std::size_t e = 0; e < edges.size(); ++e) {
        for (std::size_t f = e + 1; f < edges.size(); ++f) {
            const Edge& a = edges[e];
            const Edge& b = edges[f];
            if (a.ring == b.ring && ((a.i + 1) % a.n == b.i || (b.i + 1) % b.n == a.i)) continue;  // neighbours
            if (segmentsCross(a.a, a.b, b.a, b.b)) {
                throw InputError(field, "edges " + std::to_string(a.i) + " of ring " + std::to_string(a.ring) +
                                            " and " + std::to_string(b.i) + " of ring " + std::to_string(b.ring) +
                                            " cross",
                                 "rings that do not intersect themselves or each other");
            }
        }
    }
    return rings;
}

bool isItemId(const std::string& id) {
    if (id.empty() || id.size() > 64) return false;
    return std::all_of(id.begin(), id.end(), [](char ch) {
        return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '_';
    });
}

bool isMaskLike(const std::string& name) {
    if (name.empty() || name.size() > 32 || !(name[0] >= 'a' && name[0] <= 'z')) return false;
    return std::all_of(name.begin(), name.end(), [](char ch) {
        return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '_';
    });
}

Item itemFromFeature(const json& f, std::size_t index, std::size_t& total) {
    const std::string at = "features[" + std::to_string(index) + "]";
    if (!f.is_object()) throw InputError(at, shown(f), "a GeoJSON Feature object");
    for (const auto& [key, value] : f.items()) {
        if (key != "type" && key != "geometry" && key != "properties" && key != "id" && key != "bbox") {
            throw InputError(at + " key", quoteForMessage(key), "type, geometry, properties (id and bbox are ignored)");
        }
    }
    if (!f.contains("type") || f["type"] != "Feature") {
        throw InputError(at + ".type", f.contains("type") ? shown(f["type"]) : "(missing)", "\"Feature\"");
    }
    if (!f.contains("properties") || !f["properties"].is_object()) {
        throw InputError(at + ".properties", f.contains("properties") ? shown(f["properties"]) : "(missing)",
                         "an object with kind and the kind's properties");
    }
    const json& p = f["properties"];
    if (!p.contains("kind") || !p["kind"].is_string() ||
        std::find(kindNames().begin(), kindNames().end(), p["kind"].get<std::string>()) == kindNames().end()) {
        throw InputError(at + ".properties.kind", p.contains("kind") ? shown(p["kind"]) : "(missing)",
                         listText(kindNames()));
    }
    Item item;
    item.kind = Kind(std::find(kindNames().begin(), kindNames().end(), p["kind"].get<std::string>()) - kindNames().begin());
    std::vector<std::string> allowed = kCommon;
    for (auto& k : kindKeys(item.kind)) allowed.push_back(k);
    for (const auto& [key, value] : p.items()) {
        if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
            std::string list;
            for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
            throw InputError(at + ".properties key", quoteForMessage(key),
                             "a property of a " + kindNames()[std::size_t(item.kind)] + ": " + list);
        }
    }
    if (!f.contains("geometry") || !f["geometry"].is_object()) {
        throw InputError(at + ".geometry", f.contains("geometry") ? shown(f["geometry"]) : "(missing)",
                         std::string("a ") + geometryOf(item.kind) + " geometry");
    }
    const json& g = f["geometry"];
    if (!g.contains("type") || g["type"] != geometryOf(item.kind)) {
        throw InputError(at + ".geometry.type", g.contains("type") ? shown(g["type"]) : "(missing)",
                         std::string("\"") + geometryOf(item.kind) + "\" for a " + kindNames()[std::size_t(item.kind)]);
    }
    if (!g.contains("coordinates")) throw InputError(at + ".geometry.coordinates", "(missing)", "the positions");
    const json& c = g["coordinates"];
    const std::string cf = at + ".geometry.coordinates";

    const FeatureReader r(p, at);
    if (p.contains("id")) {
        if (!p["id"].is_string() || !isItemId(p["id"].get<std::string>())) {
            throw InputError(r.field("id"), shown(p["id"]), "1 to 64 letters, digits, - and _, unique in the layout");
        }
        item.id = p["id"].get<std::string>();
    }
    item.name = r.text("name", "", 200);
    item.enabled = r.flag("enabled", true);
    item.locked = r.flag("locked", false);
    const double defaultFalloff = item.kind == Kind::Road ? 10.0 : item.kind == Kind::Area ? 20.0 : 0.0;
    item.falloff_m = r.number("falloff_m", defaultFalloff, 0.0, 100000.0, "m");
    item.falloffCurve = r.choice("falloff_curve", Curve::Smoothstep, kCurveNames);
    item.breakupAmplitude_m = r.number("breakup_amplitude_m", 0.0, 0.0, 10000.0, "m");
    item.breakupWavelength_m = r.number("breakup_wavelength_m", 50.0, 0.5, 100000.0, "m");
    item.mask = r.text("mask", "", 32);
    if (!item.mask.empty() && !isMaskLike(item.mask)) {
        throw InputError(r.field("mask"), item.mask, "a mask name: 1 to 32 lower-case letters, digits, - and _, "
                                                      "starting with a letter");
    }
    item.baked = r.flag("baked", false);

    switch (item.kind) {
    case Kind::Stamp: item.points = {pointFromJson(c, cf)}; break;
    case Kind::Area: item.rings = ringsFromJson(c, cf, total); break;
    default:
        item.points = positionsFromJson(c, cf, item.kind == Kind::Stroke ? 1 : 2, kMaxItemPoints, total);
        break;
    }
    const std::size_t n = item.points.size();
    switch (item.kind) {
    case Kind::Road:
        item.widths_m = r.perPoint("width_m", 8.0, 0.1, 10000.0, n, "m");
        item.z_m = r.optionalPerPoint("z_m", -20000.0, 20000.0, n, "m");
        item.maxGrade_pct = r.number("max_grade_pct", 8.0, 0.0, 1000.0, "%");
        item.roadMode = r.choice("mode", RoadMode::CutFill, kRoadModes);
        item.smoothing_m = r.number("smoothing_m", 40.0, 0.0, 100000.0, "m");
        item.bank_deg = r.number("bank_deg", 0.0, -45.0, 45.0, "degrees");
        break;
    case Kind::River:
        item.widths_m = r.perPoint("width_m", 12.0, 0.1, 10000.0, n, "m");
        item.z_m = r.optionalPerPoint("z_m", -20000.0, 20000.0, n, "m");
        item.depth_m = r.number("depth_m", 3.0, 0.0, 10000.0, "m");
        item.bankSlope_deg = r.number("bank_slope_deg", 30.0, 1.0, 89.0, "degrees");
        item.minGradient_pct = r.number("min_gradient_pct", 0.0, 0.0, 100.0, "%");
        break;
    case Kind::Ridge:
    case Kind::Valley:
        item.widths_m = r.perPoint("width_m", 200.0, 0.1, 100000.0, n, "m");
        item.z_m = r.optionalPerPoint("z_m", -20000.0, 20000.0, n, "m");
        item.height_m = r.number("height_m", 50.0, 0.0, 20000.0, "m");
        item.sharpness = r.number("sharpness", 0.5, 0.0, 1.0);
        break;
    case Kind::Area:
        item.target = r.choice("target", AreaTarget::Absolute, kTargets);
        item.height_m = r.number("height_m", 0.0, -20000.0, 20000.0, "m");
        // One per vertex of the outer ring (a patch passes through them).
        item.z_m = r.optionalPerPoint("z_m", -20000.0, 20000.0, item.rings[0].size(), "m");
        item.innerFalloff_m = r.number("inner_falloff_m", 0.0, 0.0, 100000.0, "m");
        break;
    case Kind::Stamp:
        item.shape = r.choice("shape", p.contains("image") ? StampShape::Image : StampShape::Cone, kShapes);
        if (item.shape == StampShape::Image || p.contains("image")) {
            if (item.shape != StampShape::Image) {
                throw InputError(r.field("shape"), shown(p["shape"]), "image (the stamp has an image)");
            }
            item.image = r.text("image", "", 4096);
            if (item.image.empty()) {
                throw InputError(r.field("image"), p.contains("image") ? shown(p["image"]) : "(missing)",
                                 "the path of a height image (docs/importing.md's formats)");
            }
        }
        if (p.contains("image_range_m")) {
            const json& v = p["image_range_m"];
            if (item.shape != StampShape::Image || !v.is_array() || v.size() != 2 || !v[0].is_number() ||
                !v[1].is_number() || !std::isfinite(v[0].get<double>()) || !std::isfinite(v[1].get<double>()) ||
                !(v[1].get<double>() > v[0].get<double>())) {
                throw InputError(r.field("image_range_m"), shown(v),
                                 "[LO, HI], LO < HI: the image's values that become the shape's 0 and 1 (image stamps)");
            }
            item.imageRange = true;
            item.imageLo = v[0].get<double>();
            item.imageHi = v[1].get<double>();
        }
        item.size_m = r.number("size_m", 200.0, 0.1, 1.0e6, "m");
        item.height_m = r.number("height_m", 50.0, -20000.0, 20000.0, "m");
        item.rotation_deg = r.number("rotation_deg", 0.0, -360.0, 360.0, "degrees");
        item.stampOp = r.choice("op", StampOp::Add, kStampOps);
        item.base_m = r.number("base_m", 0.0, -20000.0, 20000.0, "m");
        item.dropToSurface = r.flag("drop_to_surface", false);
        break;
    case Kind::Stroke:
        item.strokeOp = r.choice("op", StrokeOp::Raise, kStrokeOps);
        item.amount_m = r.number("amount_m", 5.0, 0.0, 20000.0, "m");
        if (r.has("height_m")) item.flattenTo_m = r.number("height_m", 0.0, -20000.0, 20000.0, "m");
        item.radii_m = r.perPoint("radius_m", 20.0, 0.1, 100000.0, n, "m");
        item.pressures = r.perPoint("pressure", 1.0, 0.0, 1.0, n, "");
        break;
    }
    if (p.contains("profile_m")) {
        const json& v = p["profile_m"];
        if (!v.is_array() || v.empty() || v.size() > kMaxItemPoints) {
            throw InputError(r.field("profile_m"), shown(v),
                             "an array of 1 to " + std::to_string(kMaxItemPoints) + " heights in metres");
        }
        total += v.size();
        if (total > kMaxLayoutPoints) {
            throw InputError(r.field("profile_m"), std::to_string(total) + " values in the layout so far",
                             "at most " + std::to_string(kMaxLayoutPoints) + " positions and profile values");
        }
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (!v[i].is_number() || !std::isfinite(v[i].get<double>()) || std::abs(v[i].get<double>()) > 1.0e6) {
                throw InputError(r.field("profile_m") + "[" + std::to_string(i) + "]", shown(v[i]),
                                 "a finite height in metres");
            }
            item.profile_m.push_back(v[i].get<double>());
        }
    }
    if (item.baked && item.profile_m.empty()) {
        throw InputError(r.field("baked"), "true", "false, or true with the stored profile_m");
    }
    return item;
}

}  // namespace

const std::vector<std::string>& choiceNames(Kind kind, const std::string& key) {
    static const std::vector<std::string> none;
    if (key == "falloff_curve") return kCurveNames;
    if (key == "mode" && kind == Kind::Road) return kRoadModes;
    if (key == "target" && kind == Kind::Area) return kTargets;
    if (key == "shape" && kind == Kind::Stamp) return kShapes;
    if (key == "op" && kind == Kind::Stamp) return kStampOps;
    if (key == "op" && kind == Kind::Stroke) return kStrokeOps;
    return none;
}

const std::vector<std::string>& kindNames() {
    static const std::vector<std::string> names{"road", "river", "ridge", "valley", "area", "stamp", "stroke"};
    return names;
}

Layout layoutFromGeoJson(const json& j) {
    if (!j.is_object()) throw InputError("layout", shown(j), "a GeoJSON FeatureCollection object");
    for (const auto& [key, value] : j.items()) {
        if (key != "type" && key != "features" && key != "crs" && key != "bbox" && key != "name") {
            throw InputError("layout key", quoteForMessage(key), "type, features (crs, bbox and name are ignored)");
        }
    }
    if (!j.contains("type") || j["type"] != "FeatureCollection") {
        throw InputError("type", j.contains("type") ? shown(j["type"]) : "(missing)", "\"FeatureCollection\"");
    }
    if (!j.contains("features") || !j["features"].is_array()) {
        throw InputError("features", j.contains("features") ? shown(j["features"]) : "(missing)", "an array of Features");
    }
    const json& features = j["features"];
    if (features.size() > kMaxItems) {
        throw InputError("features", std::to_string(features.size()) + " features",
                         "at most " + std::to_string(kMaxItems));
    }
    Layout layout;
    std::size_t total = 0;
    std::set<std::string> ids;
    for (std::size_t i = 0; i < features.size(); ++i) {
        Item item = itemFromFeature(features[i], i, total);
        if (item.id.empty()) {
            // A feature drawn elsewhere (QGIS) has no id yet: a stable one from its kind and place.
            for (int n = 1;; ++n) {
                const std::string id = kindNames()[std::size_t(item.kind)] + "-" + std::to_string(n);
                if (!ids.count(id)) {
                    bool later = false;
                    for (std::size_t k = i + 1; k < features.size() && !later; ++k) {
                        const json& f = features[k];
                        later = f.is_object() && f.contains("properties") && f["properties"].is_object() &&
                                f["properties"].contains("id") && f["properties"]["id"] == id;
                    }
                    if (!later) {
                        item.id = id;
                        break;
                    }
                }
            }
        }
        if (!ids.insert(item.id).second) {
            throw InputError("features[" + std::to_string(i) + "].properties.id", item.id, "an id unique in the layout");
        }
        layout.items.push_back(std::move(item));
    }
    return layout;
}

Layout layoutFromText(const std::string& text) { return layoutFromGeoJson(parseJsonInput(text, "layout")); }

std::string canonicalLayoutText(const std::string& text) { return layoutToGeoJson(layoutFromText(text)).dump(); }

std::vector<std::string> layoutMasks(const Layout& layout) {
    std::set<std::string> names;
    bool protects = false;
    for (const Item& item : layout.items) {
        switch (item.kind) {
        case Kind::Road: names.insert({"roads", "road_shoulders"}); protects = true; break;
        case Kind::River: names.insert({"rivers", "river_banks"}); protects = true; break;
        case Kind::Area: names.insert("areas"); protects = true; break;
        case Kind::Stamp: names.insert("stamps"); break;
        case Kind::Stroke: names.insert("strokes"); break;
        default: break;
        }
        if (!item.mask.empty()) names.insert(item.mask);
    }
    if (protects) names.insert({"protect", "unprotected"});
    return {names.begin(), names.end()};
}

}  // namespace terrain::core::layout
