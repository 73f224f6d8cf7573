#include "app/generation/generation_controller.h"

#include "app/editor/error_text.h"

#include "core/cancel.h"
#include "core/errors.h"
#include "core/io/height_mapping.h"
#include "core/world_scale.h"
#include "core/registry.h"
#include "core/executor.h"
#include "core/stack/evaluator.h"
#include "core/workspace.h"

#include <QSemaphore>

#include <algorithm>
#include <optional>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <functional>
#include <vector>

namespace terrain::app {

// Lives on the controller's thread; one job at a time, in order.
class GenerationWorker : public QObject {
public:
    GenerationWorker(core::StackEvaluator& evaluator, GenerationController* controller)
        : m_evaluator(evaluator), m_controller(controller) {}

    struct Job {
        quint64 request = 0;
        GenerationRequest what;
        int threads = 1;
        std::shared_ptr<core::CancelToken> token;
    };

    void run(const Job& job) {
        bool wasCancelled = false;
        QString error;
        int errorStage = -1;
        QString errorOp;
        try {
            runStages(job);
        } catch (const core::Cancelled&) {
            wasCancelled = true;
        } catch (const core::StageError& e) {
            error = QString::fromStdString(e.what());
            errorStage = e.stage();
            errorOp = QString::fromStdString(e.opId());
        } catch (...) {  // anything else becomes the failed() message (naming an input's field)
            error = currentErrorText();
            if (error.isEmpty()) error = QStringLiteral("generation failed");
        }
        const quint64 request = job.request;
        toController([controller = m_controller, request, wasCancelled, error, errorStage, errorOp] {
            controller->onJobFinished(request, wasCancelled, error, errorStage, errorOp);
        });
    }

    Mailbox& mailbox() { return m_mailbox; }

private:
    // Calls on the controller's thread (not Qt's queue alone: mailbox.h).
    void toController(std::function<void()> call) { m_controller->m_mailbox.post(std::move(call)); }

    void runStages(const Job& job) {
        const core::Recipe& recipe = job.what.recipe;
        const core::Algorithm& algorithm = m_evaluator.registry().get(recipe.algorithm);
        // The share of the progress bar the full map fills (the coarse map fills the rest).
        float fullShare = 1.0f;
        if (recipe.detail >= GenerationController::kCoarseFromDetail) {
            GenerationRequest coarse = job.what;
            coarse.recipe.detail =
                std::max(algorithm.minDetail, GenerationController::coarseDetail(recipe.detail));
            if (coarse.recipe.detail < recipe.detail) {
                // The same world: as many metres across with fewer samples.
                const double span = double(algorithm.sizeForDetail(recipe.detail).width - 1);
                const double coarseSpan = double(algorithm.sizeForDetail(coarse.recipe.detail).width - 1);
                coarse.world.metresPerPixel = job.what.world.metresPerPixel * span / coarseSpan;
                // It has 4^-(drop) of the samples: that share of the work, and of the bar.
                const float coarseShare = std::ldexp(1.0f, -2 * (recipe.detail - coarse.recipe.detail));
                double ms = 0.0;
                core::StackResult result = evaluate(job, coarse, &ms, 0.0f, coarseShare);
                const auto shown = std::make_shared<QSemaphore>();
                publish(job, std::move(result), ms, true, shown);
                waitUntilShown(job, *shown);
                fullShare = 1.0f - coarseShare;
            }
        }
        double ms = 0.0;
        core::StackResult result = evaluate(job, job.what, &ms, 1.0f - fullShare, fullShare, true);
        if (result.computed.empty()) ms = 0.0;  // every stage came from the cache
        const int lastStage = result.lastStage;
        publish(job, std::move(result), ms, false);
        std::vector<LayoutRoad> roads = roadsOf(job, lastStage);
        toController([controller = m_controller, request = job.request, roads = std::move(roads)] {
            controller->onJobRoads(request, roads);
        });
    }

    // Progress goes from `progressFrom` to progressFrom + progressShare, so one job's bar never
    // runs backwards from the coarse map to the full one.
    // `partials`: show a long stage's output while it improves (the full map only).
    core::StackResult evaluate(const Job& job, const GenerationRequest& what, double* ms,
                               float progressFrom, float progressShare, bool partials = false) {
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
                    controller->m_mailbox.post(
                        [controller, request, fraction] { controller->onJobProgress(request, fraction); });
                    break;
                }
            }
        };
        auto lastStage = std::make_shared<std::pair<int, int>>(-1, -1);  // stage, percent
        context.stageProgress = [controller, request, lastStage](int stage, float fraction) {
            const int percent = int(std::clamp(fraction, 0.0f, 1.0f) * 100.0f);
            if (std::pair{stage, percent} <= *lastStage) return;  // one thread per stage reports
            *lastStage = {stage, percent};
            controller->m_mailbox.post(
                [controller, request, stage, fraction] { controller->onJobStage(request, stage, fraction); });
        };
        if (partials) context.partial = [this, &job, &what](const core::Heightmap& map) { publishPartial(job, what, map); };
        const auto start = std::chrono::steady_clock::now();
        core::StackResult result;
        if (what.force) {
            // F5: every stage again, on an evaluator that keeps nothing (the shared cache stays).
            core::StackEvaluator fresh(m_evaluator.registry(), 0);
            result = fresh.evaluate(what.recipe, what.world, context, what.upTo);
        } else {
            result = m_evaluator.evaluate(what.recipe, what.world, context, what.upTo);
        }
        *ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                  .count();
        return result;
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

    // A long stage's map so far (erosion improving), shown like a coarse result: at most every
    // kPartialInterval and never while the previous one waits to be shown, so the computation is
    // not slowed by drawing. The final result replaces it.
    void publishPartial(const Job& job, const GenerationRequest& what, const core::Heightmap& map) {
        constexpr auto kPartialInterval = std::chrono::milliseconds(150);
        const auto now = std::chrono::steady_clock::now();
        if (job.token->cancelled() || now - m_lastPartial < kPartialInterval) return;
        if (m_partialShown && !m_partialShown->tryAcquire()) return;
        m_lastPartial = now;
        m_partialShown = std::make_shared<QSemaphore>();
        core::GenerateContext quiet;
        quiet.threads = 1;
        core::StackResult partial;
        partial.world = m_evaluator.worldMapping(what.recipe, what.world.metresPerPixel, quiet);
        partial.map = std::make_shared<const core::Heightmap>(map);
        partial.lastStage = what.upTo;
        publish(job, std::move(partial), 0.0, true, m_partialShown, true);
    }

    // `shown`, if set, is released once the controller has delivered (or dropped) the result.
    void publish(const Job& job, core::StackResult stack, double ms, bool coarse,
                 std::shared_ptr<QSemaphore> shown = nullptr, bool partial = false) {
        if (job.token->cancelled()) throw core::Cancelled();
        GenerationResult result;
        result.request = job.request;
        result.recipe = job.what.recipe;
        result.style = job.what.style;
        result.units = job.what.world;
        result.upTo = job.what.upTo;
        result.coarse = coarse;
        result.partial = partial;
        result.generateMs = ms;
        result.lastStage = stack.lastStage;
        result.computed = std::move(stack.computed);
        result.range = core::finiteMinMax(*stack.map);
        result.world = stack.world;
        const core::ResolvedMapping mapping = core::resolveMapping(result.world, *stack.map);
        result.image = render::renderPreviewImage(*stack.map, mapping, job.what.style);
        if (const auto it = stack.masks.find(job.what.style.overlay); it != stack.masks.end()) {
            result.overlay = it->second;
            result.image = render::tintWithMask(result.image, *result.overlay);
        }
        result.map = std::move(stack.map);
        result.masks = std::move(stack.masks);
        toController([controller = m_controller, result = std::move(result), shown = std::move(shown)]() mutable {
            controller->onJobResult(std::move(result));
            if (shown) shown->release();
        });
    }

    // The readouts of the roads of every enabled layout entry the map went through. Their profiles
    // read the stage below each entry at the reference detail, which the evaluation has just put
    // in the evaluator's cache. A road that cannot be resolved has no readout (the entry's error
    // is the evaluation's to report).
    std::vector<LayoutRoad> roadsOf(const Job& job, int lastStage) {
        std::vector<LayoutRoad> roads;
        const core::Recipe& recipe = job.what.recipe;
        core::GenerateContext context;
        context.cancel = job.token.get();
        context.threads = job.threads;
        context.executor = &executorFor(job.threads);
        context.workspace = &m_workspace;
        for (int stage = 1; stage <= lastStage && std::size_t(stage) <= recipe.operations.size(); ++stage) {
            const core::OpInstance& op = recipe.operations[std::size_t(stage - 1)];
            if (op.type != "layout" || !op.enabled || op.data.find("\"road\"") == std::string::npos) continue;
            try {
                for (core::RoadReport& report : core::roadReports(m_evaluator, recipe, job.what.world, stage, context)) {
                    roads.push_back({op.id, std::move(report)});
                }
            } catch (const core::Cancelled&) {
                throw;
            } catch (const std::exception&) {
            }
        }
        return roads;
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

    std::unique_ptr<core::Executor> m_executor;
    int m_executorThreads = 0;
    std::chrono::steady_clock::time_point m_lastPartial{};
    std::shared_ptr<QSemaphore> m_partialShown;  // released when the last partial was shown
    core::Workspace m_workspace;
    core::StackEvaluator& m_evaluator;
    GenerationController* m_controller;
    Mailbox m_mailbox{this};  // the controller's jobs
};

GenerationController::GenerationController(const core::Registry& registry, QObject* parent)
    : GenerationController(registry, nullptr, parent) {}

GenerationController::GenerationController(core::StackEvaluator& evaluator, QObject* parent)
    : GenerationController(evaluator.registry(), &evaluator, parent) {}

GenerationController::GenerationController(const core::Registry& registry,
                                           core::StackEvaluator* shared, QObject* parent)
    : QObject(parent),
      m_ownEvaluator(shared ? nullptr : std::make_unique<core::StackEvaluator>(registry)),
      m_evaluator(shared ? *shared : *m_ownEvaluator) {
    qRegisterMetaType<GenerationResult>();
    m_threads = std::max(1, QThread::idealThreadCount());
    m_worker = new GenerationWorker(m_evaluator, this);
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
    GenerationRequest request;
    request.recipe = recipe;
    request.style = style;
    request.force = force;
    return submit(request);
}

quint64 GenerationController::submit(const GenerationRequest& what) {
    const quint64 request = ++m_nextRequest;
    m_pending = Pending{request, what};
    // A job making the same map is left to finish: the pending request then finds its stages
    // in the evaluator's cache.
    if (m_running && (what.force || !m_runningJob.sameMap(what))) m_runningToken->cancel();
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
    job.request = m_pending->number;
    job.what = m_pending->request;
    job.threads = m_threads;
    job.token = std::make_shared<core::CancelToken>();
    m_pending.reset();

    m_running = true;
    m_stage = -1;
    m_runningRequest = job.request;
    m_runningJob = job.what;
    m_runningToken = job.token;
    emit progressChanged(0.0f);
    m_worker->mailbox().post([worker = m_worker, job] { worker->run(job); });
    m_frameTimer.start();
}

void GenerationController::onJobResult(GenerationResult result) {
    if (result.request < m_shownRequest) return;  // older than what is on screen
    m_shownRequest = result.request;
    emit resultReady(result);
}

void GenerationController::onJobRoads(quint64 request, const std::vector<LayoutRoad>& roads) {
    if (request == m_shownRequest) emit roadsReady(roads);
}

void GenerationController::onJobFinished(quint64 request, bool wasCancelled, const QString& error,
                                         int errorStage, const QString& errorOp) {
    if (request != m_runningRequest) return;
    m_running = false;
    m_runningToken.reset();
    if (!error.isEmpty()) {
        if (errorStage > 0 || (errorStage == 0 && !errorOp.isEmpty())) {
            emit stageFailed(errorStage, errorOp, error);
        } else {
            emit failed(error);
        }
    }
    if (wasCancelled && !m_pending) emit cancelled();
    if (!m_frameTimer.isActive()) dispatch();
    if (!m_running && !m_pending) setBusy(false);
}

void GenerationController::onJobProgress(quint64 request, float fraction) {
    if (request == m_runningRequest && m_running) emit progressChanged(fraction);
}

void GenerationController::onJobStage(quint64 request, int stage, float fraction) {
    if (request != m_runningRequest || !m_running) return;
    const auto now = std::chrono::steady_clock::now();
    if (stage != m_stage) {
        m_stage = stage;
        m_stageStart = now;
    }
    const core::Recipe& recipe = m_runningJob.recipe;
    const core::Registry& registry = m_evaluator.registry();
    QString name = stage == 0 ? QString::fromStdString(registry.get(recipe.algorithm).name)
                              : stage <= int(recipe.operations.size())
                                    ? QString::fromStdString(core::operationLabel(registry, recipe.operations[std::size_t(stage - 1)]))
                                    : QString();
    QString text = tr("%1 (%2 of %3)").arg(name).arg(stage + 1).arg(recipe.operations.size() + 1);
    // Time left from this stage's pace so far, once there is a pace to go by.
    const double elapsed = std::chrono::duration<double>(now - m_stageStart).count();
    double left = -1.0;
    if (fraction > 0.02f && fraction < 1.0f && elapsed > 0.3) {
        left = elapsed * (1.0 - double(fraction)) / double(fraction);
        text += left < 60.0 ? tr(", %1 s left").arg(int(std::ceil(left)))
                            : tr(", %1 min left").arg(int(std::ceil(left / 60.0)));
    }
    emit stageChanged(text, fraction);
    const std::string id = stage == 0 ? std::string(core::kBaseOpId)
                           : stage <= int(recipe.operations.size()) ? recipe.operations[std::size_t(stage - 1)].id
                                                                     : std::string();
    emit entryProgress(QString::fromStdString(id), fraction, left);
}

void GenerationController::setBusy(bool busy) {
    if (busy == m_busySignalled) return;
    m_busySignalled = busy;
    emit busyChanged(busy);
}

}  // namespace terrain::app
