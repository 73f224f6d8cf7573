// The import settings: the JSON an import entry keeps, its one-line --import spec, and their
// messages (import.h). Placing and sampling the file: import.cpp; the file paths: import_paths.cpp.
#include "import.h"

#include "../errors.h"
#include "../json_input.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace terrain::core {
using nlohmann::json;

namespace {

const char* const kHeightAllowed =
    "auto, metres, LO:HI (metres at code 0 and at the largest code; floats 0..1), unity:SIZE_Y[:POSITION_Y] or "
    "unreal:SCALEZ[:LOCATIONZ_CM]";

std::string shown(const json& j) { return jsonForMessage(j, 60); }

double finiteNumber(const json& j, const std::string& field, double lo, double hi, const std::string& what) {
    if (!j.is_number() || !std::isfinite(j.get<double>()) || j.get<double>() < lo || j.get<double>() > hi) {
        throw InputError(field, shown(j), what);
    }
    return j.get<double>();
}

std::string choiceOf(const json& j, const std::string& field, std::initializer_list<const char*> allowed) {
    std::string list;
    for (const char* a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
    if (!j.is_string()) throw InputError(field, shown(j), "one of " + list);
    for (const char* a : allowed)
        if (j.get<std::string>() == a) return a;
    throw InputError(field, shown(j), "one of " + list);
}

double parseReal(const std::string& text, const std::string& field, const std::string& allowed) {
    try {
        std::size_t used = 0;
        const double v = std::stod(text, &used);
        if (used != text.size() || !std::isfinite(v)) throw InputError(field, quoteForMessage(text), allowed);
        return v;
    } catch (const InputError&) {
        throw;
    } catch (const std::exception&) {
        throw InputError(field, quoteForMessage(text), allowed);
    }
}

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (;;) {
        const std::size_t at = text.find(sep, start);
        parts.push_back(text.substr(start, at - start));
        if (at == std::string::npos) return parts;
        start = at + 1;
    }
}

// "auto", "metres", "LO:HI", "unity:H[:Y]", "unreal:SZ[:LZ]" into the settings.
void parseHeight(const std::string& text, const std::string& field, ImportSettings& s) {
    if (text == "auto") {
        s.height = ImportSettings::Height::Auto;
        return;
    }
    if (text == "metres" || text == "meters") {
        s.height = ImportSettings::Height::Metres;
        return;
    }
    const std::vector<std::string> p = split(text, ':');
    s.height = ImportSettings::Height::Range;
    if (p[0] == "unity" && (p.size() == 2 || p.size() == 3)) {
        // Unity's Import Raw: height = Position Y + code / 65536 x Terrain Size Y (TerrainData's
        // heights are code / 65536 of the size; our export prints Size Y = range x 65536 / 65535).
        const double h = parseReal(p[1], field, kHeightAllowed);
        const double y = p.size() == 3 ? parseReal(p[2], field, kHeightAllowed) : 0.0;
        s.lo = y;
        s.hi = y + h * 65535.0 / 65536.0;
    } else if (p[0] == "unreal" && (p.size() == 2 || p.size() == 3)) {
        // LandscapeDataAccess.h: Z(cm) = LocationZ + (code - 32768) x ScaleZ / 128.
        const double sz = parseReal(p[1], field, kHeightAllowed);
        const double lz = p.size() == 3 ? parseReal(p[2], field, kHeightAllowed) : 0.0;
        s.lo = (lz - 32768.0 * sz / 128.0) / 100.0;
        s.hi = (lz + 32767.0 * sz / 128.0) / 100.0;
    } else if (p.size() == 2) {
        s.lo = parseReal(p[0], field, kHeightAllowed);
        s.hi = parseReal(p[1], field, kHeightAllowed);
    } else {
        throw InputError(field, quoteForMessage(text), kHeightAllowed);
    }
    if (!(s.hi > s.lo) || std::abs(s.lo) > 1e7 || std::abs(s.hi) > 1e7) {
        throw InputError(field, quoteForMessage(text), std::string("a range LO < HI within ±1e7 m: ") + kHeightAllowed);
    }
}

std::array<double, 2> pairOf(const json& j, const std::string& field, double lo, double hi, const std::string& what) {
    if (j.is_number()) {
        const double v = finiteNumber(j, field, lo, hi, what);
        return {v, v};
    }
    if (!j.is_array() || j.size() != 2) throw InputError(field, shown(j), what);
    return {finiteNumber(j[0], field + "[0]", lo, hi, what), finiteNumber(j[1], field + "[1]", lo, hi, what)};
}

}  // namespace

std::string importToText(const ImportSettings& s) {
    json j = json::object();
    j["file"] = s.file;
    switch (s.height) {
    case ImportSettings::Height::Auto: j["height"] = "auto"; break;
    case ImportSettings::Height::Metres: j["height"] = "metres"; break;
    case ImportSettings::Height::Range: j["height"] = json::array({s.lo, s.hi}); break;
    }
    if (s.raw) j["raw"] = s.raw->toString();
    if (s.spacing) j["spacing_m"] = json::array({(*s.spacing)[0], (*s.spacing)[1]});
    if (s.origin) j["origin_m"] = json::array({(*s.origin)[0], (*s.origin)[1]});
    if (s.crop) j["crop"] = json::array({(*s.crop)[0], (*s.crop)[1], (*s.crop)[2], (*s.crop)[3]});
    j["flip"] = s.flipX && s.flipY ? "xy" : s.flipX ? "x" : s.flipY ? "y" : "none";
    static const char* const resample[] = {"nearest", "bilinear", "bicubic"};
    j["resample"] = resample[int(s.resample)];
    j["nodata"] = s.nodata == ImportSettings::Fill::Neighbours ? "fill" : "value";
    j["outside"] = s.outside == ImportSettings::Outside::Edge ? "edge" : "value";
    j["fill_m"] = s.fillMetres;
    return j.dump();
}

ImportSettings importFromText(const std::string& jsonText, const std::string& prefix) {
    const auto f = [&](const char* key) { return prefix.empty() ? std::string(key) : prefix + "." + key; };
    const json j = parseJsonOrNull(jsonText);
    if (!j.is_object()) throw InputError(prefix.empty() ? std::string("import") : prefix, quoteForMessage(jsonText), "a JSON object with at least \"file\"");
    static const std::vector<std::string> keys{"file", "height", "raw", "spacing_m", "origin_m", "crop",
                                               "flip", "resample", "nodata", "outside", "fill_m"};
    for (const auto& [key, value] : j.items()) {
        if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
            throw InputError(prefix.empty() ? std::string("key") : prefix + " key", quoteForMessage(key),
                             "file, height, raw, spacing_m, origin_m, crop, flip, resample, nodata, outside, fill_m");
        }
    }
    ImportSettings s;
    if (!j.contains("file") || !j["file"].is_string() || j["file"].get<std::string>().empty() ||
        j["file"].get<std::string>().size() > 4096 || j["file"].get<std::string>().find('\0') != std::string::npos) {
        throw InputError(f("file"), j.contains("file") ? shown(j["file"]) : "(missing)",
                         "the path of a height image (absolute, or relative to the recipe's folder)");
    }
    s.file = j["file"].get<std::string>();
    if (j.contains("height")) {
        const json& h = j["height"];
        if (h.is_string()) {
            const std::string t = h.get<std::string>();
            if (t != "auto" && t != "metres") throw InputError(f("height"), shown(h), "auto, metres or [LO, HI]");
            parseHeight(t, f("height"), s);
        } else {
            const auto r = pairOf(h, f("height"), -1e7, 1e7, "auto, metres or [LO, HI] in metres, LO < HI");
            if (!h.is_array() || !(r[1] > r[0])) throw InputError(f("height"), shown(h), "auto, metres or [LO, HI], LO < HI");
            s.height = ImportSettings::Height::Range;
            s.lo = r[0];
            s.hi = r[1];
        }
    }
    if (j.contains("raw")) {
        if (!j["raw"].is_string()) throw InputError(f("raw"), shown(j["raw"]), "WIDTHxHEIGHT[:u8|u16|i16|f32][:le|be]");
        s.raw = RawLayout::parse(j["raw"].get<std::string>(), f("raw"));
    }
    if (j.contains("spacing_m")) s.spacing = pairOf(j["spacing_m"], f("spacing_m"), 1e-6, 1e6, "metres between samples, (0, 1e6]: X or [X, Y]");
    if (j.contains("origin_m")) {
        if (!j["origin_m"].is_array()) throw InputError(f("origin_m"), shown(j["origin_m"]), "[X, Y] in metres");
        s.origin = pairOf(j["origin_m"], f("origin_m"), -1e8, 1e8, "[X, Y] in metres, each within ±1e8");
    }
    if (j.contains("crop")) {
        const json& c = j["crop"];
        const char* what = "[X0, Y0, WIDTH, HEIGHT] in the file's samples (width and height at least 2)";
        if (!c.is_array() || c.size() != 4) throw InputError(f("crop"), shown(c), what);
        std::array<int, 4> crop{};
        for (int k = 0; k < 4; ++k) {
            const double v = finiteNumber(c[std::size_t(k)], f("crop"), k < 2 ? 0 : 2, kMaxImportSide, what);
            if (v != std::floor(v)) throw InputError(f("crop"), shown(c), what);
            crop[std::size_t(k)] = int(v);
        }
        s.crop = crop;
    }
    if (j.contains("flip")) {
        const std::string flip = choiceOf(j["flip"], f("flip"), {"none", "x", "y", "xy"});
        s.flipX = flip == "x" || flip == "xy";
        s.flipY = flip == "y" || flip == "xy";
    }
    if (j.contains("resample")) {
        const std::string r = choiceOf(j["resample"], f("resample"), {"nearest", "bilinear", "bicubic"});
        s.resample = r == "nearest" ? ImportSettings::Resample::Nearest
                     : r == "bilinear" ? ImportSettings::Resample::Bilinear
                                       : ImportSettings::Resample::Bicubic;
    }
    if (j.contains("nodata")) {
        s.nodata = choiceOf(j["nodata"], f("nodata"), {"fill", "value"}) == "fill" ? ImportSettings::Fill::Neighbours
                                                                                          : ImportSettings::Fill::Value;
    }
    if (j.contains("outside")) {
        s.outside = choiceOf(j["outside"], f("outside"), {"edge", "value"}) == "edge"
                        ? ImportSettings::Outside::Edge
                        : ImportSettings::Outside::Value;
    }
    if (j.contains("fill_m")) s.fillMetres = finiteNumber(j["fill_m"], f("fill_m"), -1e7, 1e7, "metres within ±1e7");
    return s;
}

ImportSettings importFromSpec(const std::string& spec, const std::string& field,
                              std::vector<std::pair<std::string, std::string>>* rest) {
    // FILE[:KEY=VALUE,...]: the file name ends at the first ':' followed by KEY=.
    std::size_t cut = std::string::npos;
    for (std::size_t at = spec.find(':'); at != std::string::npos; at = spec.find(':', at + 1)) {
        const std::size_t eq = spec.find('=', at);
        const std::size_t comma = spec.find(',', at);
        if (eq != std::string::npos && (comma == std::string::npos || eq < comma) && eq > at + 1) {
            const std::string key = spec.substr(at + 1, eq - at - 1);
            if (key.find_first_not_of("abcdefghijklmnopqrstuvwxyz_") == std::string::npos) {
                cut = at;
                break;
            }
        }
    }
    json j = json::object();
    const std::string file = spec.substr(0, cut);
    if (!isUtf8(file)) {
        throw InputError(field, quoteForMessage(file),
                         "a file name in UTF-8 (recipes store it as JSON text): rename the file or link it under such a name");
    }
    j["file"] = file;
    ImportSettings s;
    if (cut != std::string::npos) {
        // Values may hold ',' (origin_m=X,Y; crop=...): a part without '=' continues the last value.
        std::vector<std::pair<std::string, std::string>> pairs;
        for (const std::string& part : split(spec.substr(cut + 1), ',')) {
            const std::size_t eq = part.find('=');
            if (eq == std::string::npos) {
                if (pairs.empty()) throw InputError(field, quoteForMessage(spec), "FILE[:KEY=VALUE,...]");
                pairs.back().second += "," + part;
            } else {
                pairs.emplace_back(part.substr(0, eq), part.substr(eq + 1));
            }
        }
        for (const auto& pair : pairs) {
            const std::string& key = pair.first;
            const std::string& value = pair.second;
            const std::string at = field + " " + key;
            const auto numbers = [&](std::size_t n) {
                json a = json::array();
                for (const std::string& v : split(value, ','))
                    a.push_back(parseReal(v, at, std::to_string(n) + " numbers separated by ','"));
                if (a.size() != n) throw InputError(at, quoteForMessage(value), std::to_string(n) + " numbers separated by ','");
                return a;
            };
            if (key == "height") {
                if (value == "auto" || value == "metres" || value == "meters") {
                    j["height"] = value == "auto" ? "auto" : "metres";
                } else {
                    ImportSettings h;
                    parseHeight(value, at, h);
                    j["height"] = json::array({h.lo, h.hi});
                }
            } else if (key == "size_m") {
                j["size_m_"] = parseReal(value, at, "the image's west-east span in metres");
            } else if (key == "spacing_m") {
                j["spacing_m"] = value.find(',') == std::string::npos ? json(parseReal(value, at, "metres")) : numbers(2);
            } else if (key == "origin_m") {
                j["origin_m"] = numbers(2);
            } else if (key == "crop") {
                j["crop"] = numbers(4);
            } else if (key == "flip" || key == "resample" || key == "nodata" || key == "outside" || key == "raw") {
                j[key] = value;
            } else if (key == "fill_m") {
                j["fill_m"] = parseReal(value, at, "metres");
            } else if (rest != nullptr) {
                rest->emplace_back(key, value);
            } else {
                throw InputError(field, quoteForMessage(key),
                                 "height, size_m, spacing_m, origin_m, crop, flip, resample, nodata, outside, fill_m, raw");
            }
        }
    }
    // size_m: the span of the image (after cropping) west to east, as a spacing.
    std::optional<double> size;
    if (j.contains("size_m_")) {
        size = j["size_m_"].get<double>();
        j.erase("size_m_");
        if (!(*size > 0.0 && *size <= 4e7)) throw InputError(field + " size_m", std::to_string(*size), "metres in (0, 4e7]");
    }
    try {
        s = importFromText(j.dump(), "");
    } catch (const InputError& e) {
        throw InputError(field + " " + e.field(), e.value(), e.allowedText());
    }
    if (size) {
        // The width is known once the file is open: kept as a negative spacing until then would
        // be a special case; open it here instead (the CLI reports a missing file at once).
        const auto source = RasterSource::open(s.file, s.raw, field);
        const int w = s.crop ? (*s.crop)[2] : source->info().width;
        if (w < 2) throw InputError(field + " size_m", std::to_string(*size), "an image at least 2 samples wide");
        const double spacing = *size / double(w - 1);
        s.spacing = std::array<double, 2>{spacing, spacing};
    }
    return s;
}

}  // namespace terrain::core
