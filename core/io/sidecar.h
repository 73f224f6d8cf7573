#pragma once
// The JSON sidecar written next to every export as `<output>.json`: what the file holds (size,
// format, bit depth, byte order, orientation), how heights became samples (raw min/max, the
// mapping, metres), the world size, the recipe that made it and, for engine presets, the numbers
// to type into the engine. Written atomically like the export itself.
#include <filesystem>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "export.h"
#include "file_transaction.h"

namespace terrain::core {

struct SidecarInput {
    std::filesystem::path file;  // the export it describes
    std::string fileSha256;      // SHA-256 (hex) of that file's bytes
    // {files, members (names relative to this sidecar's folder), sha256 of the members' hashes,
    // one a line, in order}: null for a tile of a world export (the world has its own check).
    nlohmann::json exportSet;
    ExportFormat format = ExportFormat::Png16;
    int width = 0;
    int height = 0;
    HeightMapping mapping;
    ResolvedMapping resolved;
    MinMax rawFinite;  // finite min/max of the exported samples
    WorldUnits world;
    nlohmann::json recipe;     // recipeToJson(); null when unknown
    std::string recipeSha256;  // recipeHash()
    nlohmann::json engine;     // preset name and settings; null without a preset
    std::optional<MeshSummary> mesh;  // obj/glb: vertices, triangles, largest vertical error
    nlohmann::json extra;      // resize / tile information; merged in at the top level
};

nlohmann::json sidecarJson(const SidecarInput& input);
std::filesystem::path sidecarPath(const std::filesystem::path& exportPath);  // "<path>.json"
// Throws IoError like the exporters; nothing half-written is left.
void writeSidecar(const std::filesystem::path& exportPath, const nlohmann::json& sidecar,
                  FileTransaction* transaction = nullptr);

}  // namespace terrain::core
