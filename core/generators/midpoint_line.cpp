#include "generators.h"

#include "../cancel.h"
#include "../recipe.h"
#include "../rng.h"

namespace terrain::core {

// Seed 003: level L displaces by (u * range - range / 2) * 2^(-H*L - 1); written with the
// per-level factor r = 2^-H so that "roughness" means the same as in diamond-square.
void midpointLineInto(const MidpointLineParams& p, const GenerateContext& context, Heightmap& line) {
    const int length = sideForDetail(p.detail);
    line.reshapeUninitialized(length, 1);
    float* v = line.row(0);
    v[0] = v[length - 1] = 0.0f;  // the end points stay 0, as in seed 003
    const PointHash hash(p.seed, RngStream::MidpointLine);
    float multiplier = 0.5f * p.roughness;  // 2^(-H*1 - 1)
    for (int level = 1; level <= p.detail; ++level, multiplier *= p.roughness) {
        context.throwIfCancelled();
        const int segment = (length - 1) >> level;
        for (int i = segment; i < length - 1; i += 2 * segment) {
            const float u = toUnit(hash(std::uint32_t(i), 0));
            v[i] = (v[i - segment] + v[i + segment]) / 2.0f + (u * p.range - p.range / 2.0f) * multiplier;
        }
        context.report(float(level) / float(p.detail));
    }
}

Heightmap midpointLine(const MidpointLineParams& p, const GenerateContext& context) {
    Heightmap line;
    midpointLineInto(p, context, line);
    return line;
}

MidpointLineParams midpointLineParams(const Recipe& recipe) {
    MidpointLineParams p;
    p.detail = recipe.detail;
    p.seed = recipe.seed;
    p.roughness = float(recipe.params.at("roughness"));
    p.range = float(recipe.params.at("range"));
    return p;
}

Algorithm midpointLineAlgorithm() {
    Algorithm a;
    a.id = "midpoint-line";
    a.name = "Midpoint line (1-D)";
    a.summary = "The 1-D horizon line of seed 003: 2^detail+1 samples in one row";
    a.minDetail = 1;
    a.maxDetail = 20;
    a.defaultDetail = 9;
    a.params = {
        {"roughness", "Roughness", "", ParamKind::Real, 0.0, 1.0, 0.01, 0.5743491,
         "Per-level amplitude factor, 2^-H (seed 003 uses H = 0.8, roughness 0.574)", {}},
        {"range", "Value range", "", ParamKind::Real, 0.0, 4096.0, 1.0, 128.0,
         "Displacements are drawn from [-range/2, range/2) before the level factor (seed 003: 128)", {}},
    };
    a.sizeForDetail = [](int detail) { return Size{sideForDetail(detail), 1}; };
    a.generateInto = [](const Recipe& r, const GenerateContext& c, Heightmap& out) {
        midpointLineInto(midpointLineParams(r), c, out);
    };
    return a;
}

}  // namespace terrain::core
