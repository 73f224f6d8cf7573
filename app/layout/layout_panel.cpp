#include "layout_panel.h"

#include "item_properties.h"

#include "core/errors.h"
#include "core/io/raster_source.h"
#include "core/layout/layout_eval.h"
#include "render/preview_widget.h"

#include <nlohmann/json.hpp>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QDoubleValidator>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSignalBlocker>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <optional>

namespace terrain::app {

namespace layout = core::layout;

namespace {

// A number in a range, or nothing (an empty field is a value too: "none"); QDoubleValidator alone
// holds an empty field as unfinished, so editingFinished never came for it.
class OptionalNumberValidator : public QDoubleValidator {
public:
    using QDoubleValidator::QDoubleValidator;
    State validate(QString& input, int& pos) const override {
        return input.trimmed().isEmpty() ? Acceptable : QDoubleValidator::validate(input, pos);
    }
};
constexpr int kItemIdRole = Qt::UserRole + 1;

}  // namespace

QString kindLabel(layout::Kind kind) {
    switch (kind) {
    case layout::Kind::Road: return QObject::tr("Road");
    case layout::Kind::River: return QObject::tr("River");
    case layout::Kind::Ridge: return QObject::tr("Ridge");
    case layout::Kind::Valley: return QObject::tr("Valley");
    case layout::Kind::Area: return QObject::tr("Area");
    case layout::Kind::Stamp: return QObject::tr("Stamp");
    case layout::Kind::Stroke: return QObject::tr("Stroke");
    }
    return {};
}

LayoutPanel::LayoutPanel(const core::Registry& registry, render::PreviewWidget* preview, QWidget* parent)
    : QWidget(parent), m_registry(registry), m_preview(preview) {
    auto* column = new QVBoxLayout(this);
    auto* tools = new QGridLayout;
    struct ToolEntry {
        Tool tool;
        QString name, tip;
    };
    const std::vector<ToolEntry> toolNames{
        {Tool::Select, tr("Select"),
         tr("Select an item; drag a point to move it (Ctrl+click on a line inserts a point, Delete removes)")},
        {Tool::Road, tr("Road"), tr("Draw a road: click its points, double-click or Enter to finish, Esc to cancel")},
        {Tool::River, tr("River"),
         tr("Draw a river from its source to its mouth: click its points, double-click or Enter to finish")},
        {Tool::Ridge, tr("Ridge"),
         tr("Draw a ridge along a line: click its points, double-click or Enter to finish; Z sets its crest at a point")},
        {Tool::Valley, tr("Valley"),
         tr("Draw a valley along a line: click its points, double-click or Enter to finish; Z sets its floor at a "
            "point")},
        {Tool::Area, tr("Area"), tr("Draw an area (a flat pad): click its corners, double-click or Enter to close it")},
        {Tool::Stamp, tr("Stamp"), tr("Place a stamp of the chosen shape: click its centre")},
        {Tool::Stroke, tr("Stroke"), tr("Paint a stroke: drag with the chosen operation and radius")}};
    for (std::size_t i = 0; i < toolNames.size(); ++i) {
        auto* button = new QToolButton(this);
        button->setText(toolNames[i].name);
        button->setToolTip(toolNames[i].tip);
        button->setCheckable(true);
        button->setObjectName(QStringLiteral("layoutTool") + toolNames[i].name);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        const Tool tool = toolNames[i].tool;
        connect(button, &QToolButton::clicked, this, [this, tool] { setTool(tool); });
        tools->addWidget(button, int(i) / 3, int(i) % 3);
        m_toolButtons.push_back(button);
    }
    column->addLayout(tools);

    auto* options = new QFormLayout;
    m_stampShape = new QComboBox(this);
    m_stampShape->addItems({tr("cone"), tr("dome"), tr("mesa"), tr("crater"), tr("ridge")});
    m_stampShape->setCurrentIndex(3);
    m_stampImage = new QToolButton(this);
    m_stampImage->setObjectName(QStringLiteral("layoutStampImage"));
    m_stampImage->setText(tr("Image…"));
    m_stampImage->setToolTip(tr("Give the selected stamp an image as its shape (a sketch, a real place), spread over "
                                "its square: an integer image's codes 0 .. the largest code, a float image's lowest .. "
                                "highest value, become 0 .. the stamp's height"));
    connect(m_stampImage, &QToolButton::clicked, this, &LayoutPanel::chooseStampImage);
    auto* stampRow = new QHBoxLayout;
    stampRow->addWidget(m_stampShape, 1);
    stampRow->addWidget(m_stampImage);
    options->addRow(tr("Stamp shape"), stampRow);
    m_strokeOp = new QComboBox(this);
    m_strokeOp->addItems({tr("raise"), tr("lower"), tr("flatten"), tr("mask")});
    options->addRow(tr("Stroke"), m_strokeOp);
    m_strokeRadius = new QDoubleSpinBox(this);
    m_strokeRadius->setRange(0.1, 100000.0);
    m_strokeRadius->setSuffix(tr(" m"));
    m_strokeRadius->setValue(20.0);
    options->addRow(tr("Stroke radius"), m_strokeRadius);
    column->addLayout(options);

    m_items = new QListWidget(this);
    m_items->setObjectName(QStringLiteral("layoutItems"));
    m_items->setToolTip(tr("The layout's items: the check box shows or hides one, double-click renames it"));
    column->addWidget(m_items, 1);
    connect(m_items, &QListWidget::itemChanged, this, &LayoutPanel::onListItemChanged);
    m_lock = new QToolButton(this);
    m_lock->setObjectName(QStringLiteral("layoutLock"));
    m_lock->setText(tr("Lock"));
    m_lock->setCheckable(true);
    m_lock->setToolTip(tr("Lock the selected item: it can no longer be picked, moved, reshaped or deleted on the "
                          "preview (unlock it here)"));
    m_soloButton = new QToolButton(this);
    m_soloButton->setObjectName(QStringLiteral("layoutSolo"));
    m_soloButton->setText(tr("Solo"));
    m_soloButton->setCheckable(true);
    m_soloButton->setToolTip(tr("Show the selected item alone in the views (the other items of this layout are left "
                                "out of the preview only: saving and exports keep every item)"));
    auto* itemButtons = new QHBoxLayout;
    itemButtons->addWidget(m_lock);
    itemButtons->addWidget(m_soloButton);
    itemButtons->addStretch(1);
    column->addLayout(itemButtons);
    connect(m_lock, &QToolButton::toggled, this, &LayoutPanel::onLockToggled);
    connect(m_soloButton, &QToolButton::toggled, this,
            [this](bool on) { setSolo(on ? m_selectedItem : std::string()); });
    connect(m_items, &QListWidget::currentRowChanged, this, [this](int row) {
        if (m_updating || row < 0) return;
        selectItem(m_items->item(row)->data(kItemIdRole).toString().toStdString());
    });

    auto* fields = new QFormLayout;
    auto spin = [this](const QString& name) {
        auto* box = new QDoubleSpinBox(this);
        box->setObjectName(name);
        box->setRange(-1.0e7, 1.0e7);
        box->setDecimals(2);
        box->setSuffix(tr(" m"));
        box->setKeyboardTracking(false);
        connect(box, &QDoubleSpinBox::valueChanged, this, &LayoutPanel::onFieldEdited);
        return box;
    };
    m_x = spin(QStringLiteral("layoutPointX"));
    m_y = spin(QStringLiteral("layoutPointY"));
    m_width = spin(QStringLiteral("layoutPointWidth"));
    m_width->setRange(0.1, 100000.0);
    fields->addRow(tr("X (east)"), m_x);
    fields->addRow(tr("Y (north)"), m_y);
    fields->addRow(tr("Width"), m_width);
    m_z = new QLineEdit(this);
    m_z->setObjectName(QStringLiteral("layoutPointZ"));
    m_z->setPlaceholderText(tr("follows the terrain"));
    m_z->setToolTip(tr("A road's deck height, a river's water level, a ridge's crest, a valley's floor or a patch "
                       "area's boundary height at this point "
                       "in metres (the item passes through it: a road steeper than its grade, a river flatter than its "
                       "gradient, only where two such heights ask for it; a river never rises); empty: the terrain's"));
    auto* zValidator = new OptionalNumberValidator(-20000.0, 20000.0, 2, m_z);
    zValidator->setNotation(QDoubleValidator::StandardNotation);
    zValidator->setLocale(QLocale::c());
    m_z->setValidator(zValidator);
    connect(m_z, &QLineEdit::editingFinished, this, &LayoutPanel::onZEdited);
    fields->addRow(tr("Z (m)"), m_z);
    column->addLayout(fields);
    m_properties = new ItemProperties(this);
    m_properties->setObjectName(QStringLiteral("layoutItemProperties"));
    column->addWidget(m_properties);
    connect(m_properties, &ItemProperties::edited, this, &LayoutPanel::onPropertyEdited);
    m_readout = new QLabel(this);
    m_readout->setObjectName(QStringLiteral("layoutReadout"));
    m_readout->setWordWrap(true);
    column->addWidget(m_readout);

    // Keys (Enter, Esc, Delete, Backspace) go to the preview a tool is used on.
    if (m_preview->focusPolicy() == Qt::NoFocus) m_preview->setFocusPolicy(Qt::ClickFocus);
    m_preview->installEventFilter(this);
    m_preview->setOverlay([this](QPainter& painter) { paintOverlay(painter); });
    // The 3-D view's drape follows the items; a drag's edits within 40 ms make one picture.
    m_drapeTimer = new QTimer(this);
    m_drapeTimer->setSingleShot(true);
    m_drapeTimer->setInterval(40);
    connect(m_drapeTimer, &QTimer::timeout, this, [this] { emit drapeChanged(drapeImage()); });
    setTool(Tool::Select);
    updateFields();
}

void LayoutPanel::setRecipe(const core::Recipe& recipe) {
    m_recipe = recipe;
    const layout::Layout items = layout();
    const bool exists = std::any_of(items.items.begin(), items.items.end(),
                                    [this](const layout::Item& i) { return i.id == m_selectedItem; });
    if (!exists) m_selectedItem.clear(), m_selectedPoint = -1;
    if (!m_solo.empty() && std::none_of(items.items.begin(), items.items.end(),
                                        [this](const layout::Item& i) { return i.id == m_solo; })) {
        setSolo({});  // its item is gone (deleted, undone)
    }
    rebuildList();
    updateFields();
    m_preview->update();
    scheduleDrape();
}

void LayoutPanel::setStackSelection(const std::string& id) {
    m_stackSelection = id;
    rebuildList();
    updateFields();
    m_preview->update();
    scheduleDrape();
}

void LayoutPanel::scheduleDrape() {
    if (!m_drapeTimer->isActive()) m_drapeTimer->start();
}

void LayoutPanel::setTool(Tool tool) {
    m_tool = tool;
    m_pending.clear();
    m_stroking = false;
    for (std::size_t i = 0; i < m_toolButtons.size(); ++i) m_toolButtons[i]->setChecked(int(i) == int(tool));
    m_preview->setCursor(tool == Tool::Select ? Qt::ArrowCursor : Qt::CrossCursor);
    m_preview->update();
}

void LayoutPanel::selectItem(const std::string& id, int point) {
    m_selectedItem = id;
    m_selectedPoint = point;
    {
        const QSignalBlocker block(m_items);
        for (int row = 0; row < m_items->count(); ++row) {
            if (m_items->item(row)->data(kItemIdRole).toString().toStdString() == id) m_items->setCurrentRow(row);
        }
    }
    updateFields();
    m_preview->update();
    scheduleDrape();  // the selected item is drawn wider
}

int LayoutPanel::layoutStage() const {
    int last = 0;
    for (std::size_t i = 0; i < m_recipe.operations.size(); ++i) {
        const core::OpInstance& op = m_recipe.operations[i];
        if (op.type != "layout") continue;
        if (op.id == m_stackSelection) return int(i) + 1;
        last = int(i) + 1;
    }
    return last;
}

layout::Layout LayoutPanel::layout() const {
    const int stage = layoutStage();
    if (stage == 0) return {};
    const std::string& text = m_recipe.operations[std::size_t(stage - 1)].data;
    // Parsed once per change (the overlay asks on every repaint).
    if (text != m_parsedText) {
        m_parsedText = text;
        try {
            m_parsed = text.empty() ? layout::Layout{} : layout::layoutFromText(text);
        } catch (const core::InputError&) {
            m_parsed = {};  // the stack panel shows the entry's error
        }
    }
    return m_parsed;
}

double LayoutPanel::spacing() const {
    const core::Algorithm* a = m_registry.find(m_recipe.algorithm);
    const int side = a != nullptr ? a->sizeForDetail(m_recipe.detail).width : 2;
    return m_recipe.world.extentMetres / double(std::max(side - 1, 1));
}

QPointF LayoutPanel::metresAt(QPointF imagePos) const {
    return {imagePos.x() * spacing(), -imagePos.y() * spacing()};
}

QPointF LayoutPanel::imageAt(double x, double y) const { return {x / spacing(), -y / spacing()}; }

void LayoutPanel::commit(const layout::Layout& items, const QString& text, const QString& mergeKey) {
    core::Recipe recipe = m_recipe;
    int stage = layoutStage();
    if (stage == 0) {
        if (recipe.operations.size() >= core::kMaxOperations) {
            emit message(tr("The stack is full (%1 entries): remove one to add a layout").arg(core::kMaxOperations));
            return;
        }
        recipe.operations.push_back(core::newOperation(m_registry, recipe, "layout"));
        stage = int(recipe.operations.size());
    }
    try {
        // dump() refuses text that is not UTF-8 (a type_error), the reader everything else.
        recipe.operations[std::size_t(stage - 1)].data =
            layout::canonicalLayoutText(layout::layoutToGeoJson(items).dump());
    } catch (const core::InputError& e) {
        emit message(tr("Not changed: %1").arg(QString::fromStdString(e.what())));
        return;
    } catch (const std::exception& e) {
        emit message(tr("Not changed: %1").arg(QString::fromStdString(e.what())));
        return;
    }
    m_recipe = recipe;  // the next edit of a drag builds on this one
    emit recipeEdited(recipe, text, mergeKey);
}

std::string LayoutPanel::newItemId(const layout::Layout& items, layout::Kind kind) const {
    for (int n = 1;; ++n) {
        const std::string id = layout::kindNames()[std::size_t(kind)] + "-" + std::to_string(n);
        if (std::none_of(items.items.begin(), items.items.end(), [&](const layout::Item& i) { return i.id == id; })) {
            return id;
        }
    }
}

layout::Item LayoutPanel::newItem(layout::Kind kind) const {
    // The defaults of the GeoJSON reader (what a file without the property gets).
    nlohmann::json geometry = kind == layout::Kind::Stamp  ? nlohmann::json{{"type", "Point"}, {"coordinates", {0, 0}}}
                              : kind == layout::Kind::Area ? nlohmann::json{{"type", "Polygon"},
                                                                           {"coordinates", {{{0, 0}, {1, 0}, {1, -1}, {0, 0}}}}}
                                                           : nlohmann::json{{"type", "LineString"}, {"coordinates", {{0, 0}, {1, 0}}}};
    const nlohmann::json feature{{"type", "Feature"},
                                 {"geometry", geometry},
                                 {"properties", {{"kind", layout::kindNames()[std::size_t(kind)]}}}};
    layout::Item item = layout::layoutFromGeoJson({{"type", "FeatureCollection"}, {"features", {feature}}}).items[0];
    item.points.clear();
    item.rings.clear();
    item.widths_m.clear();
    return item;
}

void LayoutPanel::rebuildList() {
    m_updating = true;
    const QSignalBlocker block(m_items);
    m_items->clear();
    for (const layout::Item& item : layout().items) {
        const QString name = item.name.empty() ? QString::fromStdString(item.id) : QString::fromStdString(item.name);
        auto* row = new QListWidgetItem(kindLabel(item.kind) + QStringLiteral(": ") + name, m_items);
        row->setData(kItemIdRole, QString::fromStdString(item.id));
        row->setFlags(row->flags() | Qt::ItemIsUserCheckable | Qt::ItemIsEditable);
        row->setCheckState(item.enabled ? Qt::Checked : Qt::Unchecked);
        if (item.locked) {
            QFont font = row->font();
            font.setItalic(true);
            row->setFont(font);
            row->setToolTip(tr("Locked: unlock it to move, reshape or delete it"));
        }
        if (item.id == m_solo) {
            QFont font = row->font();
            font.setBold(true);
            row->setFont(font);
            row->setToolTip(tr("Solo: shown alone in the views"));
        }
        if (item.id == m_selectedItem) m_items->setCurrentItem(row);
    }
    m_updating = false;
}

void LayoutPanel::onListItemChanged(QListWidgetItem* row) {
    if (m_updating) return;
    layout::Layout items = layout();
    const std::string id = row->data(kItemIdRole).toString().toStdString();
    for (layout::Item& item : items.items) {
        if (item.id != id) continue;
        const bool enabled = row->checkState() == Qt::Checked;
        QString text = row->text();
        const QString prefix = kindLabel(item.kind) + QStringLiteral(": ");
        if (text.startsWith(prefix)) text = text.mid(prefix.size());
        // At most 200 bytes of UTF-8, cut between characters.
        QString trimmed = text.trimmed();
        while (trimmed.toUtf8().size() > 200) trimmed.chop(1);
        const std::string name = trimmed.toStdString() == item.id ? std::string() : trimmed.toStdString();
        if (enabled != item.enabled) {
            item.enabled = enabled;
            commit(items, enabled ? tr("Show %1").arg(QString::fromStdString(id)) : tr("Hide %1").arg(QString::fromStdString(id)));
        } else if (name != item.name) {
            item.name = name;
            commit(items, tr("Rename %1").arg(QString::fromStdString(id)));
        }
        return;
    }
}

void LayoutPanel::setRoads(const std::vector<LayoutRoad>& roads) {
    m_roads = roads;
    updateFields();
    m_preview->update();
    scheduleDrape();
}

const core::RoadReport* LayoutPanel::reportOf(const layout::Item& item) const {
    const int stage = layoutStage();
    if (stage == 0) return nullptr;
    const std::string& entry = m_recipe.operations[std::size_t(stage - 1)].id;
    for (const LayoutRoad& road : m_roads) {
        if (road.entry == entry && road.report.item == item) return &road.report;
    }
    return nullptr;
}

void LayoutPanel::setSolo(const std::string& id) {
    const int stage = layoutStage();
    const std::string entry = stage > 0 && !id.empty() ? m_recipe.operations[std::size_t(stage - 1)].id : std::string();
    if (id == m_solo && entry == m_soloEntry) return;
    m_solo = entry.empty() ? std::string() : id;
    m_soloEntry = entry;
    rebuildList();
    updateFields();
    emit message(m_solo.empty() ? tr("Solo off: every item is shown")
                                : tr("Solo: %1 alone in the views (saving and exports keep every item)")
                                      .arg(QString::fromStdString(m_solo)));
    emit viewChanged();
}

core::Recipe LayoutPanel::viewRecipe(const core::Recipe& recipe) const {
    if (m_solo.empty()) return recipe;
    core::Recipe view = recipe;
    for (core::OpInstance& op : view.operations) {
        if (op.id != m_soloEntry || op.type != "layout" || op.data.empty()) continue;
        try {
            layout::Layout items = layout::layoutFromText(op.data);
            if (std::none_of(items.items.begin(), items.items.end(), [this](const layout::Item& i) { return i.id == m_solo; })) {
                return recipe;
            }
            for (layout::Item& item : items.items) item.enabled = item.id == m_solo;
            op.data = layout::canonicalLayoutText(layout::layoutToGeoJson(items).dump());
        } catch (const std::exception&) {
            return recipe;  // the entry's error shows as it is
        }
    }
    return view;
}

void LayoutPanel::chooseStampImage() {
    if (!m_chooseImage) return;
    layout::Layout items = layout();
    for (layout::Item& item : items.items) {
        if (item.id != m_selectedItem || item.kind != layout::Kind::Stamp || item.locked) continue;
        const QString path = m_chooseImage(tr("Stamp image"), tr("Height images (*.png *.tif *.tiff *.exr *.asc *.hgt *.vrt);;"
                                                                 "All files (*)"));
        if (path.isEmpty()) return;
        // Read the way the evaluation will (core/io/raster_source.h): a file it cannot use is refused here,
        // naming why, and the stamp keeps its shape.
        try {
            const auto source = core::RasterSource::open(path.toStdString(), std::nullopt, "stamp image");
            const core::RasterInfo& info = source->info();
            if (info.width < 2 || info.height < 2 || info.width > 4096 || info.height > 4096) {
                emit message(tr("Not changed: the stamp image has %1 x %2 samples; 2 to 4096 a side are allowed")
                                 .arg(info.width)
                                 .arg(info.height));
                return;
            }
        } catch (const core::InputError& e) {
            emit message(tr("Not changed: %1").arg(QString::fromStdString(e.what())));
            return;
        }
        item.shape = layout::StampShape::Image;
        item.image = path.toStdString();
        item.imageRange = false;  // the image's own lowest .. highest sample
        commit(items, tr("Image for %1").arg(QString::fromStdString(item.id)));
        emit message(tr("%1 takes its shape from %2").arg(QString::fromStdString(item.id), path));
        return;
    }
}

}  // namespace terrain::app
