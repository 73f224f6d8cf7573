#pragma once
// What the river-erosion tests share: the operation run on a map of 10 m per sample, 0..1000 m
// (so raw units are metres), with its heights and masks.
#include "core/heightmap.h"
#include "core/stack/operation.h"

#include "stack_test_support.h"

#include <initializer_list>
#include <utility>

namespace stack_test {

struct RiverRun {
    core::Heightmap heights;
    core::MaskSet masks;
};

inline RiverRun riverRun(const core::Heightmap& map,
                         std::initializer_list<std::pair<const char*, const char*>> params, int threads = 2) {
    RiverRun run{core::Heightmap(map.width(), map.height()), {}};
    core::MaskSet below;
    core::HeightScale h;
    h.hiMetres = 1000.0;
    const core::GenerateContext c = context(threads);
    const core::OpCall call{map, run.heights, h, 10.0, 7, 7, c, {}, &below, &run.masks, {}, {}, nullptr, {}, 0.0};
    const core::OpInstance o = op(baseRecipe(), "river-erosion", params);
    registry().findOp("river-erosion")->run(o.params, call);
    return run;
}

}  // namespace stack_test
