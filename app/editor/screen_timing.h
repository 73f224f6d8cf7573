#pragma once
// Times a change until its map is on screen. The generation time alone misled (1.6 s at detail
// 14 while the map appeared seconds later: the preview image, the texture upload and the first
// frame come after it). The clock starts at the change and stops when both views have drawn the
// full map: the 3-D view's next swapped frame, or the next event-loop turn after the 2-D preview's
// repaint when the 3-D view is hidden.
#include <QElapsedTimer>
#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QString>

class QOpenGLWidget;
class QWidget;

namespace terrain::app {

class ScreenTiming : public QObject {
    Q_OBJECT

public:
    ScreenTiming(QWidget* preview, QOpenGLWidget* terrain, QObject* parent = nullptr);

    // A change (edit, regenerate, load) asked for a new map.
    void changeMade();
    // The full map is in both views; `generate_ms` is the worker's time (0: cached).
    void resultApplied(double generate_ms);

    // "on screen in 1.9 s (generated in 1.6 s)".
    static QString describe(double screen_ms, double generate_ms);

signals:
    void shown(double screen_ms, double generate_ms);

private:
    void finish();

    QPointer<QWidget> m_preview;
    QPointer<QOpenGLWidget> m_terrain;
    QElapsedTimer m_clock;
    double m_generate_ms = 0.0;
    bool m_waiting = false;
    QMetaObject::Connection m_frame;
};

}  // namespace terrain::app
