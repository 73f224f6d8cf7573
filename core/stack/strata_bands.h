#pragma once
// The shape of thermal-erosion's strata (internal to core/stack): how far each sample lies
// higher in the bands than its height says, from a dip, folds and wandering boundaries, all
// placed by world position so every level and detail sees the same bands.
#include <cstdint>
#include <vector>

namespace terrain::core {

struct GenerateContext;

struct StrataShape {
    // The bands tilt by dip_deg, falling towards the compass bearing dipDirection_deg (0 north,
    // 90 east): a band lies tan(dip) metres lower for every metre in that direction.
    double dip_deg = 0.0;
    double dipDirection_deg = 90.0;
    // The boundaries wander: each band lies up to noise_m higher or lower, in features of
    // noiseScale_m (smooth value noise placed by world position).
    double noise_m = 0.0;
    double noiseScale_m = 500.0;
    // The bands fold: they rise and fall by fold_m in waves foldWavelength_m long across the fold
    // axis (compass bearing foldAxis_deg), an anticline's crest along the axis through the map's
    // centre: a band lies fold_m cos(2 pi s / wavelength) higher at a distance s across the axis.
    double fold_m = 0.0;
    double foldWavelength_m = 2000.0;
    double foldAxis_deg = 0.0;
    // The bands are faulted: on the far side of a fault (to the right, facing along its strike,
    // compass bearing faultStrike_deg: east of a north-south fault) they lie faultThrow_m lower
    // (< 0: higher). The fault passes faultOffset_m from the map's centre across its strike; with
    // faultSpacing_m > 0 another follows every faultSpacing_m, each with the same throw (step faults).
    double faultThrow_m = 0.0;
    double faultStrike_deg = 0.0;
    double faultOffset_m = 0.0;
    double faultSpacing_m = 0.0;

    bool level() const { return !(dip_deg > 0.0 || noise_m > 0.0 || fold_m > 0.0 || faultThrow_m != 0.0); }
};

// out[y * side + x]: the bands (each strata_m thick) sample (x, y) of a level `side` samples
// wide at `spacing_m` lies higher in them than its height says (u = (z + tan(dip) d + noise -
// fold + throw x faults crossed) / strata). Rows in parallel, each sample on its own: the same bits on any thread count.
void strataOffsets(const StrataShape& shape, double strata_m, int side, double spacing_m, std::uint64_t seed,
                   const GenerateContext& context, std::vector<float>& out);

}  // namespace terrain::core
