#include "central_views.h"

#include "render/preview_widget.h"
#include "render/terrain_view.h"

namespace terrain::app {

CentralViews::CentralViews(QWidget* parent)
    : QSplitter(Qt::Horizontal, parent),
      m_preview(new render::PreviewWidget(this)),
      m_terrainView(new render::TerrainView(this)) {
    setObjectName(QStringLiteral("centralViews"));
    m_preview->setToolTip(tr("2-D preview: wheel zooms around the cursor, drag pans, "
                             "double-click fits the map to the window."));
    m_terrainView->setToolTip(tr("3-D view: left drag orbits, right or middle drag pans, "
                                 "wheel zooms, F frames the terrain."));
    m_preview->setMinimumSize(200, 200);
    m_terrainView->setMinimumSize(200, 200);
    addWidget(m_preview);
    addWidget(m_terrainView);
    setChildrenCollapsible(false);
    setStretchFactor(0, 1);
    setStretchFactor(1, 1);
}

void CentralViews::setViewLayout(Layout layout) {
    m_layout = layout;
    m_preview->setVisible(layout != Layout::TerrainOnly);
    m_terrainView->setVisible(layout != Layout::PreviewOnly);
}

}  // namespace terrain::app
