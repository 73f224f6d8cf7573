#include "app/compare/seed_variations.h"

#include "app/document/document.h"
#include "app/document/document_state.h"

#include "core/registry.h"
#include "core/stack/evaluator.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace terrain::app {

namespace {

bool sameStyle(const render::PreviewStyle& a, const render::PreviewStyle& b) {
    return a.colorMap == b.colorMap && a.hillshade == b.hillshade &&
           a.lightAzimuth_deg == b.lightAzimuth_deg && a.lightElevation_deg == b.lightElevation_deg;
}

}  // namespace

SeedVariationsWindow::SeedVariationsWindow(const core::Registry& registry, Document* document,
                                           std::shared_ptr<core::StackEvaluator> evaluator,
                                           QWidget* parent)
    : QWidget(parent, Qt::Window),
      m_registry(registry),
      m_document(document),
      m_evaluator(evaluator ? std::move(evaluator) : std::make_shared<core::StackEvaluator>(registry)),
      m_gridSize(new QComboBox(this)),
      m_info(new QLabel(this)),
      m_gridHost(new QWidget(this)),
      m_grid(new QGridLayout(m_gridHost)) {
    setWindowTitle(tr("Seed Variations — Terrain Editor"));
    m_firstSeed = m_document->state().recipe.seed;

    m_gridSize->addItem(tr("3 × 3"), 3);
    m_gridSize->addItem(tr("4 × 4"), 4);
    auto* previous = new QPushButton(tr("◀ Previous"), this);
    auto* next = new QPushButton(tr("Next ▶"), this);
    previous->setToolTip(tr("Show the seeds before these"));
    next->setToolTip(tr("Show the seeds after these"));
    m_info->setWordWrap(true);

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Grid"), this));
    top->addWidget(m_gridSize);
    top->addWidget(previous);
    top->addWidget(next);
    top->addStretch(1);
    m_grid->setSpacing(4);
    m_grid->setContentsMargins(0, 0, 0, 0);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_info);
    layout->addWidget(m_gridHost, 1);

    connect(m_gridSize, &QComboBox::currentIndexChanged, this,
            [this] { setColumns(m_gridSize->currentData().toInt()); });
    connect(previous, &QPushButton::clicked, this, [this] { showPage(-1); });
    connect(next, &QPushButton::clicked, this, [this] { showPage(+1); });
    connect(m_document, &Document::stateChanged, this, &SeedVariationsWindow::onStateChanged);
    rebuildGrid();
}

void SeedVariationsWindow::setColumns(int columns) {
    columns = std::clamp(columns, 3, 4);
    m_gridSize->setCurrentIndex(m_gridSize->findData(columns));
    if (columns == m_columns && !m_cells.empty()) return;
    m_columns = columns;
    rebuildGrid();
}

core::Recipe SeedVariationsWindow::cellRecipe(int cell) const {
    core::Recipe recipe = m_document->state().recipe;
    recipe.seed = seedAt(cell);
    recipe.detail = std::min(recipe.detail, kMaxThumbnailDetail);
    if (const core::Algorithm* algorithm = m_registry.find(recipe.algorithm)) {
        recipe.detail = std::max(recipe.detail, algorithm->minDetail);
    }
    return recipe;
}

core::WorldUnits SeedVariationsWindow::cellWorld() const {
    // The world keeps its extent at a capped thumbnail detail: metres per sample grow.
    const DocumentState& state = m_document->state();
    core::WorldUnits units = state.world().units();
    const core::Recipe thumbnail = cellRecipe(0);
    if (const core::Algorithm* algorithm = m_registry.find(thumbnail.algorithm)) {
        const int full = algorithm->sizeForDetail(state.recipe.detail).width;
        const int shown = algorithm->sizeForDetail(thumbnail.detail).width;
        if (full > 1 && shown > 1) units.metresPerPixel *= double(full - 1) / double(shown - 1);
    }
    return units;
}

std::shared_ptr<const core::Heightmap> SeedVariationsWindow::cellMap(int cell) const {
    return m_cells.at(std::size_t(cell)).map;
}

void SeedVariationsWindow::rebuildGrid() {
    for (Cell& cell : m_cells) {
        delete cell.button;
        delete cell.runner;  // cancels its job and waits for it
    }
    m_cells.clear();
    const int count = m_columns * m_columns;
    m_cells.resize(std::size_t(count));
    for (int i = 0; i < count; ++i) {
        Cell& cell = m_cells[std::size_t(i)];
        cell.button = new QToolButton(m_gridHost);
        cell.button->setToolButtonStyle(Qt::ToolButtonTextUnderIcon);
        cell.button->setIconSize(QSize(kThumbnailSide_px, kThumbnailSide_px));
        cell.button->setCheckable(true);
        cell.button->setAutoRaise(true);
        cell.button->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
        m_grid->addWidget(cell.button, i / m_columns, i % m_columns);
        cell.runner = new StackRunner(m_evaluator, this);
        // Many small maps at once: one thread each, the cores are shared by the cells.
        cell.runner->setThreads(1);
        connect(cell.button, &QToolButton::clicked, this, [this, i] { adoptSeed(i); });
        connect(cell.runner, &StackRunner::finished, this,
                [this, i](const StackRun& run) { onResult(i, run); });
    }
    refresh();
}

void SeedVariationsWindow::refresh() {
    const DocumentState& state = m_document->state();
    const bool capped = state.recipe.detail > kMaxThumbnailDetail;
    m_info->setText(
        tr("Seeds %1 to %2 of the current recipe. Click one to use its seed (Ctrl+Z undoes it).%3")
            .arg(m_firstSeed)
            .arg(seedAt(cellCount() - 1))
            // By the lattice rule a lower detail is every 2^k-th sample of the same terrain.
            .arg(capped ? tr(" Thumbnails are made at detail %1: one in %2 of the full "
                             "map's samples each way.")
                              .arg(kMaxThumbnailDetail)
                              .arg(1 << (state.recipe.detail - kMaxThumbnailDetail))
                        : QString()));
    const core::WorldUnits world = cellWorld();
    for (int i = 0; i < cellCount(); ++i) {
        Cell& cell = m_cells[std::size_t(i)];
        const core::Recipe recipe = cellRecipe(i);
        const bool requested = cell.runner->latestRequest() > 0;
        // Ask only when the recipe, its world or the look changed; the runner drops older
        // requests.
        if (!requested || !(cell.shown == recipe) || !isCellCurrent(i)) {
            cell.runner->submit(recipe, world, state.view.previewStyle());
        }
        paintCell(i);
    }
}

bool SeedVariationsWindow::isCellCurrent(int cell) const {
    const Cell& c = m_cells.at(std::size_t(cell));
    return c.hasImage && c.shown == cellRecipe(cell) && sameWorld(c.shownWorld, cellWorld()) &&
           sameStyle(c.shownStyle, m_document->state().view.previewStyle()) &&
           c.shownRequest == c.runner->latestRequest();
}

bool SeedVariationsWindow::allCurrent() const {
    for (int i = 0; i < cellCount(); ++i) {
        if (!isCellCurrent(i)) return false;
    }
    return true;
}

void SeedVariationsWindow::onResult(int cell, const StackRun& run) {
    Cell& c = m_cells.at(std::size_t(cell));
    if (run.request != c.runner->latestRequest()) return;
    if (!run.error.isEmpty()) {
        // The cell says so and the window says why (the operation and field, for bad input).
        c.button->setText(tr("seed %1: failed").arg(seedAt(cell)));
        c.button->setToolTip(run.error);
        m_info->setText(tr("The thumbnails cannot be made: %1").arg(run.error));
        return;
    }
    c.image = run.image.scaled(kThumbnailSide_px, kThumbnailSide_px, Qt::KeepAspectRatio,
                               Qt::SmoothTransformation);
    c.shown = run.recipe;
    c.shownWorld = run.units;
    c.shownStyle = *run.style;
    c.shownRequest = run.request;
    c.map = run.map;
    c.hasImage = true;
    paintCell(cell);
    emit cellUpdated(cell);
}

void SeedVariationsWindow::paintCell(int cell) {
    Cell& c = m_cells.at(std::size_t(cell));
    const quint64 seed = seedAt(cell);
    const bool current = isCellCurrent(cell);
    QPixmap pixmap(kThumbnailSide_px, kThumbnailSide_px);
    pixmap.fill(palette().color(QPalette::Dark));
    if (c.hasImage) {
        QPainter painter(&pixmap);
        // An image of an older recipe is only a placeholder until its map arrives: dimmed.
        painter.setOpacity(current ? 1.0 : 0.35);
        const QPoint at((kThumbnailSide_px - c.image.width()) / 2,
                        (kThumbnailSide_px - c.image.height()) / 2);
        painter.drawImage(at, c.image);
    }
    c.button->setIcon(QIcon(pixmap));
    const bool chosen = seed == m_document->state().recipe.seed;
    c.button->setChecked(chosen);
    c.button->setText(chosen ? tr("seed %1 (current)").arg(seed) : tr("seed %1").arg(seed));
    c.button->setToolTip(tr("Use seed %1").arg(seed));
}

void SeedVariationsWindow::adoptSeed(int cell) {
    const quint64 seed = seedAt(cell);
    DocumentState next = m_document->state();
    if (next.recipe.seed == seed) {
        paintCell(cell);  // undo the button's own toggle
        return;
    }
    next.recipe.seed = seed;
    m_document->edit(next, tr("Use seed %1").arg(seed));
}

void SeedVariationsWindow::showPage(int direction) {
    const quint64 step = quint64(cellCount());
    if (direction < 0) {
        m_firstSeed = m_firstSeed >= step ? m_firstSeed - step : 0;
    } else if (m_firstSeed <= std::numeric_limits<quint64>::max() - 2 * step) {
        m_firstSeed += step;
    }
    refresh();
}

void SeedVariationsWindow::onStateChanged(const DocumentState& previous) {
    const DocumentState& state = m_document->state();
    const quint64 seed = state.recipe.seed;
    core::Recipe before = previous.recipe;
    before.seed = seed;
    const bool onlySeed = before == state.recipe;
    // A seed picked here (or undone back onto this page) keeps the page; anything else starts
    // the grid at the document's seed again.
    const bool onPage = seed >= m_firstSeed && seed - m_firstSeed < quint64(cellCount());
    if (!(onlySeed && onPage)) m_firstSeed = seed;
    refresh();
}

}  // namespace terrain::app
