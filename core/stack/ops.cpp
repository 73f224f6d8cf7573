#include "ops.h"

#include "op_support.h"

#include "../errors.h"

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
    types.push_back(maskOpType());
    types.push_back(thermalErosionOpType());
    types.push_back(hydraulicErosionOpType());
    types.push_back(riverErosionOpType());
    types.push_back(layoutOpType());
    types.push_back(importMaskOpType());
    return types;
}

MapPlace placeOf(const OpCall& call) {
    if (call.place.mapWidth > 0) return call.place;
    return {0, 0, call.input.width(), call.input.height()};
}

void copyInput(const OpCall& call) {
    const int width = call.input.width();
    forEachRow(call, [width](int, const float* in, float* out) { std::copy(in, in + width, out); });
}

void requireSquareInput(const OpCall& call, const std::string& typeId) {
    if (call.input.width() != call.input.height()) {
        throw InputError("type", typeId,
                         "an operation for this map: " + typeId + " runs on square 2-D maps only, not " +
                             std::to_string(call.input.width()) + "x" + std::to_string(call.input.height()));
    }
}

const char* const kMaskNameAllowed = "a name of 1 to 32 lower-case letters, digits, - and _, starting with a letter";

bool isMaskName(const std::string& name) {
    if (name.empty() || name.size() > 32 || !(name[0] >= 'a' && name[0] <= 'z')) return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    });
}

const char* const kMaskReferenceAllowed =
    "NAME, a mask made lower in the stack, or STAGE.NAME, a mask of the published stage STAGE (each a name of 1 "
    "to 32 lower-case letters, digits, - and _, starting with a letter)";

bool isMaskReference(const std::string& text) {
    const std::size_t dot = text.find('.');
    if (dot == std::string::npos) return isMaskName(text);
    return isMaskName(text.substr(0, dot)) && isMaskName(text.substr(dot + 1));
}

std::shared_ptr<Heightmap> addMask(const OpCall& call, const std::string& name) {
    auto mask = call.allocate ? call.allocate(call.input.width(), call.input.height())
                              : std::make_shared<Heightmap>(Heightmap::uninitialized(call.input.width(), call.input.height()));
    if (call.masks != nullptr) (*call.masks)[name] = mask;
    return mask;
}

std::string numberText(double v) {
    std::string s = std::to_string(v);
    s.erase(s.find_last_not_of('0') + 1);
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

std::string metresText(double v) { return numberText(v) + " m"; }

}  // namespace terrain::core
