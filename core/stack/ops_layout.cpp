// layout: hand-placed items in world metres (core/layout/, docs/layout.md) as a stack entry. Its
// items are the entry's structured data (a GeoJSON FeatureCollection); profiles read the stage
// below at the reference detail, so the entry keeps the lattice rule and tiles exactly.
#include "ops.h"

#include "../errors.h"
#include "../layout/layout_eval.h"
#include "layout_entry.h"
#include "stage_blend.h"
#include "stage_plan.h"
#include "op_support.h"

#include <algorithm>
#include <cmath>

namespace terrain::core {
namespace {

struct LayoutParams {
    bool masks = true;
};

// Bilinear heights in metres of the reference map at positions in the layout's frame (x east,
// y north of sample (0, 0)); clamped at the map's edge. `get` gives the map when first asked.
layout::ProfileSource profileSource(const HeightScale& heights, double step,
                                    std::function<const ReferenceMap&()> get) {
    layout::ProfileSource source;
    source.ceiling_m = heights.hiMetres + heights.rangeMetres();
    source.step_m = step;
    if (!get) return source;
    source.heightAt = [get, heights](double x, double y) {
        const ReferenceMap& ref = get();
        const Heightmap& m = *ref.map;
        const double cx = std::clamp(x / ref.metresPerSample, 0.0, double(m.width() - 1));
        const double cy = std::clamp(-y / ref.metresPerSample, 0.0, double(m.height() - 1));
        const int x0 = std::max(0, std::min(int(cx), m.width() - 2));
        const int y0 = std::max(0, std::min(int(cy), m.height() - 2));
        const int x1 = std::min(x0 + 1, m.width() - 1), y1 = std::min(y0 + 1, m.height() - 1);
        const double tx = cx - x0, ty = cy - y0;
        const double a = m.row(y0)[x0], b = m.row(y0)[x1], c = m.row(y1)[x0], d = m.row(y1)[x1];
        const double raw = (a + (b - a) * tx) + ((c + (d - c) * tx) - (a + (b - a) * tx)) * ty;
        return heights.toMetres(raw);
    };
    return source;
}

// The reference map computed the first time `make` is asked, then kept.
std::function<const ReferenceMap&()> lazily(std::function<ReferenceMap()> make) {
    if (!make) return {};
    auto cache = std::make_shared<ReferenceMap>();
    return [cache, make = std::move(make)]() -> const ReferenceMap& {
        if (!cache->map) *cache = make();
        return *cache;
    };
}

layout::Layout itemsOf(const std::string* data) {
    return data != nullptr && !data->empty() ? layout::layoutFromText(*data) : layout::Layout{};
}

void runLayout(const LayoutParams& p, const OpCall& call) {
    const double step = call.referenceMetresPerSample > 0.0 ? call.referenceMetresPerSample : call.metresPerSample;
    const layout::ResolvedLayout resolved =
        layout::resolveLayout(itemsOf(call.data), profileSource(call.heights, step, lazily(call.referenceMap)));
    std::vector<Heightmap*> masks;
    if (p.masks) {
        for (const std::string& name : resolved.maskNames) masks.push_back(addMask(call, name).get());
    }
    const MapPlace place = placeOf(call);
    layout::applyLayout(resolved, call.input, call.output, place.x0, place.y0, call.metresPerSample,
                        {call.heights.scale, call.heights.offset}, masks, call.context);
}

// The profile source of entry `stage` of `recipe` as its evaluation has it.
layout::ProfileSource entrySource(StackEvaluator& evaluator, const Recipe& recipe, const WorldUnits& world, int stage,
                                  const GenerateContext& context, const OpInstance*& op) {
    if (stage < 1 || std::size_t(stage) > recipe.operations.size() || recipe.operations[std::size_t(stage - 1)].type != "layout") {
        throw InputError("stage", std::to_string(stage), "a layout entry of the recipe");
    }
    op = &recipe.operations[std::size_t(stage - 1)];
    const StagePlan plan = planStages(evaluator.registry(), recipe);
    const int input = plan.input[std::size_t(stage)];
    const HeightScale heights = scaleFor(evaluator.worldMapping(recipe, world.metresPerPixel, context), world);
    return profileSource(heights, evaluator.referenceSpacing(recipe, world),
                         lazily([&evaluator, &recipe, &world, input, &context] {
                             return evaluator.stageReferenceMap(recipe, world, input, context);
                         }));
}

}  // namespace

layout::ResolvedLayout resolveLayoutEntry(StackEvaluator& evaluator, const Recipe& recipe, const WorldUnits& world,
                                          int stage, const GenerateContext& context) {
    const OpInstance* op = nullptr;
    const layout::ProfileSource source = entrySource(evaluator, recipe, world, stage, context, op);
    return layout::resolveLayout(itemsOf(&op->data), source);
}

layout::Layout bakeLayoutEntry(StackEvaluator& evaluator, const Recipe& recipe, const WorldUnits& world, int stage,
                               const GenerateContext& context) {
    const OpInstance* op = nullptr;
    const layout::ProfileSource source = entrySource(evaluator, recipe, world, stage, context, op);
    return layout::bakeLayout(itemsOf(&op->data), source);
}

OpType layoutOpType() {
    ParamTable<LayoutParams> table;
    table.add({"masks", "Masks", "", ParamKind::Flag, 0, 1, 1, 1,
               "Write the layout's masks (roads, road_shoulders, rivers, river_banks, areas, stamps, strokes, protect, "
               "unprotected and the items' own) for later entries, overlays and splat rules; off: heights only, faster",
               {}},
              [](LayoutParams& p, double v) { p.masks = v != 0.0; });
    OpType type = makeOpType<LayoutParams>(
        "layout", "Layout",
        "Roads, rivers, ridges, valleys, flat areas, stamps and brush strokes placed by hand in world metres",
        table, runLayout);
    // Per sample: a sample's value depends on its place, the items, the stage below there and the
    // profiles, which are solved from the whole map at the reference detail.
    type.perSample = [](const std::map<std::string, double>&) { return true; };
    type.dataKey = "layout";
    type.normalizeData = [](const std::string& text) { return layout::canonicalLayoutText(text); };
    type.dataMasks = [table](const std::map<std::string, double>& values, const std::string& data) {
        if (data.empty() || !table.bind(values).masks) return std::vector<std::string>{};
        return layout::layoutMasks(layout::layoutFromText(data));
    };
    return type;
}

}  // namespace terrain::core
