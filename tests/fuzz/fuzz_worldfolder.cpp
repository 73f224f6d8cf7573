// libFuzzer target: a world folder received from someone else. The input is one tile's tile.json
// in a scratch world of 4 tiles; `world tile` (tileDone, computeTile) and `world verify`
// (verifyWorld) read it as they read any tile.json. Whatever it says, verify neither throws nor
// passes a tile whose record does not match, and `world tile` on that index leaves the tile done
// and verified: the documented "resubmit what verify names" loop always repairs a folder.
#include "core/cancel.h"
#include "core/errors.h"
#include "core/io/world_units.h"
#include "core/recipe.h"
#include "core/registry.h"
#include "core/world/world.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace core = terrain::core;
namespace fs = std::filesystem;

struct Scratch {
    core::Registry registry = core::makeBuiltinRegistry();
    core::WorldManifest manifest;
    fs::path dir;

    Scratch() {
        core::Recipe recipe = core::defaultRecipe(registry, "diamond-square");
        recipe.detail = 5;
        core::WorldUnits units;
        units.metresPerPixel = 4.0;
        units.loMetres = 0.0;
        units.hiMetres = 50.0;
        core::GenerateContext context;
        context.threads = 1;
        manifest = core::makeWorldManifest(registry, recipe, 6, 33, units, context);
        std::string pattern = (fs::temp_directory_path() / "terrain-fuzz-world-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) std::abort();
        dir = pattern;
        for (std::int64_t i = 0; i < manifest.tileCount(); ++i) core::computeTile(registry, manifest, dir, i, context);
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static Scratch s;
    if (size > 1 << 16) return 0;
    const std::string text(reinterpret_cast<const char*>(data), size);
    {
        std::ofstream out(s.dir / core::tileJsonFile(0, 0), std::ios::binary | std::ios::trunc);
        out.write(text.data(), std::streamsize(text.size()));
    }
    core::GenerateContext context;
    context.threads = 1;
    try {
        const core::WorldCheck before = core::verifyWorld(s.manifest, s.dir);
        // Only our own record (or one with the same build hash and file hashes) may pass.
        if (before.failed == 0 && !core::tileDone(s.manifest, s.dir, 0)) std::abort();
        core::computeTile(s.registry, s.manifest, s.dir, 0, context);
        if (!core::tileDone(s.manifest, s.dir, 0)) std::abort();
        if (core::verifyWorld(s.manifest, s.dir).failed != 0) std::abort();
    } catch (const core::InputError&) {
        std::abort();  // a record is data: nothing it says is the caller's mistake
    }
    return 0;
}
