#pragma once
// CPU-side data for the 3-D view, testable without OpenGL: the static grid the vertex shader
// displaces, the mesh resolution for a map, and the height texture's texels.
#include "core/heightmap.h"
#include "core/io/height_mapping.h"

#include <cstdint>
#include <vector>

namespace terrain::render {

struct GridSize {
    int columns = 0;
    int rows = 0;
    bool operator==(const GridSize&) const = default;
};

// The grid the vertex shader displaces: (u, v) in [0, 1]^2 per vertex, row-major (v = 0 is the
// north row), and counter-clockwise triangles seen from above (+y) in a y-up world with z south.
struct GridMesh {
    GridSize size;
    std::vector<float> uv;                 // 2 floats per vertex
    std::vector<std::uint32_t> indices;    // 6 per cell
};

// columns, rows >= 2.
GridMesh makeGridMesh(GridSize size);

// The walls around the grid's border, so the terrain reads as a solid block rather than a
// floating sheet: per vertex (u, v, drop), drop 0 on the terrain's edge and 1 at the base.
// The border points of a grid of `size` are visited once around (north edge west to east, then
// east, south, west); each consecutive pair makes one quad (two triangles, 6 indices).
struct SkirtMesh {
    std::vector<float> vertices;           // 3 floats per vertex: u, v, drop
    std::vector<std::uint32_t> indices;
};
SkirtMesh makeSkirtMesh(GridSize size);

// Vertices per side for a map: one per sample up to `cap` on the longer side, beyond that the
// longer side gets `cap` and the other keeps the map's aspect. A `cap` of 2^k + 1 samples a
// 2^n + 1 map at every 2^(n-k)th texel exactly. A 1-row map (a horizon line) is extruded into a
// ridge: its rows are a quarter of its columns (at least 2), matching kProfileDepth.
GridSize meshResolution(int mapWidth, int mapHeight, int cap);

// How deep (in units of the map's width) a 1-row map's ridge is drawn.
inline constexpr float kProfileDepth = 0.25f;

// The height texture: heights mapped to [0, 1] by `mapping`, row-major, row 0 = north.
struct HeightTexture {
    int width = 0;
    int height = 0;
    std::vector<float> texels;
};

// Maps every sample through `mapping`. When a side exceeds `maxSize`, the map is reduced by the
// smallest integer step s that fits ((side - 1) / s + 1 <= maxSize, so 8193 -> 4097 with s = 2),
// each texel averaging the odd box of side 2 * (s / 2) + 1 centred on its sample (clipped at
// the edges, so the corners keep their place).
HeightTexture prepareHeightTexture(const core::Heightmap& map, const core::ResolvedMapping& mapping,
                                   int maxSize);

}  // namespace terrain::render
