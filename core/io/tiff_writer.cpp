#include "tiff_writer.h"

#include <geotiffio.h>
#include <geovalues.h>
#include <tiffio.h>
#include <xtiffio.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "../errors.h"
#include "float_rows.h"
#include "float_text.h"

#ifndef TERRAIN_VERSION
#define TERRAIN_VERSION "unknown"
#endif

namespace terrain::core {

namespace {

// libtiff talks to the AtomicFile's stream through these callbacks; TIFFClose must not close
// it (AtomicFile::commit() syncs and renames it).
std::FILE* streamOf(thandle_t handle) { return static_cast<std::FILE*>(handle); }

tmsize_t onRead(thandle_t handle, void* data, tmsize_t size) {
    return static_cast<tmsize_t>(
        std::fread(data, 1, static_cast<std::size_t>(size), streamOf(handle)));
}
tmsize_t onWrite(thandle_t handle, void* data, tmsize_t size) {
    return static_cast<tmsize_t>(
        std::fwrite(data, 1, static_cast<std::size_t>(size), streamOf(handle)));
}
toff_t onSeek(thandle_t handle, toff_t offset, int whence) {
    if (::fseeko(streamOf(handle), static_cast<off_t>(offset), whence) != 0) {
        return static_cast<toff_t>(-1);
    }
    return static_cast<toff_t>(::ftello(streamOf(handle)));
}
int onClose(thandle_t) { return 0; }
toff_t onSize(thandle_t handle) {
    std::FILE* f = streamOf(handle);
    const off_t here = ::ftello(f);
    ::fseeko(f, 0, SEEK_END);
    const off_t end = ::ftello(f);
    ::fseeko(f, here, SEEK_SET);
    return static_cast<toff_t>(end);
}
int onMap(thandle_t, void**, toff_t*) { return 0; }
void onUnmap(thandle_t, void*, toff_t) {}

struct TiffCloser {
    void operator()(TIFF* tiff) const { XTIFFClose(tiff); }
};

// errno still holds the reason of the failed fwrite (a full disk, a file size limit).
[[noreturn]] void fail(const std::string& what) {
    const int error = errno;
    throw IoError(IoError::Kind::WriteFailed,
                  "TIFF encoder: " + what + (error ? std::string(": ") + std::strerror(error) : ""));
}

// A local grid in metres: x east from the whole map's north-west sample, y north (so rows, which
// run south, go down in y), samples as points (each value is the height at that point, and
// neighbouring tiles share their edge samples). No datum: the terrain is not on the Earth.
void writeGeoKeys(TIFF* t, const WorldUnits& world, const int originSamples[2]) {
    double scale[3] = {world.metresPerPixel, world.metresPerPixel, 0.0};
    TIFFSetField(t, TIFFTAG_GEOPIXELSCALE, 3, scale);
    double tiepoint[6] = {0.0, 0.0, 0.0, double(originSamples[0]) * world.metresPerPixel,
                          -double(originSamples[1]) * world.metresPerPixel, 0.0};
    TIFFSetField(t, TIFFTAG_GEOTIEPOINTS, 6, tiepoint);
    std::unique_ptr<GTIF, void (*)(GTIF*)> keys(GTIFNew(t), &GTIFFree);
    if (!keys) fail("cannot start the GeoTIFF keys");
    GTIFKeySet(keys.get(), GTModelTypeGeoKey, TYPE_SHORT, 1, ModelTypeProjected);
    GTIFKeySet(keys.get(), GTRasterTypeGeoKey, TYPE_SHORT, 1, RasterPixelIsPoint);
    GTIFKeySet(keys.get(), ProjectedCSTypeGeoKey, TYPE_SHORT, 1, KvUserDefined);
    GTIFKeySet(keys.get(), ProjLinearUnitsGeoKey, TYPE_SHORT, 1, Linear_Meter);
    GTIFKeySet(keys.get(), GTCitationGeoKey, TYPE_ASCII, 0, kLocalGridCitation);
    if (!GTIFWriteKeys(keys.get())) fail("cannot write the GeoTIFF keys");
}

}  // namespace

void writeTiff32(AtomicFile& file, const Heightmap& map, const ResolvedMapping& mapping,
                 const WorldUnits& world, const int originSamples[2], RowProgress& progress) {
    // libtiff prints its own errors to stderr; ours are thrown with what failed.
    TIFFSetErrorHandler(nullptr);
    TIFFSetWarningHandler(nullptr);
    // XTIFF: libtiff with the GeoTIFF tags registered.
    std::unique_ptr<TIFF, TiffCloser> tiff(XTIFFClientOpen("heightmap", "w", file.stream(), onRead,
                                                          onWrite, onSeek, onClose, onSize, onMap,
                                                          onUnmap));
    if (!tiff) fail("cannot start the encoder");
    TIFF* t = tiff.get();
    const auto width = static_cast<std::uint32_t>(map.width());
    const auto height = static_cast<std::uint32_t>(map.height());
    const std::string description = "terrain heightmap in metres; row 0 = north, column 0 = west; "
                                    "metres per pixel " +
                                    formatFloat(float(world.metresPerPixel));
    TIFFSetField(t, TIFFTAG_IMAGEWIDTH, width);
    TIFFSetField(t, TIFFTAG_IMAGELENGTH, height);
    TIFFSetField(t, TIFFTAG_SAMPLESPERPIXEL, 1);
    TIFFSetField(t, TIFFTAG_BITSPERSAMPLE, 32);
    TIFFSetField(t, TIFFTAG_SAMPLEFORMAT, SAMPLEFORMAT_IEEEFP);
    TIFFSetField(t, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_MINISBLACK);
    TIFFSetField(t, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
    TIFFSetField(t, TIFFTAG_COMPRESSION, COMPRESSION_NONE);
    TIFFSetField(t, TIFFTAG_ROWSPERSTRIP, TIFFDefaultStripSize(t, 0));
    TIFFSetField(t, TIFFTAG_SOFTWARE, "terrain-editor " TERRAIN_VERSION);
    TIFFSetField(t, TIFFTAG_IMAGEDESCRIPTION, description.c_str());
    writeGeoKeys(t, world, originSamples);

    std::vector<float> row(map.width() > 0 ? static_cast<std::size_t>(map.width()) : 0);
    errno = 0;
    for (std::uint32_t y = 0; y < height; ++y) {
        metresRow(map.row(static_cast<int>(y)), row.size(), mapping, world, row.data());
        if (TIFFWriteScanline(t, row.data(), y, 0) < 0) fail("cannot write row " + std::to_string(y));
        progress.rowDone(static_cast<int>(y));
    }
    if (!TIFFFlush(t)) fail("cannot finish the file (disk full?)");
}

}  // namespace terrain::core
