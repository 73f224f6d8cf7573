#include "banding.h"

#include <algorithm>
#include <bitset>

namespace terrain::core {

GreyLevels countGreyLevels(const Heightmap& map, const ResolvedMapping& mapping, int window) {
    GreyLevels levels;
    levels.windowWidth = std::max(std::min(window, map.width()), 1);
    levels.windowHeight = std::max(std::min(window, map.height()), 1);
    levels.worstWindow = 256;
    std::bitset<256> all;
    for (int top = 0; top < map.height(); top += levels.windowHeight) {
        for (int left = 0; left < map.width(); left += levels.windowWidth) {
            // The last window in a row or column is moved back to end at the edge, so every
            // window is full size (a 1-sample strip would report few levels for no reason).
            const int y0 = std::min(top, map.height() - levels.windowHeight);
            const int x0 = std::min(left, map.width() - levels.windowWidth);
            std::bitset<256> used;
            const int y1 = std::min(y0 + levels.windowHeight, map.height());
            const int x1 = std::min(x0 + levels.windowWidth, map.width());
            for (int y = y0; y < y1; ++y) {
                const float* row = map.row(y);
                for (int x = x0; x < x1; ++x) used.set(mapping.code(row[x], 255));
            }
            all |= used;
            levels.worstWindow = std::min(levels.worstWindow, int(used.count()));
        }
    }
    levels.whole = int(all.count());
    return levels;
}

std::optional<std::string> bandingWarning(const GreyLevels& levels) {
    if (levels.whole >= 256 && levels.worstWindow >= 256) return std::nullopt;
    const std::string area =
        std::to_string(levels.windowWidth) + "x" + std::to_string(levels.windowHeight);
    std::string text =
        levels.whole < 256
            ? "the 8-bit export uses only " + std::to_string(levels.whole) + " of 256 grey levels"
            : "the 8-bit export uses all 256 grey levels";
    if (levels.worstWindow < levels.whole) {
        text += ", and only " + std::to_string(levels.worstWindow) + " in its flattest " + area +
                " area";
    }
    return text + ", so slopes will show steps (banding); use png16, raw16 or a float format "
                  "(exr, tiff32, raw32) for terrain";
}

}  // namespace terrain::core
