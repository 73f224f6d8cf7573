#pragma once
// What the stack evaluator and the window evaluator share: a generator layer's recipe and how it
// is blended in, the mapping of a reference range, raw heights <-> metres.
#include "../heightmap.h"
#include "../io/height_mapping.h"
#include "../io/world_units.h"
#include "../recipe.h"
#include "operation.h"

namespace terrain::core {

struct GenerateContext;

// The World mapping of a reference range (a flat range gets a span of 1).
HeightMapping mappingFor(MinMax range);

// A generator layer's own recipe: its type and parameters at the stack's detail, its seed offset.
Recipe layerRecipe(const Recipe& recipe, const OpInstance& op);

// Sources of metres (Algorithm::heightsInMetres): as the base, the raw range is the world's height
// range itself (raw units are metres: the scale is 1 when the range is float-exact); as a layer,
// raw = metres with its floor at 0 m (add puts its metres on top), and multiply scales by where
// its metres lie in the world's height range.
MinMax metresRange(const RecipeWorld& world);
HeightScale metresScale();
HeightMapping metresMapping(MinMax range);

// Raw heights <-> metres under `mapping` and the world's height range.
HeightScale scaleFor(const HeightMapping& mapping, const WorldUnits& world);

// Blends a generator layer (raw heights `b` with scale hb) into the map below (raw `a`, scale ha),
// in the stack's raw units. Plain float arithmetic (no contraction): the same bits everywhere.
void blendLayer(const Heightmap& a, const Heightmap& b, const HeightScale& ha, const HeightScale& hb,
                const HeightMapping& mb, BlendMode mode, double weight, Heightmap& out,
                const GenerateContext& context);

// A group's result (raw `inner`, in the stack's units) blended into the map below the group
// (`below`) as the group entry says (blend, weight; add puts the group's height above the world's
// floor on top, multiply scales by it over the stack's mapping `mapping`), then through `through`
// when given. The same bits everywhere.
void blendGroupInto(const Heightmap& below, const Heightmap& inner, const HeightScale& heights,
                    const HeightMapping& mapping, const OpInstance& group, const Heightmap* through, Heightmap& out,
                    const GenerateContext& context);

// out = out · mask + below · (1 − mask): an entry's result applied through a mask, exactly the
// result where the mask is 1 and exactly the map below where it is 0. The same bits everywhere.
void blendThrough(const Heightmap& below, const Heightmap& mask, Heightmap& out, const GenerateContext& context);

// The mask `name` made lower in the stack; throws InputError naming the entry's `mask` field and
// the masks there are.
const Heightmap& maskBelow(const MaskSet& below, const std::string& name);

}  // namespace terrain::core
