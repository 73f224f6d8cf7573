#pragma once
// The 1-D midpoint line drawn as what it is: a horizon, heights as a line chart over the width of
// the centre area, ground filled below it. A 513×1 map is a one-pixel strip in the 2-D preview and
// a ribbon in the 3-D view, so CentralViews shows this chart instead of both for one-row maps.
#include "core/heightmap.h"

#include <QWidget>

#include <memory>

namespace terrain::app {

class HorizonChart : public QWidget {
    Q_OBJECT

public:
    explicit HorizonChart(QWidget* parent = nullptr);

    // `lo`..`hi` (raw) is the vertical range drawn (the recipe's fixed scale, so a new seed does
    // not rescale the chart); `lo_m`, `hi_m` label it in metres.
    void setLine(std::shared_ptr<const core::Heightmap> map, float lo, float hi, double lo_m,
                 double hi_m);
    const core::Heightmap* line() const { return m_map.get(); }

    static const QColor& skyColor();
    static const QColor& groundColor();

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::shared_ptr<const core::Heightmap> m_map;
    float m_lo = 0.0F;
    float m_hi = 1.0F;
    double m_lo_m = 0.0;
    double m_hi_m = 0.0;
};

}  // namespace terrain::app
