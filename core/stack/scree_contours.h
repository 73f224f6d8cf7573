#pragma once
// thermal-erosion's scree under strata smoothed along its contours (scree_contours.cpp).
#include <cstddef>

namespace terrain::core {

struct GenerateContext;

// Scree streaks: with strata the pairs carry loose material down the cliffs and over the aprons
// sample by sample, and an apron comes to rest anywhere within the tolerance of the talus, column
// by column where it faces north or south: streaks down the fall line (on a mesa's apron the
// second difference along the contours varied 0.136 m facing north and south against 0.042 m
// east and west; ThermalErosion.ScreeUnderStrataLiesSmoothWhicheverWayItFaces). At the full
// resolution, once settled, Jacobi passes of diffusion along the contours on the loose material
// (above the rock) take them out: on an even slope the ground along a contour is level and
// nothing moves, so the slopes keep their angle. Against rock (a cliff's foot or top, bare soft
// rock) a sample moves at most half of what keeps the pair at its giver's talus (`tr` times the
// pairs' factors d1, d2), so the cliffs keep their scree; loose neighbours move together (a
// streak rises or falls along its length), and the pair sweeps then settle what went over. Rows
// in parallel from a copy: the same bytes on any thread count. 12 passes: 24 took the north and
// south aprons' variation from 0.048 to 0.044 m (the mesa of docs/erosion.md at 1025²).
// `heights` and `rock` side x side; `tr` each sample's talus as a giver (raw units per sample),
// d1 and d2 the factors of an axis and a diagonal pair; a sample is loose `slack` above the rock.
void smoothScreeAlongContours(float* heights, const float* rock, int side, const float* tr, float d1, float d2,
                              float slack, const GenerateContext& context);

}  // namespace terrain::core
