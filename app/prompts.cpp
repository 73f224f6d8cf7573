#include "prompts.h"

#include <QFileDialog>
#include <QMessageBox>

namespace terrain::app {

void DialogPrompts::showError(const QString& title, const QString& message) {
    QMessageBox::critical(m_parent, title, message);
}

Prompts::SaveChoice DialogPrompts::askSaveChanges(const QString& documentName) {
    const auto answer = QMessageBox::warning(
        m_parent, QObject::tr("Unsaved changes"),
        QObject::tr("“%1” has unsaved changes. Save them first?").arg(documentName),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    switch (answer) {
    case QMessageBox::Save: return SaveChoice::Save;
    case QMessageBox::Discard: return SaveChoice::Discard;
    default: return SaveChoice::Cancel;
    }
}

QString DialogPrompts::askOpenPath(const QString& title, const QString& folder,
                                   const QString& filter) {
    return QFileDialog::getOpenFileName(m_parent, title, folder, filter);
}

QString DialogPrompts::askSavePath(const QString& title, const QString& suggestedPath,
                                   const QString& filter) {
    return QFileDialog::getSaveFileName(m_parent, title, suggestedPath, filter);
}

}  // namespace terrain::app
