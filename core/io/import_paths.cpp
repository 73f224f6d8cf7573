// Import and layout entries' file paths: absolute while a recipe is in memory, relative to the
// recipe's folder when saved (import.h).
#include "import.h"

#include "../json_input.h"
#include "../recipe.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace terrain::core {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// `path` made absolute against `folder`, or relative to it (another root: unchanged).
std::string rebased(const std::string& path, const fs::path& folder, bool absolute) {
    const fs::path file = path;
    const fs::path base = fs::absolute(folder.empty() ? fs::path(".") : folder).lexically_normal();
    if (absolute) return file.is_absolute() ? path : (base / file).lexically_normal().string();
    if (!file.is_absolute()) return path;
    const fs::path relative = file.lexically_normal().lexically_relative(base);
    return relative.empty() ? path : relative.string();
}

// The settings' "file" rebased.
std::string withFile(const std::string& jsonText, const fs::path& folder, bool absolute) {
    json j = parseJsonOrNull(jsonText);
    if (!j.is_object() || !j.contains("file") || !j["file"].is_string()) return jsonText;
    const std::string file = j["file"].get<std::string>();
    const std::string moved = rebased(file, folder, absolute);
    if (moved == file) return jsonText;
    j["file"] = moved;
    return j.dump();
}

}  // namespace

std::string withAbsoluteFile(const std::string& jsonText, const fs::path& folder) {
    return withFile(jsonText, folder, true);
}

std::string withRelativeFile(const std::string& jsonText, const fs::path& folder) {
    return withFile(jsonText, folder, false);
}


namespace {

bool importsFile(const std::string& type) { return type == "import" || type == "import-mask"; }

template <class F>
void eachImportData(Recipe& recipe, F f) {
    if (recipe.algorithm == "import" && !recipe.baseData.empty()) recipe.baseData = f(recipe.baseData, false);
    for (OpInstance& op : recipe.operations) {
        if (importsFile(op.type) && !op.data.empty()) op.data = f(op.data, false);
        if (op.type == "layout" && !op.data.empty()) op.data = f(op.data, true);
    }
}

}  // namespace

std::string rebaseLayoutImages(const std::string& geojson, const fs::path& folder, bool absolute) {
    if (geojson.find("\"image\"") == std::string::npos) return geojson;
    json j = parseJsonOrNull(geojson);
    if (!j.is_object() || !j.contains("features") || !j["features"].is_array()) return geojson;
    for (json& feature : j["features"]) {
        if (!feature.is_object() || !feature.contains("properties") || !feature["properties"].is_object()) continue;
        json& p = feature["properties"];
        if (p.contains("image") && p["image"].is_string()) p["image"] = rebased(p["image"].get<std::string>(), folder, absolute);
    }
    return j.dump();
}

std::vector<std::string> layoutImages(const std::string& geojson) {
    std::vector<std::string> files;
    if (geojson.find("\"image\"") == std::string::npos) return files;
    const json j = parseJsonOrNull(geojson);
    if (!j.is_object() || !j.contains("features") || !j["features"].is_array()) return files;
    for (const json& feature : j["features"]) {
        if (feature.is_object() && feature.contains("properties") && feature["properties"].is_object() &&
            feature["properties"].contains("image") && feature["properties"]["image"].is_string()) {
            files.push_back(feature["properties"]["image"].get<std::string>());
        }
    }
    return files;
}

void resolveImportFiles(Recipe& recipe, const std::filesystem::path& folder) {
    eachImportData(recipe, [&](const std::string& data, bool layout) {
        return layout ? rebaseLayoutImages(data, folder, true) : withAbsoluteFile(data, folder);
    });
}

void relativeImportFiles(Recipe& recipe, const std::filesystem::path& folder) {
    eachImportData(recipe, [&](const std::string& data, bool layout) {
        return layout ? rebaseLayoutImages(data, folder, false) : withRelativeFile(data, folder);
    });
}

}  // namespace terrain::core
