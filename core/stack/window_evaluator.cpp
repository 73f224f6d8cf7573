// Computing a window of a recipe's stack on its own (world tiles and the world view).
#include "evaluator.h"

#include "../errors.h"
#include "../registry.h"
#include "../world_scale.h"
#include "stage_blend.h"
#include "stage_plan.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <string>

namespace terrain::core {

namespace {

// Why entry `stage` (1-based) cannot be computed on a window alone, or empty.
std::string windowRefusal(const Registry& registry, const OpInstance& op) {
    if (op.type == kGroupType || op.type == kGroupEndType) return {};  // a group's blend is per sample
    if (const OpType* type = registry.findOp(op.type)) {
        if ((!type->perSample || !type->perSample(op.params)) && !type->halo) {
            return type->name + " reads its neighbours without a fixed reach, so a tile cannot be computed on its "
                                "own yet (these can: clamp, curves, terrace, island, normalize, mask, smooth)";
        }
        return {};
    }
    const Algorithm& algorithm = registry.get(op.type);
    if (!algorithm.generateWindowInto) return algorithm.name + " cannot compute a part of its map on its own";
    return {};
}

// How many samples out entry `op` reads (0: per sample or a generator layer).
int haloOf(const Registry& registry, const OpInstance& op, double metresPerSample) {
    const OpType* type = registry.findOp(op.type);
    return type != nullptr && type->halo ? std::max(0, type->halo(op.params, metresPerSample)) : 0;
}

// Runs the generator on one sample, so a parameter value it cannot window (cubic interpolation)
// is refused by its own message before any tile is computed.
void probeWindow(const Algorithm& algorithm, const Recipe& recipe) {
    Recipe probe = recipe;
    probe.operations.clear();
    Heightmap sample;
    algorithm.generateWindowInto(probe, 1.0, SampleWindow{0, 0, 1, 1}, GenerateContext{}, sample);
}

}  // namespace

void checkWindowable(const Registry& registry, const Recipe& recipe) {
    const Algorithm& base = registry.get(recipe.algorithm);
    if (!base.generateWindowInto) {
        throw InputError("algorithm", recipe.algorithm,
                         "a 2-D generator whose tiles can be computed on their own (" + base.name + " cannot)");
    }
    probeWindow(base, recipe);
    for (std::size_t i = 0; i < recipe.operations.size(); ++i) {
        const OpInstance& op = recipe.operations[i];
        if (!op.enabled) continue;
        const std::string why = windowRefusal(registry, op);
        if (!why.empty()) throw StageError(int(i) + 1, op.id, InputError("type", op.type, "an operation a tile can "
                                                                                          "compute alone: " + why));
        if (!registry.findOp(op.type) && registry.find(op.type)) {
            try {
                probeWindow(registry.get(op.type), layerRecipe(recipe, op));
            } catch (const InputError& e) {
                throw StageError(int(i) + 1, op.id, e);
            }
        }
    }
}

Heightmap evaluateStackWindow(const Registry& registry, const Recipe& recipe, const WorldUnits& world,
                              SampleWindow window, const GenerateContext& context, const HeightMapping* baseMapping,
                              StackEvaluator* ranges, MaskSet* masks) {
    Heightmap map;
    evaluateStackWindowInto(registry, recipe, world, window, context, map, baseMapping, ranges, masks);
    return map;
}

void evaluateStackWindowInto(const Registry& registry, const Recipe& recipe, const WorldUnits& world,
                             SampleWindow window, const GenerateContext& caller, Heightmap& out,
                             const HeightMapping* baseMapping, StackEvaluator* ranges, MaskSet* masksOut) {
    checkWindowable(registry, recipe);
    const ExecutionScope scope(caller);
    const GenerateContext& context = scope.context();
    const HeightScale heights = scaleFor(
        baseMapping != nullptr ? *baseMapping : worldMapping(registry, recipe, world.metresPerPixel, context), world);
    const Size whole = registry.get(recipe.algorithm).sizeForDetail(recipe.detail);
    // Entries that read their neighbours (mask) run on the window grown by the sum of their
    // reaches, clamped to the whole map: each one's output is then right at least that far in
    // from the grown window's inner edges, and the middle kept at the end is exact. Where the
    // grown window meets the map's border, the entries see the map's border as the whole map does.
    std::int64_t reach = 0;
    for (const OpInstance& op : recipe.operations) {
        if (op.enabled) reach += haloOf(registry, op, world.metresPerPixel);
    }
    const auto grow = [&](int first, int count, int side) {
        const std::int64_t lo = std::max<std::int64_t>(0, first - reach);
        const std::int64_t hi = std::min<std::int64_t>(side, std::int64_t(first) + count + reach);
        return std::pair<int, int>{int(lo), int(hi - lo)};
    };
    const auto [gx, gw] = grow(window.x0, window.width, whole.width);
    const auto [gy, gh] = grow(window.y0, window.height, whole.height);
    const SampleWindow grown{gx, gy, gw, gh};
    if (reach > 0) checkGridFits("the tile grown by its operations' reach", gw, gh, 3 * sizeof(float));
    // The whole map this window is part of, for entries placed by position (island, terrace's
    // edge noise).
    const MapPlace place{grown.x0, grown.y0, whole.width, whole.height};
    std::optional<StackEvaluator> own;  // for normalize's reference ranges, made when first needed
    // The stages the last one reads (named stages, groups), each computed once on the grown
    // window and let go once nothing later reads it.
    const StagePlan plan = planStages(registry, recipe);
    const int target = plan.alias.back();
    struct WindowStage {
        std::shared_ptr<Heightmap> map;
        MaskSet masks;
    };
    std::vector<WindowStage> have(std::size_t(plan.stages()));
    std::vector<char> needed(std::size_t(plan.stages()), 0);
    std::vector<int> uses(std::size_t(plan.stages()), 0);
    needed[std::size_t(target)] = 1;
    for (int k = target; k > 0; --k) {
        if (!needed[std::size_t(k)]) continue;
        for (const int r : plan.reads(k)) {
            needed[std::size_t(r)] = 1;
            ++uses[std::size_t(r)];
        }
    }
    have[0].map = std::make_shared<Heightmap>();
    registry.get(recipe.algorithm).generateWindowInto(recipe, world.metresPerPixel, grown, context, *have[0].map);
    std::optional<HeightMapping> stackMapping;  // a group's multiply blend maps by it
    for (int k = 1; k <= target; ++k) {
        if (!needed[std::size_t(k)]) continue;
        const auto at = std::size_t(k);
        const OpInstance& op = recipe.operations[at - 1];
        WindowStage made;
        try {
            const WindowStage& in = have[std::size_t(plan.input[at])];
            const Heightmap* through =
                plan.maskStage[at] < 0 ? nullptr
                                       : &maskBelow(have[std::size_t(plan.maskStage[at])].masks, plan.maskName[at]);
            if (plan.group[at] >= 0) {
                const WindowStage& below = have[std::size_t(plan.blendInto[at])];
                if (!stackMapping) {
                    stackMapping = baseMapping != nullptr ? *baseMapping
                                                          : worldMapping(registry, recipe, world.metresPerPixel, context);
                }
                made.map = std::make_shared<Heightmap>();
                made.map->reshapeUninitialized(below.map->width(), below.map->height());
                blendGroupInto(*below.map, *in.map, heights, *stackMapping,
                               recipe.operations[std::size_t(plan.group[at] - 1)], through, *made.map, context);
                made.masks = below.masks;
                for (const auto& [name, mask] : in.masks) made.masks[name] = mask;
            } else {
                const OpType* type = registry.findOp(op.type);
                const bool passes = type != nullptr && type->passesHeights;
                made.masks = in.masks;
                Heightmap none;
                if (passes) {
                    made.map = in.map;
                } else {
                    made.map = std::make_shared<Heightmap>();
                    made.map->reshapeUninitialized(in.map->width(), in.map->height());
                }
                Heightmap& next = passes ? none : *made.map;
                if (type != nullptr) {
                    if (type->check) type->check(op.params);
                    OpCall call{*in.map, next, heights, world.metresPerPixel, recipe.detail, recipe.seed,
                                context, {}, &in.masks, &made.masks, {}, place, nullptr, {}, 0.0};
                    if (type->needsReferenceRange) {
                        // The whole map's, as the stack evaluator gives it: the same stages at the
                        // reference detail.
                        StackEvaluator& evaluator = ranges != nullptr ? *ranges : own.emplace(registry, 0);
                        call.referenceRange = evaluator.stageReferenceRange(recipe, world, plan.input[at], context);
                    }
                    call.data = &op.data;
                    const int inputStage = plan.input[at];
                    call.referenceMetresPerSample =
                        (ranges != nullptr ? *ranges : own ? *own : own.emplace(registry, 0)).referenceSpacing(recipe, world);
                    call.referenceMap = [&, inputStage]() {
                        StackEvaluator& evaluator = ranges != nullptr ? *ranges : own ? *own : own.emplace(registry, 0);
                        return evaluator.stageReferenceMap(recipe, world, inputStage, context);
                    };
                    type->run(op.params, call);
                } else {
                    const Algorithm& algorithm = registry.get(op.type);
                    const Recipe layer = layerRecipe(recipe, op);
                    Heightmap b;
                    algorithm.generateWindowInto(layer, world.metresPerPixel, grown, context, b);
                    if (algorithm.heightsInMetres) {
                        blendLayer(*in.map, b, heights, metresScale(), metresMapping(metresRange(recipe.world)), op.blend,
                                   op.weight, next, context);
                    } else {
                        const HeightMapping mb = worldMapping(registry, layer, world.metresPerPixel, context);
                        blendLayer(*in.map, b, heights, scaleFor(mb, world), mb, op.blend, op.weight, next, context);
                    }
                }
                if (!passes && through != nullptr) blendThrough(*in.map, *through, next, context);
            }
        } catch (const StageError&) {
            throw;
        } catch (const InputError& e) {
            const int on = plan.group[at] >= 0 ? plan.group[at] : k;
            throw StageError(on, recipe.operations[std::size_t(on - 1)].id, e);
        }
        have[at] = std::move(made);
        for (const int r : plan.reads(k)) {
            if (--uses[std::size_t(r)] == 0 && r != target) have[std::size_t(r)] = {};
        }
    }
    const Heightmap& map = *have[std::size_t(target)].map;
    const MaskSet& masks = have[std::size_t(target)].masks;
    const int dx = window.x0 - grown.x0, dy = window.y0 - grown.y0;
    if (masksOut != nullptr) {
        masksOut->clear();
        for (const auto& [name, mask] : masks) {
            (*masksOut)[name] = reach == 0 ? mask
                                           : std::make_shared<const Heightmap>(
                                                 copyWindow(*mask, dx, dy, window.width, window.height));
        }
    }
    if (reach == 0) {
        std::shared_ptr<Heightmap>& last = have[std::size_t(target)].map;
        if (last.use_count() == 1) {
            out = std::move(*last);  // no other stage or mask holds it
        } else {
            out = map;
        }
        return;
    }
    out.reshapeUninitialized(window.width, window.height);
    for (int y = 0; y < window.height; ++y) std::copy_n(map.row(dy + y) + dx, window.width, out.row(y));
}

}  // namespace terrain::core
