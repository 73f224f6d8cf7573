#pragma once
// Runs core::runGameExport off the GUI thread. The editor and terrain-cli build the same request
// (format, preset, mapping, world units, size, tiles; recipe JSON and hash for the sidecar) for
// the same core function on the same map, so their files are byte-identical for the same recipe.
#include "core/heightmap.h"
#include "core/io/game_export.h"
#include "core/recipe.h"
#include "app/export/export_plan.h"

#include <QFuture>
#include <QString>
#include <QStringList>

#include <filesystem>
#include <memory>

namespace terrain::core {
class Registry;
}

namespace terrain::app {

struct HeightmapExportJob {
    // The map on screen when it was made from `recipe`; null makes the job generate it first
    // (when the export is asked for while a generation is still running).
    std::shared_ptr<const core::Heightmap> map;
    core::Recipe recipe;
    // Everything but the recipe, its hash and the progress callback, which the job fills in.
    core::GameExportRequest request;
    // Splat maps beside the heightmap: the job evaluates the stack (for its masks and height
    // scale) and writes heightmap and splat maps as one transaction, as terrain-cli does.
    SplatChoice splat;
};

inline constexpr int kExportProgressRange = 1000;

struct HeightmapExportOutcome {
    QString error;         // empty on success, else the message (IoError, InputError, SizeError, …)
    QStringList warnings;  // the exporter's notes for the user (e.g. few distinct 8-bit levels)
    QStringList files;     // written, each with a .json sidecar
    QStringList splatFiles;  // the splat maps and their _splat.json
    QString splatSteps;      // core::splatStepsText: each layer's file and the engine's import steps
    int width = 0;         // of each file
    int height = 0;
    QString engineSettings;  // with a preset: core::settingsText, what to type into the engine
};

// Runs on the global thread pool; progress goes 0..kExportProgressRange.
QFuture<HeightmapExportOutcome> startHeightmapExport(const core::Registry& registry,
                                                     HeightmapExportJob job);

std::filesystem::path toFilesystemPath(const QString& path);

}  // namespace terrain::app
