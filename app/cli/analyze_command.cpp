#include "analyze_command.h"

#include <core/analysis/geomorphometry.h>
#include <core/errors.h>
#include <core/io/atomic_file.h>
#include <core/io/png_reader.h>
#include <core/io/sidecar.h>
#include <core/io/tiff_reader.h>
#include <core/io/untrusted_file.h>
#include <core/json_input.h>
#include <core/recipe_world.h>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>

namespace terrain::app::cli {
namespace {

namespace fs = std::filesystem;
using core::InputError;

double parseNumber(const std::string& text, const std::string& field, double lo, double hi, const std::string& unit) {
    double value = 0.0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(value) || value < lo || value > hi) {
        std::ostringstream allowed;
        allowed << unit << " from " << lo << " to " << hi;
        throw InputError(field, text, allowed.str());
    }
    return value;
}

struct Loaded {
    core::Heightmap metres;
    double spacingX = 0.0, spacingY = 0.0;
    std::optional<double> seaLevel;
    std::string what;  // for the report's first line
};

// "X" or "X,Y" metres (a geographic DEM's columns and rows are apart by different distances).
std::pair<double, double> parseSpacing(const std::string& text) {
    const auto comma = text.find(',');
    const std::string field = core::field::kMetresPerPixel;
    if (comma == std::string::npos) {
        const double s = parseNumber(text, field, 1e-6, 1e6, "metres");
        return {s, s};
    }
    try {
        return {parseNumber(text.substr(0, comma), field, 1e-6, 1e6, "metres"),
                parseNumber(text.substr(comma + 1), field, 1e-6, 1e6, "metres")};
    } catch (const InputError&) {
        throw InputError(field, text, "metres X or X,Y (columns apart, rows apart), each from 1e-06 to 1e+06");
    }
}

Loaded loadHeightFile(const std::string& given, const GenerationOptions& gen) {
    const fs::path path = given;
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
        throw InputError("FILE", given, "a regular file: a 32-bit float TIFF or a 16-bit PNG");
    }
    // Our sidecar, when there is one: the spacing and, for codes, their metres.
    nlohmann::json sidecar;
    if (const auto text = core::readUntrustedFileIfPresent(core::sidecarPath(path), core::kMaxSidecarBytes,
                                                           "FILE.json", "sidecar")) {
        sidecar = core::parseJsonOrNull(*text);
    }
    // A finite number at `pointer` in the sidecar (a hint: anything else is simply not there).
    const auto number = [&](const char* pointer) -> std::optional<double> {
        const nlohmann::json::json_pointer at(pointer);
        const nlohmann::json& j = sidecar;
        if (!j.is_object() || !j.contains(at) || !j[at].is_number()) return std::nullopt;
        const double v = j[at].get<double>();
        return std::isfinite(v) ? std::optional(v) : std::nullopt;
    };
    Loaded loaded;
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (ext == ".tif" || ext == ".tiff") {
        if (sidecar.is_object() && sidecar.contains("samples") &&
            !(sidecar["samples"].is_string() && sidecar["samples"] == "metres (float32)")) {
            throw InputError("FILE", given,
                             "a float TIFF of metres (its sidecar says the samples are raw heights: export with "
                             "--map world)");
        }
        loaded.metres = core::readTiff32(path);
    } else if (ext == ".png") {
        const core::Heightmap codes = core::readPng16(path);
        double lo = 0.0, hi = 0.0, full = 65535.0;
        if (gen.heightRange) {
            const core::WorldUnits w = core::WorldUnits::withHeightRange({}, *gen.heightRange);
            lo = w.loMetres;
            hi = w.hiMetres;
        } else if (const auto low = number("/height_range_metres/0"), high = number("/height_range_metres/1"),
                   scale = number("/code_full_scale");
                   low && high && scale) {
            lo = *low;
            hi = *high;
            full = *scale;
            if (!(hi > lo) || !(full >= 1.0 && full <= 65535.0))
                throw InputError("FILE.json", given + ".json", "a sidecar with a valid height range and code scale");
        } else {
            throw InputError(core::field::kHeightRange, "(none)",
                             "LO:HI metres for a 16-bit PNG without our sidecar: the heights of codes 0 and 65535");
        }
        loaded.metres = core::Heightmap(codes.width(), codes.height());
        const double step = (hi - lo) / full;
        for (std::size_t i = 0; i < codes.sampleCount(); ++i)
            loaded.metres.samples()[i] = float(lo + double(codes.samples()[i]) * step);
    } else {
        throw InputError("FILE", given, "a .tif/.tiff (32-bit float, metres) or .png (16-bit) file");
    }
    if (gen.metresPerPixel) {
        std::tie(loaded.spacingX, loaded.spacingY) = parseSpacing(*gen.metresPerPixel);
    } else if (const auto s = number("/metres_per_pixel"); s && *s > 0.0 && *s <= 1e6) {
        loaded.spacingX = loaded.spacingY = *s;
    } else {
        throw InputError(core::field::kMetresPerPixel, "(none)",
                         "metres between samples (X or X,Y) for a file without our sidecar");
    }
    if (gen.seaLevel) {
        loaded.seaLevel = seaLevelFrom(*gen.seaLevel);
    } else {
        loaded.seaLevel = number("/recipe/world/sea_level_m");  // the recipe that made it
    }
    loaded.what = given;
    return loaded;
}

Loaded generateMetres(const core::Registry& registry, const GenerationOptions& gen) {
    int version = core::kRecipeFormatVersion;
    const core::Recipe recipe = buildRecipe(registry, gen, &version);
    const core::WorldUnits units = core::worldUnits(recipe);
    const Generated g = generateStack(registry, gen, recipe, version, units);
    Loaded loaded;
    loaded.metres = core::Heightmap(g.map->width(), g.map->height());
    for (std::size_t i = 0; i < g.map->sampleCount(); ++i)
        loaded.metres.samples()[i] = float(g.heights.toMetres(double(g.map->samples()[i])));
    loaded.spacingX = loaded.spacingY = units.metresPerPixel;
    loaded.seaLevel = recipe.world.seaLevelMetres;
    loaded.what = gen.recipeFile ? *gen.recipeFile : recipe.algorithm;
    return loaded;
}

std::string fixed(double v, int digits) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", digits, v);
    return buffer;
}

std::string report(const Loaded& in, const core::Geomorphometry& m, const core::GeomorphOptions& o) {
    std::ostringstream s;
    s << in.what << ": " << m.width << "x" << m.height << ", spacing " << fixed(m.spacingX_m, 2);
    if (m.spacingY_m != m.spacingX_m) s << " x " << fixed(m.spacingY_m, 2);
    s << " m, heights " << fixed(m.minMetres, 1) << " to " << fixed(m.maxMetres, 1) << " m";
    if (o.seaLevel_m) s << ", sea level " << fixed(*o.seaLevel_m, 1) << " m";
    s << "\n" << core::reliefReport(m, o);
    return s.str();
}

}  // namespace

void addAnalyzeOptions(CLI::App* cmd, AnalyzeOptions& options) {
    cmd->add_option("file", options.file,
                    "A heightmap to measure: a 32-bit float TIFF in metres or a 16-bit PNG (default: generate "
                    "the terrain the recipe flags describe)");
    cmd->add_option("--curvature-scale", options.curvatureScale,
                    "Metres the curvature skew's second differences span (default 150: a hillslope)");
    cmd->add_option("--channel-area", options.channelArea,
                    "Drainage area in km² from which a cell is a channel (default 0.1)");
    cmd->add_option("--slope-statistic", options.slopeStatistic,
                    "How the slope-area fit sums up each bin of drainage area: median (default) or mean "
                    "(TopoToolbox's slopearea)");
    cmd->add_option("--min-depression-depth", options.minDepth,
                    "Metres filling must raise a cell for it to count as in a closed depression (default 1)");
    cmd->add_option("--json", options.json, "Also write the figures as JSON to this file (- for stdout)");
}

int runAnalyze(const core::Registry& registry, const GenerationOptions& gen, const AnalyzeOptions& options) {
    core::GeomorphOptions o;
    if (options.curvatureScale)
        o.curvatureScale_m = parseNumber(*options.curvatureScale, "--curvature-scale", 1e-3, 1e6, "metres");
    if (options.channelArea)
        o.channelArea_m2 = 1e6 * parseNumber(*options.channelArea, "--channel-area", 1e-9, 1e6, "km²");
    if (options.slopeStatistic) {
        if (*options.slopeStatistic == "mean") {
            o.slopeStatistic = core::SlopeStatistic::Mean;
        } else if (*options.slopeStatistic != "median") {
            throw InputError("--slope-statistic", *options.slopeStatistic, "median or mean");
        }
    }
    if (options.minDepth)
        o.minDepressionDepth_m = parseNumber(*options.minDepth, "--min-depression-depth", 0.0, 1e4, "metres");
    if (options.file && (gen.recipeFile || gen.algorithm || !gen.ops.empty() || !gen.sets.empty())) {
        throw InputError("FILE", *options.file, "a file or a recipe (--recipe, --algorithm, --set, --op), not both");
    }
    const Loaded in = options.file ? loadHeightFile(*options.file, gen) : generateMetres(registry, gen);
    o.seaLevel_m = in.seaLevel;
    const core::Geomorphometry m =
        core::measureRelief(core::ReliefSurface{in.metres, in.spacingX, in.spacingY}, o);
    const bool jsonToStdout = options.json && *options.json == "-";
    (jsonToStdout ? std::cerr : std::cout) << report(in, m, o) << std::flush;
    if (options.json) {
        const std::string text = m.toJson(o).dump(2) + "\n";
        if (jsonToStdout) {
            std::cout << text << std::flush;
        } else {
            core::AtomicFile file(*options.json);
            file.write(text.data(), text.size());
            file.commit();
        }
    }
    return kExitOk;
}

}  // namespace terrain::app::cli
