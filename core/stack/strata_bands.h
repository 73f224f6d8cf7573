#pragma once
// The strata thermal-erosion and river-erosion read (internal to core/stack): their shape, how far
// each sample lies higher in the bands than its height says, from a dip, folds, faults and
// wandering boundaries, all placed by world position so every level and detail sees the same
// bands; whether a place in the bands is hard rock; and each sample's talus (thermal-erosion),
// from the band its height lies in.
#include <algorithm>
#include <cmath>
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
    // A fault faultLength_m long (0: endless) moves the bands (and a scarp's ground) half its
    // throw either way, by throw (1 - u²)² (1 - v²)² at u half lengths along the strike from its
    // middle (level with the map's centre) and v half lengths across it: whole at the middle,
    // dying out smoothly at its tips and a half length to either side. With a spacing, the step
    // faults within a half length of the first one.
    double faultLength_m = 0.0;

    bool level() const { return !(dip_deg > 0.0 || noise_m > 0.0 || fold_m > 0.0 || faultThrow_m != 0.0); }
};

// out[y * side + x]: the bands (each strata_m thick) sample (x, y) of a level `side` samples
// wide at `spacing_m` lies higher in them than its height says (u = (z + tan(dip) d + noise -
// fold + throw x faults crossed) / strata). `origin`: the samples before the map's first, in x and
// in y (a level extended past the map's edge on every side; its centre is the map's). Rows in
// parallel, each sample on its own: the same bits on any thread count.
void strataOffsets(const StrataShape& shape, double strata_m, int side, double spacing_m, std::uint64_t seed,
                   const GenerateContext& context, std::vector<float>& out, int origin = 0);

// The ground beyond each fault of `shape` dropped by `drop` (raw units; the throw for a fresh
// fault, whose scarp cuts the bands as they stand either side): a scarp `drop` high along each
// fault line, the ground moved half of it either way from the fault at the offset (the map's
// heights stay centred; only the sides' relative move shows). Heights side x side at spacing_m;
// rows in parallel: the same bits on any thread count.
void dropBeyondFaults(const StrataShape& shape, double drop, int side, double spacing_m, const GenerateContext& context,
                      float* heights);

// How a level reads the bands: loose material (above the rock, the level's input) and soft rock
// rest at the talus, hard rock at the cliff angle; a band's rock is hard where the height, in
// metres, lies in the lowest `share` of its band.
struct StrataTalus {
    bool on = false;
    float rawZero = 0.0f;   // the raw height of 0 m
    float perBand = 0.0f;   // bands per raw unit
    const float* offset = nullptr;  // per sample: bands added (strataOffsets), or none (level bands)
    float share = 0.5f;
    const float* shares = nullptr;  // each band's own share (strataShares), or none (every band `share`)
    float tanSoft = 0.0f, tanHard = 0.0f;  // raw units per sample spacing
    float rockSlack = 0.0f;                // a sample this little above the rock is rock
};

constexpr int kShareBands = 1024;

// Whether u, a place in the bands (bands above 0 m, plus the sample's offset), lies in hard rock:
// in the lowest `share` of its band, or with `shares` its band's own share (strataShares). The
// band's index modulo kShareBands is found without an integer conversion that could overflow
// (band - kShareBands floor(band / kShareBands) lies in [0, kShareBands]).
inline bool inHardRock(float u, float share, const float* shares) {
    const float band = std::floor(u);
    if (shares != nullptr) {
        constexpr float kBands = float(kShareBands);
        share = shares[std::min(int(band - kBands * std::floor(band / kBands)), kShareBands - 1)];
    }
    return u - band < share;
}

// Each band's hard share when the bands differ (`variety` > 0): band k's is share + variety x
// min(share, 1 - share) x (2 r - 1), r in [0, 1) drawn for k from `seed` (so the shares average
// `share` and stay in [0, 1]), for k modulo kShareBands (a pattern that repeats every 1024 bands).
void strataShares(double share, double variety, std::uint64_t seed, std::vector<float>& out);

// out[y * side + x]: the talus of sample (x, y) of `heights` (raw units per sample spacing), over
// `rock` (both side x side). Rows in parallel, each sample on its own: the same bytes on any thread
// count.
void strataThresholds(const float* heights, const float* rock, int side, const StrataTalus& s, std::vector<float>& out,
                      const GenerateContext& context);

}  // namespace terrain::core
