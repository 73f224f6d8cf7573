// The Layout panel's work on the 2-D preview: mouse and keys while a tool is active, and the
// items drawn over the map (lines, outlines, control points, the drawing in progress).
#include "layout_panel.h"

#include "core/layout/layout_eval.h"
#include "render/preview_widget.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QTabletEvent>

#include <cmath>

namespace terrain::app {

namespace layout = core::layout;

std::vector<layout::Point>& pointsOf(layout::Item& item) {
    return item.kind == layout::Kind::Area ? item.rings[0] : item.points;
}
const std::vector<layout::Point>& pointsOf(const layout::Item& item) {
    return item.kind == layout::Kind::Area ? item.rings[0] : item.points;
}

namespace {

constexpr double kGrabPixels = 8.0;  // widget pixels within which a point or line is hit

QColor colourOf(layout::Kind kind) {
    switch (kind) {
    case layout::Kind::Road: return QColor(240, 200, 40);
    case layout::Kind::River: return QColor(60, 150, 255);
    case layout::Kind::Ridge: return QColor(200, 140, 90);
    case layout::Kind::Valley: return QColor(60, 200, 190);
    case layout::Kind::Area: return QColor(255, 120, 40);
    case layout::Kind::Stamp: return QColor(220, 60, 200);
    case layout::Kind::Stroke: return QColor(120, 230, 120);
    default: return QColor(230, 230, 230);
    }
}

layout::Kind kindOfTool(LayoutPanel::Tool tool) {
    switch (tool) {
    case LayoutPanel::Tool::River: return layout::Kind::River;
    case LayoutPanel::Tool::Ridge: return layout::Kind::Ridge;
    case LayoutPanel::Tool::Valley: return layout::Kind::Valley;
    case LayoutPanel::Tool::Area: return layout::Kind::Area;
    case LayoutPanel::Tool::Stamp: return layout::Kind::Stamp;
    case LayoutPanel::Tool::Stroke: return layout::Kind::Stroke;
    default: return layout::Kind::Road;
    }
}

double segmentDistance(QPointF p, QPointF a, QPointF b, double& t) {
    const QPointF e = b - a;
    const double len2 = QPointF::dotProduct(e, e);
    t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - a, e) / len2, 0.0, 1.0) : 0.0;
    const QPointF d = p - (a + e * t);
    return std::sqrt(QPointF::dotProduct(d, d));
}

}  // namespace

bool LayoutPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched != m_preview) return QWidget::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::TabletPress:
    case QEvent::TabletMove:
    case QEvent::TabletRelease: {
        // A pen paints strokes with its pressure (each sample keeps it); for every other tool, and
        // when the pen is not painting, the event is left to become a mouse event.
        auto* e = static_cast<QTabletEvent*>(event);
        if (m_tool != Tool::Stroke) {
            e->ignore();
            return false;
        }
        e->accept();
        m_pressure = std::clamp(double(e->pressure()), 0.0, 1.0);
        const QPointF at = m_preview->imagePosition(e->position());
        if (event->type() == QEvent::TabletPress) {
            m_preview->setFocus(Qt::MouseFocusReason);
            return onPress(at, e->modifiers());
        }
        if (event->type() == QEvent::TabletMove) return onMove(at, (e->buttons() & Qt::LeftButton) != 0);
        return onRelease(at);
    }
    case QEvent::MouseButtonPress: {
        auto* e = static_cast<QMouseEvent*>(event);
        if (e->button() != Qt::LeftButton) return false;
        m_preview->setFocus(Qt::MouseFocusReason);
        m_pressure = 1.0;
        return onPress(m_preview->imagePosition(e->position()), e->modifiers());
    }
    case QEvent::MouseMove: {
        auto* e = static_cast<QMouseEvent*>(event);
        m_pressure = 1.0;
        return onMove(m_preview->imagePosition(e->position()), (e->buttons() & Qt::LeftButton) != 0);
    }
    case QEvent::MouseButtonRelease: {
        auto* e = static_cast<QMouseEvent*>(event);
        if (e->button() != Qt::LeftButton) return false;
        return onRelease(m_preview->imagePosition(e->position()));
    }
    case QEvent::MouseButtonDblClick: {
        auto* e = static_cast<QMouseEvent*>(event);
        if (e->button() != Qt::LeftButton) return false;
        return onDoubleClick(m_preview->imagePosition(e->position()));
    }
    case QEvent::KeyPress: return onKey(static_cast<QKeyEvent*>(event)->key());
    default: return false;
    }
}

std::optional<std::pair<int, int>> LayoutPanel::pointNear(const layout::Layout& items, QPointF imagePos,
                                                          double radius) const {
    std::optional<std::pair<int, int>> best;
    double bestDistance = radius;
    for (std::size_t i = 0; i < items.items.size(); ++i) {
        if (items.items[i].locked) continue;  // not picked: it stays where it is
        const auto& points = pointsOf(items.items[i]);
        for (std::size_t k = 0; k < points.size(); ++k) {
            const QPointF d = imageAt(points[k].x, points[k].y) - imagePos;
            const double distance = std::sqrt(QPointF::dotProduct(d, d));
            if (distance <= bestDistance) bestDistance = distance, best = std::pair<int, int>{int(i), int(k)};
        }
    }
    return best;
}

std::optional<int> LayoutPanel::itemNear(const layout::Layout& items, QPointF imagePos, double radius) const {
    for (std::size_t i = items.items.size(); i-- > 0;) {
        const layout::Item& item = items.items[i];
        if (item.locked) continue;
        const auto& points = pointsOf(item);
        if (item.kind == layout::Kind::Stamp) {
            const QPointF d = imageAt(points[0].x, points[0].y) - imagePos;
            if (std::sqrt(QPointF::dotProduct(d, d)) <= 0.5 * item.size_m / spacing()) return int(i);
            continue;
        }
        const std::size_t n = points.size();
        for (std::size_t k = 0; k + 1 < n + (item.kind == layout::Kind::Area ? 1 : 0); ++k) {
            double t = 0;
            if (segmentDistance(imagePos, imageAt(points[k].x, points[k].y),
                                imageAt(points[(k + 1) % n].x, points[(k + 1) % n].y), t) <= radius) {
                return int(i);
            }
        }
    }
    return std::nullopt;
}

QPointF LayoutPanel::stampHandle(const layout::Item& stamp) const {
    const double rad = stamp.rotation_deg * 3.14159265358979323846 / 180.0, half = 0.5 * stamp.size_m;
    return imageAt(stamp.points[0].x + half * std::cos(rad), stamp.points[0].y + half * std::sin(rad));
}

bool LayoutPanel::onPress(QPointF imagePos, Qt::KeyboardModifiers modifiers) {
    const double grab = kGrabPixels / std::max(m_preview->zoom(), 1e-9);
    const QPointF m = metresAt(imagePos);
    layout::Layout items = layout();
    switch (m_tool) {
    case Tool::Select: {
        for (const layout::Item& item : items.items) {
            if (item.id != m_selectedItem || item.kind != layout::Kind::Stamp || item.locked) continue;
            const QPointF d = stampHandle(item) - imagePos;
            if (std::sqrt(QPointF::dotProduct(d, d)) > grab) break;
            m_handleDragging = true;
            ++m_dragCount;
            return true;
        }
        if (modifiers & Qt::ControlModifier) {
            // Insert a point on the selected line where it was clicked.
            for (layout::Item& item : items.items) {
                if (item.id != m_selectedItem || item.kind == layout::Kind::Stamp || item.locked) continue;
                auto& points = pointsOf(item);
                const std::size_t n = points.size();
                for (std::size_t k = 0; k + 1 < n + (item.kind == layout::Kind::Area ? 1 : 0); ++k) {
                    double t = 0;
                    const layout::Point a = points[k], b = points[(k + 1) % n];
                    if (segmentDistance(imagePos, imageAt(a.x, a.y), imageAt(b.x, b.y), t) > grab) continue;
                    points.insert(points.begin() + long(k) + 1, layout::Point{m.x(), m.y()});
                    auto insertBetween = [&](std::vector<double>& v) {
                        if (v.size() == n) v.insert(v.begin() + long(k) + 1, v[k] + (v[(k + 1) % n] - v[k]) * t);
                    };
                    insertBetween(item.widths_m);
                    if (item.z_m.size() == n) item.z_m.insert(item.z_m.begin() + long(k) + 1, std::nullopt);
                    insertBetween(item.radii_m);
                    insertBetween(item.pressures);
                    item.baked = false, item.profile_m.clear();
                    m_selectedPoint = int(k) + 1;
                    commit(items, tr("Insert point in %1").arg(QString::fromStdString(item.id)));
                    return true;
                }
            }
            return true;
        }
        if (const auto hit = pointNear(items, imagePos, grab)) {
            m_dragging = true;
            m_dragItem = hit->first, m_dragPoint = hit->second;
            ++m_dragCount;
            selectItem(items.items[std::size_t(hit->first)].id, hit->second);
            return true;
        }
        if (const auto hit = itemNear(items, imagePos, grab)) {
            selectItem(items.items[std::size_t(*hit)].id);
            return true;
        }
        if (!m_selectedItem.empty()) selectItem({});
        return false;  // nothing hit: the preview pans
    }
    case Tool::Stamp: {
        layout::Item item = newItem(layout::Kind::Stamp);
        item.id = newItemId(items, layout::Kind::Stamp);
        item.shape = layout::StampShape(m_stampShape->currentIndex());
        item.size_m = m_recipe.world.extentMetres / 8.0;
        item.height_m = (m_recipe.world.hiMetres - m_recipe.world.loMetres) / 5.0;
        item.points = {{m.x(), m.y()}};
        items.items.push_back(item);
        m_selectedItem = item.id, m_selectedPoint = 0;
        commit(items, tr("Place %1").arg(QString::fromStdString(item.id)));
        return true;
    }
    case Tool::Stroke:
        m_pending = {{m.x(), m.y()}};
        m_pendingPressure = {m_pressure};
        m_stroking = true;
        m_preview->update();
        return true;
    default:  // road, river, ridge, valley, area: one more point
        m_pending.push_back({m.x(), m.y()});
        m_preview->update();
        return true;
    }
}

bool LayoutPanel::onMove(QPointF imagePos, bool buttonDown) {
    m_hover = imagePos;
    const QPointF m = metresAt(imagePos);
    if (m_handleDragging && buttonDown) {
        layout::Layout items = layout();
        for (layout::Item& item : items.items) {
            if (item.id != m_selectedItem || item.kind != layout::Kind::Stamp) continue;
            const double dx = m.x() - item.points[0].x, dy = m.y() - item.points[0].y;
            item.size_m = std::clamp(2.0 * std::hypot(dx, dy), 0.1, 1.0e6);
            // Counter-clockwise from east in the world frame (y north), as the evaluation turns it.
            if (dx != 0.0 || dy != 0.0) item.rotation_deg = std::atan2(dy, dx) * 180.0 / 3.14159265358979323846;
            commit(items, tr("Resize and turn %1").arg(QString::fromStdString(item.id)),
                   QStringLiteral("layout-drag-%1").arg(m_dragCount));
            break;
        }
        return true;
    }
    if (m_dragging && buttonDown) {
        layout::Layout items = layout();
        if (m_dragItem < 0 || std::size_t(m_dragItem) >= items.items.size()) return true;
        layout::Item& item = items.items[std::size_t(m_dragItem)];
        auto& points = pointsOf(item);
        if (std::size_t(m_dragPoint) >= points.size()) return true;
        points[std::size_t(m_dragPoint)] = {m.x(), m.y()};
        // One drag, one undo step: every edit of this drag shares its merge key.
        commit(items, tr("Move point of %1").arg(QString::fromStdString(item.id)),
               QStringLiteral("layout-drag-%1").arg(m_dragCount));
        return true;
    }
    if (m_stroking && buttonDown) {
        const layout::Point last = m_pending.back();
        if (std::hypot(m.x() - last.x, m.y() - last.y) >= 0.25 * m_strokeRadius->value()) {
            m_pending.push_back({m.x(), m.y()});
            m_pendingPressure.push_back(m_pressure);
        }
        m_preview->update();
        return true;
    }
    if (!m_pending.empty()) m_preview->update();  // the rubber band to the cursor
    return false;
}

bool LayoutPanel::onRelease(QPointF) {
    if (m_handleDragging) {
        m_handleDragging = false;
        return true;
    }
    if (m_dragging) {
        m_dragging = false;
        return true;
    }
    if (m_stroking) {
        m_stroking = false;
        layout::Layout items = layout();
        layout::Item item = newItem(layout::Kind::Stroke);
        item.id = newItemId(items, layout::Kind::Stroke);
        item.strokeOp = layout::StrokeOp(m_strokeOp->currentIndex());
        item.amount_m = (m_recipe.world.hiMetres - m_recipe.world.loMetres) / 20.0;
        item.points = m_pending;
        item.radii_m.assign(m_pending.size(), m_strokeRadius->value());
        item.pressures = m_pendingPressure;
        item.pressures.resize(m_pending.size(), 1.0);
        m_pending.clear();
        m_pendingPressure.clear();
        items.items.push_back(item);
        m_selectedItem = item.id, m_selectedPoint = -1;
        commit(items, tr("Paint %1").arg(QString::fromStdString(item.id)));
        return true;
    }
    return m_tool != Tool::Select;
}

bool LayoutPanel::onDoubleClick(QPointF) {
    if (m_tool == Tool::Select) return false;  // the preview fits the map
    // The double-click's first press already added its point.
    finishDrawing();
    return true;
}

bool LayoutPanel::onKey(int key) {
    if ((key == Qt::Key_Return || key == Qt::Key_Enter) && !m_pending.empty()) {
        finishDrawing();
        return true;
    }
    if (key == Qt::Key_Escape && !m_pending.empty()) {
        m_pending.clear();
        m_preview->update();
        return true;
    }
    if (key == Qt::Key_Backspace && !m_pending.empty()) {
        m_pending.pop_back();
        m_preview->update();
        return true;
    }
    if (key == Qt::Key_Delete && !m_selectedItem.empty()) {
        layout::Layout items = layout();
        if (const layout::Item* locked = lockedSelection(items)) {
            emit message(tr("%1 is locked: unlock it in the Layout panel to delete it").arg(QString::fromStdString(locked->id)));
            return true;
        }
        for (std::size_t i = 0; i < items.items.size(); ++i) {
            layout::Item& item = items.items[i];
            if (item.id != m_selectedItem) continue;
            auto& points = pointsOf(item);
            const std::size_t least = item.kind == layout::Kind::Area ? 3 : item.kind == layout::Kind::Stroke ? 1 : 2;
            const QString id = QString::fromStdString(item.id);
            if (m_selectedPoint >= 0 && std::size_t(m_selectedPoint) < points.size() && points.size() > least &&
                item.kind != layout::Kind::Stamp) {
                const auto at = long(m_selectedPoint);
                points.erase(points.begin() + at);
                for (auto* v : {&item.widths_m, &item.radii_m, &item.pressures}) {
                    if (v->size() > std::size_t(at)) v->erase(v->begin() + at);
                }
                if (item.z_m.size() > std::size_t(at)) item.z_m.erase(item.z_m.begin() + at);
                if (std::none_of(item.z_m.begin(), item.z_m.end(), [](const auto& z) { return z.has_value(); }))
                    item.z_m.clear();
                item.baked = false, item.profile_m.clear();
                m_selectedPoint = -1;
                commit(items, tr("Delete point of %1").arg(id));
            } else {
                items.items.erase(items.items.begin() + long(i));
                m_selectedItem.clear(), m_selectedPoint = -1;
                commit(items, tr("Delete %1").arg(id));
            }
            return true;
        }
    }
    return false;
}

void LayoutPanel::finishDrawing() {
    const layout::Kind kind = kindOfTool(m_tool);
    std::vector<layout::Point> points = m_pending;
    // A double-click adds its point twice (press, then the double-click's press).
    points.erase(std::unique(points.begin(), points.end()), points.end());
    const std::size_t least = kind == layout::Kind::Area ? 3 : 2;
    if (points.size() < least) {
        emit message(tr("A %1 needs at least %2 points").arg(QString::fromStdString(layout::kindNames()[std::size_t(kind)])).arg(least));
        return;
    }
    layout::Layout items = layout();
    layout::Item item = newItem(kind);
    item.id = newItemId(items, kind);
    if (kind == layout::Kind::Area) {
        item.rings = {points};
        item.target = layout::AreaTarget::Average;
    } else {
        item.points = points;
        // The reader's defaults (a road 8 m, a river 12 m); a ridge or valley a tenth of the
        // world across and a tenth of its height range high, so it shows at any world size.
        const bool relief = kind == layout::Kind::Ridge || kind == layout::Kind::Valley;
        item.widths_m.assign(points.size(), relief  ? m_recipe.world.extentMetres / 10.0
                                            : kind == layout::Kind::River ? 12.0
                                                                          : 8.0);
        if (relief) item.height_m = (m_recipe.world.hiMetres - m_recipe.world.loMetres) / 10.0;
    }
    m_pending.clear();
    items.items.push_back(item);
    m_selectedItem = item.id, m_selectedPoint = -1;
    commit(items, tr("Draw %1").arg(QString::fromStdString(item.id)));
    m_preview->update();
}

void LayoutPanel::paintOverlay(QPainter& painter) const {
    const double pixel = 1.0 / std::max(m_preview->zoom(), 1e-9);  // one widget pixel in image pixels
    paintItems(painter, pixel, true);
    if (!m_pending.empty()) {
        painter.setPen(QPen(colourOf(kindOfTool(m_tool)), 2.0 * pixel, Qt::DashLine));
        QPolygonF polyline;
        for (const layout::Point& p : m_pending) polyline << imageAt(p.x, p.y);
        if (!m_stroking) polyline << m_hover;
        painter.drawPolyline(polyline);
    }
}

QImage LayoutPanel::drapeImage() const {
    const layout::Layout items = layout();
    const core::Algorithm* a = m_registry.find(m_recipe.algorithm);
    if (items.items.empty() || a == nullptr) return {};
    // Edge to edge over the map's extent (samples 0 .. n - 1), as the 3-D view lays it; lines as
    // wide as on a 400-pixel view of the whole map.
    const auto size = a->sizeForDetail(m_recipe.detail);
    const double spanX = std::max(size.width - 1, 1), spanY = std::max(size.height - 1, 1);
    const int side = int(std::clamp(2.0 * std::max(spanX, spanY), 256.0, double(kMaxDrapeSide)));
    QImage picture(side, int(std::lround(side * spanY / spanX)), QImage::Format_ARGB32_Premultiplied);
    picture.fill(Qt::transparent);
    QPainter painter(&picture);
    painter.scale(double(picture.width()) / spanX, double(picture.height()) / spanY);
    paintItems(painter, std::max(spanX, spanY) / 400.0, false);
    painter.end();
    return picture;
}

void LayoutPanel::paintItems(QPainter& painter, double pixel, bool onPreview) const {
    painter.setRenderHint(QPainter::Antialiasing, true);
    const layout::Layout items = layout();
    for (const layout::Item& item : items.items) {
        const bool selected = item.id == m_selectedItem;
        QColor colour = colourOf(item.kind);
        if (!item.enabled || (!m_solo.empty() && item.id != m_solo)) colour.setAlpha(90);  // hidden, or not the solo
        QPen pen(colour, (selected ? 3.0 : 2.0) * pixel);
        if (item.locked) pen.setStyle(Qt::DashLine);  // locked: drawn dashed, never picked
        painter.setPen(pen);
        painter.setBrush(Qt::NoBrush);
        const auto& points = pointsOf(item);
        if (item.kind == layout::Kind::Stamp) {
            const QPointF c = imageAt(points[0].x, points[0].y);
            const double r = 0.5 * item.size_m / spacing();
            painter.drawEllipse(c, r, r);
            if (onPreview && selected && !item.locked && m_tool == Tool::Select) {  // the size / rotation handle
                const QPointF h = stampHandle(item);
                painter.drawLine(c, h);
                painter.setBrush(colour);
                painter.drawRect(QRectF(h - QPointF(4.0, 4.0) * pixel, QSizeF(8.0, 8.0) * pixel));
                painter.setBrush(Qt::NoBrush);
            }
        } else if (item.kind == layout::Kind::Area) {
            for (const auto& ring : item.rings) {
                QPolygonF polygon;
                for (const layout::Point& p : ring) polygon << imageAt(p.x, p.y);
                painter.drawPolygon(polygon);
            }
        } else {
            // The curve the item follows, as the evaluation tessellates it.
            const layout::Polyline line = layout::itemLine(item, std::max(spacing(), 1e-6));
            QPolygonF polyline;
            for (const layout::Point& p : line.vertices) polyline << imageAt(p.x, p.y);
            painter.drawPolyline(polyline);
            // Where the terrain is steeper than the road's grade limit (it is held to grade by
            // cutting and filling there): red over the line, as the last result resolved it.
            if (const core::RoadReport* report = item.kind == layout::Kind::Road ? reportOf(item) : nullptr) {
                painter.setPen(QPen(QColor(230, 30, 30), (selected ? 4.0 : 3.0) * pixel, Qt::SolidLine, Qt::FlatCap));
                for (const std::vector<layout::Point>& path : report->readout.steepPaths) {
                    QPolygonF stretch;
                    for (const layout::Point& p : path) stretch << imageAt(p.x, p.y);
                    painter.drawPolyline(stretch);
                }
                painter.setPen(pen);
            }
        }
        if (onPreview && (selected || m_tool == Tool::Select)) {
            painter.setBrush(colour);
            for (std::size_t k = 0; k < points.size() && (item.kind != layout::Kind::Stroke || selected); ++k) {
                const double r = (selected && int(k) == m_selectedPoint ? 5.0 : 3.0) * pixel;
                // A point with a height of its own (z_m: a road or a river) is a square: pinned.
                if (k < item.z_m.size() && item.z_m[k]) {
                    painter.drawRect(QRectF(imageAt(points[k].x, points[k].y) - QPointF(r, r), QSizeF(2.0 * r, 2.0 * r)));
                } else {
                    painter.drawEllipse(imageAt(points[k].x, points[k].y), r, r);
                }
            }
        }
    }
}

}  // namespace terrain::app
