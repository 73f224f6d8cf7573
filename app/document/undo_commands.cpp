#include "app/document/undo_commands.h"

#include "app/document/document.h"

namespace terrain::app {

namespace {
constexpr int kMergeableId = 0x7e44a1;
}

ChangeStateCommand::ChangeStateCommand(Document* document, DocumentState before,
                                       DocumentState after, const QString& text, QString mergeKey)
    : QUndoCommand(text),
      m_document(document),
      m_before(std::move(before)),
      m_after(std::move(after)),
      m_mergeKey(std::move(mergeKey)) {}

void ChangeStateCommand::undo() { m_document->applyEdit(m_before); }

void ChangeStateCommand::redo() { m_document->applyEdit(m_after); }

int ChangeStateCommand::id() const { return m_mergeKey.isEmpty() ? -1 : kMergeableId; }

bool ChangeStateCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = dynamic_cast<const ChangeStateCommand*>(other);
    if (!next || next->m_mergeKey != m_mergeKey || next->m_document != m_document) return false;
    m_after = next->m_after;
    // A drag that ends where it started leaves nothing to undo.
    setObsolete(m_after == m_before);
    return true;
}

}  // namespace terrain::app
