#include "preview_widget.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace terrain::render {

PreviewWidget::PreviewWidget(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setMinimumSize(64, 64);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void PreviewWidget::setContent(std::shared_ptr<const core::Heightmap> map, QImage image) {
    const bool sizeChanged = image.size() != m_image.size();
    m_map = std::move(map);
    m_image = std::move(image);
    m_reduced = QImage();
    if (m_fitted && sizeChanged) fitToWindow();
    update();
}

void PreviewWidget::fitToWindow() {
    if (m_image.isNull() || width() <= 0 || height() <= 0) {
        applyView(1.0, {}, true);
        return;
    }
    const double zoom = std::clamp(std::min(double(width()) / double(m_image.width()),
                                            double(height()) / double(m_image.height())),
                                   kMinZoom, kMaxZoom);
    const QPointF pan((double(width()) - zoom * double(m_image.width())) * 0.5,
                      (double(height()) - zoom * double(m_image.height())) * 0.5);
    applyView(zoom, pan, true);
}

void PreviewWidget::setZoom(double factor) {
    zoomAround(QPointF(width() * 0.5, height() * 0.5), factor / m_zoom);
}

void PreviewWidget::setView(double zoom, QPointF pan) { applyView(zoom, pan, false); }

void PreviewWidget::applyView(double zoom, QPointF pan, bool fitted) {
    zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    const bool changed = zoom != m_zoom || pan != m_pan;
    m_zoom = zoom;
    m_pan = pan;
    m_fitted = fitted;
    if (changed) {
        update();
        emit viewChanged();
    }
}

void PreviewWidget::zoomAround(QPointF widgetPos, double factor) {
    const double zoom = std::clamp(m_zoom * factor, kMinZoom, kMaxZoom);
    // The image point under the cursor stays under the cursor.
    const QPointF imagePoint = (widgetPos - m_pan) / m_zoom;
    applyView(zoom, widgetPos - imagePoint * zoom, false);
}

std::optional<QPoint> PreviewWidget::sampleAt(QPointF widgetPos) const {
    if (!m_map || m_map->empty() || m_image.isNull()) return std::nullopt;
    const QPointF imagePoint = (widgetPos - m_pan) / m_zoom;
    if (imagePoint.x() < 0.0 || imagePoint.y() < 0.0 || imagePoint.x() >= m_image.width() ||
        imagePoint.y() >= m_image.height())
        return std::nullopt;
    const int x = std::min(m_map->width() - 1,
                           int(imagePoint.x() * m_map->width() / m_image.width()));
    const int y = std::min(m_map->height() - 1,
                           int(imagePoint.y() * m_map->height() / m_image.height()));
    return QPoint(x, y);
}

const QImage& PreviewWidget::imageForZoom() {
    // Below 50% the image is drawn from a copy halved `level` times (made once per content and
    // level), so panning a zoomed-out 8193^2 map does not shrink 67 million pixels per paint.
    int level = 0;
    while (level < 8 && m_zoom * double(1 << (level + 1)) <= 1.0) ++level;
    if (level == 0) return m_image;
    if (m_reducedLevel != level || m_reduced.isNull()) {
        const int w = std::max(1, (m_image.width() + (1 << level) - 1) >> level);
        const int h = std::max(1, (m_image.height() + (1 << level) - 1) >> level);
        m_reduced = m_image.scaled(w, h, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        m_reducedLevel = level;
    }
    return m_reduced;
}

void PreviewWidget::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Dark));
    if (m_image.isNull()) return;
    const QImage& source = imageForZoom();
    const double fx = double(source.width()) / double(m_image.width());  // source px per image px
    const double fy = double(source.height()) / double(m_image.height());
    // Only the visible part, in whole source pixels, so large maps stay cheap to draw.
    const QRectF visibleInImage((QPointF(0, 0) - m_pan) / m_zoom, QSizeF(size()) / m_zoom);
    const QRectF visible = QRectF(visibleInImage.left() * fx, visibleInImage.top() * fy,
                                  visibleInImage.width() * fx, visibleInImage.height() * fy)
                               .intersected(QRectF(source.rect()));
    if (visible.isEmpty()) return;
    const QRect sourceRect(QPoint(int(std::floor(visible.left())), int(std::floor(visible.top()))),
                           QPoint(int(std::ceil(visible.right())) - 1,
                                  int(std::ceil(visible.bottom())) - 1));
    const QRectF target(m_pan.x() + double(sourceRect.left()) / fx * m_zoom,
                        m_pan.y() + double(sourceRect.top()) / fy * m_zoom,
                        double(sourceRect.width()) / fx * m_zoom,
                        double(sourceRect.height()) / fy * m_zoom);
    // Nearest neighbour from 100% up (pixel-exact, crisp samples); smooth when shrinking.
    painter.setRenderHint(QPainter::SmoothPixmapTransform, m_zoom < 1.0);
    painter.drawImage(target, source, QRectF(sourceRect));
    if (m_overlay) {
        painter.save();
        painter.translate(m_pan);
        painter.scale(m_zoom, m_zoom);
        m_overlay(painter);
        painter.restore();
    }
}

void PreviewWidget::setOverlay(std::function<void(QPainter&)> draw) {
    m_overlay = std::move(draw);
    update();
}

void PreviewWidget::resizeEvent(QResizeEvent*) {
    if (m_fitted) fitToWindow();
}

void PreviewWidget::wheelEvent(QWheelEvent* event) {
    // One notch (120) zooms by 25%.
    zoomAround(event->position(), std::pow(1.25, event->angleDelta().y() / 120.0));
    reportHover(event->position());
    event->accept();
}

void PreviewWidget::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        m_dragging = true;
        m_lastDragPos = event->position();
        setCursor(Qt::ClosedHandCursor);
    }
    event->accept();
}

void PreviewWidget::mouseMoveEvent(QMouseEvent* event) {
    if (m_dragging) {
        const QPointF delta = event->position() - m_lastDragPos;
        m_lastDragPos = event->position();
        applyView(m_zoom, m_pan + delta, false);
    }
    reportHover(event->position());
    event->accept();
}

void PreviewWidget::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        m_dragging = false;
        unsetCursor();
    }
    event->accept();
}

void PreviewWidget::mouseDoubleClickEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) fitToWindow();
    event->accept();
}

void PreviewWidget::leaveEvent(QEvent*) {
    if (m_hovering) {
        m_hovering = false;
        emit hoverLeft();
    }
}

void PreviewWidget::reportHover(QPointF widgetPos) {
    if (const auto sample = sampleAt(widgetPos)) {
        m_hovering = true;
        emit hovered(sample->x(), sample->y(), m_map->at(sample->x(), sample->y()));
    } else if (m_hovering) {
        m_hovering = false;
        emit hoverLeft();
    }
}

}  // namespace terrain::render
