#include "item_properties.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>

namespace terrain::app {

namespace layout = core::layout;

namespace {

enum class Type { Number, Choice, Flag, Text };
struct Field {
    const char* key;
    const char* label;
    const char* unit;  // the spin box's suffix
    Type type = Type::Number;
};

// What each kind shows, in this order (a line's widths and a stroke's radii are per point, in the
// point fields above; a stamp's image comes with its own button).
std::vector<Field> fieldsOf(layout::Kind kind) {
    const Field falloff{"falloff_m", "Falloff", " m"}, curve{"falloff_curve", "Falloff curve", "", Type::Choice};
    const Field breakup{"breakup_amplitude_m", "Edge breakup", " m"};
    const Field wavelength{"breakup_wavelength_m", "Breakup wavelength", " m"};
    const Field mask{"mask", "Own mask", "", Type::Text};
    switch (kind) {
    case layout::Kind::Road:
        return {{"max_grade_pct", "Max grade", " %"}, {"mode", "Mode", "", Type::Choice}, {"smoothing_m", "Smoothing", " m"},
                {"bank_deg", "Bank", " °"}, falloff, curve, breakup, wavelength, mask};
    case layout::Kind::River:
        return {{"depth_m", "Depth", " m"}, {"bank_slope_deg", "Bank slope", " °"},
                {"min_gradient_pct", "Min gradient", " %"}, falloff, curve, mask};
    case layout::Kind::Ridge:
    case layout::Kind::Valley:
        return {{"height_m", "Height", " m"}, {"sharpness", "Sharpness", ""}, breakup, wavelength, mask};
    case layout::Kind::Area:
        return {{"target", "Target", "", Type::Choice}, {"height_m", "Height", " m"}, falloff,
                {"inner_falloff_m", "Inner falloff", " m"}, curve, breakup, wavelength, mask};
    case layout::Kind::Stamp:
        return {{"shape", "Shape", "", Type::Choice},      {"size_m", "Size", " m"},
                {"height_m", "Height", " m"},              {"rotation_deg", "Rotation", " °"},
                {"op", "Operation", "", Type::Choice},     {"base_m", "Base", " m"},
                {"drop_to_surface", "Drop to surface", "", Type::Flag}, breakup, wavelength, mask};
    case layout::Kind::Stroke: return {{"op", "Operation", "", Type::Choice}, {"amount_m", "Amount", " m"}, mask};
    }
    return {};
}

QString objectNameOf(const char* key) { return QStringLiteral("layoutProperty_") + QString::fromLatin1(key); }

}  // namespace

ItemProperties::ItemProperties(QWidget* parent) : QWidget(parent), m_form(new QFormLayout(this)) {
    m_form->setContentsMargins(0, 0, 0, 0);
}

void ItemProperties::clear() {
    while (m_form->rowCount() > 0) m_form->removeRow(0);
    m_fields.clear();
    m_id.clear();
}

void ItemProperties::build(layout::Kind kind) {
    clear();
    m_kind = kind;
    for (const Field& f : fieldsOf(kind)) {
        const QString key = QString::fromLatin1(f.key);
        QWidget* editor = nullptr;
        switch (f.type) {
        case Type::Number: {
            auto* box = new QDoubleSpinBox(this);
            box->setRange(-1.0e7, 1.0e7);  // the reader says what is allowed, naming the key
            box->setDecimals(2);
            box->setSuffix(QString::fromUtf8(f.unit));
            box->setKeyboardTracking(false);
            connect(box, &QDoubleSpinBox::valueChanged, this,
                    [this, key](double v) { emit edited(key, QString::number(v, 'g', 17)); });
            editor = box;
            break;
        }
        case Type::Choice: {
            auto* combo = new QComboBox(this);
            for (const std::string& name : layout::choiceNames(kind, f.key)) combo->addItem(QString::fromStdString(name));
            connect(combo, &QComboBox::activated, this, [this, key, combo](int index) {
                emit edited(key, QString::fromStdString(nlohmann::json(combo->itemText(index).toStdString()).dump()));
            });
            editor = combo;
            break;
        }
        case Type::Flag: {
            auto* check = new QCheckBox(this);
            connect(check, &QCheckBox::clicked, this,
                    [this, key](bool on) { emit edited(key, on ? QStringLiteral("true") : QStringLiteral("false")); });
            editor = check;
            break;
        }
        case Type::Text: {
            auto* line = new QLineEdit(this);
            line->setPlaceholderText(tr("none"));
            connect(line, &QLineEdit::editingFinished, this, [this, key, line] {
                emit edited(key, QString::fromStdString(nlohmann::json(line->text().trimmed().toStdString()).dump()));
            });
            editor = line;
            break;
        }
        }
        editor->setObjectName(objectNameOf(f.key));
        m_form->addRow(tr(f.label), editor);
        m_fields.push_back({f.key, editor});
    }
}

void ItemProperties::showItem(const std::string& id, layout::Kind kind, const nlohmann::json& properties, bool editable) {
    if (id != m_id || kind != m_kind || m_fields.empty()) {
        build(kind);
        m_id = id;
    }
    const auto amplitude = properties.find("breakup_amplitude_m");
    const bool breakup = amplitude != properties.end() && amplitude->is_number() && amplitude->get<double>() > 0.0;
    for (const auto& [key, editor] : m_fields) {
        // The breakup's wavelength means nothing (and is not kept) without its amplitude.
        editor->setEnabled(editable && (key != "breakup_wavelength_m" || breakup));
        const auto it = properties.find(key);
        const nlohmann::json value = it != properties.end() ? *it : nlohmann::json();
        const QSignalBlocker block(editor);
        if (auto* box = qobject_cast<QDoubleSpinBox*>(editor)) {
            if (value.is_number()) box->setValue(value.get<double>());
        } else if (auto* combo = qobject_cast<QComboBox*>(editor)) {
            if (value.is_string()) combo->setCurrentText(QString::fromStdString(value.get<std::string>()));
        } else if (auto* check = qobject_cast<QCheckBox*>(editor)) {
            check->setChecked(value.is_boolean() && value.get<bool>());
        } else if (auto* line = qobject_cast<QLineEdit*>(editor)) {
            if (!line->hasFocus()) line->setText(value.is_string() ? QString::fromStdString(value.get<std::string>()) : QString());
        }
    }
}

}  // namespace terrain::app
