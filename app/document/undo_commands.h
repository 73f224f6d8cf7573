#pragma once
// The one undo command: the document went from one state to another. Small states (a recipe and
// a handful of view settings) make a whole-state command simpler than one class per field, and
// undo restores the exact previous recipe, so the map regenerates byte-identical.
#include "app/document/document_state.h"

#include <QString>
#include <QUndoCommand>

namespace terrain::app {

class Document;

class ChangeStateCommand : public QUndoCommand {
public:
    ChangeStateCommand(Document* document, DocumentState before, DocumentState after,
                       const QString& text, QString mergeKey);

    void undo() override;
    void redo() override;
    // All mergeable commands share one id; mergeWith() compares the merge key (parameter and
    // drag session), so one slider drag becomes one undo step.
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    Document* m_document;
    DocumentState m_before;
    DocumentState m_after;
    QString m_mergeKey;
};

}  // namespace terrain::app
