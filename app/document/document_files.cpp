#include "app/document/document_files.h"

#include "core/io/import.h"
#include "app/import/import_actions.h"

#include "app/document/document.h"
#include "app/document/document_format.h"
#include "app/editor/prompts.h"

#include "core/errors.h"
#include "core/io/atomic_file.h"
#include "core/recipe.h"

#include <QDir>
#include <QDropEvent>
#include <QFile>
#include <QMimeData>
#include <QUrl>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

#include <exception>

namespace terrain::app {

namespace {

const QString kRecentKey = QStringLiteral("files/recentDocuments");
const QString kFolderKey = QStringLiteral("files/lastDocumentFolder");

QString documentFilter() {
    return QObject::tr("Terrain documents (*.terrain.json);;All files (*)");
}

QString openFilter() {
    return QObject::tr("Terrain documents and recipes (*.json);;Terrain documents (*.terrain.json);;All files (*)");
}

QString recipeFilter() { return QObject::tr("Recipes (*.json);;All files (*)"); }

}  // namespace

DocumentFiles::DocumentFiles(const core::Registry& registry, Document* document, Prompts* prompts,
                             QObject* parent)
    : QObject(parent), m_registry(registry), m_document(document), m_prompts(prompts) {}

void DocumentFiles::setRecentMenu(QMenu* menu) {
    // Filled when shown: refilling it from one of its own actions would delete the sender.
    m_recentMenu = menu;
    connect(menu, &QMenu::aboutToShow, this, &DocumentFiles::refreshRecentMenu);
}

bool DocumentFiles::newDocument() {
    if (!maybeSave()) return false;
    m_document->reset(defaultDocumentState(m_registry), QString());
    return true;
}

bool DocumentFiles::open() {
    if (!maybeSave()) return false;
    const QString path = m_prompts->askOpenPath(tr("Open Terrain"), lastFolder(), openFilter());
    if (path.isEmpty()) return false;
    return loadInto(path);
}

bool DocumentFiles::openFile(const QString& path) {
    if (!maybeSave()) return false;
    return loadInto(path);
}

bool DocumentFiles::loadInto(const QString& path) {
    OpenedFile opened;
    try {
        opened = openTerrainFile(m_registry, path);
    } catch (const std::exception& e) {
        m_prompts->showError(tr("Cannot open document"),
                             tr("%1 cannot be opened:\n%2\n\nThe current document is kept.")
                                 .arg(QDir::toNativeSeparators(path), QString::fromUtf8(e.what())));
        return false;
    }
    const QString absolute = QFileInfo(path).absoluteFilePath();
    // A recipe becomes a new, untitled document: Save writes a document, never over the recipe.
    m_document->reset(opened.state, opened.isRecipe ? QString() : absolute);
    rememberFolder(absolute);
    if (!opened.isRecipe) addRecent(absolute);
    QString note = opened.notice;
    if (opened.isRecipe) {
        note = tr("Opened the recipe %1 as a new document.").arg(QFileInfo(path).fileName()) +
               (note.isEmpty() ? QString() : QStringLiteral(" ") + note);
    }
    if (!note.isEmpty()) emit notice(note);
    return true;
}

bool DocumentFiles::exportRecipe() {
    QString suggested = m_document->filePath();
    suggested = suggested.isEmpty() ? QDir(lastFolder()).filePath(QStringLiteral("untitled.recipe.json"))
                                    : suggested.replace(kDocumentSuffix, QStringLiteral(".recipe.json"));
    QString path = m_prompts->askSavePath(tr("Export Recipe"), suggested, recipeFilter());
    if (path.isEmpty()) return false;
    if (!path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) path += QStringLiteral(".json");
    try {
        core::Recipe recipe = m_document->state().recipe;
        core::relativeImportFiles(recipe, QFileInfo(path).absolutePath().toStdString());
        const std::string text = core::recipeToText(m_registry, recipe);
        core::AtomicFile file(QFile::encodeName(path).toStdString());
        file.write(text.data(), text.size());
        file.commit();
    } catch (const std::exception& e) {
        m_prompts->showError(tr("Cannot export recipe"),
                             tr("The recipe was not written:\n%1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    emit notice(tr("Recipe written to %1 (terrain-cli generate --recipe reads it).")
                    .arg(QDir::toNativeSeparators(path)));
    return true;
}

bool DocumentFiles::eventFilter(QObject* watched, QEvent* event) {
    // A file dropped on the window opens as File ▸ Open does (a document, or a recipe).
    if (event->type() == QEvent::DragEnter || event->type() == QEvent::Drop) {
        auto* drop = static_cast<QDropEvent*>(event);
        const QList<QUrl> urls = drop->mimeData()->urls();
        if (urls.size() == 1 && urls.front().isLocalFile()) {
            drop->acceptProposedAction();
            if (event->type() == QEvent::Drop) {
                const QString path = urls.front().toLocalFile();
                // After the drop returns: a modal question inside a drop handler blocks the source.
                // A height image is imported (docs/importing.md); anything else opens as a document.
                if (ImportActions::isHeightImage(path)) {
                    QMetaObject::invokeMethod(this, [this, path] { emit importRequested(path); }, Qt::QueuedConnection);
                } else {
                    QMetaObject::invokeMethod(this, [this, path] { openFile(path); }, Qt::QueuedConnection);
                }
            }
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

bool DocumentFiles::save() {
    if (m_document->filePath().isEmpty()) return saveAs();
    return saveTo(m_document->filePath());
}

bool DocumentFiles::saveAs() {
    QString suggested = m_document->filePath();
    if (suggested.isEmpty()) {
        suggested = QDir(lastFolder()).filePath(QStringLiteral("untitled") + kDocumentSuffix);
    }
    QString path = m_prompts->askSavePath(tr("Save Terrain As"), suggested, documentFilter());
    if (path.isEmpty()) return false;
    if (!path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) path += kDocumentSuffix;
    return saveTo(path);
}

bool DocumentFiles::saveTo(const QString& path) {
    try {
        saveDocumentFile(m_registry, m_document->state(), path);
    } catch (const std::exception& e) {
        m_prompts->showError(tr("Cannot save document"),
                             tr("The document was not saved:\n%1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_document->markSaved(absolute);
    rememberFolder(absolute);
    addRecent(absolute);
    return true;
}

bool DocumentFiles::maybeSave() {
    if (!m_document->isModified()) return true;
    switch (m_prompts->askSaveChanges(m_document->displayName())) {
    case Prompts::SaveChoice::Save: return save();
    case Prompts::SaveChoice::Discard: return true;
    case Prompts::SaveChoice::Cancel: return false;
    }
    return false;
}

bool DocumentFiles::openRecent(const QString& path) {
    if (!QFileInfo::exists(path)) {
        // Moved or deleted since: drop it, so the list only offers what can be opened.
        QStringList files = recentFiles();
        files.removeAll(path);
        QSettings().setValue(kRecentKey, files);
        m_prompts->showError(tr("Cannot open document"),
                             tr("%1 no longer exists; it was removed from Open Recent.")
                                 .arg(QDir::toNativeSeparators(path)));
        return false;
    }
    return openFile(path);
}

QStringList DocumentFiles::recentFiles() const {
    return QSettings().value(kRecentKey).toStringList();
}

void DocumentFiles::addRecent(const QString& path) {
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecentFiles) files.removeLast();
    QSettings().setValue(kRecentKey, files);
}

void DocumentFiles::refreshRecentMenu() {
    if (!m_recentMenu) return;
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        QAction* action = m_recentMenu->addAction(
            QStringLiteral("&%1 %2").arg(i + 1).arg(QDir::toNativeSeparators(path)));
        connect(action, &QAction::triggered, this, [this, path] { openRecent(path); });
    }
    if (files.isEmpty()) {
        m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
    } else {
        m_recentMenu->addSeparator();
        connect(m_recentMenu->addAction(tr("Clear list")), &QAction::triggered, this, [this] {
            QSettings().remove(kRecentKey);
        });
    }
}

QString DocumentFiles::lastFolder() const {
    return QSettings().value(kFolderKey, QDir::homePath()).toString();
}

void DocumentFiles::rememberFolder(const QString& path) {
    QSettings().setValue(kFolderKey, QFileInfo(path).absolutePath());
}

}  // namespace terrain::app
