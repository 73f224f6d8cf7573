#pragma once
// terrain-cli layout export | bake: a recipe's layout entries resolved as its evaluation resolves
// them. `export --out FILE.geojson` writes the road and river centre lines with z (the deck's, the
// bed's height in metres) for the engines' spline tools; `bake --out RECIPE.json` writes the recipe
// with every item that reads the terrain baked (its profile stored, so it stays put when the
// terrain below changes).
#include "cli_commands.h"

#include <functional>
#include <string>

namespace CLI {
class App;
}

namespace terrain::app::cli {

struct LayoutOptions {
    std::string out;
    CLI::App* exportCmd = nullptr;
    CLI::App* bakeCmd = nullptr;
};

// `generationOptions` adds the recipe and generation flags to a subcommand.
CLI::App* addLayoutCommand(CLI::App& app, const std::function<void(CLI::App*)>& generationOptions,
                           LayoutOptions& options);

int runLayout(const core::Registry& registry, const GenerationOptions& gen, const LayoutOptions& options);

}  // namespace terrain::app::cli
