#pragma once
// A recipe's layout entry resolved outside an evaluation, exactly as its evaluation resolves it
// (the profiles read the stage below at the reference detail): for `terrain-cli layout export`
// (centre lines with z), baking, and the editor's readouts.
#include "../layout/layout_eval.h"
#include "evaluator.h"

namespace terrain::core {

// Entry `stage` (1-based) of `recipe`, which must be a layout; InputError otherwise.
layout::ResolvedLayout resolveLayoutEntry(StackEvaluator& evaluator, const Recipe& recipe, const WorldUnits& world,
                                          int stage, const GenerateContext& context);

// The readouts of the entry's enabled roads (layout::roadReadout), resolved as above but roads
// alone: each road's item (as it was resolved) and its readout. For the editor, after an
// evaluation that ran the entry (its stage below is then in the evaluator's cache).
struct RoadReport {
    layout::Item item;
    layout::RoadReadout readout;
};
std::vector<RoadReport> roadReports(StackEvaluator& evaluator, const Recipe& recipe, const WorldUnits& world,
                                    int stage, const GenerateContext& context);

// The same entry with every item that reads the terrain baked (its profile stored).
layout::Layout bakeLayoutEntry(StackEvaluator& evaluator, const Recipe& recipe, const WorldUnits& world, int stage,
                               const GenerateContext& context);

}  // namespace terrain::core
