#pragma once
// Evaluates recipes (whole stacks) for the compare panels and the seed grid on the thread pool,
// through one shared core::StackEvaluator, so panels with a common prefix share its cached
// stages. One StackRunner per panel or thumbnail, with the generation controller's
// rule: the latest request wins (a new one cancels the running job), and only the answer to the
// latest request is delivered.
#include "core/heightmap.h"
#include "core/io/height_mapping.h"
#include "core/io/world_units.h"
#include "core/recipe.h"
#include "render/colormap.h"

#include <QFutureWatcher>
#include <QImage>
#include <QMetaType>
#include <QObject>

#include <memory>
#include <optional>
#include <vector>

namespace terrain::core {
class CancelToken;
class StackEvaluator;
}  // namespace terrain::core

namespace terrain::app {

struct StackRun {
    quint64 request = 0;
    core::Recipe recipe;
    core::WorldUnits units;  // the world the stack was evaluated in (metres at recipe.detail)
    std::shared_ptr<const core::Heightmap> map;
    core::MinMax range;  // the map's own finite min/max (raw)
    // The base generator's world mapping (StackEvaluator::worldMapping): raw -> the world's
    // height range, the same for every stage and detail.
    core::HeightMapping world;
    std::optional<render::PreviewStyle> style;  // when asked for: `image` drawn over `world`
    QImage image;
    std::vector<int> computed;  // stages this run computed (0 = base); the rest came from the cache
    double generateMs = 0.0;
    QString error;  // the evaluation failed (nothing above `error` but request/recipe is set)
};

inline bool sameWorld(const core::WorldUnits& a, const core::WorldUnits& b) {
    return a.metresPerPixel == b.metresPerPixel && a.loMetres == b.loMetres && a.hiMetres == b.hiMetres;
}

class StackRunner : public QObject {
    Q_OBJECT

public:
    StackRunner(std::shared_ptr<core::StackEvaluator> evaluator, QObject* parent = nullptr);
    ~StackRunner() override;  // cancels the running job and waits for it

    // Queues an evaluation and returns its number; a running older one is cancelled. `style`:
    // also render a preview image (over the world mapping) on the worker.
    quint64 submit(const core::Recipe& recipe, const core::WorldUnits& units,
                   std::optional<render::PreviewStyle> style = std::nullopt);
    quint64 latestRequest() const { return m_nextRequest; }
    bool busy() const { return m_running || m_pending.has_value(); }
    void setThreads(int threads) { m_threads = threads; }

signals:
    // Only for the latest request; a failure arrives with StackRun::error set.
    void finished(const terrain::app::StackRun& run);

private:
    struct Job {
        quint64 request;
        core::Recipe recipe;
        core::WorldUnits units;
        std::optional<render::PreviewStyle> style;
    };
    void startPending();
    void onFinished();

    std::shared_ptr<core::StackEvaluator> m_evaluator;
    QFutureWatcher<StackRun> m_watcher;
    std::optional<Job> m_pending;
    std::shared_ptr<core::CancelToken> m_runningToken;
    bool m_running = false;
    quint64 m_nextRequest = 0;
    int m_threads = 1;
};

}  // namespace terrain::app

Q_DECLARE_METATYPE(terrain::app::StackRun)
