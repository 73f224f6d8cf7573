#include "cli_commands.h"

#include "stack_options.h"

#include <core/ansi.h>
#include <core/bench/kernel_bench.h>
#include <core/cancel.h>
#include <core/errors.h>
#include <core/io/atomic_file.h>
#include <core/io/file_transaction.h>
#include <core/io/export.h>
#include <core/io/game_export.h>
#include <core/io/splat.h>
#include <core/io/untrusted_file.h>
#include <core/recipe.h>
#include <core/stack/evaluator.h>

#include <nlohmann/json.hpp>

#include <core/json_input.h>

#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <core/io/import.h>
#include <core/stack/import_entry.h>

#include <algorithm>
#include <filesystem>
#include <charconv>
#include <cmath>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <thread>

namespace terrain::app::cli {
using core::InputError;

std::string readRecipeFile(const std::string& path, const std::string& field) {
    return core::readUntrustedFile(path, std::size_t(kMaxRecipeFileBytes), field, "recipe file");
}

std::string recipeDataMessage(const std::string& path, const core::InputError& e) {
    // A syntax error already names the file as its field.
    const std::string shown = core::quoteForMessage(path, 4 * core::kMaxQuotedChars);
    return e.field() == path || e.field() == shown ? e.what() : shown + ": " + e.what();
}

namespace {

// The recipe --recipe names: a file (its bad contents are a RecipeDataError), or preset:ID.
core::Recipe startingRecipe(const core::Registry& registry, const std::string& source, int* formatVersion) {
    const std::string prefix = kPresetPrefix;
    if (source.rfind(prefix, 0) == 0) {
        try {
            return presetRecipe(registry, source.substr(prefix.size()));
        } catch (const InputError& e) {
            if (e.field() == "--recipe") throw;
            throw RecipeDataError(source + ": " + e.what());  // a preset this build cannot read
        }
    }
    try {
        core::Recipe recipe = core::recipeFromText(registry, readRecipeFile(source, "--recipe"), source, formatVersion);
        // An import's relative file name is relative to the recipe's folder.
        core::resolveImportFiles(recipe, std::filesystem::path(source).parent_path());
        return recipe;
    } catch (const InputError& e) {
        if (e.field() == "--recipe") throw;
        throw RecipeDataError(recipeDataMessage(source, e));
    }
}

}  // namespace

double seaLevelFrom(const std::string& text) {
    double value = 0.0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(value) || std::fabs(value) > 1e7) {
        throw InputError("--sea-level", text, "a height in metres within +/-1e7");
    }
    return value;
}

namespace {

// --world-size, --metres-per-pixel, --height-range and --sea-level on `recipe`: a recipe with its
// own world keeps its shape in the new one; another takes the world as given.
void applyWorldFlags(const core::Registry& registry, const GenerationOptions& gen, bool ownWorld,
                     core::Recipe& recipe) {
    if (gen.worldSize && gen.metresPerPixel) {
        throw InputError(core::field::kMetresPerPixel, *gen.metresPerPixel,
                         "either --metres-per-pixel or --world-size, not both");
    }
    if (!gen.worldSize && !gen.metresPerPixel && !gen.heightRange && !gen.seaLevel) return;
    const int detail = gen.spacingDetail.value_or(recipe.detail);
    core::WorldUnits units = core::worldUnitsAt(recipe, detail);
    std::string field;
    if (gen.worldSize) {
        units = worldOfSize(units, *gen.worldSize, (1 << detail) + 1);
        field = "--world-size";
    }
    if (gen.metresPerPixel) {
        units = core::WorldUnits::withMetresPerPixel(units, *gen.metresPerPixel);
        field = core::field::kMetresPerPixel;
    }
    if (gen.heightRange) {
        units = core::WorldUnits::withHeightRange(units, *gen.heightRange);
        if (field.empty()) field = core::field::kHeightRange;
    }
    core::RecipeWorld world = core::worldWithUnits(recipe.world, units, detail);
    if (ownWorld) world = core::withSeaLevelMoved(recipe.world, world);  // the coast stays on the terrain
    if (gen.seaLevel) {
        world.seaLevelMetres = seaLevelFrom(*gen.seaLevel);
        if (field.empty()) field = "--sea-level";
    }
    try {
        core::validateWorld(world, recipe.detail);
    } catch (const InputError& e) {
        throw InputError(field, e.value(), e.allowedText());
    }
    if (ownWorld) {
        recipe = core::rescaledToWorld(registry, recipe, world, field);
    } else {
        recipe.world = world;
    }
}

// Checks the recipe built from the flags; an entry's error names its --op.
void validateBuilt(const core::Registry& registry, const core::Recipe& recipe, std::size_t fromFile) {
    try {
        core::validateRecipe(registry, recipe);
    } catch (const core::StageError& e) {
        // Values that are fine one by one but not together ("low below high"): name the --op.
        if (std::size_t(e.stage()) > fromFile) throw InputError("--op " + e.field(), e.value(), e.allowedText());
        throw;
    }
}

// The recipe of `generate --import FILE ...`: the import as the base. Unless flags say otherwise,
// the detail is the first whose map holds every sample of the file, the world spans the file
// (its georeferencing, our sidecar or size_m; else 1 m a sample) and its height range is the
// import's own at the reference detail, so metres come back as they are stored.
core::Recipe importBaseRecipe(const core::Registry& registry, const GenerationOptions& gen, int* formatVersion,
                              bool* ownWorld) {
    if (formatVersion) *formatVersion = core::kRecipeFormatVersion;
    if (ownWorld) *ownWorld = false;
    std::vector<std::pair<std::string, std::string>> rest;
    const std::string spec = gen.ops[0].substr(std::string(kImportPrefix).size());
    core::ImportSettings settings = importSettingsFromFlag(spec, "--import", &rest);
    for (const auto& [key, value] : rest) {
        if (key == "name") continue;
        throw InputError("--import " + key, core::quoteForMessage(value),
                         "the import's keys (the first --import is the base: blend, weight and mask belong to a "
                         "layer, an --import after another entry)");
    }
    std::optional<int> detail;
    const auto& algorithm = registry.get("import");
    if (gen.detail) detail = parseWhole<int>(*gen.detail, "--detail", algorithm.minDetail, algorithm.maxDetail);
    bool fromFile = false;
    core::Recipe recipe =
        core::withImportBase(registry, core::defaultRecipe(registry, "import"), settings, detail, "--import", &fromFile);
    if (!fromFile) recipe.world = core::legacyWorld(recipe.detail);  // 1 m a sample, as without --import
    if (gen.seed) {
        recipe.seed = parseWhole<std::uint64_t>(*gen.seed, "--seed", 0, std::numeric_limits<std::uint64_t>::max());
    }
    GenerationOptions flags = gen;
    flags.heightRange.reset();
    applyWorldFlags(registry, flags, false, recipe);
    if (gen.heightRange) {
        const core::WorldUnits units = core::WorldUnits::withHeightRange(core::worldUnits(recipe), *gen.heightRange);
        recipe.world.loMetres = units.loMetres;
        recipe.world.hiMetres = units.hiMetres;
    } else {
        core::GenerateContext context;
        context.threads = threadCount(gen);
        core::fitHeightRangeToImport(registry, recipe, context);
    }
    for (std::size_t i = 1; i < gen.ops.size(); ++i) appendOperation(registry, recipe, gen.ops[i]);
    validateBuilt(registry, recipe, 0);
    return recipe;
}

}  // namespace

core::Recipe buildRecipe(const core::Registry& registry, const GenerationOptions& gen, int* formatVersion,
                         bool* ownWorld) {
    int version = core::kRecipeFormatVersion;
    // `--import FILE` first, without --algorithm or --recipe: the import is the base.
    const bool importBase = !gen.recipeFile && !gen.algorithm && !gen.ops.empty() && gen.ops[0].rfind(kImportPrefix, 0) == 0;
    if (importBase) return importBaseRecipe(registry, gen, formatVersion, ownWorld);
    core::Recipe recipe = gen.recipeFile ? startingRecipe(registry, *gen.recipeFile, &version)
                                         : core::defaultRecipe(registry, gen.algorithm.value_or("diamond-square"));
    if (formatVersion) *formatVersion = version;
    // A format-4 file and a preset carry their world; flags and older files have the CLI's
    // default one, 1 m per sample at whatever detail is asked for.
    const bool hasWorld = gen.recipeFile && version >= core::kWorldRecipeVersion;
    if (ownWorld) *ownWorld = hasWorld;
    if (gen.algorithm && *gen.algorithm != recipe.algorithm) {
        // Another algorithm has other parameters: keep detail, seed, world and the stack above
        // the base, take its defaults.
        const core::Recipe base = recipe;
        recipe = core::defaultRecipe(registry, *gen.algorithm);
        recipe.seed = base.seed;
        recipe.operations = base.operations;
        recipe.world = base.world;
        const auto& a = registry.get(recipe.algorithm);
        if (base.detail >= a.minDetail && base.detail <= a.maxDetail) recipe.detail = base.detail;
    }
    const auto& algorithm = registry.get(recipe.algorithm);
    if (gen.detail) recipe.detail = parseWhole<int>(*gen.detail, "--detail", algorithm.minDetail, algorithm.maxDetail);
    if (!hasWorld) recipe.world = core::legacyWorld(recipe.detail);
    // Before --set and --op: their values are meant in the world the flags describe.
    applyWorldFlags(registry, gen, hasWorld, recipe);
    if (gen.seed) {
        recipe.seed = parseWhole<std::uint64_t>(*gen.seed, "--seed", 0, std::numeric_limits<std::uint64_t>::max());
    }
    if (gen.roughness && gen.hurst) throw InputError("--hurst", *gen.hurst, "either --roughness or --hurst, not both");
    if (gen.roughness) core::setParamFromText(registry, recipe, "roughness", *gen.roughness, "--roughness");
    if (gen.hurst) core::setParamFromText(registry, recipe, "hurst", *gen.hurst, "--hurst");
    for (const auto& set : gen.sets) {
        const auto eq = set.find('=');
        if (eq == std::string::npos || eq == 0) throw InputError("--set", set, "KEY=VALUE");
        core::setParamFromText(registry, recipe, set.substr(0, eq), set.substr(eq + 1), "--set " + set.substr(0, eq));
    }
    const std::size_t fromFile = recipe.operations.size();
    for (const auto& op : gen.ops) appendOperation(registry, recipe, op);
    validateBuilt(registry, recipe, fromFile);
    return recipe;
}

int threadCount(const GenerationOptions& gen) {
    if (gen.threads) return parseWhole<int>(*gen.threads, "--threads", 1, 256);
    return int(std::max(1u, std::thread::hardware_concurrency()));
}

namespace {

// Staged in `transaction` when given (written with the export, all or nothing), else at once.
void writeText(const std::string& path, const std::string& text,
               core::FileTransaction* transaction = nullptr) {
    core::AtomicFile file(path, transaction);
    file.write(text.data(), text.size());
    file.commit();
}

void saveRecipe(const core::Registry& registry, const GenerationOptions& gen,
                const core::Recipe& recipe, core::FileTransaction* transaction) {
    if (!gen.saveRecipe) return;
    // Imports' files relative to the recipe's folder where they lie below it.
    core::Recipe saved = recipe;
    core::relativeImportFiles(saved, std::filesystem::path(*gen.saveRecipe).parent_path());
    writeText(*gen.saveRecipe, core::recipeToText(registry, saved), transaction);
}

}  // namespace

Generated generateStack(const core::Registry& registry, const GenerationOptions& gen, const core::Recipe& recipe,
                        int version, const core::WorldUnits& world) {
    if (const std::string notice = core::olderRecipeNotice(version, recipe); !notice.empty()) {
        std::cerr << "terrain-cli: note: " << *gen.recipeFile << ": " << notice << "\n";
    }
    core::GenerateContext context;
    context.threads = threadCount(gen);
    const auto start = std::chrono::steady_clock::now();
    core::StackEvaluator evaluator(registry, 0);  // one evaluation: nothing to keep
    core::StackResult result = evaluator.evaluate(recipe, world, context);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    Generated g{recipe, std::move(result.map), result.world, std::move(result.masks), result.heights, ms};
    std::cerr << "terrain-cli: " << recipe.algorithm << " seed " << recipe.seed;
    if (!recipe.operations.empty()) std::cerr << ", " << recipe.operations.size() << " operation(s) after it";
    std::cerr << ", recipe sha256 " << core::recipeHash(registry, recipe) << ", " << g.map->width() << "x"
              << g.map->height() << ", generated in " << std::fixed << std::setprecision(1) << ms << " ms on "
              << context.threads << " thread(s)\n";
    return g;
}

core::WorldUnits worldOfSize(const core::WorldUnits& base, const std::string& text, int width) {
    double metres = 0.0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, metres);
    const int spans = std::max(1, width - 1);
    if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(metres) || !(metres > 0.0) ||
        metres / spans > 1e6) {
        throw InputError("--world-size", text,
                         "metres greater than 0, at most 1e6 per sample (" + std::to_string(spans) +
                             " sample spacings at this detail)");
    }
    core::WorldUnits world = base;
    world.metresPerPixel = metres / double(spans);
    return world;
}

namespace {

core::GameExportRequest exportRequest(const OutputOptions& out) {
    core::GameExportRequest request;
    request.output = out.output;
    if (out.preset) request.preset = &core::findEnginePreset(*out.preset);
    if (out.format) request.format = core::parseExportFormat(*out.format);
    request.mapping = core::HeightMapping::parse(out.map);
    if (out.size) request.size = core::parseOutputSize(*out.size);
    request.resize = core::parseResizeMode(out.resize.value_or("bicubic"));
    if (out.triangles) request.targetTriangles = core::parseTriangleTarget(*out.triangles);
    if (out.tiles) {
        core::TileLayout layout = core::parseTiles(*out.tiles);
        const int byDefault = request.preset ? request.preset->tileBorder : 1;
        layout.border = out.tileBorder
                            ? parseWhole<int>(*out.tileBorder, core::field::kTileBorder, 0, 1)
                            : byDefault;
        request.tiles = layout;
    }
    if (out.tilePattern) request.tilePattern = *out.tilePattern;  // checked by checkGameExport
    return request;
}

std::string sizeText(core::OutputSize size) {
    return std::to_string(size.width) + "x" + std::to_string(size.height);
}

// A preset without --size: a chosen --resize reaches the preset's nearest
// size; a lower detail that is that size is suggested first (the lattice rule: the same terrain,
// every 2nd sample); Unreal crops the centre of the next 2^n+1 map by default and says so.
// Otherwise checkGameExport refuses with the commands that work.
void fitPresetSize(const core::Algorithm& algorithm, int detail, const OutputOptions& out, bool keepsExtent,
                   core::GameExportRequest& request, int width, int height) {
    if (!request.preset || request.size) return;
    const auto wanted = core::suggestedOutputSize(request, width, height);
    if (!wanted) return;
    const bool fits = wanted->width <= width && wanted->height <= height;
    const core::EnginePreset& preset = *request.preset;
    if (out.resize) {
        if (request.resize == core::ResizeMode::Crop && !fits) {
            throw InputError(core::field::kResize, "crop",
                             "bicubic: " + std::string(preset.engine) + "'s nearest size " +
                                 sizeText(*wanted) + " is larger than the map " +
                                 sizeText({width, height}) + " and a crop cannot enlarge");
        }
        request.size = wanted;
        std::cerr << "terrain-cli: --size " << sizeText(*wanted) << " (the nearest size --preset "
                  << preset.id << " accepts), --resize " << *out.resize << "\n";
        return;
    }
    // A lower detail keeps the world's extent in metres when the recipe carries its world or
    // --world-size gives it; the CLI's default world is 1 m per sample at any detail.
    std::string keepExtent;
    if (!keepsExtent) {
        std::ostringstream extent;
        extent << double(width - 1) * request.world.metresPerPixel;
        keepExtent = " (add --world-size " + extent.str() + " to keep its " + extent.str() +
                     " m extent)";
    }
    for (int d = detail - 1; d >= algorithm.minDetail && !request.tiles; --d) {
        const auto lower = algorithm.sizeForDetail(d);
        if (lower.width != wanted->width || lower.height != wanted->height) continue;
        throw InputError("--detail", std::to_string(detail),
                         "a detail whose map " + std::string(preset.engine) + " imports (" +
                             preset.sizeRule + "): --detail " + std::to_string(d) + " gives " +
                             sizeText(*wanted) +
                             ", the same terrain (every 2nd sample per detail level, the lattice "
                             "rule)" + keepExtent + "; or keep this detail with --size " +
                             sizeText(*wanted) + " --resize bicubic");
    }
    if (std::string(preset.id).rfind("unreal", 0) == 0 && fits) {
        request.size = wanted;
        request.resize = core::ResizeMode::Crop;
        std::cerr << "terrain-cli: cropping the centre " << sizeText(*wanted) << " of the "
                  << sizeText({width, height}) << " map for " << preset.engine
                  << " (a recommended size); --resize bicubic resamples the whole map instead\n";
        return;
    }
    if (request.tiles) {
        const auto& t = *request.tiles;
        const bool whole = core::checksWholeLandscape(preset, t);
        throw InputError(core::field::kTiles, std::to_string(t.columns) + "x" + std::to_string(t.rows),
                         std::string(preset.engine) + " (--preset " + preset.id + ") needs " +
                             (whole ? preset.wholeLandscapeRule : preset.sizeRule) + "; try --resize bicubic (makes " +
                             sizeText(*wanted) + ")" + (fits ? " or --resize crop" : "") +
                             ", or --size " + sizeText(*wanted));
    }
}

// The splat layers and how they are written (core::planSplat, as the export dialog checks them),
// before generating.
std::optional<core::SplatPlan> planSplat(const core::Registry& registry, const core::Recipe& recipe,
                                         const OutputOptions& out, const core::GameExportRequest& request, int side) {
    if (out.splat.empty()) {
        if (out.splatSize) throw InputError("--splat-size", *out.splatSize, "used with --splat NAME=RULE");
        return std::nullopt;
    }
    if (out.mask) throw InputError("--splat", out.splat.front(), "splat maps beside a heightmap, not beside --mask");
    const int size = out.splatSize ? parseWhole<int>(*out.splatSize, "--splat-size", 2, core::kMaxOutputSide) : 0;
    return core::planSplat(out.splat, size, core::masksBefore(registry, recipe, recipe.operations.size() + 1), request,
                           side);
}

}  // namespace

int runGenerate(const core::Registry& registry, const GenerationOptions& gen, const OutputOptions& out) {
    // Everything about the output is checked before the (possibly long) generation.
    core::GameExportRequest request = exportRequest(out);
    int version = core::kRecipeFormatVersion;
    bool ownWorld = false;
    const core::Recipe recipe = buildRecipe(registry, gen, &version, &ownWorld);
    std::optional<core::SplatPlan> splat;
    {
        const auto size = registry.get(recipe.algorithm).sizeForDetail(recipe.detail);
        request.world = core::worldUnits(recipe);
        fitPresetSize(registry.get(recipe.algorithm), recipe.detail, out, ownWorld || gen.worldSize.has_value(), request,
                      size.width, size.height);
        core::checkGameExport(request, size.width, size.height);
        splat = planSplat(registry, recipe, out, request, size.width);
        if (out.mask) {
            const std::vector<std::string> made = core::masksBefore(registry, recipe, recipe.operations.size() + 1);
            if (std::find(made.begin(), made.end(), *out.mask) == made.end()) {
                std::string names;
                for (const auto& name : made) names += (names.empty() ? "" : ", ") + name;
                throw InputError("--mask", *out.mask,
                                 names.empty() ? std::string("a mask the stack makes (it makes none: add --op "
                                                             "mask:source=slope or an erosion operation)")
                                               : "a mask the stack makes: " + names);
            }
        }
    }
    Generated g = generateStack(registry, gen, recipe, version, request.world);
    if (request.mapping.mode == core::HeightMapping::Mode::World) request.mapping = g.world;
    if (out.mask) {
        const auto it = g.masks.find(*out.mask);
        if (it == g.masks.end()) throw std::logic_error("mask " + *out.mask + " was declared but not made");
        // Weights, not heights: 0..1 to the full code range, and "metres" 0..1 in float formats.
        g.map = it->second;
        request.mapping = core::HeightMapping::parse("clamp:0:1");
        request.world.loMetres = 0.0;
        request.world.hiMetres = 1.0;
    }
    request.recipe = core::recipeToJson(registry, g.recipe);
    request.recipeSha256 = core::recipeHash(registry, g.recipe);
    const auto start = std::chrono::steady_clock::now();
    // The saved recipe belongs to the export: both are put in place, or neither.
    core::FileTransaction transaction;
    saveRecipe(registry, gen, g.recipe, &transaction);
    const core::GameExportResult result = core::runGameExport(*g.map, request, transaction);
    std::optional<core::SplatResult> splatFiles;
    if (splat) {
        splatFiles = core::writeSplatFor(*splat, *g.map, g.heights, request.world.metresPerPixel, g.masks, out.output,
                                         transaction);
    }
    transaction.commit();
    for (const std::string& journal : transaction.refusedJournals())
        std::cerr << "terrain-cli: warning: " << core::kRefusedJournalNote << journal << "\n";
    if (gen.saveRecipe) std::cerr << "terrain-cli: recipe saved to " << *gen.saveRecipe << "\n";
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    for (const auto& warning : result.warnings) {
        std::cerr << "terrain-cli: warning: " << warning.render() << "\n";  // fields as flags
    }
    for (const auto& file : result.files) {
        std::cerr << "terrain-cli: wrote " << file.string() << " and " << file.string() << ".json\n";
    }
    std::cerr << "terrain-cli: " << result.files.size() << " file(s), " << result.width << "x" << result.height
              << ", " << core::exportFormatName(result.format) << ", " << request.mapping.toString() << ", heights "
              << request.world.loMetres << ".." << request.world.hiMetres << " m, " << result.world.metresPerPixel
              << " m per pixel, written in " << std::fixed << std::setprecision(1) << ms << " ms (generated in "
              << g.generateMs << " ms before)\n";
    if (result.mesh) {
        // Three significant digits whatever the scale: "max error 1.4 m", "0.00312 m", "0 m".
        char error[32];
        std::snprintf(error, sizeof error, "%.3g", result.mesh->maxErrorMetres);
        std::cerr << "terrain-cli: mesh of " << result.mesh->triangles << " triangles, max error " << error
                  << " m\n";
    }
    if (request.preset) std::cout << core::settingsText(*request.preset, result.settings);
    if (splatFiles) {
        for (const auto& file : splatFiles->files) std::cerr << "terrain-cli: wrote " << file.string() << "\n";
        std::cout << core::splatStepsText(*splat, *splatFiles, request.preset ? request.preset->id : "");
    }
    return kExitOk;
}

int runBench(const core::Registry& registry, const BenchOptions& options) {
    std::vector<std::string> algorithms;
    if (options.algorithm) {
        algorithms.push_back(registry.get(*options.algorithm).id);
    } else {
        for (const auto& a : registry.algorithms()) algorithms.push_back(a.id);
    }
    const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
    std::vector<int> threads = {1};
    if (cores > 1) threads.push_back(cores);
    if (options.threads) threads = {parseWhole<int>(*options.threads, "--threads", 1, 256)};
    const int repetitions = parseWhole<int>(options.repetitions, "--repetitions", 1, 1000);

    nlohmann::json out = nlohmann::json::array();
    if (!options.json) {
        std::cout << "algorithm               detail  threads  median ms  ns/sample  cold ms  fill-floor ratio  "
                     "reference speed-up  identical\n";
    }
    for (const auto& id : algorithms) {
        const auto& a = registry.get(id);
        std::vector<int> details = {10, 12};
        if (options.detail) details = {parseWhole<int>(*options.detail, "--detail", a.minDetail, a.maxDetail)};
        for (int detail : details) {
            if (detail < a.minDetail || detail > a.maxDetail) continue;
            for (int t : threads) {
                const auto r = core::runKernelBench(registry, {id, detail, t}, repetitions);
                if (options.json) {
                    out.push_back({{"algorithm", id}, {"detail", detail}, {"threads", t},
                                   {"samples", r.samples}, {"ms_median", r.msMedian},
                                   {"cold_ms_median", r.coldMsMedian}, {"fill_ms_median", r.fillMsMedian},
                                   {"reference_ms_median", r.referenceMsMedian},
                                   {"ns_per_sample", r.nsPerSample}, {"fill_floor_ratio", r.fillFloorRatio},
                                   {"reference_speedup", r.referenceSpeedup}, {"identical", r.identical},
                                   {"max_difference", r.maxDifference}, {"repetitions", repetitions}});
                } else {
                    std::cout << std::left << std::setw(24) << id << std::right << std::setw(6) << detail
                              << std::setw(9) << t << std::fixed << std::setprecision(2) << std::setw(11)
                              << r.msMedian << std::setw(11) << r.nsPerSample << std::setw(9)
                              << r.coldMsMedian << std::setw(18) << r.fillFloorRatio << std::setw(20)
                              << r.referenceSpeedup << std::setw(11) << (r.identical ? "yes" : "NO") << "\n"
                              << std::flush;
                }
            }
        }
    }
    // What thread scaling this machine can show: hyperthreads of one core give the hash ~1x.
    const int most = *std::max_element(threads.begin(), threads.end());
    const double hashScaling = most > 1 ? core::hashThroughputScaling(most, repetitions) : 1.0;
    if (options.json) {
        for (auto& o : out) o["machine_hash_scaling"] = hashScaling;
        std::cout << core::jsonText(out);
    } else if (most > 1) {
        std::cout << std::fixed << std::setprecision(2) << "machine: " << most << " threads hash " << hashScaling
                  << "x as fast as 1 (" << most << ".00 = " << most
                  << " real cores; ~1 = hyperthreads of one core, where no compute-bound kernel can scale)\n";
    }
    return kExitOk;
}

int runAnsi(const core::Registry& registry, const GenerationOptions& gen,
            const std::optional<std::string>& width, const std::string& palette) {
    const core::AnsiPalette pal = core::parseAnsiPalette(palette);
    int columns = 80;
    if (width) {
        columns = parseWhole<int>(*width, "--width", 4, 1000);
    } else if (const char* env = std::getenv("COLUMNS"); env != nullptr && *env != '\0') {
        columns = parseWhole<int>(env, "COLUMNS", 4, 1000);
    } else if (winsize size{}; ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) {
        // COLUMNS is a shell variable that most shells do not export: ask the terminal.
        columns = std::clamp(int(size.ws_col), 4, 1000);
    }
    int version = core::kRecipeFormatVersion;
    const core::Recipe recipe = buildRecipe(registry, gen, &version);
    const Generated g = generateStack(registry, gen, recipe, version, core::worldUnits(recipe));
    saveRecipe(registry, gen, g.recipe, nullptr);
    if (gen.saveRecipe) std::cerr << "terrain-cli: recipe saved to " << *gen.saveRecipe << "\n";
    std::cout << core::renderAnsi(*g.map, columns, pal) << "\n" << std::flush;
    return kExitOk;
}

}  // namespace terrain::app::cli
