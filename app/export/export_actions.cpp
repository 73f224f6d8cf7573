#include "app/export/export_actions.h"

#include "app/document/document_format.h"
#include "app/editor/error_text.h"
#include "app/export/export_dialog.h"
#include "app/export/heightmap_export.h"
#include "app/editor/prompts.h"

#include "core/registry.h"
#include "render/preview_widget.h"
#include "render/terrain_view.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QImage>
#include <QImageWriter>
#include <QProgressDialog>
#include <QSettings>
#include <QWidget>

namespace terrain::app {

namespace {
const QString kFolderKey = QStringLiteral("files/lastExportFolder");
const QString kImageFilter = QStringLiteral("PNG images (*.png);;JPEG images (*.jpg);;All files (*)");
}  // namespace

ExportActions::ExportActions(const core::Registry& registry, Prompts* prompts, QWidget* window,
                             std::function<Source()> source, render::PreviewWidget* preview,
                             render::TerrainView* terrainView, QObject* parent)
    : QObject(parent),
      m_registry(registry),
      m_prompts(prompts),
      m_window(window),
      m_source(std::move(source)),
      m_preview(preview),
      m_terrainView(terrainView) {}

void ExportActions::exportHeightmap() {
    const Source source = m_source();
    core::Size size;
    try {
        size = m_registry.get(source.recipe.algorithm).sizeForDetail(source.recipe.detail);
    } catch (...) {
        m_prompts->showError(tr("Export failed"),
                             tr("The document cannot be exported:\n%1").arg(currentErrorText()));
        return;
    }
    ExportDialog dialog(suggestedExportPath(source.documentPath, lastFolder()),
                        QSize(size.width, size.height), source.world, m_window);
    try {
        dialog.setMasks(core::masksBefore(m_registry, source.recipe, source.recipe.operations.size() + 1));
    } catch (...) {
        // A recipe the registry cannot read offers no masks; the export reports the recipe itself.
    }
    if (m_lastChoices) {
        // The last export's choices; another document (or a first save) starts from its own
        // folder and name (setChoices keeps the extension the format asks for).
        ExportSettings last = *m_lastChoices;
        if (source.documentPath != m_lastDocumentPath) {
            last.path = suggestedExportPath(source.documentPath, lastFolder());
        }
        dialog.setChoices(last);
    }
    if (dialog.exec() != QDialog::Accepted) return;
    const ExportSettings settings = dialog.settings();
    m_lastChoices = settings;
    m_lastDocumentPath = source.documentPath;
    const WorldSize world = dialog.worldSize();
    if (!(world == source.world)) {
        emit worldSizeChosen(world);
        // Refused (a parameter would leave its range in that world; the error is shown): the
        // terrain stays in its world, and nothing is written in another one.
        if (!(m_source().world == world)) return;
    }
    exportHeightmapTo(settings.path, settings.request, settings.splat);
}

QString ExportActions::suggestedExportPath(const QString& documentPath,
                                          const QString& lastFolder) {
    if (documentPath.isEmpty()) return QDir(lastFolder).filePath(QStringLiteral("heightmap.png"));
    const QFileInfo document(documentPath);
    QString name = document.fileName();
    const QString suffix = QString::fromLatin1(kDocumentSuffix);
    if (name.endsWith(suffix, Qt::CaseInsensitive)) {
        name.chop(suffix.size());
    } else if (const qsizetype dot = name.lastIndexOf(QLatin1Char('.')); dot > 0) {
        name.truncate(dot);
    }
    if (name.isEmpty()) name = QStringLiteral("heightmap");
    return document.absoluteDir().filePath(name + QStringLiteral(".png"));
}

QFuture<HeightmapExportOutcome> ExportActions::exportHeightmapTo(const QString& path,
                                                                 core::GameExportRequest request,
                                                                 SplatChoice splat) {
    rememberFolder(path);
    const Source source = m_source();
    HeightmapExportJob job;
    job.map = source.map;
    job.recipe = source.recipe;
    job.request = std::move(request);
    job.request.world = core::worldUnits(source.recipe);  // the recipe's world is the one truth
    job.request.output = toFilesystemPath(path);
    job.splat = std::move(splat);
    QFuture<HeightmapExportOutcome> future;
    try {
        future = startHeightmapExport(m_registry, std::move(job));
    } catch (...) {
        HeightmapExportOutcome failed;
        failed.error = currentErrorText();
        reportExport(path, failed);
        return QtFuture::makeReadyFuture(failed);
    }

    auto* progress = new QProgressDialog(tr("Exporting %1…").arg(QFileInfo(path).fileName()),
                                         QString(), 0, kExportProgressRange, m_window);
    progress->setWindowModality(Qt::NonModal);
    progress->setMinimumDuration(400);
    progress->setAutoClose(false);
    progress->setAutoReset(false);
    auto* watcher = new QFutureWatcher<HeightmapExportOutcome>(this);
    connect(watcher, &QFutureWatcher<HeightmapExportOutcome>::progressValueChanged, progress,
            &QProgressDialog::setValue);
    connect(watcher, &QFutureWatcher<HeightmapExportOutcome>::finished, this,
            [this, watcher, progress, path] {
                progress->deleteLater();
                watcher->deleteLater();
                // A job that threw instead of returning its error rethrows here.
                HeightmapExportOutcome outcome;
                try {
                    outcome = watcher->result();
                } catch (...) {
                    outcome.error = currentErrorText();
                }
                reportExport(path, outcome);
            });
    watcher->setFuture(future);
    return future;
}

void ExportActions::reportExport(const QString& path, const HeightmapExportOutcome& outcome) {
    if (!outcome.error.isEmpty()) {
        m_prompts->showError(tr("Export failed"),
                             tr("The heightmap was not exported (no file was written):\n%1")
                                 .arg(outcome.error));
        return;
    }
    const QString where = outcome.files.size() == 1
                              ? QDir::toNativeSeparators(outcome.files.front())
                              : tr("%1 tiles to %2")
                                    .arg(outcome.files.size())
                                    .arg(QDir::toNativeSeparators(QFileInfo(path).absolutePath()));
    QString message = tr("Exported %1").arg(where);
    if (!outcome.splatFiles.isEmpty()) {
        message += tr(" and %1 splat map file(s)").arg(outcome.splatFiles.size());
    }
    if (!outcome.warnings.isEmpty()) {
        message += QStringLiteral(" — ") + outcome.warnings.join(QStringLiteral("; "));
    }
    emit statusMessage(message);
    if (outcome.engineSettings.isEmpty() && outcome.warnings.isEmpty() && outcome.splatFiles.isEmpty()) return;

    // The numbers to type into the engine, and what to look out for, in one text to copy.
    const QString files = outcome.files.size() == 1 ? tr("1 file")
                                                    : tr("%1 files").arg(outcome.files.size());
    QString report = tr("Wrote %1 of %2 × %3, each with a .json sidecar:\n")
                         .arg(files)
                         .arg(outcome.width)
                         .arg(outcome.height);
    for (const QString& file : outcome.files) {
        report += QStringLiteral("  ") + QDir::toNativeSeparators(file) + QLatin1Char('\n');
    }
    if (!outcome.engineSettings.isEmpty()) report += QLatin1Char('\n') + outcome.engineSettings;
    if (!outcome.splatFiles.isEmpty()) {
        report += QLatin1Char('\n') + tr("Wrote %1 splat map file(s):").arg(outcome.splatFiles.size()) +
                  QLatin1Char('\n');
        for (const QString& file : outcome.splatFiles) {
            report += QStringLiteral("  ") + QDir::toNativeSeparators(file) + QLatin1Char('\n');
        }
        // The layers' files and the engine's steps for them, as terrain-cli prints them.
        report += outcome.splatSteps;
    }
    if (!outcome.warnings.isEmpty()) {
        report += QLatin1Char('\n') + tr("Warnings:") + QLatin1Char('\n');
        for (const QString& warning : outcome.warnings) {
            report += QStringLiteral("  ") + warning + QLatin1Char('\n');
        }
    }
    m_prompts->showReport(tr("Exported"), report);
}

void ExportActions::exportTerrainView() {
    const QString path = m_prompts->askSavePath(
        tr("Export 3-D View as Image"), QDir(lastFolder()).filePath(QStringLiteral("terrain-3d.png")),
        kImageFilter);
    if (!path.isEmpty()) saveTerrainViewImage(path);
}

void ExportActions::exportPreview() {
    const QString path = m_prompts->askSavePath(
        tr("Export 2-D Preview as Shown"),
        QDir(lastFolder()).filePath(QStringLiteral("terrain-preview.png")), kImageFilter);
    if (!path.isEmpty()) savePreviewImage(path);
}

bool ExportActions::saveTerrainViewImage(const QString& path) {
    return saveImage(m_terrainView->grabFramebuffer(), path, tr("3-D view"));
}

bool ExportActions::savePreviewImage(const QString& path) {
    return saveImage(m_preview->image(), path, tr("2-D preview"));
}

bool ExportActions::saveImage(const QImage& image, const QString& path, const QString& what) {
    rememberFolder(path);
    if (image.isNull()) {
        m_prompts->showError(tr("Export failed"), tr("The %1 has no image yet.").arg(what));
        return false;
    }
    // QImageWriter writes in place; a temporary name + rename keeps a failed write from leaving
    // half a file behind.
    const QFileInfo target(path);
    const QString temporary =
        target.dir().filePath(QStringLiteral(".") + target.fileName() + QStringLiteral(".part"));
    QImageWriter writer(temporary, target.suffix().toLatin1().isEmpty()
                                       ? QByteArray("png")
                                       : target.suffix().toLower().toLatin1());
    if (!writer.write(image)) {
        QFile::remove(temporary);
        m_prompts->showError(tr("Export failed"),
                             tr("The %1 could not be written to %2:\n%3")
                                 .arg(what, QDir::toNativeSeparators(path), writer.errorString()));
        return false;
    }
    QFile::remove(path);
    if (!QFile::rename(temporary, path)) {
        QFile::remove(temporary);
        m_prompts->showError(tr("Export failed"),
                             tr("The %1 could not be moved into place at %2.")
                                 .arg(what, QDir::toNativeSeparators(path)));
        return false;
    }
    emit statusMessage(tr("Saved the %1 to %2").arg(what, QDir::toNativeSeparators(path)));
    return true;
}

QString ExportActions::lastFolder() const {
    return QSettings().value(kFolderKey, QDir::homePath()).toString();
}

void ExportActions::rememberFolder(const QString& path) {
    QSettings().setValue(kFolderKey, QFileInfo(path).absolutePath());
}

}  // namespace terrain::app
