#pragma once
// The comparison sheet: several heightmaps side by side, each titled and with its numbers under
// it, drawn into one RGB picture without Qt (for `terrain-cli compare` and the docs). Maps are
// drawn with a height colour ramp and hill shading, because shading is what makes grid creases
// and differences in roughness visible; a 1-row map (midpoint line) is drawn as a profile.
//
// The caller decides the text (which recipe fields and numbers to show); this file only lays it
// out. Write the result with writeRgbPng() (core/io/rgb_png.h).
#include "../heightmap.h"
#include "../rgb_image.h"
#include "statistics.h"

#include <string>
#include <vector>

namespace terrain::core {

struct SheetPanel {
    const Heightmap* map = nullptr;      // not owned; must outlive composeSheet()
    std::vector<std::string> title;      // lines above the picture (first line highlighted)
    std::vector<std::string> numbers;    // lines under the picture
    const TerrainStats* stats = nullptr; // when set: height and slope histograms under the numbers
};

// Common: one raw min..max over all panels, so equal colours mean equal heights and what
// differs between panels is the terrain, not the scaling. PerPanel: each map's own min..max.
enum class SheetMapping { Common, PerPanel };

struct SheetOptions {
    SheetMapping mapping = SheetMapping::Common;
    std::vector<std::string> heading;  // lines across the top of the sheet
    int pictureSize = 384;  // each map is scaled (box filter) to fit a square of this many pixels
    int columns = 4;        // panels per row; more panels wrap to further rows
    int textScale = 2;      // screen pixels per font pixel
    // Hill shading treats heights as SlopeOptions does: the mapped range spans heightRangeMetres
    // and samples are metresPerPixel apart, lit from the north-west. A panel with `stats` is
    // shaded with its stats' metresPerPixel and heightRangeMetres instead (its own world).
    double metresPerPixel = 10.0;
    double heightRangeMetres = 1000.0;
};

// Throws InputError when there is no panel or a panel has no map.
RgbImage composeSheet(const std::vector<SheetPanel>& panels, const SheetOptions& options);

// Characters that fit on one line of a panel (longer lines are cut with '~').
int sheetLineChars(const SheetOptions& options);
// Joins `words` with two spaces into lines of at most `chars` characters (a longer word gets a
// line of its own), so titles wrap at word boundaries instead of being cut.
std::vector<std::string> wrapWords(const std::vector<std::string>& words, int chars);

// The raw min..max a panel is coloured by under `mapping` (finite samples only).
MinMax sheetRange(const std::vector<SheetPanel>& panels, std::size_t index, SheetMapping mapping);

// The colour ramp used for heights: t in [0, 1], low (dark green) to high (snow).
Rgb heightColour(float t);

}  // namespace terrain::core
