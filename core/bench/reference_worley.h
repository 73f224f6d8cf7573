#pragma once
// The plain reference for `worley` (Worley 1996, "A cellular texture basis function"): for each
// sample, visit the cells around its own, compute the distance to every cell's feature point and
// keep the two smallest. The same float arithmetic per distance as the kernel (worley_noise.inc),
// so the two match bit for bit; with a wide window it is the brute force that checks the
// kernel's candidate cells.
#include "../generators/worley_noise.h"

namespace terrain::test {

// `window` = 0: the candidate cells of worleyCandidates() for the sample's quarter of its cell;
// else every cell within `window` cells
// (a (2 window + 1)² square).
void referenceWorleyInto(const core::WorleyParams& params, double metresPerSample, core::Heightmap& out,
                         int window = 0);

}  // namespace terrain::test
