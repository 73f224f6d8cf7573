#pragma once
// The swipe view of two panels: A on the left of a vertical divider, B on the right, both drawn
// with the same zoom and pan (it is a PreviewWidget showing A, so it links with the other 2-D
// views). Drag the divider to reveal more of one or the other; drag elsewhere pans as usual.
#include "render/preview_widget.h"

namespace terrain::app {

class CompareSwipeView : public render::PreviewWidget {
    Q_OBJECT

public:
    explicit CompareSwipeView(QWidget* parent = nullptr);

    // Both images come from maps of the same size (A's map is the widget's heightmap).
    void setImages(std::shared_ptr<const core::Heightmap> mapA, QImage imageA, QImage imageB);
    QImage imageB() const { return m_imageB; }

    // Divider position as a fraction of the widget's width, 0..1.
    double divider() const { return m_divider; }
    void setDivider(double fraction);

    static constexpr int kGrabDistance_px = 8;

signals:
    void dividerMoved(double fraction);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    double dividerX() const;

    QImage m_imageB;
    double m_divider = 0.5;
    bool m_draggingDivider = false;
};

}  // namespace terrain::app
