#include "world.h"

#include "../cancel.h"
#include "../errors.h"
#include "../json_input.h"
#include "../sha256.h"
#include "../stack/evaluator.h"
#include "../world_scale.h"
#include "../io/atomic_file.h"
#include "../io/export.h"
#include "../io/png_reader.h"
#include "../io/tiff_reader.h"
#include "../io/tiff_writer.h"
#include "../io/untrusted_file.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace terrain::core {
namespace {

namespace fs = std::filesystem;

std::string name(int column, int row) { return "x" + std::to_string(column) + "_y" + std::to_string(row); }

void writeTextAtomically(const fs::path& path, const std::string& text) {
    AtomicFile file(path);
    file.write(text.data(), text.size());
    file.commit();
}

// A tile.json: empty when it is missing, or not a small regular file (a FIFO, a device, a link
// to /dev/zero, a huge file): such a tile is not done, and verify names it.
std::string readText(const fs::path& path) {
    try {
        return readUntrustedFileIfPresent(path, kMaxTileJsonBytes, path.string(), "tile.json").value_or("");
    } catch (const InputError&) {
        return {};
    }
}

// Whether `path` is a regular file whose SHA-256 is `sha256` (hex).
bool fileMatches(const fs::path& path, const std::string& sha256) {
    std::error_code ec;
    if (sha256.empty() || !fs::is_regular_file(path, ec)) return false;
    try {
        return sha256FileHex(path) == sha256;
    } catch (const std::exception&) {
        return false;
    }
}

// Whether overview `level` of tile (column, row) is there with the SHA-256 its tile.json `record`
// lists for it.
bool overviewMatches(const WorldManifest& m, const fs::path& dir, const nlohmann::json& record, int level,
                     int column, int row) {
    const nlohmann::json overviews = record.value("overviews", nlohmann::json::array());
    const std::size_t at = std::size_t(level - 1);
    return overviews.is_array() && overviews.size() > at && overviews[at].is_object() &&
           fileMatches(dir / overviewFile(m, level, column, row), stringMember(overviews[at], "sha256"));
}

// Every 2^level-th sample of the tile: the coarse lattice level of the same place (the lattice rule).
Heightmap subsample(const Heightmap& tile, int level) {
    const int step = 1 << level;
    const int side = (tile.width() - 1) / step + 1;
    Heightmap out = Heightmap::uninitialized(side, side);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) out.at(x, y) = tile.at(x * step, y * step);
    return out;
}

void exportTile(const WorldManifest& m, const Heightmap& map, const fs::path& path, int level, int column, int row) {
    ExportOptions options;
    options.format = m.tileFormat;
    options.mapping = m.mapping;
    options.world = m.units;
    options.world.metresPerPixel = m.units.metresPerPixel * double(1 << level);
    const int spans = (m.tileSide() - 1) >> level;
    options.originSamples[0] = column * spans;
    options.originSamples[1] = row * spans;
    fs::create_directories(path.parent_path());
    exportHeightmap(map, path, options);
}

const nlohmann::json& member(const nlohmann::json& j, const char* key, const std::string& source) {
    if (!j.is_object() || !j.contains(key)) throw InputError(key, "missing", "present in " + source);
    return j.at(key);
}

int wholeIn(const nlohmann::json& j, const char* key, int lo, int hi, const std::string& source) {
    const nlohmann::json& v = member(j, key, source);
    if (!v.is_number_integer() || v.get<std::int64_t>() < lo || v.get<std::int64_t>() > hi) {
        throw InputError(key, jsonForMessage(v),
                         "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + " (" + source + ")");
    }
    return int(v.get<std::int64_t>());
}

double finiteIn(const nlohmann::json& j, const char* key, const std::string& source) {
    const nlohmann::json& v = member(j, key, source);
    if (!v.is_number() || !std::isfinite(v.get<double>()))
        throw InputError(key, jsonForMessage(v), "a finite number (" + source + ")");
    return v.get<double>();
}

}  // namespace

Recipe worldRecipe(const WorldManifest& m) {
    Recipe r = m.recipe;
    r.detail = m.worldDetail;
    return r;
}

SampleWindow tileWindow(const WorldManifest& m, int column, int row) {
    const int spans = m.tileSide() - 1;
    return {column * spans, row * spans, m.tileSide(), m.tileSide()};
}

ExportFormat parseWorldTileFormat(const std::string& text, const std::string& field) {
    if (text == "tiff32") return ExportFormat::Tiff32;
    if (text == "png16") return ExportFormat::Png16;
    throw InputError(field, text, "tiff32 (float GeoTIFF tiles in metres) or png16 (16-bit PNG tiles of the world's "
                                  "fixed height mapping)");
}

fs::path tileFile(const WorldManifest& m, int column, int row) {
    return fs::path("tiles") / (name(column, row) + exportFormatExtension(m.tileFormat));
}
fs::path tileJsonFile(int column, int row) { return fs::path("tiles") / (name(column, row) + ".json"); }
fs::path overviewFile(const WorldManifest& m, int level, int column, int row) {
    return fs::path("overviews") / std::to_string(level) / (name(column, row) + exportFormatExtension(m.tileFormat));
}

WorldManifest makeWorldManifest(const Registry& registry, const Recipe& recipe, int worldDetail, int tileSide,
                                const WorldUnits& units, const GenerateContext& context) {
    validateRecipe(registry, recipe);
    checkWindowable(registry, recipe);
    if (worldDetail < std::max(recipe.detail, kMinTileDetail) || worldDetail > kMaxWorldDetail) {
        throw InputError("--world-detail", std::to_string(worldDetail),
                         "a whole number from the recipe's detail (" + std::to_string(recipe.detail) + ", at least " +
                             std::to_string(kMinTileDetail) + ") to " + std::to_string(kMaxWorldDetail) +
                             ": the world is 2^D+1 samples a side");
    }
    int tileDetail = 0;
    while (tileDetail < 31 && (1 << tileDetail) + 1 < tileSide) ++tileDetail;
    if ((1 << tileDetail) + 1 != tileSide || tileDetail < kMinTileDetail || tileDetail > kMaxTileDetail ||
        tileDetail > worldDetail || worldDetail - tileDetail > kMaxWorldTileDetail) {
        throw InputError("--tile", std::to_string(tileSide),
                         "2^k+1 samples from " + std::to_string((1 << kMinTileDetail) + 1) + " to " +
                             std::to_string((1 << std::min(kMaxTileDetail, worldDetail)) + 1) +
                             " (33, 65, ... 1025, 2049, 4097): tiles share their edge samples and cut the " +
                             std::to_string((std::int64_t(1) << worldDetail) + 1) + "-sample world evenly, in at most " +
                             std::to_string(kMaxWorldTiles) + " tiles (" + std::to_string(1 << kMaxWorldTileDetail) +
                             " a side: here tiles of at least " +
                             std::to_string((1 << std::max(kMinTileDetail, worldDetail - kMaxWorldTileDetail)) + 1) +
                             " samples)");
    }
    units.validate();
    WorldManifest m;
    m.recipe = recipe;
    m.recipeHash = recipeHash(registry, recipe);
    m.worldDetail = worldDetail;
    m.tileDetail = tileDetail;
    m.units = units;
    m.mapping = worldMapping(registry, worldRecipe(m), units.metresPerPixel, context);
    // Overviews down to a world of about 1025 samples a side, and tiles of at least 3.
    m.overviewLevels = std::max(0, std::min(tileDetail - 1, worldDetail - 10));
    m.toolVersion = TERRAIN_VERSION;
    m.buildHash = worldBuildHash(m);
    return m;
}

std::string worldBuildHash(const WorldManifest& m) {
    // Doubles go in as their bit patterns (hex): the hash must not depend on how a number prints.
    const auto bits = [](double v) {
        std::uint64_t u = 0;
        std::memcpy(&u, &v, sizeof u);
        char text[17];
        std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(u));
        return std::string(text);
    };
    nlohmann::json j;
    j["recipe_sha256"] = m.recipeHash;
    j["world_detail"] = m.worldDetail;
    j["tile_detail"] = m.tileDetail;
    j["metres_per_sample"] = bits(m.units.metresPerPixel);
    j["height_range_m"] = {bits(m.units.loMetres), bits(m.units.hiMetres)};
    j["height_mapping"] = {bits(double(m.mapping.lo)), bits(double(m.mapping.hi))};
    j["overview_levels"] = m.overviewLevels;
    j["tile_format"] = exportFormatName(m.tileFormat);
    return sha256Hex(j.dump());
}

std::string worldManifestToText(const Registry& registry, const WorldManifest& m) {
    nlohmann::json j;
    j["format"] = "terrain-world";
    j["format_version"] = kWorldFormatVersion;
    j["tool_version"] = m.toolVersion;
    j["recipe"] = recipeToJson(registry, m.recipe);
    j["recipe_sha256"] = m.recipeHash;
    j["world_detail"] = m.worldDetail;
    j["world_side"] = m.side();
    j["tile_detail"] = m.tileDetail;
    j["tile_side"] = m.tileSide();
    j["columns"] = m.columns();
    j["rows"] = m.rows();
    j["tiles"] = m.tileCount();
    j["metres_per_sample"] = m.units.metresPerPixel;
    j["world_size_m"] = m.units.metresPerPixel * double(m.side() - 1);
    j["height_range_m"] = {m.units.loMetres, m.units.hiMetres};
    j["height_mapping"] = {{"raw_low", double(m.mapping.lo)}, {"raw_high", double(m.mapping.hi)},
                           {"meaning", "metres = low_m + (raw - raw_low) / (raw_high - raw_low) * (high_m - low_m)"}};
    j["overview_levels"] = m.overviewLevels;
    const std::string extension = exportFormatExtension(m.tileFormat);
    j["tile_format"] = exportFormatName(m.tileFormat);
    j["layout"] = {{"tile", "tiles/x{column}_y{row}" + extension},
                   {"tile_json", "tiles/x{column}_y{row}.json (written last: the tile is done)"},
                   {"overview", "overviews/{level}/x{column}_y{row}" + extension + " (every 2^level-th sample)"},
                   {"index", "row * columns + column"},
                   {"shared_edges", "neighbouring tiles share their edge row or column of samples"}};
    return jsonText(j) + "\n";
}

WorldManifest worldManifestFromText(const Registry& registry, const std::string& text, const std::string& source) {
    const nlohmann::json j = parseJsonInput(text, source);
    if (!j.is_object() || stringMember(j, "format") != "terrain-world")
        throw InputError("format", j.is_object() && j.contains("format") ? jsonForMessage(j["format"]) : "missing",
                         "\"terrain-world\": " + source + " is not a world.json");
    wholeIn(j, "format_version", 1, kWorldFormatVersion, source);
    WorldManifest m;
    m.recipe = recipeFromJson(registry, member(j, "recipe", source));
    m.recipeHash = recipeHash(registry, m.recipe);
    const nlohmann::json& hash = member(j, "recipe_sha256", source);
    if (!hash.is_string() || hash.get<std::string>() != m.recipeHash)
        throw InputError("recipe_sha256", jsonForMessage(hash), "the SHA-256 of the recipe in " + source + " (" +
                                                                     m.recipeHash + "): the recipe was edited");
    m.worldDetail = wholeIn(j, "world_detail", kMinTileDetail, kMaxWorldDetail, source);
    m.tileDetail = wholeIn(j, "tile_detail", std::max(kMinTileDetail, m.worldDetail - kMaxWorldTileDetail),
                           std::min(kMaxTileDetail, m.worldDetail), source);
    m.units.metresPerPixel = finiteIn(j, "metres_per_sample", source);
    const nlohmann::json& range = member(j, "height_range_m", source);
    if (!range.is_array() || range.size() != 2 || !range[0].is_number() || !range[1].is_number())
        throw InputError("height_range_m", jsonForMessage(range), "[low, high] in metres (" + source + ")");
    m.units.loMetres = range[0].get<double>();
    m.units.hiMetres = range[1].get<double>();
    m.units.validate();
    const nlohmann::json& mapping = member(j, "height_mapping", source);
    m.mapping.mode = HeightMapping::Mode::World;
    m.mapping.lo = float(finiteIn(mapping, "raw_low", source));
    m.mapping.hi = float(finiteIn(mapping, "raw_high", source));
    if (!(m.mapping.hi > m.mapping.lo))
        throw InputError("raw_high", std::to_string(m.mapping.hi), "above raw_low (" + source + ")");
    m.mapping.referenceDetail = m.recipe.world.referenceDetail;
    m.overviewLevels = wholeIn(j, "overview_levels", 0, m.tileDetail - 1, source);
    const nlohmann::json& format = member(j, "tile_format", source);
    m.tileFormat = parseWorldTileFormat(format.is_string() ? format.get<std::string>() : jsonForMessage(format),
                                        "tile_format (" + source + ")");
    const nlohmann::json& version = member(j, "tool_version", source);
    m.toolVersion = version.is_string() ? version.get<std::string>() : "";
    checkWindowable(registry, m.recipe);
    m.buildHash = worldBuildHash(m);
    return m;
}

bool tileDone(const WorldManifest& m, const fs::path& dir, std::int64_t index) {
    const int column = int(index % m.columns()), row = int(index / m.columns());
    const std::string text = readText(dir / tileJsonFile(column, row));
    if (text.empty()) return false;
    const nlohmann::json j = parseJsonOrNull(text);
    if (!j.is_object() || stringMember(j, "build_sha256") != m.buildHash) return false;
    // The files as they were written: a tile damaged since is computed again, so "resubmit what
    // verify names" repairs it.
    if (!fileMatches(dir / tileFile(m, column, row), stringMember(j, "sha256"))) return false;
    for (int l = 1; l <= m.overviewLevels; ++l)
        if (!overviewMatches(m, dir, j, l, column, row)) return false;
    return true;
}

bool computeTile(const Registry& registry, const WorldManifest& m, const fs::path& dir, std::int64_t index,
                 const GenerateContext& context) {
    if (index < 0 || index >= m.tileCount()) {
        throw InputError("--index", std::to_string(index),
                         "a tile index from 0 to " + std::to_string(m.tileCount() - 1) + " (row * " +
                             std::to_string(m.columns()) + " + column)");
    }
    if (tileDone(m, dir, index)) return false;
    const int column = int(index % m.columns()), row = int(index / m.columns());
    const Heightmap tile = evaluateStackWindow(registry, worldRecipe(m), m.units, tileWindow(m, column, row), context, &m.mapping);
    nlohmann::json record;
    record["recipe_sha256"] = m.recipeHash;
    record["build_sha256"] = m.buildHash;
    record["index"] = index;
    record["column"] = column;
    record["row"] = row;
    record["tile_side"] = m.tileSide();
    exportTile(m, tile, dir / tileFile(m, column, row), 0, column, row);
    record["file"] = tileFile(m, column, row).generic_string();
    record["sha256"] = sha256FileHex(dir / tileFile(m, column, row));
    nlohmann::json overviews = nlohmann::json::array();
    for (int l = 1; l <= m.overviewLevels; ++l) {
        const fs::path file = overviewFile(m, l, column, row);
        exportTile(m, subsample(tile, l), dir / file, l, column, row);
        overviews.push_back({{"level", l}, {"file", file.generic_string()}, {"sha256", sha256FileHex(dir / file)}});
    }
    record["overviews"] = overviews;
    record["tool_version"] = m.toolVersion;
    writeTextAtomically(dir / tileJsonFile(column, row), jsonText(record) + "\n");
    return true;
}

WorldCheck verifyWorld(const WorldManifest& m, const fs::path& dir) {
    WorldCheck check;
    const int columns = m.columns(), side = m.tileSide();
    // The south row of each tile of the row above, and the east column of the tile to the west.
    std::vector<std::vector<float>> south(static_cast<std::size_t>(columns));
    std::vector<float> east;
    for (int row = 0; row < m.rows(); ++row) {
        for (int column = 0; column < columns; ++column) {
            const std::string label = "tile " + std::to_string(std::int64_t(row) * columns + column) + " (" +
                                      name(column, row) + ")";
            std::vector<std::string> problems;
            Heightmap tile;
            std::string text, unreadable;
            try {
                text = readUntrustedFileIfPresent(dir / tileJsonFile(column, row), kMaxTileJsonBytes,
                                                  tileJsonFile(column, row).generic_string(), "tile.json")
                           .value_or("");
            } catch (const InputError& e) {
                unreadable = e.what();
            }
            const nlohmann::json j = parseJsonOrNull(text);
            if (!unreadable.empty()) {
                problems.push_back(unreadable);
            } else if (text.empty() || !j.is_object()) {
                problems.push_back("no tile.json (" + tileJsonFile(column, row).generic_string() + "): not computed");
            } else if (stringMember(j, "recipe_sha256") != m.recipeHash) {
                problems.push_back("computed for another recipe");
            } else if (stringMember(j, "build_sha256") != m.buildHash) {
                problems.push_back("computed under other world settings (height range, spacing, mapping, details, "
                                   "overviews or tile format than world.json's now)");
            } else {
                std::error_code ec;
                const fs::path file = dir / tileFile(m, column, row);
                if (!fs::is_regular_file(file, ec)) {
                    problems.push_back("its file is missing");
                } else if (sha256FileHex(file) != stringMember(j, "sha256")) {
                    problems.push_back("its file does not match the SHA-256 in its tile.json");
                } else {
                    try {
                        tile = m.tileFormat == ExportFormat::Png16 ? readPng16(file) : readTiff32(file);
                        if (tile.width() != side || tile.height() != side) {
                            problems.push_back("is " + std::to_string(tile.width()) + "x" +
                                               std::to_string(tile.height()) + ", not " + std::to_string(side) + "²");
                            tile = Heightmap();
                        }
                    } catch (const std::exception& e) {
                        problems.push_back(std::string("cannot be read: ") + e.what());
                    }
                }
                for (int l = 1; l <= m.overviewLevels; ++l) {
                    if (!overviewMatches(m, dir, j, l, column, row)) {
                        problems.push_back("overview level " + std::to_string(l) + " is missing or changed");
                    }
                }
            }
            if (!tile.empty()) {
                const auto bits = [](const float* a, const float* b, std::size_t n) {
                    return std::memcmp(a, b, n * sizeof(float)) == 0;
                };
                if (row > 0 && !south[std::size_t(column)].empty() &&
                    !bits(south[std::size_t(column)].data(), tile.row(0), std::size_t(side))) {
                    problems.push_back("its north row differs from the south row of the tile above");
                }
                std::vector<float> west(static_cast<std::size_t>(side));
                for (int y = 0; y < side; ++y) west[std::size_t(y)] = tile.at(0, y);
                if (column > 0 && !east.empty() && !bits(east.data(), west.data(), std::size_t(side))) {
                    problems.push_back("its west column differs from the east column of the tile to the west");
                }
                south[std::size_t(column)].assign(tile.row(side - 1), tile.row(side - 1) + side);
                east.resize(std::size_t(side));
                for (int y = 0; y < side; ++y) east[std::size_t(y)] = tile.at(side - 1, y);
            } else {
                south[std::size_t(column)].clear();
                east.clear();
            }
            if (problems.empty()) {
                ++check.passed;
            } else {
                ++check.failed;
                std::string line = label + ":";
                for (const auto& p : problems) line += " " + p + ";";
                line.pop_back();
                check.failures.push_back(line);
            }
        }
    }
    return check;
}

namespace {

// One VRT mosaic of the tiles at `level` (0: the tiles themselves), with `overviews` listing the
// files of the coarser levels' mosaics.
std::string vrtText(const WorldManifest& m, int level, const std::vector<std::string>& overviews) {
    const std::int64_t side = ((m.side() - 1) >> level) + 1;
    const int tile = ((m.tileSide() - 1) >> level) + 1;
    const double mps = m.units.metresPerPixel * double(1 << level);
    std::ostringstream out;
    out.precision(17);
    out << "<VRTDataset rasterXSize=\"" << side << "\" rasterYSize=\"" << side << "\">\n";
    // The tiles' PixelIsPoint origin (sample centres) as GDAL's corner-based geotransform.
    out << "  <GeoTransform>" << -0.5 * mps << ", " << mps << ", 0, " << 0.5 * mps << ", 0, " << -mps
        << "</GeoTransform>\n";
    // The tiles' CRS (the local metric grid the GeoTIFF tiles declare; PNG tiles carry none, and
    // lie on the same grid), so GDAL and QGIS put the mosaic and its tiles in one CRS.
    out << "  <SRS dataAxisToSRSAxisMapping=\"1,2\">" << kLocalGridWkt << "</SRS>\n";
    out << "  <Metadata><MDI key=\"AREA_OR_POINT\">Point</MDI></Metadata>\n";
    const bool codes = m.tileFormat == ExportFormat::Png16;
    const char* type = codes ? "UInt16" : "Float32";
    out << "  <VRTRasterBand dataType=\"" << type << "\" band=\"1\">\n";
    if (codes) {  // GDAL's unit scale: metres = Offset + code * Scale (the fixed mapping)
        out << "    <Offset>" << m.units.loMetres << "</Offset><Scale>" << (m.units.hiMetres - m.units.loMetres) / 65535.0
            << "</Scale><UnitType>m</UnitType>\n";
    }
    for (const auto& o : overviews) {
        out << "    <Overview><SourceFilename relativeToVRT=\"1\">" << o
            << "</SourceFilename><SourceBand>1</SourceBand></Overview>\n";
    }
    const std::string prefix = level == 0 ? "" : "../";
    for (int row = 0; row < m.rows(); ++row) {
        for (int column = 0; column < m.columns(); ++column) {
            const std::string file =
                prefix + (level == 0 ? tileFile(m, column, row) : overviewFile(m, level, column, row)).generic_string();
            out << "    <SimpleSource><SourceFilename relativeToVRT=\"1\">" << file
                << "</SourceFilename><SourceBand>1</SourceBand>"
                << "<SourceProperties RasterXSize=\"" << tile << "\" RasterYSize=\"" << tile
                << "\" DataType=\"" << type << "\" BlockXSize=\"" << tile << "\" BlockYSize=\"1\"/>"
                << "<SrcRect xOff=\"0\" yOff=\"0\" xSize=\"" << tile << "\" ySize=\"" << tile << "\"/>"
                << "<DstRect xOff=\"" << std::int64_t(column) * (tile - 1) << "\" yOff=\""
                << std::int64_t(row) * (tile - 1) << "\" xSize=\"" << tile << "\" ySize=\"" << tile
                << "\"/></SimpleSource>\n";
        }
    }
    out << "  </VRTRasterBand>\n</VRTDataset>\n";
    return out.str();
}

}  // namespace

void writeWorldVrt(const WorldManifest& m, const fs::path& dir) {
    std::vector<std::string> overviews;
    for (int l = 1; l <= m.overviewLevels; ++l) {
        const std::string file = "overviews/" + std::to_string(l) + ".vrt";
        fs::create_directories(dir / "overviews");
        writeTextAtomically(dir / file, vrtText(m, l, {}));
        overviews.push_back(file);
    }
    writeTextAtomically(dir / "world.vrt", vrtText(m, 0, overviews));
}

std::int64_t levelSide(const WorldManifest& m, int level) {
    return (std::int64_t(1) << (m.worldDetail - level)) + 1;
}

int viewTilesPerSide(const WorldManifest& m, int level) {
    return int((levelSide(m, level) + kViewTile - 1) / kViewTile);
}

int coarsestViewLevel(const WorldManifest& m) {
    int level = 0;
    while (level < m.worldDetail - 1 && levelSide(m, level) > kViewTile) ++level;
    return level;
}

Heightmap computeViewTile(const Registry& registry, const WorldManifest& m, ViewTileKey key,
                          const GenerateContext& context, StackEvaluator* ranges, int margin,
                          std::pair<int, int>* origin) {
    if (key.level < 0 || key.level >= m.worldDetail || key.tx < 0 || key.ty < 0 ||
        key.tx >= viewTilesPerSide(m, key.level) || key.ty >= viewTilesPerSide(m, key.level)) {
        throw InputError("tile", std::to_string(key.level) + "/" + std::to_string(key.tx) + "/" + std::to_string(key.ty),
                         "a view tile inside the world");
    }
    const std::int64_t side = levelSide(m, key.level);
    const std::int64_t x0 = std::int64_t(key.tx) * kViewTile, y0 = std::int64_t(key.ty) * kViewTile;
    const std::int64_t gx0 = std::max<std::int64_t>(0, x0 - margin), gy0 = std::max<std::int64_t>(0, y0 - margin);
    const std::int64_t gx1 = std::min<std::int64_t>(side, x0 + kViewTile + margin);
    const std::int64_t gy1 = std::min<std::int64_t>(side, y0 + kViewTile + margin);
    const SampleWindow window{int(gx0), int(gy0), int(gx1 - gx0), int(gy1 - gy0)};
    if (origin != nullptr) *origin = {int(x0 - gx0), int(y0 - gy0)};
    Recipe recipe = m.recipe;
    recipe.detail = m.worldDetail - key.level;
    WorldUnits units = m.units;
    units.metresPerPixel = m.units.metresPerPixel * double(std::int64_t(1) << key.level);
    return evaluateStackWindow(registry, recipe, units, window, context, &m.mapping, ranges);
}

}  // namespace terrain::core
