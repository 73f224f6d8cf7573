// Splat maps: the files' names, and Godot Terrain3D's control map, read back by OpenEXR's own
// reader and decoded as Terrain3D's shader decodes it (src/shaders/main.glsl: DECODE_BASE,
// DECODE_OVER, the blend as the overlay's weight). The other styles are read back by PIL in
// scripts/cli_splat.sh.
#include <gtest/gtest.h>

#include <OpenEXR/ImfChannelList.h>
#include <OpenEXR/ImfFrameBuffer.h>
#include <OpenEXR/ImfHeader.h>
#include <OpenEXR/ImfInputFile.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <vector>

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

#include "core/errors.h"
#include "core/io/presets.h"
#include "core/io/splat.h"
#include "export_test_support.h"
#include "game_export_test_support.h"

namespace terrain::core {
namespace {

using test::ScratchDir;

struct Control {
    int width = 0, height = 0;
    std::vector<std::uint32_t> values;
    std::vector<std::string> channels;
    bool allFloat = true;
};

Control readControl(const std::filesystem::path& path) {
    Imf::InputFile in(path.c_str());
    Control c;
    for (auto it = in.header().channels().begin(); it != in.header().channels().end(); ++it) {
        c.channels.push_back(it.name());
        c.allFloat = c.allFloat && it.channel().type == Imf::FLOAT;
    }
    const auto window = in.header().dataWindow();
    c.width = window.max.x - window.min.x + 1;
    c.height = window.max.y - window.min.y + 1;
    std::vector<float> pixels(std::size_t(c.width) * std::size_t(c.height));
    Imf::FrameBuffer frame;
    frame.insert("R", Imf::Slice(Imf::FLOAT, reinterpret_cast<char*>(pixels.data()), sizeof(float),
                                 sizeof(float) * std::size_t(c.width)));
    in.setFrameBuffer(frame);
    in.readPixels(window.min.y, window.max.y);
    for (float f : pixels) c.values.push_back(std::bit_cast<std::uint32_t>(f));
    return c;
}

// Three layers over a 65² map: `a` falls from 1 to 0 west to east, `b` rises north to south over
// what `a` leaves, `c` takes the rest; so most pixels mix two layers and some three.
std::vector<Heightmap> threeLayers(int side) {
    std::vector<Heightmap> w(3, Heightmap(side, side));
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) {
            const float a = 1.0f - float(x) / float(side - 1);
            const float b = (1.0f - a) * (float(y) / float(side - 1) > 0.5f ? 1.0f : float(y) / float(side - 1));
            w[0].at(x, y) = a;
            w[1].at(x, y) = b;
            w[2].at(x, y) = 1.0f - a - b;
        }
    return w;
}

SplatNaming beside(const std::filesystem::path& heightmap) {
    SplatNaming names;
    names.heightmap = heightmap;
    return names;
}

std::vector<SplatLayer> layersNamed(std::initializer_list<const char*> texts) {
    std::vector<SplatLayer> layers;
    for (const char* t : texts) layers.push_back(parseSplatLayer(t));
    return layers;
}

TEST(SplatTerrain3D, ControlMapDecodesToTheTwoLargestWeights) {
    ScratchDir dir;
    const int side = 65;
    const auto weights = threeLayers(side);
    const auto layers = layersNamed({"a=height>10", "b=slope>20", "c=rest"});
    SplatResult result;
    {
        FileTransaction transaction;
        result = writeSplat(layers, weights, side, SplatStyle::Terrain3DControl, beside(dir / "land.exr"), transaction);
        transaction.commit();
    }
    ASSERT_EQ(result.files.size(), 2u);  // the control map and the sidecar
    EXPECT_EQ(result.files[0], dir / "land_control.exr");
    const Control c = readControl(dir / "land_control.exr");
    ASSERT_EQ(c.width, side);
    ASSERT_EQ(c.height, side);
    EXPECT_EQ(c.channels, std::vector<std::string>{"R"});
    EXPECT_TRUE(c.allFloat);

    int mixed = 0, three = 0;
    double worstTwo = 0.0, worstDropped = 0.0;
    for (int y = 0; y < side; ++y) {
        for (int x = 0; x < side; ++x) {
            const std::uint32_t v = c.values[std::size_t(y) * side + std::size_t(x)];
            ASSERT_TRUE(std::isfinite(std::bit_cast<float>(v))) << x << "," << y;
            ASSERT_EQ(v & 0x3FFFu, 0u) << "UV, hole, navigation and autoshader bits clear";
            const int base = int(v >> 27 & 0x1Fu), overlay = int(v >> 22 & 0x1Fu);
            const double blend = double(v >> 14 & 0xFFu) / 255.0;
            ASSERT_LT(base, 3);
            ASSERT_LT(overlay, 3);
            // The shader: base weighs 1 - blend, overlay blend.
            double shown[3] = {0, 0, 0};
            shown[base] += 1.0 - blend;
            if (blend > 0.0) {
                ASSERT_NE(overlay, base);
                shown[overlay] += blend;
                ++mixed;
            }
            double w[3], sum = 0.0;
            for (int i = 0; i < 3; ++i) sum += (w[i] = weights[std::size_t(i)].at(x, y));
            const double minimum = std::min({w[0], w[1], w[2]});
            if (minimum > 0.0) ++three;
            // The two largest weights, renormalised, within half a step of 8 bits; the third is dropped.
            for (int i = 0; i < 3; ++i) {
                if (w[i] == minimum && minimum > 0.0 && i != base && i != overlay) {
                    EXPECT_EQ(shown[i], 0.0);
                    worstDropped = std::max(worstDropped, w[i]);
                    continue;
                }
                const double kept = sum - (minimum > 0.0 ? minimum : 0.0);
                worstTwo = std::max(worstTwo, std::fabs(shown[i] - w[i] / kept));
            }
            EXPECT_GE(1.0 - blend + 1.0 / 255.0, blend) << "the base is the larger weight (equal ones: 127 and 128)";
        }
    }
    EXPECT_GT(mixed, side * side / 2);
    EXPECT_GT(three, 100);
    EXPECT_LE(worstTwo, 0.5 / 255.0 + 1e-6);
    EXPECT_EQ(result.sidecar["style"], "terrain3d-control");
    EXPECT_EQ(result.sidecar["layers"][2]["texture_id"], 2);
    EXPECT_EQ(result.sidecar["layers"][2]["file"], "land_control.exr");
    EXPECT_NEAR(result.sidecar["dropped"]["max"].get<double>(), worstDropped, 1e-3);
    EXPECT_GT(result.sidecar["dropped"]["pixels"].get<int>(), 0);
    std::cout << "Terrain3D control map, 65² of three layers: " << mixed << " pixels blend two textures, "
              << three << " had three (the smallest dropped, at most " << worstDropped
              << "); two largest within " << worstTwo * 255.0 << " of 255\n";
}

TEST(SplatTerrain3D, OneLayerEverywhereIsBaseOnly) {
    ScratchDir dir;
    std::vector<Heightmap> weights(2, Heightmap(9, 9));
    for (int y = 0; y < 9; ++y)
        for (int x = 0; x < 9; ++x) weights[1].at(x, y) = 1.0f;  // all "rest"
    {
        FileTransaction transaction;
        writeSplat(layersNamed({"snow=height>9000", "rock=rest"}), weights, 9, SplatStyle::Terrain3DControl,
                   beside(dir / "one.exr"), transaction);
        transaction.commit();
    }
    const Control c = readControl(dir / "one_control.exr");
    for (std::uint32_t v : c.values) ASSERT_EQ(v, 1u << 27 | 1u << 22) << "texture 1 as base and overlay, blend 0";
}

// Terrain3D's format puts the base id's low 4 bits and the overlay id's top 4 bits in the float's
// exponent (bits 30-23), and has no spare bit there: every pixel with texture 0 as base and
// texture 1 as overlay (and a blend) is a float32 denormal, in Terrain3D's own painted maps too.
// They are exactly those pixels; OpenEXR's reader returns their bits unchanged; a reader that
// flushes denormals (FTZ/DAZ, as GPUs may for float shader inputs) reads +0: texture 0 alone.
TEST(SplatTerrain3D, DenormalsAreExactlyBaseZeroOverOneAndKeepTheirBits) {
    ScratchDir dir;
    const int side = 65;
    const auto weights = threeLayers(side);
    {
        FileTransaction transaction;
        writeSplat(layersNamed({"a=height>10", "b=slope>20", "c=rest"}), weights, side,
                   SplatStyle::Terrain3DControl, beside(dir / "land.exr"), transaction);
        transaction.commit();
    }
    const Control c = readControl(dir / "land_control.exr");
    int denormals = 0;
    for (int y = 0; y < side; ++y) {
        for (int x = 0; x < side; ++x) {
            const std::uint32_t v = c.values[std::size_t(y) * side + std::size_t(x)];
            const float f = std::bit_cast<float>(v);
            const bool baseZeroOverOne = (v >> 27) == 0 && (v >> 22 & 0x1Fu) == 1 && (v >> 14 & 0xFFu) > 0;
            EXPECT_EQ(std::fpclassify(f) == FP_SUBNORMAL, baseZeroOverOne) << x << "," << y << " bits " << v;
            if (!baseZeroOverOne) continue;
            ++denormals;
            // What was written (layer a the larger weight, b the next), read back bit for bit.
            const float a = weights[0].at(x, y), b = weights[1].at(x, y);
            ASSERT_GE(a, b);
            const auto blend = std::uint32_t(std::lround(255.0 * double(b) / (double(a) + double(b))));
            EXPECT_EQ(v, 1u << 22 | blend << 14) << x << "," << y;
#if defined(__SSE2__)
            // A flushing reader: the same load and a multiply by 1 with FTZ and DAZ on.
            const unsigned csr = _mm_getcsr();
            _mm_setcsr(csr | 0x8040u);  // FTZ (bit 15) and DAZ (bit 6)
            volatile float in = f, one = 1.0f;  // volatile: no folding of the multiply
            volatile float flushed = in * one;
            _mm_setcsr(csr);
            EXPECT_EQ(std::bit_cast<std::uint32_t>(float(flushed)), 0u) << "texture 0 alone, blend 0";
#endif
        }
    }
    EXPECT_GT(denormals, 100) << "the test map mixes layers a and b";
    std::cout << "Terrain3D control map, 65² of three layers: " << denormals
              << " pixels are float32 denormals (texture 0 base, texture 1 overlay), bits intact\n";
}

// A tile's splat files are named as its heightmap, the tile pattern last: Unreal's tiled import
// (LandscapeImportHelper.cpp, ExtractCoordinates) finds only names that end in _x<N>_y<M>.
TEST(SplatNaming, TilesEndInTheHeightmapsTileSuffix) {
    SplatNaming names = beside("/out/land.png");
    EXPECT_EQ(names("_rock", ".png"), std::filesystem::path("/out/land_rock.png"));
    names.tilePattern = kUnrealTilePattern;
    names.column = 1;
    names.columns = names.rows = 2;
    EXPECT_EQ(names("_rock", ".png"), std::filesystem::path("/out/land_rock_x1_y0.png"));
    EXPECT_EQ(names("_splat", ".json"), std::filesystem::path("/out/land_splat_x1_y0.json"));
    names.tilePattern = kUnityTilePattern;
    names.row = 1;
    EXPECT_EQ(names("_splat0", ".png"), std::filesystem::path("/out/land_splat0_1_0.png"));
}

TEST(SplatTerrain3D, PlanTakesTheHeightmapsSizeOnly) {
    GameExportRequest r = test::request("land.exr");
    r.preset = &findEnginePreset("godot-terrain3d");
    const SplatPlan plan = planSplat({"rock=slope>30", "grass=rest"}, 0, {}, r, 257);
    EXPECT_EQ(plan.style, SplatStyle::Terrain3DControl);
    EXPECT_EQ(plan.size, 257);
    try {
        planSplat({"rock=slope>30", "grass=rest"}, 256, {}, r, 257);
        FAIL() << "a control map of another size";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "--splat-size");
        EXPECT_EQ(e.value(), "256");
        EXPECT_NE(e.allowed().find("257, the heightmap's side"), std::string::npos) << e.what();
    }
    r.size = OutputSize{300, 200};
    try {
        planSplat({"rock=slope>30", "grass=rest"}, 0, {}, r, 257);
        FAIL() << "a non-square heightmap";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "--splat");
        EXPECT_NE(e.allowed().find("300x200"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace terrain::core
