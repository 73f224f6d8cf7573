#include "compare_panel.h"

#include "compare_histogram.h"
#include "parameter_panel.h"

#include "core/registry.h"
#include "render/preview_widget.h"
#include "render/terrain_view.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

namespace terrain::app {

namespace {

QString number(double value, int decimals) {
    // A real minus sign lines the columns up with the positive values.
    return QString::number(value, 'f', decimals).replace(QLatin1Char('-'), QChar(0x2212));
}

}  // namespace

ComparePanel::ComparePanel(const core::Registry& registry, const QString& name, QWidget* parent)
    : QFrame(parent),
      m_registry(registry),
      m_name(name),
      m_controller(new GenerationController(registry, this)),
      m_summary(new QLabel(this)),
      m_share(new QCheckBox(tr("Shared seed && detail"), this)),
      m_fromDocument(new QToolButton(this)),
      m_editToggle(new QToolButton(this)),
      m_editorScroll(new QScrollArea(this)),
      m_parameters(new ParameterPanel(registry, this)),
      m_preview(new render::PreviewWidget(this)),
      m_terrainView(new render::TerrainView(this)),
      m_stats(new QLabel(this)),
      m_histogram(new CompareHistogram(this)) {
    setFrameShape(QFrame::StyledPanel);
    // Panels share the worker cores: one thread each keeps 4 panels from fighting over them.
    m_controller->setThreads(1);
    m_terrainView->setMeshResolutionCap(render::TerrainView::kInteractiveMeshCap);

    auto* title = new QLabel(QStringLiteral("<b style='font-size:14pt'>%1</b>").arg(name), this);
    m_summary->setWordWrap(true);
    // Two lines in every panel, whatever the recipe: equal headers keep the views one shape.
    m_summary->setFixedHeight(2 * m_summary->fontMetrics().lineSpacing() + 2);
    m_summary->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_share->setChecked(true);
    m_share->setToolTip(tr("Follow the window's seed and detail; uncheck to give this panel its "
                           "own"));
    m_fromDocument->setText(tr("From document"));
    m_fromDocument->setToolTip(tr("Take the main document's recipe (algorithm and parameters)"));
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
    layout->addLayout(buttons);
    layout->addWidget(m_editorScroll);
    layout->addWidget(views, 1);
    layout->addLayout(numbers);

    connect(m_editToggle, &QToolButton::toggled, m_editorScroll, &QWidget::setVisible);
    connect(m_share, &QCheckBox::toggled, this, &ComparePanel::shareToggled);
    connect(m_fromDocument, &QToolButton::clicked, this, &ComparePanel::fromDocumentRequested);
    connect(m_parameters, &ParameterPanel::recipeEdited, this,
            [this](const core::Recipe& recipe, const QString&, const QString&) {
                emit recipeEdited(recipe);
            });
    connect(m_controller, &GenerationController::resultReady, this, &ComparePanel::onResult);
    connect(m_controller, &GenerationController::failed, this,
            [this](const QString& message) { m_stats->setText(message.toHtmlEscaped()); });
}

bool ComparePanel::sharesSeedAndDetail() const { return m_share->isChecked(); }

void ComparePanel::setSharesSeedAndDetail(bool shared) { m_share->setChecked(shared); }

void ComparePanel::setDocumentAvailable(bool available) { m_fromDocument->setVisible(available); }

void ComparePanel::setRecipe(const core::Recipe& recipe) {
    const bool changed = !(recipe == m_recipe) || m_controller->latestRequest() == 0;
    m_recipe = recipe;
    m_parameters->setRecipe(recipe);
    updateSummary();
    // The controller's own image is not used (the window renders with the common mapping), so
    // the cheapest style is asked for.
    if (changed) m_controller->submit(m_recipe, render::PreviewStyle{});
}

bool ComparePanel::isCurrent() const {
    return m_current && m_current->request == m_controller->latestRequest() && m_current->recipe == m_recipe;
}

void ComparePanel::onResult(const GenerationResult& result) {
    // Coarse maps and answers to superseded requests never reach the compare view: every panel
    // must show the map of the recipe above it, or nothing new.
    if (result.coarse || result.request != m_controller->latestRequest()) return;
    if (result.generateMs > 0.0 || !m_current || !(m_current->recipe == result.recipe)) {
        m_generateMs = result.generateMs;
    }
    m_current = result;
    m_terrainView->setHeightmap(result.map, result.range);
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
