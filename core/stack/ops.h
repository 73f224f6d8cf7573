#pragma once
// The built-in operation types of the stack (filters). Each lives in its own file under
// core/stack/ and declares its parameters once (ParamTable); docs/operations.md is generated
// from these tables by `terrain-cli list --markdown`.
#include "operation.h"

#include <vector>

namespace terrain::core {

std::vector<OpType> builtinOpTypes();  // in menu order

OpType curvesOpType();
OpType terraceOpType();
OpType islandOpType();
OpType smoothOpType();
OpType clampOpType();
OpType normalizeOpType();
OpType maskOpType();
OpType thermalErosionOpType();
OpType hydraulicErosionOpType();
OpType riverErosionOpType();
OpType layoutOpType();
OpType importMaskOpType();
// The import source (an Algorithm that needs its data: Registry::addSource).
struct Algorithm;
Algorithm importSource();
// terrain-bench's baseline for river-erosion: its default steps (the coarsest level's), all at
// the full resolution, without the coarse levels.
void runRiverErosionSingleScale(const OpCall& call);

}  // namespace terrain::core
