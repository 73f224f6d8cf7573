#include "ops.h"

#include "op_support.h"

#include <algorithm>

namespace terrain::core {

std::vector<OpType> builtinOpTypes() {
    std::vector<OpType> types;
    types.push_back(curvesOpType());
    types.push_back(terraceOpType());
    types.push_back(islandOpType());
    types.push_back(smoothOpType());
    types.push_back(clampOpType());
    types.push_back(normalizeOpType());
    return types;
}

void copyInput(const OpCall& call) {
    const int width = call.input.width();
    forEachRow(call, [width](int, const float* in, float* out) { std::copy(in, in + width, out); });
}

std::string numberText(double v) {
    std::string s = std::to_string(v);
    s.erase(s.find_last_not_of('0') + 1);
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

std::string metresText(double v) { return numberText(v) + " m"; }

}  // namespace terrain::core
