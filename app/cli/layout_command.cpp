#include "layout_command.h"

#include <core/errors.h>
#include <core/io/atomic_file.h>
#include <core/json_input.h>
#include <core/layout/layout_eval.h>
#include <core/stack/layout_entry.h>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <iostream>

namespace terrain::app::cli {

using core::InputError;

CLI::App* addLayoutCommand(CLI::App& app, const std::function<void(CLI::App*)>& generationOptions,
                           LayoutOptions& options) {
    CLI::App* cmd = app.add_subcommand(
        "layout", "A recipe's layout entries (docs/layout.md): export the resolved road and river centre lines, or "
                  "bake the items' profiles into the recipe");
    cmd->require_subcommand(1);
    options.exportCmd = cmd->add_subcommand(
        "export", "Write the road and river centre lines with z (metres) as GeoJSON, for the engines' spline tools");
    options.bakeCmd = cmd->add_subcommand(
        "bake", "Write the recipe with every layout item that reads the terrain baked (its profile stored)");
    for (CLI::App* sub : {options.exportCmd, options.bakeCmd}) {
        generationOptions(sub);
        sub->add_option("--out,-o", options.out, sub == options.exportCmd ? "The GeoJSON file to write"
                                                                          : "The recipe file to write")
            ->required();
    }
    return cmd;
}

int runLayout(const core::Registry& registry, const GenerationOptions& gen, const LayoutOptions& options) {
    int version = core::kRecipeFormatVersion;
    core::Recipe recipe = buildRecipe(registry, gen, &version);
    const core::WorldUnits units = core::worldUnits(recipe);
    core::GenerateContext context;
    context.threads = threadCount(gen);
    core::StackEvaluator evaluator(registry);
    const bool exporting = options.exportCmd->parsed();
    nlohmann::json features = nlohmann::json::array();
    int entries = 0;
    for (std::size_t i = 0; i < recipe.operations.size(); ++i) {
        core::OpInstance& op = recipe.operations[i];
        if (op.type != "layout" || !op.enabled) continue;
        ++entries;
        if (exporting) {
            const auto resolved = core::resolveLayoutEntry(evaluator, recipe, units, int(i) + 1, context);
            nlohmann::json lines = core::layout::centreLinesToGeoJson(resolved);
            for (auto& f : lines["features"]) {
                f["properties"]["entry"] = op.id;
                features.push_back(std::move(f));
            }
        } else {
            const core::layout::Layout baked = core::bakeLayoutEntry(evaluator, recipe, units, int(i) + 1, context);
            op.data = core::layout::layoutToGeoJson(baked).dump();
        }
    }
    if (entries == 0) {
        throw InputError("--recipe", gen.recipeFile ? *gen.recipeFile : recipe.algorithm,
                         "a recipe with a layout entry (or add one with --layout FILE.geojson)");
    }
    const std::string text = exporting ? core::jsonText({{"type", "FeatureCollection"}, {"features", features}})
                                       : core::recipeToText(registry, recipe);
    core::AtomicFile file(options.out);
    file.write(text.data(), text.size());
    file.commit();
    std::cerr << "terrain-cli: wrote " << options.out << " ("
              << (exporting ? std::to_string(features.size()) + " centre line(s)"
                            : std::to_string(entries) + " layout entr" + (entries == 1 ? "y" : "ies") + " baked")
              << ")\n";
    return kExitOk;
}

}  // namespace terrain::app::cli
