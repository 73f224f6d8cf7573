#include "raster_source.h"

#include "../errors.h"
#include "../json_input.h"
#include "image_headers.h"
#include "sidecar.h"
#include "untrusted_file.h"

#include <OpenEXR/ImfChannelList.h>
#include <OpenEXR/ImfFrameBuffer.h>
#include <OpenEXR/ImfHeader.h>
#include <OpenEXR/ImfInputFile.h>
#include <cpl_conv.h>
#include <cpl_error.h>
#include <cpl_minixml.h>
#include <gdal.h>
#include <gdal_frmts.h>
#include <ogr_srs_api.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
#include <nlohmann/json.hpp>
#include <vector>

namespace terrain::core {
namespace fs = std::filesystem;

namespace {

std::string shownPath(const fs::path& path) { return quoteForMessage(path.string(), 4 * kMaxQuotedChars); }

// What is at `path`: empty when it is a regular file we may open, else why not.
std::string notRegular(const fs::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return std::strerror(errno);
    if (S_ISDIR(st.st_mode)) return "this is a folder";
    if (S_ISFIFO(st.st_mode)) return "this is a FIFO";
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) return "this is a device";
    if (S_ISSOCK(st.st_mode)) return "this is a socket";
    if (!S_ISREG(st.st_mode)) return "this is not a regular file";
    return {};
}

const char* const kFormatsAllowed =
    "a height image: GeoTIFF/TIFF, PNG, OpenEXR, Arc/Info ASCII grid (.asc), SRTM .hgt, a GDAL .vrt of those, "
    "or RAW/R16/R32 with its layout";

void requireRegular(const fs::path& path, const std::string& field) {
    if (const std::string why = notRegular(path); !why.empty()) {
        throw InputError(field, shownPath(path), "a regular file: " + std::string(kFormatsAllowed) + " (" + why + ")");
    }
}

std::string lowerExtension(const fs::path& path) {
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return ext;
}

// The first bytes of a regular file (without blocking).
std::string head(const fs::path& path, std::size_t bytes) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) return {};
    std::string text(bytes, '\0');
    const ssize_t got = ::pread(fd, text.data(), bytes, 0);
    ::close(fd);
    text.resize(got > 0 ? std::size_t(got) : 0);
    return text;
}

// ---- our sidecar ----------------------------------------------------------------------------

struct Sidecar {
    nlohmann::json json;
    std::optional<double> number(const char* pointer) const {
        const nlohmann::json::json_pointer at(pointer);
        if (!json.is_object() || !json.contains(at) || !json[at].is_number()) return std::nullopt;
        const double v = json[at].get<double>();
        return std::isfinite(v) ? std::optional(v) : std::nullopt;
    }
    std::string text(const char* key) const {
        return json.is_object() && json.contains(key) && json[key].is_string() ? json[key].get<std::string>()
                                                                               : std::string();
    }
    bool ours() const { return text("software").rfind("terrain-editor", 0) == 0; }
};

Sidecar readSidecar(const fs::path& path) {
    Sidecar s;
    try {
        if (const auto text = readUntrustedFileIfPresent(sidecarPath(path), kMaxSidecarBytes, "sidecar", "sidecar")) {
            s.json = parseJsonOrNull(*text);
        }
    } catch (const InputError&) {
        // A sidecar we cannot read is no sidecar: the file is read without its hints.
    }
    if (!s.ours()) s.json = nullptr;
    return s;
}

void applySidecar(const Sidecar& s, RasterInfo& info) {
    if (s.json.is_null()) return;
    const auto w = s.number("/width"), h = s.number("/height");
    if (!w || !h || int(*w) != info.width || int(*h) != info.height) return;  // not this file's
    info.ours = true;
    if (const auto m = s.number("/metres_per_pixel"); m && *m > 0.0 && *m <= 1e6) info.spacingX = info.spacingY = *m;
    if (s.text("samples") == "metres (float32)") {
        info.oursMetres = true;
    } else if (const auto lo = s.number("/height_range_metres/0"), hi = s.number("/height_range_metres/1"),
               full = s.number("/code_full_scale");
               lo && hi && full && *hi > *lo && *full >= 1.0 && *full <= 65535.0) {
        info.oursLo = *lo;
        info.oursHi = *hi;
        info.oursFullScale = *full;
    } else {
        info.ours = false;
    }
}

// ---- GDAL -------------------------------------------------------------------------------------

// GDAL's driver list and configuration are process-wide: set once, before any open, to the five
// formats we read, no Python in VRTs, no .aux.xml written beside the user's files and a bounded
// block cache (docs/architecture.md "Import").
void initGdal() {
    static std::once_flag once;
    std::call_once(once, [] {
        CPLSetConfigOption("GDAL_VRT_ENABLE_PYTHON", "NO");
        CPLSetConfigOption("GDAL_PAM_ENABLED", "NO");
        CPLSetConfigOption("GDAL_DISABLE_READDIR_ON_OPEN", "EMPTY_DIR");
        CPLSetConfigOption("GDAL_CACHEMAX", "256");
        CPLSetConfigOption("CPL_VSIL_CURL_ALLOWED_EXTENSIONS", "none");
        GDALRegister_GTiff();
        GDALRegister_PNG();
        GDALRegister_AAIGrid();
        GDALRegister_SRTMHGT();
        GDALRegister_VRT();
    });
}

// GDAL reports errors to a per-thread handler: quiet while we call it, the last message kept.
struct QuietGdal {
    QuietGdal() {
        CPLPushErrorHandler(CPLQuietErrorHandler);
        CPLErrorReset();
    }
    ~QuietGdal() { CPLPopErrorHandler(); }
    static std::string last() {
        const char* m = CPLGetLastErrorMsg();
        return m != nullptr && *m != '\0' ? quoteForMessage(m, 200) : std::string("unknown error");
    }
};

// A VRT names other files: each must be a regular file of a format we read, never another VRT,
// a /vsi path, a connection string or inline code, so a crafted tile set cannot make us block on
// a FIFO, read a device or run anything.
void checkVrtNode(const CPLXMLNode* node, const fs::path& vrt, const std::string& field, int depth) {
    for (; node != nullptr; node = node->psNext) {
        if (node->eType != CXT_Element) continue;
        const std::string name = node->pszValue != nullptr ? node->pszValue : "";
        const std::string sub = CPLGetXMLValue(node, "subClass", "");
        if (name == "PixelFunctionCode" || name == "PixelFunctionLanguage" || name == "PixelFunctionType" ||
            (name == "VRTRasterBand" && !sub.empty()) || (name == "VRTDataset" && !sub.empty())) {
            if (name != "VRTRasterBand" || sub != "VRTSourcedRasterBand") {
                throw InputError(field, shownPath(vrt),
                                 "a VRT of plain sources (SimpleSource/ComplexSource/AveragedSource): it has " +
                                     quoteForMessage(name + (sub.empty() ? "" : " " + sub), 60));
            }
        }
        if (name == "SourceFilename" || name == "SourceDataset") {
            const std::string text = CPLGetXMLValue(node, nullptr, "");
            const bool relative = std::string(CPLGetXMLValue(node, "relativeToVRT", "0")) == "1";
            const fs::path source = relative ? vrt.parent_path() / text : fs::path(text);
            const std::string shown = quoteForMessage(text, 120);
            if (text.empty() || text.rfind("/vsi", 0) == 0 || text.find(':') != std::string::npos) {
                throw InputError(field, shownPath(vrt), "a VRT whose sources are files on disk: it names " + shown);
            }
            if (const std::string why = notRegular(source); !why.empty()) {
                throw InputError(field, shownPath(vrt),
                                 "a VRT whose sources are regular files: " + shown + " (" + why + ")");
            }
            if (head(source, 64).find("<VRTDataset") != std::string::npos || lowerExtension(source) == ".vrt") {
                throw InputError(field, shownPath(vrt), "a VRT of image files, not of other VRTs: it names " + shown);
            }
            checkImageHeaders(source, field);
        }
        if (depth < 64) checkVrtNode(node->psChild, vrt, field, depth + 1);
    }
}

void checkVrt(const fs::path& path, const std::string& field) {
    const std::string text = readUntrustedFile(path, std::size_t(16) << 20, field, "VRT file");
    const QuietGdal quiet;
    CPLXMLNode* root = CPLParseXMLString(text.c_str());
    if (root == nullptr) throw InputError(field, shownPath(path), "a valid VRT (XML): " + QuietGdal::last());
    try {
        checkVrtNode(root, path, field, 0);
    } catch (...) {
        CPLDestroyXMLNode(root);
        throw;
    }
    CPLDestroyXMLNode(root);
}

// Metres per degree of longitude and latitude at latitude `phi` (radians) on the WGS 84
// ellipsoid (the series of the US NGA's "length of a degree").
double metresPerDegreeLon(double phi) { return 111412.84 * std::cos(phi) - 93.5 * std::cos(3 * phi) + 0.118 * std::cos(5 * phi); }
double metresPerDegreeLat(double phi) {
    return 111132.92 - 559.82 * std::cos(2 * phi) + 1.175 * std::cos(4 * phi) - 0.0023 * std::cos(6 * phi);
}

class GdalSource final : public RasterSource {
public:
    GdalSource(const fs::path& path, const std::string& field) : m_path(path), m_field(field) {
        initGdal();
        const QuietGdal quiet;
        static const char* const drivers[] = {"GTiff", "PNG", "AAIGrid", "SRTMHGT", "VRT", nullptr};
        m_dataset = GDALOpenEx(path.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, drivers, nullptr, nullptr);
        if (m_dataset == nullptr) {
            throw InputError(field, shownPath(path), std::string(kFormatsAllowed) + " (" + QuietGdal::last() + ")");
        }
        const std::string driver = GDALGetDriverShortName(GDALGetDatasetDriver(m_dataset));
        m_info.format = driver == "GTiff"     ? "GeoTIFF"
                        : driver == "PNG"     ? "PNG"
                        : driver == "AAIGrid" ? "Arc/Info ASCII grid"
                        : driver == "SRTMHGT" ? "SRTM HGT"
                                              : "GDAL VRT";
        m_info.width = GDALGetRasterXSize(m_dataset);
        m_info.height = GDALGetRasterYSize(m_dataset);
        if (GDALGetRasterCount(m_dataset) < 1) throw InputError(field, shownPath(path), "an image with a band of heights");
        if (m_info.width < 1 || m_info.height < 1 || m_info.width > kMaxImportSide || m_info.height > kMaxImportSide) {
            throw InputError(field, shownPath(path),
                             "an image of 1 to " + std::to_string(kMaxImportSide) + " samples a side (it claims " +
                                 std::to_string(m_info.width) + "x" + std::to_string(m_info.height) + ")");
        }
        m_band = GDALGetRasterBand(m_dataset, 1);
        const GDALDataType type = GDALGetRasterDataType(m_band);
        switch (type) {
        case GDT_Byte: m_info.sampleType = "uint8"; m_info.codeMax = 255; break;
        case GDT_UInt16: m_info.sampleType = "uint16"; m_info.codeMax = 65535; break;
        case GDT_Int16: m_info.sampleType = "int16"; break;
        case GDT_UInt32: m_info.sampleType = "uint32"; break;
        case GDT_Int32: m_info.sampleType = "int32"; break;
        case GDT_Float32: m_info.sampleType = "float32"; break;
        case GDT_Float64: m_info.sampleType = "float64"; break;
        default:
            throw InputError(field, shownPath(path),
                             "heights of 8/16/32-bit integers or 32/64-bit floats (it has " +
                                 std::string(GDALGetDataTypeName(type)) + ")");
        }
        m_info.integer = type != GDT_Float32 && type != GDT_Float64;
        int has = 0;
        const double nodata = GDALGetRasterNoDataValue(m_band, &has);
        if (has != 0) m_info.nodata = nodata;
        double gt[6];
        if (GDALGetGeoTransform(m_dataset, gt) == CE_None && gt[2] == 0.0 && gt[4] == 0.0 && gt[1] != 0.0 &&
            gt[5] != 0.0 && !(gt[0] == 0.0 && gt[1] == 1.0 && gt[3] == 0.0 && gt[5] == 1.0) &&
            std::all_of(gt, gt + 6, [](double v) { return std::isfinite(v) && std::abs(v) < 1e9; })) {
            double unit = 1.0;
            if (OGRSpatialReferenceH srs = GDALGetSpatialRef(m_dataset)) {
                if (const char* name = OSRGetName(srs)) m_info.crs = name;
                if (m_info.crs.rfind("terrain-editor local grid", 0) == 0) {
                    m_info.localFrame = true;
                    m_info.originX = gt[0] + 0.5 * gt[1];
                    m_info.originY = gt[3] + 0.5 * gt[5];
                }
                if (OSRIsGeographic(srs) != 0) {
                    m_info.geographic = true;
                    const double phi = (gt[3] + gt[5] * m_info.height / 2.0) * M_PI / 180.0;
                    m_info.spacingX = std::abs(gt[1]) * metresPerDegreeLon(phi);
                    m_info.spacingY = std::abs(gt[5]) * metresPerDegreeLat(phi);
                } else {
                    unit = OSRGetLinearUnits(srs, nullptr);
                }
            }
            if (!m_info.geographic && unit > 0.0 && std::isfinite(unit)) {
                m_info.spacingX = std::abs(gt[1]) * unit;
                m_info.spacingY = std::abs(gt[5]) * unit;
            }
            if (!(m_info.spacingX > 0.0 && m_info.spacingX <= 1e6 && m_info.spacingY > 0.0 && m_info.spacingY <= 1e6)) {
                m_info.spacingX = m_info.spacingY = 0.0;
            }
        }
    }
    ~GdalSource() override {
        if (m_dataset != nullptr) GDALClose(m_dataset);
    }
    void read(int x0, int y0, int width, int height, float* out) override {
        const QuietGdal quiet;
        if (GDALRasterIO(m_band, GF_Read, x0, y0, width, height, out, width, height, GDT_Float32, 0, 0) != CE_None) {
            throw InputError(m_field, shownPath(m_path),
                             "a readable image (rows " + std::to_string(y0) + ".." + std::to_string(y0 + height - 1) +
                                 ": " + QuietGdal::last() + ")");
        }
        if (m_info.nodata) {
            const float nd = float(*m_info.nodata);
            const std::size_t n = std::size_t(width) * std::size_t(height);
            for (std::size_t i = 0; i < n; ++i)
                if (out[i] == nd) out[i] = std::numeric_limits<float>::quiet_NaN();
        }
    }

private:
    fs::path m_path;
    std::string m_field;
    GDALDatasetH m_dataset = nullptr;
    GDALRasterBandH m_band = nullptr;
};

// ---- OpenEXR ----------------------------------------------------------------------------------

class ExrSource final : public RasterSource {
public:
    ExrSource(const fs::path& path, const std::string& field) : m_path(path), m_field(field) {
        try {
            m_file = std::make_unique<Imf::InputFile>(path.c_str());
            const Imf::Header& header = m_file->header();
            const Imath::Box2i dw = header.dataWindow();
            m_minX = dw.min.x;
            m_minY = dw.min.y;
            const std::int64_t w = std::int64_t(dw.max.x) - dw.min.x + 1, h = std::int64_t(dw.max.y) - dw.min.y + 1;
            if (w < 1 || h < 1 || w > kMaxImportSide || h > kMaxImportSide) {
                throw InputError(field, shownPath(path),
                                 "an image of 1 to " + std::to_string(kMaxImportSide) + " samples a side (it claims " +
                                     std::to_string(w) + "x" + std::to_string(h) + ")");
            }
            m_info.width = int(w);
            m_info.height = int(h);
            const Imf::ChannelList& channels = header.channels();
            int count = 0;
            std::string only;
            for (auto it = channels.begin(); it != channels.end(); ++it, ++count) only = it.name();
            for (const char* name : {"Y", "R", "Z", "height"}) {
                if (channels.findChannel(name) != nullptr) {
                    m_channel = name;
                    break;
                }
            }
            if (m_channel.empty() && count == 1) m_channel = only;
            if (m_channel.empty()) {
                throw InputError(field, shownPath(path), "an OpenEXR with a Y, R, Z or height channel, or one channel");
            }
            const Imf::Channel* c = channels.findChannel(m_channel.c_str());
            if (c->xSampling != 1 || c->ySampling != 1) {
                throw InputError(field, shownPath(path), "an OpenEXR channel sampled at every pixel");
            }
            m_info.sampleType = c->type == Imf::HALF ? "float16" : c->type == Imf::FLOAT ? "float32" : "uint32";
            m_info.integer = c->type == Imf::UINT;
            m_info.format = "OpenEXR";
        } catch (const InputError&) {
            throw;
        } catch (const std::exception& e) {
            throw InputError(field, shownPath(path), std::string(kFormatsAllowed) + " (" + quoteForMessage(e.what(), 200) + ")");
        }
    }
    void read(int x0, int y0, int width, int height, float* out) override {
        // OpenEXR reads whole rows of the data window: a band of at most 2^22 samples at a time.
        const int rowsAtOnce = std::max(1, int((std::int64_t(1) << 22) / m_info.width));
        std::vector<float> rows;
        try {
            for (int y = y0; y < y0 + height; y += rowsAtOnce) {
                const int n = std::min(rowsAtOnce, y0 + height - y);
                rows.assign(std::size_t(n) * std::size_t(m_info.width), 0.0f);
                Imf::FrameBuffer frame;
                const std::size_t stride = sizeof(float) * std::size_t(m_info.width);
                char* base = reinterpret_cast<char*>(rows.data()) - std::ptrdiff_t(m_minX) * std::ptrdiff_t(sizeof(float)) -
                             std::ptrdiff_t(m_minY + y) * std::ptrdiff_t(stride);
                frame.insert(m_channel.c_str(), Imf::Slice(Imf::FLOAT, base, sizeof(float), stride));
                m_file->setFrameBuffer(frame);
                m_file->readPixels(m_minY + y, m_minY + y + n - 1);
                for (int r = 0; r < n; ++r) {
                    std::copy_n(rows.data() + std::size_t(r) * std::size_t(m_info.width) + std::size_t(x0),
                                std::size_t(width), out + std::size_t(y - y0 + r) * std::size_t(width));
                }
            }
        } catch (const std::exception& e) {
            throw InputError(m_field, shownPath(m_path), "a readable OpenEXR (" + quoteForMessage(e.what(), 200) + ")");
        }
    }

private:
    fs::path m_path;
    std::string m_field;
    std::unique_ptr<Imf::InputFile> m_file;
    std::string m_channel;
    int m_minX = 0, m_minY = 0;
};

// ---- headerless samples -----------------------------------------------------------------------

int bytesOf(RawLayout::Type type) {
    switch (type) {
    case RawLayout::Type::U8: return 1;
    case RawLayout::Type::U16:
    case RawLayout::Type::I16: return 2;
    case RawLayout::Type::F32: return 4;
    }
    return 2;
}

class RawSource final : public RasterSource {
public:
    RawSource(const fs::path& path, const RawLayout& layout, const std::string& field)
        : m_path(path), m_field(field), m_layout(layout) {
        m_fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
        if (m_fd < 0) throw InputError(field, shownPath(path), std::string("a readable file (") + std::strerror(errno) + ")");
        struct stat st {};
        if (::fstat(m_fd, &st) != 0 || !S_ISREG(st.st_mode)) {
            ::close(m_fd);
            throw InputError(field, shownPath(path), "a regular file of raw samples");
        }
        const std::int64_t expected = std::int64_t(layout.width) * layout.height * bytesOf(layout.type);
        if (std::int64_t(st.st_size) != expected) {
            ::close(m_fd);
            throw InputError(field, shownPath(path),
                             "raw samples of " + layout.toString() + ": " + std::to_string(expected) + " bytes (it has " +
                                 std::to_string(st.st_size) + ")");
        }
        m_info.format = "raw";
        m_info.width = layout.width;
        m_info.height = layout.height;
        static const char* const names[] = {"uint8", "uint16", "int16", "float32"};
        m_info.sampleType = names[int(layout.type)];
        m_info.integer = layout.type != RawLayout::Type::F32;
        m_info.codeMax = layout.type == RawLayout::Type::U8 ? 255 : layout.type == RawLayout::Type::U16 ? 65535 : 0;
    }
    ~RawSource() override { ::close(m_fd); }
    void read(int x0, int y0, int width, int height, float* out) override {
        const int b = bytesOf(m_layout.type);
        std::vector<unsigned char> row(std::size_t(width) * std::size_t(b));
        for (int y = 0; y < height; ++y) {
            const off_t at = (off_t(y0 + y) * m_layout.width + x0) * b;
            std::size_t done = 0;
            while (done < row.size()) {
                const ssize_t got = ::pread(m_fd, row.data() + done, row.size() - done, at + off_t(done));
                if (got < 0 && errno == EINTR) continue;
                if (got <= 0) {
                    throw InputError(m_field, shownPath(m_path),
                                     "a readable raw file (row " + std::to_string(y0 + y) + " is cut short)");
                }
                done += std::size_t(got);
            }
            float* o = out + std::size_t(y) * std::size_t(width);
            for (int x = 0; x < width; ++x) {
                const unsigned char* p = row.data() + std::size_t(x) * std::size_t(b);
                std::uint32_t v = 0;
                for (int k = 0; k < b; ++k) v |= std::uint32_t(p[m_layout.bigEndian ? b - 1 - k : k]) << (8 * k);
                switch (m_layout.type) {
                case RawLayout::Type::U8:
                case RawLayout::Type::U16: o[x] = float(v); break;
                case RawLayout::Type::I16: o[x] = float(std::int16_t(std::uint16_t(v))); break;
                case RawLayout::Type::F32: std::memcpy(&o[x], &v, 4); break;
                }
            }
        }
    }

private:
    fs::path m_path;
    std::string m_field;
    RawLayout m_layout;
    int m_fd = -1;
};

std::optional<RawLayout> layoutFromSidecar(const Sidecar& s) {
    if (s.json.is_null()) return std::nullopt;
    const auto w = s.number("/width"), h = s.number("/height");
    if (!w || !h || *w < 1 || *h < 1 || *w > kMaxImportSide || *h > kMaxImportSide) return std::nullopt;
    RawLayout layout;
    layout.width = int(*w);
    layout.height = int(*h);
    const std::string type = s.text("sample_type");
    if (type == "uint16") {
        layout.type = RawLayout::Type::U16;
    } else if (type == "float32") {
        layout.type = RawLayout::Type::F32;
    } else {
        return std::nullopt;
    }
    layout.bigEndian = s.text("byte_order") == "big-endian";
    return layout;
}

}  // namespace

RawLayout RawLayout::parse(const std::string& text, const std::string& field) {
    const char* allowed = "WIDTHxHEIGHT[:u8|u16|i16|f32][:le|be], e.g. 1025x1025:u16:le";
    RawLayout layout;
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (;;) {
        const std::size_t colon = text.find(':', start);
        parts.push_back(text.substr(start, colon - start));
        if (colon == std::string::npos) break;
        start = colon + 1;
    }
    if (parts.empty() || parts.size() > 3) throw InputError(field, quoteForMessage(text), allowed);
    const std::size_t x = parts[0].find('x');
    const auto side = [&](const std::string& s) {
        if (s.empty() || s.size() > 7 || s.find_first_not_of("0123456789") != std::string::npos)
            throw InputError(field, quoteForMessage(text), allowed);
        const int v = std::stoi(s);
        if (v < 1 || v > kMaxImportSide) throw InputError(field, quoteForMessage(text), allowed);
        return v;
    };
    if (x == std::string::npos) throw InputError(field, quoteForMessage(text), allowed);
    layout.width = side(parts[0].substr(0, x));
    layout.height = side(parts[0].substr(x + 1));
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const std::string& p = parts[i];
        if (p == "u8") layout.type = Type::U8;
        else if (p == "u16") layout.type = Type::U16;
        else if (p == "i16") layout.type = Type::I16;
        else if (p == "f32") layout.type = Type::F32;
        else if (p == "le") layout.bigEndian = false;
        else if (p == "be") layout.bigEndian = true;
        else throw InputError(field, quoteForMessage(text), allowed);
    }
    return layout;
}

std::string RawLayout::toString() const {
    static const char* const names[] = {"u8", "u16", "i16", "f32"};
    return std::to_string(width) + "x" + std::to_string(height) + ":" + names[int(type)] + (bigEndian ? ":be" : ":le");
}

std::unique_ptr<RasterSource> RasterSource::open(const fs::path& path, const std::optional<RawLayout>& raw,
                                                 const std::string& field) {
    requireRegular(path, field);
    const Sidecar sidecar = readSidecar(path);
    const std::string ext = lowerExtension(path);
    std::unique_ptr<RasterSource> source;
    std::optional<RawLayout> layout = raw;
    if (!layout && (ext == ".r16" || ext == ".r32" || ext == ".raw")) {
        layout = layoutFromSidecar(sidecar);
        if (!layout) {
            throw InputError(field, shownPath(path),
                             "a headerless file with its layout given (raw=WIDTHxHEIGHT[:u8|u16|i16|f32][:le|be]) or "
                             "our sidecar beside it");
        }
    }
    const std::string start = head(path, 64);
    if (!layout) checkImageHeaders(path, field);
    if (layout) {
        source = std::make_unique<RawSource>(path, *layout, field);
    } else if (start.size() >= 4 && std::uint8_t(start[0]) == 0x76 && std::uint8_t(start[1]) == 0x2f &&
               std::uint8_t(start[2]) == 0x31 && std::uint8_t(start[3]) == 0x01) {
        source = std::make_unique<ExrSource>(path, field);
    } else {
        if (start.find("<VRTDataset") != std::string::npos || ext == ".vrt") checkVrt(path, field);
        source = std::make_unique<GdalSource>(path, field);
    }
    applySidecar(sidecar, source->m_info);
    return source;
}

}  // namespace terrain::core
