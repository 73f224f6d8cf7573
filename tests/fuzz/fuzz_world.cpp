// libFuzzer target: world.json as `terrain-cli world tile|verify|vrt` read it
// (core::worldManifestFromText). Anything is refused with an InputError or read; a manifest that
// reads writes back to text that reads to the same text (nothing is lost or changed on the way).
#include "core/errors.h"
#include "core/registry.h"
#include "core/world/world.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace core = terrain::core;
    static const core::Registry registry = core::makeBuiltinRegistry();
    if (size > 1 << 16) return 0;
    const std::string text(reinterpret_cast<const char*>(data), size);
    core::WorldManifest manifest;
    try {
        manifest = core::worldManifestFromText(registry, text, "world.json");
    } catch (const core::InputError&) {
        return 0;
    }
    const std::string written = core::worldManifestToText(registry, manifest);
    core::WorldManifest again;
    try {
        again = core::worldManifestFromText(registry, written, "written");
    } catch (const core::InputError&) {
        std::abort();  // what we write must read
    }
    if (core::worldManifestToText(registry, again) != written) std::abort();
    if (manifest.tileCount() < 1 || manifest.tileSide() > manifest.side()) std::abort();
    return 0;
}
