#pragma once
// The 2-D preview: shows an image made by renderPreviewImage for a heightmap, with zoom around
// the cursor (wheel), pan (left drag), fit (double-click) and pixel-exact drawing at 100%.
// Pure QPainter, no OpenGL.
#include "core/heightmap.h"

#include <QImage>
#include <QPainter>
#include <QPointF>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>

namespace terrain::render {

class PreviewWidget : public QWidget {
    Q_OBJECT
public:
    static constexpr double kMinZoom = 1.0 / 64.0;
    static constexpr double kMaxZoom = 64.0;

    explicit PreviewWidget(QWidget* parent = nullptr);

    // `image` was made by renderPreviewImage from `map`. While the view is fitted (initially and
    // after fitToWindow() or a double-click) it stays fitted, also on resize; once the user zooms
    // or pans, a new map of any size keeps that zoom and pan.
    void setContent(std::shared_ptr<const core::Heightmap> map, QImage image);
    std::shared_ptr<const core::Heightmap> heightmap() const { return m_map; }
    QImage image() const { return m_image; }  // what is shown ("export preview as shown")

    void fitToWindow();
    void setZoom(double factor);  // 1.0 = one image pixel per widget pixel; keeps the centre still
    double zoom() const { return m_zoom; }
    // Widget position of the image's top-left corner: widget = pan + zoom * image.
    QPointF pan() const { return m_pan; }
    void setView(double zoom, QPointF pan);
    bool isFitted() const { return m_fitted; }

    // Map sample under a widget position, if any (the image may be larger than the map, e.g. a
    // 1-row map's profile plot).
    std::optional<QPoint> sampleAt(QPointF widgetPos) const;
    // The image position (continuous, in image pixels) under a widget position, and back.
    QPointF imagePosition(QPointF widgetPos) const { return (widgetPos - m_pan) / m_zoom; }
    QPointF widgetPosition(QPointF imagePos) const { return m_pan + imagePos * m_zoom; }

    // Drawn over the image after it, with the painter mapping image pixels to the widget (hand-
    // placed items of a layout, by whoever sets it). Empty: nothing.
    void setOverlay(std::function<void(QPainter&)> draw);

signals:
    void hovered(int x, int y, float height);
    void hoverLeft();
    void viewChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    void zoomAround(QPointF widgetPos, double factor);
    void applyView(double zoom, QPointF pan, bool fitted);
    void reportHover(QPointF widgetPos);
    const QImage& imageForZoom();

    std::shared_ptr<const core::Heightmap> m_map;
    QImage m_image;
    QImage m_reduced;  // m_image halved m_reducedLevel times, for zooms below 50%
    int m_reducedLevel = 0;
    double m_zoom = 1.0;
    QPointF m_pan;
    bool m_fitted = true;
    bool m_dragging = false;
    bool m_hovering = false;
    QPointF m_lastDragPos;
    std::function<void(QPainter&)> m_overlay;
};

}  // namespace terrain::render
