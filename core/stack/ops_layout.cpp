// layout: hand-placed items in world metres (core/layout/, docs/layout.md) as a stack entry. Its
// items are the entry's structured data (a GeoJSON FeatureCollection); profiles read the stage
// below at the reference detail, so the entry keeps the lattice rule and tiles exactly.
#include "ops.h"

#include "../errors.h"
#include "../io/import.h"
#include "../layout/layout_eval.h"
#include "layout_entry.h"
#include "stage_blend.h"
#include "stage_plan.h"
#include "op_support.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

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

// The part of the map an edit from `before` to `after` can have changed, in the part's columns
// and rows: the boxes of the items that differ, before and after. Nothing when the edit is not
// item by item (items added, removed or reordered, other masks): then all of it.
std::optional<layout::PartWindow> changedPart(const layout::Layout& before, const layout::Layout& after,
                                              const layout::ProfileSource& source, const OpCall& call) {
    if (before.items.size() != after.items.size() || layout::layoutMasks(before) != layout::layoutMasks(after)) {
        return std::nullopt;
    }
    layout::Layout changed;
    for (std::size_t i = 0; i < after.items.size(); ++i) {
        if (before.items[i].id != after.items[i].id) return std::nullopt;
        if (before.items[i] == after.items[i]) continue;
        for (const layout::Item* item : {&before.items[i], &after.items[i]}) {
            layout::Item shown = *item;
            shown.enabled = true;  // a hidden item's box still bounds what showing it changes
            changed.items.push_back(shown);
        }
    }
    const MapPlace place = placeOf(call);
    const int width = call.input.width(), rows = call.input.height();
    layout::PartWindow part;
    part.y0 = 0;
    part.columns.assign(std::size_t(rows), {width, 0});  // empty rows
    const double mps = call.metresPerSample;
    std::vector<std::uint32_t> candidates;
    // Ids repeat (before and after): resolve one at a time.
    for (const layout::Item& item : changed.items) {
        const layout::ResolvedLayout r = layout::resolveLayout(layout::Layout{{item}}, source);
        const layout::ResolvedItem& ri = r.items[0];
        const bool line = item.kind != layout::Kind::Area && item.kind != layout::Kind::Stamp;
        const int r0 = std::max(0, int(std::floor(-ri.maxY / mps)) - 2 - place.y0);
        const int r1 = std::min(rows, int(std::ceil(-ri.minY / mps)) + 3 - place.y0);
        for (int row = r0; row < r1; ++row) {
            // The columns the item can reach on this row: near its segments, or its box.
            double lo = ri.minX, hi = ri.maxX;
            if (line) {
                const double y = -double(place.y0 + row) * mps;
                candidates.clear();
                ri.index.rowCandidates(y, ri.reach, candidates);
                if (candidates.empty()) continue;
                lo = 1e300, hi = -1e300;
                for (const std::uint32_t c : candidates) {
                    const auto [a, b] = ri.index.span(c, ri.reach, y);
                    lo = std::min(lo, a), hi = std::max(hi, b);
                }
            }
            auto& [c0, c1] = part.columns[std::size_t(row)];
            c0 = std::min(c0, std::max(0, int(std::floor(lo / mps)) - 2 - place.x0));
            c1 = std::max(c1, std::min(width, int(std::ceil(hi / mps)) + 3 - place.x0));
        }
    }
    return part;
}

// The masks an edit from `before` to `after` (item by item) can change: those of the items from
// the first that differs on (a later item reads the heights the earlier ones left, so its masks
// may follow them), before and after.
std::set<std::string> masksOfChanges(const layout::Layout& before, const layout::Layout& after) {
    std::size_t first = 0;
    while (first < after.items.size() && first < before.items.size() && before.items[first] == after.items[first]) ++first;
    layout::Layout changed;
    for (std::size_t i = first; i < after.items.size(); ++i) changed.items.push_back(after.items[i]);
    for (std::size_t i = first; i < before.items.size(); ++i) changed.items.push_back(before.items[i]);
    const std::vector<std::string> names = layout::layoutMasks(changed);
    return {names.begin(), names.end()};
}

void runLayout(const LayoutParams& p, const OpCall& call) {
    const double step = call.referenceMetresPerSample > 0.0 ? call.referenceMetresPerSample : call.metresPerSample;
    const layout::ProfileSource source = profileSource(call.heights, step, lazily(call.referenceMap));
    const layout::Layout items = itemsOf(call.data);
    const layout::ResolvedLayout resolved = layout::resolveLayout(items, source);
    const MapPlace place = placeOf(call);
    // An edit of some items: the last output, recomputed only where they were and are.
    std::optional<layout::PartWindow> part;
    const PreviousRun* previous = call.previous;
    std::set<std::string> touched;
    if (previous != nullptr && previous->map && previous->map->width() == call.output.width() &&
        previous->map->height() == call.output.height()) {
        const layout::Layout before = itemsOf(&previous->data);
        part = changedPart(before, items, source, call);
        for (std::size_t m = 0; part && p.masks && m < resolved.maskNames.size(); ++m) {
            const auto it = previous->masks.find(resolved.maskNames[m]);
            if (it == previous->masks.end() || it->second->sampleCount() != call.input.sampleCount()) part.reset();
        }
        if (part) touched = masksOfChanges(before, items);
    }
    // The masks: new grids, except (an edit) those no changed item writes, shared with the last run.
    std::vector<Heightmap*> masks;
    std::vector<const Heightmap*> from;  // what a new grid starts as (an edit), by index
    if (p.masks) {
        for (const std::string& name : resolved.maskNames) {
            if (part && !touched.count(name)) {
                if (call.masks != nullptr) (*call.masks)[name] = previous->masks.at(name);
                masks.push_back(nullptr);
                from.push_back(nullptr);
                continue;
            }
            masks.push_back(addMask(call, name).get());
            from.push_back(part ? previous->masks.at(name).get() : nullptr);
        }
    }
    if (part) {
        const int width = call.output.width();
        forEachRow(call, [&](int y, const float*, float* out) {
            std::copy_n(previous->map->row(y), width, out);
            for (std::size_t m = 0; m < masks.size(); ++m) {
                if (masks[m] != nullptr) std::copy_n(from[m]->row(y), width, masks[m]->row(y));
            }
        });
        layout::applyLayout(resolved, call.input, call.output, place.x0, place.y0, call.metresPerSample,
                            {call.heights.scale, call.heights.offset}, masks, call.context, &*part);
        return;
    }
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

std::vector<RoadReport> roadReports(StackEvaluator& evaluator, const Recipe& recipe, const WorldUnits& world,
                                    int stage, const GenerateContext& context) {
    const OpInstance* op = nullptr;
    const layout::ProfileSource source = entrySource(evaluator, recipe, world, stage, context, op);
    layout::Layout roads = itemsOf(&op->data);
    std::erase_if(roads.items, [](const layout::Item& i) { return i.kind != layout::Kind::Road || !i.enabled; });
    std::vector<RoadReport> out;
    if (roads.items.empty()) return out;
    for (const layout::ResolvedItem& r : layout::resolveLayout(roads, source).items) {
        out.push_back({r.item, layout::roadReadout(r)});
    }
    return out;
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
    type.incremental = true;
    type.normalizeData = [](const std::string& text) { return layout::canonicalLayoutText(text); };
    // Image stamps read files: an edited image recomputes the entry.
    type.fingerprint = [](const std::string& data) {
        std::string f;
        for (const std::string& file : layoutImages(data)) {
            ImportSettings settings;
            settings.file = file;
            f += importFingerprint(settings) + ";";
        }
        return f;
    };
    type.dataMasks = [table](const std::map<std::string, double>& values, const std::string& data) {
        if (data.empty() || !table.bind(values).masks) return std::vector<std::string>{};
        return layout::layoutMasks(layout::layoutFromText(data));
    };
    return type;
}

}  // namespace terrain::core
