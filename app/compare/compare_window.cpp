#include "app/compare/compare_window.h"

#include "app/compare/compare_panel.h"
#include "app/compare/compare_swipe_view.h"
#include "app/document/document.h"
#include "app/document/document_state.h"
#include "app/widgets/seed_spin_box.h"

#include "core/registry.h"
#include "core/stack/evaluator.h"
#include "render/preview_widget.h"
#include "render/terrain_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace terrain::app {

namespace {

const QString kPanelNames[CompareWindow::kMaxPanels] = {
    QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C"), QStringLiteral("D")};

// Puts the image point at `target`'s centre that is at `source`'s centre, with the same zoom
// relative to the image size: maps of different sizes and views of different sizes line up.
void followView(const render::PreviewWidget& source, render::PreviewWidget& target) {
    if (source.isFitted()) {
        target.fitToWindow();
        return;
    }
    const QSizeF sourceImage = source.image().size();
    const QSizeF targetImage = target.image().size();
    if (sourceImage.isEmpty() || targetImage.isEmpty()) {
        target.setView(source.zoom(), source.pan());
        return;
    }
    const QPointF sourceCentre = QPointF(source.width(), source.height()) / 2.0;
    const QPointF imagePoint = (sourceCentre - source.pan()) / source.zoom();
    const QPointF relative(imagePoint.x() / sourceImage.width(),
                           imagePoint.y() / sourceImage.height());
    const double zoom = source.zoom() * sourceImage.width() / targetImage.width();
    const QPointF targetPoint(relative.x() * targetImage.width(),
                              relative.y() * targetImage.height());
    const QPointF targetCentre = QPointF(target.width(), target.height()) / 2.0;
    target.setView(zoom, targetCentre - targetPoint * zoom);
}

}  // namespace

CompareWindow::CompareWindow(const core::Registry& registry, Document* document,
                             std::shared_ptr<core::StackEvaluator> evaluator, QWidget* parent)
    : QMainWindow(parent),
      m_registry(registry),
      m_document(document),
      m_evaluator(evaluator ? std::move(evaluator) : std::make_shared<core::StackEvaluator>(registry)) {
    setWindowTitle(tr("Compare Algorithms — Terrain Editor"));
    const core::Recipe first = presetRecipe(0);
    m_sharedSeed = first.seed;
    m_sharedDetail = first.detail;

    m_columns = new QSplitter(Qt::Horizontal, this);
    m_columns->setChildrenCollapsible(false);
    setCentralWidget(m_columns);

    // The third column for two panels: A − B or the swipe view.
    m_pairColumn = new QFrame(this);
    static_cast<QFrame*>(m_pairColumn)->setFrameShape(QFrame::StyledPanel);
    m_pairStack = new QStackedWidget(m_pairColumn);
    m_differenceView = new render::PreviewWidget(m_pairStack);
    m_differenceView->setToolTip(tr("A − B: red where A is higher, blue where B is higher, white "
                                    "where they agree; the scale is symmetric around 0"));
    m_swipeView = new CompareSwipeView(m_pairStack);
    m_pairStack->addWidget(m_differenceView);
    m_pairStack->addWidget(m_swipeView);
    m_pairMode = new QComboBox(m_pairColumn);
    m_pairMode->addItem(tr("Difference A − B"));
    m_pairMode->addItem(tr("Swipe A | B"));
    m_differenceUnit = new QComboBox(m_pairColumn);
    m_differenceUnit->setObjectName(QStringLiteral("differenceUnit"));
    m_differenceUnit->addItem(tr("in metres"), int(DifferenceUnit::Metres));
    m_differenceUnit->addItem(tr("in normalised heights (each map 0..1)"),
                              int(DifferenceUnit::Normalised));
    m_differenceUnit->addItem(tr("in raw units"), int(DifferenceUnit::Raw));
    m_differenceUnit->setToolTip(
        tr("Metres: each map through its recipe's world scale into the document's height range. "
           "Normalised: each map's lowest point 0, highest 1, so shapes compare whatever their "
           "relief. Raw: the generators' own numbers, on different scales for different "
           "algorithms"));
    connect(m_differenceUnit, &QComboBox::currentIndexChanged, this,
            &CompareWindow::scheduleAnalysis);
    m_pairNumbers = new QLabel(m_pairColumn);
    m_pairNumbers->setWordWrap(true);
    m_pairNumbers->setTextFormat(Qt::RichText);
    auto* pairLayout = new QVBoxLayout(m_pairColumn);
    pairLayout->setContentsMargins(4, 4, 4, 4);
    auto* pairRow = new QHBoxLayout;
    pairRow->addWidget(m_pairMode);
    pairRow->addWidget(m_differenceUnit, 1);
    pairLayout->addLayout(pairRow);
    pairLayout->addWidget(m_pairStack, 1);
    pairLayout->addWidget(m_pairNumbers);
    connect(m_pairMode, &QComboBox::currentIndexChanged, m_pairStack,
            &QStackedWidget::setCurrentIndex);
    for (render::PreviewWidget* view : {m_differenceView, static_cast<render::PreviewWidget*>(m_swipeView)}) {
        view->setMinimumSize(160, 160);
        connect(view, &render::PreviewWidget::viewChanged, this,
                [this, view] { syncViewsFrom(view); });
    }

    buildControls();
    if (m_document) {  // start with the look of the main window
        setColorMap(m_document->state().view.colorMap);
        setHillshade(m_document->state().view.hillshade);
        // Slopes, walkable share and metres follow the document's world size; metre-valued
        // operations read it too, so a panel whose world changed (size, or the document's detail
        // that the spacing is given at) evaluates again.
        connect(m_document, &Document::stateChanged, this, [this](const DocumentState& previous) {
            for (ComparePanel* panel : m_panels) panel->refreshWorld();
            if (!(previous.world() == m_document->state().world())) scheduleAnalysis();
        });
    }
    connect(&m_analyzer, &CompareAnalyzer::ready, this, &CompareWindow::onAnalysisReady);
    setPanelCount(kMinPanels);
    resize(1400, 900);
}

CompareWindow::~CompareWindow() = default;

void CompareWindow::buildControls() {
    QToolBar* bar = addToolBar(tr("Compare"));
    bar->setObjectName(QStringLiteral("compareToolBar"));
    bar->setMovable(false);

    m_panelCount = new QSpinBox(bar);
    m_panelCount->setRange(kMinPanels, kMaxPanels);
    m_panelCount->setToolTip(tr("Number of panels (2 to 4); with 2, the difference and swipe views "
                                "appear"));
    m_seed = new SeedSpinBox(bar);
    m_seed->setValue(m_sharedSeed);
    m_seed->setMinimumWidth(110);
    m_seed->setToolTip(tr("The seed of every panel that shares seed and detail"));
    int maxDetail = 1;
    for (const core::Algorithm& algorithm : m_registry.algorithms()) {
        maxDetail = std::max(maxDetail, algorithm.maxDetail);
    }
    m_detail = new QSpinBox(bar);
    m_detail->setRange(1, maxDetail);
    m_detail->setValue(m_sharedDetail);
    m_detail->setToolTip(tr("Detail of every panel that shares seed and detail (side = 2^detail + "
                            "1; clamped to each algorithm's range)"));
    m_linkViews = new QCheckBox(tr("Link 2-D"), bar);
    m_linkViews->setChecked(true);
    m_linkViews->setToolTip(tr("Pan and zoom all 2-D previews together"));
    m_linkCameras = new QCheckBox(tr("Link 3-D"), bar);
    m_linkCameras->setChecked(true);
    m_linkCameras->setToolTip(tr("Move all 3-D cameras together"));
    m_commonMapping = new QCheckBox(tr("Common height scale"), bar);
    m_commonMapping->setChecked(true);
    m_commonMapping->setToolTip(tr("One min/max over all panels maps heights to colours (and the "
                                   "histograms share their bins); off: each panel its own"));
    m_colorMap = new QComboBox(bar);
    m_colorMap->addItem(tr("Gray"), int(render::ColorMap::Gray));
    m_colorMap->addItem(tr("Terrain"), int(render::ColorMap::Terrain));
    m_colorMap->addItem(tr("Rainbow"), int(render::ColorMap::Rainbow));
    m_colorMap->setToolTip(tr("One colour map for every panel"));
    m_hillshade = new QCheckBox(tr("Hillshade"), bar);

    bar->addWidget(new QLabel(tr(" Panels "), bar));
    bar->addWidget(m_panelCount);
    bar->addSeparator();
    bar->addWidget(new QLabel(tr(" Seed "), bar));
    bar->addWidget(m_seed);
    bar->addWidget(new QLabel(tr(" Detail "), bar));
    bar->addWidget(m_detail);
    bar->addSeparator();
    bar->addWidget(m_linkViews);
    bar->addWidget(m_linkCameras);
    bar->addSeparator();
    bar->addWidget(m_commonMapping);
    bar->addWidget(new QLabel(tr(" Colours "), bar));
    bar->addWidget(m_colorMap);
    bar->addWidget(m_hillshade);

    connect(m_panelCount, &QSpinBox::valueChanged, this, &CompareWindow::setPanelCount);
    connect(m_seed, &SeedSpinBox::valueChanged, this, &CompareWindow::setSharedSeed);
    connect(m_detail, &QSpinBox::valueChanged, this, &CompareWindow::setSharedDetail);
    connect(m_linkViews, &QCheckBox::toggled, this, [this](bool on) {
        if (on && !m_panels.empty()) syncViewsFrom(m_panels.front()->preview());
    });
    connect(m_linkCameras, &QCheckBox::toggled, this, [this](bool on) {
        if (on && !m_panels.empty()) syncCamerasFrom(m_panels.front()->terrainView());
    });
    connect(m_commonMapping, &QCheckBox::toggled, this, &CompareWindow::scheduleAnalysis);
    connect(m_colorMap, &QComboBox::currentIndexChanged, this, &CompareWindow::scheduleAnalysis);
    connect(m_hillshade, &QCheckBox::toggled, this, &CompareWindow::scheduleAnalysis);
}

core::Recipe CompareWindow::presetRecipe(int index) const {
    // Panel A starts from the document, panel B from another algorithm of the same shape (a
    // comparison of two algorithms, not of one algorithm's edge modes); then the other
    // algorithms, then diamond-square's edge modes. Each keeps the document's stack after its
    // base generator, where the shape allows it (a 2-D layer cannot follow a 1-D line).
    std::vector<core::Recipe> presets;
    if (m_document) presets.push_back(m_document->state().recipe);
    for (const core::Algorithm& algorithm : m_registry.algorithms()) {
        presets.push_back(core::defaultRecipe(m_registry, algorithm.id));
    }
    if (const core::Algorithm* ds = m_registry.find("diamond-square")) {
        const core::ParamSpec* edge = core::findParam(ds->params, "edge");
        for (std::size_t i = 0; edge && i < edge->choices.size(); ++i) {
            core::Recipe r = core::defaultRecipe(m_registry, ds->id);
            r.params["edge"] = double(i);
            presets.push_back(r);
        }
    }
    // Skip presets equal to an earlier one (the document usually is a default recipe).
    std::vector<core::Recipe> distinct;
    for (const core::Recipe& r : presets) {
        const bool seen = std::any_of(distinct.begin(), distinct.end(), [&](const core::Recipe& d) {
            return d.algorithm == r.algorithm && d.params == r.params;
        });
        if (!seen) distinct.push_back(r);
    }
    if (distinct.empty()) return {};
    // B: the first other algorithm whose map has A's shape, so A − B exists.
    const auto shape = [this](const core::Recipe& r) {
        const core::Algorithm* a = m_registry.find(r.algorithm);
        return a ? a->sizeForDetail(std::clamp(9, a->minDetail, a->maxDetail)).height > 1 : true;
    };
    const auto other = std::find_if(distinct.begin() + 1, distinct.end(), [&](const core::Recipe& r) {
        return r.algorithm != distinct.front().algorithm && shape(r) == shape(distinct.front());
    });
    if (other != distinct.end()) std::rotate(distinct.begin() + 1, other, other + 1);
    core::Recipe chosen = distinct[std::size_t(index) % distinct.size()];
    if (m_document && shape(chosen) == shape(distinct.front())) {
        chosen.operations = m_document->state().recipe.operations;
    }
    return chosen;
}

core::Recipe CompareWindow::withShared(const ComparePanel* panel, core::Recipe recipe) const {
    if (!panel->sharesSeedAndDetail()) return recipe;
    recipe.seed = m_sharedSeed;
    if (const core::Algorithm* algorithm = m_registry.find(recipe.algorithm)) {
        recipe.detail = std::clamp(m_sharedDetail, algorithm->minDetail, algorithm->maxDetail);
    }
    return recipe;
}

void CompareWindow::setPanelCount(int count) {
    count = std::clamp(count, kMinPanels, kMaxPanels);
    while (panelCount() < count) addPanel();
    while (panelCount() > count) {
        ComparePanel* last = m_panels.back();
        m_panels.pop_back();
        last->disconnect(this);
        last->hide();
        last->deleteLater();
    }
    {
        const QSignalBlocker block(m_panelCount);
        m_panelCount->setValue(count);
    }
    updatePairColumn();
    scheduleAnalysis();
}

void CompareWindow::addPanel() {
    const int index = panelCount();
    auto* panel = new ComparePanel(
        m_registry, m_evaluator, [this](const core::Recipe& recipe) { return worldUnitsFor(recipe); },
        kPanelNames[index], m_columns);
    panel->setDocumentAvailable(m_document != nullptr);
    m_columns->insertWidget(index, panel);
    m_panels.push_back(panel);
    // A panel removed and added again starts from its preset, as a new panel would.
    panel->setRecipe(withShared(panel, presetRecipe(index)));

    connect(panel, &ComparePanel::recipeEdited, this,
            [this, panel](const core::Recipe& recipe) { onPanelEdited(panel, recipe); });
    connect(panel, &ComparePanel::shareToggled, this,
            [this, panel] { panel->setRecipe(withShared(panel, panel->recipe())); });
    connect(panel, &ComparePanel::fromDocumentRequested, this, [this, panel] {
        if (m_document) panel->setRecipe(withShared(panel, m_document->state().recipe));
    });
    connect(panel, &ComparePanel::useInDocumentRequested, this, [this, panel] {
        const auto it = std::find(m_panels.begin(), m_panels.end(), panel);
        if (it != m_panels.end()) useInDocument(int(it - m_panels.begin()));
    });
    connect(panel, &ComparePanel::resultChanged, this, &CompareWindow::scheduleAnalysis);
    // All editors open and close together: views of one shape in every panel keep linked
    // cameras showing the same picture (the camera's framing depends on the view's aspect).
    if (index > 0) panel->editToggle()->setChecked(m_panels.front()->editToggle()->isChecked());
    connect(panel->editToggle(), &QToolButton::toggled, this, [this](bool on) {
        for (ComparePanel* other : m_panels) other->editToggle()->setChecked(on);
    });
    connect(panel->preview(), &render::PreviewWidget::viewChanged, this,
            [this, panel] { syncViewsFrom(panel->preview()); });
    connect(panel->terrainView(), &render::TerrainView::cameraChanged, this,
            [this, panel] { syncCamerasFrom(panel->terrainView()); });
    // Join the others where they are looking.
    if (index > 0) {
        if (viewsLinked()) followView(*m_panels.front()->preview(), *panel->preview());
        if (camerasLinked() && m_panels.front()->current()) {
            const QSignalBlocker block(panel->terrainView());
            panel->terrainView()->setCamera(m_panels.front()->terrainView()->camera());
        }
    }
}

void CompareWindow::setPanelRecipe(int index, const core::Recipe& recipe) {
    ComparePanel* target = panel(index);
    target->setRecipe(withShared(target, recipe));
}

void CompareWindow::useInDocument(int index) {
    if (!m_document) return;
    const core::Recipe& recipe = panel(index)->recipe();
    const core::Algorithm* algorithm = m_registry.find(recipe.algorithm);
    const QString name = algorithm ? QString::fromStdString(algorithm->name)
                                   : QString::fromStdString(recipe.algorithm);
    // The world keeps its extent in metres, as an edit of the detail in the editor does.
    m_document->edit(withRecipe(m_document->state(), recipe, m_registry),
                     tr("Use %1 from Compare").arg(name));
}

void CompareWindow::onPanelEdited(ComparePanel* panel, const core::Recipe& recipe) {
    const core::Recipe& before = panel->recipe();
    // An edit of the seed or detail in a sharing panel edits the shared values (and so every
    // sharing panel); a new algorithm brings its own default detail, which is not such an edit.
    if (panel->sharesSeedAndDetail() && recipe.algorithm == before.algorithm &&
        (recipe.seed != before.seed || recipe.detail != before.detail)) {
        m_sharedSeed = recipe.seed;
        m_sharedDetail = recipe.detail;
        const QSignalBlocker blockSeed(m_seed);
        const QSignalBlocker blockDetail(m_detail);
        m_seed->setValue(m_sharedSeed);
        m_detail->setValue(m_sharedDetail);
        panel->setRecipe(recipe);
        applySharedToPanels();
        return;
    }
    panel->setRecipe(withShared(panel, recipe));
}

void CompareWindow::setSharedSeed(quint64 seed) {
    m_sharedSeed = seed;
    const QSignalBlocker block(m_seed);
    m_seed->setValue(seed);
    applySharedToPanels();
}

void CompareWindow::setSharedDetail(int detail) {
    m_sharedDetail = detail;
    const QSignalBlocker block(m_detail);
    m_detail->setValue(detail);
    applySharedToPanels();
}

void CompareWindow::applySharedToPanels() {
    for (ComparePanel* panel : m_panels) panel->setRecipe(withShared(panel, panel->recipe()));
}

bool CompareWindow::viewsLinked() const { return m_linkViews->isChecked(); }
void CompareWindow::setViewsLinked(bool linked) { m_linkViews->setChecked(linked); }
bool CompareWindow::camerasLinked() const { return m_linkCameras->isChecked(); }
void CompareWindow::setCamerasLinked(bool linked) { m_linkCameras->setChecked(linked); }
bool CompareWindow::commonMapping() const { return m_commonMapping->isChecked(); }
void CompareWindow::setCommonMapping(bool common) { m_commonMapping->setChecked(common); }

render::PreviewStyle CompareWindow::previewStyle() const {
    render::PreviewStyle style;
    style.colorMap = static_cast<render::ColorMap>(m_colorMap->currentData().toInt());
    style.hillshade = m_hillshade->isChecked();
    return style;
}

void CompareWindow::setColorMap(render::ColorMap colorMap) {
    m_colorMap->setCurrentIndex(m_colorMap->findData(int(colorMap)));
}

void CompareWindow::setHillshade(bool on) { m_hillshade->setChecked(on); }

void CompareWindow::setPairView(PairView view) {
    m_pairMode->setCurrentIndex(view == PairView::Difference ? 0 : 1);
}

void CompareWindow::setDifferenceUnit(DifferenceUnit unit) {
    m_differenceUnit->setCurrentIndex(m_differenceUnit->findData(int(unit)));
}

DifferenceUnit CompareWindow::differenceUnit() const {
    return DifferenceUnit(m_differenceUnit->currentData().toInt());
}

core::WorldUnits CompareWindow::worldUnitsFor(const core::Recipe& panelRecipe) const {
    // The document's world keeps its extent at every detail: a panel at another detail (or of
    // another algorithm) spans the same metres with its own number of samples.
    const WorldSize world = m_document ? m_document->state().world() : WorldSize{};
    core::WorldUnits units = world.units();
    if (!m_document) return units;
    const core::Recipe& recipe = m_document->state().recipe;
    const core::Algorithm* algorithm = m_registry.find(recipe.algorithm);
    const core::Algorithm* panelAlgorithm = m_registry.find(panelRecipe.algorithm);
    if (!algorithm || !panelAlgorithm || panelRecipe.detail < panelAlgorithm->minDetail ||
        panelRecipe.detail > panelAlgorithm->maxDetail) {
        return units;
    }
    const int documentWidth = algorithm->sizeForDetail(recipe.detail).width;
    const int panelWidth = panelAlgorithm->sizeForDetail(panelRecipe.detail).width;
    if (documentWidth < 2 || panelWidth < 2) return units;
    units.metresPerPixel *= double(documentWidth - 1) / double(panelWidth - 1);
    return units;
}

CompareWindow::PairView CompareWindow::pairView() const {
    return m_pairMode->currentIndex() == 0 ? PairView::Difference : PairView::Swipe;
}

void CompareWindow::updatePairColumn() {
    const bool pair = panelCount() == 2;
    if (pair && m_columns->indexOf(m_pairColumn) < 0) m_columns->addWidget(m_pairColumn);
    m_pairColumn->setVisible(pair);
}

void CompareWindow::scheduleAnalysis() {
    if (m_panels.empty()) return;
    CompareInput input;
    for (const ComparePanel* panel : m_panels) {
        if (!panel->isCurrent()) return;  // the panel's resultChanged will ask again
        const StackRun& run = *panel->current();
        input.panels.push_back({run.request, panel->recipe(), run.map, panel->generateMs(), run.world, run.units});
    }
    input.commonMapping = commonMapping();
    input.style = previewStyle();
    input.difference = panelCount() == 2;
    input.differenceUnit = differenceUnit();
    m_analyzer.submit(std::move(input));
}

bool CompareWindow::matchesPanels(const CompareOutput& output) const {
    if (output.requests.size() != m_panels.size() || output.panels.size() != m_panels.size()) {
        return false;
    }
    for (std::size_t i = 0; i < m_panels.size(); ++i) {
        if (!m_panels[i]->isCurrent() || m_panels[i]->current()->request != output.requests[i]) {
            return false;
        }
    }
    return true;
}

void CompareWindow::onAnalysisReady(const CompareOutput& output) {
    if (!output.error.isEmpty()) {
        m_pairNumbers->setText(tr("The comparison failed: %1").arg(output.error).toHtmlEscaped());
        statusBar()->showMessage(tr("The comparison failed: %1").arg(output.error));
        return;
    }
    // Made from maps that are no longer the panels' current ones: a newer job follows.
    if (!matchesPanels(output)) return;
    const render::ColorMap colorMap = previewStyle().colorMap;
    for (std::size_t i = 0; i < m_panels.size(); ++i) {
        m_panels[i]->showAnalysis(output.panels[i], colorMap);
    }
    if (panelCount() == 2) {
        const CompareDifference& d = output.difference;
        if (d.valid) {
            m_differenceView->setContent(d.map, d.image);
            m_pairNumbers->setText(
                d.maxAbs == 0.0f
                    ? tr("A and B are identical: A − B = 0 everywhere.")
                    : tr("A − B: <span style='color:#b2182b'><b>red</b></span> A higher, "
                         "<span style='color:#2166ac'><b>blue</b></span> B higher, full colour at "
                         "±%1%4<br>max |A − B| %1%4 · mean |A − B| %2%4 · RMS %3%4")
                          .arg(QString::number(double(d.maxAbs), 'g', 3),
                               QString::number(d.meanAbs, 'g', 3), QString::number(d.rms, 'g', 3),
                               d.unit == DifferenceUnit::Metres ? tr(" m") : QString()));
        } else {
            m_differenceView->setContent(nullptr, QImage());
            m_pairNumbers->setText(d.reason.toHtmlEscaped());
        }
        m_swipeView->setImages(m_panels[0]->current()->map, output.panels[0].image,
                               output.panels[1].image);
        if (viewsLinked()) {
            followView(*m_panels.front()->preview(), *m_differenceView);
            followView(*m_panels.front()->preview(), *m_swipeView);
        }
    }
    m_shown = output;
    emit analysisShown();
}

bool CompareWindow::isUpToDate() const {
    return m_shown && !m_analyzer.busy() && m_shown->job == m_analyzer.latestJob() &&
           matchesPanels(*m_shown);
}

std::vector<render::PreviewWidget*> CompareWindow::linkedPreviews() const {
    std::vector<render::PreviewWidget*> previews;
    for (ComparePanel* panel : m_panels) previews.push_back(panel->preview());
    if (panelCount() == 2) {
        previews.push_back(m_differenceView);
        previews.push_back(m_swipeView);
    }
    return previews;
}

void CompareWindow::syncViewsFrom(render::PreviewWidget* source) {
    if (m_syncingViews || !viewsLinked()) return;
    m_syncingViews = true;  // the followers' own viewChanged must not echo back
    for (render::PreviewWidget* target : linkedPreviews()) {
        if (target != source) followView(*source, *target);
    }
    m_syncingViews = false;
}

void CompareWindow::syncCamerasFrom(render::TerrainView* source) {
    if (m_syncingCameras || !camerasLinked()) return;
    m_syncingCameras = true;
    for (ComparePanel* panel : m_panels) {
        if (panel->terrainView() != source) panel->terrainView()->setCamera(source->camera());
    }
    m_syncingCameras = false;
}

}  // namespace terrain::app
