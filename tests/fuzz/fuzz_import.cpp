// libFuzzer target: importing a height image (terrain-cli --import, a recipe's import entry). The
// first byte picks the file's name (and so the reader: GDAL's GeoTIFF, PNG, ASCII grid or VRT,
// OpenEXR, or raw samples of a layout the second byte picks: width and height 1..16 from its two
// halves), the rest is the file. It is placed
// on a 33 x 33 map with every resampling and a no-data fill. Any exception but core::InputError,
// any crash or sanitizer report is a finding.
#include <core/cancel.h>
#include <core/errors.h>
#include <core/heightmap.h>
#include <core/io/import.h>

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace core = terrain::core;
namespace fs = std::filesystem;

namespace {

// A private folder for the file, made once per process.
const fs::path& folder() {
    static const fs::path dir = [] {
        char name[] = "/tmp/fuzz-import-XXXXXX";
        const char* made = ::mkdtemp(name);
        return fs::path(made != nullptr ? made : "/tmp");
    }();
    return dir;
}

}  // namespace

// Every input reads a file through GDAL or OpenEXR, whose buffers (a few MB) go through ASan's
// quarantine when freed: its default let libFuzzer's 2 GB limit trip in 30 s with 29 MB live.
// A smaller quarantine keeps the use-after-free window of the last 64 MB of frees.
extern "C" const char* __asan_default_options() { return "quarantine_size_mb=64"; }

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    static const char* const names[] = {"in.tif", "in.png", "in.exr", "in.asc", "in.vrt", "in.r16", "in.r32", "in.raw"};
    const std::uint8_t pick = data[0] % 8;
    const std::uint8_t layout = data[1];
    const fs::path file = folder() / names[pick];
    {
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data + 2), std::streamsize(size - 2));
    }
    core::ImportSettings settings;
    settings.file = file.string();
    if (pick >= 5) {
        // A layout the file may or may not match: up to 16 x 16 of u8/u16/i16/f32.
        core::RawLayout raw;
        raw.width = 1 + (layout & 15);
        raw.height = 1 + ((layout >> 4) & 15);
        raw.type = pick == 5 ? core::RawLayout::Type::U16
                   : pick == 6 ? core::RawLayout::Type::F32
                               : ((data[0] & 8) != 0 ? core::RawLayout::Type::I16 : core::RawLayout::Type::U8);
        settings.raw = raw;
    }
    settings.height = (layout & 2) != 0 ? core::ImportSettings::Height::Range : core::ImportSettings::Height::Auto;
    settings.lo = 0.0;
    settings.hi = 100.0;
    core::GenerateContext context;
    context.threads = 1;
    for (const auto resample : {core::ImportSettings::Resample::Nearest, core::ImportSettings::Resample::Bilinear,
                                core::ImportSettings::Resample::Bicubic}) {
        settings.resample = resample;
        try {
            core::Heightmap out;
            // At most 2^18 samples of the file (the tools allow 2^28): within libFuzzer's memory limit.
            core::sampleImport(settings, 33, 10.0, 0, 0, 33, 33, context, out, "import", 1 << 18);
            core::sampleImport(settings, 33, 10.0, 5, 7, 9, 3, context, out, "import", 1 << 18);
        } catch (const core::InputError& e) {
            (void)e.what();
            break;
        }
    }
    return 0;
}
