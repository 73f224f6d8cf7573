#include "app/editor/relief_window.h"

#include "app/editor/error_text.h"

#include "core/analysis/geomorphometry.h"
#include "core/io/height_mapping.h"
#include "core/io/world_units.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace terrain::app {

ReliefWindow::ReliefWindow(QWidget* parent) : QWidget(parent, Qt::Window) {
    setWindowTitle(tr("Measure Relief"));
    setObjectName(QStringLiteral("reliefWindow"));
    auto* layout = new QVBoxLayout(this);
    m_title = new QLabel(tr("Waiting for the terrain…"), this);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    m_text = new QPlainTextEdit(this);
    m_text->setReadOnly(true);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    layout->addWidget(m_text, 1);
    auto* about = new QLabel(
        tr("Real eroded relief has a few percent of its land in closed depressions, a slope-area "
           "concavity of 0.35–0.6 with r near −1, a positive curvature skew and no grid preference "
           "(1). The measures and figures for real elevation data: docs/erosion.md, “Measuring relief”; "
           "the same figures from the command line: terrain-cli analyze."),
        this);
    about->setWordWrap(true);
    layout->addWidget(about);
    resize(800, 280);  // the longest line (the slope-area law) whole
    connect(&m_watcher, &QFutureWatcher<Output>::finished, this, &ReliefWindow::onFinished);
}

ReliefWindow::~ReliefWindow() {
    m_pending.reset();
    m_watcher.disconnect(this);
    m_watcher.waitForFinished();
}

void ReliefWindow::setTerrain(const GenerationResult& result) {
    if (result.coarse || result.partial || !result.map || result.map->empty()) return;
    Input input;
    input.job = ++m_nextJob;
    input.map = result.map;
    input.world = result.world;
    input.units = result.units;
    input.seaLevel_m = result.recipe.world.seaLevelMetres;
    input.detail = result.recipe.detail;
    m_latest = input;
    if (isVisible()) {
        m_pending = std::move(input);
        if (!m_running) startPending();
    }
}

void ReliefWindow::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    // Opened (or reopened) on a terrain not measured yet: measure it now.
    if (m_latest && m_latest->job != m_shownJob && !(m_pending && m_pending->job == m_latest->job)) {
        m_pending = m_latest;
        if (!m_running) startPending();
    }
}

QString ReliefWindow::figures() const { return m_text->toPlainText(); }

ReliefWindow::Output ReliefWindow::measure(const Input& input) {
    Output output;
    output.job = input.job;
    const core::Heightmap& raw = *input.map;
    core::Heightmap metres = core::Heightmap::uninitialized(raw.width(), raw.height());
    const core::ResolvedMapping mapping = core::resolveMapping(input.world, raw);
    for (std::size_t i = 0; i < raw.sampleCount(); ++i)
        metres.samples()[i] = float(core::metresOf(mapping, input.units, raw.samples()[i]));
    core::GeomorphOptions options;
    options.seaLevel_m = input.seaLevel_m;
    const double spacing = input.units.metresPerPixel;
    const core::Geomorphometry m = core::measureRelief({metres, spacing, spacing}, options);
    output.figures = QString::fromStdString(core::reliefReport(m, options));
    output.title = tr("The terrain on screen: %1 × %2 samples, %3 m apart, sea level %4 m")
                       .arg(raw.width())
                       .arg(raw.height())
                       .arg(spacing, 0, 'f', 2)
                       .arg(input.seaLevel_m, 0, 'f', 1);
    return output;
}

void ReliefWindow::startPending() {
    if (!m_pending) return;
    Input input = std::move(*m_pending);
    m_pending.reset();
    m_running = true;
    m_title->setText(tr("Measuring the terrain on screen (%1 × %2 samples)…")
                         .arg(input.map->width())
                         .arg(input.map->height()));
    // An exception must not travel through the future into the GUI thread's event loop.
    m_watcher.setFuture(QtConcurrent::run([input = std::move(input)] {
        try {
            return measure(input);
        } catch (...) {
            Output failed;
            failed.job = input.job;
            failed.error = currentErrorText();
            return failed;
        }
    }));
}

void ReliefWindow::onFinished() {
    m_running = false;
    const Output output = m_watcher.result();
    if (m_pending) {  // a newer terrain arrived meanwhile: this one is not on screen any more
        startPending();
        return;
    }
    m_shownJob = output.job;
    if (!output.error.isEmpty()) {
        m_title->setText(tr("The terrain could not be measured: %1").arg(output.error));
        m_text->clear();
    } else {
        m_title->setText(output.title);
        m_text->setPlainText(output.figures);
    }
    emit measured();
}

}  // namespace terrain::app
