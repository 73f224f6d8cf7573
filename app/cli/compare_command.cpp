#include "compare_command.h"

#include "cli_commands.h"

#include <core/analysis/compare_sheet.h>
#include <core/analysis/statistics.h>
#include <core/cancel.h>
#include <core/errors.h>
#include <core/io/atomic_file.h>
#include <core/io/file_transaction.h>
#include <core/io/rgb_png.h>
#include <core/io/sidecar.h>
#include <core/json_input.h>
#include <core/recipe.h>
#include <core/stack/evaluator.h>
#include <core/recipe_world.h>
#include <core/world_scale.h>

#include <nlohmann/json.hpp>

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <thread>

namespace terrain::app::cli {
namespace {

using core::InputError;
namespace fs = std::filesystem;

constexpr std::size_t kMinPanels = 2;
constexpr std::size_t kMaxPanels = 8;

// A whole number in [lo, hi], or InputError naming `field`.
std::uint64_t wholeIn(const std::string& text, const char* field, std::uint64_t lo, std::uint64_t hi) {
    std::uint64_t value = 0;
    const char* end = text.data() + text.size();
    const auto parsed = std::from_chars(text.data(), end, value);
    const bool ok = !text.empty() && parsed.ec == std::errc() && parsed.ptr == end;
    if (!ok || value < lo || value > hi) {
        throw InputError(field, text, "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
    }
    return value;
}

// A finite number in (lo, hi] (lo excluded: a zero scale or relief makes every slope 0 or 90).
double numberIn(const std::optional<std::string>& text, const char* field, double lo, double hi, double fallback) {
    if (!text) return fallback;
    double value = 0.0;
    const char* end = text->data() + text->size();
    const auto parsed = std::from_chars(text->data(), end, value);
    if (text->empty() || parsed.ec != std::errc() || parsed.ptr != end || !std::isfinite(value) || value <= lo ||
        value > hi) {
        char allowed[96];
        std::snprintf(allowed, sizeof allowed, "a number greater than %g and at most %g", lo, hi);
        throw InputError(field, *text, allowed);
    }
    return value;
}

core::Recipe loadRecipe(const core::Registry& registry, const std::string& path) {
    const std::string text = readRecipeFile(path, "--recipe");
    try {
        int version = core::kRecipeFormatVersion;
        core::Recipe recipe = core::recipeFromText(registry, text, path, &version);
        if (const std::string notice = core::olderRecipeNotice(version, recipe); !notice.empty()) {
            std::cerr << "terrain-cli: note: " << path << ": " << notice << "\n";
        }
        return recipe;
    } catch (const InputError& e) {
        throw RecipeDataError(recipeDataMessage(path, e));
    }
}

// Fails before any generation when a file could not be created in its folder.
void checkFolder(const std::string& path, const char* field) {
    const fs::path folder = fs::path(path).parent_path();
    if (!folder.empty() && !fs::is_directory(folder)) {
        throw core::IoError(core::IoError::Kind::CannotCreate,
                            std::string(field) + ": cannot create '" + path + "': no such folder");
    }
}

std::string fixed(double v, int digits) {
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.*f", digits, v);
    return buffer;
}

// Title words: seed and size, then the parameters that matter for comparing: roughness and the
// edge mode always, the others only when they differ from their defaults.
std::vector<std::string> titleWords(const core::Registry& registry, const core::Recipe& recipe, const core::Heightmap& map) {
    const core::Algorithm& a = registry.get(recipe.algorithm);
    std::vector<std::string> words{"seed " + std::to_string(recipe.seed),
                                   "detail " + std::to_string(recipe.detail) + " (" + std::to_string(map.width()) +
                                       "x" + std::to_string(map.height()) + ")"};
    for (const auto& spec : a.params) {
        const double value = recipe.params.at(spec.key);
        const bool always = spec.key == "roughness" || spec.key == "edge";
        if (!always && value == spec.defaultValue) continue;
        words.push_back(spec.key + " " + spec.format(value));
    }
    return words;
}

// The operations after the base generator, one word each ("clamp", "midpoint-displacement add
// 0.3"): panels that differ only in their base show the same stack.
std::vector<std::string> stackWords(const core::Registry& registry, const core::Recipe& recipe) {
    std::vector<std::string> words;
    for (const auto& op : recipe.operations) {
        std::string word = "+ " + op.type;
        if (registry.find(op.type)) {
            char weight[32];
            std::snprintf(weight, sizeof weight, "%g", op.weight);
            word += " " + core::blendModeNames().at(std::size_t(op.blend)) + " " + weight;
        }
        if (!op.enabled) word += " (off)";
        words.push_back(std::move(word));
    }
    return words;
}

// One recipe: one panel per algorithm whose maps have its base's shape, each with the recipe's
// seed, detail (clamped to the algorithm's range) and operations, the recipe's own base first.
std::vector<core::Recipe> perAlgorithm(const core::Registry& registry, const core::Recipe& recipe) {
    const auto twoD = [&](const core::Algorithm& a) {
        return a.sizeForDetail(std::clamp(recipe.detail, a.minDetail, a.maxDetail)).height > 1;
    };
    const bool shape = twoD(registry.get(recipe.algorithm));
    std::vector<core::Recipe> recipes{recipe};
    for (const core::Algorithm& a : registry.algorithms()) {
        if (a.id == recipe.algorithm || twoD(a) != shape) continue;
        core::Recipe other = core::defaultRecipe(registry, a.id);
        other.seed = recipe.seed;
        other.detail = std::clamp(recipe.detail, a.minDetail, a.maxDetail);
        other.operations = recipe.operations;
        recipes.push_back(std::move(other));
    }
    return recipes;
}

std::vector<std::string> numberLines(const core::TerrainStats& s) {
    std::vector<std::string> lines{
        "min " + fixed(s.min, 3) + "  max " + fixed(s.max, 3),
        "mean " + fixed(s.mean, 3) + "  stddev " + fixed(s.stddev, 3),
        "walkable " + fixed(100.0 * s.slope.walkableFraction, 1) + "% (< " + fixed(s.walkableDeg, 0) + " deg)",
        "mean slope " + fixed(s.slope.meanDeg, 1) + " deg",
        fixed(s.metresPerPixel, 1) + " m/pixel, " + fixed(s.heightRangeMetres, 0) + " m range",
    };
    std::string hurst = "Hurst " + (s.hurst ? fixed(*s.hurst, 2) : std::string("-"));
    if (s.hurstExpected) hurst += ", params " + fixed(*s.hurstExpected, 2);
    lines.push_back(hurst);
    lines.push_back("crease " + (s.crease.valid ? fixed(s.crease.score, 2) : std::string("-")) + " (1 = none)");
    lines.push_back("generated in " + fixed(s.generationMs.value_or(0.0), 1) + " ms");
    return lines;
}

struct Panel {
    std::string source;
    core::Recipe recipe;
    core::Heightmap map;
    core::TerrainStats stats;
    core::WorldUnits world;  // the recipe's world at its detail, or the flags'
};

// The heading's line on the panels' worlds: one for all, or "each recipe's own".
std::string worldsLine(const std::vector<Panel>& panels) {
    const core::WorldUnits& first = panels.front().world;
    for (const Panel& p : panels) {
        if (p.world.metresPerPixel != first.metresPerPixel || p.world.rangeMetres() != first.rangeMetres())
            return "slopes: each recipe's own world (below)";
    }
    return "slopes: " + fixed(first.metresPerPixel, 1) + " m/pixel, each map spans " + fixed(first.rangeMetres(), 0) +
           " m";
}

}  // namespace

CLI::App* addCompareCommand(CLI::App& app, CompareOptions& o) {
    auto* cmd = app.add_subcommand("compare", "Generate 2 to 8 recipes (or one recipe's stack on each algorithm) side by side in one PNG sheet, with numbers");
    cmd->add_option("--recipe", o.recipes,
                    "A recipe JSON file, one per panel (repeat 2 to 8 times); one file alone: one panel per "
                    "algorithm of its shape, each with the recipe's stack after it")
        ->required();
    cmd->add_option("--output,-o", o.output, "The sheet, a .png file")->required();
    cmd->add_option("--stats", o.stats, "Also write the numbers as JSON: an array, one object per panel");
    cmd->add_option("--detail", o.detail, "Detail level for every panel (default: each recipe's own)");
    cmd->add_option("--seed", o.seed, "Seed for every panel (default: each recipe's own)");
    cmd->add_option("--threads", o.threads, "Worker threads (the output does not depend on it)");
    cmd->add_option("--map", o.map, "Height colours: common (one min/max over all panels, default) or per-panel");
    cmd->add_option("--metres-per-pixel", o.metresPerPixel,
                    "Sample spacing in metres for every panel (default: each recipe's world; 1 m for a recipe "
                    "older than format 4)");
    cmd->add_option("--height-range", o.heightRange,
                    "Metres every panel's world scale spans, from 0 (default: each recipe's height range)");
    cmd->add_option("--walkable", o.walkable, "Walkable slope limit in degrees (default 35)");
    return cmd;
}

int runCompare(const core::Registry& registry, const CompareOptions& o) {
    // Everything about the inputs and outputs is checked before the first (possibly long) generation.
    if (o.recipes.empty() || o.recipes.size() > kMaxPanels) {
        throw InputError("--recipe", std::to_string(o.recipes.size()) + " file(s)", "2 to 8 recipe files");
    }
    if (fs::path(o.output).extension() != ".png") throw InputError("--output", o.output, "a .png file");
    core::SheetOptions sheet;
    if (o.map == "per-panel") {
        sheet.mapping = core::SheetMapping::PerPanel;
    } else if (o.map != "common") {
        throw InputError("--map", o.map, "common or per-panel");
    }
    core::StatsOptions statsOptions;
    // Each panel in its recipe's world (the terrain `generate` makes of it), unless a flag sets
    // the spacing or the height range for all.
    const double spacingFlag = numberIn(o.metresPerPixel, "--metres-per-pixel", 0.0, 1e6, 0.0);
    const double rangeFlag = numberIn(o.heightRange, "--height-range", 0.0, 1e6, 0.0);
    statsOptions.slope.walkableDeg = numberIn(o.walkable, "--walkable", 0.0, 90.0, 35.0);
    core::GenerateContext context;
    context.threads = o.threads ? int(wholeIn(*o.threads, "--threads", 1, 256))
                                : int(std::max(1u, std::thread::hardware_concurrency()));

    std::vector<Panel> panels;
    for (const std::string& path : o.recipes) panels.push_back({path, loadRecipe(registry, path), {}, {}, {}});
    if (panels.size() == 1) {
        const Panel one = panels.front();
        panels.clear();
        for (core::Recipe& recipe : perAlgorithm(registry, one.recipe)) panels.push_back({one.source, recipe, {}, {}, {}});
        if (panels.size() < kMinPanels) {
            throw InputError("--recipe", "1 file(s)",
                             "2 to 8 recipe files, or one whose base generator has another algorithm of its "
                             "shape (" + one.recipe.algorithm + " has none)");
        }
    }
    // Up to 4 in a row; 5 to 8 panels in two balanced rows.
    const int count = int(panels.size());
    sheet.columns = count <= 4 ? count : (count + 1) / 2;
    for (std::size_t i = 0; i < panels.size(); ++i) {
        const core::Algorithm& a = registry.get(panels[i].recipe.algorithm);
        if (o.detail) {
            panels[i].recipe.detail = int(wholeIn(*o.detail, "--detail", std::uint64_t(a.minDetail), std::uint64_t(a.maxDetail)));
        }
        if (o.seed) panels[i].recipe.seed = wholeIn(*o.seed, "--seed", 0, std::numeric_limits<std::uint64_t>::max());
        core::validateRecipe(registry, panels[i].recipe);
        // The stack's world: metre-valued operations (clamp, erosion, ...) read heights in its
        // range, samples its spacing apart, as `generate` evaluates the recipe.
        core::WorldUnits& world = panels[i].world;
        world = core::worldUnits(panels[i].recipe);
        if (o.metresPerPixel) world.metresPerPixel = spacingFlag;
        if (o.heightRange) {
            world.loMetres = 0.0;
            world.hiMetres = rangeFlag;
        }
    }
    // Every map stays in memory until the sheet is drawn: refuse before generating the first one.
    std::uint64_t bytes = 0;
    for (const auto& p : panels) {
        const core::Size size = registry.get(p.recipe.algorithm).sizeForDetail(p.recipe.detail);
        bytes += std::uint64_t(size.width) * std::uint64_t(size.height) * sizeof(float);
    }
    if (bytes > core::physicalMemoryBytes()) {
        throw core::SizeError(std::to_string(panels.size()) + " panels together", bytes, core::physicalMemoryBytes());
    }
    checkFolder(o.output, "--output");
    if (o.stats) checkFolder(*o.stats, "--stats");

    for (auto& p : panels) {
        const auto start = std::chrono::steady_clock::now();
        // The whole stack; a recipe without operations is its generator's map, byte for byte.
        p.map = core::evaluateStack(registry, p.recipe, p.world, context);
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        p.stats.generationMs = ms;
        std::cerr << "terrain-cli: " << p.source << ": " << p.recipe.algorithm << " seed " << p.recipe.seed << ", "
                  << p.map.width() << "x" << p.map.height() << " in " << fixed(ms, 1) << " ms\n";
    }

    // With common mapping the histograms share their bins too, so bars line up across panels.
    std::vector<core::SheetPanel> sheetPanels(panels.size());
    for (std::size_t i = 0; i < panels.size(); ++i) sheetPanels[i].map = &panels[i].map;
    for (std::size_t i = 0; i < panels.size(); ++i) {
        Panel& p = panels[i];
        const double ms = *p.stats.generationMs;
        core::StatsOptions options = statsOptions;
        options.slope.metresPerPixel = p.world.metresPerPixel;
        options.slope.heightRangeMetres = p.world.rangeMetres();
        // Slopes in metres through the recipe's world scale (its base generator's), the same at
        // every detail and the same as the editor's compare window.
        const core::HeightMapping scale = core::worldMapping(registry, p.recipe, p.world.metresPerPixel, context);
        options.slope.rawRange = core::MinMax{scale.lo, scale.hi};
        if (sheet.mapping == core::SheetMapping::Common) {
            options.histogramRange = core::sheetRange(sheetPanels, i, core::SheetMapping::Common);
        }
        p.stats = core::computeStats(p.map, options);
        p.stats.generationMs = ms;
        p.stats.hurstExpected = core::expectedHurst(p.recipe);

        sheetPanels[i].title = {p.recipe.algorithm};
        std::vector<std::string> words = titleWords(registry, p.recipe, p.map);
        for (std::string& word : stackWords(registry, p.recipe)) words.push_back(std::move(word));
        for (auto& line : core::wrapWords(words, core::sheetLineChars(sheet))) {
            sheetPanels[i].title.push_back(std::move(line));
        }
        sheetPanels[i].numbers = numberLines(p.stats);
        sheetPanels[i].stats = &p.stats;
    }

    const core::MinMax common = core::sheetRange(sheetPanels, 0, core::SheetMapping::Common);
    sheet.heading = {
        "terrain-cli compare: " + std::to_string(panels.size()) +
            (o.recipes.size() == 1 ? " algorithms, one recipe's stack" : " recipes"),
        sheet.mapping == core::SheetMapping::Common
            ? "colours: common raw range " + fixed(common.min, 3) + " .. " + fixed(common.max, 3)
            : std::string("colours: per panel (each map's min..max)"),
        worldsLine(panels),
        "crease 1 = no grid creases; Hurst from the variogram",
    };
    // The sheet and its statistics are one result: both are put in place, or neither.
    core::FileTransaction transaction;
    core::writeRgbPng(core::composeSheet(sheetPanels, sheet), o.output, &transaction);

    if (o.stats) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& p : panels) {
            nlohmann::json j = p.stats.toJson();
            j["source"] = p.source;
            j["algorithm"] = p.recipe.algorithm;
            j["recipe"] = core::recipeToJson(registry, p.recipe);
            j["recipe_sha256"] = core::recipeHash(registry, p.recipe);
            out.push_back(std::move(j));
        }
        const std::string text = core::jsonText(out);
        core::AtomicFile file(*o.stats, &transaction);
        file.write(text.data(), text.size());
        file.commit();
    }
    transaction.commit();
    for (const std::string& journal : transaction.refusedJournals())
        std::cerr << "terrain-cli: warning: " << core::kRefusedJournalNote << journal << "\n";
    std::cerr << "terrain-cli: wrote " << o.output << "\n";
    if (o.stats) std::cerr << "terrain-cli: wrote " << *o.stats << "\n";
    return kExitOk;
}

}  // namespace terrain::app::cli
