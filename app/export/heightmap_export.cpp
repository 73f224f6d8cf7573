#include "app/export/heightmap_export.h"

#include "core/cancel.h"
#include "core/io/file_transaction.h"
#include "core/io/game_export.h"
#include "core/io/splat.h"
#include "core/registry.h"
#include "core/stack/evaluator.h"
#include "core/world_scale.h"
#include "app/export/export_plan.h"

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
                // The request terrain-cli builds from its flags, so the files (and sidecars)
                // match it.
                core::GameExportRequest request = work.request;
                request.recipe = core::recipeToJson(registry, work.recipe);
                request.recipeSha256 = core::recipeHash(registry, work.recipe);
                // Like terrain-cli: everything about the output is checked before generating.
                const core::Size size =
                    map ? core::Size{map->width(), map->height()}
                        : registry.get(work.recipe.algorithm).sizeForDetail(work.recipe.detail);
                core::checkGameExport(request, size.width, size.height);
                std::optional<core::SplatPlan> splat;
                if (!work.splat.layers.empty()) {
                    splat = core::planSplat(
                        work.splat.layers, work.splat.size,
                        core::masksBefore(registry, work.recipe, work.recipe.operations.size() + 1), request,
                        size.width);
                }
                // Without a finished map (or for splat maps, which need the stack's masks and
                // height scale), generating takes the first half of the progress bar.
                const bool generating = !map || splat;
                core::StackResult stack;
                if (generating) {
                    core::GenerateContext context;
                    context.threads = std::max(1, QThread::idealThreadCount());
                    context.progress = [&promise](float fraction) {
                        promise.setProgressValue(int(fraction * kExportProgressRange / 2));
                    };
                    // The whole stack, in the export's world (the document's, as the dialog shows it).
                    core::StackEvaluator evaluator(registry, 0);  // one evaluation: nothing to keep
                    stack = evaluator.evaluate(work.recipe, request.world, context);
                    map = stack.map;
                }
                if (request.mapping.mode == core::HeightMapping::Mode::World) {
                    if (generating) {
                        request.mapping = stack.world;  // the evaluation computed it (as terrain-cli uses it)
                    } else {
                        core::GenerateContext context;
                        context.threads = std::max(1, QThread::idealThreadCount());
                        request.mapping =
                            core::worldMapping(registry, work.recipe, request.world.metresPerPixel, context);
                    }
                }
                const int base = generating ? kExportProgressRange / 2 : 0;
                const int span = kExportProgressRange - base;
                request.progress = [&promise, base, span](float fraction) {
                    promise.setProgressValue(base + int(std::clamp(fraction, 0.0f, 1.0f) *
                                                        float(span)));
                };
                // Heightmap and splat maps are put in place together, or neither.
                core::FileTransaction transaction;
                const core::GameExportResult result = core::runGameExport(*map, request, transaction);
                std::optional<core::SplatResult> splatFiles;
                if (splat) {
                    splatFiles = core::writeSplatFor(*splat, *map, stack.heights, request.world.metresPerPixel,
                                                     stack.masks, request.output, transaction);
                }
                transaction.commit();
                promise.setProgressValue(kExportProgressRange);
                HeightmapExportOutcome outcome;
                if (splatFiles) {
                    for (const std::filesystem::path& file : splatFiles->files) {
                        outcome.splatFiles << QFile::decodeName(QByteArray::fromStdString(file.string()));
                    }
                    outcome.splatSteps = QString::fromStdString(
                        core::splatStepsText(*splat, *splatFiles, request.preset ? request.preset->id : ""));
                }
                // Fields by the export dialog's labels, as its own messages name them.
                for (const core::FieldText& warning : result.warnings) {
                    outcome.warnings << QString::fromStdString(warning.render(dialogFieldNames()));
                }
                for (const std::string& journal : transaction.refusedJournals()) {
                    outcome.warnings << QString::fromStdString(core::kRefusedJournalNote + journal);
                }
                for (const std::filesystem::path& file : result.files) {
                    outcome.files << QFile::decodeName(QByteArray::fromStdString(file.string()));
                }
                outcome.width = result.width;
                outcome.height = result.height;
                if (request.preset) {
                    outcome.engineSettings = QString::fromStdString(
                        core::settingsText(*request.preset, result.settings));
                }
                promise.addResult(outcome);
            } catch (const core::InputError& e) {
                HeightmapExportOutcome failed;
                failed.error = dialogMessage(e);
                promise.addResult(failed);
            } catch (const core::SizeError& e) {
                HeightmapExportOutcome failed;
                failed.error = dialogMessage(e);
                promise.addResult(failed);
            } catch (const std::exception& e) {
                HeightmapExportOutcome failed;
                failed.error = QString::fromUtf8(e.what());
                promise.addResult(failed);
            }
        },
        std::move(job));
}

}  // namespace terrain::app
