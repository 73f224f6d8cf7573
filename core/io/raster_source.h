#pragma once
// Reading height images for import (docs/importing.md): GeoTIFF / TIFF, PNG, Arc/Info ASCII grid,
// SRTM HGT and GDAL VRT tile sets through GDAL; one-channel OpenEXR through OpenEXR; headerless
// RAW / R16 / R32 with an explicit layout. A source reads windows of samples as stored (codes or
// metres), so a world tile reads only what it needs and a large VRT is never loaded whole.
//
// Every file is untrusted: only regular files are opened (never a FIFO, device or folder), GDAL
// opens only the five formats above (VRT sources too), a VRT may name only regular files of those
// formats (never another VRT, a /vsi path, a connection string or inline code), and a claimed size
// is never trusted for an allocation: reads are bounded by the caller's window.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace terrain::core {

// A file without a header: its size, sample type and byte order, given by the user (or by our
// sidecar). The file must hold exactly width · height samples.
struct RawLayout {
    enum class Type { U8, U16, I16, F32 };
    int width = 0;
    int height = 0;
    Type type = Type::U16;
    bool bigEndian = false;

    // "WxH[:u8|u16|i16|f32][:le|be]" (default u16, little-endian); throws InputError naming `field`.
    static RawLayout parse(const std::string& text, const std::string& field);
    std::string toString() const;
    bool operator==(const RawLayout&) const = default;
};

struct RasterInfo {
    std::string format;      // "GeoTIFF", "PNG", "Arc/Info ASCII grid", "SRTM HGT", "GDAL VRT", "OpenEXR", "raw"
    int width = 0;
    int height = 0;
    std::string sampleType;  // "uint8", "uint16", "int16", "uint32", "int32", "float32", "float64"
    bool integer = false;
    double codeMax = 0.0;    // unsigned integer types: the largest code (255, 65535); else 0
    std::optional<double> nodata;  // the file's no-data value
    // Metres between columns and between rows when the file says (georeferencing, our sidecar);
    // 0 when it does not. Geographic files (degrees) are converted at their centre latitude.
    double spacingX = 0.0;
    double spacingY = 0.0;
    bool geographic = false;
    std::string crs;         // the reference system's name, when there is one
    // Our own local metric frame (GeoTIFFs we export, world tiles): where the first sample's
    // centre lies in it (x east, y north of the world's sample (0, 0)).
    bool localFrame = false;
    double originX = 0.0;
    double originY = 0.0;
    // Our own export's sidecar (<file>.json): what its samples mean.
    bool ours = false;
    bool oursMetres = false;  // the samples are metres (float formats)
    double oursLo = 0.0;      // integer codes: metres at code 0 and at the full-scale code
    double oursHi = 0.0;
    double oursFullScale = 0.0;
};

class RasterSource {
public:
    // Opens `path` (a raw layout, when given, reads it as headerless samples; a file without one
    // named .r16/.r32/.raw takes the layout from our sidecar). Throws InputError naming `field`,
    // the path and what is allowed when it cannot be used.
    static std::unique_ptr<RasterSource> open(const std::filesystem::path& path, const std::optional<RawLayout>& raw,
                                              const std::string& field);
    virtual ~RasterSource() = default;
    const RasterInfo& info() const { return m_info; }
    // The samples [x0, x0 + width) x [y0, y0 + height) (inside the image) as stored, no-data as
    // NaN, row-major into `out` (width · height floats). Throws InputError naming the field when
    // the file cannot be read there (truncated, damaged).
    virtual void read(int x0, int y0, int width, int height, float* out) = 0;

protected:
    RasterInfo m_info;
};

// The largest side of an image we read (2^20 samples) and the most samples one read may hold.
inline constexpr int kMaxImportSide = 1 << 20;
inline constexpr std::int64_t kMaxImportReadSamples = std::int64_t(1) << 28;

}  // namespace terrain::core
