#include "ops.h"

namespace terrain::core {

std::vector<OpType> builtinOpTypes() {
    std::vector<OpType> types;
    types.push_back(clampOpType());
    types.push_back(normalizeOpType());
    return types;
}

}  // namespace terrain::core
