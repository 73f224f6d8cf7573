#include "generation_controller.h"

#include "error_text.h"

#include "core/cancel.h"
#include "core/errors.h"
#include "core/executor.h"
#include "core/io/height_mapping.h"
#include "core/world_scale.h"
#include "core/registry.h"
#include "core/workspace.h"

#include <QMetaObject>
#include <QSemaphore>

#include <algorithm>
#include <optional>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <vector>

namespace terrain::app {

// Lives on the controller's thread; one job at a time, in order.
class GenerationWorker : public QObject {
public:
    GenerationWorker(const core::Registry& registry, GenerationController* controller)
        : m_registry(registry), m_controller(controller) {}

    struct Job {
        quint64 request = 0;
        core::Recipe recipe;
        render::PreviewStyle style;
        bool force = false;
        int threads = 1;
        std::shared_ptr<core::CancelToken> token;
    };

    void run(const Job& job) {
        bool wasCancelled = false;
        QString error;
        try {
            runStages(job);
        } catch (const core::Cancelled&) {
            wasCancelled = true;
        } catch (...) {  // anything else becomes the failed() message (naming an input's field)
            error = currentErrorText();
            if (error.isEmpty()) error = QStringLiteral("generation failed");
        }
        const quint64 request = job.request;
        QMetaObject::invokeMethod(
            m_controller,
            [controller = m_controller, request, wasCancelled, error] {
                controller->onJobFinished(request, wasCancelled, error);
            },
            Qt::QueuedConnection);
    }

private:
    void runStages(const Job& job) {
        if (job.force || !m_cachedMap || !(m_cachedRecipe == job.recipe)) {
            m_cachedMap.reset();
            const core::Algorithm& algorithm = m_registry.get(job.recipe.algorithm);
            // The share of the progress bar the full map fills (the coarse map fills the rest).
            float fullShare = 1.0f;
            if (job.recipe.detail >= GenerationController::kCoarseFromDetail) {
                core::Recipe coarse = job.recipe;
                coarse.detail = std::max(algorithm.minDetail,
                                         GenerationController::coarseDetail(job.recipe.detail));
                if (coarse.detail < job.recipe.detail) {
                    // It has 4^-(drop) of the samples: that share of the work, and of the bar.
                    const float coarseShare = std::ldexp(1.0f, -2 * (job.recipe.detail - coarse.detail));
                    double ms = 0.0;
                    auto map = generate(job, coarse, &ms, 0.0f, coarseShare);
                    const auto shown = std::make_shared<QSemaphore>();
                    publish(job, std::move(map), ms, true, shown);
                    waitUntilShown(job, *shown);
                    fullShare = 1.0f - coarseShare;
                }
            }
            double ms = 0.0;
            m_cachedMap = generate(job, job.recipe, &ms, 1.0f - fullShare, fullShare);
            m_cachedRecipe = job.recipe;
            publish(job, m_cachedMap, ms, false);
        } else {
            publish(job, m_cachedMap, 0.0, false);
        }
    }

    // Progress goes from `progressFrom` to progressFrom + progressShare, so one job's bar never
    // runs backwards from the coarse map to the full one.
    std::shared_ptr<const core::Heightmap> generate(const Job& job, const core::Recipe& recipe,
                                                    double* ms, float progressFrom,
                                                    float progressShare) {
        auto lastPercent = std::make_shared<std::atomic<int>>(-1);
        core::GenerateContext context;
        context.cancel = job.token.get();
        context.threads = job.threads;
        context.executor = &executorFor(job.threads);
        context.workspace = &m_workspace;  // kept warm between jobs: a drag pays the warm time
        GenerationController* controller = m_controller;
        const quint64 request = job.request;
        context.progress = [controller, request, lastPercent, progressFrom,
                            progressShare](float generatorFraction) {
            const float fraction =
                progressFrom + std::clamp(generatorFraction, 0.0f, 1.0f) * progressShare;
            const int percent = int(fraction * 100.0f);
            int seen = lastPercent->load();
            while (percent > seen) {
                if (lastPercent->compare_exchange_weak(seen, percent)) {
                    QMetaObject::invokeMethod(
                        controller,
                        [controller, request, fraction] {
                            controller->onJobProgress(request, fraction);
                        },
                        Qt::QueuedConnection);
                    break;
                }
            }
        };
        const auto start = std::chrono::steady_clock::now();
        const core::Size size = m_registry.get(recipe.algorithm).sizeForDetail(recipe.detail);
        std::shared_ptr<core::Heightmap> map = takeBuffer(size);
        core::generateInto(m_registry, recipe, context, *map);
        *ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                  .count();
        return map;
    }

    // A grid nobody else holds any more (the views and exports dropped it), of the right size, so
    // a regeneration refills pages that are already mapped: a fresh 4097² grid costs ~160 ms of
    // page faults here before a single sample is written. The pool keeps at most kPoolSize grids.
    std::shared_ptr<core::Heightmap> takeBuffer(core::Size size) {
        const std::size_t samples = std::size_t(size.width) * std::size_t(size.height);
        for (const auto& buffer : m_pool) {
            if (buffer.use_count() == 1 && buffer->sampleCount() == samples) return buffer;
        }
        auto fresh = std::make_shared<core::Heightmap>();
        const auto spare = std::find_if(m_pool.begin(), m_pool.end(),
                                        [](const auto& b) { return b.use_count() == 1; });
        if (spare != m_pool.end()) {
            *spare = fresh;  // drop an idle grid of another size
        } else if (m_pool.size() < kPoolSize) {
            m_pool.push_back(fresh);
        }
        return fresh;
    }

    // The full map's threads would take the cores from the GUI thread while it uploads the
    // first image (on 2 cores that doubled its latency, editor-latency-bench), so the full map
    // starts once the first image is in the views: a few tens of ms of a job of a second or
    // more. A GUI thread that does not take the result in kShownWait_ms is not waited for.
    void waitUntilShown(const Job& job, QSemaphore& shown) {
        constexpr int kShownWait_ms = 250, kSlice_ms = 5;
        for (int waited = 0; waited < kShownWait_ms; waited += kSlice_ms) {
            if (shown.tryAcquire(1, kSlice_ms)) return;
            if (job.token->cancelled()) throw core::Cancelled();
        }
    }

    // `shown`, if set, is released once the controller has delivered (or dropped) the result.
    void publish(const Job& job, std::shared_ptr<const core::Heightmap> map, double ms,
                 bool coarse, std::shared_ptr<QSemaphore> shown = nullptr) {
        if (job.token->cancelled()) throw core::Cancelled();
        GenerationResult result;
        result.request = job.request;
        result.recipe = job.recipe;
        result.style = job.style;
        result.coarse = coarse;
        result.generateMs = ms;
        result.range = core::finiteMinMax(*map);
        result.world = worldFor(job.recipe);
        const core::ResolvedMapping mapping = core::resolveMapping(result.world, *map);
        result.image = render::renderPreviewImage(*map, mapping, job.style);
        result.map = std::move(map);
        QMetaObject::invokeMethod(
            m_controller,
            [controller = m_controller, result = std::move(result), shown = std::move(shown)]() mutable {
                controller->onJobResult(std::move(result));
                if (shown) shown->release();
            },
            Qt::QueuedConnection);
    }

    // The world scale of a recipe: the same for every detail, so it is kept while only the
    // detail changes (it costs a detail-10 generation, about a millisecond).
    core::HeightMapping worldFor(const core::Recipe& recipe) {
        core::Recipe key = recipe;
        key.detail = 0;
        if (!m_worldRecipe || !(*m_worldRecipe == key)) {
            core::GenerateContext context;
            context.threads = 2;
            m_world = core::worldMapping(m_registry, recipe, context);
            m_worldRecipe = key;
        }
        return m_world;
    }

    // The worker's helper threads, started once for a thread count (not for every job).
    core::Executor& executorFor(int threads) {
        if (!m_executor || m_executorThreads != threads) {
            m_executor.reset();
            m_executor = std::make_unique<core::Executor>(threads - 1);
            m_executorThreads = threads;
        }
        return *m_executor;
    }

    const core::Registry& m_registry;
    GenerationController* m_controller;
    std::unique_ptr<core::Executor> m_executor;
    int m_executorThreads = 0;
    core::Workspace m_workspace;
    std::optional<core::Recipe> m_worldRecipe;  // detail 0: the scale does not depend on it
    core::HeightMapping m_world;
    core::Recipe m_cachedRecipe;
    std::shared_ptr<const core::Heightmap> m_cachedMap;
    static constexpr std::size_t kPoolSize = 3;  // on screen, being replaced, being generated
    std::vector<std::shared_ptr<core::Heightmap>> m_pool;
};

GenerationController::GenerationController(const core::Registry& registry, QObject* parent)
    : QObject(parent), m_registry(registry) {
    qRegisterMetaType<GenerationResult>();
    m_threads = std::max(1, QThread::idealThreadCount());
    m_worker = new GenerationWorker(m_registry, this);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.setObjectName(QStringLiteral("terrain-generation"));
    m_thread.start();

    m_frameTimer.setSingleShot(true);
    m_frameTimer.setInterval(kFrameInterval_ms);
    connect(&m_frameTimer, &QTimer::timeout, this, &GenerationController::dispatch);
}

GenerationController::~GenerationController() {
    m_pending.reset();
    if (m_runningToken) m_runningToken->cancel();
    m_thread.quit();
    m_thread.wait();
}

quint64 GenerationController::submit(const core::Recipe& recipe,
                                     const render::PreviewStyle& style, bool force) {
    const quint64 request = ++m_nextRequest;
    m_pending = Pending{request, recipe, style, force};
    // A job making the same map is left to finish: the pending request then reuses its map.
    if (m_running && (force || !(m_runningRecipe == recipe))) m_runningToken->cancel();
    setBusy(true);
    if (!m_frameTimer.isActive()) dispatch();
    return request;
}

void GenerationController::cancel() {
    m_pending.reset();
    if (m_running) {
        m_runningToken->cancel();
    } else {
        setBusy(false);
    }
}

void GenerationController::dispatch() {
    if (m_running || !m_pending) return;
    GenerationWorker::Job job;
    job.request = m_pending->request;
    job.recipe = m_pending->recipe;
    job.style = m_pending->style;
    job.force = m_pending->force;
    job.threads = m_threads;
    job.token = std::make_shared<core::CancelToken>();
    m_pending.reset();

    m_running = true;
    m_runningRequest = job.request;
    m_runningRecipe = job.recipe;
    m_runningToken = job.token;
    emit progressChanged(0.0f);
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, job] { worker->run(job); }, Qt::QueuedConnection);
    m_frameTimer.start();
}

void GenerationController::onJobResult(GenerationResult result) {
    if (result.request < m_shownRequest) return;  // older than what is on screen
    m_shownRequest = result.request;
    emit resultReady(result);
}

void GenerationController::onJobFinished(quint64 request, bool wasCancelled,
                                         const QString& error) {
    if (request != m_runningRequest) return;
    m_running = false;
    m_runningToken.reset();
    if (!error.isEmpty()) emit failed(error);
    if (wasCancelled && !m_pending) emit cancelled();
    if (!m_frameTimer.isActive()) dispatch();
    if (!m_running && !m_pending) setBusy(false);
}

void GenerationController::onJobProgress(quint64 request, float fraction) {
    if (request == m_runningRequest && m_running) emit progressChanged(fraction);
}

void GenerationController::setBusy(bool busy) {
    if (busy == m_busySignalled) return;
    m_busySignalled = busy;
    emit busyChanged(busy);
}

}  // namespace terrain::app
