#pragma once
// The File ▸ Export… actions: the heightmap through core::runGameExport (off the GUI thread, with
// progress), the 3-D view as an image, the 2-D preview as shown. Errors go through Prompts, and so
// do an export's engine settings and warnings (as a report the user can copy).
#include "core/heightmap.h"
#include "core/io/game_export.h"
#include "core/recipe.h"
#include "app/document/document_state.h"
#include "app/export/export_plan.h"
#include "app/export/heightmap_export.h"

#include <QFuture>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

class QWidget;

namespace terrain::core {
class Registry;
}
namespace terrain::render {
class PreviewWidget;
class TerrainView;
}  // namespace terrain::render

namespace terrain::app {

class Prompts;

class ExportActions : public QObject {
    Q_OBJECT

public:
    // The recipe and world size of the document and the full map on screen, if it was made from
    // that recipe.
    struct Source {
        core::Recipe recipe;
        WorldSize world;
        std::shared_ptr<const core::Heightmap> map;
        QString documentPath;  // empty for an untitled document
    };

    // Where the export dialog starts: the document's folder and name (land.terrain.json →
    // land.png beside it); an untitled document's: heightmap.png in the last export folder.
    static QString suggestedExportPath(const QString& documentPath, const QString& lastFolder);

    ExportActions(const core::Registry& registry, Prompts* prompts, QWidget* window,
                  std::function<Source()> source, render::PreviewWidget* preview,
                  render::TerrainView* terrainView, QObject* parent = nullptr);

    void setPrompts(Prompts* prompts) { m_prompts = prompts; }

    // Asks with the ExportDialog (showing the last export's choices and the document's world
    // size), reports a changed world size through worldSizeChosen(), then exports.
    void exportHeightmap();
    void exportTerrainView();     // asks for a path
    void exportPreview();         // asks for a path

    // No questions asked: writes `request` (its output replaced by `path`) for the document's
    // recipe. An error is reported through Prompts; engine settings and warnings too, as a report.
    QFuture<HeightmapExportOutcome> exportHeightmapTo(const QString& path,
                                                      core::GameExportRequest request,
                                                      SplatChoice splat = {});
    bool saveTerrainViewImage(const QString& path);
    bool savePreviewImage(const QString& path);

signals:
    void statusMessage(const QString& message);
    // The export dialog was accepted with another world size than the document's.
    void worldSizeChosen(const terrain::app::WorldSize& world);

private:
    QString lastFolder() const;
    void rememberFolder(const QString& path);
    bool saveImage(const QImage& image, const QString& path, const QString& what);
    void reportExport(const QString& path, const HeightmapExportOutcome& outcome);

    const core::Registry& m_registry;
    Prompts* m_prompts;
    QWidget* m_window;
    std::function<Source()> m_source;
    render::PreviewWidget* m_preview;
    render::TerrainView* m_terrainView;
    std::optional<ExportSettings> m_lastChoices;  // the dialog starts from them next time
    QString m_lastDocumentPath;                   // the document they were made for
};

}  // namespace terrain::app
