#pragma once
// A spin box for 64-bit unsigned seeds (QSpinBox stops at 2^31-1, and recipes may hold any
// uint64 seed).
#include <QAbstractSpinBox>
#include <QtGlobal>

namespace terrain::app {

class SeedSpinBox : public QAbstractSpinBox {
    Q_OBJECT

public:
    explicit SeedSpinBox(QWidget* parent = nullptr);

    quint64 value() const { return m_value; }
    void setValue(quint64 value);  // emits valueChanged when the value changes

    void stepBy(int steps) override;
    QValidator::State validate(QString& input, int& pos) const override;
    void fixup(QString& input) const override;

signals:
    void valueChanged(quint64 value);

protected:
    StepEnabled stepEnabled() const override;

private:
    void commitText();

    quint64 m_value = 0;
};

}  // namespace terrain::app
