#include "export.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "../errors.h"
#include "atomic_file.h"
#include "export_rows.h"
#include "float_text.h"
#include "png_writer.h"

namespace terrain::core {

namespace {

struct FormatName {
    ExportFormat format;
    const char* name;
};

constexpr FormatName kFormatNames[] = {
    {ExportFormat::Png8, "png8"}, {ExportFormat::Png16, "png16"}, {ExportFormat::Raw16, "raw16"},
    {ExportFormat::Pgm, "pgm"},   {ExportFormat::Txt, "txt"},
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
    throw InputError(field, text, "one of png8, png16, raw16, pgm, txt");
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
    throw InputError("--output", path.string(),
                     "a file ending in .png, .r16, .raw, .pgm or .txt, or give --format");
}

void exportHeightmap(const Heightmap& map, const std::filesystem::path& path,
                     const ExportOptions& options) {
    // Everything that can be refused is refused before a temporary file exists.
    checkOptions(map, options);
    const ResolvedMapping mapping = resolveMapping(options.mapping, map);
    RowProgress progress(options.progress, map.height());

    AtomicFile file(path);
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
    }
    file.commit();
}

}  // namespace terrain::core
