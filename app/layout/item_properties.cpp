#include "item_properties.h"

#include "core/layout/layout_eval.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpression>
#include <QSignalBlocker>

namespace terrain::app {

namespace layout = core::layout;

namespace {

// Numbers: a line of one number (or two, "LO, HI") that may be empty: the key is left out.
enum class Type { Number, Choice, Flag, Text, Numbers };
struct Field {
    const char* key;
    const char* label;
    const char* unit;  // the spin box's suffix
    Type type = Type::Number;
    const char* none = "";  // Numbers: what an empty field means
};

// A Numbers field's text as the GeoJSON value it stands for: null when empty, a number, or a list
// of numbers ("0, 1200"); anything else as a string, which the reader refuses naming the key.
QString numbersJson(const QString& text) {
    const QStringList parts = text.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts);
    if (parts.isEmpty()) return QStringLiteral("null");
    nlohmann::json list = nlohmann::json::array();
    for (const QString& part : parts) {
        bool ok = false;
        const double v = QLocale::c().toDouble(part, &ok);
        if (!ok) return QString::fromStdString(nlohmann::json(text.trimmed().toStdString()).dump());
        list.push_back(v);
    }
    return QString::fromStdString((list.size() == 1 ? list[0] : list).dump());
}

QString numbersText(const nlohmann::json& value) {
    if (value.is_number()) return QString::number(value.get<double>(), 'g', 10);
    QStringList parts;
    if (value.is_array())
        for (const auto& v : value) parts << (v.is_number() ? QString::number(v.get<double>(), 'g', 10) : QString());
    return parts.join(QStringLiteral(", "));
}

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
                {"drop_to_surface", "Drop to surface", "", Type::Flag},
                {"image_range_m", "Image range (m)", "", Type::Numbers, "codes 0 .. the largest code"},
                breakup, wavelength, mask};
    case layout::Kind::Stroke:
        return {{"op", "Operation", "", Type::Choice}, {"amount_m", "Amount", " m"},
                {"height_m", "Flatten to (m)", "", Type::Numbers, "the terrain at its start"}, mask};
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
        case Type::Numbers: {
            auto* line = new QLineEdit(this);
            line->setPlaceholderText(tr(f.none));
            line->setProperty("numbers", true);
            connect(line, &QLineEdit::editingFinished, this, [this, key, line] { emit edited(key, numbersJson(line->text())); });
            editor = line;
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
        // The breakup's wavelength means nothing (and is not kept) without its amplitude; an
        // image's range only with an image; a flatten height only for a flatten stroke.
        const bool applies = key == "breakup_wavelength_m" ? breakup
                             : key == "image_range_m"       ? properties.value("shape", "") == "image"
                             : key == "height_m" && kind == layout::Kind::Stroke ? properties.value("op", "") == "flatten"
                                                                                 : true;
        editor->setEnabled(editable && applies);
        const auto it = properties.find(key);
        const nlohmann::json value = it != properties.end() ? *it : nlohmann::json();
        const QSignalBlocker block(editor);
        if (auto* box = qobject_cast<QDoubleSpinBox*>(editor)) {
            if (value.is_number()) box->setValue(value.get<double>());
        } else if (auto* combo = qobject_cast<QComboBox*>(editor)) {
            if (value.is_string()) combo->setCurrentText(QString::fromStdString(value.get<std::string>()));
        } else if (auto* check = qobject_cast<QCheckBox*>(editor)) {
            check->setChecked(value.is_boolean() && value.get<bool>());
        } else if (auto* line = qobject_cast<QLineEdit*>(editor); line != nullptr && line->property("numbers").toBool()) {
            if (!line->hasFocus() || m_revert) line->setText(numbersText(value));
        } else if (line != nullptr) {
            if (!line->hasFocus() || m_revert) line->setText(value.is_string() ? QString::fromStdString(value.get<std::string>()) : QString());
        }
    }
    m_revert = false;
}

QString ItemProperties::lineReadout(const layout::Item& item, const core::RoadReport* report, double spacing) {
    const layout::RoadReadout r = layout::lineReadout(layout::itemLine(item, spacing));
    QString readout = tr("Length %1 m, tightest turn %2")
                          .arg(r.length_m, 0, 'f', 1)
                          .arg(r.minRadius_m > 0 ? tr("radius %1 m").arg(r.minRadius_m, 0, 'f', 1) : tr("none (straight)"));
    if (report != nullptr) {
        const layout::RoadReadout& g = report->readout;
        readout += tr("; steepest %1 % (limit %2 %)").arg(g.maxGrade_pct, 0, 'f', 1).arg(item.maxGrade_pct);
        if (g.maxGrade_pct > item.maxGrade_pct + 0.05 && !item.z_m.empty())
            readout += tr(": the heights set at its points ask for it");
        if (g.readTerrain && g.steep.empty()) {
            readout += tr("; the terrain stays within it (at most %1 %)").arg(g.groundMaxGrade_pct, 0, 'f', 1);
        } else if (g.readTerrain) {
            readout += tr("; the terrain reaches %1 %: held to grade over %2 m in %3 stretches (red), cut up to "
                          "%4 m, fill up to %5 m")
                           .arg(g.groundMaxGrade_pct, 0, 'f', 1)
                           .arg(g.steepLength_m, 0, 'f', 0)
                           .arg(g.steep.size())
                           .arg(g.maxCut_m, 0, 'f', 1)
                           .arg(g.maxFill_m, 0, 'f', 1);
        }
    } else if (item.kind == layout::Kind::Road) {
        readout += tr("; grade limited to %1 %").arg(item.maxGrade_pct);
    }
    return readout;
}

}  // namespace terrain::app
