#include "app/editor/editor_application.h"

#include "app/editor/error_text.h"

#include <QMessageBox>

#include <cstdio>

namespace terrain::app {

EditorApplication::EditorApplication(int& argc, char** argv) : QApplication(argc, argv) {
    m_handler = [this](const QString& message) { showError(message); };
}

bool EditorApplication::notify(QObject* receiver, QEvent* event) {
    try {
        return QApplication::notify(receiver, event);
    } catch (...) {
        const QString message = currentErrorText();
        try {
            if (m_handler) m_handler(message);
        } catch (...) {  // the report itself must not throw either
            std::fprintf(stderr, "terrain-editor: unexpected error: %s\n", qPrintable(message));
        }
        return false;
    }
}

void EditorApplication::showError(const QString& message) {
    std::fprintf(stderr, "terrain-editor: unexpected error: %s\n", qPrintable(message));
    if (m_showing.exchange(true)) return;  // one box at a time
    // From the GUI thread's event loop, not from inside notify() (maybe on a worker thread).
    m_mailbox.post([this, message] {
        QMessageBox::critical(m_dialogParent, tr("Unexpected error"),
                              tr("An operation failed:\n%1\n\nThe editor keeps running; save "
                                 "your work.")
                                  .arg(message));
        m_showing = false;
    });
}

}  // namespace terrain::app
