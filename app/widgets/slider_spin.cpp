#include "app/widgets/slider_spin.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QSlider>

#include <algorithm>
#include <cmath>

namespace terrain::app {

SliderSpin::SliderSpin(double min, double max, double step, int decimals, const QString& unit,
                       QWidget* parent)
    : QWidget(parent),
      m_slider(new QSlider(Qt::Horizontal, this)),
      m_spin(new QDoubleSpinBox(this)),
      m_min(min),
      m_max(max),
      m_integer(decimals == 0) {
    const double span = std::max(max - min, 0.0);
    const double wanted = step > 0.0 ? std::round(span / step) : 100.0;
    m_steps = int(std::clamp(wanted, 1.0, double(kMaxSliderSteps)));

    m_slider->setRange(0, m_steps);
    m_slider->setPageStep(std::max(1, m_steps / 10));
    m_slider->setMinimumWidth(100);

    m_spin->setRange(min, max);
    m_spin->setDecimals(decimals);
    m_spin->setSingleStep(step > 0.0 ? step : 1.0);
    // Typing "0.65" must be one edit, not three.
    m_spin->setKeyboardTracking(false);
    m_spin->setAccelerated(true);
    if (!unit.isEmpty()) m_spin->setSuffix(QLatin1Char(' ') + unit);
    m_spin->setMinimumWidth(90);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_spin);

    connect(m_slider, &QSlider::sliderPressed, this, [this] { ++m_dragSession; });
    connect(m_slider, &QSlider::valueChanged, this, &SliderSpin::onSliderMoved);
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, &SliderSpin::onSpinChanged);
}

double SliderSpin::value() const { return m_spin->value(); }

void SliderSpin::setValue(double value) {
    const QSignalBlocker blockSpin(m_spin);
    const QSignalBlocker blockSlider(m_slider);
    m_spin->setValue(value);
    // Leave the slider alone while it is dragged: it already shows (nearly) this value.
    if (!m_slider->isSliderDown()) m_slider->setValue(sliderPosition(value));
}

void SliderSpin::setRange(double min, double max) {
    if (min == m_min && max == m_max) return;
    const double kept = value();
    m_min = min;
    m_max = max;
    {
        const QSignalBlocker block(m_spin);
        m_spin->setRange(min, max);
    }
    setValue(kept);
}

void SliderSpin::setHelp(const QString& help) {
    m_slider->setToolTip(help);
    m_spin->setToolTip(help);
}

int SliderSpin::sliderPosition(double value) const {
    if (m_max <= m_min) return 0;
    return int(std::lround((value - m_min) / (m_max - m_min) * m_steps));
}

double SliderSpin::valueAt(int position) const {
    double value = m_min + (m_max - m_min) * double(position) / double(m_steps);
    if (m_integer) value = std::round(value);
    // Snap to the spin box's resolution so the document holds what the spin box shows.
    const double scale = std::pow(10.0, m_spin->decimals());
    value = std::round(value * scale) / scale;
    return std::clamp(value, m_min, m_max);
}

void SliderSpin::onSliderMoved(int position) {
    const double value = valueAt(position);
    {
        const QSignalBlocker block(m_spin);
        m_spin->setValue(value);
    }
    const QString dragKey =
        m_slider->isSliderDown() ? QStringLiteral("drag%1").arg(m_dragSession) : QString();
    emit valueEdited(m_spin->value(), dragKey);
}

void SliderSpin::onSpinChanged(double value) {
    {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(sliderPosition(value));
    }
    emit valueEdited(value, QString());
}

}  // namespace terrain::app
