#pragma once
// Derived pictures of a heightmap in metres: a tangent-space normal map (OpenGL or DirectX green
// channel), a hillshade and a colour-mapped height image. 8-bit RGB PNG.
#include <cstdint>
#include <vector>

#include "../heightmap.h"
#include "../rgb_image.h"
#include "height_mapping.h"
#include "world_units.h"

namespace terrain::core {

enum class NormalConvention { OpenGL, DirectX };  // green = +north (OpenGL) or -north (DirectX)

// Central differences in metres (one-sided at the edges). Red = east, green = north (OpenGL) or
// south (DirectX), blue = up; each component n maps to round((n + 1) / 2 * 255).
RgbImage normalMap(const Heightmap& map, const ResolvedMapping& mapping, const WorldUnits& world,
                   NormalConvention convention);

// The same normals with 16 bits a channel: round((n + 1) / 2 * 65535), RGB interleaved.
std::vector<std::uint16_t> normalMap16(const Heightmap& map, const ResolvedMapping& mapping,
                                       const WorldUnits& world, NormalConvention convention);

// Lambert shading with light from the north-west, 45 degrees up.
RgbImage hillshade(const Heightmap& map, const ResolvedMapping& mapping, const WorldUnits& world);

// Low green through brown to white peaks, by the mapped height.
RgbImage colourMap(const Heightmap& map, const ResolvedMapping& mapping);

}  // namespace terrain::core
