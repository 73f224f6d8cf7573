#pragma once
// Hand-placed items (docs/layout.md): roads, rivers, ridges, valleys, areas, stamps and strokes in
// world metres, kept as intent (control points, a polygon, a centre and a size), never as a raster.
//
// The frame is the one the GeoTIFF exports use: x metres east of sample (0, 0), y metres north of
// it; the map lies at y <= 0 (row 0 is north). Sample (col, row) of a map of spacing s is at
// (col * s, -row * s), computed in double precision from the whole map's indices, so a world tile
// and the whole map, and every detail, place an item on the same samples bit for bit.
//
// What is not local (a road's grade limit, a river kept downhill, the mean height under an area,
// a stamp dropped to the surface) is solved once along the item, at a fixed step in metres, from
// the stage below at the reference detail (a Profile); samples only read that profile. A `baked`
// item stores its profile and no longer reads the terrain.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace terrain::core::layout {

enum class Kind { Road, River, Ridge, Valley, Area, Stamp, Stroke };
const std::vector<std::string>& kindNames();  // "road", "river", "ridge", "valley", "area", "stamp", "stroke"
// The names a choice property of a kind takes in GeoJSON ("mode" of a road: cut-fill, raise,
// lower; "falloff_curve", "target", "shape", "op"); empty for any other key.
const std::vector<std::string>& choiceNames(Kind kind, const std::string& key);

enum class Curve { Smoothstep, Linear, Ease };
enum class RoadMode { CutFill, Raise, Lower };
enum class AreaTarget { Absolute, Relative, Average, Patch };
enum class StampShape { Cone, Dome, Mesa, Crater, Ridge, Image };
enum class StampOp { Add, Max, Min, Set };
enum class StrokeOp { Raise, Lower, Flatten, Mask };

struct Point {
    double x = 0.0, y = 0.0;
    bool operator==(const Point&) const = default;
};

// One item. Fields that a kind does not use keep their defaults and are not written.
struct Item {
    Kind kind = Kind::Road;
    std::string id;    // stable: edits, undo and the item's own mask refer to it
    std::string name;  // the designer's label
    bool enabled = true;
    // The editor neither moves, reshapes nor deletes a locked item (the evaluation ignores it):
    // the finished road stays put while the designer works around it.
    bool locked = false;
    double falloff_m = 0.0;  // how far out the item fades into the terrain
    Curve falloffCurve = Curve::Smoothstep;
    double breakupAmplitude_m = 0.0;  // edge breakup: the falloff edge moved by up to this much
    double breakupWavelength_m = 50.0;
    std::string mask;  // the name of an extra mask this item writes (its weight); empty: none

    // Lines (road, river, ridge, valley, stroke): control points, and per point a width
    // (road, river, ridge, valley) or a radius and pressure (stroke).
    std::vector<Point> points;
    std::vector<double> widths_m;  // one per point
    // Areas: the outer ring, then holes (each without the repeated closing point).
    std::vector<std::vector<Point>> rings;

    // road, river, ridge, valley and area (its outer ring's vertices; used by a patch)
    // Per point, the height there in metres (none: the line follows the terrain); empty when no
    // point has one. A patch passes through each (straight between two, the terrain shifted
    // towards them elsewhere along its boundary). A road's deck passes through each, steeper than max_grade_pct only where two
    // of them ask for it; a river's water level passes through each, falling less than
    // min_gradient_pct only where two of them ask for it, and never rising (a pin above an earlier
    // one is refused when the layout is resolved). A ridge's crest (a valley's floor) passes
    // through each: the line height_m above (below) the terrain, shifted towards them.
    std::vector<std::optional<double>> z_m;

    // road
    double maxGrade_pct = 8.0;
    RoadMode roadMode = RoadMode::CutFill;
    double smoothing_m = 40.0;
    double bank_deg = 0.0;
    // river
    double depth_m = 3.0;
    double bankSlope_deg = 30.0;
    double minGradient_pct = 0.0;
    // ridge, valley, area (absolute / relative), stamp
    double height_m = 0.0;
    double sharpness = 0.5;  // ridge / valley: 0 rounded crest, 1 sharp
    // area
    AreaTarget target = AreaTarget::Absolute;
    double innerFalloff_m = 0.0;
    // stamp
    StampShape shape = StampShape::Cone;
    double size_m = 200.0;
    double rotation_deg = 0.0;
    StampOp stampOp = StampOp::Add;
    double base_m = 0.0;         // the stamp's base height for max / min / set
    bool dropToSurface = false;  // base = the terrain under the centre (a profile)
    // shape image: a height image (docs/importing.md's formats) spread over the stamp's square;
    // its values image_range_m[0] .. [1] become the shape's 0 .. 1 (default: codes 0 .. the
    // largest code; float images their own lowest .. highest value).
    std::string image;
    bool imageRange = false;
    double imageLo = 0.0, imageHi = 1.0;
    // stroke
    StrokeOp strokeOp = StrokeOp::Raise;
    double amount_m = 5.0;
    std::optional<double> flattenTo_m;  // flatten: this height; none: the terrain at the first sample
    std::vector<double> radii_m;
    std::vector<double> pressures;

    // A stored profile (baked): the heights in metres the item reads instead of the terrain.
    bool baked = false;
    std::vector<double> profile_m;

    bool operator==(const Item&) const = default;
};

struct Layout {
    std::vector<Item> items;
    bool operator==(const Layout&) const = default;
};

// A ridge or valley with a height at some point: its rise over the terrain is a profile along the
// line that takes the crest (floor) through them, read from the terrain below at the reference
// detail (layout_resolve.cpp), instead of height_m everywhere.
inline bool crestPinned(const Item& item) {
    if (item.kind != Kind::Ridge && item.kind != Kind::Valley) return false;
    for (const auto& z : item.z_m)
        if (z) return true;
    return false;
}

// Limits on what is read (a crafted file must not exhaust memory or time).
inline constexpr std::size_t kMaxItems = 10000;
inline constexpr std::size_t kMaxItemPoints = 100000;   // points of one item (a long stroke)
inline constexpr std::size_t kMaxLayoutPoints = 200000; // points of all items together
inline constexpr std::size_t kMaxRingPoints = 4096;     // vertices of one polygon ring
inline constexpr double kMaxCoordinate_m = 1.0e7;

// GeoJSON FeatureCollection <-> Layout. Reading checks every field and throws InputError naming
// it ("features[3].properties.width_m"); unknown kinds and properties, NaN, self-intersecting
// rings and sizes past the limits are refused. Writing gives every property explicitly, so
// layoutToGeoJson(layoutFromGeoJson(x)) is the canonical form of x.
Layout layoutFromGeoJson(const nlohmann::json& json);
nlohmann::json layoutToGeoJson(const Layout& layout);
// The canonical JSON text of a layout given as GeoJSON text (what a recipe entry stores).
std::string canonicalLayoutText(const std::string& geojsonText);
Layout layoutFromText(const std::string& geojsonText);

// The mask names a layout writes: one per kind present (roads, road_shoulders, rivers,
// river_banks, areas, stamps, strokes), `protect` and `unprotected` when it has roads, rivers or
// areas, and each item's own mask. Sorted.
std::vector<std::string> layoutMasks(const Layout& layout);

// The profile step along lines: the world's spacing at its reference detail.
struct ProfileSource {
    // Samples the terrain in metres at (x, y) in the layout's frame (bilinear on the stage below at
    // the reference detail). Null: items that need it are refused.
    std::function<double(double x, double y)> heightAt;
    double step_m = 1.0;
    // The highest the terrain reaches (metres), which bounds how far a river's banks climb.
    double ceiling_m = 0.0;
};

}  // namespace terrain::core::layout
