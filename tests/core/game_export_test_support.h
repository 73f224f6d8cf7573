#pragma once
// Helpers shared by the game-export tests (test_game_export.cpp, test_presets.cpp): a test map,
// a request, checkGameExport's refusal, and a front end that names fields its own way.
#include <cmath>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/errors.h"
#include "core/heightmap.h"
#include "core/io/game_export.h"

namespace terrain::core::test {

// A map of ripples on a tilt, for any size.
inline Heightmap slopeMap(int width, int height) {
    Heightmap map(width, height);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            map.at(x, y) = std::sin(0.37f * float(x)) * 3.0f + std::cos(0.21f * float(y * x)) +
                           0.05f * float(x - 2 * y);
        }
    }
    return map;
}

// A request with a recipe and hash for the sidecar.
inline GameExportRequest request(const std::filesystem::path& output) {
    GameExportRequest r;
    r.output = output;
    r.recipe = {{"algorithm", "test"}};
    r.recipeSha256 = "abc123";
    return r;
}

// checkGameExport's refusal of `r` for a width x height map; nothing when it accepts.
inline std::optional<InputError> refusal(const GameExportRequest& r, int width, int height) {
    try {
        checkGameExport(r, width, height);
        return std::nullopt;
    } catch (const InputError& e) {
        return e;
    }
}

// A front end with its own names for the fields: no flag is left in the message.
struct BracketNames : FieldNames {
    std::string field(const std::string& id) const override {
        return std::string("<").append(id, 2).append(">");  // "--size" -> "<size>"
    }
    std::string settings(const std::vector<FieldSetting>& settings) const override {
        std::string text;
        for (const auto& s : settings) {
            text.append("[").append(field(s.field)).append("=").append(s.value).append("]");
        }
        return text;
    }
};

}  // namespace terrain::core::test
