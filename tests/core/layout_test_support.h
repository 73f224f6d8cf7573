#pragma once
// Shared by the layout tests (test_layout.cpp, test_layout_pins.cpp): a layout of every kind of
// item on stack_test's world, and how the tests evaluate and read it.
#include "stack_test_support.h"

#include "core/errors.h"
#include "core/layout/layout.h"
#include "core/layout/layout_eval.h"
#include "core/stack/evaluator.h"
#include "core/stack/layout_entry.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <string>

namespace layout_test {

using namespace stack_test;
namespace layout = terrain::core::layout;
using nlohmann::json;


// A world 4000 m across, 0..600 m (stack_test::world): sample (c, r) is at (c, -r) * spacing.
inline const char* const kLayout = R"({"type": "FeatureCollection", "features": [
  {"type": "Feature", "geometry": {"type": "LineString",
     "coordinates": [[300, -400], [1400, -900], [2200, -2100], [3600, -3500]]},
   "properties": {"kind": "road", "id": "pass", "width_m": 24, "max_grade_pct": 8, "falloff_m": 40,
                  "breakup_amplitude_m": 6, "breakup_wavelength_m": 80, "mask": "pass_road"}},
  {"type": "Feature", "geometry": {"type": "LineString",
     "coordinates": [[3700, -300], [2900, -1300], [1900, -2600], [600, -3700]]},
   "properties": {"kind": "river", "id": "river", "width_m": [20, 30, 40, 60], "depth_m": 4,
                  "bank_slope_deg": 30, "falloff_m": 6}},
  {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[500, -2500], [1200, -3300]]},
   "properties": {"kind": "ridge", "id": "spine", "width_m": 300, "height_m": 80, "sharpness": 0.7}},
  {"type": "Feature", "geometry": {"type": "Polygon",
     "coordinates": [[[2600, -500], [3300, -500], [3300, -1000], [2600, -1000], [2600, -500]],
                     [[2850, -700], [2950, -700], [2950, -800], [2850, -800], [2850, -700]]]},
   "properties": {"kind": "area", "id": "town", "target": "average", "falloff_m": 60, "inner_falloff_m": 10}},
  {"type": "Feature", "geometry": {"type": "Polygon",
     "coordinates": [[[400, -1400], [900, -1400], [900, -1800], [400, -1800], [400, -1400]]]},
   "properties": {"kind": "area", "id": "pad", "target": "absolute", "height_m": 123.5, "falloff_m": 50}},
  {"type": "Feature", "geometry": {"type": "Point", "coordinates": [1500, -600]},
   "properties": {"kind": "stamp", "id": "crater", "shape": "crater", "size_m": 500, "height_m": 60,
                  "rotation_deg": 20, "breakup_amplitude_m": 15}},
  {"type": "Feature", "geometry": {"type": "Point", "coordinates": [3000, -3000]},
   "properties": {"kind": "stamp", "id": "mesa", "shape": "mesa", "size_m": 400, "height_m": 40, "op": "set",
                  "drop_to_surface": true}},
  {"type": "Feature", "geometry": {"type": "LineString",
     "coordinates": [[1800, -3000], [1850, -3020], [1900, -3060], [1960, -3080]]},
   "properties": {"kind": "stroke", "id": "dig", "op": "lower", "amount_m": 15, "radius_m": [30, 40, 50, 40],
                  "pressure": [0.5, 1, 1, 0.7]}}
]})";

// Only the features with these ids of kLayout.
inline std::string only(std::initializer_list<const char*> ids) {
    json j = json::parse(kLayout);
    json kept = json::array();
    for (const auto& f : j["features"]) {
        for (const char* id : ids) {
            if (f["properties"]["id"] == id) kept.push_back(f);
        }
    }
    j["features"] = kept;
    return j.dump();
}

inline core::Recipe withLayout(int detail, const std::string& geojson = kLayout) {
    core::Recipe r = baseRecipe(detail);
    core::OpInstance o = core::newOperation(registry(), r, "layout");
    o.data = registry().findOp("layout")->normalizeData(geojson);
    r.operations.push_back(std::move(o));
    return r;
}

inline core::StackResult evaluate(const core::Recipe& r) {
    core::StackEvaluator evaluator(registry(), 0);
    return evaluator.evaluate(r, world(r), context());
}

inline bool sameBits(const core::Heightmap& a, const core::Heightmap& b) {
    return a.width() == b.width() && a.height() == b.height() &&
           std::memcmp(a.row(0), b.row(0), a.sampleCount() * sizeof(float)) == 0;
}

inline double metres(const core::StackResult& s, double raw) { return s.heights.toMetres(raw); }

// Bilinear height in metres of the result at (x, y) in the layout's frame.
inline double heightAt(const core::StackResult& s, double spacing, double x, double y) {
    const core::Heightmap& m = *s.map;
    const double cx = x / spacing, cy = -y / spacing;
    const int x0 = int(cx), y0 = int(cy);
    const double tx = cx - x0, ty = cy - y0;
    const double a = m.at(x0, y0), b = m.at(x0 + 1, y0), c = m.at(x0, y0 + 1), d = m.at(x0 + 1, y0 + 1);
    return metres(s, (a + (b - a) * tx) * (1 - ty) + (c + (d - c) * tx) * ty);
}

inline layout::ResolvedItem resolvedItem(const core::Recipe& r, const std::string& id) {
    // The profiles as the entry solves them: from the stage below at the reference detail.
    core::StackEvaluator evaluator(registry(), 0);
    const core::ReferenceMap ref = evaluator.stageReferenceMap(r, world(r), 0, context());
    const core::StackResult base = evaluator.evaluate(r, world(r), context(), 0);
    layout::ProfileSource source;
    source.step_m = ref.metresPerSample;
    source.ceiling_m = 1200.0;
    source.heightAt = [&](double x, double y) {
        const double cx = std::clamp(x / ref.metresPerSample, 0.0, double(ref.map->width() - 1));
        const double cy = std::clamp(-y / ref.metresPerSample, 0.0, double(ref.map->height() - 1));
        return base.heights.toMetres(ref.map->at(int(cx), int(cy)));
    };
    layout::ResolvedLayout resolved = layout::resolveLayout(layout::layoutFromText(r.operations.back().data), source);
    for (auto& item : resolved.items) {
        if (item.item.id == id) return item;
    }
    ADD_FAILURE() << "no item " << id;
    return {};
}

inline std::string refusal(const std::string& text) {
    try {
        layout::layoutFromText(text);
    } catch (const core::InputError& e) {
        return e.field() + " | " + e.value() + " | " + e.allowed();
    }
    return "(accepted)";
}

inline std::string feature(const std::string& geometry, const std::string& properties) {
    return R"({"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": )" + geometry +
           R"(, "properties": )" + properties + "}]}";
}


}  // namespace layout_test
