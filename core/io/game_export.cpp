#include "game_export.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <system_error>
#include <utility>

#include "../errors.h"
#include "../sha256.h"
#include "../world_scale.h"
#include "file_transaction.h"
#include "sidecar.h"

namespace terrain::core {

namespace {

std::string sizeText(int width, int height) {
    return std::to_string(width) + "x" + std::to_string(height);
}

void checkTriangleTarget(std::int64_t target, const std::string& text, const std::string& field) {
    if (target == 0 || (target >= 2 && target <= kMaxTriangles)) return;
    throw InputError(field, text,
                     "0 (every sample) or a whole number from 2 to " +
                         std::to_string(kMaxTriangles));
}

OutputSize outputSizeOf(const GameExportRequest& request, int sourceWidth, int sourceHeight) {
    return request.size ? *request.size : OutputSize{sourceWidth, sourceHeight};
}

// Refuses files the preset's engine does not import, naming --size (or --tiles) and suggesting
// the output size that works: bicubic, and cropping too when that size fits inside the map.
void checkPresetSize(const GameExportRequest& request, const GameExportPlan& plan,
                     int sourceWidth, int sourceHeight) {
    const EnginePreset& preset = *request.preset;
    if (presetAcceptsOutput(preset, plan.width, plan.height, plan.tiles)) return;
    const bool whole = plan.tiles && checksWholeLandscape(preset, *plan.tiles);
    FieldText allowed = std::string(preset.engine) + " (" +
                        FieldText::settings({{field::kPreset, preset.id}}) + ") needs " +
                        (whole ? preset.wholeLandscapeRule : preset.sizeRule);
    if (whole) {
        allowed += ", and these tiles would be " + sizeText(plan.fileWidth, plan.fileHeight) +
                   " making " + sizeText(plan.width, plan.height);
    } else if (plan.tiles) {
        allowed += " for each tile, and these tiles would be " +
                   sizeText(plan.fileWidth, plan.fileHeight);
    }
    if (const auto size = suggestedOutputSize(request, sourceWidth, sourceHeight)) {
        allowed += "; try " + FieldText::settings({{field::kSize, sizeText(size->width,
                                                                           size->height)},
                                                   {field::kResize, "bicubic"}});
        // Cropping cannot enlarge.
        if (size->width <= sourceWidth && size->height <= sourceHeight) {
            allowed += " (or " + FieldText::settings({{field::kResize, "crop"}}) + ")";
        }
    }
    if (plan.tiles) {
        throw InputError(field::kTiles, sizeText(plan.tiles->columns, plan.tiles->rows), allowed);
    }
    throw InputError(field::kSize, sizeText(plan.width, plan.height), allowed);
}

// The sidecar's "tile": where tile (column, row) of tiles of width x height lies in its set.
nlohmann::json tileRecord(const TileLayout& t, int column, int row, int width, int height) {
    return {{"x", column},
            {"y", row},
            {"columns", t.columns},
            {"rows", t.rows},
            {"shared_border", t.border},
            {"origin_samples", {column * (width - t.border), row * (height - t.border)}}};
}

// A placed tile: the preset checks the whole set it belongs to (UE5 sizes the whole landscape).
void checkPlacedTile(const GameExportRequest& request, const GameExportPlan& plan) {
    const EnginePreset& preset = *request.preset;
    TileLayout layout = request.placement->layout;
    layout.tileWidth = plan.fileWidth;
    layout.tileHeight = plan.fileHeight;
    const int width = outputSide(layout.tileWidth, layout.columns, layout.border);
    const int height = outputSide(layout.tileHeight, layout.rows, layout.border);
    if (presetAcceptsOutput(preset, width, height, layout)) return;
    const bool whole = checksWholeLandscape(preset, layout);
    throw InputError(field::kPreset, preset.id,
                     std::string(preset.engine) + " needs " +
                         (whole ? preset.wholeLandscapeRule : preset.sizeRule) +
                         ", and these tiles would be " + sizeText(plan.fileWidth, plan.fileHeight) +
                         " making " + sizeText(width, height));
}

// PNG's own limit is 2^31 - 1, but libpng refuses more than 1,000,000 samples a side unless a
// program raises that limit, and the readers built on it (image viewers, engines' importers)
// keep the default: such a file would be written and then be unreadable.
constexpr int kPngMaxSide = 1000000;

bool writesPng(ExportFormat format) {
    switch (format) {
        case ExportFormat::Png8:
        case ExportFormat::Png16:
        case ExportFormat::Normal:
        case ExportFormat::NormalDx:
        case ExportFormat::Normal16:
        case ExportFormat::Normal16Dx:
        case ExportFormat::Hillshade:
        case ExportFormat::Colour: return true;
        default: return false;
    }
}

void checkFormatSize(const GameExportPlan& plan) {
    if (!writesPng(plan.format) ||
        (plan.fileWidth <= kPngMaxSide && plan.fileHeight <= kPngMaxSide)) {
        return;
    }
    throw InputError(field::kFormat, exportFormatName(plan.format),
                     "a format that holds " + sizeText(plan.fileWidth, plan.fileHeight) +
                         " samples: PNG files are read up to " + std::to_string(kPngMaxSide) +
                         " samples a side (libpng's limit); lower the detail or use raw16, "
                         "raw32, txt, exr or tiff32");
}

// Two tiles with one file name would overwrite each other ("t{x}{y}" gives (1,11) and (11,1)
// the name t111).
void checkTileNames(const std::filesystem::path& output, const std::string& pattern,
                    const TileLayout& tiles) {
    std::map<std::string, std::pair<int, int>> names;
    for (int row = 0; row < tiles.rows; ++row) {
        for (int column = 0; column < tiles.columns; ++column) {
            const std::string name = tilePath(output, pattern, column, row, tiles.columns, tiles.rows).string();
            const auto [at, added] = names.emplace(name, std::make_pair(column, row));
            if (added) continue;
            const auto tile = [](std::pair<int, int> xy) {
                return "(" + std::to_string(xy.first) + "," + std::to_string(xy.second) + ")";
            };
            throw InputError(field::kTilePattern, pattern,
                             "a pattern that names every tile apart: tiles " + tile(at->second) +
                                 " and " + tile({column, row}) + " would both be written to " +
                                 std::filesystem::path(name).filename().string() +
                                 "; put a separator between {x} and {y}, as in " +
                                 kGenericTilePattern);
        }
    }
}

// Integer codes end at the height range; with the World mapping a fine detail can reach a
// little past the reference map's ends.
bool codesMayClip(const GameExportRequest& request, ExportFormat format) {
    return request.mapping.mode == HeightMapping::Mode::World && !sampleLayout(format).metres &&
           format != ExportFormat::Txt;
}

// Says how many metres were cut and what range keeps all (when codesMayClip).
std::optional<FieldText> clippedCodesWarning(const GameExportRequest& request, MinMax raw,
                                             const ResolvedMapping& resolved) {
    if (raw.min >= resolved.lo && raw.max <= resolved.hi) return std::nullopt;
    const double low = std::min(request.world.loMetres, metresOf(resolved, request.world, raw.min));
    const double high = std::max(request.world.hiMetres, metresOf(resolved, request.world, raw.max));
    const auto text = [](double metres) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.2f", metres);
        return std::string(buffer);
    };
    return FieldText("heights from " + text(low) + " to " + text(high) +
                     " m reach past the world's height range and were clipped to it (finer "
                     "details than the reference detail " + std::to_string(request.mapping.referenceDetail) +
                     " add a little); to keep them use ") +
           FieldText::settings({{field::kHeightRange, text(low) + ":" + text(high)}}) +
           " or a float format (exr, tiff32, raw32)";
}

GameExportPlan planFor(const GameExportRequest& request, int sourceWidth, int sourceHeight) {
    GameExportPlan plan;
    plan.format = resolveFormat(request);
    request.world.validate();
    const OutputSize output = outputSizeOf(request, sourceWidth, sourceHeight);
    plan.width = output.width;
    plan.height = output.height;
    if (request.size) {
        if (request.resize == ResizeMode::Crop &&
            (plan.width > sourceWidth || plan.height > sourceHeight)) {
            throw InputError(field::kSize, sizeText(plan.width, plan.height),
                             "at most the map's size " + sizeText(sourceWidth, sourceHeight) +
                                 " with " + FieldText::settings({{field::kResize, "crop"}}) +
                                 " (use " + FieldText::settings({{field::kResize, "bicubic"}}) +
                                 " to enlarge)");
        }
        // The resized grid, plus one tile and one row buffer of the same size at most.
        checkGridFits(FieldText::field(field::kSize), plan.width, plan.height, sizeof(float));
    }
    plan.fileWidth = plan.width;
    plan.fileHeight = plan.height;
    checkTilePattern(request.tilePattern);
    if (request.tiles) {
        plan.tiles = layoutTiles(*request.tiles, plan.width, plan.height);
        plan.fileWidth = plan.tiles->tileWidth;
        plan.fileHeight = plan.tiles->tileHeight;
        checkTileNames(request.output, request.tilePattern, *plan.tiles);
    }
    if (request.placement) {
        const TileLayout& layout = request.placement->layout;
        if (request.tiles || request.size || layout.columns < 1 || layout.rows < 1 ||
            layout.border < 0 || layout.border > 1 || request.placement->column < 0 ||
            request.placement->column >= layout.columns || request.placement->row < 0 ||
            request.placement->row >= layout.rows) {
            throw std::logic_error("a placed tile: a tile inside its layout, with no --tiles or --size");
        }
    }
    checkFormatSize(plan);
    if (request.preset) {
        checkPresetFormat(*request.preset, plan.format);
        if (request.placement) {
            checkPlacedTile(request, plan);
        } else {
            checkPresetSize(request, plan, sourceWidth, sourceHeight);
        }
    }
    checkTriangleTarget(request.targetTriangles, std::to_string(request.targetTriangles),
                        field::kTriangles);
    return plan;
}

// "513x513" in a name: digits on both sides of an 'x'.
bool hasSizeLikeText(const std::string& name) {
    for (std::size_t i = 1; i + 1 < name.size(); ++i) {
        if ((name[i] == 'x' || name[i] == 'X') && std::isdigit(static_cast<unsigned char>(name[i - 1])) &&
            std::isdigit(static_cast<unsigned char>(name[i + 1]))) {
            return true;
        }
    }
    return false;
}

// File names the engine's importer would trip over; the export still runs.
std::vector<FieldText> presetNameWarnings(const GameExportRequest& request) {
    std::vector<FieldText> warnings;
    if (!request.preset) return warnings;
    const std::string id = request.preset->id;
    const std::string name = request.output.filename().string();
    const char* extension = request.preset->extension;  // the only name the importer lists
    if (extension && resolveFormat(request) == request.preset->format &&
        request.output.extension() != extension) {
        const FieldSetting renamed{field::kOutput, "NAME" + std::string(extension)};
        warnings.push_back(name + ": " + request.preset->engine + "'s importer only lists " +
                           exportFormatName(request.preset->format) + " files named *" +
                           extension + "; rename it or export with " +
                           FieldText::settings({renamed}));
    }
    if (id.rfind("unreal", 0) == 0 && !request.tiles &&
        hasSizeLikeText(request.output.stem().string())) {
        warnings.push_back(name + ": Unreal may read a number-x-number in the name as tile "
                                  "coordinates; leave sizes like 1009x1009 out of the file name");
    }
    return warnings;
}

}  // namespace

ExportFormat resolveFormat(const GameExportRequest& request) {
    if (request.format) return *request.format;
    if (request.preset) return request.preset->format;
    return exportFormatFromPath(request.output);
}

std::int64_t parseTriangleTarget(const std::string& text, const std::string& field) {
    std::int64_t target = -1;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), target);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) target = -1;
    checkTriangleTarget(target, text, field);
    return target;
}

GameExportPlan checkGameExport(const GameExportRequest& request, int sourceWidth,
                               int sourceHeight) {
    return planFor(request, sourceWidth, sourceHeight);
}

std::optional<OutputSize> suggestedOutputSize(const GameExportRequest& request, int sourceWidth,
                                              int sourceHeight) {
    if (!request.preset) return std::nullopt;
    const OutputSize output = outputSizeOf(request, sourceWidth, sourceHeight);
    if (presetAcceptsOutput(*request.preset, output.width, output.height, request.tiles)) {
        return std::nullopt;
    }
    if (request.tiles) {
        return nearestPresetSize(*request.preset, output.width, output.height, *request.tiles);
    }
    return nearestPresetSize(*request.preset, output.width, output.height);
}

WorldUnits exportedWorld(const GameExportRequest& request, int sourceWidth, int sourceHeight) {
    WorldUnits world = request.world;
    const OutputSize output = outputSizeOf(request, sourceWidth, sourceHeight);
    // Resampling keeps the world's extent: (source - 1) steps become (output - 1) steps over the
    // same metres, so Unity's 513 and Unreal's 505 of one 1024 m document both span 1024 m.
    // Cropping keeps the spacing: it cuts a smaller piece of the same world.
    if (request.size && request.resize == ResizeMode::Bicubic && output.width > 1 &&
        output.width != sourceWidth) {
        world.metresPerPixel *= double(sourceWidth - 1) / double(output.width - 1);
    }
    return world;
}

GameExportResult runGameExport(const Heightmap& map, const GameExportRequest& request) {
    FileTransaction transaction;
    GameExportResult result = runGameExport(map, request, transaction);
    transaction.commit();
    return result;
}

GameExportResult runGameExport(const Heightmap& map, const GameExportRequest& request,
                               FileTransaction& transaction) {
    const GameExportPlan plan = planFor(request, map.width(), map.height());

    Heightmap sized;
    const Heightmap* source = &map;
    nlohmann::json extra = nlohmann::json::object();
    if (request.size && (plan.width != map.width() || plan.height != map.height())) {
        sized = request.resize == ResizeMode::Crop ? cropCentre(map, plan.width, plan.height)
                                                   : resizeBicubic(map, plan.width, plan.height);
        source = &sized;
        extra["resized_from"] = {map.width(), map.height()};
        extra["resize"] = request.resize == ResizeMode::Crop ? "crop (centred)" : "bicubic";
    }
    const WorldUnits world = exportedWorld(request, map.width(), map.height());

    // One mapping for the whole map, so every tile uses the same codes for the same height and
    // neighbouring tiles match along their shared edges.
    const ResolvedMapping whole = resolveMapping(request.mapping, *source);
    // The raw range of the whole map, scanned only where the clipping warning below can apply
    // (integer codes under the world's fixed scale); each sidecar takes its file's range from the
    // writer when it found it while writing (raw32), else scans it.
    std::optional<MinMax> wholeRaw;
    if (codesMayClip(request, plan.format)) wholeRaw = finiteMinMax(*source);
    if (request.mapping.mode == HeightMapping::Mode::World) {
        extra["world"] = {{"height_range_metres", {world.loMetres, world.hiMetres}},
                          {"raw_range", {request.mapping.lo, request.mapping.hi}},
                          {"reference_detail", request.mapping.referenceDetail}};
    }

    GameExportResult result;
    result.format = plan.format;
    result.world = world;
    result.warnings = presetNameWarnings(request);
    if (request.preset) {
        for (auto& w : presetInputWarnings(*request.preset, world)) {
            result.warnings.push_back(std::move(w));
        }
    }
    if (auto warning = wholeRaw ? clippedCodesWarning(request, *wholeRaw, whole) : std::nullopt) {
        result.warnings.push_back(std::move(*warning));
    }

    // Every file is staged first; the sidecars follow, each naming its file's SHA-256 and the
    // whole set's, so a file that does not belong with its sidecar or its set is detectable.
    transaction.hashStagedFiles();
    std::vector<SidecarInput> sidecars;
    const auto writeOne = [&](const Heightmap& part, const std::filesystem::path& path,
                              const nlohmann::json& partExtra) {
        ExportOptions options;
        options.format = plan.format;
        options.world = world;
        options.pngCompression = request.pngCompression;
        options.targetTriangles = request.targetTriangles;
        options.progress = plan.tiles ? std::function<void(float)>() : request.progress;
        options.transaction = &transaction;
        if (partExtra.contains("tile")) {
            options.originSamples[0] = partExtra["tile"]["origin_samples"][0].get<int>();
            options.originSamples[1] = partExtra["tile"]["origin_samples"][1].get<int>();
        }
        if (request.mapping.mode == HeightMapping::Mode::World) {
            options.mapping = request.mapping;  // resolves to `whole`, extrapolating metres
        } else if (whole.hi > whole.lo) {
            options.mapping.mode = HeightMapping::Mode::Clamp;
            options.mapping.lo = whole.lo;
            options.mapping.hi = whole.hi;
        }
        ExportReport report = exportHeightmap(part, path, options);
        if (report.mesh) {
            if (!result.mesh) result.mesh = MeshSummary{};
            MeshSummary& total = *result.mesh;
            total.vertices += report.mesh->vertices;
            total.triangles += report.mesh->triangles;
            total.maxErrorMetres = std::max(total.maxErrorMetres, report.mesh->maxErrorMetres);
        }
        for (const std::string& w : report.warnings) {
            result.warnings.push_back(path.filename().string() + ": " + w);
        }

        SidecarInput in;
        in.file = path;
        in.fileSha256 = transaction.stagedSha256(path);
        in.format = plan.format;
        in.width = part.width();
        in.height = part.height();
        in.mapping = request.mapping;
        in.resolved = whole;
        in.rawFinite = report.rawFinite ? *report.rawFinite : wholeRaw && !plan.tiles ? *wholeRaw : finiteMinMax(part);
        in.world = world;
        in.recipe = request.recipe;
        in.recipeSha256 = request.recipeSha256;
        in.mesh = report.mesh;
        if (request.preset) {
            nlohmann::json settings = nlohmann::json::object();
            for (const auto& s : engineSettings(*request.preset, plan.format, part.width(),
                                                part.height(), world)) {
                settings[s.name] = s.value;
            }
            in.engine = {{"preset", request.preset->id},
                         {"engine", request.preset->engine},
                         {"settings", settings}};
        }
        in.extra = partExtra;
        sidecars.push_back(std::move(in));
        result.files.push_back(path);
    };

    if (plan.tiles) {
        const TileLayout& t = *plan.tiles;
        for (int row = 0; row < t.rows; ++row) {
            for (int column = 0; column < t.columns; ++column) {
                nlohmann::json partExtra = extra;
                partExtra["tile"] = tileRecord(t, column, row, t.tileWidth, t.tileHeight);
                writeOne(cutTile(*source, t, column, row),
                         tilePath(request.output, request.tilePattern, column, row, t.columns, t.rows), partExtra);
                if (request.progress) {
                    request.progress(float(row * t.columns + column + 1) /
                                     float(t.rows * t.columns));
                }
            }
        }
        result.width = t.tileWidth;
        result.height = t.tileHeight;
    } else {
        if (request.placement) {
            const TilePlacement& p = *request.placement;
            extra["tile"] = tileRecord(p.layout, p.column, p.row, source->width(), source->height());
        }
        writeOne(*source, request.output, extra);
        result.width = source->width();
        result.height = source->height();
    }
    // The set: its files' hashes in order, hashed, and each member's name relative to the sidecar
    // that lists it, so `terrain-cli verify` of any one file checks the whole set (a member
    // missing, or changed together with its own sidecar).
    std::string hashes;
    for (const auto& in : sidecars) hashes += in.fileSha256 + "\n";
    for (auto& in : sidecars) {
        if (!request.placement) {
            nlohmann::json members = nlohmann::json::array();
            for (const auto& member : sidecars)
                members.push_back(member.file.lexically_relative(in.file.parent_path()).generic_string());
            in.exportSet = {{"files", sidecars.size()}, {"members", members}, {"sha256", sha256Hex(hashes)}};
        }
        writeSidecar(in.file, sidecarJson(in), &transaction);
    }
    if (request.preset) {
        result.settings = engineSettings(*request.preset, plan.format, result.width,
                                         result.height, world);
    }
    return result;
}

std::string settingsText(const EnginePreset& preset, const std::vector<EngineSetting>& settings) {
    std::string text = std::string(preset.engine) + " import settings:\n";
    for (const auto& s : settings) text += "  " + s.name + ": " + s.value + "\n";
    return text;
}

}  // namespace terrain::core
