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
    return finiteRange(map.samples().data(), map.samples().size()).minMax();
}

FiniteRange finiteRange(const float* p, std::size_t n) {
    // Sixteen running minima and maxima over interleaved samples, so the loop vectorises (a
    // single select-reduction does not); a non-finite sample counts as +/-infinity there.
    constexpr float kMax = std::numeric_limits<float>::max();
    constexpr float kInf = std::numeric_limits<float>::infinity();
    constexpr std::size_t kLanes = 16;
    float los[kLanes], his[kLanes];
    std::fill(los, los + kLanes, kInf);
    std::fill(his, his + kLanes, -kInf);
    std::size_t i = 0;
    for (; i + kLanes <= n; i += kLanes) {
        for (std::size_t k = 0; k < kLanes; ++k) {
            const float v = p[i + k];
            const bool finite = v >= -kMax && v <= kMax;
            const float a = finite ? v : kInf, b = finite ? v : -kInf;
            los[k] = a < los[k] ? a : los[k];
            his[k] = b > his[k] ? b : his[k];
        }
    }
    float lo = kInf, hi = -kInf;
    for (std::size_t k = 0; k < kLanes; ++k) {
        lo = los[k] < lo ? los[k] : lo;
        hi = his[k] > hi ? his[k] : hi;
    }
    for (; i < n; ++i) {
        const float v = p[i];
        const bool finite = v >= -kMax && v <= kMax;
        lo = finite && v < lo ? v : lo;
        hi = finite && v > hi ? v : hi;
    }
    if (lo > hi) return {};
    // The one case where the lanes' order shows: -0 and +0 compare equal, and a scan keeps the
    // first one it meets. So a zero end takes the sign of the first zero.
    if (lo == 0.0f || hi == 0.0f) {
        const float first = *std::find(p, p + n, 0.0f);
        if (lo == 0.0f) lo = first;
        if (hi == 0.0f) hi = first;
    }
    return {lo, hi, true};
}

FiniteRange merged(FiniteRange first, FiniteRange then) {
    if (!first.any) return then;
    if (!then.any) return first;
    // Strict compares: of equal ends (signed zeros), the earlier piece's stays, as in one scan.
    return {then.min < first.min ? then.min : first.min, then.max > first.max ? then.max : first.max, true};
}

}  // namespace terrain::core
