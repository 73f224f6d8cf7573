#pragma once
// What the river-erosion tests share: the operation run on a map of 10 m per sample, 0..1000 m
// (so raw units are metres; another spacing when asked), with its heights and masks.
#include "core/heightmap.h"
#include "core/recipe.h"
#include "core/stack/evaluator.h"
#include "core/stack/operation.h"

#include "stack_test_support.h"

#include <initializer_list>
#include <string>
#include <utility>

namespace stack_test {

struct RiverRun {
    core::Heightmap heights;
    core::MaskSet masks;
};

inline RiverRun riverRun(const core::Heightmap& map,
                         std::initializer_list<std::pair<const char*, const char*>> params, int threads = 2,
                         double metresPerSample = 10.0) {
    RiverRun run{core::Heightmap(map.width(), map.height()), {}};
    core::MaskSet below;
    core::HeightScale h;
    h.hiMetres = 1000.0;
    const core::GenerateContext c = context(threads);
    const core::OpCall call{map, run.heights, h, metresPerSample, 7, 7, c, {}, &below, &run.masks, {}, {}, nullptr, {}, 0.0};
    const core::OpInstance o = op(baseRecipe(), "river-erosion", params);
    registry().findOp("river-erosion")->run(o.params, call);
    return run;
}

// A recipe of format `version` (fbm under one river-erosion entry with `params`, a JSON object's
// inside), read as a file would be, and run: how the tests of an old format's defaults read one.
inline core::Recipe riverRecipeOfFormat(int version, const std::string& params) {
    const std::string text =
        R"({"format":"terrain-recipe","version":)" + std::to_string(version) +
        R"(,"detail":8,"seed":4,"world":{"extent_m":4096,"height_range_m":[0,600],"reference_detail":8},)"
        R"("stack":[{"id":"base","type":"fbm","params":{}},{"id":"r","type":"river-erosion","params":{)" +
        params + "}}]}";
    return core::recipeFromText(registry(), text, "r.json");
}
inline core::StackResult runRecipe(const core::Recipe& r) {
    core::StackEvaluator evaluator(registry(), 0);
    return evaluator.evaluate(r, core::worldUnits(r), context());
}

}  // namespace stack_test
