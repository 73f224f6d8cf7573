#pragma once
// The selected layout item's own properties as fields (docs/layout.md "In the editor"): its
// kind's numbers in their units, choices, flags and the name of the mask it writes — the keys of
// the GeoJSON schema. An edit is emitted as the key and its new GeoJSON value; the Layout panel
// applies it through the GeoJSON reader, which refuses what is not allowed, naming it.
#include "core/layout/layout.h"

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

signals:
    // Property `key` set to `value` (GeoJSON text: a number, "a name", true).
    void edited(const QString& key, const QString& value);

private:
    void build(core::layout::Kind kind);

    QFormLayout* m_form;
    std::string m_id;
    core::layout::Kind m_kind = core::layout::Kind::Road;
    std::vector<std::pair<std::string, QWidget*>> m_fields;  // key, its editor
};

}  // namespace terrain::app
