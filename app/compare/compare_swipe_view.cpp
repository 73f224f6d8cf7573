#include "app/compare/compare_swipe_view.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace terrain::app {

CompareSwipeView::CompareSwipeView(QWidget* parent) : render::PreviewWidget(parent) {
    setMouseTracking(true);
    setToolTip(tr("A left of the divider, B right of it: drag the divider; drag elsewhere to pan"));
}

void CompareSwipeView::setImages(std::shared_ptr<const core::Heightmap> mapA, QImage imageA,
                                 QImage imageB) {
    m_imageB = std::move(imageB);
    setContent(std::move(mapA), std::move(imageA));
    update();
}

void CompareSwipeView::setDivider(double fraction) {
    fraction = std::clamp(fraction, 0.0, 1.0);
    if (fraction == m_divider) return;
    m_divider = fraction;
    update();
    emit dividerMoved(m_divider);
}

double CompareSwipeView::dividerX() const { return m_divider * double(width()); }

void CompareSwipeView::paintEvent(QPaintEvent* event) {
    render::PreviewWidget::paintEvent(event);  // A everywhere, with the shared zoom and pan
    QPainter painter(this);
    const double x = dividerX();
    if (!m_imageB.isNull()) {
        painter.save();
        painter.setClipRect(QRectF(x, 0.0, double(width()) - x, double(height())));
        painter.fillRect(rect(), palette().color(QPalette::Dark));
        painter.setRenderHint(QPainter::SmoothPixmapTransform, zoom() < 1.0);
        painter.drawImage(QRectF(pan(), QSizeF(m_imageB.size()) * zoom()), m_imageB);
        painter.restore();
    }
    // The divider: a light line with a dark outline reads on any colour map, and a handle.
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(QColor(0, 0, 0, 160), 3.0));
    painter.drawLine(QPointF(x, 0.0), QPointF(x, double(height())));
    painter.setPen(QPen(Qt::white, 1.0));
    painter.drawLine(QPointF(x, 0.0), QPointF(x, double(height())));
    const QPointF centre(x, double(height()) / 2.0);
    painter.setBrush(Qt::white);
    painter.setPen(QPen(Qt::black, 1.0));
    painter.drawEllipse(centre, 7.0, 7.0);

    QFont font = painter.font();
    font.setBold(true);
    painter.setFont(font);
    const QRectF labelA(6.0, 6.0, 24.0, 20.0);
    const QRectF labelB(double(width()) - 30.0, 6.0, 24.0, 20.0);
    for (const auto& [box, text] : {std::pair{labelA, QStringLiteral("A")},
                                    std::pair{labelB, QStringLiteral("B")}}) {
        painter.fillRect(box, QColor(0, 0, 0, 150));
        painter.setPen(Qt::white);
        painter.drawText(box, Qt::AlignCenter, text);
    }
}

void CompareSwipeView::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton &&
        std::abs(event->position().x() - dividerX()) <= kGrabDistance_px) {
        m_draggingDivider = true;
        event->accept();
        return;
    }
    render::PreviewWidget::mousePressEvent(event);
}

void CompareSwipeView::mouseMoveEvent(QMouseEvent* event) {
    if (m_draggingDivider) {
        setDivider(width() > 0 ? event->position().x() / double(width()) : 0.5);
        event->accept();
        return;
    }
    if (event->buttons() == Qt::NoButton) {
        const bool near = std::abs(event->position().x() - dividerX()) <= kGrabDistance_px;
        if (near) setCursor(Qt::SplitHCursor); else unsetCursor();
    }
    render::PreviewWidget::mouseMoveEvent(event);
}

void CompareSwipeView::mouseReleaseEvent(QMouseEvent* event) {
    if (m_draggingDivider && event->button() == Qt::LeftButton) {
        m_draggingDivider = false;
        event->accept();
        return;
    }
    render::PreviewWidget::mouseReleaseEvent(event);
}

}  // namespace terrain::app
