#pragma once
// Help ▸ User Guide and Help ▸ Keyboard Shortcuts. The guide is docs/user-guide.md bundled into
// the binary (":/help/user-guide.md", with its images), so an installed editor has it; the
// shortcut list is built from the window's actions, so it cannot go stale.
#include <QList>
#include <QString>

class QAction;
class QTextBrowser;
class QWidget;

namespace terrain::app {

inline constexpr const char* kUserGuideResource = ":/help/user-guide.md";

// An HTML table: one row per action with a shortcut, its menu text and every key sequence.
QString shortcutListHtml(const QList<QAction*>& actions);

// Top-level browser windows (deleted on close), owned by `parent`. objectName "userGuide" and
// "keyboardShortcuts".
QTextBrowser* showUserGuide(QWidget* parent);
QTextBrowser* showShortcutList(QWidget* parent, const QList<QAction*>& actions);

}  // namespace terrain::app
