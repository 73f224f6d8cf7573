#include "app/document/document_format.h"

#include "core/io/import.h"

#include "core/errors.h"
#include "core/io/untrusted_file.h"
#include "core/json_input.h"
#include "core/registry.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QCoreApplication>
#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace terrain::app {

namespace {

using nlohmann::json;

float readNumber(const json& view, const char* key, float lo, float hi, float fallback) {
    const std::string field = std::string("view.") + key;
    if (!view.contains(key)) return fallback;
    const json& value = view.at(key);
    if (!value.is_number()) throw core::InputError(field, core::jsonForMessage(value), "a number");
    const double number = value.get<double>();
    if (!std::isfinite(number) || number < double(lo) || number > double(hi)) {
        throw core::InputError(field, core::jsonForMessage(value),
                               "a number in [" + QString::number(double(lo)).toStdString() + ", " +
                                   QString::number(double(hi)).toStdString() + "]");
    }
    return float(number);
}

bool readFlag(const json& view, const char* key, bool fallback) {
    if (!view.contains(key)) return fallback;
    const json& value = view.at(key);
    if (!value.is_boolean()) {
        throw core::InputError(std::string("view.") + key, core::jsonForMessage(value), "true or false");
    }
    return value.get<bool>();
}

ViewSettings viewFromJson(const json& view) {
    if (!view.is_object()) throw core::InputError("view", core::jsonForMessage(view), "an object");
    static const char* const known[] = {"colorMap",   "hillshade", "heightScale",
                                        "wireframe",  "water",     "waterLevel",
                                        "lightAzimuth_deg", "lightElevation_deg", "overlay"};
    for (const auto& item : view.items()) {
        if (std::find(std::begin(known), std::end(known), item.key()) == std::end(known)) {
            throw core::InputError("view." + core::quoteForMessage(item.key()), core::jsonForMessage(item.value()),
                                   "one of the known view settings (colorMap, hillshade, "
                                   "heightScale, wireframe, water, waterLevel, lightAzimuth_deg, "
                                   "lightElevation_deg, overlay)");
        }
    }
    ViewSettings settings;
    if (view.contains("colorMap")) {
        const json& value = view.at("colorMap");
        const auto map = value.is_string() ? colorMapFromName(value.get<std::string>())
                                           : std::nullopt;
        if (!map) throw core::InputError("view.colorMap", core::jsonForMessage(value), "gray, terrain or rainbow");
        settings.colorMap = *map;
    }
    settings.hillshade = readFlag(view, "hillshade", settings.hillshade);
    settings.heightScale =
        readNumber(view, "heightScale", kMinHeightScale, kMaxHeightScale, settings.heightScale);
    settings.wireframe = readFlag(view, "wireframe", settings.wireframe);
    settings.water = readFlag(view, "water", settings.water);
    settings.lightAzimuth_deg =
        readNumber(view, "lightAzimuth_deg", 0.0f, 360.0f, settings.lightAzimuth_deg);
    settings.lightElevation_deg =
        readNumber(view, "lightElevation_deg", kMinLightElevation_deg, kMaxLightElevation_deg,
                   settings.lightElevation_deg);
    if (view.contains("overlay")) {
        const json& value = view.at("overlay");
        if (!value.is_string() || !(value.get<std::string>().empty() || core::isMaskName(value.get<std::string>()))) {
            throw core::InputError("view.overlay", core::jsonForMessage(value),
                                   std::string(core::kMaskNameAllowed) + ", or \"\" for none");
        }
        settings.overlay = value.get<std::string>();
    }
    return settings;
}

double readWorldNumber(const json& value, const std::string& field) {
    if (!value.is_number()) throw core::InputError(field, core::jsonForMessage(value), "a number");
    return value.get<double>();
}

// The limits are core's (WorldUnits::validate), so a document holds only what an export accepts;
// its message is rewritten to name the document's field.
void checkWorldUnits(const core::WorldUnits& units, const std::string& field, const json& value) {
    try {
        units.validate();
    } catch (const core::InputError& e) {
        throw core::InputError(field, core::jsonForMessage(value), e.allowed());
    }
}

WorldSize worldFromJson(const json& world) {
    if (!world.is_object()) {
        throw core::InputError("world", core::jsonForMessage(world),
                               "an object with metresPerPixel and heightRangeMetres");
    }
    for (const auto& item : world.items()) {
        if (item.key() != "metresPerPixel" && item.key() != "heightRangeMetres") {
            throw core::InputError("world." + core::quoteForMessage(item.key()), core::jsonForMessage(item.value()),
                                   "metresPerPixel or heightRangeMetres");
        }
    }
    WorldSize size;
    if (world.contains("metresPerPixel")) {
        const json& value = world.at("metresPerPixel");
        size.metresPerPixel = readWorldNumber(value, "world.metresPerPixel");
        checkWorldUnits(size.units(), "world.metresPerPixel", value);  // the range is default
    }
    if (world.contains("heightRangeMetres")) {
        const json& value = world.at("heightRangeMetres");
        const char* field = "world.heightRangeMetres";
        if (!value.is_array() || value.size() != 2) {
            throw core::InputError(field, core::jsonForMessage(value), "[LOW, HIGH] in metres");
        }
        size.lowMetres = readWorldNumber(value[0], field);
        size.highMetres = readWorldNumber(value[1], field);
        checkWorldUnits(size.units(), field, value);  // metres per pixel is already checked
    }
    return size;
}

}  // namespace

json documentToJson(const core::Registry& registry, const DocumentState& state) {
    const ViewSettings& v = state.view;
    return json{
        {"format", kDocumentFormatName},
        {"version", kDocumentFormatVersion},
        {"recipe", core::recipeToJson(registry, state.recipe)},
        {"view",
         {{"colorMap", colorMapName(v.colorMap)},
          {"hillshade", v.hillshade},
          {"heightScale", v.heightScale},
          {"wireframe", v.wireframe},
          {"water", v.water},
          {"lightAzimuth_deg", v.lightAzimuth_deg},
          {"lightElevation_deg", v.lightElevation_deg},
          {"overlay", v.overlay}}},
    };
}

QString documentNotice(int version) {
    if (version >= kLatticeDocumentVersion) return {};
    return QCoreApplication::translate(
               "DocumentFormat",
               "This document was made before detail became resolution (format %1): the same "
               "settings now make a different terrain, the same at every detail. Save it to keep "
               "this one.")
        .arg(version);
}

DocumentState documentFromJson(const core::Registry& registry, const json& document,
                               int* formatVersion) {
    if (!document.is_object()) {
        throw core::InputError("document", core::jsonForMessage(document, 40),
                               "a JSON object written by the terrain editor");
    }
    const auto format = document.find("format");
    if (format == document.end() || *format != kDocumentFormatName) {
        throw core::InputError("format", format == document.end() ? "(missing)" : core::jsonForMessage(*format),
                               std::string("\"") + kDocumentFormatName +
                                   "\" (a document), or \"terrain-recipe\" (a recipe) to open it");
    }
    const auto version = document.find("version");
    if (version == document.end() || !version->is_number_integer()) {
        throw core::InputError("version", version == document.end() ? "(missing)" : core::jsonForMessage(*version),
                               "an integer format version");
    }
    if (version->get<long long>() > kDocumentFormatVersion || version->get<long long>() < 1) {
        throw core::InputError("version", core::jsonForMessage(*version),
                               "1.." + std::to_string(kDocumentFormatVersion) +
                                   " (the file was written by a newer editor)");
    }
    if (formatVersion) *formatVersion = version->get<int>();
    for (const auto& item : document.items()) {
        const std::string& key = item.key();
        const bool oldWorld = key == "world" && version->get<int>() < kWorldDocumentVersion;
        if (key != "format" && key != "version" && key != "recipe" && !oldWorld && key != "view") {
            throw core::InputError(core::quoteForMessage(key), core::jsonForMessage(item.value()),
                                   version->get<int>() < kWorldDocumentVersion
                                       ? "format, version, recipe, world or view"
                                       : "format, version, recipe or view (the world is in the recipe)");
        }
    }
    if (!document.contains("recipe")) {
        throw core::InputError("recipe", "(missing)", "the terrain recipe object");
    }
    DocumentState state;
    try {
        state.recipe = core::recipeFromJson(registry, document.at("recipe"));
    } catch (const core::InputError& e) {
        // recipeFromJson names the recipe itself "recipe" (not an object): keep it as it is.
        throw core::InputError(e.field() == "recipe" ? e.field() : "recipe." + e.field(), e.value(),
                               e.allowed());
    }
    // Before version 4 the world sat beside the recipe, its spacing at the recipe's detail.
    if (document.contains("world")) state.setWorld(worldFromJson(document.at("world")));
    if (document.contains("view")) {
        const json& view = document.at("view");
        state.view = viewFromJson(view);
        // Before version 4 the water plane was a view setting, a fraction of the height range;
        // it is the recipe's sea level now.
        if (view.contains("waterLevel")) {
            const float fraction = readNumber(view, "waterLevel", 0.0f, 1.0f, 0.0f);
            if (version->get<int>() >= kWorldDocumentVersion) {
                throw core::InputError("view.waterLevel", core::jsonForMessage(view.at("waterLevel")),
                                       "nothing: the water is at the recipe's sea level (recipe.world.sea_level_m)");
            }
            const core::RecipeWorld& world = state.recipe.world;
            state.recipe.world.seaLevelMetres = world.loMetres + double(fraction) * (world.hiMetres - world.loMetres);
        }
    }
    return state;
}

DocumentState documentFromText(const core::Registry& registry, std::string_view text,
                               const std::string& source, int* formatVersion) {
    return documentFromJson(registry, core::parseJsonInput(text, source), formatVersion);
}

void saveDocumentFile(const core::Registry& registry, const DocumentState& state,
                      const QString& path) {
    // Imported files relative to the document's folder, so the folder moves as one.
    DocumentState saved = state;
    core::relativeImportFiles(saved.recipe, QFileInfo(path).absolutePath().toStdString());
    const std::string text = core::jsonText(documentToJson(registry, saved));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        throw core::IoError(core::IoError::Kind::CannotCreate,
                            "cannot create " + path.toStdString() + ": " +
                                file.errorString().toStdString());
    }
    if (file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit()) {
        throw core::IoError(core::IoError::Kind::WriteFailed,
                            "cannot write " + path.toStdString() + ": " +
                                file.errorString().toStdString());
    }
}

OpenedFile openTerrainFile(const core::Registry& registry, const QString& path) {
    const std::string text = core::readUntrustedFile(QFile::encodeName(path).toStdString(), core::kMaxRecipeBytes,
                                                     "document", "document or recipe file");
    const json parsed = core::parseJsonInput(text, path.toStdString());
    OpenedFile opened;
    if (parsed.is_object() && parsed.contains("format") && parsed["format"] == "terrain-recipe") {
        int version = core::kRecipeFormatVersion;
        opened.state = defaultDocumentState(registry);
        opened.state.recipe = core::recipeFromJson(registry, parsed, &version);
        opened.isRecipe = true;
        opened.notice = QString::fromStdString(core::olderRecipeNotice(version, opened.state.recipe));
        core::resolveImportFiles(opened.state.recipe, QFileInfo(path).absolutePath().toStdString());
        return opened;
    }
    int version = kDocumentFormatVersion;
    opened.state = documentFromJson(registry, parsed, &version);
    opened.notice = documentNotice(version);
    // The recipe inside keeps its own format: what changed since it (river-erosion) is said too.
    const json& recipe = parsed.at("recipe");  // documentFromJson read it
    if (recipe.contains("version") && recipe["version"].is_number_integer()) {
        const int recipeVersion = recipe["version"].get<int>();
        if (recipeVersion >= core::kWorldRecipeVersion) {  // older ones: the document's own notice says it
            const QString river = QString::fromStdString(core::olderRecipeNotice(recipeVersion, opened.state.recipe));
            if (!river.isEmpty()) opened.notice = opened.notice.isEmpty() ? river : opened.notice + " " + river;
        }
    }
    core::resolveImportFiles(opened.state.recipe, QFileInfo(path).absolutePath().toStdString());
    return opened;
}

DocumentState loadDocumentFile(const core::Registry& registry, const QString& path,
                               int* formatVersion) {
    // Untrusted like any file: a FIFO named *.terrain.json blocked the GUI thread for good, a link
    // to /dev/zero read gigabytes before the refusal.
    const std::string text = core::readUntrustedFile(QFile::encodeName(path).toStdString(), core::kMaxRecipeBytes,
                                                     "document", "document file");
    DocumentState state = documentFromText(registry, text, path.toStdString(), formatVersion);
    core::resolveImportFiles(state.recipe, QFileInfo(path).absolutePath().toStdString());
    return state;
}

}  // namespace terrain::app
