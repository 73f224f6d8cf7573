// layout: hand-placed items in world metres (core/layout/, docs/layout.md) as a stack entry. Its
// items are the entry's structured data (a GeoJSON FeatureCollection); profiles read the stage
// below at the reference detail, so the entry keeps the lattice rule and tiles exactly.
#include "ops.h"

#include "../errors.h"
#include "../layout/layout_eval.h"
#include "op_support.h"

#include <algorithm>
#include <cmath>

namespace terrain::core {
namespace {

struct LayoutParams {};

// Bilinear heights in metres of the reference map at positions in the layout's frame (x east,
// y north of sample (0, 0)); clamped at the map's edge.
layout::ProfileSource profileSource(const OpCall& call) {
    layout::ProfileSource source;
    source.ceiling_m = call.heights.hiMetres + call.heights.rangeMetres();
    source.step_m = call.referenceMetresPerSample > 0.0 ? call.referenceMetresPerSample : call.metresPerSample;
    if (!call.referenceMap) return source;
    // The reference map is computed the first time a profile needs it.
    auto cache = std::make_shared<ReferenceMap>();
    auto get = [cache, call = &call]() -> const ReferenceMap& {
        if (!cache->map) *cache = call->referenceMap();
        return *cache;
    };
    const HeightScale heights = call.heights;
    source.heightAt = [get, heights](double x, double y) {
        const ReferenceMap& ref = get();
        const Heightmap& m = *ref.map;
        const double cx = std::clamp(x / ref.metresPerSample, 0.0, double(m.width() - 1));
        const double cy = std::clamp(-y / ref.metresPerSample, 0.0, double(m.height() - 1));
        const int x0 = std::min(int(cx), m.width() - 2 < 0 ? 0 : m.width() - 2);
        const int y0 = std::min(int(cy), m.height() - 2 < 0 ? 0 : m.height() - 2);
        const int x1 = std::min(x0 + 1, m.width() - 1), y1 = std::min(y0 + 1, m.height() - 1);
        const double tx = cx - x0, ty = cy - y0;
        const double a = m.row(y0)[x0], b = m.row(y0)[x1], c = m.row(y1)[x0], d = m.row(y1)[x1];
        const double raw = (a + (b - a) * tx) + ((c + (d - c) * tx) - (a + (b - a) * tx)) * ty;
        return heights.toMetres(raw);
    };
    return source;
}

void runLayout(const LayoutParams&, const OpCall& call) {
    const layout::Layout items =
        call.data != nullptr && !call.data->empty() ? layout::layoutFromText(*call.data) : layout::Layout{};
    const layout::ResolvedLayout resolved = layout::resolveLayout(items, profileSource(call));
    std::vector<Heightmap*> masks;
    for (const std::string& name : resolved.maskNames) masks.push_back(addMask(call, name).get());
    const MapPlace place = placeOf(call);
    layout::applyLayout(resolved, call.input, call.output, place.x0, place.y0, call.metresPerSample,
                        {call.heights.scale, call.heights.offset}, masks, call.context);
}

}  // namespace

OpType layoutOpType() {
    ParamTable<LayoutParams> table;
    OpType type = makeOpType<LayoutParams>(
        "layout", "Layout",
        "Roads, rivers, ridges, valleys, flat areas, stamps and brush strokes placed by hand in world metres",
        table, runLayout);
    // Per sample: a sample's value depends on its place, the items, the stage below there and the
    // profiles, which are solved from the whole map at the reference detail.
    type.perSample = [](const std::map<std::string, double>&) { return true; };
    type.dataKey = "layout";
    type.normalizeData = [](const std::string& text) { return layout::canonicalLayoutText(text); };
    type.dataMasks = [](const std::string& data) {
        return data.empty() ? std::vector<std::string>{} : layout::layoutMasks(layout::layoutFromText(data));
    };
    return type;
}

}  // namespace terrain::core
