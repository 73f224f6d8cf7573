#include "app/stack/stack_delegate.h"

#include <QApplication>
#include <QPainter>
#include <QStyle>
#include <QWidget>

#include <algorithm>

namespace terrain::app {

using namespace stack_rows;

QRect StackDelegate::indented(QRect rect, const QModelIndex& index) {
    const int depth = index.data(kDepthRole).toInt() + (index.data(kGroupRole).toInt() > 0 ? 1 : 0);
    return rect.adjusted(depth * kIndent, 0, 0, 0);
}

QRect StackDelegate::arrowRect(QRect rect, const QModelIndex& index) {
    const int left = rect.left() + index.data(kDepthRole).toInt() * kIndent;
    return QRect(left, rect.top(), kIndent, rect.height());
}

QRect StackDelegate::checkRect(QStyleOptionViewItem option, const QModelIndex& index) const {
    initStyleOption(&option, index);
    option.rect = indented(option.rect, index);
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    return style->subElementRect(QStyle::SE_ItemViewItemCheckIndicator, &option, widget);
}

void StackDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const {
    QStyleOptionViewItem o = option;
    o.rect = indented(option.rect, index);
    const QVariant progress = index.data(kProgressRole);
    const QString chips =
        progress.isValid() ? index.data(kProgressTextRole).toString() : index.data(kChipsRole).toString();
    QRect chip;
    if (!chips.isEmpty()) {
        const int width = std::min(painter->fontMetrics().horizontalAdvance(chips) + 18, o.rect.width() / 2);
        chip = QRect(o.rect.right() - width, o.rect.top() + 2, width, o.rect.height() - 4);
        o.rect.setRight(chip.left() - 4);
    }
    QStyledItemDelegate::paint(painter, o, index);
    painter->save();
    if (progress.isValid()) {
        // A bar along the row's foot: how far the evaluation of this entry is.
        const QRect foot(option.rect.left(), option.rect.bottom() - 2,
                         int(double(option.rect.width()) * std::clamp(progress.toDouble(), 0.0, 1.0)), 3);
        painter->fillRect(foot, option.palette.color(QPalette::Highlight));
    }
    if (const int group = index.data(kGroupRole).toInt(); group > 0) {
        painter->setPen(option.palette.color(QPalette::Text));
        painter->drawText(arrowRect(option.rect, index), Qt::AlignCenter,
                          group == 1 ? QStringLiteral("\u25BE") : QStringLiteral("\u25B8"));
    }
    if (!chip.isNull()) {
        painter->setRenderHint(QPainter::Antialiasing);
        painter->setPen(Qt::NoPen);
        painter->setBrush(option.palette.color(QPalette::AlternateBase).darker(110));
        painter->drawRoundedRect(chip, 6, 6);
        painter->setPen(option.palette.color(QPalette::Text));
        painter->drawText(chip.adjusted(6, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft,
                          painter->fontMetrics().elidedText(chips, Qt::ElideRight, chip.width() - 8));
    }
    painter->restore();
}

void StackDelegate::updateEditorGeometry(QWidget* editor, const QStyleOptionViewItem& option,
                                         const QModelIndex& index) const {
    QStyleOptionViewItem o = option;
    o.rect = indented(option.rect, index);
    QStyledItemDelegate::updateEditorGeometry(editor, o, index);
}

}  // namespace terrain::app
