#pragma once
// The 2-D preview image: a heightmap through the exporters' ResolvedMapping, coloured, optionally
// hill-shaded. Plain CPU code, safe to call on any thread.
#include "core/heightmap.h"
#include "core/io/height_mapping.h"

#include <QImage>
#include <QRgb>

#include <array>
#include <string>

namespace terrain::render {

enum class ColorMap {
    Gray,     // black low, white high (as the seeds draw it)
    Terrain,  // hypsometric tint: lowland green, tan, brown rock, snow
    Rainbow,  // seed 003's rainbow: blue low through green and yellow to red high
};

struct PreviewStyle {
    ColorMap colorMap = ColorMap::Gray;
    bool hillshade = false;
    float lightAzimuth_deg = 315.0f;   // compass bearing the light comes from (0 = north, 90 = east)
    float lightElevation_deg = 45.0f;  // above the horizon
    // A mask of the stack (core::MaskSet) tinted over the map in both views; empty: none.
    std::string overlay;
    // The hillshade's relief is kReliefRatio of this many samples (the longer side of the map
    // the image is a part of, in this image's samples: a world view tile at its level); 0: of
    // the image's own longer side.
    double reliefSide = 0.0;
};

// The colour masks are tinted with, and how strongly a weight of 1 tints.
inline constexpr QRgb kOverlayColor = 0xffdc281e;
inline constexpr float kOverlayStrength = 0.7f;

// The colour of a height t in [0, 1] (values outside are clamped).
QRgb colorAt(ColorMap colorMap, float t);

// Vertical relief the hillshade (and the 3-D view's default exaggeration) assumes: the full
// height range is this fraction of the map's longer side. Heights are unitless, so this is a
// choice of look, made in one place.
inline constexpr float kReliefRatio = 0.18f;

// Unit vector towards a light at a compass azimuth (0 = north, 90 = east) and elevation, in the
// world of the 3-D view: x east, y up, z south.
std::array<float, 3> lightVector(float lightAzimuth_deg, float lightElevation_deg);

// Shading factor in [0, 1] for a surface normal (x east, y up, z south) under a light from the
// given compass azimuth and elevation. Shared by the preview's hillshade and the 3-D view.
float lambert(float normalX, float normalY, float normalZ, float lightAzimuth_deg,
              float lightElevation_deg);

// The map as the 2-D preview shows it. A 2-D map gives one pixel per sample (Grayscale8 for the
// grey map without hillshade, RGB32 otherwise). A 1-row map (a horizon line) is drawn as a
// profile plot: one column per sample and a height of a quarter of the width (64..512 pixels),
// the silhouette filled with the colour map of each pixel's height over a light sky.
QImage renderPreviewImage(const core::Heightmap& map, const core::ResolvedMapping& mapping,
                          const PreviewStyle& style);

// `image` (a 2-D preview: one pixel per sample of `mask`) tinted towards `color` by the mask's
// weights in [0, 1] times kOverlayStrength. A mask of another size, or a profile, is left alone.
QImage tintWithMask(const QImage& image, const core::Heightmap& mask, QRgb color = kOverlayColor);

// Size of the profile image for a 1-row map of `width` samples.
int profileImageHeight(int width);

}  // namespace terrain::render
