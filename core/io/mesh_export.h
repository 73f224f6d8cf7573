#pragma once
// The heightmap as a triangle mesh in metres: Wavefront OBJ and binary glTF 2.0 (.glb).
// Y is up (glTF's convention), x grows east with the columns, z grows south with the rows, so
// sample (x, y) sits at (x * metres per pixel, height in metres, y * metres per pixel).
//
// Simplification is a regular-grid decimation, not an error-driven one: with a triangle budget
// the mesh keeps every k-th sample in each direction (plus the last row and column, so the
// outline and corners stay exact) for the smallest k that fits the budget. It is honest and
// predictable but spends triangles on flat ground like on ridges.
#include <cstdint>
#include <filesystem>
#include <vector>

#include "../heightmap.h"
#include "height_mapping.h"
#include "world_units.h"

namespace terrain::core {

struct GridMesh {
    std::vector<float> positions;       // x, y, z per vertex
    std::vector<std::uint32_t> indices; // three per triangle, counter-clockwise seen from above
    int columns = 0;                    // vertices per row
    int rows = 0;
    int step = 1;                       // k: every k-th sample kept
};

// targetTriangles 0 keeps every sample. Throws SizeError when the mesh would not fit in memory.
GridMesh buildGridMesh(const Heightmap& map, const ResolvedMapping& mapping,
                       const WorldUnits& world, std::int64_t targetTriangles);

// Both write atomically and throw IoError like the other exporters.
void writeObj(const GridMesh& mesh, const std::filesystem::path& path);
void writeGlb(const GridMesh& mesh, const std::filesystem::path& path);

}  // namespace terrain::core
