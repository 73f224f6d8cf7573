#include "app/editor/help_windows.h"

#include <QAction>
#include <QFile>
#include <QImage>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextFragment>
#include <QTextImageFormat>
#include <QTextCursor>
#include <QKeySequence>
#include <QTextBrowser>
#include <QWidget>

namespace terrain::app {

namespace {

QString plainText(const QAction& action) {
    QString text = action.text();
    text.remove(QLatin1Char('&'));
    if (text.endsWith(QChar(0x2026))) text.chop(1);  // "Open…" -> "Open"
    return text;
}

QTextBrowser* makeBrowser(QWidget* parent, const QString& name, const QString& title) {
    // Reuse an open one rather than stacking copies.
    if (auto* open = parent->findChild<QTextBrowser*>(name, Qt::FindDirectChildrenOnly)) {
        open->show();
        open->raise();
        open->activateWindow();
        return open;
    }
    auto* browser = new QTextBrowser(parent);
    browser->setWindowFlag(Qt::Window);
    browser->setAttribute(Qt::WA_DeleteOnClose);
    browser->setObjectName(name);
    browser->setWindowTitle(title);
    browser->setOpenExternalLinks(true);
    return browser;
}

// The screenshots are 1400 px wide: draw them at most `width_px` wide so the guide reads without
// a horizontal scroll bar.
void fitImages(QTextDocument& document, int width_px) {
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            QTextImageFormat image = fragment.charFormat().toImageFormat();
            if (!image.isValid()) continue;
            const QImage picture(QStringLiteral(":/help/") + image.name());
            if (picture.isNull() || picture.width() <= width_px) continue;
            image.setWidth(width_px);
            image.setHeight(double(picture.height()) * width_px / picture.width());
            QTextCursor cursor(&document);
            cursor.setPosition(fragment.position());
            cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
            cursor.setCharFormat(image);
        }
    }
}

}  // namespace

QString shortcutListHtml(const QList<QAction*>& actions) {
    QString rows;
    for (const QAction* action : actions) {
        const QList<QKeySequence> keys = action->shortcuts();
        if (keys.isEmpty()) continue;
        QStringList names;
        for (const QKeySequence& key : keys) names << key.toString(QKeySequence::NativeText);
        rows += QStringLiteral("<tr><td style='padding-right:24px'><b>%1</b></td><td>%2</td></tr>")
                    .arg(names.join(QStringLiteral(", ")).toHtmlEscaped(),
                         plainText(*action).toHtmlEscaped());
    }
    return QStringLiteral("<h2>%1</h2><p>%2</p><table>%3</table>")
        .arg(QObject::tr("Keyboard shortcuts"),
             QObject::tr("These work wherever the keyboard focus is, also in the number boxes."),
             rows);
}

QTextBrowser* showUserGuide(QWidget* parent) {
    QTextBrowser* browser =
        makeBrowser(parent, QStringLiteral("userGuide"), QObject::tr("Terrain Editor — User Guide"));
    if (browser->toPlainText().isEmpty()) {
        // Relative image links ("images/…") resolve against the bundled folder.
        browser->setSearchPaths({QStringLiteral(":/help")});
        QFile file(QString::fromLatin1(kUserGuideResource));
        if (file.open(QIODevice::ReadOnly)) {
            browser->setMarkdown(QString::fromUtf8(file.readAll()));
            fitImages(*browser->document(), 820);
        } else {
            browser->setPlainText(QObject::tr("The user guide is missing from this build."));
        }
        browser->resize(900, 800);
    }
    browser->show();
    return browser;
}

QTextBrowser* showShortcutList(QWidget* parent, const QList<QAction*>& actions) {
    QTextBrowser* browser = makeBrowser(parent, QStringLiteral("keyboardShortcuts"),
                                        QObject::tr("Terrain Editor — Keyboard Shortcuts"));
    browser->setHtml(shortcutListHtml(actions));  // rebuilt each time: shortcuts may change
    browser->resize(520, 640);
    browser->show();
    return browser;
}

}  // namespace terrain::app
