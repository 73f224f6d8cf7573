#pragma once
// `terrain-editor --screenshot OUT.png`: waits until the first full map of the document is on
// screen and the 3-D view has painted it, grabs the whole window and saves it. This is how
// headless machines (Xvfb) and the docs get screenshots.
#include <QObject>
#include <QString>

namespace terrain::app {

class MainWindow;

class ScreenshotTaker : public QObject {
    Q_OBJECT

public:
    static constexpr int kTimeout_ms = 120000;

    ScreenshotTaker(MainWindow* window, QString path);
    void start();

signals:
    // 0 on success; the message says what was written or what went wrong.
    void finished(int exitCode, const QString& message);

private:
    void onFullResult();
    void grabAndSave();

    MainWindow* m_window;
    QString m_path;
    bool m_waitingForPaint = false;
    bool m_done = false;
};

}  // namespace terrain::app
