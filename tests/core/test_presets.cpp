// Engine presets: the sizes each engine imports (nearest accepted size against a brute-force
// search), refusals and their suggestions, messages in a front end's own words, formats and
// extensions, the numbers to type, and warnings for numbers or names the importer trips over.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/errors.h"
#include "core/io/game_export.h"
#include "core/io/presets.h"
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

GameExportRequest presetRequest(const char* preset) {
    GameExportRequest r;
    r.output = "unused";
    r.preset = &findEnginePreset(preset);
    return r;
}

TEST(ExportPresets, UnityRefusesSizesItCannotImport) {
    const auto r = presetRequest("unity");
    EXPECT_FALSE(refusal(r, 4097, 4097));
    EXPECT_FALSE(refusal(r, 33, 33));
    for (const auto& [w, h] : std::vector<std::pair<int, int>>{{8193, 8193}, {17, 17}, {500, 500}, {513, 257}}) {
        const auto e = refusal(r, w, h);
        ASSERT_TRUE(e) << w << "x" << h;
        EXPECT_EQ(e->field(), "--size");
        EXPECT_EQ(e->value(), std::to_string(w) + "x" + std::to_string(h));
        EXPECT_NE(e->allowed().find("2^n+1 samples from 33x33 to 4097x4097"), std::string::npos);
    }
    EXPECT_THROW(findEnginePreset("cryengine"), InputError);
    EXPECT_EQ(enginePresetIds(), "unity, unreal, unreal-ue4-world-composition, godot-terrain3d, godot-hterrain, blender, worldpainter");
}

TEST(ExportPresets, UnrealSuggestsTheNearestRecommendedSize) {
    const auto r = presetRequest("unreal");
    const auto e = refusal(r, 513, 513);
    ASSERT_TRUE(e);
    EXPECT_NE(e->allowed().find("--size 505x505"), std::string::npos) << e->what();
    EXPECT_FALSE(refusal(r, 1009, 1009));
    EXPECT_THROW(checkPresetFormat(*r.preset, ExportFormat::Exr), InputError);
}

// The rule nearestPresetSize computes, found the slow way: every side the preset accepts, the
// nearest one to n (the smaller of two as near).
int nearestBySearch(const EnginePreset& preset, int n) {
    int best = 0;
    for (int side = 2; side <= 9000; ++side) {
        if (presetAcceptsSize(preset, side, side) && (best == 0 || std::abs(side - n) < std::abs(best - n))) {
            best = side;
        }
    }
    return best;
}

TEST(ExportPresets, NearestSizeIsComputedForEveryPreset) {
    struct Case {
        const char* preset;
        int width, height, nearWidth, nearHeight;
    };
    const Case cases[] = {
        // below, inside (accepted, between two, a tie goes to the smaller) and above the range
        {"unity", 2, 2, 33, 33}, {"unity", 129, 129, 129, 129}, {"unity", 100, 60, 129, 129},
        {"unity", 97, 97, 65, 65}, {"unity", 98, 40, 129, 129}, {"unity", 8193, 8193, 4097, 4097},
        {"godot-hterrain", 33, 33, 65, 65}, {"godot-hterrain", 1000, 1000, 1025, 1025},
        {"godot-hterrain", 65536, 2, 4097, 4097},
        {"unreal", 2, 2, 127, 127}, {"unreal", 513, 513, 505, 505}, {"unreal", 757, 757, 505, 505},
        {"unreal", 758, 3, 1009, 1009}, {"unreal", 2017, 2017, 2017, 2017}, {"unreal", 20000, 9, 8129, 8129},
        {"godot-terrain3d", 1, 1, 2, 2}, {"godot-terrain3d", 300, 200, 300, 200},
        {"blender", 70000, 5, 65536, 5}, {"worldpainter", 100, 80, 100, 80},
    };
    for (const Case& c : cases) {
        const OutputSize size = nearestPresetSize(findEnginePreset(c.preset), c.width, c.height);
        EXPECT_EQ(size.width, c.nearWidth) << c.preset << " " << c.width << "x" << c.height;
        EXPECT_EQ(size.height, c.nearHeight) << c.preset << " " << c.width << "x" << c.height;
    }
    for (const auto& preset : enginePresets()) {
        for (int n = 2; n <= 9000; n += n < 200 ? 1 : 7) {
            const OutputSize size = nearestPresetSize(preset, n, n);
            ASSERT_TRUE(presetAcceptsSize(preset, size.width, size.height)) << preset.id << " " << n;
            if (preset.sizes.kind != PresetSizes::Kind::Any) {
                ASSERT_EQ(size.width, nearestBySearch(preset, n)) << preset.id << " " << n;
            } else {
                ASSERT_EQ(size.width, n) << preset.id;
            }
        }
    }
}

TEST(ExportPresets, NearestSizeWithTilesMakesAcceptedTilesThatDivideTheMap) {
    struct Case {
        const char* preset;
        TileLayout tiles;
        int width, height, nearWidth, nearHeight;
    };
    const Case cases[] = {
        {"unreal", {2, 2, 1, 0, 0}, 1025, 1025, 1009, 1009},  // tiles of 505
        {"unreal", {2, 1, 1, 0, 0}, 257, 257, 505, 253},      // tiles of 253 x 253
        {"unreal", {2, 2, 1, 0, 0}, 127, 127, 253, 253},      // tiles of 127: the smallest
        {"unity", {2, 2, 0, 0, 0}, 129, 129, 130, 130},       // no border: tiles of 65
        {"unity", {16, 16, 1, 0, 0}, 65536, 65536, 32769, 32769},  // 4097s would not fit
        {"blender", {3, 3, 1, 0, 0}, 129, 129, 130, 130},     // tiles of 44: 130 is nearer than 127
        {"worldpainter", {64, 1, 0, 0, 0}, 100, 100, 128, 100},
    };
    for (const Case& c : cases) {
        const EnginePreset& preset = findEnginePreset(c.preset);
        const auto size = nearestPresetSize(preset, c.width, c.height, c.tiles);
        ASSERT_TRUE(size) << c.preset;
        EXPECT_EQ(size->width, c.nearWidth) << c.preset << " " << c.width;
        EXPECT_EQ(size->height, c.nearHeight) << c.preset << " " << c.height;
        EXPECT_TRUE(presetAcceptsOutput(preset, size->width, size->height, c.tiles)) << c.preset;
        EXPECT_LE(size->width, kMaxOutputSide);
    }
}

TEST(ExportPresets, TheRefusalSuggestsASizeAndCropOnlyWhenItFitsInTheMap) {
    auto r = presetRequest("unity");
    auto e = refusal(r, 100, 60);  // 129 is larger than the map: bicubic only
    ASSERT_TRUE(e);
    EXPECT_NE(e->allowed().find("; try --size 129x129 --resize bicubic"), std::string::npos) << e->what();
    EXPECT_EQ(e->allowed().find("crop"), std::string::npos) << e->what();
    e = refusal(r, 8193, 8193);
    ASSERT_TRUE(e);
    EXPECT_NE(e->allowed().find("try --size 4097x4097 --resize bicubic (or --resize crop)"), std::string::npos);
    r.size = OutputSize{100, 100};  // of a 129 map: 129 fits in it
    e = refusal(r, 129, 129);
    ASSERT_TRUE(e);
    EXPECT_NE(e->allowed().find("try --size 129x129 --resize bicubic (or --resize crop)"), std::string::npos);

    // Tiles: named as the tiles, with the output size that gives accepted tiles.
    r = presetRequest("unreal");
    r.tiles = TileLayout{2, 2, 1, 0, 0};
    e = refusal(r, 1025, 1025);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->field(), "--tiles");
    EXPECT_EQ(e->value(), "2x2");
    EXPECT_NE(e->allowed().find("for each tile, and these tiles would be 513x513; try --size 1009x1009 "
                                "--resize bicubic (or --resize crop)"),
              std::string::npos)
        << e->what();
    EXPECT_EQ(suggestedOutputSize(r, 1025, 1025)->width, 1009);
    e = refusal(r, 201, 201);  // 253 does not fit in a 201 map
    ASSERT_TRUE(e);
    EXPECT_NE(e->allowed().find("try --size 253x253 --resize bicubic"), std::string::npos) << e->what();
    EXPECT_EQ(e->allowed().find("crop"), std::string::npos) << e->what();
    EXPECT_FALSE(suggestedOutputSize(r, 1009, 1009));
    EXPECT_FALSE(suggestedOutputSize(request("x.png"), 100, 100));  // no preset, no rule
}

TEST(ExportPresets, MessagesNameFieldsAsTheFrontEndDoes) {
    const auto e = refusal(presetRequest("unity"), 8193, 8193);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->message(BracketNames{}),
              "<size>: '8193x8193' is not allowed; expected Unity ([<preset>=unity]) needs a square of 2^n+1 "
              "samples from 33x33 to 4097x4097; try [<size>=4097x4097][<resize>=bicubic] (or [<resize>=crop])");
    EXPECT_EQ(std::string(e->what()),
              "--size: '8193x8193' is not allowed; expected Unity (--preset unity) needs a square of 2^n+1 "
              "samples from 33x33 to 4097x4097; try --size 4097x4097 --resize bicubic (or --resize crop)");
    auto crop = request("x.png");
    crop.size = OutputSize{600, 600};
    crop.resize = ResizeMode::Crop;
    EXPECT_EQ(refusal(crop, 513, 513)->allowedText().render(BracketNames{}),
              "at most the map's size 513x513 with [<resize>=crop] (use [<resize>=bicubic] to enlarge)");
    auto tiles = request("x.png");
    tiles.tiles = TileLayout{3, 3, 1, 0, 0};
    EXPECT_NE(refusal(tiles, 513, 513)->message(BracketNames{}).find("; change <size> or <tile-border>"),
              std::string::npos);
    auto format = presetRequest("unity");
    format.format = ExportFormat::Exr;
    EXPECT_EQ(refusal(format, 513, 513)->message(BracketNames{}),
              "<format>: 'exr' is not allowed; expected raw16 for [<preset>=unity]");
}

TEST(ExportPresets, FormatsAndExtensionsFollowThePreset) {
    for (const auto& preset : enginePresets()) {
        EXPECT_TRUE(presetAcceptsFormat(preset, preset.format)) << preset.id;
        EXPECT_FALSE(presetAcceptsFormat(preset, ExportFormat::Obj)) << preset.id;
    }
    EXPECT_TRUE(presetAcceptsFormat(findEnginePreset("unreal"), ExportFormat::Raw16));
    EXPECT_FALSE(presetAcceptsFormat(findEnginePreset("unity"), ExportFormat::Png16));
    // HTerrain's importer lists 16-bit raw files only as *.raw.
    EXPECT_EQ(outputExtension(ExportFormat::Raw16, &findEnginePreset("godot-hterrain")), ".raw");
    EXPECT_EQ(outputExtension(ExportFormat::Raw16, &findEnginePreset("unity")), ".r16");
    EXPECT_EQ(outputExtension(ExportFormat::Raw16, nullptr), ".r16");
    EXPECT_EQ(outputExtension(ExportFormat::Exr, &findEnginePreset("godot-terrain3d")), ".exr");
}

std::string settingOf(const std::vector<EngineSetting>& settings, const std::string& name) {
    for (const auto& s : settings) {
        if (s.name == name) return s.value;
    }
    return "<missing " + name + ">";
}

TEST(ExportPresets, SettingsCarryTheNumbersToType) {
    WorldUnits w;
    w.metresPerPixel = 2.0;
    w.loMetres = -100.0;
    w.hiMetres = 412.0;  // range 512 m: Unreal Z scale 100 x 65536 / 65535
    const auto ue = engineSettings(findEnginePreset("unreal"), ExportFormat::Png16, 1009, 1009, w);
    EXPECT_EQ(settingOf(ue, "Scale Z"), "100.0015259");
    EXPECT_EQ(settingOf(ue, "Location Z (cm)").substr(0, 11), "15600.39063");
    EXPECT_EQ(settingOf(ue, "Scale X"), "200");
    const auto unity = engineSettings(findEnginePreset("unity"), ExportFormat::Raw16, 513, 513, w);
    EXPECT_EQ(settingOf(unity, "Terrain Size Y"), "512.0078126");
    EXPECT_EQ(settingOf(unity, "Terrain Size X"), "1024");
    EXPECT_EQ(settingOf(unity, "Byte Order"), "Windows");
    const auto blender = engineSettings(findEnginePreset("blender"), ExportFormat::Png16, 65, 65, w);
    EXPECT_EQ(settingOf(blender, "Displace modifier > Strength"), "512");
    EXPECT_EQ(settingOf(blender, "Displace modifier > Midlevel"), "0");
    // Exact steps, never "enough"; Extend and Closest (checked in Blender by
    // ctest cli_blender).
    EXPECT_EQ(settingOf(blender, "Add > Mesh > Grid > X Subdivisions"), "64");
    EXPECT_EQ(settingOf(blender, "Object > Dimensions X (m)"), "128");
    EXPECT_EQ(settingOf(blender, "Image texture > Image Mapping > Extension").substr(0, 6), "Extend");
    EXPECT_EQ(settingOf(blender, "Image texture > Sampling > Interpolation").substr(0, 13),
              "off (Closest)");
    for (const auto& s : blender) EXPECT_EQ(s.value.find("enough"), std::string::npos) << s.name;
}

// Horizontal numbers are typed as exactly as the vertical ones: 1000 m over 522 sample steps
// is Unreal's Scale X = 191.5708812... cm. Six digits ("191.571") put the far edge of a
// 100 km landscape 6 cm off; ten keep it within a tenth of a millimetre.
TEST(ExportPresets, HorizontalScalesCarryTenSignificantDigits) {
    WorldUnits w;
    w.metresPerPixel = 1000.0 / 522.0;
    w.hiMetres = 300.0;
    const auto significant = [](const std::string& text) {
        int digits = 0;
        bool leading = true;
        for (const char c : text) {
            if (c == 'e' || c == 'E') break;
            if (c < '0' || c > '9') continue;
            if (c != '0') leading = false;
            if (!leading) ++digits;
        }
        return digits;
    };
    const auto expectExact = [&](const std::vector<EngineSetting>& settings, const std::string& name,
                                 double want) {
        const std::string text = settingOf(settings, name);
        SCOPED_TRACE(name + " = " + text);
        // "%.10g" drops trailing zeros (122.605364 is 122.6053640), so the digits are checked
        // where the value needs them and the error everywhere: 6 digits err by up to 5e-6.
        EXPECT_NEAR(std::stod(text), want, std::abs(want) * 5e-10);
        return text;
    };
    const double cm = w.metresPerPixel * 100.0;
    const auto ue = engineSettings(findEnginePreset("unreal"), ExportFormat::Png16, 505, 505, w);
    EXPECT_EQ(significant(expectExact(ue, "Scale X", cm)), 10);  // 191.5708812
    EXPECT_EQ(significant(expectExact(ue, "Scale Y", cm)), 10);
    const auto unity = engineSettings(findEnginePreset("unity"), ExportFormat::Raw16, 513, 513, w);
    expectExact(unity, "Terrain Size X", 512.0 * w.metresPerPixel);
    expectExact(unity, "Terrain Size Z", 512.0 * w.metresPerPixel);
    const auto t3 = engineSettings(findEnginePreset("godot-terrain3d"), ExportFormat::Exr, 300, 300, w);
    expectExact(t3, "Terrain3D vertex_spacing", w.metresPerPixel);
    const auto blender = engineSettings(findEnginePreset("blender"), ExportFormat::Exr, 65, 65, w);
    expectExact(blender, "Object > Dimensions X (m)", 64.0 * w.metresPerPixel);
    expectExact(blender, "Object > Dimensions Y (m)", 64.0 * w.metresPerPixel);
    const auto hterrain = engineSettings(findEnginePreset("godot-hterrain"), ExportFormat::Raw16, 65, 65, w);
    const std::string scale = settingOf(hterrain, "HTerrain map_scale");
    expectExact({{"map_scale", scale.substr(0, scale.find(' '))}}, "map_scale", w.metresPerPixel);
}

// Unity and Unreal divide a 16-bit code by 65536; with the printed numbers, read back as typed,
// every code lands within half a quantisation step of the metres it was written for
// (LO + c x range / 65535). Before the fix the error reached 1.5 steps.
TEST(ExportPresets, SixteenBitCodesLandWithinHalfAStep) {
    WorldUnits w;
    w.loMetres = -37.25;
    w.hiMetres = 212.75;  // range 250 m
    const double range = w.rangeMetres();
    const double step = range / 65535.0;
    const auto unity = engineSettings(findEnginePreset("unity"), ExportFormat::Raw16, 513, 513, w);
    const double sizeY = std::stod(settingOf(unity, "Terrain Size Y"));
    const double posY = std::stod(settingOf(unity, "Terrain Transform Position Y"));
    const auto ue = engineSettings(findEnginePreset("unreal"), ExportFormat::Png16, 505, 505, w);
    const double scaleZ = std::stod(settingOf(ue, "Scale Z"));
    const double locZ_cm = std::stod(settingOf(ue, "Location Z (cm)"));
    double unityErr = 0.0, unrealErr = 0.0;
    for (int c = 0; c <= 65535; ++c) {
        const double want = w.loMetres + c * range / 65535.0;
        unityErr = std::max(unityErr, std::abs(posY + c / 65536.0 * sizeY - want));
        const double ue_m = locZ_cm / 100.0 + (c - 32768.0) * scaleZ / 128.0 / 100.0;
        unrealErr = std::max(unrealErr, std::abs(ue_m - want));
    }
    EXPECT_LE(unityErr, step / 2) << "Unity, in steps: " << unityErr / step;
    EXPECT_LE(unrealErr, step / 2) << "Unreal, in steps: " << unrealErr / step;
}

// UE5 places tiles edge to edge and fits the whole landscape; UE4 World
// Composition shares tile edges and checks each tile.
TEST(ExportPresets, UnrealTilesAreSizedAsUE5SeesTheWholeLandscape) {
    const auto& ue5 = findEnginePreset("unreal");
    const auto& ue4 = findEnginePreset("unreal-ue4-world-composition");
    EXPECT_EQ(ue5.tileBorder, 0);
    EXPECT_EQ(ue4.tileBorder, 1);
    // 2 x 481 = 962: 961 = 31 components of 31 quads.
    EXPECT_TRUE(presetAcceptsOutput(ue5, 962, 962, TileLayout{2, 2, 0}));
    EXPECT_FALSE(presetAcceptsOutput(ue5, 1010, 1010, TileLayout{2, 2, 0}));  // 1009 is prime
    EXPECT_TRUE(presetAcceptsOutput(ue4, 1009, 1009, TileLayout{2, 2, 1}));  // tiles of 505
    EXPECT_FALSE(presetAcceptsOutput(ue4, 962, 962, TileLayout{2, 2, 0}));
    const auto near = nearestPresetSize(ue5, 1025, 1025, TileLayout{2, 2, 0});
    ASSERT_TRUE(near.has_value());
    EXPECT_EQ(near->width, 1072);  // 2 x 536: 1071 = 17 x 63, nearer 1025 than 962
    EXPECT_EQ(settingOf(engineSettings(ue4, ExportFormat::Png16, 505, 505, WorldUnits{}), "Scale Z"),
              settingOf(engineSettings(ue5, ExportFormat::Png16, 505, 505, WorldUnits{}), "Scale Z"));
    // One file keeps the recommended sizes.
    EXPECT_EQ(nearestPresetSize(ue5, 513, 513).width, 505);
}

TEST(ExportPresets, PresetSettingsGoIntoTheSidecar) {
    ScratchDir dir;
    auto r = request(dir / "u.r16");
    r.preset = &findEnginePreset("unity");
    runGameExport(slopeMap(65, 65), r);
    const auto j = nlohmann::json::parse(readAll(dir / "u.r16.json"));
    EXPECT_EQ(j["engine"]["preset"], "unity");
    EXPECT_EQ(j["engine"]["settings"]["Width"], "65");

    auto bad = request(dir / "v.r16");
    bad.preset = &findEnginePreset("unity");
    EXPECT_THROW(runGameExport(slopeMap(60, 60), bad), InputError);
    EXPECT_FALSE(std::filesystem::exists(dir / "v.r16"));
    EXPECT_FALSE(std::filesystem::exists(dir / "v.r16.json"));
}

// An export's warnings as a front end shows them (by default: terrain-cli's flags).
std::vector<std::string> warningsOf(const Heightmap& map, const GameExportRequest& r,
                                    const FieldNames& names = FieldNames{}) {
    std::vector<std::string> texts;
    for (const FieldText& w : runGameExport(map, r).warnings) texts.push_back(w.render(names));
    return texts;
}

TEST(ExportPresets, WarnsAboutFileNamesTheImporterTripsOver) {
    ScratchDir dir;
    auto hterrain = request(dir / "land.r16");
    hterrain.preset = &findEnginePreset("godot-hterrain");
    const auto h = warningsOf(slopeMap(65, 65), hterrain);
    ASSERT_EQ(h.size(), 1u);
    EXPECT_EQ(h[0], "land.r16: Godot HTerrain's importer only lists raw16 files named *.raw; "
                    "rename it or export with --output NAME.raw");
    // The suggested file name is a field reference: another front end names it its own way.
    EXPECT_EQ(warningsOf(slopeMap(65, 65), hterrain, BracketNames{})[0],
              "land.r16: Godot HTerrain's importer only lists raw16 files named *.raw; "
              "rename it or export with [<output>=NAME.raw]");
    hterrain.output = dir / "land.raw";
    EXPECT_TRUE(runGameExport(slopeMap(65, 65), hterrain).warnings.empty());

    auto unreal = request(dir / "map127x127.png");
    unreal.preset = &findEnginePreset("unreal");
    const auto u = warningsOf(slopeMap(127, 127), unreal);
    ASSERT_EQ(u.size(), 1u);
    EXPECT_NE(u[0].find("tile"), std::string::npos);
}

TEST(ExportPresets, HTerrainRefusesSizesBelow65) {
    // hterrain_data.gd: MIN_RESOLUTION = 65, SUPPORTED_RESOLUTIONS = [65, ..., 4097].
    const auto r = presetRequest("godot-hterrain");
    for (const int n : {65, 129, 257, 513, 1025, 2049, 4097}) {
        EXPECT_FALSE(refusal(r, n, n)) << n;
    }
    for (const auto& [w, h] : std::vector<std::pair<int, int>>{{33, 33}, {17, 17}, {8193, 8193},
                                                               {100, 100}, {129, 65}}) {
        const auto e = refusal(r, w, h);
        ASSERT_TRUE(e) << w << "x" << h;
        EXPECT_EQ(e->field(), "--size");
        EXPECT_EQ(e->value(), std::to_string(w) + "x" + std::to_string(h));
        const std::string message = e->what();
        for (const char* part : {"Godot HTerrain (--preset godot-hterrain)",
                                 "2^n+1 samples from 65x65 to 4097x4097",
                                 "65, 129, 257, 513, 1025, 2049 or 4097"}) {
            EXPECT_NE(message.find(part), std::string::npos) << message;
        }
    }
    EXPECT_NE(refusal(r, 33, 33)->allowed().find("try --size 65x65"), std::string::npos);
    // Unity's own minimum stays 33.
    EXPECT_FALSE(refusal(presetRequest("unity"), 33, 33));

    // The whole export refuses before writing anything.
    ScratchDir dir;
    auto small = request(dir / "small.raw");
    small.preset = r.preset;
    EXPECT_THROW(runGameExport(slopeMap(33, 33), small), InputError);
    EXPECT_TRUE(dir.entries().empty());
}

TEST(ExportPresets, WarnsWhenTheEngineTakesWholeNumbersOnly) {
    ScratchDir dir;
    auto hterrain = request(dir / "land.raw");
    hterrain.preset = &findEnginePreset("godot-hterrain");
    hterrain.world = WorldUnits::withHeightRange({}, "12.5:300");
    const auto h = warningsOf(slopeMap(65, 65), hterrain);
    ASSERT_EQ(h.size(), 1u) << testing::PrintToString(h);
    for (const char* part : {"HTerrain's Min Height", "whole metres", "12.5 would be typed as 12 or 13",
                             "--height-range"}) {
        EXPECT_NE(h[0].find(part), std::string::npos) << part << ": " << h[0];
    }
    // The field to change is a reference: in another front end's words, with no flag left.
    const auto named = warningsOf(slopeMap(65, 65), hterrain, BracketNames{});
    ASSERT_EQ(named.size(), 1u);
    EXPECT_EQ(named[0], "HTerrain's Min Height takes whole metres: 12.5 would be typed as 12 or 13; "
                        "choose <height-range> with whole metres for an exact import");
    EXPECT_EQ(h[0], "HTerrain's Min Height takes whole metres: 12.5 would be typed as 12 or 13; "
                    "choose --height-range with whole metres for an exact import");
    hterrain.world = WorldUnits::withHeightRange({}, "-20:99.75");
    const auto hi = warningsOf(slopeMap(65, 65), hterrain);
    ASSERT_EQ(hi.size(), 1u) << testing::PrintToString(hi);
    EXPECT_NE(hi[0].find("Max Height takes whole metres: 99.75 would be typed as 99 or 100"),
              std::string::npos)
        << hi[0];
    hterrain.world = WorldUnits::withHeightRange({}, "-20:300");
    EXPECT_TRUE(runGameExport(slopeMap(65, 65), hterrain).warnings.empty());

    auto worldpainter = request(dir / "wp.png");
    worldpainter.preset = &findEnginePreset("worldpainter");
    worldpainter.world = WorldUnits::withHeightRange(
        WorldUnits::withMetresPerPixel({}, "1.505"), "-3.25:200");
    const auto w = warningsOf(slopeMap(20, 20), worldpainter);
    ASSERT_EQ(w.size(), 2u) << testing::PrintToString(w);
    EXPECT_NE(w[0].find("WorldPainter's Scale (%) takes whole numbers: 150.5 would be "
                                 "typed as 150 or 151"),
              std::string::npos)
        << w[0];
    EXPECT_NE(w[0].find("; choose --metres-per-pixel as a multiple of 0.01"), std::string::npos)
        << w[0];
    EXPECT_NE(warningsOf(slopeMap(20, 20), worldpainter, BracketNames{})[0].find(
                  "; choose <metres-per-pixel> as a multiple of 0.01"),
              std::string::npos);
    EXPECT_NE(w[1].find("Low mapping: To Minecraft (blocks)"), std::string::npos)
        << w[1];
    EXPECT_NE(w[1].find("-3.25 would be typed as -4 or -3"), std::string::npos)
        << w[1];
    EXPECT_NE(w[1].find("--height-range"), std::string::npos) << w[1];
    // 0.07 m x 100 is 7.000000000000001 in double: still a whole 7 %.
    worldpainter.world = WorldUnits::withHeightRange(
        WorldUnits::withMetresPerPixel({}, "0.07"), "-64:319");
    EXPECT_TRUE(runGameExport(slopeMap(20, 20), worldpainter).warnings.empty());

    // Engines whose fields take decimals do not warn.
    auto unity = request(dir / "u.r16");
    unity.preset = &findEnginePreset("unity");
    unity.world = WorldUnits::withHeightRange(WorldUnits::withMetresPerPixel({}, "1.505"),
                                              "12.5:300.25");
    EXPECT_TRUE(runGameExport(slopeMap(65, 65), unity).warnings.empty());
}

}  // namespace
}  // namespace terrain::core
