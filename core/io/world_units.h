#pragma once
// Real units for an export: how many metres one sample spans, and which heights in metres the
// mapped range covers. The height mapping (height_mapping.h) turns a raw height into t in [0, 1];
// the world units turn t into metres: metres = lo + t * (hi - lo). Float formats store those
// metres; integer formats store codes round(t * full scale), with lo/hi written in the metadata.
#include <string>

#include "../errors.h"
#include "height_mapping.h"

namespace terrain::core {

struct WorldUnits {
    double metresPerPixel = 1.0;  // horizontal spacing of samples
    double loMetres = 0.0;        // height of code 0 (raw min with the normalize mapping)
    double hiMetres = 100.0;      // height of the full-scale code (raw max)

    double rangeMetres() const { return hiMetres - loMetres; }

    // "LO:HI" in metres, finite, LO < HI; throws InputError naming `field`.
    static WorldUnits withHeightRange(WorldUnits base, const std::string& text,
                                      const std::string& field = field::kHeightRange);
    // A finite number > 0 (at most 1e6); throws InputError naming `field`.
    static WorldUnits withMetresPerPixel(WorldUnits base, const std::string& text,
                                         const std::string& field = field::kMetresPerPixel);
    // Throws InputError naming field::kMetresPerPixel or field::kHeightRange when a value built
    // in code (the editor's fields) is out of range.
    void validate() const;
};

// Metres for a raw height under `mapping`, computed in double (clamped to the height range
// unless the mapping extrapolates: the World mapping).
double metresOf(const ResolvedMapping& mapping, const WorldUnits& world, float raw);

}  // namespace terrain::core
