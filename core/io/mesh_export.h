#pragma once
// The heightmap as a triangle mesh in metres: Wavefront OBJ and binary glTF 2.0 (.glb).
// Y is up (glTF's convention), x grows east with the columns, z grows south with the rows, so
// sample (x, y) sits at (x * metres per pixel, height in metres, y * metres per pixel).
//
// With a triangle budget the mesh is simplified by error (mesh_simplify.h): greedy insertion of
// the sample furthest from the mesh into a Delaunay triangulation, so flat ground gets few large
// triangles and ridges many small ones. Every vertex is a sample, the four map corners are
// vertices, the outline is the map's exactly and there are no T-junctions, for any map size.
#include <cstdint>
#include <filesystem>
#include <vector>

#include "../heightmap.h"
#include "file_transaction.h"
#include "height_mapping.h"
#include "world_units.h"

namespace terrain::core {

// A mesh whose vertices are samples of the grid (all of them, or a simplified subset).
//
// Each vertex carries its sample's normal and UV, so importers shade it smoothly and can lay the
// splat maps and other images of the same map over it. The normal is the height field's, not the
// faces': central differences in metres (one-sided at the map's edges), as the normal maps
// (normal_map.h), so it does not change when simplification removes the vertex's neighbours. UVs
// span the map, u = column / (width - 1) east, v = row / (height - 1) south: image coordinates,
// (0, 0) at the north-west (top-left) pixel, which is glTF's TEXCOORD_0; writeObj flips v, since
// OBJ's vt has v up (north row at v = 1).
struct GridMesh {
    std::vector<float> positions;       // x, y, z per vertex
    std::vector<float> normals;         // x, y, z per vertex, unit length
    std::vector<float> uvs;             // u, v per vertex, v down (image rows)
    std::vector<std::uint32_t> indices; // three per triangle, counter-clockwise seen from above
    double maxErrorMetres = 0.0;        // largest vertical distance from a sample to the mesh
};

// targetTriangles 0 (or at least the full grid's 2 (w-1)(h-1)) keeps every sample; otherwise
// the mesh has at most targetTriangles (>= 2) triangles, usually exactly that many or one fewer,
// fewer only when every sample is within float rounding of it. Throws InputError for a budget under 2 and
// SizeError when the mesh would not fit in memory.
GridMesh buildGridMesh(const Heightmap& map, const ResolvedMapping& mapping,
                       const WorldUnits& world, std::int64_t targetTriangles);

// Both write atomically and throw IoError like the other exporters; the mesh must have a normal
// and a UV for every vertex (buildGridMesh's do), else they throw std::invalid_argument.
void writeObj(const GridMesh& mesh, const std::filesystem::path& path,
              FileTransaction* transaction = nullptr);
void writeGlb(const GridMesh& mesh, const std::filesystem::path& path,
              FileTransaction* transaction = nullptr);

}  // namespace terrain::core
