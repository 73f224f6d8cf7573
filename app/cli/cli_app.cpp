#include "stack_options.h"
#include "cli_app.h"

#include "suggest.h"

#include <core/errors.h>
#include <core/io/game_export.h>
#include <core/json_input.h>

#include <ostream>

namespace terrain::app::cli {
namespace {

void addGenerationOptions(CLI::App* cmd, GenerationOptions& gen) {
    cmd->add_option("--algorithm", gen.algorithm, "Algorithm id (see `terrain-cli list`); default diamond-square");
    cmd->add_option("--detail", gen.detail, "Detail level: the side is 2^detail+1 samples");
    cmd->add_option("--seed", gen.seed, "Random seed, a whole number from 0 to 2^64-1");
    cmd->add_option("--roughness", gen.roughness, "Per-level amplitude factor in [0, 1] (1 rough, 0 flat)");
    cmd->add_option("--hurst", gen.hurst, "Roughness constant H instead of --roughness (roughness = 2^-H)");
    cmd->add_option("--set", gen.sets, "KEY=VALUE for any algorithm parameter (repeatable)")->allow_extra_args(false);
    cmd->add_option("--recipe", gen.recipeFile,
                    "Start from a recipe JSON file (a regular file) or a built-in preset:ID (see `terrain-cli list`); "
                    "flags override it, --op appends to its stack");
    addStackOptions(cmd, gen.ops);
    cmd->add_option("--save-recipe", gen.saveRecipe, "Write the final recipe (the whole stack) as JSON");
    cmd->add_option("--threads", gen.threads, "Worker threads (the output does not depend on it)");
    cmd->add_option("--world-size", gen.worldSize,
                    "Metres across the map (default: the recipe's world; without a recipe 1 m per sample): the "
                    "spacing follows the detail, so every detail makes the same terrain at the same size. A "
                    "recipe's terrain keeps its shape in the new world (its metre parameters scale)");
    cmd->add_option("--metres-per-pixel", gen.metresPerPixel,
                    "Sample spacing in metres at this detail, instead of --world-size");
    cmd->add_option("--height-range", gen.heightRange,
                    "LO:HI metres that the terrain's height range spans (default: the recipe's; without a "
                    "recipe 0:100); a recipe's vertical metre parameters scale with it");
    cmd->add_option("--sea-level", gen.seaLevel, "The world's sea level in metres (default: the recipe's, else 0)");
}

void addGenerateCommand(CommandLine& line) {
    OutputOptions& out = line.out;
    auto* generate = line.app.add_subcommand("generate", "Generate a heightmap and export it");
    line.generateCmd = generate;
    addGenerationOptions(generate, line.gen);
    generate->add_option("--output,-o", out.output, "Output file")->required();
    generate->add_option("--format", out.format,
                         "png8, png16, raw16, pgm, txt, raw32, exr, tiff32; meshes obj, glb; pictures normal, "
                         "normal-dx, hillshade, colour (default: the preset's, else from the extension)");
    generate->add_option("--map", out.map,
                         "Raw heights to metres and codes: world (default: the recipe's fixed scale, the same metres "
                         "at every detail), normalize (this map's min..max) or clamp:LO:HI");
    generate->add_option("--preset", out.preset,
                         "Engine preset: " + core::enginePresetIds() +
                             " (checks the size, prints the import settings)");
    generate->add_option("--size", out.size, "Output size WxH (default: the map's)");
    generate->add_option("--resize", out.resize, "How --size is reached: bicubic (default) or crop");
    generate->add_option("--triangles", out.triangles,
                         "obj/glb: at most this many triangles, from 2 (simplified by error; default or 0: every "
                         "sample)");
    generate->add_option("--tiles", out.tiles, "Split into NxM tiles (N columns, M rows)");
    generate->add_option("--tile-border", out.tileBorder, "1: neighbouring tiles share an edge (default; UE4 World Composition); 0: they do not "
                         "(default with --preset unreal: UE5 places tiles edge to edge)");
    generate->add_option("--tile-pattern", out.tilePattern,
                         std::string("Tile file names with {stem} {x} {y} {ext}; default Unreal's ") +
                             core::kUnrealTilePattern + ", generic " + core::kGenericTilePattern);
    generate->add_option("--mask", out.mask,
                         "Write the stack's mask NAME (made by a mask or erosion operation: slope, height, "
                         "curvature, ...) instead of the heights: weights 0..1 to the full code range");
    generate->add_option("--splat", out.splat,
                         "A splat layer NAME=RULE (repeat, in order; RULE: slope>DEG, slope<DEG, height>M, height<M, "
                         "each with an optional ~SOFT, mask:ID or rest): material weights written beside the "
                         "heightmap, as --preset's engine imports them (docs/exporting.md, Splat maps)");
    generate->add_option("--splat-size", out.splatSize,
                         "Splat map side in pixels (Unity: a power of two, default the heightmap's side - 1; "
                         "Godot HTerrain, Terrain3D and Unreal: the heightmap's side only; others: default the "
                         "heightmap's side)");
}

}  // namespace

CommandLine::CommandLine()
    : app("terrain-cli: fractal heightmaps from the command line (diamond-square, midpoint "
          "displacement, midpoint line)") {
    app.set_version_flag("--version", std::string("terrain-cli ") + TERRAIN_VERSION);
    app.require_subcommand(1);

    listCmd = app.add_subcommand("list", "List the operation types (generators and filters) with their parameters, "
                                         "units, ranges and defaults, and the built-in presets");
    auto* json = listCmd->add_flag("--json", listJson, "Machine-readable output");
    listCmd->add_flag("--markdown", listMarkdown, "The reference part of docs/operations.md")->excludes(json);

    addGenerateCommand(*this);

    ansiCmd = app.add_subcommand("ansi", "Draw a heightmap in the terminal with ANSI colour codes");
    addGenerationOptions(ansiCmd, gen);
    ansiCmd->add_option("--width", width, "Columns (default: $COLUMNS or 80)");
    ansiCmd->add_option("--palette", palette, "rainbow (default) or gray");

    analyzeCmd = app.add_subcommand("analyze", "Measure a heightmap's relief in world units: closed depressions, "
                                               "the slope-area law, curvature skew, grid preference, hypsometry, "
                                               "drainage density (docs/erosion.md)");
    addGenerationOptions(analyzeCmd, gen);
    addAnalyzeOptions(analyzeCmd, analyze);

    compareCmd = addCompareCommand(app, compare);
    verifyCmd = addVerifyCommand(app, verify);
    worldCmd = addWorldCommand(app, world);
    layoutCmd = addLayoutCommand(app, [this](CLI::App* cmd) { addGenerationOptions(cmd, gen); }, layout);

    benchCmd = app.add_subcommand("bench", "Measure the generators against the fill floor and the reference "
                                           "implementations (medians of interleaved runs)");
    benchCmd->add_option("--algorithm", bench.algorithm, "Only this algorithm (default: all)");
    benchCmd->add_option("--detail", bench.detail, "Only this detail (default: 10 and 12)");
    benchCmd->add_option("--threads", bench.threads, "Only this thread count (default: 1 and all cores)");
    benchCmd->add_option("--repetitions", bench.repetitions, "Interleaved rounds per case (default 5)");
    benchCmd->add_flag("--json", bench.json, "One JSON object per case");
}

std::optional<int> parseCommandLine(CommandLine& line, int argc, const char* const* argv,
                                    std::ostream& out, std::ostream& err) {
    try {
        line.app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return line.app.exit(e, out, err);
    } catch (const CLI::CallForAllHelp& e) {
        return line.app.exit(e, out, err);
    } catch (const CLI::CallForVersion& e) {
        return line.app.exit(e, out, err);
    } catch (const CLI::ParseError& e) {
        err << "terrain-cli: " << core::quoteForMessage(e.what(), 4096) << "\n"
            << didYouMean(line.app, argc, argv) << "(see terrain-cli --help)\n";
        return kExitUsage;
    }
    return std::nullopt;
}

int runCommandLine(const core::Registry& registry, const CommandLine& line, std::ostream& err) {
    try {
        if (*line.listCmd) {
            return runList(registry, line.listJson       ? ListFormat::Json
                                     : line.listMarkdown ? ListFormat::Markdown
                                                         : ListFormat::Text);
        }
        if (*line.generateCmd) return runGenerate(registry, line.gen, line.out);
        if (*line.ansiCmd) return runAnsi(registry, line.gen, line.width, line.palette);
        if (*line.benchCmd) return runBench(registry, line.bench);
        if (*line.compareCmd) return runCompare(registry, line.compare);
        if (*line.analyzeCmd) return runAnalyze(registry, line.gen, line.analyze);
        if (*line.verifyCmd) return runVerify(line.verify);
        if (*line.worldCmd) return runWorld(registry, line.world);
        if (*line.layoutCmd) return runLayout(registry, line.gen, line.layout);
    } catch (const RecipeDataError& e) {
        err << "terrain-cli: " << e.what() << "\n";
        return kExitDataErr;
    } catch (const core::InputError& e) {
        err << "terrain-cli: " << e.what() << "\n";
        return kExitUsage;
    } catch (const core::SizeError& e) {
        err << "terrain-cli: " << e.what() << "\n";
        return kExitUsage;
    } catch (const core::IoError& e) {
        err << "terrain-cli: " << e.what() << "\n";
        return e.kind() == core::IoError::Kind::CannotCreate ? kExitCantCreate : kExitIoErr;
    } catch (const std::bad_alloc&) {
        err << "terrain-cli: out of memory\n";
        return kExitIoErr;
    } catch (const std::exception& e) {
        // A bug, not a refusal: say so instead of letting std::terminate abort with signal 6.
        err << "terrain-cli: internal error: " << core::quoteForMessage(e.what(), 1024) << "\n";
        return kExitSoftware;
    } catch (...) {
        err << "terrain-cli: internal error (unknown exception)\n";
        return kExitSoftware;
    }
    return kExitUsage;
}

}  // namespace terrain::app::cli
