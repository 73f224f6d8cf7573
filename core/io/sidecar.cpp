#include "sidecar.h"

#include "../json_input.h"
#include "atomic_file.h"

#ifndef TERRAIN_VERSION
#define TERRAIN_VERSION "unknown"
#endif

namespace terrain::core {

nlohmann::json sidecarJson(const SidecarInput& in) {
    const SampleLayout layout = sampleLayout(in.format);
    const WorldUnits& w = in.world;
    nlohmann::json j;
    j["file"] = in.file.filename().string();
    if (!in.fileSha256.empty()) j["sha256"] = in.fileSha256;
    if (!in.exportSet.is_null()) j["export_set"] = in.exportSet;
    j["width"] = in.width;
    j["height"] = in.height;
    j["format"] = exportFormatName(in.format);
    j["bit_depth"] = layout.bitDepth;
    j["sample_type"] = layout.sampleType;
    j["byte_order"] = layout.byteOrder;
    j["orientation"] = "row 0 = north, column 0 = west; x grows east, y grows south";
    j["raw_min"] = in.rawFinite.min;
    j["raw_max"] = in.rawFinite.max;
    j["mapping"] = in.mapping.toString();
    j["raw_at_code_0"] = in.resolved.lo;
    j["raw_at_full_scale"] = in.resolved.hi;
    // What the file holds: integer codes stop at the height range, float metres go on.
    ResolvedMapping stored = in.resolved;
    stored.extrapolate = stored.extrapolate && layout.metres;
    j["metres_min"] = metresOf(stored, w, in.rawFinite.min);
    j["metres_max"] = metresOf(stored, w, in.rawFinite.max);
    j["height_range_metres"] = {w.loMetres, w.hiMetres};
    j["metres_per_pixel"] = w.metresPerPixel;
    // Samples are spaced metres_per_pixel apart, so the extent spans width - 1 steps.
    j["world_size_metres"] = {double(std::max(in.width - 1, 0)) * w.metresPerPixel,
                              double(std::max(in.height - 1, 0)) * w.metresPerPixel};
    if (layout.metres) {
        j["samples"] = "metres (float32)";
    } else if (in.format == ExportFormat::Txt) {
        j["samples"] = "raw heights (unitless), not metres";
    } else {
        const unsigned full = layout.bitDepth == 8 ? 255u : 65535u;
        j["samples"] = "codes 0.." + std::to_string(full);
        j["code_full_scale"] = full;
        j["metres_from_code"] = "metres = " + std::to_string(w.loMetres) + " + code / " +
                                std::to_string(full) + " * " + std::to_string(w.rangeMetres());
    }
    j["recipe"] = in.recipe;
    j["recipe_sha256"] = in.recipeSha256;
    j["software"] = "terrain-editor " TERRAIN_VERSION;
    if (!in.engine.is_null()) j["engine"] = in.engine;
    if (in.mesh) {
        j["mesh"] = {{"vertices", in.mesh->vertices},
                     {"triangles", in.mesh->triangles},
                     {"max_error_metres", in.mesh->maxErrorMetres}};
    }
    if (in.extra.is_object()) {
        for (const auto& [key, value] : in.extra.items()) j[key] = value;
    }
    return j;
}

std::filesystem::path sidecarPath(const std::filesystem::path& exportPath) {
    std::filesystem::path path = exportPath;
    path += ".json";
    return path;
}

void writeSidecar(const std::filesystem::path& exportPath, const nlohmann::json& sidecar,
                  FileTransaction* transaction) {
    const std::string text = jsonText(sidecar);
    AtomicFile file(sidecarPath(exportPath), transaction);
    file.write(text.data(), text.size());
    file.commit();
}

}  // namespace terrain::core
