#pragma once
// Runs recipes on one worker thread so the GUI thread never generates.
//
//  - Latest request wins: a new request cancels the running job (through its core::CancelToken,
//    polled by the generators) unless that job makes the same map; only the newest pending
//    request is kept.
//  - Requests are dispatched at most once per frame (a 16 ms timer), so a slider drag costs at
//    most one generation per frame, and the last request is always run: the map for the final
//    slider position always follows.
//  - The whole stack runs through a core::StackEvaluator (core/stack/evaluator.h), shared with the
//    compare window and the seed grid: an edit of operation k recomputes k and what follows; a
//    request may stop at a stage (upTo: "show the map up to here", before/after).
//  - Large maps (detail >= kCoarseFromDetail) first produce a coarse result: the same stack at
//    coarseDetail(detail), with metres per sample scaled so the world's extent is the same. By
//    the lattice rule (core/rng.h) that map IS every 2^k-th sample of the final map (exactly for
//    per-sample operations), so the first image already shows the final terrain; then the full
//    map follows, with progress.
//  - Results older than the one shown are dropped.
//  - The worker also renders the preview image and finds min/max, so the GUI thread only swaps
//    pointers. A request that only changes the preview style finds every stage in the evaluator's
//    cache and re-renders the image without regenerating.
#include "core/heightmap.h"
#include "core/io/world_units.h"
#include "core/recipe.h"
#include "core/stack/layout_entry.h"
#include "app/generation/mailbox.h"
#include "render/colormap.h"

#include <QImage>
#include <QMetaType>
#include <QObject>
#include <QThread>
#include <QTimer>

#include <chrono>
#include <memory>
#include <optional>
#include <vector>

namespace terrain::core {
class CancelToken;
class Registry;
class StackEvaluator;
}  // namespace terrain::core

namespace terrain::app {

// What to make: the stack of `recipe` in the world `world` (metres per sample at recipe.detail
// and the height range), through stage `upTo` (-1: the whole stack), drawn in `style`.
struct GenerationRequest {
    core::Recipe recipe;
    core::WorldUnits world;
    render::PreviewStyle style;
    int upTo = -1;
    bool force = false;  // recompute every stage even when cached (F5)

    bool sameMap(const GenerationRequest& other) const {
        return recipe == other.recipe && upTo == other.upTo && world.metresPerPixel == other.world.metresPerPixel &&
               world.loMetres == other.world.loMetres && world.hiMetres == other.world.hiMetres;
    }
};

struct GenerationResult {
    quint64 request = 0;
    core::Recipe recipe;  // the recipe asked for (a coarse result was made at a lower detail:
                          // it is the full map's every 2^k-th sample, k = recipe.detail - its detail)
    render::PreviewStyle style;
    bool coarse = false;
    // A long stage's map so far (erosion improving; `coarse` is set too): no masks or overlay;
    // the final result follows.
    bool partial = false;
    std::shared_ptr<const core::Heightmap> map;
    core::MaskSet masks;  // the masks made up to that stage
    // style.overlay's mask when the stack makes it (tinted into `image`), else null.
    std::shared_ptr<const core::Heightmap> overlay;
    QImage image;  // the 2-D preview of `map` in `style`
    core::MinMax range;       // the map's own finite min/max (raw)
    // The recipe's fixed scale (core::worldMapping: raw lo..hi at the reference detail become the
    // document's height range). The preview image and the 3-D view are drawn over lo..hi, so the
    // first image and the full map of one recipe look alike; the status bar reads metres with it.
    core::HeightMapping world;
    double generateMs = 0.0;  // generation only; 0 when the cached map was reused
    core::WorldUnits units;   // the world asked for (at recipe.detail)
    int upTo = -1;            // as requested
    int lastStage = 0;        // the stage `map` is the output of (0 = base generator)
    std::vector<int> computed;  // stages computed for this result (the rest came from the cache)
};

// A road of a full result: its layout entry's id and its readout (grade, where it breaks it).
struct LayoutRoad {
    std::string entry;
    core::RoadReport report;
};

class GenerationWorker;

class GenerationController : public QObject {
    Q_OBJECT

public:
    static constexpr int kCoarseFromDetail = 12;
    // The first image is at most 2049² (detail 11): about 30 ms from the change to both views on
    // this 2-core machine (editor-latency-bench, docs/performance.md), and at most 4 samples
    // apart in each direction at detail 13, 8 at detail 14.
    static constexpr int kCoarseMaxDetail = 11;
    static constexpr int kCoarseDetailDrop = 2;
    // The detail of the first image of a map of `detail` (>= kCoarseFromDetail).
    static constexpr int coarseDetail(int detail) {
        return detail - kCoarseDetailDrop < kCoarseMaxDetail ? detail - kCoarseDetailDrop : kCoarseMaxDetail;
    }
    static constexpr int kFrameInterval_ms = 16;

    // Runs on `evaluator`, shared with others (it must outlive the controller).
    explicit GenerationController(core::StackEvaluator& evaluator, QObject* parent = nullptr);
    // Runs on an evaluator of its own.
    explicit GenerationController(const core::Registry& registry, QObject* parent = nullptr);
    ~GenerationController() override;

    // Queues a request and returns its number.
    quint64 submit(const GenerationRequest& request);
    // The whole stack in the default world (core::WorldUnits{}). `force` regenerates even when
    // every stage is cached (F5).
    quint64 submit(const core::Recipe& recipe, const render::PreviewStyle& style,
                   bool force = false);
    // Cancels the running job and drops the pending one; the shown result stays.
    void cancel();

    void setThreads(int threads) { m_threads = threads; }
    bool busy() const { return m_running || m_pending.has_value(); }
    quint64 latestRequest() const { return m_nextRequest; }
    quint64 shownRequest() const { return m_shownRequest; }

signals:
    void resultReady(const terrain::app::GenerationResult& result);
    // After a full result is shown: the readouts of the roads of every enabled layout entry it went
    // through (computed after the map, so they never delay it).
    void roadsReady(const std::vector<terrain::app::LayoutRoad>& roads);
    void progressChanged(float fraction);
    // The stage computing now, as the status bar shows it ("Hydraulic erosion (3 of 4), 12 s
    // left"), and its own fraction done.
    void stageChanged(const QString& text, float stageFraction);
    // The same for the stack panel's entry: its id (core::kBaseOpId for the base), its fraction
    // done and the seconds left (< 0 while unknown).
    void entryProgress(const QString& opId, float fraction, double secondsLeft);
    void busyChanged(bool busy);
    // An error not located on one entry of the stack (the base generator's, or unexpected).
    void failed(const QString& message);
    // A core::StageError: entry `stage` (1-based; 0 for the base when its file cannot be read),
    // id `opId`, cannot run with its values. The views keep the last good map.
    void stageFailed(int stage, const QString& opId, const QString& message);
    void cancelled();

private:
    friend class GenerationWorker;

    GenerationController(const core::Registry& registry, core::StackEvaluator* shared,
                         QObject* parent);
    void dispatch();
    void onJobResult(GenerationResult result);
    void onJobRoads(quint64 request, const std::vector<LayoutRoad>& roads);
    void onJobFinished(quint64 request, bool wasCancelled, const QString& error, int errorStage,
                       const QString& errorOp);
    void onJobProgress(quint64 request, float fraction);
    void onJobStage(quint64 request, int stage, float fraction);
    void setBusy(bool busy);

    std::unique_ptr<core::StackEvaluator> m_ownEvaluator;
    core::StackEvaluator& m_evaluator;
    int m_stage = -1;  // of the running job, as last reported
    std::chrono::steady_clock::time_point m_stageStart;
    QThread m_thread;
    GenerationWorker* m_worker = nullptr;  // lives on m_thread, deleted when it finishes
    Mailbox m_mailbox{this};               // the worker's calls back to this thread
    QTimer m_frameTimer;

    struct Pending {
        quint64 number;
        GenerationRequest request;
    };
    std::optional<Pending> m_pending;
    bool m_running = false;
    quint64 m_runningRequest = 0;
    GenerationRequest m_runningJob;
    std::shared_ptr<core::CancelToken> m_runningToken;
    quint64 m_nextRequest = 0;
    quint64 m_shownRequest = 0;
    bool m_busySignalled = false;
    int m_threads = 1;
};

}  // namespace terrain::app

Q_DECLARE_METATYPE(terrain::app::GenerationResult)
