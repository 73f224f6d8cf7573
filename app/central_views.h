#pragma once
// The centre of the window: the 2-D preview and the 3-D view side by side in a splitter; either
// can be maximised (the other is hidden) and restored.
#include <QSplitter>

namespace terrain::render {
class PreviewWidget;
class TerrainView;
}  // namespace terrain::render

namespace terrain::app {

class CentralViews : public QSplitter {
    Q_OBJECT

public:
    enum class Layout { Both, PreviewOnly, TerrainOnly };

    explicit CentralViews(QWidget* parent = nullptr);

    render::PreviewWidget* preview() const { return m_preview; }
    render::TerrainView* terrainView() const { return m_terrainView; }

    void setViewLayout(Layout layout);
    Layout viewLayout() const { return m_layout; }

private:
    render::PreviewWidget* m_preview;
    render::TerrainView* m_terrainView;
    Layout m_layout = Layout::Both;
};

}  // namespace terrain::app
