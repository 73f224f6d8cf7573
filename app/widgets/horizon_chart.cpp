#include "app/widgets/horizon_chart.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cstdint>

namespace terrain::app {

HorizonChart::HorizonChart(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("horizonChart"));
    setMinimumSize(200, 200);
    setToolTip(tr("The 1-D midpoint line: heights from west (left) to east (right)."));
}

const QColor& HorizonChart::skyColor() {
    static const QColor sky(186, 214, 238);
    return sky;
}

const QColor& HorizonChart::groundColor() {
    static const QColor ground(92, 110, 72);
    return ground;
}

void HorizonChart::setLine(std::shared_ptr<const core::Heightmap> map, float lo, float hi,
                           double lo_m, double hi_m) {
    m_map = std::move(map);
    m_lo = lo;
    m_hi = hi > lo ? hi : lo + 1.0F;
    m_lo_m = lo_m;
    m_hi_m = hi_m;
    update();
}

void HorizonChart::paintEvent(QPaintEvent* /*event*/) {
    QPainter painter(this);
    painter.fillRect(rect(), skyColor());
    if (!m_map || m_map->width() < 2) return;
    painter.setRenderHint(QPainter::Antialiasing);
    // A margin for the labels; the line spans the rest, lo..hi mapped to the plot's height.
    const QRectF plot = QRectF(rect()).adjusted(8, 24, -8, -24);
    const int n = m_map->width();
    const auto yOf = [&](float h) {
        const double t = (double(h) - m_lo) / double(m_hi - m_lo);
        return plot.bottom() - plot.height() * std::clamp(t, 0.0, 1.0);
    };
    // A million-sample line is drawn through the highest sample of each pixel column (it is a
    // silhouette); short lines through every sample.
    const int columns = std::min(n, std::max(2, int(plot.width())));
    QPainterPath line;
    for (int c = 0; c < columns; ++c) {
        const int first = int(std::int64_t(c) * (n - 1) / std::max(1, columns - 1));
        const int last = c + 1 < columns
                             ? int(std::int64_t(c + 1) * (n - 1) / (columns - 1))
                             : first + 1;
        float top = m_map->at(first, 0);
        for (int i = first + 1; i < std::min(last, n); ++i) top = std::max(top, m_map->at(i, 0));
        const QPointF point(plot.left() + plot.width() * first / (n - 1), yOf(top));
        if (c == 0) line.moveTo(point);
        else line.lineTo(point);
    }
    QPainterPath ground = line;
    ground.lineTo(plot.right(), height());
    ground.lineTo(plot.left(), height());
    ground.closeSubpath();
    painter.fillPath(ground, groundColor());
    painter.setPen(QPen(groundColor().darker(160), 2.0));
    painter.drawPath(line);
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawText(QRectF(plot.left(), 2, plot.width(), 20), Qt::AlignLeft | Qt::AlignVCenter,
                     tr("%1 samples, %2 m … %3 m").arg(n).arg(m_lo_m, 0, 'f', 0).arg(m_hi_m, 0,
                                                                                       'f', 0));
}

}  // namespace terrain::app
