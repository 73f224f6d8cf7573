#include "app/compare/compare_panel.h"

#include "app/compare/compare_histogram.h"
#include "app/stack/parameter_panel.h"

#include "core/registry.h"
#include "render/preview_widget.h"
#include "render/terrain_view.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace terrain::app {

namespace {

QString number(double value, int decimals) {
    // A real minus sign lines the columns up with the positive values.
    return QString::number(value, 'f', decimals).replace(QLatin1Char('-'), QChar(0x2212));
}

}  // namespace

ComparePanel::ComparePanel(const core::Registry& registry,
                           std::shared_ptr<core::StackEvaluator> evaluator, WorldFor worldFor,
                           const QString& name, QWidget* parent)
    : QFrame(parent),
      m_registry(registry),
      m_name(name),
      m_worldFor(std::move(worldFor)),
      m_runner(new StackRunner(std::move(evaluator), this)),
      m_summary(new QLabel(this)),
      m_stack(new QLabel(this)),
      m_share(new QCheckBox(tr("Shared seed && detail"), this)),
      m_fromDocument(new QToolButton(this)),
      m_editToggle(new QToolButton(this)),
      m_useInDocument(new QToolButton(this)),
      m_entries(new QToolButton(this)),
      m_editorScroll(new QScrollArea(this)),
      m_parameters(new ParameterPanel(registry, this)),
      m_preview(new render::PreviewWidget(this)),
      m_terrainView(new render::TerrainView(this)),
      m_stats(new QLabel(this)),
      m_histogram(new CompareHistogram(this)) {
    setFrameShape(QFrame::StyledPanel);
    // Panels share the worker cores: one thread each keeps 4 panels from fighting over them.
    m_runner->setThreads(1);
    m_terrainView->setMeshResolutionCap(render::TerrainView::kInteractiveMeshCap);

    auto* title = new QLabel(QStringLiteral("<b style='font-size:14pt'>%1</b>").arg(name), this);
    m_summary->setWordWrap(true);
    // Two lines in every panel, whatever the recipe: equal headers keep the views one shape.
    m_summary->setFixedHeight(2 * m_summary->fontMetrics().lineSpacing() + 2);
    m_summary->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    // One line in every panel (elided), the whole list in the tooltip: equal headers again.
    m_stack->setObjectName(QStringLiteral("stack"));
    m_stack->setTextFormat(Qt::PlainText);
    m_stack->setFixedHeight(m_stack->fontMetrics().lineSpacing() + 2);
    m_stack->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_share->setChecked(true);
    m_share->setToolTip(tr("Follow the window's seed and detail; uncheck to give this panel its "
                           "own"));
    m_fromDocument->setText(tr("From document"));
    m_fromDocument->setToolTip(tr("Take the main document's recipe (its whole stack)"));
    m_useInDocument->setText(tr("Use in document"));
    m_useInDocument->setObjectName(QStringLiteral("useInDocument"));
    m_useInDocument->setToolTip(tr("Put this panel's recipe (its whole stack, seed and detail) "
                                   "into the main document: one undo step"));
    m_entries->setText(tr("Entries"));
    m_entries->setObjectName(QStringLiteral("entries"));
    m_entries->setToolTip(tr("Turn entries of this panel's stack on or off (e.g. one panel with erosion, one "
                             "without)"));
    m_entries->setPopupMode(QToolButton::InstantPopup);
    auto* entriesMenu = new QMenu(m_entries);
    m_entries->setMenu(entriesMenu);
    // Built when it opens, from the stack the panel has then.
    connect(entriesMenu, &QMenu::aboutToShow, this, [this, entriesMenu] {
        entriesMenu->clear();
        for (std::size_t i = 0; i < m_recipe.operations.size(); ++i) {
            const core::OpInstance& op = m_recipe.operations[i];
            QAction* action = entriesMenu->addAction(QString::fromStdString(core::operationLabel(m_registry, op)));
            action->setCheckable(true);
            action->setChecked(op.enabled);
            connect(action, &QAction::toggled, this, [this, i](bool on) {
                if (i >= m_recipe.operations.size()) return;
                core::Recipe next = m_recipe;
                next.operations[i].enabled = on;
                emit recipeEdited(next);
            });
        }
        if (m_recipe.operations.empty()) entriesMenu->addAction(tr("(no entries after the generator)"))->setEnabled(false);
    });
    m_editToggle->setText(tr("Edit"));
    m_editToggle->setCheckable(true);
    m_editToggle->setToolTip(tr("Show the algorithm and parameters of every panel"));

    auto* header = new QHBoxLayout;
    header->addWidget(title);
    header->addWidget(m_summary, 1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_share);
    buttons->addStretch(1);
    buttons->addWidget(m_fromDocument);
    buttons->addWidget(m_useInDocument);
    buttons->addWidget(m_entries);
    buttons->addWidget(m_editToggle);

    m_editorScroll->setWidget(m_parameters);
    m_editorScroll->setWidgetResizable(true);
    m_editorScroll->setFrameShape(QFrame::NoFrame);
    // The same height in every panel keeps the 3-D views the same shape, so linked cameras
    // frame the same (the window opens all editors together).
    m_editorScroll->setFixedHeight(240);
    m_editorScroll->setVisible(false);

    auto* views = new QSplitter(Qt::Vertical, this);
    views->addWidget(m_preview);
    views->addWidget(m_terrainView);
    views->setChildrenCollapsible(false);
    m_preview->setMinimumSize(120, 120);
    m_terrainView->setMinimumSize(120, 120);

    m_stats->setTextFormat(Qt::RichText);
    m_stats->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_stats->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_stats->setText(tr("<i>generating…</i>"));
    m_stats->setObjectName(QStringLiteral("stats"));
    m_stats->setToolTip(statsHelp());
    m_stats->setFixedHeight(5 * (m_stats->fontMetrics().lineSpacing() + 3) + 2);  // five rows
    auto* numbers = new QVBoxLayout;
    numbers->addWidget(m_stats);
    numbers->addWidget(m_histogram);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(header);
    layout->addWidget(m_stack);
    layout->addLayout(buttons);
    layout->addWidget(m_editorScroll);
    layout->addWidget(views, 1);
    layout->addLayout(numbers);

    connect(m_editToggle, &QToolButton::toggled, m_editorScroll, &QWidget::setVisible);
    connect(m_share, &QCheckBox::toggled, this, &ComparePanel::shareToggled);
    connect(m_fromDocument, &QToolButton::clicked, this, &ComparePanel::fromDocumentRequested);
    connect(m_useInDocument, &QToolButton::clicked, this, &ComparePanel::useInDocumentRequested);
    connect(m_parameters, &ParameterPanel::recipeEdited, this,
            [this](core::Recipe recipe, const QString&, const QString&) {
                // The editor edits the base generator; the operations after it stay (a new
                // algorithm starts from its defaults without them).
                recipe.operations = m_recipe.operations;
                emit recipeEdited(recipe);
            });
    connect(m_runner, &StackRunner::finished, this, &ComparePanel::onResult);
}

bool ComparePanel::sharesSeedAndDetail() const { return m_share->isChecked(); }

void ComparePanel::setSharesSeedAndDetail(bool shared) { m_share->setChecked(shared); }

void ComparePanel::setDocumentAvailable(bool available) {
    m_fromDocument->setVisible(available);
    m_useInDocument->setVisible(available);
}

void ComparePanel::setRecipe(const core::Recipe& recipe) {
    const bool changed = !(recipe == m_recipe) || m_runner->latestRequest() == 0;
    m_recipe = recipe;
    m_parameters->setRecipe(recipe);
    updateSummary();
    if (changed) submit();
}

void ComparePanel::refreshWorld() {
    if (!sameWorld(m_worldFor(m_recipe), m_units)) submit();
}

void ComparePanel::submit() {
    m_units = m_worldFor(m_recipe);
    // No image: the window renders every panel in the common mapping.
    m_runner->submit(m_recipe, m_units);
}

bool ComparePanel::isCurrent() const {
    return m_current && m_current->request == m_runner->latestRequest() && m_current->recipe == m_recipe;
}

void ComparePanel::onResult(const StackRun& run) {
    // Answers to superseded requests never reach the compare view: every panel must show the
    // map of the recipe above it, or nothing new.
    if (run.request != m_runner->latestRequest()) return;
    if (!run.error.isEmpty()) {
        m_stats->setText(run.error.toHtmlEscaped());
        return;
    }
    m_generateMs = run.generateMs;
    m_current = run;
    m_terrainView->setHeightmap(run.map, run.range);
    emit resultChanged();
}

void ComparePanel::showAnalysis(const ComparePanelOutput& output, render::ColorMap colorMap) {
    if (!m_current) return;
    m_preview->setContent(m_current->map, output.image);
    m_terrainView->setHeightMapping(output.mapping);  // the 3-D relief in the same scale as the colours
    m_stats->setText(statsText(output.stats));
    m_histogram->setHistogram(output.stats.histogram, colorMap);
}

void ComparePanel::updateSummary() {
    m_summary->setText(recipeSummary(m_registry, m_recipe));
    const QString stack = stackSummary(m_registry, m_recipe);
    m_stack->setText(m_stack->fontMetrics().elidedText(tr("Stack: %1").arg(stack), Qt::ElideRight,
                                                       std::max(m_stack->width(), 200)));
    m_stack->setToolTip(tr("Stack: %1").arg(stack));
}

QString ComparePanel::stackSummary(const core::Registry& registry, const core::Recipe& recipe) {
    const core::Algorithm* algorithm = registry.find(recipe.algorithm);
    QStringList parts{algorithm ? QString::fromStdString(algorithm->name)
                                : QString::fromStdString(recipe.algorithm)};
    for (const core::OpInstance& op : recipe.operations) {
        QString part = QString::fromStdString(core::operationLabel(registry, op));
        if (registry.find(op.type)) {  // a generator layer: how it is blended in
            part += QStringLiteral(" (%1 %2)")
                        .arg(QString::fromStdString(core::blendModeNames().at(std::size_t(op.blend))))
                        .arg(op.weight);
        }
        if (!op.enabled) part += tr(" [off]");
        parts << part;
    }
    return parts.join(QStringLiteral(" + "));
}

void ComparePanel::resizeEvent(QResizeEvent* event) {
    QFrame::resizeEvent(event);
    updateSummary();  // the stack line is elided to the new width
}

QString ComparePanel::recipeSummary(const core::Registry& registry, const core::Recipe& recipe) {
    const core::Algorithm* algorithm = registry.find(recipe.algorithm);
    if (!algorithm) return QString::fromStdString(recipe.algorithm);
    QStringList parts{QStringLiteral("<b>%1</b>").arg(QString::fromStdString(algorithm->name))};
    for (const core::ParamSpec& spec : algorithm->params) {
        const auto value = recipe.params.find(spec.key);
        if (value == recipe.params.end()) continue;
        // The choices (edge mode, …) and the roughness say most about the look; the rest is in
        // the editor.
        if (spec.kind == core::ParamKind::Choice || spec.key == "roughness") {
            parts << QStringLiteral("%1 %2").arg(QString::fromStdString(spec.key),
                                                 QString::fromStdString(spec.format(value->second)));
        }
    }
    if (algorithm->sizeForDetail) {
        const core::Size size = algorithm->sizeForDetail(recipe.detail);
        parts << QStringLiteral("seed %1 · %2×%3").arg(recipe.seed).arg(size.width).arg(size.height);
    }
    return parts.join(QStringLiteral(" · "));
}

QString ComparePanel::statsHelp() {
    return tr("<p><b>walkable</b>: share of the map flatter than the slope limit, with the "
              "document's world size (metres per pixel and height range).</p>"
              "<p><b>Hurst</b>: how rough the terrain is from near to far, 0 to 1: near 1 smooth "
              "rolling hills, near 0 jagged noise at every scale (measured from how height "
              "differences grow with distance; \"expected\" from the roughness).</p>"
              "<p><b>crease</b>: how much sharper the surface bends along the coarse grid lines "
              "than elsewhere: 1 means no visible grid seams, higher means creases on a square "
              "grid (the dimples and seams of square subdivision).</p>");
}

QString ComparePanel::statsText(const core::TerrainStats& s) {
    const QString hurst = s.hurst ? number(*s.hurst, 2) : QStringLiteral("–");
    const QString expected = s.hurstExpected ? number(*s.hurstExpected, 2) : QStringLiteral("–");
    const QString crease = s.crease.valid ? number(s.crease.score, 2) : QStringLiteral("–");
    const QString time = s.generationMs && *s.generationMs > 0.0
                             ? QStringLiteral("%1 ms").arg(number(*s.generationMs, 1))
                             : QStringLiteral("–");
    const QString row = QStringLiteral("<tr><td>%1</td><td align=right>%2</td>"
                                       "<td>&nbsp;&nbsp;%3</td><td align=right>%4</td></tr>");
    QString html = QStringLiteral("<table cellspacing=0 cellpadding=1>");
    html += row.arg(tr("min"), number(s.min, 3), tr("max"), number(s.max, 3));
    html += row.arg(tr("mean"), number(s.mean, 3), tr("std dev"), number(s.stddev, 3));
    html += row.arg(tr("walkable"),
                    QStringLiteral("%1 %").arg(number(100.0 * s.slope.walkableFraction, 1)),
                    tr("(slope &lt;"), QStringLiteral("%1°)").arg(number(s.walkableDeg, 0)));
    html += row.arg(tr("Hurst"), hurst, tr("expected"), expected);
    html += row.arg(tr("crease"), crease, tr("generated"), time);
    html += QStringLiteral("</table>");
    return html;
}

}  // namespace terrain::app
