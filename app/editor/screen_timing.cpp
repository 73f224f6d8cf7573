#include "app/editor/screen_timing.h"

#include <QOpenGLWidget>
#include <QTimer>

namespace terrain::app {

namespace {

QString duration(double ms) {
    if (ms < 10.0) return QObject::tr("%1 ms").arg(ms, 0, 'f', 1);
    if (ms < 1000.0) return QObject::tr("%1 ms").arg(ms, 0, 'f', 0);
    return QObject::tr("%1 s").arg(ms / 1000.0, 0, 'f', 1);
}

}  // namespace

ScreenTiming::ScreenTiming(QWidget* preview, QOpenGLWidget* terrain, QObject* parent)
    : QObject(parent), m_preview(preview), m_terrain(terrain) {
    m_clock.start();
}

void ScreenTiming::changeMade() {
    // Latest change wins, as in the generation controller: an older map still on its way is not
    // what the user is waiting for.
    m_clock.restart();
    m_waiting = false;
    disconnect(m_frame);
}

void ScreenTiming::resultApplied(double generate_ms) {
    m_generate_ms = generate_ms;
    m_waiting = true;
    disconnect(m_frame);
    if (m_terrain && m_terrain->isVisible()) {
        m_terrain->update();
        m_frame = connect(m_terrain, &QOpenGLWidget::frameSwapped, this, &ScreenTiming::finish);
    } else {
        if (m_preview) m_preview->repaint();
        QTimer::singleShot(0, this, &ScreenTiming::finish);
    }
}

void ScreenTiming::finish() {
    disconnect(m_frame);
    if (!m_waiting) return;
    m_waiting = false;
    emit shown(double(m_clock.nsecsElapsed()) / 1.0e6, m_generate_ms);
}

QString ScreenTiming::describe(double screen_ms, double generate_ms) {
    if (generate_ms <= 0.0) return tr("on screen in %1 (cached)").arg(duration(screen_ms));
    return tr("on screen in %1 (generated in %2)").arg(duration(screen_ms), duration(generate_ms));
}

}  // namespace terrain::app
