// Computing a window of a recipe's stack on its own (issue 14: world tiles and the world view).
#include "evaluator.h"

#include "../errors.h"
#include "../registry.h"
#include "../world_scale.h"
#include "stage_blend.h"

#include <optional>
#include <string>

namespace terrain::core {

namespace {

// Why entry `stage` (1-based) cannot be computed on a window alone, or empty.
std::string windowRefusal(const Registry& registry, const OpInstance& op) {
    if (const OpType* type = registry.findOp(op.type)) {
        if (!type->perSample || !type->perSample(op.params)) {
            return type->name + " reads its neighbours, so a tile cannot be computed on its own yet (operations "
                                "of one sample and its place can: clamp, curves, terrace, island, normalize)";
        }
        return {};
    }
    const Algorithm& algorithm = registry.get(op.type);
    if (!algorithm.generateWindowInto) return algorithm.name + " cannot compute a part of its map on its own";
    return {};
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
        std::string why = windowRefusal(registry, op);
        if (why.empty() && !op.mask.empty()) why = "it is blended through a mask, and masks are not computed per tile yet";
        if (!why.empty()) throw StageError(int(i) + 1, op.id, InputError("type", op.type, "an operation a tile can "
                                                                                          "compute alone: " + why));
        if (!registry.findOp(op.type)) {
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
                              StackEvaluator* ranges) {
    Heightmap map;
    evaluateStackWindowInto(registry, recipe, world, window, context, map, baseMapping, ranges);
    return map;
}

void evaluateStackWindowInto(const Registry& registry, const Recipe& recipe, const WorldUnits& world,
                             SampleWindow window, const GenerateContext& caller, Heightmap& map,
                             const HeightMapping* baseMapping, StackEvaluator* ranges) {
    checkWindowable(registry, recipe);
    const ExecutionScope scope(caller);
    const GenerateContext& context = scope.context();
    const HeightScale heights = scaleFor(
        baseMapping != nullptr ? *baseMapping : worldMapping(registry, recipe, world.metresPerPixel, context), world);
    // The whole map this window is part of, for operations placed by position (island, terrace's
    // edge noise).
    const Size whole = registry.get(recipe.algorithm).sizeForDetail(recipe.detail);
    const MapPlace place{window.x0, window.y0, whole.width, whole.height};
    std::optional<StackEvaluator> own;  // for normalize's reference ranges, made when first needed
    registry.get(recipe.algorithm).generateWindowInto(recipe, world.metresPerPixel, window, context, map);
    Heightmap next;
    for (std::size_t i = 0; i < recipe.operations.size(); ++i) {
        const OpInstance& op = recipe.operations[i];
        if (!op.enabled) continue;
        try {
            next.reshapeUninitialized(map.width(), map.height());
            if (const OpType* type = registry.findOp(op.type)) {
                if (type->check) type->check(op.params);
                OpCall call{map, next, heights, world.metresPerPixel, recipe.detail, recipe.seed, context, {},
                            nullptr, nullptr, {}, place};
                if (type->needsReferenceRange) {
                    // The whole map's, as the stack evaluator gives it: the same stages at the
                    // reference detail.
                    StackEvaluator& evaluator = ranges != nullptr ? *ranges : own.emplace(registry, 0);
                    call.referenceRange = evaluator.stageReferenceRange(recipe, world, int(i), context);
                }
                type->run(op.params, call);
            } else {
                const Algorithm& algorithm = registry.get(op.type);
                const Recipe layer = layerRecipe(recipe, op);
                Heightmap b;
                algorithm.generateWindowInto(layer, world.metresPerPixel, window, context, b);
                const HeightMapping mb = worldMapping(registry, layer, world.metresPerPixel, context);
                blendLayer(map, b, heights, scaleFor(mb, world), mb, op.blend, op.weight, next, context);
            }
        } catch (const StageError&) {
            throw;
        } catch (const InputError& e) {
            throw StageError(int(i) + 1, op.id, e);
        }
        std::swap(map, next);
    }
}

}  // namespace terrain::core
