#include "import_actions.h"

#include "app/document/document.h"
#include "app/editor/prompts.h"
#include "import_dialog.h"

#include "core/cancel.h"
#include "core/errors.h"
#include "core/registry.h"
#include "core/stack/import_entry.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QKeySequence>
#include <QWidget>

#include <algorithm>
#include <thread>

namespace terrain::app {

ImportActions::ImportActions(const core::Registry& registry, Document* document, Prompts* prompts, QWidget* window,
                             QObject* parent)
    : QObject(parent), m_registry(registry), m_document(document), m_prompts(prompts), m_window(window) {
    m_action = new QAction(tr("&Import Heightmap…"), this);
    m_action->setObjectName(QStringLiteral("importHeightmap"));
    m_action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    m_action->setToolTip(tr("Bring in a heightmap or elevation data (GeoTIFF, PNG, EXR, ASCII grid, HGT, VRT, RAW) as "
                            "the base or a layer"));
    m_action->setStatusTip(m_action->toolTip());
    connect(m_action, &QAction::triggered, this, [this] { importHeightmap(); });
}

bool ImportActions::isHeightImage(const QString& path) {
    static const QStringList suffixes{QStringLiteral("tif"), QStringLiteral("tiff"), QStringLiteral("png"),
                                      QStringLiteral("exr"), QStringLiteral("asc"),  QStringLiteral("hgt"),
                                      QStringLiteral("vrt"), QStringLiteral("r16"),  QStringLiteral("r32"),
                                      QStringLiteral("raw")};
    return suffixes.contains(QFileInfo(path).suffix().toLower());
}

bool ImportActions::importHeightmap() {
    QString folder = m_lastFolder;
    if (folder.isEmpty() && !m_document->filePath().isEmpty()) folder = QFileInfo(m_document->filePath()).absolutePath();
    const QString path = m_prompts->askOpenPath(
        tr("Import Heightmap"), folder,
        tr("Height images (*.tif *.tiff *.png *.exr *.asc *.hgt *.vrt *.r16 *.r32 *.raw);;All files (*)"));
    if (path.isEmpty()) return false;
    return importFile(path);
}

bool ImportActions::importFile(const QString& path) {
    m_lastFolder = QFileInfo(path).absolutePath();
    const DocumentState& state = m_document->state();
    ImportDialog dialog(path, state.recipe.world, m_window);
    if (dialog.exec() != QDialog::Accepted) return false;
    const ImportDialog::Choice choice = dialog.choice();
    const QString name = QFileInfo(path).fileName();
    try {
        DocumentState next = state;
        if (choice.asBase) {
            // The world as wide as the file (when it says) and its height range the import's own, so
            // its metres are the map's; the entries above the base stay.
            next.recipe = core::withImportBase(m_registry, state.recipe, choice.settings, std::nullopt, "file");
            core::GenerateContext context;
            context.threads = int(std::max(1u, std::thread::hardware_concurrency()));
            core::fitHeightRangeToImport(m_registry, next.recipe, context);
        } else {
            if (next.recipe.operations.size() >= core::kMaxOperations) {
                throw core::InputError("stack", std::to_string(next.recipe.operations.size()) + " entries",
                                       "at most " + std::to_string(core::kMaxOperations) + " after the base");
            }
            core::OpInstance op = core::newOperation(m_registry, next.recipe, "import");
            op.data = core::importToText(choice.settings);
            op.blend = choice.blend;
            op.name = name.toStdString();
            next.recipe.operations.push_back(std::move(op));
        }
        core::validateRecipe(m_registry, next.recipe, core::RecipeChecks::Structure);
        m_document->edit(next, tr("Import Heightmap %1").arg(name));
        emit statusMessage(choice.asBase ? tr("%1 is the base: %2 m across").arg(name).arg(next.recipe.world.extentMetres)
                                         : tr("%1 added as a layer").arg(name));
        return true;
    } catch (const std::exception& e) {
        m_prompts->showError(tr("Import Heightmap"), QString::fromUtf8(e.what()));
        return false;
    }
}

}  // namespace terrain::app
