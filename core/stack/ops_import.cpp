// import: a height image (docs/importing.md) as the stack's base, as a layer blended like the
// generator layers, and (import-mask) as a mask. Its settings are the entry's structured data;
// the file is sampled at world positions (core/io/import.h), so the lattice rule holds and a
// world tile reads only its window of the file.
#include "ops.h"

#include "../errors.h"
#include "../generators/generators.h"
#include "../io/height_mapping.h"
#include "../io/import.h"
#include "../json_input.h"
#include "../parallel.h"
#include "../recipe.h"
#include "../registry.h"
#include "op_support.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace terrain::core {

Algorithm importSource() {
    Algorithm a;
    a.id = "import";
    a.name = "Import";
    a.summary = "A height image read from a file (GeoTIFF, PNG, EXR, ASCII grid, HGT, VRT, RAW), placed in metres";
    a.minDetail = 1;
    a.maxDetail = 14;
    a.defaultDetail = 10;
    a.sizeForDetail = [](int detail) { return Size{sideForDetail(detail), sideForDetail(detail)}; };
    a.dataKey = "import";
    a.normalizeData = [](const std::string& text) { return importToText(importFromText(text, "")); };
    a.fingerprint = [](const std::string& data) {
        try {
            return importFingerprint(importFromText(data, ""));
        } catch (const InputError&) {
            return std::string();
        }
    };
    a.heightsInMetres = true;
    a.generateInto = [](const Recipe& r, double mps, const GenerateContext& c, Heightmap& out) {
        const int side = sideForDetail(r.detail);
        sampleImport(importFromText(r.baseData, ""), side, mps, 0, 0, side, side, c, out, "import");
    };
    a.generateWindowInto = [](const Recipe& r, double mps, SampleWindow w, const GenerateContext& c, Heightmap& out) {
        sampleImport(importFromText(r.baseData, ""), sideForDetail(r.detail), mps, w.x0, w.y0, w.width, w.height, c, out,
                     "import");
    };
    return a;
}

namespace {

struct MaskData {
    ImportSettings settings;
    std::string name = "import";
    bool valid = false;  // the mask of where the file has data, instead of its values
};

MaskData maskDataFrom(const std::string& text) {
    nlohmann::json j = parseJsonOrNull(text);
    if (!j.is_object()) throw InputError("", quoteForMessage(text), "a JSON object with at least \"file\"");
    MaskData m;
    if (j.contains("name")) {
        if (!j["name"].is_string() || !isMaskName(j["name"].get<std::string>())) {
            throw InputError("name", jsonForMessage(j["name"]), std::string("a mask name: ") + kMaskNameAllowed);
        }
        m.name = j["name"].get<std::string>();
        j.erase("name");
    }
    if (j.contains("of")) {
        if (!j["of"].is_string() || (j["of"] != "values" && j["of"] != "valid")) {
            throw InputError("of", jsonForMessage(j["of"]), "values (the image's values, 0..1) or valid (1 where it has data)");
        }
        m.valid = j["of"] == "valid";
        j.erase("of");
    }
    m.settings = importFromText(j.dump(), "");
    return m;
}

std::string maskDataText(const MaskData& m) {
    nlohmann::json j = nlohmann::json::parse(importToText(m.settings));
    j["name"] = m.name;
    j["of"] = m.valid ? "valid" : "values";
    return j.dump();
}

struct NoParams {};

}  // namespace

OpType importMaskOpType() {
    ParamTable<NoParams> table;
    OpType type = makeOpType<NoParams>(
        "import-mask", "Import mask",
        "A mask read from an image (a painted selection, a biome map): its values 0..1, or where it has data",
        table, [](const NoParams&, const OpCall& call) {
            if (call.data == nullptr || call.data->empty()) {
                throw InputError("import", "(missing)", "the image to read: {\"file\": ...}");
            }
            MaskData m = maskDataFrom(*call.data);
            double lo = 0.0, hi = 1.0;
            if (m.valid) {
                m.settings.nodata = ImportSettings::Fill::Value;
                m.settings.outside = ImportSettings::Outside::Value;
                m.settings.fillMetres = std::numeric_limits<double>::quiet_NaN();
            } else if (m.settings.height == ImportSettings::Height::Range) {
                lo = m.settings.lo;
                hi = m.settings.hi;
            } else {
                // Codes map to 0..1 (code 0 -> 0, the largest code -> 1); floats are taken as they are.
                m.settings.height = ImportSettings::Height::Range;
                m.settings.lo = 0.0;
                m.settings.hi = 1.0;
            }
            const MapPlace place = placeOf(call);
            const int side = place.mapWidth;
            Heightmap values;
            sampleImport(m.settings, side, call.metresPerSample, place.x0, place.y0, call.input.width(),
                         call.input.height(), call.context, values, "import");
            const auto mask = addMask(call, m.name);
            const double inv = 1.0 / (hi - lo);
            for (std::size_t i = 0; i < values.sampleCount(); ++i) {
                const float v = values.samples()[i];
                float t;
                if (m.valid) {
                    t = std::isnan(v) ? 0.0f : 1.0f;
                } else {
                    const double u = (double(v) - lo) * inv;
                    t = std::isnan(u) ? 0.0f : float(std::clamp(u, 0.0, 1.0));
                }
                mask->samples()[i] = t;
            }
        });
    type.passesHeights = true;
    type.perSample = [](const std::map<std::string, double>&) { return true; };
    type.dataKey = "import";
    type.normalizeData = [](const std::string& text) { return maskDataText(maskDataFrom(text)); };
    type.fingerprint = [](const std::string& data) {
        try {
            return importFingerprint(maskDataFrom(data).settings);
        } catch (const InputError&) {
            return std::string();
        }
    };
    type.dataMasks = [](const std::map<std::string, double>&, const std::string& data) {
        return std::vector<std::string>{maskDataFrom(data).name};
    };
    return type;
}

}  // namespace terrain::core

#include "import_entry.h"

namespace terrain::core {

Recipe withImportBase(const Registry& registry, const Recipe& recipe, const ImportSettings& settings,
                      std::optional<int> detail, const std::string& field, bool* extentFromFile) {
    Recipe next = defaultRecipe(registry, "import");
    next.seed = recipe.seed;
    next.operations = recipe.operations;
    next.baseData = importToText(settings);
    const auto source = RasterSource::open(settings.file, settings.raw, field);
    const ImportPlacement place = placeImport(settings, *source, recipe.world.extentMetres, field);
    const Algorithm& algorithm = registry.get("import");
    if (detail) {
        next.detail = std::clamp(*detail, algorithm.minDetail, algorithm.maxDetail);
    } else {
        const int samples = std::max(place.width, place.height) - 1;
        next.detail = algorithm.minDetail;
        while (next.detail < algorithm.maxDetail && (1 << next.detail) < samples) ++next.detail;
    }
    next.world = recipe.world;
    const bool fromFile = place.spacingFrom != "the world's extent";
    // The square map covers the whole file (a file taller than wide in metres, a geographic DEM
    // away from the equator, sets the extent by its height).
    if (fromFile) {
        next.world.extentMetres =
            std::max(place.spacingX * double(place.width - 1), place.spacingY * double(place.height - 1));
    }
    if (extentFromFile != nullptr) *extentFromFile = fromFile;
    return next;
}

void fitHeightRangeToImport(const Registry& registry, Recipe& recipe, const GenerateContext& context) {
    const Algorithm& algorithm = registry.get(recipe.algorithm);
    Recipe reference = recipe;
    reference.operations.clear();
    reference.detail = std::clamp(recipe.world.referenceDetail, algorithm.minDetail, algorithm.maxDetail);
    const MinMax range =
        finiteMinMax(generate(registry, reference, recipe.world.extentMetres / double(1 << reference.detail), context));
    recipe.world.loMetres = range.min;
    recipe.world.hiMetres = range.max > range.min ? double(range.max) : double(range.min) + 1.0;
}

}  // namespace terrain::core
