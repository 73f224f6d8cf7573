#include "stack_options.h"
#include "world_command.h"

#include <core/cancel.h>
#include <core/errors.h>
#include <core/io/atomic_file.h>
#include <core/world/world.h>
#include <core/world/world_export.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <algorithm>
#include <sstream>

namespace terrain::app::cli {
namespace {

namespace fs = std::filesystem;
using core::InputError;

struct LoadedWorld {
    core::WorldManifest manifest;
    fs::path dir;
};

LoadedWorld loadWorld(const core::Registry& registry, const WorldOptions& o) {
    if (!o.world) throw InputError("--world", "missing", "the world's world.json (written by terrain-cli world init)");
    const std::string text = readRecipeFile(*o.world, "--world");
    try {
        return {core::worldManifestFromText(registry, text, *o.world), fs::path(*o.world).parent_path()};
    } catch (const InputError& e) {
        throw RecipeDataError(recipeDataMessage(*o.world, e));
    }
}

core::GenerateContext contextFor(const WorldOptions& o) {
    GenerationOptions gen;
    gen.threads = o.threads;
    core::GenerateContext context;
    context.threads = threadCount(gen);
    return context;
}

// "K" or "K-K2" (inclusive) within the world's tiles.
std::pair<std::int64_t, std::int64_t> parseIndices(const std::string& text, std::int64_t tiles) {
    const std::string allowed = "K or K-K2, tile indices from 0 to " + std::to_string(tiles - 1) +
                                " (row * columns + column; K2 >= K)";
    const auto dash = text.find('-', 1);
    try {
        const std::int64_t a = parseWhole<std::int64_t>(text.substr(0, dash), "--index", 0, tiles - 1);
        const std::int64_t b =
            dash == std::string::npos ? a : parseWhole<std::int64_t>(text.substr(dash + 1), "--index", 0, tiles - 1);
        if (b < a) throw InputError("--index", text, allowed);
        return {a, b};
    } catch (const InputError&) {
        throw InputError("--index", text, allowed);
    }
}

int runInit(const core::Registry& registry, const WorldOptions& o) {
    if (!o.out) throw InputError("--out", "missing", "the folder to write the world into");
    if (!o.worldDetail) throw InputError("--world-detail", "missing", "the world's detail D: 2^D+1 samples a side");
    if (!o.tile) throw InputError("--tile", "missing", "the tile side, 2^k+1 samples (e.g. 1025)");
    const int detail = parseWhole<int>(*o.worldDetail, "--world-detail", 1, core::kMaxWorldDetail);
    const int tile = parseWhole<int>(*o.tile, "--tile", 2, (1 << core::kMaxTileDetail) + 1);
    // --metres-per-pixel is the spacing at the world's detail. A recipe with its own world is the
    // world's whole map; one without gets 1 m per sample at the world's detail, as before.
    GenerationOptions gen = o.gen;
    gen.spacingDetail = detail;
    bool ownWorld = false;
    core::Recipe recipe = buildRecipe(registry, gen, nullptr, &ownWorld);
    if (!ownWorld && !gen.worldSize && !gen.metresPerPixel) {
        recipe.world.extentMetres = std::ldexp(1.0, detail);
        core::validateWorld(recipe.world, recipe.detail);
    }
    const core::WorldUnits units = core::worldUnitsAt(recipe, detail);
    // Checked first: a bad --format is named before the recipe's mapping is computed.
    const core::ExportFormat format = core::parseWorldTileFormat(o.format.value_or("tiff32"), "--format");
    core::WorldManifest m = core::makeWorldManifest(registry, recipe, detail, tile, units, contextFor(o));
    m.tileFormat = format;
    const fs::path dir(*o.out);
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw core::IoError(core::IoError::Kind::CannotCreate, *o.out + ": " + ec.message());
    const std::string text = core::worldManifestToText(registry, m);
    const fs::path path = dir / "world.json";
    if (fs::exists(path, ec)) {
        if (core::readUntrustedFile(path, core::kMaxRecipeBytes, "--out", "world.json") != text) {
            throw InputError("--out", *o.out,
                             "a new folder, or one whose world.json is this world: it holds another world (a changed "
                             "recipe or size would mix tiles of two worlds)");
        }
    }
    core::AtomicFile file(path);
    file.write(text.data(), text.size());
    file.commit();
    std::cout << "world " << m.side() << "x" << m.side() << " samples (" << m.units.metresPerPixel * double(m.side() - 1)
              << " m across), " << m.tileCount() << " tiles of " << m.tileSide() << "x" << m.tileSide() << " ("
              << m.columns() << " x " << m.rows() << "), indices 0-" << m.tileCount() - 1 << "\n"
              << "next: terrain-cli world tile --world " << path.string() << " --index 0-" << m.tileCount() - 1 << "\n";
    return kExitOk;
}

int runTile(const core::Registry& registry, const WorldOptions& o) {
    const LoadedWorld w = loadWorld(registry, o);
    if (!o.index) throw InputError("--index", "missing", "K or K-K2: the tiles this task computes");
    const auto [first, last] = parseIndices(*o.index, w.manifest.tileCount());
    const core::GenerateContext context = contextFor(o);
    std::int64_t computed = 0, skipped = 0;
    const auto start = std::chrono::steady_clock::now();
    for (std::int64_t k = first; k <= last; ++k) {
        if (core::computeTile(registry, w.manifest, w.dir, k, context)) {
            ++computed;
        } else {
            ++skipped;
        }
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cerr << "terrain-cli: tiles " << first << "-" << last << ": " << computed << " computed, " << skipped
              << " already done, in " << std::fixed << std::setprecision(2) << s << " s\n";
    return kExitOk;
}

int runVerifyWorld(const core::Registry& registry, const WorldOptions& o) {
    const LoadedWorld w = loadWorld(registry, o);
    const core::WorldCheck check = core::verifyWorld(w.manifest, w.dir);
    for (const auto& line : check.failures) std::cout << line << "\n";
    std::cout << check.passed << " passed, " << check.failed << " failed\n";
    return check.failed == 0 ? kExitOk : kExitDataErr;
}

int runVrt(const core::Registry& registry, const WorldOptions& o) {
    const LoadedWorld w = loadWorld(registry, o);
    core::writeWorldVrt(w.manifest, w.dir);
    std::cout << (w.dir / "world.vrt").string() << " (" << w.manifest.overviewLevels << " overview level(s))\n";
    return kExitOk;
}

int runExport(const core::Registry& registry, const WorldOptions& o) {
    const LoadedWorld w = loadWorld(registry, o);
    if (!o.out) throw InputError("--out", "missing", "the output file; tiles are named by --tile-pattern from it");
    core::WorldExportRequest request;
    request.output = *o.out;
    if (o.preset) request.preset = &core::findEnginePreset(*o.preset);
    if (o.format) request.format = core::parseExportFormat(*o.format);
    if (o.resize) request.resize = core::parseResizeMode(*o.resize);
    request.tilePattern = o.tilePattern ? *o.tilePattern : core::worldTilePattern(request.preset);
    request.splat = o.splat;
    if (o.splatSize) {
        if (o.splat.empty()) throw InputError("--splat-size", *o.splatSize, "used with --splat NAME=RULE");
        request.splatSize = parseWhole<int>(*o.splatSize, "--splat-size", 2, core::kMaxOutputSide);
    }
    const core::WorldExportPlan plan = core::planWorldExport(registry, w.manifest, request);
    const auto [first, last] =
        o.index ? parseIndices(*o.index, w.manifest.tileCount()) : std::pair<std::int64_t, std::int64_t>{0, w.manifest.tileCount() - 1};
    const core::GenerateContext context = contextFor(o);
    if (plan.resized) {
        std::cerr << "terrain-cli: " << (request.preset ? request.preset->engine : "") << " tiles: the world's "
                  << w.manifest.side() << "x" << w.manifest.side() << " samples "
                  << (plan.resize == core::ResizeMode::Crop ? "cropped (centre)" : "resampled (bicubic)") << " to "
                  << plan.side << "x" << plan.side << ", " << plan.layout.columns << "x" << plan.layout.rows
                  << " tiles of " << plan.layout.tileWidth << "x" << plan.layout.tileHeight << "\n";
    }
    std::error_code ec;
    const fs::path parent = fs::path(*o.out).parent_path();
    if (!parent.empty()) fs::create_directories(parent, ec);
    if (ec) throw core::IoError(core::IoError::Kind::CannotCreate, parent.string() + ": " + ec.message());
    std::vector<std::string> warnings;
    for (const auto& warning : plan.warnings) warnings.push_back(warning.render());
    std::int64_t written = 0, skipped = 0;
    const auto start = std::chrono::steady_clock::now();
    for (std::int64_t k = first; k <= last; ++k) {
        const auto result = core::exportWorldTile(registry, w.manifest, request, plan, k, context);
        if (!result) {
            ++skipped;
            continue;
        }
        ++written;
        for (const auto& f : result->files) std::cout << f.string() << "\n";
        for (const auto& warning : result->warnings) {
            const std::string text = warning.render();
            if (std::find(warnings.begin(), warnings.end(), text) == warnings.end()) warnings.push_back(text);
        }
    }
    for (const auto& warning : warnings) std::cerr << "terrain-cli: warning: " << warning << "\n";
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cerr << "terrain-cli: engine tiles " << first << "-" << last << ": " << written << " written, " << skipped
              << " already there, in " << std::fixed << std::setprecision(2) << s << " s\n";
    if (request.preset) std::cout << core::settingsText(*request.preset, plan.settings);
    if (plan.splat) {
        std::cout << "Splat maps beside each tile (" << plan.splat->size << "x" << plan.splat->size << ", "
                  << (plan.splat->style == core::SplatStyle::Rgba8 ? "RGBA8, layer 4N + k in channel k of _splat<N>"
                      : plan.splat->style == core::SplatStyle::Grey8  ? "8-bit grey per layer"
                      : plan.splat->style == core::SplatStyle::Grey16 ? "16-bit grey per layer"
                                                                      : "Terrain3D control map, layer i texture id i")
                  << "): ";
        for (std::size_t i = 0; i < plan.splat->layers.size(); ++i)
            std::cout << (i ? ", " : "") << plan.splat->layers[i].text;
        std::cout << "\n";
    }
    return kExitOk;
}

}  // namespace

CLI::App* addWorldCommand(CLI::App& app, WorldOptions& o) {
    CLI::App* world = app.add_subcommand("world", "Worlds of exact tiles for GNU parallel, Slurm and other engines "
                                                  "(docs/worlds.md)");
    world->require_subcommand(1);
    o.init = world->add_subcommand("init", "Write DIR/world.json: the recipe, the world's size and tile grid");
    o.init->add_option("--recipe", o.gen.recipeFile, "A recipe JSON file or preset:ID");
    o.init->add_option("--algorithm", o.gen.algorithm, "Algorithm id instead of a recipe");
    o.init->add_option("--seed", o.gen.seed, "Random seed");
    o.init->add_option("--set", o.gen.sets, "KEY=VALUE for any algorithm parameter (repeatable)")->allow_extra_args(false);
    addStackOptions(o.init, o.gen.ops);
    o.init->add_option("--world-detail", o.worldDetail, "The world is 2^D+1 samples a side (D up to 20)");
    o.init->add_option("--tile", o.tile, "Tile side in samples: 2^k+1 (33 ... 8193); neighbours share an edge");
    o.init->add_option("--out", o.out, "The world's folder");
    o.init->add_option("--world-size", o.gen.worldSize,
                       "Metres across the world (default: the recipe's world; without one 1 m per sample)");
    o.init->add_option("--metres-per-pixel", o.gen.metresPerPixel, "Sample spacing at the world's detail");
    o.init->add_option("--height-range", o.gen.heightRange,
                       "LO:HI metres of the recipe's height range (default: the recipe's; without one 0:100)");
    o.init->add_option("--sea-level", o.gen.seaLevel, "The world's sea level in metres");
    o.init->add_option("--format", o.format, "Tile files: tiff32 (float GeoTIFF in metres, default) or png16 (16-bit "
                                             "PNG of the world's fixed height mapping)");
    o.init->add_option("--threads", o.threads, "Worker threads");
    o.tileCmd = world->add_subcommand("tile", "Compute tiles by index (idempotent: finished tiles are skipped)");
    o.tileCmd->add_option("--world", o.world, "DIR/world.json");
    o.tileCmd->add_option("--index", o.index, "K or K-K2: tile indices, row-major (SLURM_ARRAY_TASK_ID, {#}-1, ...)");
    o.tileCmd->add_option("--threads", o.threads, "Worker threads (the output does not depend on it)");
    o.verify = world->add_subcommand("verify", "Check every tile: present, hashed right, shared edges identical");
    o.verify->add_option("--world", o.world, "DIR/world.json");
    o.vrt = world->add_subcommand("vrt", "Write DIR/world.vrt: a GDAL mosaic of the tiles with overviews");
    o.vrt->add_option("--world", o.world, "DIR/world.json");
    o.exportCmd = world->add_subcommand("export", "Write the world as an engine's tiles (--preset), tile by tile like "
                                                  "world tile");
    o.exportCmd->add_option("--world", o.world, "DIR/world.json");
    o.exportCmd->add_option("--out", o.out, "Output file; tile K is named by --tile-pattern from it");
    o.exportCmd->add_option("--index", o.index, "K or K-K2: the tiles this task writes (default: every tile)");
    o.exportCmd->add_option("--preset", o.preset, "Engine preset: " + core::enginePresetIds());
    o.exportCmd->add_option("--format", o.format, "Output format (default: the preset's, else from the extension)");
    o.exportCmd->add_option("--resize", o.resize, "When the preset needs another size: bicubic (the whole world, "
                                                  "default) or crop (the centre, exact samples)");
    o.exportCmd->add_option("--tile-pattern", o.tilePattern,
                            std::string("Tile names: {stem} {x} {y} {z} (row from the south) {xx} {yy} {zz} (zero-padded) {ext}; "
                                        "default ") + core::kUnityTilePattern + " with --preset unity, else " +
                                core::kUnrealTilePattern);
    o.exportCmd->add_option("--splat", o.splat,
                            "A splat layer NAME=RULE (repeat, in order; as generate --splat): material weights "
                            "written beside each tile");
    o.exportCmd->add_option("--splat-size", o.splatSize,
                            "Splat map side in pixels (Unity: a power of two, default the tile's side - 1; others: "
                            "default the tile's side)");
    o.exportCmd->add_option("--threads", o.threads, "Worker threads (the output does not depend on it)");
    return world;
}

int runWorld(const core::Registry& registry, const WorldOptions& o) {
    if (*o.init) return runInit(registry, o);
    if (*o.tileCmd) return runTile(registry, o);
    if (*o.verify) return runVerifyWorld(registry, o);
    if (*o.vrt) return runVrt(registry, o);
    if (*o.exportCmd) return runExport(registry, o);
    return kExitUsage;
}

}  // namespace terrain::app::cli
