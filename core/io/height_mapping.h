#pragma once
// How raw (unitless) heights become integer codes in an export. Written into the export's
// metadata, shared by every exporter and by the editor's preview so that what is shown is what
// is written.
#include "../heightmap.h"

#include <cmath>
#include <cstdint>
#include <string>

namespace terrain::core {

struct HeightMapping {
    // Normalize: map min -> 0, max -> full scale, and min..max -> the world's height range.
    // Clamp: heights <= lo -> 0, >= hi -> full scale, and lo..hi -> the height range.
    // World: the recipe's fixed scale (core/world_scale.h): raw lo..hi -> the height range, so
    //   a point has the same metres and the same code at every detail. Float formats keep
    //   metres beyond the range (finer details can reach a little past the reference map's
    //   ends); integer codes clamp there, and the export warns how far.
    enum class Mode { Normalize, Clamp, World };
    Mode mode = Mode::Normalize;
    float lo = 0.0f;  // Clamp: the clamped range; World: the raw range of the height range
    float hi = 1.0f;
    // World: the detail whose map's range lo..hi is (the recipe world's reference detail), for
    // sidecars and messages.
    int referenceDetail = 10;

    // "normalize", "clamp:LO:HI" or "world" (whose lo/hi the front end fills in from the
    // recipe with worldMapping()); throws InputError naming `field`.
    static HeightMapping parse(const std::string& text,
                               const std::string& field = field::kMapping);
    std::string toString() const;
};

// The resolved linear map from raw heights to [0, 1]: t = clamp((v - lo) * scale, 0, 1).
// For Normalize, lo/hi are the map's min/max (a flat map maps to 0). Only finite samples count
// towards min/max; NaN maps to 0, +/-infinity to the ends.
struct ResolvedMapping {
    float lo = 0.0f;
    float hi = 1.0f;
    float scale = 1.0f;  // 1 / (hi - lo), or 0 for a flat map
    // The World mapping: metres (metresOf) continue the line past lo and hi; codes still clamp.
    bool extrapolate = false;

    // Inline: exporters and the preview call these once per sample.
    float unit(float v) const { return static_cast<float>(unitExact(v)); }  // in [0, 1]
    // round(unit * fullScale), from the double unit: a float one has too few bits to round
    // 16-bit codes correctly.
    std::uint16_t code(float v, std::uint32_t fullScale) const {
        const double scaled = unitExact(v) * double(fullScale < 65535u ? fullScale : 65535u);
        // scaled >= 0, so truncation is floor; unlike std::floor it needs no SSE4.1 to vectorise.
        return static_cast<std::uint16_t>(static_cast<std::uint32_t>(scaled + 0.5));
    }

private:
    // Dividing in double, rather than multiplying by the float `scale`, puts the maximum on
    // exactly 1 and survives ranges like [-3e38, 3e38] whose width overflows a float. NaN -> 0.
    double unitExact(float v) const {
        if (!(hi > lo)) return 0.0;
        const double t = (double(v) - double(lo)) / (double(hi) - double(lo));
        // Written so that NaN (t != t) falls to 0 without a branch on v.
        return t > 0.0 ? (t < 1.0 ? t : 1.0) : 0.0;
    }
};

ResolvedMapping resolveMapping(const HeightMapping& mapping, const Heightmap& map);
// The linear map of [range.min, range.max] to [0, 1]: what Normalize resolves to for a map with
// that finite range. For callers that already know the range (no second scan of the grid), or
// that share one range between several maps.
ResolvedMapping mappingForRange(MinMax range);

// Min/max of the finite samples (NaN and infinities skipped); {0, 0} when there are none.
MinMax finiteMinMax(const Heightmap& map);

// The same for `count` samples in a row, keeping whether any was finite, so that ranges of
// consecutive pieces merge (in order) into exactly the range of the whole, signed zeros included:
// a writer that maps a map piece by piece learns its range on the way.
struct FiniteRange {
    float min = 0.0f;
    float max = 0.0f;
    bool any = false;
    MinMax minMax() const { return any ? MinMax{min, max} : MinMax{}; }
};
FiniteRange finiteRange(const float* samples, std::size_t count);
// `first`'s samples followed by `then`'s, as one scan would find them.
FiniteRange merged(FiniteRange first, FiniteRange then);

}  // namespace terrain::core
