#include "height_mapping.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "../errors.h"
#include "float_text.h"

namespace terrain::core {

namespace {

constexpr const char* kAllowedMapping =
    "'world', 'normalize' or 'clamp:LO:HI' with finite numbers LO < HI (e.g. clamp:0:1)";


}  // namespace

HeightMapping HeightMapping::parse(const std::string& text, const std::string& field) {
    if (text == "normalize") return HeightMapping{};
    if (text == "world") {
        HeightMapping world;
        world.mode = Mode::World;
        return world;
    }

    const std::string prefix = "clamp:";
    if (text.compare(0, prefix.size(), prefix) != 0) throw InputError(field, text, kAllowedMapping);
    const std::string_view rest = std::string_view(text).substr(prefix.size());
    const auto colon = rest.find(':');
    if (colon == std::string_view::npos) throw InputError(field, text, kAllowedMapping);

    HeightMapping mapping;
    mapping.mode = Mode::Clamp;
    if (!parseFloat(rest.substr(0, colon), mapping.lo) ||
        !parseFloat(rest.substr(colon + 1), mapping.hi)) {
        throw InputError(field, text, kAllowedMapping);
    }
    if (!std::isfinite(mapping.lo) || !std::isfinite(mapping.hi)) {
        throw InputError(field, text, "finite numbers in clamp:LO:HI");
    }
    if (!(mapping.lo < mapping.hi)) {
        throw InputError(field, text, "clamp:LO:HI with LO < HI");
    }
    return mapping;
}

std::string HeightMapping::toString() const {
    if (mode == Mode::Normalize) return "normalize";
    if (mode == Mode::World) return "world";
    return "clamp:" + formatFloat(lo) + ":" + formatFloat(hi);
}

ResolvedMapping resolveMapping(const HeightMapping& mapping, const Heightmap& map) {
    if (mapping.mode == HeightMapping::Mode::World &&
        !(std::isfinite(mapping.lo) && std::isfinite(mapping.hi) && mapping.lo < mapping.hi)) {
        throw InputError(field::kMapping, "world (raw range " + formatFloat(mapping.lo) + ".." +
                                              formatFloat(mapping.hi) + ")",
                         "a world mapping with the recipe's raw range (worldMapping())");
    }
    if (mapping.mode == HeightMapping::Mode::Clamp) {
        // parse() already refuses these; a mapping built in code gets the same message.
        if (!std::isfinite(mapping.lo) || !std::isfinite(mapping.hi) ||
            !(mapping.lo < mapping.hi)) {
            throw InputError(field::kMapping, mapping.toString(), kAllowedMapping);
        }
        return mappingForRange({mapping.lo, mapping.hi});
    }
    if (mapping.mode == HeightMapping::Mode::World) {
        ResolvedMapping resolved = mappingForRange({mapping.lo, mapping.hi});
        resolved.extrapolate = true;
        return resolved;
    }
    return mappingForRange(finiteMinMax(map));
}

ResolvedMapping mappingForRange(MinMax range) {
    ResolvedMapping resolved;
    resolved.lo = range.min;
    resolved.hi = range.max;
    // A range narrower than 1/FLT_MAX (denormal heights) would overflow the float.
    const double scale = range.max > range.min ? 1.0 / (double(range.max) - double(range.min)) : 0.0;
    resolved.scale = static_cast<float>(std::min(scale, double(std::numeric_limits<float>::max())));
    return resolved;
}

// minMax() would let one NaN or infinity from a broken generator turn the whole export black;
// the mapping only looks at the finite samples and unit() maps the others to the ends.
MinMax finiteMinMax(const Heightmap& map) {
    float lo = std::numeric_limits<float>::infinity();
    float hi = -std::numeric_limits<float>::infinity();
    constexpr float kMax = std::numeric_limits<float>::max();
    for (const float v : map.samples()) {
        // Branch-free so the loop vectorises: a non-finite v leaves lo and hi as they are.
        const bool finite = v >= -kMax && v <= kMax;
        lo = finite && v < lo ? v : lo;
        hi = finite && v > hi ? v : hi;
    }
    if (lo > hi) return {};
    return {lo, hi};
}

}  // namespace terrain::core
