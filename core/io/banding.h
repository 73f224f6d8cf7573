#pragma once
// How many of the 256 grey levels an 8-bit export uses: over the whole map, and in the worst
// "visible area" (of the windows of `window` x `window` samples tiling the map, the last ones
// moved back to end at the edge, the one that uses the fewest). Few levels over a slope show as steps (banding).
#include <optional>
#include <string>

#include "../heightmap.h"
#include "height_mapping.h"

namespace terrain::core {

struct GreyLevels {
    int whole = 0;        // distinct 8-bit codes in the map
    int worstWindow = 0;  // distinct codes in the window that has the fewest
    int windowWidth = 0;  // the window (the map's width/height where it is smaller)
    int windowHeight = 0;
};

GreyLevels countGreyLevels(const Heightmap& map, const ResolvedMapping& mapping, int window = 256);

// The warning for the user, or nothing when every window uses all 256 levels.
std::optional<std::string> bandingWarning(const GreyLevels& levels);

}  // namespace terrain::core
