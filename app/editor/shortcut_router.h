#pragma once
// Hands window shortcuts past focused number boxes. A QAbstractSpinBox accepts the
// ShortcutOverride of keys its line edit knows (Ctrl+Z is the line edit's own undo, Ctrl+E moves
// the cursor to the end), so with the Seed box focused the window's Undo or Export never fired.
// Installed on the application, this filter declines that override when the key is the shortcut
// of one of the given window's enabled actions; plain typing (digits, letters, arrows without
// Ctrl/Alt) stays with the box.
#include <QObject>
#include <QPointer>
#include <QWidget>

class QKeyEvent;

namespace terrain::app {

class ShortcutRouter : public QObject {
    Q_OBJECT

public:
    // `window` owns the actions (QWidget::actions()); the router is its child.
    explicit ShortcutRouter(QWidget* window);
    ~ShortcutRouter() override;

    // True when `event` is a shortcut of one of the window's enabled actions that a number box
    // must not keep.
    bool isWindowShortcut(const QKeyEvent& event) const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QPointer<QWidget> m_window;
};

}  // namespace terrain::app
