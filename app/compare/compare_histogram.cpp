#include "app/compare/compare_histogram.h"

#include <QPainter>

#include <algorithm>

namespace terrain::app {

CompareHistogram::CompareHistogram(QWidget* parent) : QWidget(parent) {
    setMinimumHeight(36);
    setToolTip(tr("Height histogram (common bins when the height scale is common)"));
}

void CompareHistogram::setHistogram(const core::Histogram& histogram, render::ColorMap colorMap) {
    m_histogram = histogram;
    m_colorMap = colorMap;
    update();
}

void CompareHistogram::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    // The preview's dark backdrop: white and black bars both stay visible.
    painter.fillRect(rect(), palette().color(QPalette::Dark));
    const auto& counts = m_histogram.counts;
    if (counts.empty()) return;
    const std::uint64_t peak = *std::max_element(counts.begin(), counts.end());
    if (peak == 0) return;
    const double barWidth = double(width()) / double(counts.size());
    const double usable = double(height() - 2);
    for (std::size_t i = 0; i < counts.size(); ++i) {
        const double h = usable * double(counts[i]) / double(peak);
        const float t = (float(i) + 0.5f) / float(counts.size());
        QColor colour = QColor::fromRgb(render::colorAt(m_colorMap, t));
        painter.fillRect(QRectF(double(i) * barWidth, double(height()) - h, barWidth, h), colour);
    }
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(rect().adjusted(0, 0, -1, -1));
}

}  // namespace terrain::app
