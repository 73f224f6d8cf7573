#include "app/document/document.h"

#include "app/document/undo_commands.h"

#include <QFileInfo>

namespace terrain::app {

Document::Document(DocumentState initial, QObject* parent)
    : QObject(parent), m_state(std::move(initial)) {
    connect(&m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

void Document::edit(const DocumentState& next, const QString& text, const QString& mergeKey) {
    setView(next.view);  // view state: never an undo step
    if (next == m_state) return;
    m_undoStack.push(new ChangeStateCommand(this, m_state, next, text, mergeKey));
}

void Document::reset(const DocumentState& state, const QString& filePath) {
    m_undoStack.clear();
    m_filePath = filePath;
    emit filePathChanged(m_filePath);
    applyState(state);
    m_undoStack.setClean();
    emit modifiedChanged(false);
}

void Document::restore(const DocumentState& state, const QString& filePath) {
    reset(state, filePath);
    m_undoStack.resetClean();  // emits cleanChanged(false): modifiedChanged(true)
}

QString Document::displayName() const {
    return m_filePath.isEmpty() ? tr("Untitled") : QFileInfo(m_filePath).fileName();
}

void Document::markSaved(const QString& filePath) {
    if (filePath != m_filePath) {
        m_filePath = filePath;
        emit filePathChanged(m_filePath);
    }
    m_undoStack.setClean();
}

void Document::setView(const ViewSettings& view) {
    if (view == m_state.view) return;
    DocumentState next = m_state;
    next.view = view;
    applyState(next);
}

void Document::applyEdit(const DocumentState& state) {
    DocumentState next = state;
    next.view = m_state.view;
    applyState(next);
}

void Document::applyState(const DocumentState& state) {
    const DocumentState previous = m_state;
    m_state = state;
    emit stateChanged(previous);
}

}  // namespace terrain::app
