#pragma once
// Terrain ▸ Measure Relief: the geomorphometry of the terrain on screen, the figures of
// `terrain-cli analyze` (core/analysis/geomorphometry.h; docs/erosion.md, "Measuring relief"),
// in the document's world: metres, its spacing, its sea level. Measured off the GUI thread when
// the window opens and again for each full map that arrives while it is open (the latest map
// wins; a measurement still running finishes and is dropped). A 1025² map takes about 0.4 s.
#include "app/generation/generation_controller.h"

#include "core/heightmap.h"

#include <QFutureWatcher>
#include <QString>
#include <QWidget>

#include <memory>
#include <optional>

class QLabel;
class QPlainTextEdit;

namespace terrain::app {

class ReliefWindow : public QWidget {
    Q_OBJECT

public:
    explicit ReliefWindow(QWidget* parent = nullptr);
    ~ReliefWindow() override;

    // The terrain on screen. Coarse and partial maps (a slider still moving, erosion under way)
    // are skipped: they are not the terrain yet. Measured now if the window is shown.
    void setTerrain(const GenerationResult& result);

    QString figures() const;  // the figures shown, empty while none
    bool measuring() const { return m_running; }

signals:
    void measured();  // new figures (or an error) are shown

protected:
    void showEvent(QShowEvent* event) override;

private:
    struct Input {
        quint64 job = 0;
        std::shared_ptr<const core::Heightmap> map;
        core::HeightMapping world;
        core::WorldUnits units;
        double seaLevel_m = 0.0;
        int detail = 0;
    };
    struct Output {
        quint64 job = 0;
        QString title;    // what was measured: size, spacing, sea level
        QString figures;
        QString error;
    };
    static Output measure(const Input& input);
    void startPending();
    void onFinished();

    QLabel* m_title = nullptr;
    QPlainTextEdit* m_text = nullptr;
    std::optional<Input> m_latest;   // the terrain on screen
    std::optional<Input> m_pending;  // to measure once the running one finishes
    quint64 m_nextJob = 0;
    quint64 m_shownJob = 0;
    bool m_running = false;
    QFutureWatcher<Output> m_watcher;
};

}  // namespace terrain::app
