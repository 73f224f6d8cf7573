#include "app/editor/status_panel.h"

#include "app/generation/generation_controller.h"

#include <algorithm>

#include <QLabel>
#include <QProgressBar>
#include <QHBoxLayout>
#include <QPushButton>
#include <QStatusBar>

#include "app/editor/screen_timing.h"

#include <cmath>

namespace terrain::app {

namespace {

QLabel* makeField(QStatusBar* bar, const QString& tip, int minimumWidth) {
    auto* label = new QLabel(bar);
    label->setToolTip(tip);
    label->setMinimumWidth(minimumWidth);
    bar->addPermanentWidget(label);
    return label;
}

}  // namespace

StatusPanel::StatusPanel(QStatusBar* bar)
    : QObject(bar),
      m_bar(bar),
      m_size(makeField(bar, tr("Map size in samples"), 90)),
      m_range(makeField(bar, tr("Lowest and highest height in metres (the world scale: the same "
                                "point has the same height at every detail)"), 170)),
      m_time(makeField(bar, tr("Time from the last change until its map was on screen in both "
                               "views, and the part the generation took"), 80)),
      m_hover(makeField(bar, tr("Sample under the mouse in the 2-D preview"), 190)),
      m_progress(new QProgressBar(bar)),
      m_cancel(new QPushButton(tr("Cancel"), bar)),
      m_stage(new QLabel(bar)) {
    m_stage->setObjectName(QStringLiteral("stage"));
    m_stage->setToolTip(tr("The entry of the stack being computed, how far it is and the time it still needs"));
    bar->addWidget(m_stage, 1);
    // Wide enough for the longest time text, so a new time moves no other field.
    m_time->setMinimumWidth(m_time->fontMetrics().horizontalAdvance(
                                ScreenTiming::describe(999.0, 999.0)) + 8);
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(140);
    m_progress->setTextVisible(false);
    m_progress->setToolTip(tr("Generating…"));
    m_cancel->setToolTip(tr("Stop the running generation (Esc)"));
    m_cancel->setFlat(true);
    // The bar and button keep their place while hidden, so showing them moves no label.
    auto* job = new QWidget(bar);
    auto* jobLayout = new QHBoxLayout(job);
    jobLayout->setContentsMargins(0, 0, 0, 0);
    for (QWidget* part : {static_cast<QWidget*>(m_progress), static_cast<QWidget*>(m_cancel)}) {
        QSizePolicy policy = part->sizePolicy();
        policy.setRetainSizeWhenHidden(true);
        part->setSizePolicy(policy);
        jobLayout->addWidget(part);
    }
    m_progress->setFixedWidth(140);
    job->setFixedSize(job->sizeHint());
    bar->addPermanentWidget(job);
    connect(m_cancel, &QPushButton::clicked, this, &StatusPanel::cancelRequested);
    m_showDelay.setSingleShot(true);
    m_showDelay.setInterval(kShowDelay_ms);
    connect(&m_showDelay, &QTimer::timeout, this, [this] {
        m_progress->setVisible(m_busy);
        m_cancel->setVisible(m_busy);
        m_stage->setVisible(m_busy);
    });
    setBusy(false);
    clearHover();
}

void StatusPanel::showResult(const GenerationResult& result, const core::WorldUnits& units) {
    if (!result.map) return;
    m_metres = core::resolveMapping(result.world, *result.map);
    m_units = units;
    // A coarse map is every step-th sample of the full one (the lattice rule): say which.
    const int step = result.coarse && result.map->width() > 1
                         ? (1 << result.recipe.detail) / (result.map->width() - 1)
                         : 1;
    m_sampleStep = step;
    m_size->setText(tr("%1 × %2%3")
                        .arg(result.map->width())
                        .arg(result.map->height())
                        .arg(result.coarse ? tr(" (every %1th sample, full map follows)").arg(step)
                                           : QString()));
    m_range->setText(tr("min %1 m  max %2 m")
                         .arg(core::metresOf(m_metres, units, result.range.min), 0, 'f', 1)
                         .arg(core::metresOf(m_metres, units, result.range.max), 0, 'f', 1));
}

void StatusPanel::showScreenTime(double screen_ms, double generate_ms) {
    m_time->setText(ScreenTiming::describe(screen_ms, generate_ms));
}

void StatusPanel::showHover(int x, int y, float height) {
    m_hover->setText(tr("x %1  y %2  h %3 m")
                         .arg(x * m_sampleStep)
                         .arg(y * m_sampleStep)
                         .arg(core::metresOf(m_metres, m_units, height), 0, 'f', 2));
}

void StatusPanel::clearHover() { m_hover->setText(QString()); }

void StatusPanel::setBusy(bool busy) {
    // Small maps finish within a frame or two: showing the bar only after a moment keeps the
    // status bar from flickering during a slider drag.
    m_busy = busy;
    if (busy) {
        m_progress->setValue(0);
        if (!m_showDelay.isActive() && !m_progress->isVisible()) m_showDelay.start();
    } else {
        m_showDelay.stop();
        m_progress->setVisible(false);
        m_cancel->setVisible(false);
        m_stage->setVisible(false);
        m_stage->clear();
    }
}

void StatusPanel::setProgress(float fraction) {
    m_progress->setValue(int(std::lround(double(fraction) * 1000.0)));
}

void StatusPanel::showStage(const QString& text, float stageFraction) {
    const int percent = int(std::clamp(stageFraction, 0.0f, 1.0f) * 100.0f);
    m_stage->setText(tr("%1: %2 %").arg(text).arg(percent));
}

void StatusPanel::showMessage(const QString& message, int timeout_ms) {
    m_bar->showMessage(message, timeout_ms);
}

}  // namespace terrain::app
