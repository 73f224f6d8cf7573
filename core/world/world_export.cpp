#include "world_export.h"

#include "../errors.h"
#include "../json_input.h"
#include "../sha256.h"
#include "../io/untrusted_file.h"
#include "../io/sidecar.h"
#include "../recipe.h"
#include "../stack/evaluator.h"
#include "../stack/stage_blend.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <stdexcept>

namespace terrain::core {
namespace {

std::string sizeText(std::int64_t width, std::int64_t height) {
    return std::to_string(width) + "x" + std::to_string(height);
}

// The column's and the row's placeholders with something other than digits between them, so
// tile (1, 11) and (11, 1) get different names; checked on the pattern because a world may have
// millions of tiles. Unpadded {x}{y} fails; so does the text between two padded ones being empty.
void checkWorldTilePattern(const std::string& pattern) {
    checkTilePattern(pattern);
    std::size_t first = std::string::npos, last = 0, firstEnd = 0;
    for (const char* token : {"{x}", "{xx}", "{y}", "{yy}", "{z}", "{zz}"}) {
        const auto at = pattern.find(token);
        if (at == std::string::npos) continue;
        if (first == std::string::npos || at < first) {
            first = at;
            firstEnd = at + std::char_traits<char>::length(token);
        }
        last = std::max(last, at);
    }
    const std::string between = last > firstEnd ? pattern.substr(firstEnd, last - firstEnd) : std::string();
    if (between.find_first_not_of("0123456789") == std::string::npos) {
        throw InputError(field::kTilePattern, pattern,
                         std::string("a pattern with a separator between the column and the row (as in ") +
                             kUnrealTilePattern + "), so every tile of the world gets its own name");
    }
}

GameExportRequest tileRequest(const WorldManifest& m, const WorldExportRequest& request, const WorldExportPlan& plan,
                              int column, int row) {
    GameExportRequest r;
    r.output = tilePath(request.output, request.tilePattern, column, row, plan.layout.columns, plan.layout.rows);
    r.format = plan.format;
    r.preset = request.preset;
    r.mapping = m.mapping;  // one mapping for the whole world: neighbours meet without a step
    r.world = plan.world;
    r.placement = TilePlacement{plan.layout, column, row};
    r.pngCompression = request.pngCompression;
    return r;
}

// Whether the tile `r` describes is on disk as `r` would write it (see exportWorldTile).
bool exported(const GameExportRequest& r, const WorldExportPlan& plan, const std::string& recipeSha256) {
    std::error_code ec;
    const std::filesystem::path sidecar = sidecarPath(r.output);
    if (!std::filesystem::is_regular_file(sidecar, ec) || !std::filesystem::is_regular_file(r.output, ec)) return false;
    try {
        const nlohmann::json j =
            parseJsonOrNull(readUntrustedFile(sidecar, kMaxSidecarBytes, sidecar.string(), "sidecar"));
        const nlohmann::json& tile = j.at("tile");
        const nlohmann::json engine = j.contains("engine") ? j.at("engine").at("preset") : nlohmann::json();
        const nlohmann::json preset = r.preset ? nlohmann::json(r.preset->id) : nlohmann::json();
        return j.at("recipe_sha256") == recipeSha256 && j.at("format") == exportFormatName(plan.format) &&
               j.at("width") == plan.layout.tileWidth && j.at("height") == plan.layout.tileHeight &&
               tile.at("x") == r.placement->column && tile.at("y") == r.placement->row &&
               tile.at("columns") == plan.layout.columns && tile.at("rows") == plan.layout.rows &&
               tile.at("shared_border") == plan.layout.border && engine == preset &&
               j.at("metres_per_pixel") == plan.world.metresPerPixel && j.at("mapping") == r.mapping.toString() &&
               j.at("sha256") == sha256FileHex(r.output);
    } catch (const std::exception&) {
        return false;  // unreadable or another layout: written again
    }
}

// Where tile (column, row)'s splat maps go: named as its heightmap, tile pattern last.
SplatNaming splatNaming(const WorldExportRequest& request, const WorldExportPlan& plan, int column, int row) {
    return {request.output, request.tilePattern, column, row, plan.layout.columns, plan.layout.rows};
}

// Whether the splat maps `plan` asks of the tile `names` names are there: its splat sidecar
// lists the plan's size, style and layers, and every file it names exists.
bool splatThere(const SplatPlan& plan, const SplatNaming& names) {
    const std::filesystem::path sidecar = names("_splat", ".json");
    std::string text;
    try {
        text = readUntrustedFile(sidecar, kMaxSidecarBytes, sidecar.string(), "splat sidecar");
    } catch (const InputError&) {
        return false;  // missing, or no small regular file: written again
    }
    const nlohmann::json j = parseJsonOrNull(text);
    if (!j.is_object() || j.value("size", nlohmann::json()) != plan.size) return false;
    if (stringMember(j, "style") != splatStyleName(plan.style)) return false;
    const nlohmann::json layers = j.value("layers", nlohmann::json());
    if (!layers.is_array() || layers.size() != plan.layers.size()) return false;
    std::error_code ec;
    for (std::size_t i = 0; i < plan.layers.size(); ++i) {
        const SplatLayer& l = plan.layers[i];
        if (stringMember(layers[i], "name") != l.name || stringMember(layers[i], "rule") != l.text.substr(l.name.size() + 1))
            return false;
        const std::string file = stringMember(layers[i], "file");
        if (file.empty() || !std::filesystem::is_regular_file(sidecar.parent_path() / file, ec)) return false;
    }
    return true;
}

}  // namespace

std::string worldTilePattern(const EnginePreset* preset) {
    return preset && preset->tilePattern ? preset->tilePattern : kUnrealTilePattern;
}

WorldExportPlan planWorldExport(const Registry& registry, const WorldManifest& m, const WorldExportRequest& request) {
    WorldExportPlan plan;
    GameExportRequest base;
    base.output = request.output;
    base.format = request.format;
    base.preset = request.preset;
    plan.format = resolveFormat(base);
    checkWorldTilePattern(request.tilePattern);
    const std::int64_t side = m.side();
    plan.side = int(side);
    plan.world = m.units;
    plan.resize = request.resize;
    plan.layout = TileLayout{m.columns(), m.rows(), 1, m.tileSide(), m.tileSide()};
    const EnginePreset* preset = request.preset;
    const bool asTheyAre = !preset || (preset->tileBorder == 1 && presetAcceptsSize(*preset, m.tileSide(), m.tileSide()));
    if (!asTheyAre) {
        TileLayout wanted{m.columns(), m.rows(), preset->tileBorder, 0, 0};
        // A crop reaches sizes within the world only; bicubic any size (kMaxOutputSide at most).
        const bool crop = request.resize == ResizeMode::Crop;
        const auto size = nearestPresetSize(*preset, plan.side, plan.side, wanted, crop ? plan.side : kMaxOutputSide);
        if (!size) {
            const std::string rule =
                checksWholeLandscape(*preset, wanted) ? preset->wholeLandscapeRule : preset->sizeRule;
            if (crop) {
                throw InputError(field::kResize, "crop",
                                 "bicubic: " + std::string(preset->engine) + " needs " + rule + ", and no such size of " +
                                     sizeText(m.columns(), m.rows()) + " tiles fits in the world's " +
                                     sizeText(side, side) + " samples");
            }
            throw InputError(field::kPreset, preset->id,
                             std::string(preset->engine) + " needs " + rule + "; no such size of " +
                                 sizeText(m.columns(), m.rows()) + " tiles is at most " +
                                 std::to_string(kMaxOutputSide) + " samples a side (a world with fewer, larger tiles: "
                                 "world init --tile)");
        }
        plan.resized = true;
        plan.side = size->width;
        plan.layout = layoutTiles(wanted, size->width, size->height);
        if (request.resize == ResizeMode::Bicubic) {
            plan.world.metresPerPixel *= double(side - 1) / double(plan.side - 1);
        }
    }
    // Everything a tile's export checks (format, sizes, the preset's rule), once, before any task runs.
    checkGameExport(tileRequest(m, request, plan, 0, 0), plan.layout.tileWidth, plan.layout.tileHeight);
    // TerrainToolboxCreateTerrain.cs (Batch): Directory.GetFiles(folder, "*.raw").
    if (request.tilePattern == kUnityTilePattern && request.output.extension() != ".raw") {
        plan.warnings.push_back(FieldText("Unity's Terrain Toolbox (Create New Terrain, Batch) lists only .raw files; "
                                          "name the output NAME.raw"));
    }
    if (preset && request.tilePattern == kUnityTilePattern && std::string(preset->id) == "unity") {
        plan.settings = unityToolboxSettings(plan.layout.columns, plan.layout.rows, plan.layout.tileWidth, plan.world,
                                             plan.warnings);
    } else if (preset) {
        plan.settings = engineSettings(*preset, plan.format, plan.layout.tileWidth, plan.layout.tileHeight, plan.world);
    }
    if (!request.splat.empty() || request.splatSize != 0) {
        // As planSplat sees generate --tiles of the whole map.
        GameExportRequest whole;
        whole.output = request.output;
        whole.preset = preset;
        whole.tiles = TileLayout{m.columns(), m.rows(), plan.layout.border, 0, 0};
        whole.tilePattern = request.tilePattern;
        whole.resize = request.resize;
        if (plan.resized) whole.size = OutputSize{plan.side, plan.side};
        const Recipe recipe = worldRecipe(m);
        plan.splat = planSplat(request.splat, request.splatSize,
                               masksBefore(registry, recipe, recipe.operations.size() + 1), whole, plan.side);
    }
    return plan;
}

std::optional<GameExportResult> exportWorldTile(const Registry& registry, const WorldManifest& m,
                                                const WorldExportRequest& request,
                                 const WorldExportPlan& plan, std::int64_t index, const GenerateContext& context) {
    if (index < 0 || index >= m.tileCount()) {
        throw InputError("--index", std::to_string(index),
                         "a tile index from 0 to " + std::to_string(m.tileCount() - 1) + " (row * " +
                             std::to_string(m.columns()) + " + column)");
    }
    const int column = int(index % m.columns()), row = int(index / m.columns());
    const TileLayout& t = plan.layout;
    const int ox = column * (t.tileWidth - t.border), oy = row * (t.tileHeight - t.border);
    const Recipe recipe = worldRecipe(m);
    GameExportRequest r = tileRequest(m, request, plan, column, row);
    r.recipe = recipeToJson(registry, recipe);
    r.recipeSha256 = recipeHash(registry, recipe);
    if (exported(r, plan, r.recipeSha256) && (!plan.splat || splatThere(*plan.splat, splatNaming(request, plan, column, row)))) return std::nullopt;
    // The world samples the tile reads: its own (shifted by a centred crop), or the taps of the
    // bicubic resize of the heights and, for splat maps, of the bilinear resize of the weights
    // (as generate resizes them); for splat maps grown by one, as the slope reads its neighbours.
    const int side = int(m.side());
    const bool resampled = plan.resized && plan.resize == ResizeMode::Bicubic;
    const int offset = plan.side == side || resampled ? 0 : (side - plan.side) / 2;
    const auto span = [&](int first, int count) {
        if (!resampled) return Span{offset + first, offset + first + count - 1};
        Span s = bicubicSpan(side, plan.side, first, count);
        if (plan.splat) {
            const Span w = bilinearSpan(side, plan.side, first, count);
            s = {std::min(s.first, w.first), std::max(s.last, w.last)};
        }
        return s;
    };
    Span sx = span(ox, t.tileWidth), sy = span(oy, t.tileHeight);
    if (plan.splat) {
        sx = {std::max(0, sx.first - 1), std::min(side - 1, sx.last + 1)};
        sy = {std::max(0, sy.first - 1), std::min(side - 1, sy.last + 1)};
    }
    MaskSet masks;
    Heightmap part = evaluateStackWindow(registry, recipe, m.units,
                                         {sx.first, sy.first, sx.last - sx.first + 1, sy.last - sy.first + 1}, context,
                                         &m.mapping, nullptr, plan.splat ? &masks : nullptr);
    const auto toTile = [&](const Heightmap& map, bool weight) {
        if (!resampled) return copyWindow(map, offset + ox - sx.first, offset + oy - sy.first, t.tileWidth, t.tileHeight);
        return weight ? resizeBilinearWindow(map, sx.first, sy.first, side, side, plan.side, plan.side, ox, oy,
                                             t.tileWidth, t.tileHeight)
                      : resizeBicubicWindow(map, sx.first, sy.first, side, side, plan.side, plan.side, ox, oy,
                                            t.tileWidth, t.tileHeight);
    };
    std::vector<Heightmap> weights;
    if (plan.splat) {
        for (const Heightmap& w :
             splatWeights(plan.splat->layers, part, scaleFor(m.mapping, m.units), m.units.metresPerPixel, masks)) {
            weights.push_back(toTile(w, true));
        }
    }
    const bool whole = !resampled && part.width() == t.tileWidth && part.height() == t.tileHeight;
    const Heightmap tile = whole ? std::move(part) : toTile(part, false);
    FileTransaction transaction;
    GameExportResult result = runGameExport(tile, r, transaction);
    if (plan.splat) {
        const SplatResult splat = writeSplat(plan.splat->layers, weights, plan.splat->size, plan.splat->style,
                                             splatNaming(request, plan, column, row),
                                             transaction);
        result.files.insert(result.files.end(), splat.files.begin(), splat.files.end());
    }
    transaction.commit();
    return result;
}

}  // namespace terrain::core
