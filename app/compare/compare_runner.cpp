#include "app/compare/compare_runner.h"

#include "app/editor/error_text.h"

#include "core/cancel.h"
#include "core/errors.h"
#include "core/stack/evaluator.h"

#include <QtConcurrent/QtConcurrentRun>

#include <chrono>

namespace terrain::app {

StackRunner::StackRunner(std::shared_ptr<core::StackEvaluator> evaluator, QObject* parent)
    : QObject(parent), m_evaluator(std::move(evaluator)) {
    qRegisterMetaType<StackRun>();
    connect(&m_watcher, &QFutureWatcher<StackRun>::finished, this, &StackRunner::onFinished);
}

StackRunner::~StackRunner() {
    m_pending.reset();
    if (m_runningToken) m_runningToken->cancel();
    m_watcher.disconnect(this);
    m_watcher.waitForFinished();
}

quint64 StackRunner::submit(const core::Recipe& recipe, const core::WorldUnits& units,
                            std::optional<render::PreviewStyle> style) {
    const quint64 request = ++m_nextRequest;
    m_pending = Job{request, recipe, units, style};
    if (m_running && m_runningToken) m_runningToken->cancel();
    if (!m_running) startPending();
    return request;
}

void StackRunner::startPending() {
    if (!m_pending) return;
    Job job = std::move(*m_pending);
    m_pending.reset();
    m_running = true;
    m_runningToken = std::make_shared<core::CancelToken>();
    // Exceptions are caught on the worker: none may travel through the future.
    m_watcher.setFuture(QtConcurrent::run([evaluator = m_evaluator, token = m_runningToken,
                                           threads = m_threads, job = std::move(job)] {
        StackRun run;
        run.request = job.request;
        run.recipe = job.recipe;
        run.units = job.units;
        run.style = job.style;
        try {
            core::GenerateContext context;
            context.cancel = token.get();
            context.threads = threads;
            const auto start = std::chrono::steady_clock::now();
            core::StackResult result = evaluator->evaluate(job.recipe, job.units, context);
            run.generateMs =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
            run.range = core::finiteMinMax(*result.map);
            run.world = result.world;
            run.computed = std::move(result.computed);
            if (job.style) {
                run.image = render::renderPreviewImage(
                    *result.map, core::resolveMapping(run.world, *result.map), *job.style);
            }
            run.map = std::move(result.map);
        } catch (const core::Cancelled&) {
            run.error = QStringLiteral("cancelled");
        } catch (...) {
            run.error = currentErrorText();
        }
        return run;
    }));
}

void StackRunner::onFinished() {
    m_running = false;
    m_runningToken.reset();
    const StackRun run = m_watcher.result();
    // A newer request supersedes this one: it is never delivered.
    if (run.request == m_nextRequest) emit finished(run);
    startPending();
}

}  // namespace terrain::app
