#include "tiff_reader.h"

#include "../errors.h"

#include <tiffio.h>

#include <cstdint>
#include <memory>
#include <string>

namespace terrain::core {

Heightmap readTiff32(const std::filesystem::path& path) {
    const auto fail = [&](const std::string& what) {
        throw IoError(IoError::Kind::CannotCreate, path.string() + ": " + what);
    };
    TIFFSetErrorHandler(nullptr);
    TIFFSetWarningHandler(nullptr);
    std::unique_ptr<TIFF, void (*)(TIFF*)> tiff(TIFFOpen(path.c_str(), "r"), &TIFFClose);
    if (!tiff) fail("cannot be opened as a TIFF");
    TIFF* t = tiff.get();
    std::uint32_t width = 0, height = 0;
    std::uint16_t bits = 0, format = 0, samples = 1, planar = PLANARCONFIG_CONTIG;
    TIFFGetField(t, TIFFTAG_IMAGEWIDTH, &width);
    TIFFGetField(t, TIFFTAG_IMAGELENGTH, &height);
    TIFFGetFieldDefaulted(t, TIFFTAG_BITSPERSAMPLE, &bits);
    TIFFGetFieldDefaulted(t, TIFFTAG_SAMPLEFORMAT, &format);
    TIFFGetFieldDefaulted(t, TIFFTAG_SAMPLESPERPIXEL, &samples);
    TIFFGetFieldDefaulted(t, TIFFTAG_PLANARCONFIG, &planar);
    if (bits != 32 || format != SAMPLEFORMAT_IEEEFP || samples != 1 || TIFFIsTiled(t) != 0)
        fail("not a 32-bit float, one-sample, stripped TIFF");
    if (width == 0 || height == 0 || width > 1u << 24 || height > 1u << 24) fail("has no samples or is too large");
    checkGridFits(path.string(), width, height);
    Heightmap map = Heightmap::uninitialized(int(width), int(height));
    if (TIFFScanlineSize(t) != tmsize_t(width) * 4) fail("has an unexpected row size");
    for (std::uint32_t y = 0; y < height; ++y)
        if (TIFFReadScanline(t, map.row(int(y)), y, 0) < 0) fail("row " + std::to_string(y) + " cannot be read");
    return map;
}

}  // namespace terrain::core
