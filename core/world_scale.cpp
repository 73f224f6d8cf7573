#include "world_scale.h"

#include <algorithm>

#include "cancel.h"
#include "recipe.h"
#include "registry.h"

namespace terrain::core {

HeightMapping worldMapping(const Registry& registry, const Recipe& recipe, double metresPerSample,
                           const GenerateContext& context) {
    const Algorithm& algorithm = registry.get(recipe.algorithm);
    if (algorithm.heightsInMetres) {
        // Raw units are metres: the world's height range is the raw range (stage_blend.h).
        HeightMapping mapping;
        mapping.mode = HeightMapping::Mode::World;
        mapping.lo = float(recipe.world.loMetres);
        mapping.hi = float(recipe.world.hiMetres) > mapping.lo ? float(recipe.world.hiMetres) : mapping.lo + 1.0f;
        mapping.referenceDetail = std::clamp(recipe.world.referenceDetail, algorithm.minDetail, algorithm.maxDetail);
        return mapping;
    }
    Recipe reference = recipe;
    reference.operations.clear();
    reference.detail = std::clamp(recipe.world.referenceDetail, algorithm.minDetail, algorithm.maxDetail);
    GenerateContext quiet = context;  // the caller's threads, without its progress or cancel hooks
    quiet.progress = nullptr;
    quiet.partial = nullptr;
    quiet.stageProgress = nullptr;
    quiet.cancel = nullptr;
    const MinMax range = finiteMinMax(
        generate(registry, reference, spacingAtDetail(registry, recipe, metresPerSample, reference.detail), quiet));
    HeightMapping mapping;
    mapping.mode = HeightMapping::Mode::World;
    mapping.lo = range.min;
    mapping.hi = range.max > range.min ? range.max : range.min + 1.0f;
    mapping.referenceDetail = reference.detail;
    return mapping;
}

}  // namespace terrain::core
