#pragma once
// terrain-cli analyze FILE | --recipe R ...: the geomorphometry of a heightmap in world units
// (core/analysis/geomorphometry.h): closed depressions, the slope-area law, curvature skew, grid
// preference, hypsometric integral and drainage density. FILE is a float TIFF in metres or a
// 16-bit PNG (ours with its sidecar, or any with --metres-per-pixel and --height-range); without
// FILE the generation flags describe a terrain, generated as `generate` would.
#include "cli_commands.h"

#include <optional>
#include <string>

namespace CLI {
class App;
}

namespace terrain::app::cli {

struct AnalyzeOptions {
    std::optional<std::string> file;
    std::optional<std::string> curvatureScale;   // metres
    std::optional<std::string> channelArea;      // km²
    std::optional<std::string> minDepth;         // metres
    std::optional<std::string> slopeStatistic;   // median or mean
    std::optional<std::string> json;             // a path, or - for stdout
};

// The analyze-only flags (the generation flags are added beside them by the caller).
void addAnalyzeOptions(CLI::App* cmd, AnalyzeOptions& options);

int runAnalyze(const core::Registry& registry, const GenerationOptions& gen, const AnalyzeOptions& options);

}  // namespace terrain::app::cli
