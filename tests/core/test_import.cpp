// Imports (core/io/import.h, docs/importing.md): a height image as the base, a layer and a mask.
// Checked by what a designer relies on: the same samples at every detail and in every tile (holes
// filled alike), on any thread count; recipes that keep the import and its file relative to their
// folder; an edited file read again; settings refused by name. Round trips of real files through
// GDAL, our exports and engines' numbers are in scripts/cli_import.sh.
#include "stack_test_support.h"

#include "core/errors.h"
#include "core/io/import.h"
#include "core/stack/evaluator.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <thread>
#include <vector>

using namespace stack_test;
namespace fs = std::filesystem;

namespace {

// A scratch folder, removed at the end.
struct Scratch {
    fs::path dir;
    Scratch() {
        dir = fs::temp_directory_path() / ("import-test-" + std::to_string(::getpid()) + "-" +
                                           std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
        fs::create_directories(dir);
    }
    ~Scratch() {
        std::error_code ignored;
        fs::remove_all(dir, ignored);
    }
};

// A width x height float32 raw file of a smooth relief with a hole of no-data (NaN), `bump` m higher.
void writeRelief(const fs::path& path, int width, int height, float bump = 0.0f, bool hole = true) {
    std::vector<float> v(std::size_t(width) * std::size_t(height));
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            float h = 200.0f + 150.0f * std::sin(0.05f * float(x)) * std::cos(0.07f * float(y)) + 0.3f * float(x) + bump;
            if (hole && x >= 40 && x < 52 && y >= 30 && y < 37) h = std::numeric_limits<float>::quiet_NaN();
            v[std::size_t(y) * std::size_t(width) + std::size_t(x)] = h;
        }
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(v.data()), std::streamsize(v.size() * sizeof(float)));
}

std::string settingsText(const fs::path& file, const char* resample, const char* extra = "") {
    return std::string(R"({"file": ")") + file.string() + R"(", "raw": "300x200:f32:le", "spacing_m": [7.3, 9.1],
        "origin_m": [-55.5, 40.25], "resample": ")" + resample + "\"" + extra + "}";
}

// A recipe whose base is the import, in a 2000 m world of 0..600 m.
core::Recipe importRecipe(const std::string& settings, int detail) {
    core::Recipe r = core::defaultRecipe(registry(), "import");
    r.detail = detail;
    r.baseData = registry().normalizeDataOf("import", settings);
    r.world.extentMetres = 2000.0;
    r.world.loMetres = 0.0;
    r.world.hiMetres = 600.0;
    return r;
}

core::WorldUnits unitsOf(const core::Recipe& r) { return core::worldUnits(r); }

core::Heightmap evaluate(const core::Recipe& r, int threads = 2) {
    core::StackEvaluator evaluator(registry(), 0);
    return *evaluator.evaluate(r, unitsOf(r), context(threads)).map;
}

}  // namespace

TEST(Import, EveryResamplingKeepsTheLatticeRuleAndIsTheSameOnAnyThreadCount) {
    Scratch s;
    writeRelief(s.dir / "relief.r32", 300, 200);
    for (const char* resample : {"nearest", "bilinear", "bicubic"}) {
        const std::string settings = settingsText(s.dir / "relief.r32", resample);
        const core::Heightmap d9 = evaluate(importRecipe(settings, 9));
        const core::Heightmap d11 = evaluate(importRecipe(settings, 11));
        for (int y = 0; y < d9.height(); ++y)
            for (int x = 0; x < d9.width(); ++x)
                ASSERT_EQ(d9.at(x, y), d11.at(4 * x, 4 * y)) << resample << " at " << x << "," << y;
        EXPECT_EQ(d9, evaluate(importRecipe(settings, 9), 1)) << resample;
    }
}

TEST(Import, MetresAsStoredComeBackBitForBitOnTheFilesOwnLattice) {
    Scratch s;
    writeRelief(s.dir / "relief.r32", 300, 200, 0.0f, false);
    // The file's samples 2000 / 256 m apart and at the map's origin: detail 8 lands on them.
    const std::string settings = std::string(R"({"file": ")") + (s.dir / "relief.r32").string() +
                                 R"(", "raw": "300x200:f32:le", "spacing_m": 7.8125, "resample": "bicubic"})";
    const core::Heightmap map = evaluate(importRecipe(settings, 8));
    std::ifstream in(s.dir / "relief.r32", std::ios::binary);
    std::vector<float> file(300 * 200);
    in.read(reinterpret_cast<char*>(file.data()), std::streamsize(file.size() * sizeof(float)));
    for (int y = 0; y < 200; ++y)
        for (int x = 0; x < 257; ++x) ASSERT_EQ(map.at(x, y), file[std::size_t(y) * 300 + std::size_t(x)]) << x << "," << y;
}

TEST(Import, TilesOfAMapWithFilledHolesAndLayersAreTheWholeMap) {
    Scratch s;
    writeRelief(s.dir / "relief.r32", 300, 200);
    writeRelief(s.dir / "bump.r32", 300, 200, 40.0f);
    core::Recipe r = importRecipe(settingsText(s.dir / "relief.r32", "bicubic", R"(, "outside": "value", "fill_m": 12)"), 9);
    core::OpInstance layer = op(r, "import", {{"blend", "max"}, {"weight", "0.5"}});
    layer.data = registry().normalizeDataOf("import", settingsText(s.dir / "bump.r32", "bilinear"));
    r.operations.push_back(layer);
    core::OpInstance mask = core::newOperation(registry(), r, "import-mask");
    mask.data = registry().normalizeDataOf("import-mask", settingsText(s.dir / "relief.r32", "nearest", R"(, "name": "data", "of": "valid", "nodata": "value")"));
    r.operations.push_back(mask);
    const core::Heightmap whole = evaluate(r);
    const core::WorldUnits units = unitsOf(r);
    for (const core::SampleWindow w : {core::SampleWindow{0, 0, 257, 257}, core::SampleWindow{256, 0, 257, 257},
                                       core::SampleWindow{0, 256, 257, 257}, core::SampleWindow{256, 256, 257, 257},
                                       core::SampleWindow{37, 101, 61, 13}}) {
        const core::Heightmap tile = core::evaluateStackWindow(registry(), r, units, w, context());
        for (int y = 0; y < w.height; ++y)
            for (int x = 0; x < w.width; ++x)
                ASSERT_EQ(tile.at(x, y), whole.at(w.x0 + x, w.y0 + y)) << w.x0 << "," << w.y0 << " +" << x << "," << y;
    }
    // The hole is filled from around it (no NaN anywhere), and the valid-data mask marks it.
    for (const float v : whole.samples()) ASSERT_TRUE(std::isfinite(v));
    core::StackEvaluator evaluator(registry(), 0);
    const core::StackResult result = evaluator.evaluate(r, units, context());
    const core::Heightmap& valid = *result.masks.at("data");
    // File sample (45, 33) lies at x = -55.5 + 45 * 7.3, y = 40.25 - 33 * 9.1 m: map sample x / 3.90625.
    const int hx = int(std::lround((-55.5 + 45 * 7.3) / (2000.0 / 512))), hy = int(std::lround(-(40.25 - 33 * 9.1) / (2000.0 / 512)));
    EXPECT_EQ(valid.at(hx, hy), 0.0f);
    EXPECT_EQ(valid.at(hx + 20, hy + 20), 1.0f);
    EXPECT_EQ(valid.at(510, 510), 0.0f);  // beyond the image (it ends at about 2130 m east, 1770 m south)
}

TEST(Import, ARecipeKeepsTheImportAndItsFileRelativeToItsFolder) {
    Scratch s;
    fs::create_directories(s.dir / "maps");
    writeRelief(s.dir / "maps" / "relief.r32", 300, 200);
    core::Recipe r = importRecipe(settingsText(s.dir / "maps" / "relief.r32", "bicubic"), 8);
    core::OpInstance layer = op(r, "import", {{"blend", "replace"}});
    layer.data = r.baseData;
    r.operations.push_back(layer);
    core::Recipe saved = r;
    core::relativeImportFiles(saved, s.dir / "recipes");
    const std::string text = core::recipeToText(registry(), saved);
    EXPECT_NE(text.find(R"("file": "../maps/relief.r32")"), std::string::npos) << text;
    core::Recipe back = core::recipeFromText(registry(), text, "test");
    core::resolveImportFiles(back, s.dir / "recipes");
    EXPECT_EQ(back, r);
    EXPECT_EQ(evaluate(back), evaluate(r));
}

TEST(Import, AnEditedFileIsReadAgain) {
    Scratch s;
    const fs::path file = s.dir / "relief.r32";
    writeRelief(file, 300, 200);
    const core::Recipe r = importRecipe(settingsText(file, "bilinear"), 8);
    core::StackEvaluator evaluator(registry());  // with its cache
    const core::Heightmap before = *evaluator.evaluate(r, unitsOf(r), context()).map;
    writeRelief(file, 300, 200, 25.0f);
    fs::last_write_time(file, fs::last_write_time(file) + std::chrono::seconds(2));
    const core::Heightmap after = *evaluator.evaluate(r, unitsOf(r), context()).map;
    EXPECT_FLOAT_EQ(after.at(100, 10) - before.at(100, 10), 25.0f);
}

TEST(Import, SettingsAndFilesAreRefusedByName) {
    Scratch s;
    writeRelief(s.dir / "relief.r32", 300, 200);
    const auto refused = [](const std::function<void()>& f, const std::string& field, const std::string& text) {
        try {
            f();
            ADD_FAILURE() << "accepted; expected a refusal of " << field;
        } catch (const core::InputError& e) {
            EXPECT_EQ(e.field(), field) << e.what();
            EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
        }
    };
    core::Recipe r = core::defaultRecipe(registry(), "import");
    refused([&] { core::validateRecipe(registry(), r); }, "import", "(missing)");
    refused([&] { registry().normalizeDataOf("import", R"({"file": "x.tif", "resample": "cubic"})"); }, "resample",
            "nearest, bilinear, bicubic");
    refused([&] { registry().normalizeDataOf("import", R"({"file": "x.tif", "colour": 1})"); }, "key", "file, height");
    refused([&] { registry().normalizeDataOf("import", R"({"file": "x.tif", "height": [5, 1]})"); }, "height", "LO < HI");
    const std::string text = R"({"format": "terrain-recipe", "version": 4, "detail": 8, "seed": 1,
        "stack": [{"id": "base", "type": "import", "params": {}, "import": {"file": "a.tif", "crop": [0, 0, 1, 9]}}]})";
    refused([&] { core::recipeFromText(registry(), text, "test"); }, "stack[0].import.crop", "WIDTH, HEIGHT");
    r = importRecipe(std::string(R"({"file": ")") + (s.dir / "relief.r32").string() + R"(", "raw": "300x201:f32"})", 8);
    refused([&] { evaluate(r); }, "base.import.file", "241200 bytes (it has 240000)");
    r = importRecipe(std::string(R"({"file": ")") + s.dir.string() + R"("})", 8);
    refused([&] { evaluate(r); }, "base.import.file", "this is a folder");
    {
        // An OpenEXR whose displayWindow (a box2i, 16 bytes) claims 0: OpenEXR reads a known type by
        // its type, so it read 16 bytes anyway, the rest of the header out of step, and a string
        // further on claimed 1.8 GB (fuzz_import, out of memory). Refused before OpenEXR reads it.
        std::string exr("\x76\x2f\x31\x01\x02\x00\x00\x00", 8);
        const auto attribute = [&](const std::string& name, const std::string& type, const std::string& value,
                                   std::uint32_t size) {
            exr += name + '\0' + type + '\0';
            for (int k = 0; k < 4; ++k) exr += char((size >> (8 * k)) & 0xFF);
            exr += value;
        };
        const std::string channel = std::string("R\0", 2) + std::string("\x02\0\0\0", 4) + std::string(4, '\0') +
                                    std::string("\x01\0\0\0\x01\0\0\0", 8) + std::string(1, '\0');
        attribute("channels", "chlist", channel, std::uint32_t(channel.size()));
        attribute("compression", "compression", std::string(1, '\0'), 1);
        attribute("dataWindow", "box2i", std::string("\0\0\0\0\0\0\0\0\x07\0\0\0\x07\0\0\0", 16), 16);
        attribute("displayWindow", "box2i", "", 0);
        attribute("software", "string", "terrain-editor", 14);
        exr += std::string(1, '\0') + std::string(64, '\x01');
        std::ofstream(s.dir / "short.exr", std::ios::binary) << exr;
        r = importRecipe(std::string(R"({"file": ")") + (s.dir / "short.exr").string() + R"(", "height": [0, 1]})", 8);
        refused([&] { evaluate(r); }, "base.import.file", "displayWindow of type box2i claims 0 bytes, not 16");
    }
    {
        // A PNG whose second chunk claims 1.7 GB in a file of 60 bytes: libpng allocated the claimed
        // length before reading it (fuzz_import, out of memory). Refused from the file's own bytes,
        // and so is a VRT naming it (GDAL opens a VRT's sources itself).
        std::string png("\x89PNG\r\n\x1a\n", 8);
        const auto chunk = [&](const std::string& type, const std::string& data, std::uint32_t length) {
            for (int k = 3; k >= 0; --k) png += char((length >> (8 * k)) & 0xFF);
            png += type + data + std::string(4, '\0');
        };
        chunk("IHDR", std::string("\0\0\0\x09\0\0\0\x09\x10\0\0\0\0", 13), 13);
        chunk("tEXt", "Software", 0x696E3A72u);
        std::ofstream(s.dir / "claims.png", std::ios::binary) << png;
        r = importRecipe(std::string(R"({"file": ")") + (s.dir / "claims.png").string() + R"("})", 8);
        refused([&] { evaluate(r); }, "base.import.file", "chunk tEXt at byte 33 claims 1768831602 bytes; 12 follow it");
        std::ofstream(s.dir / "claims.vrt")
            << R"(<VRTDataset rasterXSize="9" rasterYSize="9"><VRTRasterBand dataType="UInt16" band="1">)"
               R"(<SimpleSource><SourceFilename relativeToVRT="1">claims.png</SourceFilename><SourceBand>1</SourceBand>)"
               R"(</SimpleSource></VRTRasterBand></VRTDataset>)";
        r = importRecipe(std::string(R"({"file": ")") + (s.dir / "claims.vrt").string() + R"("})", 8);
        refused([&] { evaluate(r); }, "base.import.file", "a readable PNG (chunk tEXt at byte 33");
    }
    r = baseRecipe();
    core::OpInstance layer = op(r, "fbm");
    layer.data = R"({"file": "x"})";
    r.operations.push_back(layer);
    refused([&] { core::validateRecipe(registry(), r); }, "fbm-1.data", "no structured data on fbm");
}

TEST(Import, AnImageStampSpreadsItsImageOverTheSquareAndTilesExactly) {
    Scratch s;
    // A 65 x 65 u16 image: 0 at the west edge rising to 65535 at the east edge.
    {
        std::vector<std::uint16_t> codes(65 * 65);
        for (int y = 0; y < 65; ++y)
            for (int x = 0; x < 65; ++x) codes[std::size_t(y) * 65 + std::size_t(x)] = std::uint16_t(x * 1024 - (x == 64 ? 1 : 0));
        std::ofstream out(s.dir / "ramp.r16", std::ios::binary);
        out.write(reinterpret_cast<const char*>(codes.data()), std::streamsize(codes.size() * 2));
        std::ofstream side(s.dir / "ramp.r16.json");
        side << R"({"software": "terrain-editor test", "width": 65, "height": 65, "sample_type": "uint16",
                   "byte_order": "little-endian"})";
    }
    core::Recipe r = baseRecipe(9);
    r.world.extentMetres = 4000.0;
    r.world.hiMetres = 600.0;
    core::OpInstance layout = core::newOperation(registry(), r, "layout");
    const std::string geojson = R"({"type": "FeatureCollection", "features": [{"type": "Feature",
        "geometry": {"type": "Point", "coordinates": [2000, -2000]},
        "properties": {"kind": "stamp", "id": "ramp", "image": ")" + (s.dir / "ramp.r16").string() + R"(",
                       "size_m": 1000, "height_m": 100, "op": "set", "base_m": 50}}]})";
    layout.data = registry().normalizeDataOf("layout", geojson);
    r.operations.push_back(layout);
    const core::WorldUnits units = unitsOf(r);
    core::StackEvaluator evaluator(registry(), 0);
    const core::StackResult result = evaluator.evaluate(r, units, context());
    const core::Heightmap& map = *result.map;
    const core::HeightScale& h = result.heights;
    // Inside the square's inner four fifths the stamp sets base + height x t, t rising west to east.
    const double spacing = 4000.0 / 512.0;
    for (const double x : {1700.0, 2000.0, 2300.0}) {
        const int c = int(std::lround(x / spacing)), row = 256;
        const double t = (double(c) * spacing - 1500.0) / 1000.0;  // across the 1000 m square
        EXPECT_NEAR(h.toMetres(map.at(c, row)), 50.0 + 100.0 * t, 0.05) << x;
    }
    // Far outside: untouched.
    const core::Heightmap plain = *core::StackEvaluator(registry(), 0).evaluate(baseRecipe(9), units, context()).map;
    EXPECT_EQ(map.at(20, 20), plain.at(20, 20));
    // Tiles are the whole map.
    for (const core::SampleWindow w : {core::SampleWindow{190, 190, 129, 129}, core::SampleWindow{256, 250, 70, 9}}) {
        const core::Heightmap tile = core::evaluateStackWindow(registry(), r, units, w, context());
        for (int y = 0; y < w.height; ++y)
            for (int x = 0; x < w.width; ++x) ASSERT_EQ(tile.at(x, y), map.at(w.x0 + x, w.y0 + y)) << x << "," << y;
    }
    // A recipe keeps the image relative to its folder.
    core::Recipe saved = r;
    core::relativeImportFiles(saved, s.dir / "recipes");
    EXPECT_NE(saved.operations[0].data.find(R"("image":"../ramp.r16")"), std::string::npos) << saved.operations[0].data;
    core::resolveImportFiles(saved, s.dir / "recipes");
    EXPECT_EQ(saved, r);
    // A missing image is refused naming the item.
    std::filesystem::remove(s.dir / "ramp.r16");
    try {
        core::StackEvaluator(registry(), 0).evaluate(r, units, context());
        ADD_FAILURE() << "a missing image was accepted";
    } catch (const core::InputError& e) {
        EXPECT_NE(std::string(e.what()).find("ramp"), std::string::npos) << e.what();
    }
}

// Found by fuzz_import: a window wholly beyond the image (outside=edge) read one sample before its
// buffer with bicubic taps. Its samples are the whole map's, each filter.
TEST(Import, AWindowBeyondTheImageReadsTheImagesEdgeAsTheWholeMapDoes) {
    Scratch s;
    writeRelief(s.dir / "relief.r32", 300, 200, 0.0f, false);
    for (const char* resample : {"nearest", "bilinear", "bicubic"}) {
        const std::string settings = std::string(R"({"file": ")") + (s.dir / "relief.r32").string() +
                                     R"(", "raw": "300x200:f32:le", "spacing_m": 2.0, "nodata": "value", "resample": ")" +
                                     resample + "\"}";
        const core::Recipe r = importRecipe(settings, 9);  // 2000 m: the image covers 598 x 398 m of it
        const core::Heightmap whole = evaluate(r);
        for (const core::SampleWindow w : {core::SampleWindow{400, 300, 9, 3}, core::SampleWindow{150, 0, 20, 20},
                                           core::SampleWindow{0, 101, 5, 30}}) {
            const core::Heightmap tile = core::evaluateStackWindow(registry(), r, unitsOf(r), w, context());
            for (int y = 0; y < w.height; ++y)
                for (int x = 0; x < w.width; ++x)
                    ASSERT_EQ(tile.at(x, y), whole.at(w.x0 + x, w.y0 + y)) << resample << " " << x << "," << y;
        }
    }
}
