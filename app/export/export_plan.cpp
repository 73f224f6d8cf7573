#include "app/export/export_plan.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStringList>

#include "core/io/splat.h"

#include <exception>

namespace terrain::app {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("ExportPreview", text); }

// core's field id -> the dialog's label.
struct FieldLabel {
    const char* field;
    const char* label;
};
const FieldLabel kLabels[] = {
    {core::field::kOutput, "File"},
    {core::field::kFormat, "Format"},
    {core::field::kPreset, "Engine preset"},
    {core::field::kMapping, "Mapping"},
    {core::field::kMetresPerPixel, "Metres per pixel"},
    {core::field::kHeightRange, "Height low/high"},
    {core::field::kSize, "Output size"},
    {core::field::kResize, "Resize"},
    {core::field::kTiles, "Tiles"},
    {core::field::kTileBorder, "Shared border"},
    {core::field::kTilePattern, "Tile names"},
    {core::field::kTriangles, "Triangle target"},
    {core::field::kSplat, "Splat layers"},
    {core::field::kSplatSize, "Splat size"},
};

QString sizeText(int width, int height) {
    return QStringLiteral("%1 × %2").arg(width).arg(height);
}

class DialogFieldNames final : public core::FieldNames {
public:
    std::string field(const std::string& id) const override {
        for (const FieldLabel& entry : kLabels) {
            if (id == entry.field) return tr(entry.label).toStdString();
        }
        return id;
    }

    // As the fields show them, joined by commas: the output size with its ×, a resize mode by
    // the words of the resize choice (which has no label of its own).
    std::string settings(const std::vector<core::FieldSetting>& settings) const override {
        QStringList parts;
        for (const core::FieldSetting& s : settings) {
            const QString value = QString::fromStdString(s.value);
            const QString label = QString::fromStdString(field(s.field));
            try {
                if (s.field == core::field::kResize) {
                    parts << resizeModeText(core::parseResizeMode(s.value));
                    continue;
                }
                if (s.field == core::field::kSize) {
                    const core::OutputSize size = core::parseOutputSize(s.value);
                    parts << label + QLatin1Char(' ') + sizeText(size.width, size.height);
                    continue;
                }
            } catch (const core::InputError&) {
                // Not a value core writes in a suggestion: shown as it is below.
            }
            parts << label + QLatin1Char(' ') + value;
        }
        return parts.join(QStringLiteral(", ")).toStdString();
    }
};

QString fileName(const std::filesystem::path& path) {
    return QFileInfo(QFile::decodeName(QByteArray::fromStdString(path.string()))).fileName();
}

// The files the export writes and their size, for a request that passed checkGameExport.
QString describeFiles(const core::GameExportRequest& request, const core::GameExportPlan& plan,
                      QSize source) {
    const QString formatName = QString::fromStdString(core::exportFormatName(plan.format));
    const QString fileSize = sizeText(plan.fileWidth, plan.fileHeight);
    QString text;
    if (plan.tiles) {
        const core::TileLayout& t = *plan.tiles;
        text = tr("Writes %1 tiles of %2 (%3): %4 … %5")
                   .arg(t.columns * t.rows)
                   .arg(fileSize, formatName,
                        fileName(core::tilePath(request.output, request.tilePattern, 0, 0, t.columns, t.rows)),
                        fileName(core::tilePath(request.output, request.tilePattern,
                                                t.columns - 1, t.rows - 1, t.columns, t.rows)));
    } else {
        text = tr("Writes %1 (%2, %3)").arg(fileName(request.output), fileSize, formatName);
    }
    text += tr(", each with a .json sidecar.");
    if (plan.width != source.width() || plan.height != source.height()) {
        text += QLatin1Char(' ') +
                (request.resize == core::ResizeMode::Crop ? tr("Cropped from %1 (centred).")
                                                          : tr("Resampled from %1 (bicubic)."))
                    .arg(sizeText(source.width(), source.height()));
    }
    return text;
}

// The splat files beside the heightmap, as core::writeSplat names them.
QString describeSplat(const core::GameExportRequest& request, const core::SplatPlan& plan) {
    std::filesystem::path stem = request.output;
    stem.replace_extension();
    const QString base = fileName(stem);
    const int layers = int(plan.layers.size());
    if (plan.style == core::SplatStyle::Rgba8) {
        const int files = (layers + 3) / 4;
        return tr("Splat maps: %1 layer(s) in %2 RGBA PNG(s) of %3, 4 layers each (%4_splat0.png …), "
                  "weights summing to 255, and %4_splat.json.")
            .arg(layers)
            .arg(files)
            .arg(sizeText(plan.size, plan.size), base);
    }
    if (plan.style == core::SplatStyle::Terrain3DControl) {
        return tr("Splat maps: %1 layer(s) as Terrain3D's control map of %2 (%3_control.exr: layer i is texture "
                  "id i, two textures per vertex), and %3_splat.json.")
            .arg(layers)
            .arg(sizeText(plan.size, plan.size), base);
    }
    const bool grey8 = plan.style == core::SplatStyle::Grey8;
    return tr("Splat maps: %1 layer(s), one %2-bit grey PNG each of %3 (%4_%5.png …), weights summing to %6, "
              "and %4_splat.json.")
        .arg(layers)
        .arg(grey8 ? 8 : 16)
        .arg(sizeText(plan.size, plan.size), base, QString::fromStdString(plan.layers.front().name))
        .arg(grey8 ? 255 : 65535);
}

}  // namespace

std::vector<std::string> splitSplatLayers(const QString& text) {
    std::vector<std::string> layers;
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    for (const QString& part : text.split(separators, Qt::SkipEmptyParts)) layers.push_back(part.toStdString());
    return layers;
}

const core::FieldNames& dialogFieldNames() {
    static const DialogFieldNames names;
    return names;
}

QString dialogMessage(const core::InputError& error) {
    return QString::fromStdString(error.message(dialogFieldNames()));
}

QString dialogMessage(const core::SizeError& error) {
    return QString::fromStdString(error.message(dialogFieldNames()));
}

QString resizeModeText(core::ResizeMode mode) {
    return mode == core::ResizeMode::Crop ? tr("centred crop") : tr("bicubic resample");
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
        const core::GameExportPlan plan =
            core::checkGameExport(request, source.width(), source.height());
        preview.summary = describeFiles(request, plan, source);
        if (!settings.splat.layers.empty()) {
            const core::SplatPlan splat =
                core::planSplat(settings.splat.layers, settings.splat.size, settings.masksMade, request,
                                source.width());
            preview.summary += QLatin1Char(' ') + describeSplat(request, splat);
        }
        if (request.preset) {
            preview.engineSettings = QString::fromStdString(core::settingsText(
                *request.preset, core::engineSettings(*request.preset, plan.format,
                                                      plan.fileWidth, plan.fileHeight,
                                                      core::exportedWorld(request, source.width(),
                                                                          source.height()))));
        }
    } catch (const core::InputError& e) {
        preview.error = dialogMessage(e);
    } catch (const core::SizeError& e) {  // a size that does not fit in memory
        preview.error = dialogMessage(e);
    } catch (const std::exception& e) {
        preview.error = QString::fromUtf8(e.what());
    }
    return preview;
}

}  // namespace terrain::app
