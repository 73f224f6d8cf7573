#pragma once
// Runs core::exportHeightmap off the GUI thread. The editor and terrain-cli call the same core
// function on the same map, so their files are byte-identical for the same recipe.
#include "core/heightmap.h"
#include "core/io/export.h"
#include "core/recipe.h"

#include <QFuture>
#include <QString>

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
    std::filesystem::path path;
    core::ExportOptions options;  // its progress callback is replaced
};

inline constexpr int kExportProgressRange = 1000;

// Runs on the global thread pool; progress goes 0..kExportProgressRange. The result is empty on
// success, else the error message (core::IoError, core::InputError, core::SizeError, …).
QFuture<QString> startHeightmapExport(const core::Registry& registry, HeightmapExportJob job);

std::filesystem::path toFilesystemPath(const QString& path);

}  // namespace terrain::app
