#pragma once
// The export dialog's logic without its widgets: what core would say about the export the dialog
// describes (checked against the size of the map it starts from), what it would write, and the
// numbers to type into the engine; core's messages name terrain-cli's flags, these name the
// dialog's fields. Everything here asks core, so the dialog accepts exactly what the CLI accepts.
#include "core/errors.h"
#include "core/io/game_export.h"

#include <QSize>
#include <QString>

#include <optional>

namespace terrain::app {

// What the export dialog asks for: the file and core's request for it (output, format, preset,
// mapping, world units, size, tiles, triangle target). Recipe and progress come at export time.
struct ExportSettings {
    QString path;
    core::GameExportRequest request;
};

// The generic tile names offered beside Unreal's core::kUnrealTilePattern (docs/exporting.md).
inline constexpr const char* kGenericTilePattern = "{stem}-r{y}-c{x}{ext}";

struct ExportPreview {
    QString error;           // empty when the export can run; else field, value and what is allowed
    QString summary;         // the files it will write
    QString engineSettings;  // with a preset and no error: core::settingsText, the numbers to type
};

// Checks `settings` for a map of `source` samples the way the export will (core::checkGameExport
// and the dialog's own fields), and describes the result.
ExportPreview previewExport(const ExportSettings& settings, QSize source);

// core's "FIELD: 'VALUE' is not allowed; expected ALLOWED" with terrain-cli's flags replaced by
// the dialog's field names ("--size" -> "Output size").
QString dialogMessage(const core::InputError& error);

bool presetAccepts(const core::EnginePreset& preset, core::ExportFormat format);

// With a preset whose size rule refuses the current output size (of each tile, when tiling): the
// nearest output size whose files it accepts (square files, tiled like now). Nothing when the
// current size is accepted, there is no preset, or no size up to 65536 fits.
std::optional<core::OutputSize> suggestedOutputSize(const core::GameExportRequest& request,
                                                    QSize source);

// The file extension for `format`: core's, except ".raw" for Godot HTerrain, whose importer lists
// 16-bit raw files only under that name.
QString extensionFor(core::ExportFormat format, const core::EnginePreset* preset);

}  // namespace terrain::app
