#include "app/widgets/seed_spin_box.h"

#include <QLineEdit>

#include <limits>

namespace terrain::app {

namespace {
constexpr quint64 kMaxSeed = std::numeric_limits<quint64>::max();
}

SeedSpinBox::SeedSpinBox(QWidget* parent) : QAbstractSpinBox(parent) {
    lineEdit()->setText(QStringLiteral("0"));
    setKeyboardTracking(false);
    connect(this, &QAbstractSpinBox::editingFinished, this, &SeedSpinBox::commitText);
}

void SeedSpinBox::setValue(quint64 value) {
    lineEdit()->setText(QString::number(value));
    if (value == m_value) return;
    m_value = value;
    emit valueChanged(m_value);
}

void SeedSpinBox::stepBy(int steps) {
    quint64 next = m_value;
    if (steps > 0) {
        const auto up = quint64(steps);
        next = m_value > kMaxSeed - up ? kMaxSeed : m_value + up;
    } else if (steps < 0) {
        const auto down = quint64(-qint64(steps));
        next = m_value < down ? 0 : m_value - down;
    }
    setValue(next);
}

QValidator::State SeedSpinBox::validate(QString& input, int& /*pos*/) const {
    if (input.isEmpty()) return QValidator::Intermediate;
    bool ok = false;
    input.toULongLong(&ok);
    for (const QChar c : input) {
        if (!c.isDigit()) return QValidator::Invalid;
    }
    return ok ? QValidator::Acceptable : QValidator::Invalid;
}

void SeedSpinBox::fixup(QString& input) const {
    if (input.isEmpty()) input = QString::number(m_value);
}

QAbstractSpinBox::StepEnabled SeedSpinBox::stepEnabled() const {
    StepEnabled enabled = StepNone;
    if (m_value > 0) enabled |= StepDownEnabled;
    if (m_value < kMaxSeed) enabled |= StepUpEnabled;
    return enabled;
}

void SeedSpinBox::commitText() {
    bool ok = false;
    const quint64 value = lineEdit()->text().toULongLong(&ok);
    setValue(ok ? value : m_value);
}

}  // namespace terrain::app
