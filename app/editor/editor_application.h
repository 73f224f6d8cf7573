#pragma once
// The editor's QApplication. Every job catches its own errors and reports them where they belong
// (generation, export, comparison, seed thumbnails, files); this is the last resort behind them:
// an exception that escapes an event handler or slot, on the GUI thread or any thread running an
// event loop, is reported and the event dropped, instead of reaching std::terminate and taking
// the user's work with it.
#include "app/generation/mailbox.h"

#include <QApplication>
#include <QPointer>
#include <QWidget>
#include <QString>

#include <atomic>
#include <functional>

namespace terrain::app {

class EditorApplication : public QApplication {
public:
    using ErrorHandler = std::function<void(const QString& message)>;

    EditorApplication(int& argc, char** argv);

    // Called on the thread the exception escaped on. The default prints to stderr and shows one
    // message box at a time over `dialogParent`, from the GUI thread's event loop.
    void setErrorHandler(ErrorHandler handler) { m_handler = std::move(handler); }
    void setDialogParent(QWidget* parent) { m_dialogParent = parent; }

    bool notify(QObject* receiver, QEvent* event) override;

private:
    void showError(const QString& message);

    ErrorHandler m_handler;
    QPointer<QWidget> m_dialogParent;
    std::atomic<bool> m_showing{false};
    Mailbox m_mailbox{this};  // showError's box, from any thread to the GUI thread
};

}  // namespace terrain::app
