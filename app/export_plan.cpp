#include "export_plan.h"

#include "core/errors.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <exception>
#include <string_view>

namespace terrain::app {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("ExportPreview", text); }

// terrain-cli's flag (or core's own field name) -> the dialog's label.
struct FieldLabel {
    const char* field;
    const char* label;
};
const FieldLabel kLabels[] = {
    {"--metres-per-pixel", "Metres per pixel"},
    {"metres per pixel", "Metres per pixel"},
    {"--height-range", "Height low/high"},
    {"height range", "Height low/high"},
    {"--tile-border", "Shared border"},
    {"--tile-pattern", "Tile names"},
    {"--tiles", "Tiles"},
    {"--size", "Output size"},
    {"--resize", "Resize"},
    {"--preset", "Engine preset"},
    {"--format", "Format"},
    {"--triangles", "Triangle target"},
    {"--map", "Mapping"},
};

bool isMesh(core::ExportFormat format) {
    return format == core::ExportFormat::Obj || format == core::ExportFormat::Glb;
}

QString sizeText(int width, int height) {
    return QStringLiteral("%1 × %2").arg(width).arg(height);
}

QString fileName(const std::filesystem::path& path) {
    return QFileInfo(QFile::decodeName(QByteArray::fromStdString(path.string()))).fileName();
}

bool presetAcceptsSize(const core::EnginePreset& preset, int width, int height) {
    try {
        core::checkPresetSize(preset, width, height);
        return true;
    } catch (const core::InputError&) {
        return false;
    }
}

// The files the export writes and their size, for a request that passed checkGameExport.
QString describeFiles(const core::GameExportRequest& request, core::ExportFormat format,
                      QSize source, int fileWidth, int fileHeight) {
    const QString formatName = QString::fromStdString(core::exportFormatName(format));
    QString text;
    if (request.tiles) {
        const core::TileLayout& t = *request.tiles;
        text = tr("Writes %1 tiles of %2 (%3): %4 … %5")
                   .arg(t.columns * t.rows)
                   .arg(sizeText(fileWidth, fileHeight), formatName,
                        fileName(core::tilePath(request.output, request.tilePattern, 0, 0)),
                        fileName(core::tilePath(request.output, request.tilePattern,
                                                t.columns - 1, t.rows - 1)));
    } else {
        text = tr("Writes %1 (%2, %3)")
                   .arg(fileName(request.output), sizeText(fileWidth, fileHeight), formatName);
    }
    text += tr(", each with a .json sidecar.");
    if (request.size &&
        (request.size->width != source.width() || request.size->height != source.height())) {
        text += QLatin1Char(' ') +
                (request.resize == core::ResizeMode::Crop ? tr("Cropped from %1 (centred).")
                                                          : tr("Resampled from %1 (bicubic)."))
                    .arg(sizeText(source.width(), source.height()));
    }
    return text;
}

}  // namespace

QString dialogMessage(const core::InputError& error) {
    QString field = QString::fromStdString(error.field());
    QString allowed = QString::fromStdString(error.allowed());
    // The presets' size hint reads as a command line; say it in the dialog's terms.
    static const QRegularExpression sizeHint(QStringLiteral(
        R"(try --size (\d+)x(\d+) --resize bicubic \(or --resize crop\))"));
    allowed.replace(sizeHint, tr("try Output size \\1 × \\2 (bicubic or crop)"));
    for (const FieldLabel& entry : kLabels) {
        const QString flag = QString::fromLatin1(entry.field);
        if (field == flag) field = tr(entry.label);
        if (flag.startsWith(QLatin1String("--"))) allowed.replace(flag, tr(entry.label));
    }
    return tr("%1: '%2' is not allowed; expected %3")
        .arg(field, QString::fromStdString(error.value()), allowed);
}

ExportPreview previewExport(const ExportSettings& settings, QSize source) {
    ExportPreview preview;
    const core::GameExportRequest& request = settings.request;
    if (settings.path.trimmed().isEmpty()) {
        preview.error = tr("File: choose where to write the heightmap.");
        return preview;
    }
    const core::HeightMapping& mapping = request.mapping;
    if (mapping.mode == core::HeightMapping::Mode::Clamp && !(mapping.hi > mapping.lo)) {
        preview.error = tr("Clamp high: '%1' is not allowed; expected a value greater than "
                           "Clamp low (%2).")
                            .arg(double(mapping.hi))
                            .arg(double(mapping.lo));
        return preview;
    }
    try {
        core::checkGameExport(request, source.width(), source.height());
        const core::ExportFormat format = core::resolveFormat(request);
        // terrain-cli takes --triangles from 2; 1 would quietly mean "as few as possible".
        if (isMesh(format) && request.targetTriangles == 1) {
            preview.error = tr("Triangle target: '1' is not allowed; expected 0 (every sample) "
                               "or a whole number from 2.");
            return preview;
        }
        int width = request.size ? request.size->width : source.width();
        int height = request.size ? request.size->height : source.height();
        if (request.tiles) {
            const core::TileLayout layout = core::layoutTiles(*request.tiles, width, height);
            width = layout.tileWidth;
            height = layout.tileHeight;
        }
        preview.summary = describeFiles(request, format, source, width, height);
        if (request.preset) {
            preview.engineSettings = QString::fromStdString(core::settingsText(
                *request.preset,
                core::engineSettings(*request.preset, format, width, height, request.world)));
        }
    } catch (const core::InputError& e) {
        preview.error = dialogMessage(e);
    } catch (const std::exception& e) {  // SizeError: a size that does not fit in memory
        preview.error = QString::fromUtf8(e.what());
    }
    return preview;
}

bool presetAccepts(const core::EnginePreset& preset, core::ExportFormat format) {
    try {
        core::checkPresetFormat(preset, format);
        return true;
    } catch (const core::InputError&) {
        return false;
    }
}

std::optional<core::OutputSize> suggestedOutputSize(const core::GameExportRequest& request,
                                                    QSize source) {
    if (!request.preset) return std::nullopt;
    const core::EnginePreset& preset = *request.preset;
    const int width = request.size ? request.size->width : source.width();
    const int height = request.size ? request.size->height : source.height();
    const int columns = request.tiles ? request.tiles->columns : 1;
    const int rows = request.tiles ? request.tiles->rows : 1;
    const int border = request.tiles ? request.tiles->border : 1;
    if (request.tiles) {
        try {
            const core::TileLayout layout = core::layoutTiles(*request.tiles, width, height);
            if (presetAcceptsSize(preset, layout.tileWidth, layout.tileHeight)) return std::nullopt;
        } catch (const core::InputError&) {
            // The tiles do not divide the map: a suggestion makes them.
        }
    } else if (presetAcceptsSize(preset, width, height)) {
        return std::nullopt;
    }
    // File side <-> output side for the tiling in use (one file: the same).
    const auto fileSide = [&](int side, int count) {
        return border == 1 ? (side - 1) / count + 1 : side / count;
    };
    const auto outputSide = [&](int file, int count) {
        return border == 1 ? (file - 1) * count + 1 : file * count;
    };
    constexpr int kMaxSide = 65536;  // what core::parseOutputSize allows
    const int current = std::max(fileSide(width, columns), fileSide(height, rows));
    for (int distance = 0; distance <= kMaxSide; ++distance) {
        for (const int side : {current - distance, current + distance}) {
            if (side < 2 || side > kMaxSide || !presetAcceptsSize(preset, side, side)) continue;
            const core::OutputSize size{outputSide(side, columns), outputSide(side, rows)};
            if (size.width <= kMaxSide && size.height <= kMaxSide) return size;
        }
    }
    return std::nullopt;
}

QString extensionFor(core::ExportFormat format, const core::EnginePreset* preset) {
    if (preset && std::string_view(preset->id) == "godot-hterrain" &&
        format == core::ExportFormat::Raw16) {
        return QStringLiteral(".raw");
    }
    return QString::fromStdString(core::exportFormatExtension(format));
}

}  // namespace terrain::app
