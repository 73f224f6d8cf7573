#pragma once
// Error-driven simplification of a height field to a triangle budget: greedy insertion into a
// Delaunay triangulation (Garland & Heckbert 1995, "Fast Polygonal Approximation of Terrains and
// Height Fields", algorithm III; the same scheme as fogleman/hmm and mapbox/delatin).
//
// It starts from the four corner samples (two triangles) and repeatedly inserts the sample whose
// height is furthest (vertically) from the current mesh, restoring the Delaunay property by edge
// flips, until the next insertion would exceed the budget or every sample lies on the mesh.
// Every vertex is a sample of the grid, so the mesh covers the grid's rectangle exactly, for any
// width and height (no 2^n+1 padding), and a Delaunay triangulation has no T-junctions. Vertex
// coordinates are integers, so the orientation and in-circle tests are exact and the result is
// the same on every run.
#include <cstdint>
#include <vector>

namespace terrain::core {

struct HeightFieldTin {
    std::vector<std::int32_t> points;      // column, row of each vertex (a sample of the grid)
    std::vector<std::uint32_t> triangles;  // three vertex indices a triangle, see below
    double maxError = 0.0;                 // largest |sample - mesh| over every sample
};

// `heights`: width x height finite samples, row-major. Stops at `maxTriangles` (>= 2) or when
// every sample is within float rounding of the mesh (2^-20 of the largest |height|). Triangles
// wind clockwise in (column, row) coordinates, that is counter-clockwise seen from above when
// rows run south and heights up.
HeightFieldTin simplifyHeightField(const float* heights, int width, int height,
                                   std::int64_t maxTriangles);

// Bytes simplifyHeightField() may hold at once for a budget (for refusing before allocating).
std::uint64_t simplifyWorkingBytes(std::int64_t maxTriangles);

}  // namespace terrain::core
