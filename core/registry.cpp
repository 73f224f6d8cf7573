#include "registry.h"

#include "cancel.h"
#include "errors.h"
#include "json_input.h"
#include "generators/generators.h"
#include "generators/gradient_noise.h"
#include "generators/worley_noise.h"
#include "stack/ops.h"
#include "recipe.h"

#include <algorithm>
#include <cmath>

namespace terrain::core {

void Registry::add(Algorithm algorithm) { m_algorithms.push_back(std::move(algorithm)); }

void Registry::addSource(Algorithm source) { m_sources.push_back(std::move(source)); }

const Algorithm* Registry::find(const std::string& id) const {
    for (const auto* list : {&m_algorithms, &m_sources}) {
        const auto it = std::find_if(list->begin(), list->end(), [&](const Algorithm& a) { return a.id == id; });
        if (it != list->end()) return &*it;
    }
    return nullptr;
}

std::string Registry::dataKeyOf(const std::string& typeId) const {
    if (const OpType* t = findOp(typeId)) return t->normalizeData ? t->dataKey : std::string();
    if (const Algorithm* a = find(typeId)) return a->normalizeData ? a->dataKey : std::string();
    return {};
}

std::string Registry::normalizeDataOf(const std::string& typeId, const std::string& jsonText) const {
    if (const OpType* t = findOp(typeId); t != nullptr && t->normalizeData) return t->normalizeData(jsonText);
    if (const Algorithm* a = find(typeId); a != nullptr && a->normalizeData) return a->normalizeData(jsonText);
    throw InputError("data", "(present)", "no structured data on " + typeId);
}

std::string Registry::dataFingerprintOf(const std::string& typeId, const std::string& data) const {
    if (data.empty()) return {};
    if (const OpType* t = findOp(typeId)) return t->fingerprint ? t->fingerprint(data) : std::string();
    const Algorithm* a = find(typeId);
    return a != nullptr && a->fingerprint ? a->fingerprint(data) : std::string();
}

const Algorithm& Registry::get(const std::string& id) const {
    if (const Algorithm* a = find(id)) return *a;
    throw InputError("algorithm", quoteForMessage(id), "one of " + idList());
}

std::string Registry::idList() const {
    std::string text;
    for (const auto& a : m_algorithms) text += (text.empty() ? "" : ", ") + a.id;
    return text;
}

void Registry::addOp(OpType type) { m_ops.push_back(std::move(type)); }

const OpType* Registry::findOp(const std::string& id) const {
    const auto it = std::find_if(m_ops.begin(), m_ops.end(), [&](const OpType& t) { return t.id == id; });
    return it == m_ops.end() ? nullptr : &*it;
}

std::string Registry::opIdList() const {
    std::string text;
    for (const auto& t : m_ops) text += (text.empty() ? "" : ", ") + t.id;
    for (const auto& a : m_algorithms) text += (text.empty() ? "" : ", ") + a.id;
    for (const auto& a : m_sources) text += (text.empty() ? "" : ", ") + a.id;
    return text;
}

Registry makeBuiltinRegistry() {
    Registry registry;
    registry.add(diamondSquareAlgorithm());
    registry.add(midpointDisplacementAlgorithm());
    registry.add(midpointLineAlgorithm());
    registry.add(fbmAlgorithm());
    registry.add(warpedFbmAlgorithm());
    registry.add(worleyAlgorithm());
    registry.addSource(importSource());
    for (OpType& type : builtinOpTypes()) registry.addOp(std::move(type));
    return registry;
}

void generateInto(const Registry& registry, const Recipe& recipe, double metresPerSample,
                  const GenerateContext& context, Heightmap& out) {
    validateRecipe(registry, recipe);
    const Algorithm& algorithm = registry.get(recipe.algorithm);
    const Size size = algorithm.sizeForDetail(recipe.detail);
    checkGridFits("detail", size.width, size.height);
    if (!std::isfinite(metresPerSample) || !(metresPerSample > 0.0)) {
        throw InputError(field::kMetresPerPixel, std::to_string(metresPerSample), "a finite number greater than 0");
    }
    out.reshapeUninitialized(size.width, size.height);
    algorithm.generateInto(recipe, metresPerSample, context, out);
}

Heightmap generate(const Registry& registry, const Recipe& recipe, double metresPerSample,
                   const GenerateContext& context) {
    Heightmap out;
    generateInto(registry, recipe, metresPerSample, context, out);
    return out;
}

void generateInto(const Registry& registry, const Recipe& recipe, const GenerateContext& context,
                  Heightmap& out) {
    generateInto(registry, recipe, 1.0, context, out);
}

Heightmap generate(const Registry& registry, const Recipe& recipe, const GenerateContext& context) {
    return generate(registry, recipe, 1.0, context);
}

double spacingAtDetail(const Registry& registry, const Recipe& recipe, double metresPerSample, int detail) {
    const Algorithm& algorithm = registry.get(recipe.algorithm);
    const double from = double(algorithm.sizeForDetail(recipe.detail).width - 1);
    const double to = double(algorithm.sizeForDetail(detail).width - 1);
    return from > 0.0 && to > 0.0 ? metresPerSample * from / to : metresPerSample;
}

}  // namespace terrain::core
