#pragma once
// How raw (unitless) heights become integer codes in an export. Written into the export's
// metadata, shared by every exporter and by the editor's preview so that what is shown is what
// is written.
#include "../heightmap.h"

#include <cstdint>
#include <string>

namespace terrain::core {

struct HeightMapping {
    enum class Mode { Normalize, Clamp };
    Mode mode = Mode::Normalize;  // Normalize: map min -> 0, max -> full scale
    float lo = 0.0f;              // Clamp: heights <= lo -> 0, >= hi -> full scale
    float hi = 1.0f;

    // "normalize" or "clamp:LO:HI"; throws InputError naming `field`.
    static HeightMapping parse(const std::string& text, const std::string& field = "--map");
    std::string toString() const;
};

// The resolved linear map from raw heights to [0, 1]: t = clamp((v - lo) * scale, 0, 1).
// For Normalize, lo/hi are the map's min/max (a flat map maps to 0). Only finite samples count
// towards min/max; NaN maps to 0, +/-infinity to the ends.
struct ResolvedMapping {
    float lo = 0.0f;
    float hi = 1.0f;
    float scale = 1.0f;  // 1 / (hi - lo), or 0 for a flat map

    float unit(float v) const;                                    // in [0, 1]
    std::uint16_t code(float v, std::uint32_t fullScale) const;  // round(unit * fullScale)
};

ResolvedMapping resolveMapping(const HeightMapping& mapping, const Heightmap& map);

// Min/max of the finite samples (NaN and infinities skipped); {0, 0} when there are none.
MinMax finiteMinMax(const Heightmap& map);

}  // namespace terrain::core
