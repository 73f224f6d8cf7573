#include "stage_blend.h"

#include "../cancel.h"
#include "../errors.h"
#include "../parallel.h"

#include <algorithm>

namespace terrain::core {
namespace {

template <class F>
void rowsOf(const Heightmap& map, const GenerateContext& context, F body) {
    parallelRows(map.height(), threadsForWork(double(map.sampleCount()), context.threads), context,
                 [&](int begin, int end) {
                     for (int y = begin; y < end; ++y) body(y);
                 });
}

}  // namespace

HeightMapping mappingFor(MinMax range) {
    HeightMapping mapping;
    mapping.mode = HeightMapping::Mode::World;
    mapping.lo = range.min;
    mapping.hi = range.max > range.min ? range.max : range.min + 1.0f;
    return mapping;
}

// A generator layer's own recipe: its type and parameters at the stack's detail, its seed offset.
Recipe layerRecipe(const Recipe& recipe, const OpInstance& op) {
    Recipe layer;
    layer.algorithm = op.type;
    layer.detail = recipe.detail;
    layer.seed = recipe.seed + op.seedOffset;
    layer.params = op.params;
    layer.baseData = op.data;
    return layer;
}

MinMax metresRange(const RecipeWorld& world) {
    return {float(world.loMetres), float(world.hiMetres)};
}

HeightScale metresScale() {
    HeightScale h;
    h.scale = 1.0;
    h.offset = 0.0;
    h.loMetres = 0.0;
    h.hiMetres = 1.0;
    return h;
}

HeightMapping metresMapping(MinMax range) { return mappingFor(range); }

HeightScale scaleFor(const HeightMapping& mapping, const WorldUnits& world) {
    HeightScale h;
    h.loMetres = world.loMetres;
    h.hiMetres = world.hiMetres;
    h.scale = world.rangeMetres() / (double(mapping.hi) - double(mapping.lo));
    h.offset = world.loMetres - double(mapping.lo) * h.scale;
    return h;
}

// Blends a generator layer (raw heights `b` with scale hb) into the map below (raw `a`, scale ha),
// in the stack's raw units. Plain float arithmetic (no contraction): the same bits everywhere.
void blendLayer(const Heightmap& a, const Heightmap& b, const HeightScale& ha, const HeightScale& hb,
                const HeightMapping& mb, BlendMode mode, double weight, Heightmap& out,
                const GenerateContext& context) {
    const int width = a.width();
    const float w = float(weight);
    const float keep = float(1.0 - weight);
    // b in a's raw units: b' = b * r + q.
    const float r = float(hb.scale / ha.scale);
    const float q = float((hb.offset - ha.offset) / ha.scale);
    // The layer's height above its floor (the world's floor for a generator layer, 0 m for a
    // layer of metres), in a's raw units: b * r + q0.
    const float q0 = float((hb.offset - hb.loMetres) / ha.scale);
    const float floorA = float(ha.toRaw(ha.loMetres));
    const float bLo = mb.lo;
    const float bInv = float(1.0 / (double(mb.hi) - double(mb.lo)));
    rowsOf(a, context, [&](int y) {
        const float* pa = a.row(y);
        const float* pb = b.row(y);
        float* po = out.row(y);
        switch (mode) {
        case BlendMode::Add:
            for (int x = 0; x < width; ++x) po[x] = pa[x] + w * (pb[x] * r + q0);
            break;
        case BlendMode::Replace:
            for (int x = 0; x < width; ++x) po[x] = pa[x] * keep + w * (pb[x] * r + q);
            break;
        case BlendMode::Max:
            for (int x = 0; x < width; ++x) {
                const float bb = pb[x] * r + q;
                po[x] = pa[x] + w * (std::max(pa[x], bb) - pa[x]);
            }
            break;
        case BlendMode::Min:
            for (int x = 0; x < width; ++x) {
                const float bb = pb[x] * r + q;
                po[x] = pa[x] + w * (std::min(pa[x], bb) - pa[x]);
            }
            break;
        case BlendMode::Multiply:
            for (int x = 0; x < width; ++x) {
                const float t = (pb[x] - bLo) * bInv;
                po[x] = floorA + (pa[x] - floorA) * (keep + w * t);
            }
            break;
        }
    });
}

void blendGroupInto(const Heightmap& below, const Heightmap& inner, const HeightScale& heights,
                    const HeightMapping& mapping, const OpInstance& group, const Heightmap* through, Heightmap& out,
                    const GenerateContext& context) {
    blendLayer(below, inner, heights, heights, mapping, group.blend, group.weight, out, context);
    if (through != nullptr) blendThrough(below, *through, out, context);
}

// out = out · mask + below · (1 − mask): an entry's result applied through a mask, exactly the
// result where the mask is 1 and exactly the map below where it is 0. Plain float arithmetic:
// the same bits everywhere.
void blendThrough(const Heightmap& below, const Heightmap& mask, Heightmap& out, const GenerateContext& context) {
    const int width = below.width();
    rowsOf(below, context, [&](int y) {
        const float* pb = below.row(y);
        const float* pm = mask.row(y);
        float* po = out.row(y);
        for (int x = 0; x < width; ++x) po[x] = po[x] * pm[x] + pb[x] * (1.0f - pm[x]);
    });
}

const Heightmap& maskBelow(const MaskSet& below, const std::string& name) {
    const auto it = below.find(name);
    if (it != below.end()) return *it->second;
    std::string names;
    for (const auto& [n, mask] : below) names += (names.empty() ? "" : ", ") + n;
    throw InputError("mask", name,
                     names.empty() ? std::string("a mask made lower in the stack (there is none yet: add a mask or "
                                                 "erosion operation below this one)")
                                   : "a mask made lower in the stack: " + names);
}

}  // namespace terrain::core
