// A world's engine tiles: windows of a resize, tile names for each engine's tiled
// import, a tile checked as part of its set, and the plan each preset gets. The files themselves
// are compared with `terrain-cli generate --tiles` byte for byte in tests/core/scripts/cli_world.sh.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>

#include "core/errors.h"
#include "core/io/game_export.h"
#include "core/io/presets.h"
#include "core/io/resample.h"
#include "core/world/world_export.h"
#include "export_test_support.h"
#include "game_export_test_support.h"
#include "lattice_test_support.h"
#include "stack_test_support.h"

namespace terrain::core {
namespace {

using test::readAll;
using test::request;
using test::ScratchDir;
using test::slopeMap;

Heightmap window(const Heightmap& map, int x0, int y0, int width, int height) {
    Heightmap out(width, height);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) out.at(x, y) = map.at(x0 + x, y0 + y);
    return out;
}

TEST(ExportResize, AWindowOfTheResizeIsTheSameBitsFromOnlyTheSamplesItsTapsRead) {
    const Heightmap source = slopeMap(97, 61);
    struct Case {
        int outWidth, outHeight, x0, y0, width, height;
    };
    const Case cases[] = {
        {150, 100, 0, 0, 40, 30},   {150, 100, 110, 70, 40, 30}, {150, 100, 37, 13, 51, 44},
        {40, 29, 0, 0, 10, 29},     {40, 29, 30, 5, 10, 7},      {97, 61, 20, 20, 9, 9},
        {193, 121, 96, 60, 97, 61},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(std::to_string(c.outWidth) + "x" + std::to_string(c.outHeight) + " at " +
                     std::to_string(c.x0) + "," + std::to_string(c.y0));
        // Bilinear (splat weights) the same way.
        const Heightmap wholeBilinear = resizeBilinear(source, c.outWidth, c.outHeight);
        const Span bx = bilinearSpan(97, c.outWidth, c.x0, c.width), by = bilinearSpan(61, c.outHeight, c.y0, c.height);
        const Heightmap taps = window(source, bx.first, by.first, bx.last - bx.first + 1, by.last - by.first + 1);
        EXPECT_TRUE(terrain::test::sameBits(
            resizeBilinearWindow(taps, bx.first, by.first, 97, 61, c.outWidth, c.outHeight, c.x0, c.y0, c.width, c.height),
            window(wholeBilinear, c.x0, c.y0, c.width, c.height)));
        if (by.last < 60) {
            const Heightmap short_ = window(source, bx.first, by.first, bx.last - bx.first + 1, by.last - by.first);
            EXPECT_THROW(resizeBilinearWindow(short_, bx.first, by.first, 97, 61, c.outWidth, c.outHeight, c.x0, c.y0,
                                              c.width, c.height),
                         std::logic_error);
        }
        const Heightmap whole = resizeBicubic(source, c.outWidth, c.outHeight);
        const Span sx = bicubicSpan(97, c.outWidth, c.x0, c.width);
        const Span sy = bicubicSpan(61, c.outHeight, c.y0, c.height);
        const Heightmap part = window(source, sx.first, sy.first, sx.last - sx.first + 1, sy.last - sy.first + 1);
        const Heightmap tile = resizeBicubicWindow(part, sx.first, sy.first, 97, 61, c.outWidth, c.outHeight, c.x0,
                                                   c.y0, c.width, c.height);
        EXPECT_TRUE(terrain::test::sameBits(tile, window(whole, c.x0, c.y0, c.width, c.height)));
        // One sample fewer on the west is one tap missing (unless the span starts at the edge).
        if (sx.first > 0) {
            const Heightmap short_ = window(source, sx.first + 1, sy.first, sx.last - sx.first, sy.last - sy.first + 1);
            EXPECT_THROW(resizeBicubicWindow(short_, sx.first + 1, sy.first, 97, 61, c.outWidth, c.outHeight, c.x0,
                                             c.y0, c.width, c.height),
                         std::logic_error);
        }
    }
}

TEST(ExportTiles, PatternsNameRowsFromTheSouthAndPadForImportersThatSortText) {
    // Unity's Terrain Toolbox sorts NAME_X_Z as text: 12 columns need two digits.
    EXPECT_EQ(tilePath("d/t.raw", kUnityTilePattern, 1, 0, 12, 4), std::filesystem::path("d/t_01_3.raw"));
    EXPECT_EQ(tilePath("d/t.raw", kUnityTilePattern, 11, 3, 12, 4), std::filesystem::path("d/t_11_0.raw"));
    EXPECT_EQ(tilePath("d/t.png", kUnrealTilePattern, 10, 2, 12, 4), std::filesystem::path("d/t_x10_y2.png"));
    EXPECT_EQ(tilePath("t.png", "{stem}-{yy}-{z}-{x}{ext}", 3, 2, 4, 11), std::filesystem::path("t-02-8-3.png"));
    EXPECT_NO_THROW(checkTilePattern("{stem}_{xx}_{zz}{ext}"));
    EXPECT_NO_THROW(checkTilePattern("{x}.{z}"));
    for (const char* bad : {"{stem}_{x}{ext}", "{stem}_{y}_{z}", "{stem}{ext}"}) {
        try {
            checkTilePattern(bad);
            ADD_FAILURE() << bad;
        } catch (const InputError& e) {
            EXPECT_EQ(e.field(), field::kTilePattern);
            EXPECT_EQ(e.value(), bad);
        }
    }
}

TEST(PresetSizes, TheNearestSizeWithinAMaximumSideForACrop) {
    const EnginePreset& unreal = findEnginePreset("unreal");
    const TileLayout tiles{4, 4, 0, 0, 0};
    const auto free = nearestPresetSize(unreal, 1025, 1025, tiles);
    const auto within = nearestPresetSize(unreal, 1025, 1025, tiles, 1025);
    ASSERT_TRUE(free && within);
    EXPECT_GT(free->width, 1025);  // 4 x 268 = 1072: 1071 = 17 x 63 quads
    EXPECT_LE(within->width, 1025);
    EXPECT_TRUE(presetAcceptsOutput(unreal, within->width, within->height, tiles));
    // Every size it could have chosen between them is refused by the engine.
    for (int side = within->width + 4; side <= 1025; side += 4) {
        EXPECT_FALSE(presetAcceptsOutput(unreal, side, side, tiles)) << side;
    }
    const auto small = nearestPresetSize(unreal, 1025, 1025, tiles, 100);
    ASSERT_TRUE(small);
    EXPECT_EQ(small->width, 92);  // 4 x 23: 91 = 13 components of 7 quads, the largest within 100
    EXPECT_TRUE(presetAcceptsOutput(unreal, 92, 92, tiles));
    EXPECT_FALSE(nearestPresetSize(unreal, 1025, 1025, tiles, 7).has_value());
}

TEST(ExportPlacement, APlacedTileIsCheckedAsPartOfItsSetAndSaysWhereItLies) {
    ScratchDir dir;
    GameExportRequest r = request(dir / "t_x3_y1.png");
    r.preset = &findEnginePreset("unreal");
    r.placement = TilePlacement{TileLayout{4, 4, 0, 0, 0}, 3, 1};
    // 4 x 268 = 1072 samples make a landscape UE5 fits exactly; 4 x 269 do not.
    EXPECT_NO_THROW(checkGameExport(r, 268, 268));
    try {
        checkGameExport(r, 269, 269);
        ADD_FAILURE() << "269 accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), field::kPreset);
        EXPECT_NE(std::string(e.what()).find("making 1076x1076"), std::string::npos) << e.what();
    }
    const GameExportResult result = runGameExport(slopeMap(268, 268), r);
    ASSERT_EQ(result.files.size(), 1u);
    const auto j = nlohmann::json::parse(readAll(dir / "t_x3_y1.png.json"));
    EXPECT_EQ(j["tile"]["origin_samples"], nlohmann::json({3 * 268, 268}));
    EXPECT_EQ(j["tile"]["shared_border"], 0);
    EXPECT_EQ(j["engine"]["preset"], "unreal");
    EXPECT_FALSE(j.contains("export_set")) << "one task cannot hash the other tasks' files";
    GameExportRequest both = r;
    both.tiles = TileLayout{2, 2, 0, 0, 0};
    EXPECT_THROW(checkGameExport(both, 268, 268), std::logic_error);
}

class WorldExportPlanTest : public ::testing::Test {
protected:
    WorldManifest world(int worldDetail, int tileSide) {
        core::Recipe recipe = core::defaultRecipe(stack_test::registry(), "fbm");
        recipe.detail = 8;
        WorldUnits units;
        units.metresPerPixel = 2.0;
        return makeWorldManifest(stack_test::registry(), recipe, worldDetail, tileSide, units, stack_test::context());
    }
};

TEST_F(WorldExportPlanTest, EachPresetGetsTilesItImportsWithTheWorldsOneMapping) {
    const WorldManifest m = world(10, 257);  // 1025², 4 x 4 tiles
    WorldExportRequest unity;
    unity.output = "t.raw";
    unity.preset = &findEnginePreset("unity");
    unity.tilePattern = worldTilePattern(unity.preset);
    const WorldExportPlan a = planWorldExport(stack_test::registry(), m, unity);
    EXPECT_FALSE(a.resized);
    EXPECT_EQ(a.layout.tileWidth, 257);
    EXPECT_EQ(a.layout.border, 1);
    EXPECT_EQ(a.side, 1025);
    EXPECT_TRUE(a.warnings.empty());
    ASSERT_FALSE(a.settings.empty());
    EXPECT_EQ(a.settings[0].value, "2048");  // Total Terrain Width(m): 4 tiles of 512 m
    unity.output = "t.r16";
    EXPECT_EQ(planWorldExport(stack_test::registry(), m, unity).warnings.size(), 1u) << "the Toolbox lists only .raw";

    WorldExportRequest unreal;
    unreal.output = "t.png";
    unreal.preset = &findEnginePreset("unreal");
    const WorldExportPlan b = planWorldExport(stack_test::registry(), m, unreal);
    EXPECT_TRUE(b.resized);
    EXPECT_EQ(b.layout.border, 0);
    EXPECT_TRUE(presetAcceptsOutput(*unreal.preset, b.side, b.side, b.layout));
    EXPECT_DOUBLE_EQ(b.world.metresPerPixel * double(b.side - 1), 2048.0) << "the world's extent is kept";
    unreal.resize = ResizeMode::Crop;
    const WorldExportPlan c = planWorldExport(stack_test::registry(), m, unreal);
    EXPECT_LE(c.side, 1025);
    EXPECT_DOUBLE_EQ(c.world.metresPerPixel, 2.0) << "a crop keeps the spacing";

    unreal.tilePattern = "{stem}{x}{y}{ext}";
    try {
        planWorldExport(stack_test::registry(), m, unreal);
        ADD_FAILURE();
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), field::kTilePattern);
    }
}

TEST_F(WorldExportPlanTest, AWorldNoSizeOfThePresetFitsIsRefusedNamingThePreset) {
    // 1024 x 1024 tiles: past kMaxWorldTiles, so made by hand (world init and world.json refuse
    // it); the export's own check must still hold.
    WorldManifest m = world(16, 257);
    m.tileDetail = 6;
    WorldExportRequest unreal;
    unreal.output = "t.png";
    unreal.preset = &findEnginePreset("unreal");
    try {
        planWorldExport(stack_test::registry(), m, unreal);
        ADD_FAILURE();
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), field::kPreset);
        EXPECT_EQ(e.value(), "unreal");
    }
    WorldExportRequest unity;
    unity.output = "t.raw";
    unity.preset = &findEnginePreset("unity");
    EXPECT_NO_THROW(planWorldExport(stack_test::registry(), m, unity)) << "65² tiles as they are";
}

}  // namespace
}  // namespace terrain::core
