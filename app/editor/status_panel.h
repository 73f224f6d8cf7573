#pragma once
// The status bar's permanent fields: map size, min/max, generation time, the sample under the
// mouse, and the generation progress with its Cancel button.
#include "core/io/height_mapping.h"
#include "core/io/world_units.h"

#include <QObject>
#include <QTimer>

class QLabel;
class QProgressBar;
class QPushButton;
class QStatusBar;

namespace terrain::app {

struct GenerationResult;

class StatusPanel : public QObject {
    Q_OBJECT

public:
    // Jobs shorter than this never show the progress bar and Cancel button.
    static constexpr int kShowDelay_ms = 300;

    explicit StatusPanel(QStatusBar* bar);

    // Heights in metres: the result's world scale onto the document's height range.
    void showResult(const GenerationResult& result, const core::WorldUnits& units);
    // x, y: the sample under the mouse in the shown map; read out in the full map's coordinates.
    void showHover(int x, int y, float height);
    void clearHover();
    void setBusy(bool busy);
    void setProgress(float fraction);
    // The stage computing now and how far it is ("Hydraulic erosion (3 of 4), 12 s left"), shown
    // beside the bar while a job runs.
    void showStage(const QString& text, float stageFraction);
    // The time from the change until the map was on screen, and the worker's part of it.
    void showScreenTime(double screen_ms, double generate_ms);
    void showMessage(const QString& message, int timeout_ms = 5000);

    QLabel* sizeLabel() const { return m_size; }
    QLabel* rangeLabel() const { return m_range; }
    QLabel* timeLabel() const { return m_time; }
    QLabel* hoverLabel() const { return m_hover; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* stageLabel() const { return m_stage; }

signals:
    void cancelRequested();

private:
    QStatusBar* m_bar;
    QLabel* m_size;
    QLabel* m_range;
    QLabel* m_time;
    QLabel* m_hover;
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    QLabel* m_stage;
    QTimer m_showDelay;
    bool m_busy = false;
    int m_sampleStep = 1;  // the shown map is every m_sampleStep-th sample of the full map
    core::ResolvedMapping m_metres;  // raw -> metres for the shown map (extrapolating)
    core::WorldUnits m_units;
};

}  // namespace terrain::app
