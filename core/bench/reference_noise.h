#pragma once
// Plain references for the gradient-noise generators, one sample at a time in double, written
// from the published descriptions: Perlin's "Improving noise" (2002) in 2-D (the quintic fade,
// a hashed gradient and value per corner (gradient_noise.h), lerp of the corners' contributions), summed over octaves as
// fBm, and Quilez's "Domain warping" (f(p + s q(p)), f(p + s r(p + s q(p)))). The lattice's
// gradients come from the same hash as the fast kernels (gradient_noise.h), so both compute the
// same function; the fast kernels reorder the arithmetic in float, hence the bounds in the tests.
#include "../generators/gradient_noise.h"

namespace terrain::test {

// One octave of 2-D Perlin noise at lattice position (tx, ty) in cells, lattice key `key`;
// `period` > 0 wraps the lattice indices modulo it.
double referencePerlin(double tx, double ty, std::uint32_t key, std::int64_t period = 0);

// The fBm of `params` (style included) at world position (x_m, y_m) metres in a map of
// `side` samples spaced `metresPerSample` (wrap needs the map's extent), lattice field `field`.
double referenceFbmAt(const core::FbmParams& params, int field, double x_m, double y_m, int side,
                      double metresPerSample);

void referenceFbmInto(const core::FbmParams& params, double metresPerSample, core::Heightmap& out);
void referenceWarpedFbmInto(const core::WarpedFbmParams& params, double metresPerSample, core::Heightmap& out);

}  // namespace terrain::test
