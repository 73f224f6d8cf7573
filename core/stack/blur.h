#pragma once
// A Gaussian-like blur of a map, O(1) per sample at any radius: three passes of an extended box
// filter (Gwosdek, Grewenig, Bruhn, Weickert 2011, "Theoretical foundations of Gaussian
// convolution by extended box filtering") along rows, then along columns. Running sums; edges
// clamp (the edge sample repeats outwards). Used by `smooth` (the heights) and by
// `river-erosion` (each step's cut, spread over the river's width).
//
// The running sums are exact: values are whole multiples of a fixed step (FixedPoint) held in
// integers, so adding and removing them never rounds and a sample's sum is the same whichever
// sample the line started from. Each sample's output then depends only on the samples within
// the filter's reach, which is what lets a world tile compute `smooth` on the tile
// grown by that reach and equal the whole map bit for bit; and the split between threads never
// changes a bit.
#include "../cancel.h"

namespace terrain::core {

constexpr int kBlurPasses = 3;
// The widest blur, in samples: wider than any line of a 65537² map, and the fixed-point step
// there is still 2^-10 of the height range. Every ExtendedBox is held to it: a width in metres
// over a tiny spacing (1e-9 m) would otherwise overflow l (undefined behaviour, then a loop
// that never ends).
constexpr double kMaxBlurSigmaSamples = 65536.0;

// One pass: integer half-width l plus a fraction alpha of the next sample on each side, so the
// three passes together have variance sigma^2 exactly for any real sigma.
struct ExtendedBox {
    int l = 0;
    double alpha = 0.0;
    double weight = 1.0;  // 1 / (2l + 1 + 2 alpha)

    // sigmaSamples is held to [0, kMaxBlurSigmaSamples] (NaN: 0).
    explicit ExtendedBox(double sigmaSamples);
    // How far out the three passes read, in samples.
    int reach() const { return kBlurPasses * (l + 1); }
};

// Values as whole numbers of `step` above `origin` in 32-bit integers, the step a fixed fraction
// of `range` (the world's height range): integer running sums never round. A pass adds 2l + 3
// values; each is held within 2^3 ranges of the origin and the step is chosen so that such a sum
// stays below 2^31 (the running sum itself wraps modulo 2^32, which leaves every window's sum
// exact). The step depends only on the filter (l) and the range, never on the map's values, so a
// tile and the whole map use the same one: 2^-22 of the range for l = 28, 2^-19 for l = 198.
struct FixedPoint {
    float origin = 0.0f, step = 1.0f, inverse = 1.0f, bound = 1.0f;

    // A range that is not finite and positive counts as 1 (origin 0).
    FixedPoint(double origin, double range, const ExtendedBox& box);
};

// out = in + strength (blur(in) - in), both width x height, rows contiguous (out may not be in).
// Values beyond 8 ranges of the origin are held there (NaN as the origin). Cancellable at each
// group of rows or columns.
void blurMap(const float* in, float* out, int width, int height, const ExtendedBox& box, const FixedPoint& fixed,
             double strength, const GenerateContext& context);

}  // namespace terrain::core
