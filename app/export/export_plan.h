#pragma once
// The export dialog's logic without its widgets: what core would say about the export the dialog
// describes (checked against the size of the map it starts from), what it would write, and the
// numbers to type into the engine. Every rule is core's (checkGameExport), so the dialog accepts
// exactly what the CLI accepts; core's messages name fields by id and this names them by the
// dialog's labels.
#include "core/errors.h"
#include "core/io/game_export.h"

#include <QSize>
#include <QString>

#include <string>
#include <vector>

namespace terrain::app {

// What the export dialog asks for: the file and core's request for it (output, format, preset,
// mapping, world units, size, tiles, triangle target). Recipe and progress come at export time.
// Splat maps beside the heightmap: the layers as terrain-cli --splat takes them
// ("rock=slope>35"), in order, and --splat-size (0: the size core picks for the preset).
struct SplatChoice {
    std::vector<std::string> layers;
    int size = 0;
};

struct ExportSettings {
    QString path;
    core::GameExportRequest request;
    QSize source;  // the map's size the choices were made for
    SplatChoice splat;
    std::vector<std::string> masksMade;  // the masks the document's stack makes (for mask:ID)
};

// The layers typed in the dialog's one line: separated by commas or spaces.
std::vector<std::string> splitSplatLayers(const QString& text);

struct ExportPreview {
    QString error;           // empty when the export can run; else field, value and what is allowed
    QString summary;         // the files it will write
    QString engineSettings;  // with a preset and no error: core::settingsText, the numbers to type
};

// Checks `settings` for a map of `source` samples the way the export will (core::checkGameExport
// and the dialog's own fields), and describes the result.
ExportPreview previewExport(const ExportSettings& settings, QSize source);

// The dialog's names for the fields core's messages mention: its labels ("Output size" for
// core::field::kSize), and settings as its fields show them ("Output size 505 × 505, bicubic
// resample").
const core::FieldNames& dialogFieldNames();

// core's message with the dialog's field names.
QString dialogMessage(const core::InputError& error);
QString dialogMessage(const core::SizeError& error);

// How the dialog offers each resize mode ("bicubic resample", "centred crop").
QString resizeModeText(core::ResizeMode mode);

}  // namespace terrain::app
