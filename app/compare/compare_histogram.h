#pragma once
// A small bar chart of a core::Histogram for the compare panels: bars in the colours of the
// current colour map, so the histogram reads like the picture above it.
#include "core/analysis/statistics.h"
#include "render/colormap.h"

#include <QWidget>

namespace terrain::app {

class CompareHistogram : public QWidget {
    Q_OBJECT

public:
    explicit CompareHistogram(QWidget* parent = nullptr);

    void setHistogram(const core::Histogram& histogram, render::ColorMap colorMap);
    const core::Histogram& histogram() const { return m_histogram; }

    QSize sizeHint() const override { return {160, 48}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    core::Histogram m_histogram;
    render::ColorMap m_colorMap = render::ColorMap::Gray;
};

}  // namespace terrain::app
