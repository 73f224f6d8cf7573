#pragma once
// The selected layout item's own properties as fields (docs/layout.md "In the editor"): its
// kind's numbers in their units, choices, flags and the name of the mask it writes — the keys of
// the GeoJSON schema. An edit is emitted as the key and its new GeoJSON value; the Layout panel
// applies it through the GeoJSON reader, which refuses what is not allowed, naming it.
#include "core/layout/layout.h"
#include "core/stack/layout_entry.h"

#include <nlohmann/json.hpp>

#include <QWidget>

#include <string>
#include <utility>
#include <vector>

class QFormLayout;

namespace terrain::app {

class ItemProperties : public QWidget {
    Q_OBJECT

public:
    explicit ItemProperties(QWidget* parent = nullptr);

    // Shows the properties (the item's canonical GeoJSON properties) of item `id` of `kind`;
    // read-only when `editable` is false. The fields are rebuilt only when the item changes.
    void showItem(const std::string& id, core::layout::Kind kind, const nlohmann::json& properties, bool editable);
    void clear();  // no item selected: no fields
    // The next showItem also resets the focused line fields (after a refused edit: the field shows
    // the item as it is; otherwise a focused field keeps what is being typed).
    void revert() { m_revert = true; }

    // The readout of a line item (road, river, ridge, valley, stroke): its length and tightest
    // turn; a road's grade as the last result resolved it (`report`, null before one), where the
    // terrain is steeper than the grade, and where the heights set at its points ask for more.
    static QString lineReadout(const core::layout::Item& item, const core::RoadReport* report, double spacing);

signals:
    // Property `key` set to `value` (GeoJSON text: a number, "a name", true).
    void edited(const QString& key, const QString& value);

private:
    void build(core::layout::Kind kind);

    QFormLayout* m_form;
    std::string m_id;
    core::layout::Kind m_kind = core::layout::Kind::Road;
    std::vector<std::pair<std::string, QWidget*>> m_fields;  // key, its editor
    bool m_revert = false;
};

}  // namespace terrain::app
