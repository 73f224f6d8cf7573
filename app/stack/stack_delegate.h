#pragma once
// The stack list's rows: the item data roles StackPanel sets and the delegate that draws them.
#include <QModelIndex>
#include <QRect>
#include <QStyleOptionViewItem>
#include <QStyledItemDelegate>

namespace terrain::app {

// The data each row carries (QListWidgetItem roles) and the indent per group level.
namespace stack_rows {
constexpr int kIdRole = Qt::UserRole + 1;
constexpr int kDepthRole = Qt::UserRole + 2;  // how many groups the entry is inside
constexpr int kChipsRole = Qt::UserRole + 3;  // its references to named stages, as one chip
constexpr int kGroupRole = Qt::UserRole + 4;  // a group's row: 1 open, 2 collapsed
constexpr int kProgressRole = Qt::UserRole + 5;  // the running evaluation's fraction done (absent: none)
constexpr int kProgressTextRole = Qt::UserRole + 6;
constexpr int kIndent = 16;
}  // namespace stack_rows

// The delegate: entries of a group indented under it, a group's ▾/▸, the named-stage chip at
// the right, and the check box's place exposed (tests click it like a user).
class StackDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    // The row's rect moved right by its depth (and a group's arrow).
    static QRect indented(QRect rect, const QModelIndex& index);
    // Where a group's ▾/▸ is drawn (clicking it opens or collapses the group).
    static QRect arrowRect(QRect rect, const QModelIndex& index);
    QRect checkRect(QStyleOptionViewItem option, const QModelIndex& index) const;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    void updateEditorGeometry(QWidget* editor, const QStyleOptionViewItem& option,
                              const QModelIndex& index) const override;
};

}  // namespace terrain::app
