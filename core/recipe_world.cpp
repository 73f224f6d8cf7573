#include "recipe_world.h"

#include "errors.h"
#include "io/world_units.h"
#include "json_input.h"
#include "recipe.h"
#include "registry.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <numbers>
#include <sstream>

namespace terrain::core {
namespace {

using nlohmann::json;

constexpr double kMaxAbsHeight = 1e7;  // as WorldUnits: anything beyond is a typo

std::string numberText(double v) {
    std::ostringstream out;
    out.precision(10);
    out << v;
    return out.str();
}

double spansAt(int detail) { return std::ldexp(1.0, detail); }

double readNumber(const json& value, const std::string& field, const std::string& allowed) {
    if (!value.is_number() || !std::isfinite(value.get<double>())) {
        throw InputError(field, jsonForMessage(value), allowed);
    }
    return value.get<double>();
}

const char* const kExtentAllowed = "metres across the map (west to east), greater than 0 and at most 4e7";
const char* const kRangeAllowed = "[LOW, HIGH] in metres, finite, LOW < HIGH, each within +/-1e7";
const char* const kSeaAllowed = "a height in metres within +/-1e7";

// A height in metres moved affinely from one height range to the other.
double movedHeight(double metres, const RecipeWorld& from, const RecipeWorld& to) {
    const double r = (to.hiMetres - to.loMetres) / (from.hiMetres - from.loMetres);
    return to.loMetres + (metres - from.loMetres) * r;
}

double scaledValue(const ParamSpec& spec, double v, const RecipeWorld& from, const RecipeWorld& to) {
    const double h = to.extentMetres / from.extentMetres;
    const bool sameHeights = from.loMetres == to.loMetres && from.hiMetres == to.hiMetres;
    const double r = (to.hiMetres - to.loMetres) / (from.hiMetres - from.loMetres);
    switch (spec.scale) {
    case ParamScale::None:
        return v;
    case ParamScale::Horizontal:
        return v * h;
    case ParamScale::Area:
        return v * h * h;
    case ParamScale::PerArea:
        return v / (h * h);
    case ParamScale::Vertical:
        return sameHeights ? v : v * r;
    case ParamScale::Height:
        if (sameHeights || v <= spec.min || v >= spec.max) return v;
        return movedHeight(v, from, to);
    case ParamScale::Slope: {
        if (h == 1.0 && sameHeights) return v;
        if (v <= 0.0 || v >= 90.0) return v;
        const double rad = v * std::numbers::pi / 180.0;
        return std::atan(std::tan(rad) * (sameHeights ? 1.0 : r) / h) * 180.0 / std::numbers::pi;
    }
    }
    return v;
}

void rescaleParams(const std::vector<ParamSpec>& table, std::map<std::string, double>& params,
                   const RecipeWorld& from, const RecipeWorld& to, const std::string& owner,
                   const std::string& field, const std::string& worldText) {
    for (const ParamSpec& spec : table) {
        if (spec.scale == ParamScale::None) continue;
        const auto it = params.find(spec.key);
        if (it == params.end()) continue;
        double v = scaledValue(spec, it->second, from, to);
        if (spec.kind == ParamKind::Integer) v = std::round(v);
        if (!std::isfinite(v) || v < spec.min || v > spec.max) {
            throw InputError(field, worldText,
                             "a world in which " + owner + "." + spec.key + " (" + numberText(it->second) +
                                 " " + spec.unit + " in the recipe's world, " + numberText(v) +
                                 " in this one) stays within [" + numberText(spec.min) + ", " +
                                 numberText(spec.max) + "]");
        }
        it->second = v;
    }
}

}  // namespace

RecipeWorld legacyWorld(int detail) {
    RecipeWorld world;
    world.extentMetres = spansAt(detail);
    return world;
}

WorldUnits worldUnitsAt(const Recipe& recipe, int detail) {
    WorldUnits units;
    units.metresPerPixel = recipe.world.extentMetres / spansAt(detail);
    units.loMetres = recipe.world.loMetres;
    units.hiMetres = recipe.world.hiMetres;
    return units;
}

WorldUnits worldUnits(const Recipe& recipe) { return worldUnitsAt(recipe, recipe.detail); }

RecipeWorld worldWithUnits(RecipeWorld base, const WorldUnits& units, int detail) {
    base.extentMetres = units.metresPerPixel * spansAt(detail);
    base.loMetres = units.loMetres;
    base.hiMetres = units.hiMetres;
    return base;
}

void validateWorld(const RecipeWorld& world, int detail) {
    if (!std::isfinite(world.extentMetres) || !(world.extentMetres > 0.0) || world.extentMetres > kMaxExtentMetres) {
        throw InputError("world.extent_m", numberText(world.extentMetres), kExtentAllowed);
    }
    const double spacing = world.extentMetres / spansAt(detail);
    if (!(spacing <= 1e6)) {
        throw InputError("world.extent_m", numberText(world.extentMetres),
                         "at most 1e6 m per sample at detail " + std::to_string(detail) + " (" +
                             numberText(spansAt(detail) * 1e6) + " m)");
    }
    if (!std::isfinite(world.loMetres) || !std::isfinite(world.hiMetres) || !(world.loMetres < world.hiMetres) ||
        std::fabs(world.loMetres) > kMaxAbsHeight || std::fabs(world.hiMetres) > kMaxAbsHeight) {
        throw InputError("world.height_range_m", "[" + numberText(world.loMetres) + ", " + numberText(world.hiMetres) + "]",
                         kRangeAllowed);
    }
    if (!std::isfinite(world.seaLevelMetres) || std::fabs(world.seaLevelMetres) > kMaxAbsHeight) {
        throw InputError("world.sea_level_m", numberText(world.seaLevelMetres), kSeaAllowed);
    }
    if (world.referenceDetail < kMinReferenceDetail || world.referenceDetail > kMaxReferenceDetail) {
        throw InputError("world.reference_detail", std::to_string(world.referenceDetail),
                         "a whole number from " + std::to_string(kMinReferenceDetail) + " to " +
                             std::to_string(kMaxReferenceDetail));
    }
}

json worldToJson(const RecipeWorld& world) {
    return json{{"extent_m", world.extentMetres},
                {"height_range_m", {world.loMetres, world.hiMetres}},
                {"sea_level_m", world.seaLevelMetres},
                {"reference_detail", world.referenceDetail}};
}

RecipeWorld worldFromJson(const json& j, int detail) {
    if (!j.is_object()) {
        throw InputError("world", jsonForMessage(j), "an object with extent_m, height_range_m, sea_level_m, reference_detail");
    }
    for (const auto& item : j.items()) {
        const std::string& key = item.key();
        if (key != "extent_m" && key != "height_range_m" && key != "sea_level_m" && key != "reference_detail") {
            throw InputError("world." + quoteForMessage(key), jsonForMessage(item.value()),
                             "extent_m, height_range_m, sea_level_m or reference_detail");
        }
    }
    RecipeWorld world = legacyWorld(detail);
    if (j.contains("extent_m")) world.extentMetres = readNumber(j["extent_m"], "world.extent_m", kExtentAllowed);
    if (j.contains("height_range_m")) {
        const json& range = j["height_range_m"];
        if (!range.is_array() || range.size() != 2) {
            throw InputError("world.height_range_m", jsonForMessage(range), kRangeAllowed);
        }
        world.loMetres = readNumber(range[0], "world.height_range_m", kRangeAllowed);
        world.hiMetres = readNumber(range[1], "world.height_range_m", kRangeAllowed);
    }
    if (j.contains("sea_level_m")) world.seaLevelMetres = readNumber(j["sea_level_m"], "world.sea_level_m", kSeaAllowed);
    if (j.contains("reference_detail")) {
        const json& d = j["reference_detail"];
        if (!d.is_number_integer() || d.get<long long>() < kMinReferenceDetail ||
            d.get<long long>() > kMaxReferenceDetail) {
            throw InputError("world.reference_detail", jsonForMessage(d),
                             "a whole number from " + std::to_string(kMinReferenceDetail) + " to " +
                                 std::to_string(kMaxReferenceDetail));
        }
        world.referenceDetail = d.get<int>();
    }
    validateWorld(world, detail);
    return world;
}

RecipeWorld withSeaLevelMoved(const RecipeWorld& from, RecipeWorld to) {
    if (from.loMetres == to.loMetres && from.hiMetres == to.hiMetres) return to;
    to.seaLevelMetres = movedHeight(from.seaLevelMetres, from, to);
    return to;
}

Recipe rescaledToWorld(const Registry& registry, const Recipe& recipe, const RecipeWorld& to,
                       const std::string& field) {
    validateWorld(to, recipe.detail);
    Recipe out = recipe;
    out.world = to;
    if (to.extentMetres == recipe.world.extentMetres && to.loMetres == recipe.world.loMetres &&
        to.hiMetres == recipe.world.hiMetres) {
        return out;  // the same size: every value stays as it is, bit for bit
    }
    const std::string worldText = numberText(to.extentMetres) + " m, " + numberText(to.loMetres) + ":" +
                                  numberText(to.hiMetres) + " m";
    rescaleParams(registry.get(recipe.algorithm).params, out.params, recipe.world, to, kBaseOpId, field, worldText);
    for (OpInstance& op : out.operations) {
        const OpTypeView view = opTypeView(registry, op.type);
        rescaleParams(*view.params, op.params, recipe.world, to, op.id, field, worldText);
    }
    return out;
}

}  // namespace terrain::core
