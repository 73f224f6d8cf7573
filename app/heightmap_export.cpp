#include "heightmap_export.h"

#include "core/cancel.h"
#include "core/io/game_export.h"
#include "core/registry.h"

#include <QFile>
#include <QPromise>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <exception>

namespace terrain::app {

std::filesystem::path toFilesystemPath(const QString& path) {
    return std::filesystem::path(QFile::encodeName(path).toStdString());
}

QFuture<HeightmapExportOutcome> startHeightmapExport(const core::Registry& registry,
                                                     HeightmapExportJob job) {
    return QtConcurrent::run(
        [&registry](QPromise<HeightmapExportOutcome>& promise, HeightmapExportJob work) {
            promise.setProgressRange(0, kExportProgressRange);
            try {
                std::shared_ptr<const core::Heightmap> map = work.map;
                // Without a finished map, generating takes the first half of the progress bar.
                const bool generating = !map;
                if (generating) {
                    core::GenerateContext context;
                    context.threads = std::max(1, QThread::idealThreadCount());
                    context.progress = [&promise](float fraction) {
                        promise.setProgressValue(int(fraction * kExportProgressRange / 2));
                    };
                    map = std::make_shared<const core::Heightmap>(
                        core::generate(registry, work.recipe, context));
                }
                const int base = generating ? kExportProgressRange / 2 : 0;
                const int span = kExportProgressRange - base;
                // The same request terrain-cli builds, so the files (and sidecars) match it.
                core::GameExportRequest request;
                request.output = work.path;
                request.format = work.options.format;
                request.mapping = work.options.mapping;
                request.world = work.options.world;
                request.pngCompression = work.options.pngCompression;
                request.recipe = core::recipeToJson(registry, work.recipe);
                request.recipeSha256 = core::recipeHash(registry, work.recipe);
                request.progress = [&promise, base, span](float fraction) {
                    promise.setProgressValue(base + int(std::clamp(fraction, 0.0f, 1.0f) *
                                                        float(span)));
                };
                core::checkGameExport(request, map->width(), map->height());
                const core::GameExportResult result = core::runGameExport(*map, request);
                promise.setProgressValue(kExportProgressRange);
                HeightmapExportOutcome outcome;
                for (const std::string& warning : result.warnings) {
                    outcome.warnings << QString::fromStdString(warning);
                }
                promise.addResult(outcome);
            } catch (const std::exception& e) {
                promise.addResult(HeightmapExportOutcome{QString::fromUtf8(e.what()), {}});
            }
        },
        std::move(job));
}

}  // namespace terrain::app
