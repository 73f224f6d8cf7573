#include "document_format.h"

#include "core/errors.h"
#include "core/registry.h"

#include <nlohmann/json.hpp>

#include <QFile>
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
    if (!value.is_number()) throw core::InputError(field, value.dump(), "a number");
    const double number = value.get<double>();
    if (!std::isfinite(number) || number < double(lo) || number > double(hi)) {
        throw core::InputError(field, value.dump(),
                               "a number in [" + std::to_string(lo) + ", " + std::to_string(hi) +
                                   "]");
    }
    return float(number);
}

bool readFlag(const json& view, const char* key, bool fallback) {
    if (!view.contains(key)) return fallback;
    const json& value = view.at(key);
    if (!value.is_boolean()) {
        throw core::InputError(std::string("view.") + key, value.dump(), "true or false");
    }
    return value.get<bool>();
}

ViewSettings viewFromJson(const json& view) {
    if (!view.is_object()) throw core::InputError("view", view.dump(), "an object");
    static const char* const known[] = {"colorMap",   "hillshade", "heightScale",
                                        "wireframe",  "water",     "waterLevel",
                                        "lightAzimuth_deg", "lightElevation_deg"};
    for (const auto& item : view.items()) {
        if (std::find(std::begin(known), std::end(known), item.key()) == std::end(known)) {
            throw core::InputError("view." + item.key(), item.value().dump(),
                                   "one of the known view settings (colorMap, hillshade, "
                                   "heightScale, wireframe, water, waterLevel, lightAzimuth_deg, "
                                   "lightElevation_deg)");
        }
    }
    ViewSettings settings;
    if (view.contains("colorMap")) {
        const json& value = view.at("colorMap");
        const auto map = value.is_string() ? colorMapFromName(value.get<std::string>())
                                           : std::nullopt;
        if (!map) throw core::InputError("view.colorMap", value.dump(), "gray, terrain or rainbow");
        settings.colorMap = *map;
    }
    settings.hillshade = readFlag(view, "hillshade", settings.hillshade);
    settings.heightScale =
        readNumber(view, "heightScale", kMinHeightScale, kMaxHeightScale, settings.heightScale);
    settings.wireframe = readFlag(view, "wireframe", settings.wireframe);
    settings.water = readFlag(view, "water", settings.water);
    settings.waterLevel = readNumber(view, "waterLevel", 0.0f, 1.0f, settings.waterLevel);
    settings.lightAzimuth_deg =
        readNumber(view, "lightAzimuth_deg", 0.0f, 360.0f, settings.lightAzimuth_deg);
    settings.lightElevation_deg =
        readNumber(view, "lightElevation_deg", kMinLightElevation_deg, kMaxLightElevation_deg,
                   settings.lightElevation_deg);
    return settings;
}

double readWorldNumber(const json& value, const std::string& field) {
    if (!value.is_number()) throw core::InputError(field, value.dump(), "a number");
    return value.get<double>();
}

// The limits are core's (WorldUnits::validate), so a document holds only what an export accepts;
// its message is rewritten to name the document's field.
void checkWorldUnits(const core::WorldUnits& units, const std::string& field, const json& value) {
    try {
        units.validate();
    } catch (const core::InputError& e) {
        throw core::InputError(field, value.dump(), e.allowed());
    }
}

WorldSize worldFromJson(const json& world) {
    if (!world.is_object()) {
        throw core::InputError("world", world.dump(),
                               "an object with metresPerPixel and heightRangeMetres");
    }
    for (const auto& item : world.items()) {
        if (item.key() != "metresPerPixel" && item.key() != "heightRangeMetres") {
            throw core::InputError("world." + item.key(), item.value().dump(),
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
            throw core::InputError(field, value.dump(), "[LOW, HIGH] in metres");
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
        {"world",
         {{"metresPerPixel", state.world.metresPerPixel},
          {"heightRangeMetres", {state.world.lowMetres, state.world.highMetres}}}},
        {"view",
         {{"colorMap", colorMapName(v.colorMap)},
          {"hillshade", v.hillshade},
          {"heightScale", v.heightScale},
          {"wireframe", v.wireframe},
          {"water", v.water},
          {"waterLevel", v.waterLevel},
          {"lightAzimuth_deg", v.lightAzimuth_deg},
          {"lightElevation_deg", v.lightElevation_deg}}},
    };
}

DocumentState documentFromJson(const core::Registry& registry, const json& document) {
    if (!document.is_object()) {
        throw core::InputError("document", document.dump().substr(0, 40),
                               "a JSON object written by the terrain editor");
    }
    const auto format = document.find("format");
    if (format == document.end() || *format != kDocumentFormatName) {
        throw core::InputError("format", format == document.end() ? "(missing)" : format->dump(),
                               std::string("\"") + kDocumentFormatName + "\"");
    }
    const auto version = document.find("version");
    if (version == document.end() || !version->is_number_integer()) {
        throw core::InputError("version", version == document.end() ? "(missing)" : version->dump(),
                               "an integer format version");
    }
    if (version->get<long long>() > kDocumentFormatVersion || version->get<long long>() < 1) {
        throw core::InputError("version", version->dump(),
                               "1.." + std::to_string(kDocumentFormatVersion) +
                                   " (the file was written by a newer editor)");
    }
    for (const auto& item : document.items()) {
        const std::string& key = item.key();
        if (key != "format" && key != "version" && key != "recipe" && key != "world" &&
            key != "view") {
            throw core::InputError(key, item.value().dump(),
                                   "format, version, recipe, world or view");
        }
    }
    if (!document.contains("recipe")) {
        throw core::InputError("recipe", "(missing)", "the terrain recipe object");
    }
    DocumentState state;
    try {
        state.recipe = core::recipeFromJson(registry, document.at("recipe"));
    } catch (const core::InputError& e) {
        throw core::InputError("recipe." + e.field(), e.value(), e.allowed());
    }
    if (document.contains("world")) state.world = worldFromJson(document.at("world"));
    if (document.contains("view")) state.view = viewFromJson(document.at("view"));
    return state;
}

void saveDocumentFile(const core::Registry& registry, const DocumentState& state,
                      const QString& path) {
    const std::string text = documentToJson(registry, state).dump(2) + "\n";
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

DocumentState loadDocumentFile(const core::Registry& registry, const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        throw core::IoError(core::IoError::Kind::CannotCreate,
                            "cannot open " + path.toStdString() + ": " +
                                file.errorString().toStdString());
    }
    const QByteArray bytes = file.readAll();
    json document;
    try {
        document = json::parse(bytes.constData(), bytes.constData() + bytes.size());
    } catch (const json::parse_error& e) {
        throw core::InputError("document", path.toStdString(),
                               "valid JSON (parse error at byte " + std::to_string(e.byte) + ")");
    }
    return documentFromJson(registry, document);
}

}  // namespace terrain::app
