// A world's tiles record what made them: the recipe and every world setting that decides their
// bytes (height range, spacing, mapping, details, overviews, tile format). A tile made under other
// settings, or damaged after it was written, is not done: `world tile` computes it again and
// `world verify` names it.
#include "core/cancel.h"
#include "core/errors.h"
#include "core/io/untrusted_file.h"
#include "core/io/world_units.h"
#include "core/recipe.h"
#include "core/registry.h"
#include "core/world/world.h"

#include "stack_test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

namespace core = terrain::core;
namespace fs = std::filesystem;
using namespace stack_test;

namespace {

struct TempDir {
    fs::path path;
    TempDir() {
        std::string pattern = (fs::temp_directory_path() / "terrain-world-XXXXXX").string();
        path = ::mkdtemp(pattern.data());
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

// A 65² world of 33² tiles (4 tiles) over 640 m, 0..100 m, PNG16 so the height range is in the codes.
core::WorldManifest smallWorld(double hiMetres = 100.0) {
    core::Recipe r = core::defaultRecipe(registry(), "diamond-square");
    r.detail = 6;
    r.seed = 5;
    core::WorldUnits units;
    units.metresPerPixel = 10.0;
    units.loMetres = 0.0;
    units.hiMetres = hiMetres;
    core::WorldManifest m = core::makeWorldManifest(registry(), r, 6, 33, units, context(2));
    m.tileFormat = core::ExportFormat::Png16;
    m.buildHash = core::worldBuildHash(m);
    return m;
}

// The manifest as a user who edited world.json's height range would have it.
core::WorldManifest withHighMetres(const core::WorldManifest& m, double hiMetres) {
    nlohmann::json j = nlohmann::json::parse(core::worldManifestToText(registry(), m));
    j["height_range_m"][1] = hiMetres;
    return core::worldManifestFromText(registry(), j.dump(2), "world.json");
}

}  // namespace

TEST(World, EditingTheHeightRangeMakesFinishedTilesStale) {
    TempDir dir;
    const core::WorldManifest m = smallWorld();
    for (std::int64_t i = 0; i < m.tileCount(); ++i) EXPECT_TRUE(core::computeTile(registry(), m, dir.path, i, context(2)));
    EXPECT_TRUE(core::tileDone(m, dir.path, 0));
    EXPECT_EQ(core::verifyWorld(m, dir.path).failed, 0);

    const core::WorldManifest doubled = withHighMetres(m, 200.0);
    ASSERT_EQ(doubled.units.hiMetres, 200.0);
    EXPECT_NE(doubled.buildHash, m.buildHash);
    EXPECT_EQ(doubled.recipeHash, m.recipeHash);
    EXPECT_FALSE(core::tileDone(doubled, dir.path, 0));
    const core::WorldCheck check = core::verifyWorld(doubled, dir.path);
    EXPECT_EQ(check.failed, m.tileCount());
    ASSERT_FALSE(check.failures.empty());
    EXPECT_NE(check.failures[0].find("world settings"), std::string::npos) << check.failures[0];
    // `world tile` computes them again, and then the world verifies under the new settings.
    for (std::int64_t i = 0; i < m.tileCount(); ++i) EXPECT_TRUE(core::computeTile(registry(), doubled, dir.path, i, context(2)));
    EXPECT_EQ(core::verifyWorld(doubled, dir.path).failed, 0);
}

TEST(World, EverySettingThatDecidesTheBytesIsInTheBuildHash) {
    const core::WorldManifest m = smallWorld();
    core::WorldManifest o = m;
    o.units.loMetres = -1.0;
    EXPECT_NE(core::worldBuildHash(o), m.buildHash);
    o = m;
    o.units.metresPerPixel = 10.5;
    EXPECT_NE(core::worldBuildHash(o), m.buildHash);
    o = m;
    o.mapping.hi += 1.0f;
    EXPECT_NE(core::worldBuildHash(o), m.buildHash);
    o = m;
    o.tileFormat = core::ExportFormat::Tiff32;
    EXPECT_NE(core::worldBuildHash(o), m.buildHash);
    o = m;
    o.overviewLevels = m.overviewLevels + 1;
    EXPECT_NE(core::worldBuildHash(o), m.buildHash);
    o = m;
    o.recipe.seed += 1;
    o.recipeHash = core::recipeHash(registry(), o.recipe);
    EXPECT_NE(core::worldBuildHash(o), m.buildHash);
    o = m;
    o.toolVersion = "another";  // does not decide the bytes
    EXPECT_EQ(core::worldBuildHash(o), m.buildHash);
}

TEST(World, ADamagedTileIsComputedAgain) {
    TempDir dir;
    const core::WorldManifest m = smallWorld();
    ASSERT_TRUE(core::computeTile(registry(), m, dir.path, 1, context(2)));
    const fs::path file = dir.path / core::tileFile(m, 1, 0);
    {
        std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(-8, std::ios::end);
        f.write("damaged!", 8);
    }
    EXPECT_FALSE(core::tileDone(m, dir.path, 1));
    EXPECT_TRUE(core::computeTile(registry(), m, dir.path, 1, context(2)));
    EXPECT_TRUE(core::tileDone(m, dir.path, 1));
    EXPECT_FALSE(core::computeTile(registry(), m, dir.path, 1, context(2)));  // done now: skipped
}

// Files read back from a world folder are untrusted: a FIFO where a tile.json should be blocked
// `world verify` and `world tile` forever, a link to /dev/zero read gigabytes. They are named as
// problems (verify) or taken as not done (tile), at once.
TEST(World, ATileJsonThatIsAFifoOrADeviceIsNamedNotRead) {
    TempDir dir;
    const core::WorldManifest m = smallWorld();
    for (std::int64_t i = 0; i < m.tileCount(); ++i) ASSERT_TRUE(core::computeTile(registry(), m, dir.path, i, context(2)));
    const fs::path fifo = dir.path / core::tileJsonFile(0, 0), zero = dir.path / core::tileJsonFile(1, 0);
    fs::remove(fifo);
    fs::remove(zero);
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    fs::create_symlink("/dev/zero", zero);
    EXPECT_FALSE(core::tileDone(m, dir.path, 0));
    EXPECT_FALSE(core::tileDone(m, dir.path, 1));
    const core::WorldCheck check = core::verifyWorld(m, dir.path);
    EXPECT_EQ(check.failed, 2);
    ASSERT_EQ(check.failures.size(), 2u);
    EXPECT_NE(check.failures[0].find("this is a FIFO"), std::string::npos) << check.failures[0];
    EXPECT_NE(check.failures[1].find("this is a device"), std::string::npos) << check.failures[1];
}

TEST(UntrustedFile, ReadsSmallRegularFilesAndRefusesTheRestNamingWhy) {
    TempDir dir;
    const fs::path good = dir.path / "good.json", fifo = dir.path / "fifo", sparse = dir.path / "sparse";
    std::ofstream(good) << "{}";
    EXPECT_EQ(core::readUntrustedFile(good, 16, "--recipe", "recipe file"), "{}");
    EXPECT_EQ(core::readUntrustedFileIfPresent(dir.path / "missing", 16, "f", "file"), std::nullopt);
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::ofstream(sparse).close();
    fs::resize_file(sparse, std::uintmax_t(3) << 30);  // a hole: no disk used
    const auto refusal = [](const fs::path& path) -> std::string {
        try {
            core::readUntrustedFile(path, std::size_t(16) << 20, "--recipe", "recipe file");
        } catch (const core::InputError& e) {
            EXPECT_EQ(e.field(), "--recipe");
            return e.what();
        }
        return "read";
    };
    EXPECT_NE(refusal(fifo).find("a regular recipe file (this is a FIFO)"), std::string::npos) << refusal(fifo);
    EXPECT_NE(refusal("/dev/zero").find("this is a device"), std::string::npos);
    EXPECT_NE(refusal(dir.path).find("this is a folder"), std::string::npos);
    EXPECT_NE(refusal(sparse).find("it has 3221225472 bytes; at most 16777216"), std::string::npos) << refusal(sparse);
    EXPECT_NE(refusal(dir.path / "missing").find("a readable recipe file"), std::string::npos);
}
