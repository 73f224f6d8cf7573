#pragma once
// File ▸ Import Heightmap… and height images dropped on the window (docs/importing.md): the file
// is asked for, shown in the ImportDialog, and becomes the stack's base or a layer in one undo
// step. Errors go through Prompts.
#include <QObject>
#include <QString>

class QAction;
class QWidget;

namespace terrain::core {
class Registry;
}

namespace terrain::app {

class Document;
class Prompts;

class ImportActions : public QObject {
    Q_OBJECT

public:
    ImportActions(const core::Registry& registry, Document* document, Prompts* prompts, QWidget* window,
                  QObject* parent = nullptr);

    void setPrompts(Prompts* prompts) { m_prompts = prompts; }
    QAction* action() const { return m_action; }

    // Asks for a file (false: cancelled or failed, already reported).
    bool importHeightmap();
    // The dialog for `path`, then the edit.
    bool importFile(const QString& path);
    // Whether a dropped file is a height image to import rather than a document to open.
    static bool isHeightImage(const QString& path);

signals:
    void statusMessage(const QString& text);

private:
    const core::Registry& m_registry;
    Document* m_document;
    Prompts* m_prompts;
    QWidget* m_window;
    QAction* m_action;
    QString m_lastFolder;
};

}  // namespace terrain::app
