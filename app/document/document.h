#pragma once
// The open document: its state (recipe + view settings), its file path and its undo stack.
// Every change goes through edit(), which pushes an undoable command; the view reacts to
// stateChanged(). The undo stack's clean state is "saved".
#include "app/document/document_state.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

namespace terrain::app {

class Document : public QObject {
    Q_OBJECT

public:
    explicit Document(DocumentState initial, QObject* parent = nullptr);

    const DocumentState& state() const { return m_state; }
    QUndoStack* undoStack() { return &m_undoStack; }

    // Pushes an undoable change. Edits with the same non-empty mergeKey that follow each other
    // (one slider drag) merge into one undo step.
    void edit(const DocumentState& next, const QString& text, const QString& mergeKey = {});

    // View settings (wireframe, water, colour map, hillshade, height scale, light) are how the
    // editor shows the map, not the map: no undo step, not "modified"; a save still keeps them.
    void setView(const ViewSettings& view);

    // Replaces the whole document (New, Open): clears the undo history, marks it saved.
    void reset(const DocumentState& state, const QString& filePath);
    // Replaces the whole document with recovered work (autosave after a crash): like reset(), but
    // modified, since the state was never saved to `filePath`.
    void restore(const DocumentState& state, const QString& filePath);

    QString filePath() const { return m_filePath; }
    QString displayName() const;  // file name, or "Untitled"
    bool isModified() const { return !m_undoStack.isClean(); }
    void markSaved(const QString& filePath);

    // Used by the undo commands only: the recorded state, with the view as it is now (view
    // changes are not undo steps, so undo never flips a toggle back).
    void applyEdit(const DocumentState& state);

signals:
    void stateChanged(const terrain::app::DocumentState& previous);
    void filePathChanged(const QString& filePath);
    void modifiedChanged(bool modified);

private:
    void applyState(const DocumentState& state);

    DocumentState m_state;
    QString m_filePath;
    QUndoStack m_undoStack;
};

}  // namespace terrain::app
