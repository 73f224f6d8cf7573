#include "app/editor/screenshot.h"

#include "app/editor/main_window.h"

#include "render/terrain_view.h"

#include <QImage>
#include <QPixmap>
#include <QTimer>

namespace terrain::app {

namespace {
// After the GL frame: let the status bar and the preview repaint with the new result.
constexpr int kSettle_ms = 300;
// If the 3-D view never reports a frame (hidden, or no GL), grab anyway after this.
constexpr int kPaintWait_ms = 5000;
}  // namespace

ScreenshotTaker::ScreenshotTaker(MainWindow* window, QString path)
    : QObject(window), m_window(window), m_path(std::move(path)) {}

void ScreenshotTaker::start() {
    connect(m_window, &MainWindow::fullResultShown, this, &ScreenshotTaker::onFullResult);
    connect(m_window->terrainView(), &QOpenGLWidget::frameSwapped, this, [this] {
        if (!m_waitingForPaint) return;
        m_waitingForPaint = false;
        QTimer::singleShot(kSettle_ms, this, &ScreenshotTaker::grabAndSave);
    });
    QTimer::singleShot(kTimeout_ms, this, [this] {
        if (!m_done) {
            m_done = true;
            emit finished(2, tr("timed out waiting for the first full generation"));
        }
    });
    if (m_window->isUpToDate()) onFullResult();
}

void ScreenshotTaker::onFullResult() {
    if (m_done || m_waitingForPaint || !m_window->isUpToDate()) return;
    m_waitingForPaint = true;
    m_window->terrainView()->update();
    QTimer::singleShot(kPaintWait_ms, this, [this] {
        if (!m_waitingForPaint) return;
        m_waitingForPaint = false;
        grabAndSave();
    });
}

void ScreenshotTaker::grabAndSave() {
    if (m_done) return;
    m_done = true;
    const QImage image = m_window->grab().toImage();
    if (image.isNull() || !image.save(m_path, "PNG")) {
        emit finished(1, tr("cannot write the screenshot to %1").arg(m_path));
        return;
    }
    QString note;
    const QString glError = m_window->terrainView()->renderError();
    if (!glError.isEmpty()) note = tr(" (the 3-D view could not render: %1)").arg(glError);
    emit finished(0, tr("wrote %1 (%2 × %3)%4")
                         .arg(m_path)
                         .arg(image.width())
                         .arg(image.height())
                         .arg(note));
}

}  // namespace terrain::app
