#pragma once
// The centre of the window: the 2-D preview and the 3-D view side by side in a splitter; either
// can be maximised (the other is hidden) and restored. A one-row map (the 1-D midpoint line)
// replaces both with a horizon line chart.
#include <QSplitter>

#include <memory>

namespace terrain::core {
class Heightmap;
}

namespace terrain::render {
class PreviewWidget;
class TerrainView;
}  // namespace terrain::render

namespace terrain::app {

class HorizonChart;

class CentralViews : public QSplitter {
    Q_OBJECT

public:
    enum class Layout { Both, PreviewOnly, TerrainOnly };

    explicit CentralViews(QWidget* parent = nullptr);

    render::PreviewWidget* preview() const { return m_preview; }
    render::TerrainView* terrainView() const { return m_terrainView; }

    HorizonChart* horizon() const { return m_horizon; }

    void setViewLayout(Layout layout);
    Layout viewLayout() const { return m_layout; }

    // A one-row map goes to the line chart (the 2-D and 3-D views hide); any other map brings
    // the views back.
    void showMapShape(const std::shared_ptr<const core::Heightmap>& map, float lo, float hi,
                      double lo_m, double hi_m);
    bool showsLine() const { return m_line; }

private:
    void applyVisibility();

    render::PreviewWidget* m_preview;
    render::TerrainView* m_terrainView;
    HorizonChart* m_horizon;
    bool m_line = false;
    QList<int> m_viewSizes;
    Layout m_layout = Layout::Both;
};

}  // namespace terrain::app
