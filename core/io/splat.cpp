#include "splat.h"

#include "../errors.h"
#include "atomic_file.h"
#include "exr_writer.h"

#include <png.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <numeric>
#include <sstream>

namespace terrain::core {

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr int kMaxLayers = 16;
constexpr const char* kRuleAllowed =
    "NAME=RULE with RULE one of slope>DEG, slope<DEG, height>M, height<M (optionally ~SOFT: the soft edge's "
    "half-width, default 2 degrees or 5 m), mask:ID (a mask of the stack) or rest";

bool parseNumber(const std::string& text, double& out) {
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, out);
    return !text.empty() && ec == std::errc() && ptr == end && std::isfinite(out);
}

// 0 below lo, 1 above hi, smooth between (a smoothstep: no kink where layers meet).
float ramp(float v, float lo, float hi) {
    if (!(hi > lo)) return v >= hi ? 1.0f : 0.0f;
    const float t = std::clamp((v - lo) / (hi - lo), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

// Slope in degrees, central differences in metres (one-sided at the border).
Heightmap slopeDegrees(const Heightmap& h, const HeightScale& scale, double metresPerPixel) {
    const int w = h.width(), ht = h.height();
    Heightmap out(w, ht);
    for (int y = 0; y < ht; ++y) {
        const int y0 = std::max(y - 1, 0), y1 = std::min(y + 1, ht - 1);
        for (int x = 0; x < w; ++x) {
            const int x0 = std::max(x - 1, 0), x1 = std::min(x + 1, w - 1);
            const double dx = (double(h.at(x1, y)) - h.at(x0, y)) * scale.scale / (double(std::max(x1 - x0, 1)) * metresPerPixel);
            const double dy = (double(h.at(x, y1)) - h.at(x, y0)) * scale.scale / (double(std::max(y1 - y0, 1)) * metresPerPixel);
            out.at(x, y) = float(std::atan(std::hypot(dx, dy)) * 180.0 / kPi);
        }
    }
    return out;
}

// Counts out of `total` for weights summing to 1: floors, then the largest remainders get the
// rest (ties to the earlier layer), so the counts sum to `total` exactly.
void quantise(const float* w, int n, std::uint32_t total, std::uint32_t* out) {
    double remainder[kMaxLayers];
    std::uint32_t sum = 0;
    for (int i = 0; i < n; ++i) {
        const double exact = std::clamp(double(w[i]), 0.0, 1.0) * total;
        out[i] = std::uint32_t(std::floor(exact));
        remainder[i] = exact - out[i];
        sum += out[i];
    }
    while (sum < total) {
        int best = 0;
        for (int i = 1; i < n; ++i)
            if (remainder[i] > remainder[best]) best = i;
        ++out[best];
        remainder[best] = -1.0;
        ++sum;
    }
    while (sum > total) {  // only from rounding of weights that summed a hair above 1
        int most = 0;
        for (int i = 1; i < n; ++i)
            if (out[i] > out[most]) most = i;
        --out[most];
        --sum;
    }
}

// One pixel of Terrain3D's control map (doc/docs/controlmap_format.md; the shader's DECODE_BASE,
// DECODE_OVER, DECODE_BLEND): base texture id in bits 31-27, overlay id in 26-22, blend in 21-14
// (the shader weighs the base 1 - blend / 255 and the overlay blend / 255); the rest 0: no UV
// rotation or scale, no hole, not navigable, autoshader off (the painted textures show). The
// largest weight is the base, the next the overlay (ties to the earlier layer); `dropped` gets
// what the other layers had. Ids stay below 16, so the bits are never a NaN or an infinity.
std::uint32_t terrain3dControl(const float* w, int n, float& dropped) {
    static_assert(kMaxLayers <= 16);
    int base = 0;
    for (int i = 1; i < n; ++i)
        if (w[i] > w[base]) base = i;
    int overlay = -1;
    for (int i = 0; i < n; ++i)
        if (i != base && w[i] > 0.0f && (overlay < 0 || w[i] > w[overlay])) overlay = i;
    dropped = 0.0f;
    for (int i = 0; i < n; ++i)
        if (i != base && i != overlay) dropped += std::max(w[i], 0.0f);
    long blend = 0;
    if (overlay >= 0) blend = std::lround(255.0 * double(w[overlay]) / (double(w[base]) + double(w[overlay])));
    if (blend == 0) overlay = base;
    return std::uint32_t(base) << 27 | std::uint32_t(overlay) << 22 | std::uint32_t(blend) << 14;
}

void writePngBytes(const std::filesystem::path& path, int size, int channels, int bitDepth,
                   const std::vector<unsigned char>& pixels, FileTransaction& transaction) {
    png_image png;
    std::memset(&png, 0, sizeof png);
    png.version = PNG_IMAGE_VERSION;
    png.width = png_uint_32(size);
    png.height = png_uint_32(size);
    png.format = channels == 4 ? PNG_FORMAT_RGBA : (bitDepth == 16 ? PNG_FORMAT_LINEAR_Y : PNG_FORMAT_GRAY);
    const png_int_32 stride = png_int_32(size) * channels;
    png_alloc_size_t bytes = 0;
    auto encode = [&](void* out) {
        if (png_image_write_to_memory(&png, out, &bytes, 0, pixels.data(), stride, nullptr)) return;
        const std::string why = png.message;
        png_image_free(&png);
        throw IoError(IoError::Kind::WriteFailed, "cannot encode '" + path.string() + "' as PNG: " + why);
    };
    encode(nullptr);
    std::vector<unsigned char> encoded(bytes);
    encode(encoded.data());
    AtomicFile file(path, &transaction);
    file.write(encoded.data(), bytes);
    file.commit();
}

}  // namespace

SplatLayer parseSplatLayer(const std::string& text, const std::string& field) {
    const auto eq = text.find('=');
    if (eq == std::string::npos) throw InputError(field, text, kRuleAllowed);
    SplatLayer layer;
    layer.text = text;
    layer.name = text.substr(0, eq);
    if (!isMaskName(layer.name)) throw InputError(field, text, std::string("a layer name: ") + kMaskNameAllowed);
    std::string rule = text.substr(eq + 1);
    SplatRule& r = layer.rule;
    if (rule == "rest") {
        r.kind = SplatRule::Kind::Rest;
        return layer;
    }
    if (rule.rfind("mask:", 0) == 0) {
        r.kind = SplatRule::Kind::Mask;
        r.mask = rule.substr(5);
        if (!isMaskName(r.mask)) throw InputError(field, text, std::string("mask:ID with ID ") + kMaskNameAllowed);
        return layer;
    }
    const bool slope = rule.rfind("slope", 0) == 0, height = rule.rfind("height", 0) == 0;
    const std::size_t at = slope ? 5 : height ? 6 : 0;
    if (at == 0 || rule.size() <= at || (rule[at] != '>' && rule[at] != '<')) throw InputError(field, text, kRuleAllowed);
    const bool above = rule[at] == '>';
    r.kind = slope ? (above ? SplatRule::Kind::SlopeAbove : SplatRule::Kind::SlopeBelow)
                   : (above ? SplatRule::Kind::HeightAbove : SplatRule::Kind::HeightBelow);
    std::string number = rule.substr(at + 1), soft;
    if (const auto tilde = number.find('~'); tilde != std::string::npos) {
        soft = number.substr(tilde + 1);
        number = number.substr(0, tilde);
    }
    r.soft = slope ? 2.0 : 5.0;
    if (!parseNumber(number, r.value) || (!soft.empty() && (!parseNumber(soft, r.soft) || r.soft < 0.0)))
        throw InputError(field, text, kRuleAllowed);
    // Bounded so value +- soft stays a finite float (a huge ~SOFT made the edge inf - inf = NaN).
    if (slope && (r.value < 0.0 || r.value > 90.0 || r.soft > 90.0))
        throw InputError(field, text, "a slope rule in degrees: DEG from 0 to 90, ~SOFT from 0 to 90");
    if (!slope && (std::fabs(r.value) > 1e6 || r.soft > 1e6))
        throw InputError(field, text, "a height rule in metres: M from -1e6 to 1e6, ~SOFT from 0 to 1e6");
    return layer;
}

void checkSplatLayers(const std::vector<SplatLayer>& layers, const std::vector<std::string>& masksMade,
                      const std::string& field) {
    if (layers.size() > std::size_t(kMaxLayers))
        throw InputError(field, std::to_string(layers.size()) + " layers", "at most 16 layers");
    for (std::size_t i = 0; i < layers.size(); ++i) {
        for (std::size_t j = 0; j < i; ++j)
            if (layers[j].name == layers[i].name) throw InputError(field, layers[i].text, "a layer name not used before");
        const SplatRule& r = layers[i].rule;
        if (r.kind == SplatRule::Kind::Mask && std::find(masksMade.begin(), masksMade.end(), r.mask) == masksMade.end()) {
            std::string names;
            for (const auto& n : masksMade) names += (names.empty() ? "" : ", ") + n;
            throw InputError(field, layers[i].text,
                             names.empty() ? std::string("a mask the stack makes (it makes none: add an erosion "
                                                         "operation or --op mask:source=slope)")
                                           : "a mask the stack makes: " + names);
        }
    }
}

std::vector<Heightmap> splatWeights(const std::vector<SplatLayer>& layers, const Heightmap& heights,
                                    const HeightScale& scale, double metresPerPixel, const MaskSet& masks) {
    const int w = heights.width(), h = heights.height();
    std::vector<Heightmap> out;
    for (std::size_t i = 0; i < layers.size(); ++i) out.emplace_back(w, h);
    Heightmap slope;
    for (const SplatLayer& l : layers)
        if (l.rule.kind == SplatRule::Kind::SlopeAbove || l.rule.kind == SplatRule::Kind::SlopeBelow)
            slope = slopeDegrees(heights, scale, metresPerPixel);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            float left = 1.0f;
            for (std::size_t i = 0; i < layers.size(); ++i) {
                const SplatRule& r = layers[i].rule;
                const auto lo = float(r.value - r.soft), hi = float(r.value + r.soft);
                float c = 1.0f;
                switch (r.kind) {
                    case SplatRule::Kind::SlopeAbove: c = ramp(slope.at(x, y), lo, hi); break;
                    case SplatRule::Kind::SlopeBelow: c = 1.0f - ramp(slope.at(x, y), lo, hi); break;
                    case SplatRule::Kind::HeightAbove: c = ramp(float(scale.toMetres(heights.at(x, y))), lo, hi); break;
                    case SplatRule::Kind::HeightBelow: c = 1.0f - ramp(float(scale.toMetres(heights.at(x, y))), lo, hi); break;
                    case SplatRule::Kind::Mask: c = std::clamp(masks.at(r.mask)->at(x, y), 0.0f, 1.0f); break;
                    case SplatRule::Kind::Rest: c = 1.0f; break;
                }
                const float take = left * c;
                out[i].at(x, y) = take;
                left -= take;
            }
            if (!out.empty()) out.back().at(x, y) += left;  // nothing is left unpainted
        }
    }
    return out;
}

const char* splatStyleName(SplatStyle style) {
    switch (style) {
    case SplatStyle::Rgba8: return "rgba8";
    case SplatStyle::Grey8: return "grey8";
    case SplatStyle::Grey16: return "grey16";
    case SplatStyle::Terrain3DControl: return "terrain3d-control";
    }
    return "grey16";
}

std::filesystem::path SplatNaming::operator()(const std::string& suffix, const std::string& extension) const {
    std::filesystem::path stem = heightmap;
    stem.replace_extension();
    const std::filesystem::path file = stem.string() + suffix + extension;
    return tilePattern.empty() ? file : tilePath(file, tilePattern, column, row, columns, rows);
}

SplatResult writeSplat(const std::vector<SplatLayer>& layers, const std::vector<Heightmap>& weights, int size,
                       SplatStyle style, const SplatNaming& names, FileTransaction& transaction) {
    const int n = int(layers.size());
    // Bilinear resampling to size x size (weights stay a partition of one), then counts per pixel.
    std::vector<Heightmap> resized;
    for (const Heightmap& w : weights) resized.push_back(resizeBilinear(w, size, size));
    const bool control = style == SplatStyle::Terrain3DControl;
    const std::uint32_t total = style == SplatStyle::Grey16 ? 65535u : 255u;
    const std::size_t area = std::size_t(size) * std::size_t(size);
    // Counts per pixel and layer; for Terrain3D, one control value per pixel.
    std::vector<std::uint32_t> counts(area * (control ? 1 : std::size_t(n)));
    float droppedMax = 0.0f;
    std::size_t droppedPixels = 0;
    for (int y = 0; y < size; ++y) {
        for (int x = 0; x < size; ++x) {
            float pixel[kMaxLayers];
            for (int i = 0; i < n; ++i) pixel[i] = resized[std::size_t(i)].at(x, y);
            const std::size_t at = std::size_t(y) * std::size_t(size) + std::size_t(x);
            if (!control) {
                quantise(pixel, n, total, &counts[at * std::size_t(n)]);
                continue;
            }
            float dropped = 0.0f;
            counts[at] = terrain3dControl(pixel, n, dropped);
            droppedMax = std::max(droppedMax, dropped);
            if (dropped * 255.0f >= 0.5f) ++droppedPixels;  // would change an 8-bit weight
        }
    }
    SplatResult result;
    nlohmann::json files = nlohmann::json::array();
    const auto count = [&](int x, int y, int layer) {
        return counts[(std::size_t(y) * std::size_t(size) + std::size_t(x)) * std::size_t(n) + std::size_t(layer)];
    };
    if (control) {
        std::vector<float> bits(area);
        for (std::size_t i = 0; i < area; ++i) bits[i] = std::bit_cast<float>(counts[i]);
        const std::filesystem::path path = names("_control", ".exr");
        AtomicFile file(path, &transaction);
        writeExrFloats(file, size, size, bits.data(),
                       {{"terrain:content", "Terrain3D control map: each float's bits are a uint32 (base texture id "
                                            "<< 27 | overlay id << 22 | blend << 14)"},
                        {"terrain:orientation", "row 0 = north, column 0 = west"}});
        file.commit();
        result.files.push_back(path);
    } else if (style == SplatStyle::Rgba8) {
        for (int file = 0; file * 4 < n; ++file) {
            std::vector<unsigned char> pixels(std::size_t(size) * std::size_t(size) * 4, 0);
            for (int y = 0; y < size; ++y)
                for (int x = 0; x < size; ++x)
                    for (int c = 0; c < 4 && file * 4 + c < n; ++c)
                        pixels[(std::size_t(y) * std::size_t(size) + std::size_t(x)) * 4 + std::size_t(c)] =
                            static_cast<unsigned char>(count(x, y, file * 4 + c));
            const std::filesystem::path path = names("_splat" + std::to_string(file), ".png");
            writePngBytes(path, size, 4, 8, pixels, transaction);
            result.files.push_back(path);
        }
    } else {
        for (int i = 0; i < n; ++i) {
            const bool sixteen = style == SplatStyle::Grey16;
            std::vector<unsigned char> pixels(std::size_t(size) * std::size_t(size) * (sixteen ? 2 : 1));
            for (int y = 0; y < size; ++y)
                for (int x = 0; x < size; ++x) {
                    const std::size_t at = std::size_t(y) * std::size_t(size) + std::size_t(x);
                    const std::uint32_t v = count(x, y, i);
                    if (sixteen) {  // PNG_FORMAT_LINEAR_Y takes native 16-bit words
                        const auto word = static_cast<std::uint16_t>(v);
                        std::memcpy(&pixels[at * 2], &word, 2);
                    } else {
                        pixels[at] = static_cast<unsigned char>(v);
                    }
                }
            const std::filesystem::path path = names("_" + layers[std::size_t(i)].name, ".png");
            writePngBytes(path, size, 1, sixteen ? 16 : 8, pixels, transaction);
            result.files.push_back(path);
        }
    }
    for (int i = 0; i < n; ++i) {
        const SplatLayer& l = layers[std::size_t(i)];
        nlohmann::json entry{{"name", l.name}, {"rule", l.text.substr(l.name.size() + 1)}};
        if (style == SplatStyle::Rgba8) {
            entry["file"] = result.files[std::size_t(i / 4)].filename().string();
            entry["channel"] = std::string(1, "RGBA"[i % 4]);
        } else if (control) {
            entry["file"] = result.files.front().filename().string();
            entry["texture_id"] = i;
        } else {
            entry["file"] = result.files[std::size_t(i)].filename().string();
        }
        files.push_back(entry);
    }
    result.sidecar = {{"format", "terrain-splat"},
                      {"version", 1},
                      {"size", size},
                      {"style", splatStyleName(style)},
                      {"sum", total},
                      {"rows", "row 0 is the map's north edge (the heightmap's first row)"},
                      {"layers", files}};
    if (control) {
        // Terrain3D shows two textures per vertex: what a third layer had is gone.
        result.sidecar["dropped"] = {{"max", std::round(double(droppedMax) * 1000.0) / 1000.0},
                                     {"pixels", droppedPixels}};
    }
    const std::filesystem::path sidecar = names("_splat", ".json");
    const std::string text = result.sidecar.dump(2) + "\n";
    AtomicFile file(sidecar, &transaction);
    file.write(text.data(), text.size());
    file.commit();
    result.files.push_back(sidecar);
    return result;
}

std::string splatStepsText(const SplatPlan& plan, const SplatResult& result, const std::string& preset) {
    std::ostringstream out;
    out << "Splat maps (" << plan.size << "x" << plan.size << ", weights summing to "
        << result.sidecar["sum"].get<int>() << ")";
    if (plan.tiles) out << " for each of the " << plan.tiles->columns * plan.tiles->rows << " tiles, the first";
    out << ":\n";
    for (const auto& layer : result.sidecar["layers"]) {
        out << "  " << layer["name"].get<std::string>() << ": " << layer["file"].get<std::string>();
        if (layer.contains("channel")) out << " channel " << layer["channel"].get<std::string>();
        if (layer.contains("texture_id")) out << " texture id " << layer["texture_id"].get<int>();
        out << "  (" << layer["rule"].get<std::string>() << ")\n";
    }
    if (preset == "unity")  // Terrain Tools' TerrainToolboxUtilities.cs
        out << "  Unity: Terrain Settings > Control Texture Resolution " << plan.size
            << "; Terrain Layers in this order (layer 4N + k is channel k of _splat<N>)\n"
            << "  Unity: each _splat<N>.png's import settings: sRGB (Color Texture) off, Compression None, "
               "Max Size "
            << plan.size << " or more (the default 2048 shrinks larger maps)\n"
            << "  Unity: Window > Terrain > Terrain Toolbox > Terrain Utilities > Terrain Splatmaps: + each "
               "_splat<N>.png in order, select the terrain, Apply to Terrain (no flip: it puts the image's "
               "last row at the terrain's z = 0, south, edge, as ours)\n";
    if (preset == "godot-hterrain") {  // importer_dialog.gd and HTerrainData._import_map
        const auto& layers = result.sidecar["layers"];
        out << "  Godot HTerrain: Terrain > Import, Splatmap: " << layers[0]["file"].get<std::string>()
            << " (with the heightmap, or after it: the same " << plan.size << "x" << plan.size
            << "; no flip: row y is cell z, as the heightmap's)\n"
            << "  Godot HTerrain: the CLASSIC4 shader's textures 0-3 in this order:";
        for (std::size_t i = 0; i < layers.size(); ++i)
            out << (i ? ", " : " ") << layers[i]["name"].get<std::string>();
        out << "\n";
    }
    if (preset.rfind("unreal", 0) == 0) {  // LandscapeEditorObject.cpp, LandscapeImportHelper.cpp
        const auto& layers = result.sidecar["layers"];
        out << "  Unreal: Landscape > Manage > New > Import from File, with the heightmap: a landscape "
               "material whose layers are named";
        for (std::size_t i = 0; i < layers.size(); ++i)
            out << (i ? ", " : " ") << layers[i]["name"].get<std::string>();
        out << "; for each, Layer Info: Weight-Blended Layer (the weights sum to 255), Layer File: "
            << (plan.tiles ? "any of its tiles (<stem>_<NAME>_x0_y0.png: Unreal finds the set as the heightmap's)"
                           : "<stem>_<NAME>.png, as listed")
            << "; " << plan.size << "x" << plan.size << ", the heightmap's size (Unreal takes no other)\n";
    }
    if (preset == "godot-terrain3d") {  // tools/importer.gd, Terrain3DData::import_images
        const auto& layers = result.sidecar["layers"];
        out << "  Godot Terrain3D: importer.tscn > Importer > control_file_name: "
            << layers[0]["file"].get<std::string>() << ", imported with height_file_name (the same "
            << plan.size << "x" << plan.size << ", no flip: row y is z, as the heightmap's)\n"
            << "  Godot Terrain3D: the Assets' textures in this order:";
        for (std::size_t i = 0; i < layers.size(); ++i)
            out << (i ? ", " : " ") << i << " " << layers[i]["name"].get<std::string>();
        out << "\n";
        const auto& dropped = result.sidecar["dropped"];
        if (dropped["pixels"].get<std::size_t>() > 0)
            out << "  Godot Terrain3D: it shows two textures per vertex; " << dropped["pixels"].get<std::size_t>()
                << " pixel(s) lose up to " << std::lround(dropped["max"].get<double>() * 100.0)
                << " % of their weight to a third layer\n";
    }
    return out.str();
}

SplatPlan planSplat(const std::vector<std::string>& layerTexts, int size, const std::vector<std::string>& masksMade,
                    const GameExportRequest& request, int side, const std::string& layersField,
                    const std::string& sizeField) {
    if (layerTexts.empty()) throw InputError(sizeField, std::to_string(size), "used with splat layers (NAME=RULE)");
    SplatPlan plan;
    plan.resized = request.size;
    plan.resize = request.resize;
    const int outWidth = request.size ? request.size->width : side, outHeight = request.size ? request.size->height : side;
    if (request.tiles) {
        plan.tiles = layoutTiles(*request.tiles, outWidth, outHeight);
        plan.tilePattern = request.tilePattern;
    }
    for (const auto& text : layerTexts) plan.layers.push_back(parseSplatLayer(text, layersField));
    checkSplatLayers(plan.layers, masksMade, layersField);
    const std::string preset = request.preset ? request.preset->id : "";
    const bool unity = preset == "unity";
    // HTerrain's Import dialog (addons/zylann.hterrain/tools/importer/importer_dialog.gd) takes one
    // splat map PNG of the heightmap's resolution and HTerrainData._import_map converts it to
    // RGBA8, the CLASSIC4 shader's four weights: a grey PNG would become (l, l, l, 255).
    const bool hterrain = preset == "godot-hterrain";
    // Terrain3D's importer (addons/terrain_3d/tools/importer.gd, Terrain3DData::import_images) takes
    // a control map in its own format, of the heightmap's size; no splat or greyscale images.
    const bool terrain3d = preset == "godot-terrain3d";
    plan.style = unity || hterrain ? SplatStyle::Rgba8
                 : terrain3d       ? SplatStyle::Terrain3DControl
                 : preset.empty()  ? SplatStyle::Grey16
                                   : SplatStyle::Grey8;
    const int heightmapSide = plan.tiles ? plan.tiles->tileWidth : request.size ? request.size->width : side;
    const int heightmapRows = plan.tiles ? plan.tiles->tileHeight : request.size ? request.size->height : side;
    if (terrain3d && heightmapRows != heightmapSide)
        throw InputError(layersField, plan.layers.front().text,
                         "a square heightmap for Godot Terrain3D's control map (it must have the heightmap's size; "
                         "this one is " + std::to_string(heightmapSide) + "x" + std::to_string(heightmapRows) + ")");
    if (hterrain && plan.layers.size() > 4)
        throw InputError(layersField, plan.layers[4].text,
                         "at most 4 layers for Godot HTerrain (its Import dialog takes one RGBA splat map: the "
                         "CLASSIC4 shader's 4 textures)");
    // Unreal's landscape import refuses layer files of another size than the heightmap's
    // (LandscapeEditorObject.cpp: "Size of the layer file does not match size of heightmap file").
    const bool unreal = preset.rfind("unreal", 0) == 0;
    if ((hterrain || terrain3d || unreal) && size != 0 && size != heightmapSide)
        throw InputError(sizeField, std::to_string(size),
                         std::to_string(heightmapSide) + ", the heightmap's side (" +
                             (hterrain    ? "Godot HTerrain imports a splat map"
                              : terrain3d ? "Godot Terrain3D imports a control map"
                                          : "Unreal imports layer files") +
                             " of the heightmap's resolution only)");
    if (size != 0) {
        const bool power = size > 0 && (size & (size - 1)) == 0;
        if (unity && (!power || size < 16 || size > 4096))
            throw InputError(sizeField, std::to_string(size), "a power of two from 16 to 4096 (Unity's control texture)");
        if (!unity && (size < 2 || size > kMaxOutputSide))
            throw InputError(sizeField, std::to_string(size),
                             "a side from 2 to " + std::to_string(kMaxOutputSide) + " samples");
        plan.size = size;
    } else {
        plan.size = unity ? std::clamp(heightmapSide - 1, 16, 4096) : heightmapSide;
        if (unity) {
            while ((plan.size & (plan.size - 1)) != 0) plan.size &= plan.size - 1;  // the power of two below
        }
    }
    return plan;
}

SplatResult writeSplatFor(const SplatPlan& plan, const Heightmap& heights, const HeightScale& scale,
                          double metresPerPixel, const MaskSet& masks, const std::filesystem::path& heightmapPath,
                          FileTransaction& transaction) {
    std::vector<Heightmap> weights = splatWeights(plan.layers, heights, scale, metresPerPixel, masks);
    if (plan.resized) {
        // As the heights: the same centred crop, or the same corner-aligned resize in bilinear.
        for (Heightmap& w : weights) {
            w = plan.resize == ResizeMode::Crop ? cropCentre(w, plan.resized->width, plan.resized->height)
                                                : resizeBilinear(w, plan.resized->width, plan.resized->height);
        }
    }
    if (!plan.tiles) {
        SplatNaming names;
        names.heightmap = heightmapPath;
        return writeSplat(plan.layers, weights, plan.size, plan.style, names, transaction);
    }
    // Each tile's weights cut from the whole map's: a shared edge has the same weights on both sides.
    const TileLayout& t = *plan.tiles;
    SplatResult all;
    for (int row = 0; row < t.rows; ++row) {
        for (int column = 0; column < t.columns; ++column) {
            std::vector<Heightmap> part;
            for (const Heightmap& w : weights) part.push_back(cutTile(w, t, column, row));
            const SplatNaming names{heightmapPath, plan.tilePattern, column, row, t.columns, t.rows};
            SplatResult one = writeSplat(plan.layers, part, plan.size, plan.style, names, transaction);
            all.files.insert(all.files.end(), one.files.begin(), one.files.end());
            if (row == 0 && column == 0) all.sidecar = std::move(one.sidecar);
        }
    }
    return all;
}

}  // namespace terrain::core
