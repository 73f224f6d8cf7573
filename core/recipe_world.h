#pragma once
// The world a recipe stands for (recipe format 4): what its map measures, the same at every
// detail. The extent is the map's west-east span in metres (width - 1 sample spacings), so the
// spacing at detail d is extent / 2^d and a recipe makes the same terrain at every detail, in the
// CLI and the editor, with no flag repeated. The height range is what the base generator's map
// at the reference detail spans (core/world_scale.h). The sea level is where the editor draws its
// water and what exports and engines call sea level.
//
// A recipe is a shape, not a size: moving it into another world (rescaledToWorld) scales every
// parameter in metres with the world (ParamScale), so it looks the same at any size.
#include <nlohmann/json_fwd.hpp>

#include <string>

namespace terrain::core {

class Registry;
struct Recipe;
struct WorldUnits;

// The base generator's map at this detail (1025 samples a side) sets the height scale: about a
// millisecond to generate, and fine enough that finer levels move the range by little.
inline constexpr int kReferenceDetail = 10;
inline constexpr int kMinReferenceDetail = 4;
inline constexpr int kMaxReferenceDetail = 12;
// 40,000 km: the Earth's circumference; the spacing at the recipe's detail is also bounded by
// WorldUnits::validate (at most 1e6 m per sample).
inline constexpr double kMaxExtentMetres = 4e7;

struct RecipeWorld {
    double extentMetres = 512.0;  // west-east span of the map: 1 m per sample at detail 9
    double loMetres = 0.0;        // the height range
    double hiMetres = 100.0;
    double seaLevelMetres = 0.0;
    int referenceDetail = kReferenceDetail;

    bool operator==(const RecipeWorld&) const = default;
};

// The world of a recipe saved before format 4: 1 m per sample at `detail`, heights 0..100 m (what
// the CLI assumed without --metres-per-pixel, --world-size and --height-range).
RecipeWorld legacyWorld(int detail);

// The sample spacing and height range of `recipe` at its detail (extent / 2^detail), and at
// another detail of the same extent (a world's detail, a lower preview).
WorldUnits worldUnits(const Recipe& recipe);
WorldUnits worldUnitsAt(const Recipe& recipe, int detail);
// The world whose spacing at `detail` and height range are `units` (the sea level stays `base`'s).
RecipeWorld worldWithUnits(RecipeWorld base, const WorldUnits& units, int detail);

// Throws InputError naming the field (world.extent_m, world.height_range_m, world.sea_level_m,
// world.reference_detail) unless every value is allowed and the spacing at `detail` is.
void validateWorld(const RecipeWorld& world, int detail);

nlohmann::json worldToJson(const RecipeWorld& world);
// {"extent_m", "height_range_m": [LO, HI], "sea_level_m", "reference_detail"}: missing keys take
// the defaults; unknown keys, wrong types and values out of range throw InputError naming them.
RecipeWorld worldFromJson(const nlohmann::json& json, int detail);

// The sea level of `from` moved into `to`'s height range as a height parameter moves (affinely:
// the same fraction of the range), so a coast stays where the terrain's shape put it. Returns
// `to` with that sea level; unchanged when the height ranges are the same.
RecipeWorld withSeaLevelMoved(const RecipeWorld& from, RecipeWorld to);

// `recipe` moved into world `to`: every parameter of the base generator and of each entry scales
// by its ParamScale (horizontal lengths with the extent, vertical ones with the height range,
// heights affinely from one range to the other, slopes by the ratio of the two), so the terrain's
// shape (its heights normalised to the range) stays the same. Throws InputError naming `field`
// and the parameter when a scaled value leaves its allowed range.
Recipe rescaledToWorld(const Registry& registry, const Recipe& recipe, const RecipeWorld& to,
                       const std::string& field);

}  // namespace terrain::core
