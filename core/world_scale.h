#pragma once
// The fixed scale from a recipe's raw heights to metres ("heights in metres are the
// same at every detail"). The raw range that becomes the world's height range is the range of
// the recipe's map at one fixed reference detail. By the lattice rule that map is the same
// terrain at every detail (every 2^k-th sample of a finer map), so the scale never depends on
// the detail being looked at or exported, and a point has the same metres at detail 9 and 12.
//
// Why the map at a reference detail and not a bound derived from amplitude and roughness: a
// bound that holds for every seed is several times wider than any one terrain (the random
// displacements rarely all push the same way), so a designer's "0..600 m" would hold a terrain
// of 150 m. The reference map's range is the terrain's own: its highest point at the reference
// detail is exactly the top of the range. Finer details add points between the reference
// samples, which can reach a little past the ends (a few percent at roughness 0.6; the finest
// levels' displacements are small); float exports keep those metres, integer exports spread
// their codes over the map's own min..max and write which metres code 0 and full scale are.
#include "io/height_mapping.h"
#include "recipe_world.h"

namespace terrain::core {

class Registry;
struct Recipe;
struct GenerateContext;

// The world mapping (HeightMapping::Mode::World) for `recipe` in a world whose sample spacing at
// recipe.detail is `metresPerSample`: lo/hi are the finite min/max of its base generator's map
// at the recipe world's reference detail (or the algorithm's nearest allowed detail) over the same extent. A flat
// reference map gets a unit-wide range around its height, so the scale stays finite.
HeightMapping worldMapping(const Registry& registry, const Recipe& recipe, double metresPerSample,
                           const GenerateContext& context);

}  // namespace terrain::core
