#include "app/editor/central_views.h"

#include "app/widgets/horizon_chart.h"

#include "render/preview_widget.h"
#include "render/terrain_view.h"

namespace terrain::app {

CentralViews::CentralViews(QWidget* parent)
    : QSplitter(Qt::Horizontal, parent),
      m_preview(new render::PreviewWidget(this)),
      m_terrainView(new render::TerrainView(this)),
      m_horizon(new HorizonChart(this)) {
    setObjectName(QStringLiteral("centralViews"));
    m_preview->setToolTip(tr("2-D preview: wheel zooms around the cursor, drag pans, "
                             "double-click fits the map to the window."));
    m_terrainView->setToolTip(tr("3-D view: left drag orbits, right or middle drag pans, "
                                 "wheel zooms, F frames the terrain."));
    m_preview->setMinimumSize(200, 200);
    m_terrainView->setMinimumSize(200, 200);
    addWidget(m_preview);
    addWidget(m_terrainView);
    addWidget(m_horizon);
    m_horizon->hide();
    setChildrenCollapsible(false);
    setStretchFactor(0, 1);
    setStretchFactor(1, 1);
}

void CentralViews::setViewLayout(Layout layout) {
    m_layout = layout;
    applyVisibility();
}

void CentralViews::showMapShape(const std::shared_ptr<const core::Heightmap>& map, float lo,
                                float hi, double lo_m, double hi_m) {
    const bool line = map && map->height() == 1;
    if (line) m_horizon->setLine(map, lo, hi, lo_m, hi_m);
    if (line == m_line) return;
    // The chart takes the whole centre; the views get their splitter sizes back afterwards.
    if (line) m_viewSizes = sizes();
    m_line = line;
    applyVisibility();
    if (line) {
        setSizes({0, 0, width()});
    } else if (!m_viewSizes.isEmpty()) {
        setSizes(m_viewSizes);
    }
}

void CentralViews::applyVisibility() {
    m_horizon->setVisible(m_line);
    m_preview->setVisible(!m_line && m_layout != Layout::TerrainOnly);
    m_terrainView->setVisible(!m_line && m_layout != Layout::PreviewOnly);
}

}  // namespace terrain::app
