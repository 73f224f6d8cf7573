// Game-ready export: real units, float formats, the sidecar, checks, resizing and tiles (engine
// presets: test_presets.cpp). Float files are read back by code that is not ours: OpenEXR's own
// reader here, numpy and GDAL through scripts/read_back_float.py.
#include <gtest/gtest.h>

#include <OpenEXR/ImfChannelList.h>
#include <OpenEXR/ImfFrameBuffer.h>
#include <OpenEXR/ImfInputFile.h>
#include <OpenEXR/ImfHeader.h>


#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <cstdio>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>

#include "core/errors.h"
#include "core/io/banding.h"
#include "core/io/game_export.h"
#include "core/io/mesh_export.h"
#include "core/io/sidecar.h"
#include "core/io/world_units.h"
#include "export_test_support.h"
#include "game_export_test_support.h"

namespace terrain::core {
namespace {

using test::BracketNames;
using test::readAll;
using test::refusal;
using test::request;
using test::ScratchDir;
using test::slopeMap;
using test::writeAll;

// Metres from the definition, in double: lo + (v - min) / (max - min) * (hi - lo).
std::vector<float> expectedMetres(const Heightmap& map, double lo, double hi) {
    const auto s = map.samples();
    const auto [mn, mx] = std::minmax_element(s.begin(), s.end());
    std::vector<float> out;
    for (const float v : s) {
        const double t = std::clamp((double(v) - double(*mn)) / (double(*mx) - double(*mn)), 0.0, 1.0);
        out.push_back(static_cast<float>(lo + t * (hi - lo)));
    }
    return out;
}

std::string floatsAsBytes(const std::vector<float>& values) {
    std::string bytes(values.size() * 4, '\0');
    std::memcpy(bytes.data(), values.data(), bytes.size());  // x86-64/arm64: little-endian
    return bytes;
}

int runFloatReadBack(const std::string& format, const std::filesystem::path& file,
                     const std::filesystem::path& expected, int width, int height) {
    const std::string command = std::string("'") + TERRAIN_PYTHON + "' '" TERRAIN_TEST_SCRIPTS
                                "/read_back_float.py' " + format + " '" + file.string() + "' '" +
                                expected.string() + "' " + std::to_string(width) + " " +
                                std::to_string(height);
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

ExportOptions floatOptions(ExportFormat format, double lo, double hi, double mpp = 1.0) {
    ExportOptions options;
    options.format = format;
    options.world.loMetres = lo;
    options.world.hiMetres = hi;
    options.world.metresPerPixel = mpp;
    return options;
}

TEST(ExportWorldUnits, ParsesAndRefusesWithFieldValueAndAllowed) {
    const WorldUnits w = WorldUnits::withHeightRange({}, "-50:1200");
    EXPECT_EQ(w.loMetres, -50.0);
    EXPECT_EQ(w.hiMetres, 1200.0);
    EXPECT_EQ(WorldUnits::withMetresPerPixel({}, "0.5").metresPerPixel, 0.5);
    for (const std::string bad : {"", "5", "10:5", "5:5", "a:b", "0:inf", "nan:1", "0:1e9", ":3"}) {
        try {
            WorldUnits::withHeightRange({}, bad);
            ADD_FAILURE() << "accepted " << bad;
        } catch (const InputError& e) {
            EXPECT_EQ(e.field(), "--height-range");
            EXPECT_EQ(e.value(), bad);
            EXPECT_NE(e.allowed().find("LO:HI"), std::string::npos);
        }
    }
    for (const std::string bad : {"0", "-1", "x", "inf", "2e6", ""}) {
        EXPECT_THROW(WorldUnits::withMetresPerPixel({}, bad), InputError) << bad;
    }
    // Values set in code (the editor's fields) are refused under the same field ids.
    const auto validateField = [](const WorldUnits& world) {
        try {
            world.validate();
        } catch (const InputError& e) {
            return e.field();
        }
        return std::string();
    };
    EXPECT_EQ(validateField(WorldUnits{}), "");
    EXPECT_EQ(validateField(WorldUnits{0.0, 0.0, 100.0}), field::kMetresPerPixel);
    EXPECT_EQ(validateField(WorldUnits{1.0, 5.0, 1.0}), field::kHeightRange);
}

// Exports `format` with the height range lo..hi and has read_back_float.py compare it.
void expectFloatReadBack(ExportFormat format, const std::string& name, int width, int height,
                         double lo, double hi) {
    ScratchDir dir;
    const Heightmap map = slopeMap(width, height);
    exportHeightmap(map, dir / name, floatOptions(format, lo, hi));
    writeAll(dir / "expected.f32", floatsAsBytes(expectedMetres(map, lo, hi)));
    const int status = runFloatReadBack(exportFormatName(format), dir / name, dir / "expected.f32",
                                        width, height);
    if (status == 77) GTEST_SKIP() << "numpy or gdal_translate is not installed";
    EXPECT_EQ(status, 0);
}

TEST(ExportFloat, Raw32HoldsMetresReadByNumpy) {
    expectFloatReadBack(ExportFormat::Raw32, "m.r32", 23, 17, -20.0, 480.0);
}

// The raw32 writer maps blocks of rows on two threads with its metres loop vectorised: each
// sample must still be metresOf's, bit for bit (NaN, infinities, signed zeros, heights past the
// range both clamped and extrapolated), across blocks, with the raw range found on the way.
TEST(ExportFloat, Raw32IsEverySamplesMetresBitForBitAcrossBlocks) {
    ScratchDir dir;
    Heightmap map(300, 1000);  // about 873 rows a block: two blocks, the second cut short
    std::uint32_t state = 7;
    const float specials[] = {0.0f, -0.0f, std::numeric_limits<float>::quiet_NaN(),
                              std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity()};
    for (float& v : map.samples()) {
        state = state * 1664525u + 1013904223u;
        v = state % 97 == 0 ? specials[(state >> 8) % 5] : float(int(state >> 9) % 4001 - 2000) / 1500.0f;
    }
    for (const std::string mapping : {"world", "clamp:-0.5:0.75"}) {
        ExportOptions options = floatOptions(ExportFormat::Raw32, -120.0, 2300.0, 2.0);
        options.mapping = HeightMapping::parse(mapping);
        if (mapping == "world") {
            options.mapping.lo = -0.8f;
            options.mapping.hi = 0.9f;
        }
        const ExportReport report = exportHeightmap(map, dir / "m.r32", options);
        const std::string bytes = readAll(dir / "m.r32");
        ASSERT_EQ(bytes.size(), map.samples().size() * 4);
        const ResolvedMapping resolved = resolveMapping(options.mapping, map);
        for (std::size_t i = 0; i < map.samples().size(); ++i) {
            const float want = static_cast<float>(metresOf(resolved, options.world, map.samples()[i]));
            ASSERT_EQ(std::memcmp(bytes.data() + 4 * i, &want, 4), 0) << mapping << " sample " << i << " raw "
                                                                      << map.samples()[i] << " metres " << want;
        }
        ASSERT_TRUE(report.rawFinite.has_value());
        EXPECT_EQ(report.rawFinite->min, finiteMinMax(map).min);
        EXPECT_EQ(report.rawFinite->max, finiteMinMax(map).max);
    }
}

TEST(ExportFloat, Tiff32HoldsMetresReadByGdal) {
    expectFloatReadBack(ExportFormat::Tiff32, "m.tif", 31, 12, 100.0, 2600.0);
}

TEST(ExportFloat, ExrChannelRHoldsMetresReadByOpenExr) {
    ScratchDir dir;
    const Heightmap map = slopeMap(40, 21);
    exportHeightmap(map, dir / "m.exr", floatOptions(ExportFormat::Exr, 0.0, 812.5));
    Imf::InputFile in((dir / "m.exr").c_str());
    const auto window = in.header().dataWindow();
    ASSERT_EQ(window.max.x - window.min.x + 1, 40);
    ASSERT_EQ(window.max.y - window.min.y + 1, 21);
    const Imf::Channel* r = in.header().channels().findChannel("R");
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->type, Imf::FLOAT);
    std::vector<float> pixels(40 * 21);
    Imf::FrameBuffer frame;
    frame.insert("R", Imf::Slice(Imf::FLOAT, reinterpret_cast<char*>(pixels.data()),
                                 sizeof(float), sizeof(float) * 40));
    in.setFrameBuffer(frame);
    in.readPixels(window.min.y, window.max.y);
    const auto expected = expectedMetres(map, 0.0, 812.5);
    for (std::size_t i = 0; i < pixels.size(); ++i) {
        ASSERT_EQ(pixels[i], expected[i]) << "sample " << i;
    }
}

TEST(ExportFloat, FailedFloatExportLeavesNothing) {
    ScratchDir dir;
    for (const auto format : {ExportFormat::Raw32, ExportFormat::Exr, ExportFormat::Tiff32}) {
        EXPECT_THROW(exportHeightmap(slopeMap(9, 9), dir / "missing" / "m.out", floatOptions(format, 0, 1)),
                     IoError);
    }
    EXPECT_TRUE(dir.entries().empty());
}

TEST(ExportPng8, WarnsWithTheNumberOfLevelsUsed) {
    ScratchDir dir;
    ExportOptions options;
    options.format = ExportFormat::Png8;
    Heightmap few(4, 4);
    for (int i = 0; i < 16; ++i) few.samples()[std::size_t(i)] = float(i % 5);
    const ExportReport report = exportHeightmap(few, dir / "few.png", options);
    EXPECT_EQ(report.distinctLevels, 5);
    ASSERT_EQ(report.warnings.size(), 1u);
    EXPECT_NE(report.warnings[0].find("only 5 of 256"), std::string::npos) << report.warnings[0];

    Heightmap ramp(256, 2);
    for (int x = 0; x < 256; ++x) ramp.at(x, 0) = ramp.at(x, 1) = float(x);
    const ExportReport full = exportHeightmap(ramp, dir / "ramp.png", options);
    EXPECT_EQ(full.distinctLevels, 256);
    EXPECT_TRUE(full.warnings.empty());
}

TEST(ExportPng8, CountsTheFlattestVisibleArea) {
    // 512 wide: a steep ramp over all 256 levels on the left half, a gentle one (10 levels) on
    // the right. The whole map uses every level; the flattest 256x256 area only 10.
    Heightmap map(512, 256);
    for (int y = 0; y < 256; ++y) {
        for (int x = 0; x < 256; ++x) map.at(x, y) = float(x);
        for (int x = 256; x < 512; ++x) map.at(x, y) = float((x - 256) % 10);
    }
    const GreyLevels levels = countGreyLevels(map, resolveMapping({}, map));
    EXPECT_EQ(levels.whole, 256);
    EXPECT_EQ(levels.windowWidth, 256);
    EXPECT_EQ(levels.worstWindow, 10);
    // 513 wide: the last window ends at the edge instead of being a 1-sample strip.
    Heightmap wide(513, 256);
    for (int y = 0; y < 256; ++y) {
        for (int x = 0; x < 513; ++x) wide.at(x, y) = float(x % 256);
    }
    EXPECT_EQ(countGreyLevels(wide, resolveMapping({}, wide)).worstWindow, 256);
    const auto warning = bandingWarning(levels);
    ASSERT_TRUE(warning.has_value());
    EXPECT_NE(warning->find("only 10 in its flattest 256x256 area"), std::string::npos) << *warning;
}

TEST(ExportSidecar, DescribesTheFileUnitsAndRecipe) {
    ScratchDir dir;
    auto r = request(dir / "t.r16");
    r.world = WorldUnits::withHeightRange(WorldUnits::withMetresPerPixel({}, "2"), "10:260");
    const Heightmap map = slopeMap(33, 33);
    const auto result = runGameExport(map, r);
    ASSERT_EQ(result.files.size(), 1u);
    const auto j = nlohmann::json::parse(readAll(dir / "t.r16.json"));
    EXPECT_EQ(j["width"], 33);
    EXPECT_EQ(j["height"], 33);
    EXPECT_EQ(j["format"], "raw16");
    EXPECT_EQ(j["bit_depth"], 16);
    EXPECT_EQ(j["byte_order"], "little-endian");
    EXPECT_NE(j["orientation"].get<std::string>().find("row 0 = north"), std::string::npos);
    const auto mm = minMax(map);
    EXPECT_EQ(j["raw_min"].get<float>(), mm.min);
    EXPECT_EQ(j["raw_max"].get<float>(), mm.max);
    EXPECT_EQ(j["metres_min"].get<double>(), 10.0);
    EXPECT_EQ(j["metres_max"].get<double>(), 260.0);
    EXPECT_EQ(j["metres_per_pixel"].get<double>(), 2.0);
    EXPECT_EQ(j["world_size_metres"][0].get<double>(), 64.0);
    EXPECT_EQ(j["recipe"]["algorithm"], "test");
    EXPECT_EQ(j["recipe_sha256"], "abc123");
    EXPECT_NE(j["software"].get<std::string>().find("terrain-editor"), std::string::npos);
    EXPECT_FALSE(j.contains("engine"));
}

TEST(ExportChecks, TriangleTargetsAndTilePatternsAreCheckedBeforeGenerating) {
    auto r = request("m.obj");
    for (const std::int64_t ok : {std::int64_t(0), std::int64_t(2), kMaxTriangles}) {
        r.targetTriangles = ok;
        EXPECT_FALSE(refusal(r, 65, 65)) << ok;
    }
    for (const std::int64_t bad : {std::int64_t(1), std::int64_t(-5), kMaxTriangles + 1}) {
        r.targetTriangles = bad;
        const auto e = refusal(r, 65, 65);
        ASSERT_TRUE(e) << bad;
        EXPECT_EQ(e->field(), "--triangles");
        EXPECT_NE(e->allowed().find("0 (every sample) or a whole number from 2"), std::string::npos);
    }
    EXPECT_EQ(parseTriangleTarget("0"), 0);
    EXPECT_EQ(parseTriangleTarget("2000"), 2000);
    for (const char* bad : {"1", "", "12k", "-2", "99999999999999999999"}) {
        EXPECT_THROW(parseTriangleTarget(bad), InputError) << bad;
    }
    auto t = request("t.png");
    t.tilePattern = "{stem}-{x}.png";
    const auto e = refusal(t, 65, 65);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->field(), "--tile-pattern");
    t.tilePattern = kGenericTilePattern;
    EXPECT_FALSE(refusal(t, 65, 65));
}

// Messages from the exporters' own checks name the export's fields by reference too.
TEST(ExportChecks, SizeAndResampleMessagesNameFieldsAsTheFrontEndDoes) {
    const std::int64_t side = std::int64_t(1) << 30;  // 2^60 samples: never fits
    try {
        checkGridFits(FieldText::field(field::kSize), side, side);
        FAIL() << "expected SizeError";
    } catch (const SizeError& e) {
        const std::string samples = " of 1073741824x1073741824 samples would need ";
        EXPECT_EQ(std::string(e.what()).rfind("--size" + samples, 0), 0u) << e.what();
        EXPECT_EQ(e.message(BracketNames{}).rfind("<size>" + samples, 0), 0u)
            << e.message(BracketNames{});
        EXPECT_EQ(e.message(BracketNames{}).substr(6), std::string(e.what()).substr(6));
    }
    try {
        cropCentre(slopeMap(9, 9), 12, 5);
        FAIL() << "expected InputError";
    } catch (const InputError& e) {
        EXPECT_EQ(e.message(BracketNames{}),
                  "<size>: '12x5' is not allowed; expected at most the map's size 9x9 when "
                  "cropping (use [<resize>=bicubic] to enlarge)");
        EXPECT_NE(std::string(e.what()).find("(use --resize bicubic to enlarge)"),
                  std::string::npos);
    }
    try {
        exportFormatFromPath("land.xyz");
        FAIL() << "expected InputError";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), field::kOutput);
        EXPECT_NE(e.message(BracketNames{}).find(", or give <format>"), std::string::npos)
            << e.message(BracketNames{});
    }
    HeightMapping clamp;
    clamp.mode = HeightMapping::Mode::Clamp;
    clamp.lo = 3.0f;
    clamp.hi = 1.0f;
    try {
        resolveMapping(clamp, slopeMap(4, 4));
        FAIL() << "expected InputError";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), field::kMapping);
    }
    try {
        buildGridMesh(slopeMap(4, 4), resolveMapping({}, slopeMap(4, 4)), {}, 1);
        FAIL() << "expected InputError";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), field::kTriangles);
    }
}

TEST(ExportResize, BicubicKeepsCornersAndIdentity) {
    const Heightmap map = slopeMap(17, 13);
    EXPECT_EQ(resizeBicubic(map, 17, 13), map);
    const Heightmap big = resizeBicubic(map, 40, 29);
    EXPECT_EQ(big.at(0, 0), map.at(0, 0));
    EXPECT_EQ(big.at(39, 0), map.at(16, 0));
    EXPECT_EQ(big.at(0, 28), map.at(0, 12));
    EXPECT_EQ(big.at(39, 28), map.at(16, 12));
    const Heightmap crop = cropCentre(map, 5, 3);
    EXPECT_EQ(crop.at(0, 0), map.at(6, 5));
    EXPECT_THROW(cropCentre(map, 18, 3), InputError);
    EXPECT_THROW(parseOutputSize("0x5"), InputError);
    EXPECT_THROW(parseOutputSize("-4x5"), InputError);
    EXPECT_THROW(parseOutputSize("5x"), InputError);
    EXPECT_EQ(parseOutputSize("505x1009").height, 1009);
    EXPECT_THROW(parseResizeMode("nearest"), InputError);
}

TEST(ExportResize, OneLimitForTypedAndSuggestedSizes) {
    // parseOutputSize takes kMaxOutputSide and names it; the presets' sizes stop there too.
    const std::string side = std::to_string(kMaxOutputSide);
    EXPECT_EQ(parseOutputSize(side + "x2").width, kMaxOutputSide);
    try {
        parseOutputSize(std::to_string(kMaxOutputSide + 1) + "x2");
        ADD_FAILURE() << "accepted a side over kMaxOutputSide";
    } catch (const InputError& e) {
        EXPECT_NE(e.allowed().find("from 2 to " + side), std::string::npos) << e.what();
    }
    const EnginePreset& blender = findEnginePreset("blender");
    EXPECT_EQ(blender.sizes.max, kMaxOutputSide);
    EXPECT_EQ(nearestPresetSize(blender, kMaxOutputSide + 100, 5).width, kMaxOutputSide);
}

std::vector<std::uint16_t> readRaw16(const std::filesystem::path& path) {
    const std::string bytes = readAll(path);
    std::vector<std::uint16_t> codes(bytes.size() / 2);
    for (std::size_t i = 0; i < codes.size(); ++i) {
        codes[i] = static_cast<std::uint16_t>(static_cast<unsigned char>(bytes[2 * i]) |
                                              (static_cast<unsigned char>(bytes[2 * i + 1]) << 8));
    }
    return codes;
}

TEST(ExportTiles, NeighboursMatchExactlyAlongSharedBorders) {
    ScratchDir dir;
    auto r = request(dir / "land.r16");
    TileLayout layout = parseTiles("3x2");
    layout.border = 1;
    r.tiles = layout;
    const Heightmap map = slopeMap(31, 21);  // 30 and 20 quads: 10x10 quads a tile
    const auto result = runGameExport(map, r);
    ASSERT_EQ(result.files.size(), 6u);
    EXPECT_EQ(result.width, 11);
    EXPECT_EQ(result.height, 11);
    const int n = 11;
    for (int ty = 0; ty < 2; ++ty) {
        for (int tx = 0; tx < 3; ++tx) {
            const auto path = dir / ("land_x" + std::to_string(tx) + "_y" + std::to_string(ty) + ".r16");
            ASSERT_TRUE(std::filesystem::exists(path)) << path;
            ASSERT_TRUE(std::filesystem::exists(dir / (path.filename().string() + ".json")));
            const auto a = readRaw16(path);
            ASSERT_EQ(a.size(), std::size_t(n * n));
            if (tx + 1 < 3) {
                const auto b = readRaw16(dir / ("land_x" + std::to_string(tx + 1) + "_y" + std::to_string(ty) + ".r16"));
                for (int y = 0; y < n; ++y) {
                    EXPECT_EQ(a[std::size_t(y * n + n - 1)], b[std::size_t(y * n)]) << tx << "," << ty << " row " << y;
                }
            }
            if (ty + 1 < 2) {
                const auto b = readRaw16(dir / ("land_x" + std::to_string(tx) + "_y" + std::to_string(ty + 1) + ".r16"));
                for (int x = 0; x < n; ++x) {
                    EXPECT_EQ(a[std::size_t((n - 1) * n + x)], b[std::size_t(x)]) << tx << "," << ty << " col " << x;
                }
            }
        }
    }
    // One mapping for the whole map: the global minimum is code 0 in whichever tile holds it.
    const auto j = nlohmann::json::parse(readAll(dir / "land_x2_y1.r16.json"));
    EXPECT_EQ(j["tile"]["origin_samples"][0], 20);
    EXPECT_EQ(j["raw_at_code_0"].get<float>(), minMax(map).min);
}

TEST(ExportTiles, WithoutBorderTheyPartitionAndAGenericPatternNamesThem) {
    ScratchDir dir;
    auto r = request(dir / "map.png");
    TileLayout layout = parseTiles("2x2");
    layout.border = 0;
    r.tiles = layout;
    r.tilePattern = "{stem}-r{y}-c{x}{ext}";
    const auto result = runGameExport(slopeMap(16, 8), r);
    ASSERT_EQ(result.files.size(), 4u);
    EXPECT_TRUE(std::filesystem::exists(dir / "map-r1-c0.png"));
    EXPECT_EQ(result.width, 8);
    EXPECT_EQ(result.height, 4);

    auto uneven = request(dir / "bad.png");
    TileLayout l3 = parseTiles("3x1");
    l3.border = 1;
    uneven.tiles = l3;
    try {
        runGameExport(slopeMap(17, 17), uneven);
        ADD_FAILURE();
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "--tiles");
        EXPECT_EQ(e.value(), "3x1");
    }
    EXPECT_FALSE(std::filesystem::exists(dir / "bad_x0_y0.png"));
}

}  // namespace
}  // namespace terrain::core

namespace terrain::core {
namespace {

// A full disk for the new writers (test_export.cpp covers the integer formats).
TEST(ExportFailure, FullDiskLeavesTheOldFileForEveryNewFormat) {
    for (const ExportFormat format :
         {ExportFormat::Raw32, ExportFormat::Exr, ExportFormat::Tiff32, ExportFormat::Obj,
          ExportFormat::Glb, ExportFormat::Normal, ExportFormat::Normal16, ExportFormat::Hillshade}) {
        const auto options = floatOptions(format, 0.0, 100.0);
        EXPECT_EXIT(std::_Exit(test::exportUnderFileSizeLimit(slopeMap(300, 300), options)),
                    testing::ExitedWithCode(0),
                    "clean: .*File too large")
            << exportFormatName(format);
    }
}

}  // namespace
}  // namespace terrain::core
