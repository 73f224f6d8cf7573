#include "world_units.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>

#include "../errors.h"
#include "float_text.h"

namespace terrain::core {

namespace {

constexpr double kMaxMetresPerPixel = 1e6;
constexpr double kMaxAbsHeight = 1e7;  // 10,000 km: anything beyond is a typo
constexpr const char* kAllowedRange =
    "LO:HI in metres with finite numbers LO < HI, each within +/-1e7 (e.g. 0:250 or -50:1200)";

// The whole of `text` must be a number; a leading '+' is accepted as people type it.
bool parseDouble(std::string_view text, double& value) {
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    if (text.empty() || text.front() == '+') return false;
    double parsed = 0.0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), parsed);
    if (ec != std::errc() || ptr != text.data() + text.size()) return false;
    value = parsed;
    return true;
}

}  // namespace

WorldUnits WorldUnits::withHeightRange(WorldUnits base, const std::string& text,
                                       const std::string& field) {
    const auto colon = text.find(':', text.empty() ? 0 : 1);  // LO may start with '-'
    double lo = 0.0, hi = 0.0;
    if (colon == std::string::npos ||
        !parseDouble(std::string_view(text).substr(0, colon), lo) ||
        !parseDouble(std::string_view(text).substr(colon + 1), hi) || !std::isfinite(lo) ||
        !std::isfinite(hi) || !(lo < hi) || std::fabs(lo) > kMaxAbsHeight ||
        std::fabs(hi) > kMaxAbsHeight) {
        throw InputError(field, text, kAllowedRange);
    }
    base.loMetres = lo;
    base.hiMetres = hi;
    return base;
}

WorldUnits WorldUnits::withMetresPerPixel(WorldUnits base, const std::string& text,
                                          const std::string& field) {
    double value = 0.0;
    if (!parseDouble(text, value) || !std::isfinite(value) || !(value > 0.0) ||
        value > kMaxMetresPerPixel) {
        throw InputError(field, text, "a number of metres greater than 0 and at most 1e6");
    }
    base.metresPerPixel = value;
    return base;
}

void WorldUnits::validate() const {
    if (!std::isfinite(metresPerPixel) || !(metresPerPixel > 0.0) ||
        metresPerPixel > kMaxMetresPerPixel) {
        throw InputError(field::kMetresPerPixel, formatFloat(float(metresPerPixel)),
                         "a number of metres greater than 0 and at most 1e6");
    }
    if (!std::isfinite(loMetres) || !std::isfinite(hiMetres) || !(loMetres < hiMetres) ||
        std::fabs(loMetres) > kMaxAbsHeight || std::fabs(hiMetres) > kMaxAbsHeight) {
        throw InputError(field::kHeightRange,
                         formatFloat(float(loMetres)) + ":" + formatFloat(float(hiMetres)),
                         kAllowedRange);
    }
}

double metresOf(const ResolvedMapping& mapping, const WorldUnits& world, float raw) {
    // The unit in double (as ResolvedMapping::code() does): a float one would lose the last bits
    // of the metres. NaN and a flat map go to the low end, +/-infinity to the ends.
    double t = 0.0;
    if (!std::isnan(raw) && mapping.hi > mapping.lo) {
        t = (double(raw) - double(mapping.lo)) / (double(mapping.hi) - double(mapping.lo));
        if (!mapping.extrapolate) t = std::clamp(t, 0.0, 1.0);
    }
    return world.loMetres + t * world.rangeMetres();
}

}  // namespace terrain::core
