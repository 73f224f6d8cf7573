#pragma once
// A slider and a spin box showing the same value: the slider for dragging, the spin box for the
// exact value with its unit. Used for every numeric parameter and view setting.
#include <QString>
#include <QWidget>

class QDoubleSpinBox;
class QSlider;

namespace terrain::app {

class SliderSpin : public QWidget {
    Q_OBJECT

public:
    // `decimals` 0 makes an integer control. The slider has at most kMaxSliderSteps positions;
    // the spin box keeps the full `step` resolution.
    SliderSpin(double min, double max, double step, int decimals, const QString& unit,
               QWidget* parent = nullptr);

    static constexpr int kMaxSliderSteps = 1000;

    double value() const;
    void setValue(double value);  // does not emit valueEdited
    void setHelp(const QString& help);
    // A new range (the world's heights changed): the value is kept, shown clamped.
    void setRange(double min, double max);

    QSlider* slider() const { return m_slider; }
    QDoubleSpinBox* spinBox() const { return m_spin; }

signals:
    // A user edit. `dragKey` is non-empty while the slider is being dragged and names the drag,
    // so consecutive edits of one drag can be merged into one undo step.
    void valueEdited(double value, const QString& dragKey);

private:
    int sliderPosition(double value) const;
    double valueAt(int position) const;
    void onSliderMoved(int position);
    void onSpinChanged(double value);

    QSlider* m_slider;
    QDoubleSpinBox* m_spin;
    double m_min;
    double m_max;
    int m_steps;
    bool m_integer;
    int m_dragSession = 0;
};

}  // namespace terrain::app
