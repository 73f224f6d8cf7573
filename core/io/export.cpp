#include "export.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <future>
#include <string>
#include <vector>

#include "../errors.h"
#include "atomic_file.h"
#include "export_rows.h"
#include "banding.h"
#include "exr_writer.h"
#include "float_rows.h"
#include "float_text.h"
#include "mesh_export.h"
#include "normal_map.h"
#include "png_writer.h"
#include "rgb16_png.h"
#include "rgb_png.h"
#include "tiff_writer.h"

namespace terrain::core {

namespace {

struct FormatName {
    ExportFormat format;
    const char* name;
};

constexpr FormatName kFormatNames[] = {
    {ExportFormat::Png8, "png8"}, {ExportFormat::Png16, "png16"}, {ExportFormat::Raw16, "raw16"},
    {ExportFormat::Pgm, "pgm"},   {ExportFormat::Txt, "txt"},     {ExportFormat::Raw32, "raw32"},
    {ExportFormat::Exr, "exr"},   {ExportFormat::Tiff32, "tiff32"},   {ExportFormat::Obj, "obj"},
    {ExportFormat::Glb, "glb"},   {ExportFormat::Normal, "normal"},   {ExportFormat::NormalDx, "normal-dx"},
    {ExportFormat::Normal16, "normal16"}, {ExportFormat::Normal16Dx, "normal16-dx"},
    {ExportFormat::Hillshade, "hillshade"}, {ExportFormat::Colour, "colour"},
};

std::string lowercase(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

// RAW16 and PGM share everything but the header and the byte order.
void writeCodes16(AtomicFile& file, const Heightmap& map, const ResolvedMapping& mapping,
                  SampleEncoding encoding, RowProgress& progress) {
    const auto width = static_cast<std::size_t>(map.width());
    std::vector<unsigned char> row(width * bytesPerSample(encoding));
    for (int y = 0; y < map.height(); ++y) {
        encodeRow(map.row(y), width, mapping, encoding, row.data());
        file.write(row.data(), row.size());
        progress.rowDone(y);
    }
}

void writePgm(AtomicFile& file, const Heightmap& map, const ResolvedMapping& mapping,
              RowProgress& progress) {
    // Netpbm: a maxval above 255 means two bytes a sample, most significant first.
    const std::string header =
        "P5\n" + std::to_string(map.width()) + " " + std::to_string(map.height()) + "\n65535\n";
    file.write(header.data(), header.size());
    writeCodes16(file, map, mapping, SampleEncoding::U16BigEndian, progress);
}

void writeTxt(AtomicFile& file, const Heightmap& map, RowProgress& progress) {
    // Raw heights, not codes: seed 004's text export is the float array itself, and the
    // shortest round-trip form lets it be read back bit for bit.
    const auto width = static_cast<std::size_t>(map.width());
    std::vector<char> text(width * (kFloatTextMax + 1));
    for (int y = 0; y < map.height(); ++y) {
        const float* row = map.row(y);
        std::size_t used = 0;
        for (std::size_t x = 0; x < width; ++x) {
            used += formatFloatTo(row[x], text.data() + used);
            text[used++] = '\n';
        }
        file.write(text.data(), used);
        progress.rowDone(y);
    }
}

MinMax writeRaw32(AtomicFile& file, const Heightmap& map, const ResolvedMapping& mapping,
                  const WorldUnits& world, RowProgress& progress) {
    // Rows are mapped to metres in blocks of about 1 MiB, each written in one call (few system
    // calls, no copy through stdio). A second thread maps the next block while this one's bytes
    // go to the kernel: the two take about as long, so the file is written in about the time of
    // the slower. The metres of a sample do not depend on which thread maps it. The raw range
    // (the sidecar's) is found on the way, block by block, merged in order.
    const auto width = static_cast<std::size_t>(map.width());
    const int rowsPerBlock = int(std::max<std::size_t>(1, (std::size_t(1) << 18) / width));
    const int blocks = (map.height() + rowsPerBlock - 1) / rowsPerBlock;
    std::vector<float> buffers[2];
    for (auto& b : buffers) b.resize(width * std::size_t(rowsPerBlock));
    std::vector<FiniteRange> ranges(static_cast<std::size_t>(blocks));
    const auto rowsOf = [&](int block) { return std::min(rowsPerBlock, map.height() - block * rowsPerBlock); };
    const auto mapBlock = [&](int block) {
        float* out = buffers[block % 2].data();
        ranges[std::size_t(block)] = finiteRange(map.row(block * rowsPerBlock), width * std::size_t(rowsOf(block)));
        for (int r = 0; r < rowsOf(block); ++r) {
            metresRow(map.row(block * rowsPerBlock + r), width, mapping, world, out + width * std::size_t(r));
        }
        if constexpr (std::endian::native != std::endian::little) {
            for (std::size_t x = 0; x < width * std::size_t(rowsOf(block)); ++x) {
                unsigned char* b = reinterpret_cast<unsigned char*>(out + x);
                std::swap(b[0], b[3]);
                std::swap(b[1], b[2]);
            }
        }
    };
    mapBlock(0);
    for (int block = 0; block < blocks; ++block) {
        std::future<void> next;
        if (block + 1 < blocks) next = std::async(std::launch::async, mapBlock, block + 1);
        file.write(buffers[block % 2].data(), width * std::size_t(rowsOf(block)) * 4);
        if (next.valid()) next.get();
        for (int r = 0; r < rowsOf(block); ++r) progress.rowDone(block * rowsPerBlock + r);
    }
    FiniteRange range;
    for (const FiniteRange& r : ranges) range = merged(range, r);
    return range.minMax();
}

MeshSummary summaryOf(const GridMesh& mesh) {
    return {std::int64_t(mesh.positions.size() / 3), std::int64_t(mesh.indices.size() / 3),
            mesh.maxErrorMetres};
}

// Meshes and derived pictures are built whole and written by their own atomic writers.
bool writeDerived(const Heightmap& map, const std::filesystem::path& path,
                  const ExportOptions& options, const ResolvedMapping& mapping,
                  ExportReport& report) {
    switch (options.format) {
        case ExportFormat::Obj:
        case ExportFormat::Glb: {
            const GridMesh mesh =
                buildGridMesh(map, mapping, options.world, options.targetTriangles);
            if (options.format == ExportFormat::Obj) {
                writeObj(mesh, path, options.transaction);
            } else {
                writeGlb(mesh, path, options.transaction);
            }
            report.mesh = summaryOf(mesh);
            return true;
        }
        case ExportFormat::Normal:
        case ExportFormat::NormalDx:
            writeRgbPng(normalMap(map, mapping, options.world,
                                  options.format == ExportFormat::Normal ? NormalConvention::OpenGL
                                                                         : NormalConvention::DirectX),
                        path, options.transaction);
            return true;
        case ExportFormat::Normal16:
        case ExportFormat::Normal16Dx:
            writeRgb16Png(normalMap16(map, mapping, options.world,
                                      options.format == ExportFormat::Normal16
                                          ? NormalConvention::OpenGL
                                          : NormalConvention::DirectX),
                          map.width(), map.height(), path, options.transaction);
            return true;
        case ExportFormat::Hillshade:
            writeRgbPng(hillshade(map, mapping, options.world), path, options.transaction);
            return true;
        case ExportFormat::Colour:
            writeRgbPng(colourMap(map, mapping), path, options.transaction);
            return true;
        default:
            return false;
    }
}

void checkOptions(const Heightmap& map, const ExportOptions& options) {
    if (map.empty()) {
        throw InputError("heightmap",
                         std::to_string(map.width()) + "x" + std::to_string(map.height()),
                         "a map with at least one sample to export");
    }
    const bool png = options.format == ExportFormat::Png8 || options.format == ExportFormat::Png16;
    if (png && (options.pngCompression < 0 || options.pngCompression > 9)) {
        throw InputError("PNG compression", std::to_string(options.pngCompression),
                         "a zlib level from 0 (none) to 9 (smallest)");
    }
}

}  // namespace

ExportFormat parseExportFormat(const std::string& text, const std::string& field) {
    for (const auto& entry : kFormatNames) {
        if (text == entry.name) return entry.format;
    }
    throw InputError(field, text, "one of png8, png16, raw16, pgm, txt, raw32, exr, tiff32, obj, glb, normal, normal-dx, "
                     "normal16, normal16-dx, hillshade, colour");
}

std::string exportFormatName(ExportFormat format) {
    for (const auto& entry : kFormatNames) {
        if (entry.format == format) return entry.name;
    }
    return "unknown";
}

ExportFormat exportFormatFromPath(const std::filesystem::path& path) {
    const std::string extension = lowercase(path.extension().string());
    if (extension == ".png") return ExportFormat::Png16;
    if (extension == ".r16" || extension == ".raw") return ExportFormat::Raw16;
    if (extension == ".pgm") return ExportFormat::Pgm;
    if (extension == ".txt") return ExportFormat::Txt;
    if (extension == ".r32") return ExportFormat::Raw32;
    if (extension == ".exr") return ExportFormat::Exr;
    if (extension == ".tif" || extension == ".tiff") return ExportFormat::Tiff32;
    if (extension == ".obj") return ExportFormat::Obj;
    if (extension == ".glb") return ExportFormat::Glb;
    throw InputError(field::kOutput, path.string(),
                     "a file ending in .png, .r16, .raw, .pgm, .txt, .r32, .exr, .tif, .tiff, .obj "
                     "or .glb, or give " + FieldText::field(field::kFormat));
}

std::string exportFormatExtension(ExportFormat format) {
    switch (format) {
        case ExportFormat::Png8:
        case ExportFormat::Png16: return ".png";
        case ExportFormat::Raw16: return ".r16";
        case ExportFormat::Pgm: return ".pgm";
        case ExportFormat::Txt: return ".txt";
        case ExportFormat::Raw32: return ".r32";
        case ExportFormat::Exr: return ".exr";
        case ExportFormat::Tiff32: return ".tif";
        case ExportFormat::Obj: return ".obj";
        case ExportFormat::Glb: return ".glb";
        case ExportFormat::Normal:
        case ExportFormat::NormalDx:
        case ExportFormat::Normal16:
        case ExportFormat::Normal16Dx:
        case ExportFormat::Hillshade:
        case ExportFormat::Colour: return ".png";
    }
    return ".bin";
}

SampleLayout sampleLayout(ExportFormat format) {
    switch (format) {
        case ExportFormat::Png8: return {8, "uint8", "n/a", false};
        case ExportFormat::Png16: return {16, "uint16", "big-endian", false};
        case ExportFormat::Raw16: return {16, "uint16", "little-endian", false};
        case ExportFormat::Pgm: return {16, "uint16", "big-endian", false};
        case ExportFormat::Txt: return {32, "text (raw float heights)", "n/a", false};
        case ExportFormat::Raw32: return {32, "float32", "little-endian", true};
        case ExportFormat::Exr: return {32, "float32", "n/a (OpenEXR)", true};
        case ExportFormat::Tiff32: return {32, "float32", "little-endian", true};
        case ExportFormat::Obj: return {32, "mesh, text vertices in metres", "n/a", true};
        case ExportFormat::Glb: return {32, "mesh, float32 vertices in metres", "little-endian", true};
        case ExportFormat::Normal:
        case ExportFormat::NormalDx:
        case ExportFormat::Hillshade:
        case ExportFormat::Colour: return {8, "uint8 RGB (derived picture)", "n/a", false};
        case ExportFormat::Normal16:
        case ExportFormat::Normal16Dx: return {16, "uint16 RGB (normal map)", "big-endian", false};
    }
    return {};
}

ExportReport exportHeightmap(const Heightmap& map, const std::filesystem::path& path,
                             const ExportOptions& options) {
    // Everything that can be refused is refused before a temporary file exists.
    checkOptions(map, options);
    options.world.validate();
    const ResolvedMapping mapping = resolveMapping(options.mapping, map);
    RowProgress progress(options.progress, map.height());
    ExportReport report;
    report.mapping = mapping;
    if (options.format == ExportFormat::Png8) {
        const GreyLevels levels = countGreyLevels(map, mapping);
        report.distinctLevels = levels.whole;
        report.worstWindowLevels = levels.worstWindow;
        if (auto warning = bandingWarning(levels)) report.warnings.push_back(*warning);
    }

    if (writeDerived(map, path, options, mapping, report)) return report;

    AtomicFile file(path, options.transaction);
    switch (options.format) {
        case ExportFormat::Png8:
        case ExportFormat::Png16: {
            PngWriteSpec spec;
            spec.bitDepth = options.format == ExportFormat::Png8 ? 8 : 16;
            spec.compression = options.pngCompression;
            spec.mapping = &options.mapping;
            spec.resolved = mapping;
            writePng(file, map, spec, progress);
            break;
        }
        case ExportFormat::Raw16:
            writeCodes16(file, map, mapping, SampleEncoding::U16LittleEndian, progress);
            break;
        case ExportFormat::Pgm:
            writePgm(file, map, mapping, progress);
            break;
        case ExportFormat::Txt:
            writeTxt(file, map, progress);
            break;
        case ExportFormat::Raw32:
            report.rawFinite = writeRaw32(file, map, mapping, options.world, progress);
            break;
        case ExportFormat::Exr:
            writeExr(file, map, mapping, options.world, progress);
            break;
        case ExportFormat::Tiff32:
            writeTiff32(file, map, mapping, options.world, options.originSamples, progress);
            break;
        default:
            break;  // meshes and pictures were written by writeDerived()
    }
    file.commit();
    return report;
}

}  // namespace terrain::core
