#pragma once
// New, Open, Open Recent, Save and Save As for the Document, with the "unsaved changes" question
// and the recent-files list and last folder kept in QSettings. A file that cannot be used is
// reported through Prompts and leaves the current document as it was. Open also reads recipes
// (terrain-cli's), which become new untitled documents; Export Recipe writes one.
#include <QObject>
#include <QString>
#include <QStringList>

class QMenu;

namespace terrain::core {
class Registry;
}

namespace terrain::app {

class Document;
class Prompts;

class DocumentFiles : public QObject {
    Q_OBJECT

public:
    static constexpr int kMaxRecentFiles = 8;

    DocumentFiles(const core::Registry& registry, Document* document, Prompts* prompts,
                  QObject* parent = nullptr);

    void setPrompts(Prompts* prompts) { m_prompts = prompts; }
    // The menu is refilled whenever the list changes.
    void setRecentMenu(QMenu* menu);

    // Each returns false when the user cancelled or the operation failed (already reported).
    bool newDocument();
    bool open();                          // asks for a path
    bool openFile(const QString& path);   // asks about unsaved changes first
    // Open Recent: a file that no longer exists is removed from the list, with a message.
    bool openRecent(const QString& path);
    bool save();
    bool saveAs();
    bool saveTo(const QString& path);
    // File ▸ Export Recipe: the document's recipe (its world included) as terrain-cli reads it.
    bool exportRecipe();
    // Asks Save / Discard / Cancel when there are unsaved changes; true when it is fine to go on.
    bool maybeSave();

    QStringList recentFiles() const;

signals:
    // A one-line note for the status bar (e.g. a document made before the lattice rule).
    void notice(const QString& text);
    // A height image was dropped on the window: to import, not to open.
    void importRequested(const QString& path);

protected:
    // Installed on the main window: a dropped file opens like File ▸ Open.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool loadInto(const QString& path);
    void addRecent(const QString& path);
    void refreshRecentMenu();
    QString lastFolder() const;
    void rememberFolder(const QString& path);

    const core::Registry& m_registry;
    Document* m_document;
    Prompts* m_prompts;
    QMenu* m_recentMenu = nullptr;
};

}  // namespace terrain::app
