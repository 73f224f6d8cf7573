#include "app/editor/prompts.h"

#include <QApplication>
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace terrain::app {

void DialogPrompts::showError(const QString& title, const QString& message) {
    QMessageBox::critical(m_parent, title, message);
}

void DialogPrompts::showReport(const QString& title, const QString& text) {
    // A message box's text cannot be selected as a whole: a read-only text field and a Copy button.
    QDialog dialog(m_parent);
    dialog.setWindowTitle(title);
    auto* view = new QPlainTextEdit(text, &dialog);
    view->setReadOnly(true);
    view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    QPushButton* copy = buttons->addButton(QObject::tr("Copy to Clipboard"),
                                           QDialogButtonBox::ActionRole);
    QObject::connect(copy, &QPushButton::clicked, &dialog,
                     [text] { QApplication::clipboard()->setText(text); });
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(view);
    layout->addWidget(buttons);
    dialog.resize(640, 420);
    dialog.exec();
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
