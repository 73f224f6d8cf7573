#pragma once
// The Layout panel (docs/layout.md "In the editor"): tools to draw on the 2-D preview (select and
// move, road, river, area, stamp, stroke), the items of the layout entry with their visibility,
// names and locks (a locked item cannot be picked, moved, reshaped or deleted on the preview), and
// the selected point's X / Y / width in metres with the line's readouts. Every edit is
// a new recipe emitted as one undo step (a drag is one: its edits share a merge key).
//
// The panel edits the stack's selected entry when it is a layout, else the last layout entry; the
// first item drawn into a recipe without one appends a layout entry at the end of the stack.
#include "app/generation/generation_controller.h"
#include "core/layout/layout.h"
#include "core/recipe.h"
#include "core/registry.h"

#include <QImage>
#include <QPointF>
#include <QString>
#include <QWidget>

#include <functional>
#include <optional>
#include <string>
#include <vector>

class QComboBox;
class QTimer;
class QDoubleSpinBox;
class QLineEdit;
class QLabel;
class QListWidget;
class QListWidgetItem;
class QToolButton;
class QPainter;

namespace terrain::render {
class PreviewWidget;
}

namespace terrain::app {

class ItemProperties;

// The points an item's handles edit: an area's outer ring, every other item's points
// (layout_interaction.cpp).
std::vector<core::layout::Point>& pointsOf(core::layout::Item& item);
const std::vector<core::layout::Point>& pointsOf(const core::layout::Item& item);
// A kind's name as the panel shows it ("Road", "Ridge", …).
QString kindLabel(core::layout::Kind kind);

class LayoutPanel : public QWidget {
    Q_OBJECT

public:
    enum class Tool { Select, Road, River, Ridge, Valley, Area, Stamp, Stroke };

    LayoutPanel(const core::Registry& registry, render::PreviewWidget* preview, QWidget* parent = nullptr);

    void setRecipe(const core::Recipe& recipe);
    // How the panel asks for a stamp's image file (the editor's file prompt; empty: cancelled).
    void setImageChooser(std::function<QString(const QString& title, const QString& filter)> choose) {
        m_chooseImage = std::move(choose);
    }
    // The stack's selected entry (an id): a layout entry there is the one edited.
    void setStackSelection(const std::string& id);

    Tool tool() const { return m_tool; }
    void setTool(Tool tool);
    // The selected item (its id; empty: none) and point (-1: none).
    const std::string& selectedItem() const { return m_selectedItem; }
    int selectedPoint() const { return m_selectedPoint; }
    void selectItem(const std::string& id, int point = -1);

    // The roads' readouts of the last full result (GenerationController::roadsReady): the selected road's
    // grades in the readout, and every road's stretches steeper than its limit drawn red on the
    // preview and the drape while the road is as it was resolved.
    void setRoads(const std::vector<LayoutRoad>& roads);

    // Solo: the views show one item of the edited entry alone. View state only: the document, its
    // undo steps and every export keep all items; viewRecipe() is what the views generate.
    const std::string& soloItem() const { return m_solo; }
    void setSolo(const std::string& id);  // empty: off
    core::Recipe viewRecipe(const core::Recipe& recipe) const;

    // The layout being edited (empty when the recipe has no layout entry).
    core::layout::Layout layout() const;
    // Metres per sample of the map at the recipe's detail, and the world position of an image
    // position of the preview (x east, y north of sample 0, 0) and back.
    double spacing() const;
    QPointF metresAt(QPointF imagePos) const;
    QPointF imageAt(double x, double y) const;

    // The items as drawn on the preview, as a picture to lay over the 3-D view (transparent
    // around them; edge to edge over the map's extent, north up); null when there are none.
    QImage drapeImage() const;
    static constexpr int kMaxDrapeSide = 1024;  // the 3-D view is rarely wider; 4 MB a redraw

signals:
    void recipeEdited(const terrain::core::Recipe& recipe, const QString& text, const QString& mergeKey);
    // drapeImage() changed (sent at most every 40 ms while items are edited).
    void drapeChanged(const QImage& picture);
    // viewRecipe() changed (solo on, off or moved): the views regenerate, the document does not.
    void viewChanged();
    void message(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // layout_interaction.cpp: the preview's mouse and keys, and the overlay.
    bool onPress(QPointF imagePos, Qt::KeyboardModifiers modifiers);
    bool onMove(QPointF imagePos, bool buttonDown);
    bool onRelease(QPointF imagePos);
    bool onDoubleClick(QPointF imagePos);
    bool onKey(int key);
    void finishDrawing();
    void paintOverlay(QPainter& painter) const;
    // The items (lines `pixel` image pixels per output pixel); on the preview also their points
    // and handles.
    void paintItems(QPainter& painter, double pixel, bool onPreview) const;
    void scheduleDrape();
    // The nearest control point within `radius` image pixels of imagePos: item index and point.
    std::optional<std::pair<int, int>> pointNear(const core::layout::Layout& layout, QPointF imagePos,
                                                 double radius) const;
    std::optional<int> itemNear(const core::layout::Layout& layout, QPointF imagePos, double radius) const;
    // A stamp's handle on its rim (image position), along its rotation: dragged, its distance from
    // the centre sets the size and its direction the rotation.
    QPointF stampHandle(const core::layout::Item& stamp) const;

    // layout_panel.cpp
    int layoutStage() const;  // 1-based stage of the edited entry, 0: none
    void commit(const core::layout::Layout& layout, const QString& text, const QString& mergeKey = {});
    std::string newItemId(const core::layout::Layout& layout, core::layout::Kind kind) const;
    core::layout::Item newItem(core::layout::Kind kind) const;
    void rebuildList();
    void updateFields();
    void onListItemChanged(QListWidgetItem* item);
    void onFieldEdited();
    void onZEdited();
    void onLockToggled(bool locked);
    // A property of the selected item set in its fields (ItemProperties): applied through the
    // GeoJSON reader, one undo step; refused with a message naming it when not allowed.
    void onPropertyEdited(const QString& key, const QString& value);
    // The selected stamp takes an image (16-bit PNG, EXR, GeoTIFF, ...) as its shape.
    void chooseStampImage();
    // The readout of a road as it is now (null when the last result resolved another version).
    const core::RoadReport* reportOf(const core::layout::Item& item) const;
    // The selected item when it is locked (the editor leaves it alone), else null.
    const core::layout::Item* lockedSelection(const core::layout::Layout& layout) const;

    const core::Registry& m_registry;
    render::PreviewWidget* m_preview;
    core::Recipe m_recipe;
    std::string m_stackSelection;
    Tool m_tool = Tool::Select;
    std::string m_selectedItem;
    int m_selectedPoint = -1;

    // Drawing in progress (road, river, area: points so far; stroke: samples) in metres.
    std::vector<core::layout::Point> m_pending;
    std::vector<double> m_pendingPressure;  // a stroke's: per sample, from a tablet's pen (a mouse: 1)
    double m_pressure = 1.0;                // of the event being handled
    bool m_stroking = false;
    // A drag of a control point: its item, point and merge key.
    bool m_dragging = false;
    int m_dragItem = -1, m_dragPoint = -1;
    bool m_handleDragging = false;  // the selected stamp's size / rotation handle
    int m_dragCount = 0;
    QPointF m_hover;

    std::vector<QToolButton*> m_toolButtons;
    QComboBox* m_stampShape;
    QToolButton* m_stampImage;
    std::function<QString(const QString&, const QString&)> m_chooseImage;
    QComboBox* m_strokeOp;
    QDoubleSpinBox* m_strokeRadius;
    QListWidget* m_items;
    QToolButton* m_lock;
    QToolButton* m_soloButton;
    std::string m_solo, m_soloEntry;  // the soloed item and its entry's id
    std::vector<LayoutRoad> m_roads;
    QDoubleSpinBox* m_x;
    QDoubleSpinBox* m_y;
    QDoubleSpinBox* m_width;
    QLineEdit* m_z;  // a road point's deck height; empty: the deck follows the terrain
    ItemProperties* m_properties;
    QLabel* m_readout;
    QTimer* m_drapeTimer;
    bool m_updating = false;
    mutable std::string m_parsedText;  // the layout entry's data last parsed, and its items
    mutable core::layout::Layout m_parsed;
};

}  // namespace terrain::app
