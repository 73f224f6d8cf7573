#include "app/editor/shortcut_router.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QKeyEvent>
#include <QKeySequence>

namespace terrain::app {

namespace {

// Keys a number box needs for editing even if a window action uses them (Frame Terrain is F).
bool isTyping(const QKeyEvent& event) {
    const Qt::KeyboardModifiers mods =
        event.modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier);
    if (mods != Qt::NoModifier) return false;
    const int key = event.key();
    return !(key >= Qt::Key_F1 && key <= Qt::Key_F35);
}

QAbstractSpinBox* spinBoxOf(QObject* object) {
    // The box's line edit has the box as focus proxy, but the event can reach either.
    for (QObject* o = object; o; o = o->parent()) {
        if (auto* box = qobject_cast<QAbstractSpinBox*>(o)) return box;
        if (o->isWidgetType() && static_cast<QWidget*>(o)->isWindow()) return nullptr;
    }
    return nullptr;
}

}  // namespace

ShortcutRouter::ShortcutRouter(QWidget* window) : QObject(window), m_window(window) {
    qApp->installEventFilter(this);
}

ShortcutRouter::~ShortcutRouter() {
    if (qApp) qApp->removeEventFilter(this);
}

bool ShortcutRouter::isWindowShortcut(const QKeyEvent& event) const {
    if (!m_window || isTyping(event)) return false;
    const QKeySequence pressed(event.keyCombination());
    for (const QAction* action : m_window->actions()) {
        if (!action->isEnabled()) continue;
        for (const QKeySequence& shortcut : action->shortcuts()) {
            if (shortcut.matches(pressed) == QKeySequence::ExactMatch) return true;
        }
    }
    return false;
}

bool ShortcutRouter::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::ShortcutOverride) return false;
    QAbstractSpinBox* box = spinBoxOf(watched);
    if (!box || !m_window) return false;
    // Only boxes in the window whose actions these are, or in its child windows.
    bool ours = false;
    for (const QWidget* top = box->window(); top && !ours; top = top->parentWidget()) {
        top = top->window();
        ours = top == m_window;
    }
    if (!ours) return false;
    auto* key = static_cast<QKeyEvent*>(event);
    if (!isWindowShortcut(*key)) return false;
    key->ignore();  // not overridden: the shortcut map triggers the action
    return true;
}

}  // namespace terrain::app
