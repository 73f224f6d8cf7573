#pragma once
// The File ▸ Export… actions: the heightmap through the core exporters (off the GUI thread, with
// progress), the 3-D view as an image, the 2-D preview as shown. Errors go through Prompts.
#include "core/heightmap.h"
#include "core/io/export.h"
#include "core/recipe.h"
#include "heightmap_export.h"

#include <QFuture>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>

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
    // The recipe of the document and the full map on screen, if it was made from that recipe.
    struct Source {
        core::Recipe recipe;
        std::shared_ptr<const core::Heightmap> map;
    };

    ExportActions(const core::Registry& registry, Prompts* prompts, QWidget* window,
                  std::function<Source()> source, render::PreviewWidget* preview,
                  render::TerrainView* terrainView, QObject* parent = nullptr);

    void setPrompts(Prompts* prompts) { m_prompts = prompts; }

    void exportHeightmap();       // asks with the ExportDialog
    void exportTerrainView();     // asks for a path
    void exportPreview();         // asks for a path

    // No questions asked; an error is also reported through Prompts, warnings in the status bar.
    QFuture<HeightmapExportOutcome> exportHeightmapTo(const QString& path, const core::ExportOptions& options);
    bool saveTerrainViewImage(const QString& path);
    bool savePreviewImage(const QString& path);

signals:
    void statusMessage(const QString& message);

private:
    QString lastFolder() const;
    void rememberFolder(const QString& path);
    bool saveImage(const QImage& image, const QString& path, const QString& what);

    const core::Registry& m_registry;
    Prompts* m_prompts;
    QWidget* m_window;
    std::function<Source()> m_source;
    render::PreviewWidget* m_preview;
    render::TerrainView* m_terrainView;
};

}  // namespace terrain::app
