// The Layout panel's fields for the selected point (X, Y, Z, width) and the selected item's own
// properties, and what an edit of them does (layout_panel.h).
#include "layout_panel.h"

#include "item_properties.h"

#include "core/errors.h"
#include "core/layout/layout_eval.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSignalBlocker>
#include <QToolButton>

#include <optional>

namespace terrain::app {

namespace layout = core::layout;

namespace {

// The items whose points take a height of their own (z_m): roads, rivers, ridges, valleys and
// patch areas.
bool takesHeights(const layout::Item& item) {
    return item.kind == layout::Kind::Road || item.kind == layout::Kind::River || item.kind == layout::Kind::Ridge ||
           item.kind == layout::Kind::Valley || (item.kind == layout::Kind::Area && item.target == layout::AreaTarget::Patch);
}

}  // namespace

void LayoutPanel::updateFields() {
    const QSignalBlocker bx(m_x), by(m_y), bw(m_width), bz(m_z);
    const layout::Layout items = layout();
    const layout::Item* item = nullptr;
    for (const layout::Item& i : items.items) {
        if (i.id == m_selectedItem) item = &i;
    }
    const std::vector<layout::Point>* points = nullptr;
    if (item != nullptr) points = &pointsOf(*item);
    const bool hasPoint = points != nullptr && m_selectedPoint >= 0 && std::size_t(m_selectedPoint) < points->size();
    const bool locked = item != nullptr && item->locked;
    m_x->setEnabled(hasPoint && !locked);
    m_y->setEnabled(hasPoint && !locked);
    m_width->setEnabled(hasPoint && !locked && !item->widths_m.empty());
    m_z->setEnabled(hasPoint && !locked && takesHeights(*item));
    m_stampImage->setEnabled(item != nullptr && item->kind == layout::Kind::Stamp && !locked);
    {
        const QSignalBlocker block(m_lock);
        m_lock->setEnabled(item != nullptr);
        m_lock->setChecked(locked);
        m_lock->setText(locked ? tr("Unlock") : tr("Lock"));
    }
    if (hasPoint) {
        m_x->setValue((*points)[std::size_t(m_selectedPoint)].x);
        m_y->setValue((*points)[std::size_t(m_selectedPoint)].y);
        if (!item->widths_m.empty()) m_width->setValue(item->widths_m[std::size_t(m_selectedPoint)]);
    }
    const auto k = std::size_t(std::max(m_selectedPoint, 0));
    // Not while a height is being typed (a result arriving mid-word would replace it).
    if (!m_z->hasFocus() || !m_z->isModified())
        m_z->setText(hasPoint && k < item->z_m.size() && item->z_m[k] ? QString::number(*item->z_m[k], 'f', 2) : QString());
    if (item != nullptr) {
        nlohmann::json properties = layout::layoutToGeoJson(layout::Layout{{*item}})["features"][0]["properties"];
        // Written only with an edge breakup; shown always.
        properties["breakup_amplitude_m"] = item->breakupAmplitude_m;
        properties["breakup_wavelength_m"] = item->breakupWavelength_m;
        m_properties->showItem(item->id, item->kind, properties, !locked);
    } else {
        m_properties->clear();
    }
    {
        const QSignalBlocker block(m_soloButton);
        m_soloButton->setEnabled(item != nullptr || !m_solo.empty());
        m_soloButton->setChecked(!m_solo.empty() && (item == nullptr || item->id == m_solo));
    }
    QString readout;
    if (item != nullptr && item->kind != layout::Kind::Area && item->kind != layout::Kind::Stamp) {
        readout = ItemProperties::lineReadout(*item, item->kind == layout::Kind::Road ? reportOf(*item) : nullptr,
                                              spacing());
    } else if (item != nullptr) {
        readout = kindLabel(item->kind) + QStringLiteral(" ") + QString::fromStdString(item->id);
    } else {
        readout = items.items.empty() ? tr("Choose a tool and draw on the 2-D preview") : tr("No item selected");
    }
    if (!m_solo.empty()) readout = tr("Solo: %1 alone in the views. ").arg(QString::fromStdString(m_solo)) + readout;
    m_readout->setText(readout);
}

void LayoutPanel::onFieldEdited() {
    layout::Layout items = layout();
    for (layout::Item& item : items.items) {
        if (item.id != m_selectedItem || item.locked) continue;
        std::vector<layout::Point>& points = pointsOf(item);
        if (m_selectedPoint < 0 || std::size_t(m_selectedPoint) >= points.size()) return;
        points[std::size_t(m_selectedPoint)] = {m_x->value(), m_y->value()};
        if (!item.widths_m.empty()) item.widths_m[std::size_t(m_selectedPoint)] = m_width->value();
        commit(items, tr("Edit point of %1").arg(QString::fromStdString(item.id)));
        return;
    }
}

// The selected road or river point's height (a road's deck, a river's water level): a number pins
// it (one undo step), empty frees it; a baked line is unbaked, so the new height takes effect. A
// river point above an earlier pinned point or below a later one is refused here (a river never
// rises), with the field reset.
void LayoutPanel::onZEdited() {
    m_z->setModified(false);  // taken: the field shows the item from here on
    layout::Layout items = layout();
    for (layout::Item& item : items.items) {
        if (item.id != m_selectedItem || item.locked || !takesHeights(item)) continue;
        const std::size_t count = pointsOf(item).size();
        if (m_selectedPoint < 0 || std::size_t(m_selectedPoint) >= count) return;
        const QString text = m_z->text().trimmed();
        bool ok = true;
        const std::optional<double> z = text.isEmpty() ? std::nullopt : std::optional<double>(QLocale::c().toDouble(text, &ok));
        if (!ok) return;
        const auto k = std::size_t(m_selectedPoint);
        if ((k < item.z_m.size() ? item.z_m[k] : std::nullopt) == z) return;
        if (z && item.kind == layout::Kind::River) {
            for (std::size_t i = 0; i < item.z_m.size(); ++i) {
                if (i == k || !item.z_m[i] || (i < k ? *item.z_m[i] >= *z : *item.z_m[i] <= *z)) continue;
                emit message(tr("Not changed: a river never rises, and point %1 of %2 is at %3 m: point %4 takes %5 %3 m")
                                 .arg(i + 1)
                                 .arg(QString::fromStdString(item.id))
                                 .arg(*item.z_m[i], 0, 'f', 2)
                                 .arg(k + 1)
                                 .arg(i < k ? tr("at most") : tr("at least")));
                updateFields();
                return;
            }
        }
        item.z_m.resize(count);
        item.z_m[k] = z;
        if (std::none_of(item.z_m.begin(), item.z_m.end(), [](const auto& v) { return v.has_value(); })) item.z_m.clear();
        item.baked = false, item.profile_m.clear();
        const QString id = QString::fromStdString(item.id);
        commit(items, z ? tr("Set the height of a point of %1").arg(id) : tr("Free the height of a point of %1").arg(id));
        return;
    }
}

void LayoutPanel::onLockToggled(bool locked) {
    layout::Layout items = layout();
    for (layout::Item& item : items.items) {
        if (item.id != m_selectedItem || item.locked == locked) continue;
        item.locked = locked;
        const QString id = QString::fromStdString(item.id);
        commit(items, locked ? tr("Lock %1").arg(id) : tr("Unlock %1").arg(id));
        return;
    }
}

void LayoutPanel::onPropertyEdited(const QString& key, const QString& value) {
    const layout::Layout items = layout();
    nlohmann::json geojson = layout::layoutToGeoJson(items);
    for (std::size_t i = 0; i < items.items.size(); ++i) {
        const layout::Item& item = items.items[i];
        if (item.id != m_selectedItem || item.locked) continue;
        nlohmann::json& properties = geojson["features"][i]["properties"];
        const nlohmann::json parsed = nlohmann::json::parse(value.toStdString(), nullptr, false);
        if (parsed.is_discarded() || properties[key.toStdString()] == parsed) return;
        properties[key.toStdString()] = parsed;
        // An empty field leaves its key out: the item's default (no own mask, the image's own
        // range, a flatten to the terrain at the stroke's start).
        if (parsed.is_null() || (key == QStringLiteral("mask") && parsed == "")) properties.erase(key.toStdString());
        const QString id = QString::fromStdString(item.id);
        try {
            commit(layout::layoutFromGeoJson(geojson), tr("Set %1 of %2").arg(key, id));
        } catch (const core::InputError& e) {
            emit message(tr("Not changed: %1").arg(QString::fromStdString(e.what())));
            m_properties->revert();
            updateFields();  // the fields show the item as it is
        }
        return;
    }
}

const layout::Item* LayoutPanel::lockedSelection(const layout::Layout& items) const {
    for (const layout::Item& item : items.items)
        if (item.id == m_selectedItem) return item.locked ? &item : nullptr;
    return nullptr;
}

}  // namespace terrain::app
