#include "app/stack/stack_panel.h"
#include "app/stack/stack_delegate.h"

#include "core/registry.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <functional>

namespace terrain::app {

namespace {

using namespace stack_rows;

// Whether every group of `ops` closes, and no end comes before its group.
bool groupsBalance(const std::vector<core::OpInstance>& ops) {
    int depth = 0;
    for (const auto& op : ops) {
        depth += op.type == core::kGroupType ? 1 : op.type == core::kGroupEndType ? -1 : 0;
        if (depth < 0) return false;
    }
    return depth == 0;
}

// The index of the end of the group whose entry is at `begin` (or ops.size()).
std::size_t groupEnd(const std::vector<core::OpInstance>& ops, std::size_t begin) {
    int depth = 0;
    for (std::size_t i = begin; i < ops.size(); ++i) {
        depth += ops[i].type == core::kGroupType ? 1 : ops[i].type == core::kGroupEndType ? -1 : 0;
        if (depth == 0) return i;
    }
    return ops.size();
}

}  // namespace

// The list, with reordering by dragging an entry onto another row: done here with the mouse
// (not QDrag), so the edit is one recipe change and the base generator stays first.
class StackList : public QListWidget {
public:
    explicit StackList(QWidget* parent) : QListWidget(parent) {
        setItemDelegate(new StackDelegate(this));
    }

    std::function<void(int from, int to)> moved;
    std::function<void()> removeRequested;
    std::function<void(int row, bool open)> groupToggled;  // ▸/▾ clicked, or Left/Right on a group

    QRect checkRect(int row) const {
        QStyleOptionViewItem option;
        initViewItemOption(&option);
        const QModelIndex index = model()->index(row, 0);
        option.rect = visualRect(index);
        return static_cast<StackDelegate*>(itemDelegate())->checkRect(option, index);
    }

protected:
    void mousePressEvent(QMouseEvent* event) override {
        m_dragFrom = -1;
        m_dropRow = -1;
        if (event->button() == Qt::LeftButton) {
            const QModelIndex index = indexAt(event->position().toPoint());
            if (index.isValid() && index.data(kGroupRole).toInt() > 0 && groupToggled &&
                StackDelegate::arrowRect(visualRect(index), index).contains(event->position().toPoint())) {
                groupToggled(index.row(), index.data(kGroupRole).toInt() == 2);
                return;
            }
            if (index.isValid() && index.row() > 0) {
                m_dragFrom = index.row();
                m_pressAt = event->position().toPoint();
            }
        }
        QListWidget::mousePressEvent(event);
    }
    void mouseMoveEvent(QMouseEvent* event) override {
        if (m_dragFrom > 0 && (event->buttons() & Qt::LeftButton)) {
            const QPoint at = event->position().toPoint();
            if (m_dropRow >= 0 || (at - m_pressAt).manhattanLength() >= QApplication::startDragDistance()) {
                m_dropRow = rowAt(at);
                viewport()->update();
                return;
            }
        }
        QListWidget::mouseMoveEvent(event);
    }
    void mouseReleaseEvent(QMouseEvent* event) override {
        const int from = m_dragFrom;
        const int to = m_dropRow;
        m_dragFrom = -1;
        m_dropRow = -1;
        viewport()->update();
        if (from > 0 && to > 0 && to != from && moved) {
            moved(from, to);
            return;
        }
        QListWidget::mouseReleaseEvent(event);
    }
    void keyPressEvent(QKeyEvent* event) override {
        if ((event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) &&
            state() != QAbstractItemView::EditingState && removeRequested) {
            removeRequested();
            return;
        }
        const QModelIndex current = currentIndex();
        if ((event->key() == Qt::Key_Left || event->key() == Qt::Key_Right) && current.isValid() &&
            current.data(kGroupRole).toInt() > 0 && groupToggled && state() != QAbstractItemView::EditingState) {
            groupToggled(current.row(), event->key() == Qt::Key_Right);
            return;
        }
        QListWidget::keyPressEvent(event);
    }
    void paintEvent(QPaintEvent* event) override {
        QListWidget::paintEvent(event);
        if (m_dropRow <= 0) return;
        // Where the dragged entry goes: a line above (moving up) or below (moving down) the row.
        const QRect r = visualRect(model()->index(m_dropRow, 0));
        const int y = m_dropRow < m_dragFrom ? r.top() : r.bottom();
        QPainter painter(viewport());
        painter.setPen(QPen(palette().highlight(), 2));
        painter.drawLine(r.left(), y, r.right(), y);
    }

private:
    // The row a drop at `at` lands on: never the base generator's (row 0).
    int rowAt(QPoint at) const {
        const QModelIndex index = indexAt(at);
        const int last = count() - 1;
        if (!index.isValid()) return at.y() < 0 ? 1 : last;
        return std::clamp(index.row(), 1, last);
    }

    int m_dragFrom = -1;
    int m_dropRow = -1;
    QPoint m_pressAt;
};

StackPanel::StackPanel(const core::Registry& registry, QWidget* parent)
    : QWidget(parent),
      m_registry(registry),
      m_list(new StackList(this)),
      m_add(new QToolButton(this)),
      m_remove(new QPushButton(tr("Remove"), this)),
      m_up(new QPushButton(tr("Up"), this)),
      m_down(new QPushButton(tr("Down"), this)),
      m_upToHere(new QCheckBox(tr("Show the map up to here"), this)),
      m_before(new QAction(tr("Before"), this)),
      m_beforeButton(new QPushButton(tr("Before"), this)),
      m_errorLabel(new QLabel(this)),
      m_pause(new QAction(tr("Pause Live Updates"), this)),
      m_pauseBox(new QCheckBox(tr("Pause live updates"), this)) {
    m_pause->setObjectName(QStringLiteral("pauseLiveUpdates"));
    m_pause->setCheckable(true);
    m_pause->setToolTip(tr("Edits change the document but the map is made again only when you "
                           "resume or press Regenerate (F5): for stacks that take long"));
    m_pauseBox->setObjectName(QStringLiteral("pauseLiveUpdatesBox"));
    m_pauseBox->setToolTip(m_pause->toolTip());
    connect(m_pauseBox, &QCheckBox::toggled, m_pause, &QAction::setChecked);
    connect(m_pause, &QAction::toggled, m_pauseBox, &QCheckBox::setChecked);
    connect(m_pause, &QAction::toggled, this, [this](bool paused) { emit liveUpdatesChanged(!paused); });
    m_list->setObjectName(QStringLiteral("stackList"));
    m_list->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setToolTip(tr("The terrain is made top to bottom: the base generator, then each "
                          "operation on the map above it. Drag to reorder; double-click or F2 "
                          "to rename."));
    m_list->setMinimumHeight(120);
    m_list->moved = [this](int from, int to) { move(from, to); };
    m_list->removeRequested = [this] { removeSelected(); };
    m_list->groupToggled = [this](int row, bool open) {
        const std::string id = m_list->item(row)->data(kIdRole).toString().toStdString();
        if (open) {
            m_collapsed.erase(id);
        } else {
            m_collapsed.insert(id);
        }
        rebuild();
    };

    auto* menu = new QMenu(m_add);
    menu->setObjectName(QStringLiteral("addOperationMenu"));
    menu->addSection(tr("Filters"));
    for (const core::OpType& type : m_registry.ops()) {
        QAction* action = menu->addAction(QString::fromStdString(type.name));
        action->setToolTip(QString::fromStdString(type.summary));
        action->setData(QString::fromStdString(type.id));
        connect(action, &QAction::triggered, this, [this, id = type.id] { addOperation(id); });
    }
    menu->addSection(tr("Structure"));
    QAction* group = menu->addAction(tr("Group"));
    group->setToolTip(tr("A group around the selected entry: its entries run on their own and are blended "
                         "back as one layer (move entries in and out with Up and Down)"));
    group->setData(QString::fromLatin1(core::kGroupType));
    connect(group, &QAction::triggered, this, &StackPanel::addGroup);
    menu->addSection(tr("Generator layers"));
    for (const core::Algorithm& algorithm : m_registry.algorithms()) {
        QAction* action = menu->addAction(QString::fromStdString(algorithm.name));
        action->setToolTip(QString::fromStdString(algorithm.summary));
        action->setData(QString::fromStdString(algorithm.id));
        connect(action, &QAction::triggered, this, [this, id = algorithm.id] { addOperation(id); });
    }
    menu->setToolTipsVisible(true);
    m_add->setText(tr("Add"));
    m_add->setMenu(menu);
    m_add->setPopupMode(QToolButton::InstantPopup);
    m_add->setToolTip(tr("Add an operation after the selected entry"));
    m_remove->setToolTip(tr("Remove the selected operation (Delete)"));
    m_up->setToolTip(tr("Move the selected operation up: it runs earlier"));
    m_down->setToolTip(tr("Move the selected operation down: it runs later"));
    m_upToHere->setToolTip(tr("Show the map as it is after the selected entry, without the "
                              "operations below it (not saved, no undo step)"));
    m_before->setCheckable(true);
    m_before->setShortcut(QKeySequence(Qt::Key_Backslash));
    m_before->setToolTip(tr("Show the map before the selected operation (\\)"));
    addAction(m_before);
    m_beforeButton->setCheckable(true);
    m_beforeButton->setToolTip(m_before->toolTip());
    connect(m_beforeButton, &QPushButton::toggled, m_before, &QAction::setChecked);
    connect(m_before, &QAction::toggled, m_beforeButton, &QPushButton::setChecked);
    m_errorLabel->setObjectName(QStringLiteral("stackError"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_errorLabel->hide();

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addWidget(m_up);
    buttons->addWidget(m_down);
    buttons->addStretch(1);
    auto* view = new QHBoxLayout;
    view->addWidget(m_upToHere, 1);
    view->addWidget(m_beforeButton);
    auto* live = new QHBoxLayout;
    live->addWidget(m_pauseBox);
    live->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);
    layout->addLayout(view);
    layout->addLayout(live);
    layout->addWidget(m_errorLabel);

    connect(m_remove, &QPushButton::clicked, this, &StackPanel::removeSelected);
    connect(m_up, &QPushButton::clicked, this, [this] { move(selectedStage(), selectedStage() - 1); });
    connect(m_down, &QPushButton::clicked, this, [this] { move(selectedStage(), selectedStage() + 1); });
    connect(m_list, &QListWidget::itemChanged, this, &StackPanel::onItemChanged);
    connect(m_list, &QListWidget::currentRowChanged, this, &StackPanel::onCurrentRowChanged);
    connect(m_upToHere, &QCheckBox::toggled, this, &StackPanel::shownStageChanged);
    connect(m_before, &QAction::toggled, this, &StackPanel::shownStageChanged);
}

QListWidget* StackPanel::list() const { return m_list; }

QRect StackPanel::checkBoxRect(int row) const { return m_list->checkRect(row); }

void StackPanel::setRecipe(const core::Recipe& recipe) {
    if (recipe == m_recipe && m_list->count() == int(recipe.operations.size()) + 1) return;
    m_recipe = recipe;
    rebuild();
}

int StackPanel::selectedStage() const {
    for (std::size_t i = 0; i < m_recipe.operations.size(); ++i) {
        if (m_recipe.operations[i].id == m_selected) return int(i) + 1;
    }
    return 0;
}

void StackPanel::select(const std::string& id) {
    const std::string before = m_selected;
    m_selected = id;
    if (selectedStage() == 0) m_selected = core::kBaseOpId;
    {
        const QSignalBlocker block(m_list);
        m_list->setCurrentRow(selectedStage());
    }
    updateButtons();
    if (m_selected != before) {
        emit selectionChanged(m_selected);
        emit shownStageChanged();
    }
}

int StackPanel::shownStage() const {
    const int stage = selectedStage();
    if (m_before->isChecked()) return std::max(0, stage - 1);
    return m_upToHere->isChecked() ? stage : -1;
}

QString StackPanel::label(int stage) const {
    if (stage == 0) {
        const core::Algorithm* a = m_registry.find(m_recipe.algorithm);
        return a ? QString::fromStdString(a->name) : QString::fromStdString(m_recipe.algorithm);
    }
    return QString::fromStdString(core::operationLabel(m_registry, m_recipe.operations[std::size_t(stage - 1)]));
}

void StackPanel::rebuild() {
    m_rebuilding = true;
    const QSignalBlocker block(m_list);
    m_list->clear();
    auto* base = new QListWidgetItem(label(0) + tr("  (base)"), m_list);
    base->setData(kIdRole, QString::fromLatin1(core::kBaseOpId));
    base->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    base->setToolTip(tr("The base generator: it sets the map's size and the world's height scale"));
    if (!m_recipe.basePublish.empty()) {
        base->setData(kChipsRole, QStringLiteral("\u21E2 ") + QString::fromStdString(m_recipe.basePublish));
    }
    int depth = 0;
    int hiddenBelow = -1;  // the depth of a collapsed group whose entries are hidden
    std::vector<std::string> open;  // the groups around the row, innermost last
    for (std::size_t i = 0; i < m_recipe.operations.size(); ++i) {
        const core::OpInstance& op = m_recipe.operations[i];
        const bool end = op.type == core::kGroupEndType;
        if (end && depth > 0) --depth;
        auto* item = new QListWidgetItem(label(int(i) + 1), m_list);
        item->setData(kIdRole, QString::fromStdString(op.id));
        item->setData(kDepthRole, depth);
        QStringList chips;
        if (!op.input.empty()) chips << QStringLiteral("\u21E0 ") + QString::fromStdString(op.input);
        if (op.mask.find('.') != std::string::npos) chips << QStringLiteral("\u25D0 ") + QString::fromStdString(op.mask);
        if (!op.publish.empty()) chips << QStringLiteral("\u21E2 ") + QString::fromStdString(op.publish);
        if (!chips.isEmpty()) {
            item->setData(kChipsRole, chips.join(QStringLiteral("  ")));
            item->setToolTip(tr("Reads %1; publishes %2")
                                 .arg(op.input.empty() ? tr("the map below") : QString::fromStdString(op.input),
                                      op.publish.empty() ? tr("nothing") : QString::fromStdString(op.publish)));
        }
        const bool hidden = hiddenBelow >= 0 && depth > hiddenBelow;
        if (end) {
            item->setText(tr("end of %1").arg(open.empty() ? QString() : QString::fromStdString(open.back())));
            if (!open.empty()) open.pop_back();
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
            item->setForeground(palette().color(QPalette::PlaceholderText));
            m_list->setRowHidden(m_list->row(item), hiddenBelow >= 0 && depth >= hiddenBelow);
            if (hiddenBelow >= 0 && depth <= hiddenBelow) hiddenBelow = -1;
            continue;
        }
        m_list->setRowHidden(m_list->row(item), hidden);
        if (op.type == core::kGroupType) {
            const bool collapsed = m_collapsed.count(op.id) > 0;
            item->setData(kGroupRole, collapsed ? 2 : 1);
            open.push_back(label(int(i) + 1).toStdString());
            if (collapsed && hiddenBelow < 0) hiddenBelow = depth;
            ++depth;
        }
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable |
                       Qt::ItemIsUserCheckable);
        item->setCheckState(op.enabled ? Qt::Checked : Qt::Unchecked);
        const QString id = QString::fromStdString(op.id);
        if (id == m_errorOp) {
            item->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
            item->setToolTip(m_errorMessage);
        } else if (item->toolTip().isEmpty()) {
            const core::OpTypeView view = core::opTypeView(m_registry, op.type);
            item->setToolTip(QString::fromStdString(view.name) + QStringLiteral(" (") + id + QLatin1Char(')'));
        }
        if (!op.enabled) {
            QFont font = item->font();
            font.setItalic(true);
            item->setFont(font);
        }
    }
    const std::string before = m_selected;
    if (selectedStage() == 0) m_selected = core::kBaseOpId;
    m_list->setCurrentRow(selectedStage());
    m_rebuilding = false;
    updateButtons();
    if (m_selected != before) {
        emit selectionChanged(m_selected);
        emit shownStageChanged();
    }
}

void StackPanel::updateButtons() {
    const int stage = selectedStage();
    const int count = int(m_recipe.operations.size());
    m_remove->setEnabled(stage > 0 && m_recipe.operations[std::size_t(stage - 1)].type != core::kGroupEndType);
    m_up->setEnabled(stage > 1);
    m_down->setEnabled(stage > 0 && stage < count);
    m_before->setEnabled(stage > 0 || m_before->isChecked());
    m_beforeButton->setEnabled(m_before->isEnabled());
}

void StackPanel::addOperation(const std::string& type) {
    core::Recipe next = m_recipe;
    core::OpInstance op = core::newOperation(m_registry, m_recipe, type);
    const std::size_t at = std::size_t(selectedStage());
    next.operations.insert(next.operations.begin() + std::ptrdiff_t(at), op);
    const QString name = QString::fromStdString(core::operationLabel(m_registry, op));
    m_selected = op.id;  // the new entry is selected once the document has it
    emit recipeEdited(next, tr("Add %1").arg(name));
    emit selectionChanged(m_selected);
}

void StackPanel::addGroup() {
    core::Recipe next = m_recipe;
    core::OpInstance begin = core::newOperation(m_registry, m_recipe, core::kGroupType);
    const std::size_t at = std::size_t(selectedStage());
    // Around the selected entry (a group and all it holds, when a group's row is selected), or
    // an empty group after the base.
    std::size_t first = at == 0 ? 0 : at - 1;
    std::size_t last = at == 0 ? 0 : at;  // one past the entries it holds
    if (at > 0 && m_recipe.operations[first].type == core::kGroupType) last = groupEnd(m_recipe.operations, first) + 1;
    if (at > 0 && m_recipe.operations[first].type == core::kGroupEndType) return;
    next.operations.insert(next.operations.begin() + std::ptrdiff_t(first), begin);
    core::Recipe withBegin = next;
    core::OpInstance end = core::newOperation(m_registry, withBegin, core::kGroupEndType);
    end.id = begin.id + "-end";
    next.operations.insert(next.operations.begin() + std::ptrdiff_t(last + 1), end);
    if (next.operations.size() > core::kMaxOperations) return;
    m_selected = begin.id;
    emit recipeEdited(next, tr("Add Group"));
    emit selectionChanged(m_selected);
}

void StackPanel::removeSelected() {
    const int stage = selectedStage();
    if (stage <= 0) return;
    core::Recipe next = m_recipe;
    const QString name = label(stage);
    const core::OpInstance& op = m_recipe.operations[std::size_t(stage - 1)];
    if (op.type == core::kGroupEndType) return;  // removed with its group
    // A group goes with what it holds, as a layer group does.
    const std::size_t last = op.type == core::kGroupType ? groupEnd(m_recipe.operations, std::size_t(stage - 1))
                                                         : std::size_t(stage - 1);
    next.operations.erase(next.operations.begin() + (stage - 1),
                          next.operations.begin() + std::ptrdiff_t(std::min(last + 1, next.operations.size())));
    m_selected = stage >= 2 ? m_recipe.operations[std::size_t(stage - 2)].id : core::kBaseOpId;
    emit recipeEdited(next, tr("Remove %1").arg(name));
    emit selectionChanged(m_selected);
}

void StackPanel::move(int from, int to) {
    const int count = int(m_recipe.operations.size());
    if (from < 1 || to < 1 || from > count || to > count || from == to) return;
    core::Recipe next = m_recipe;
    core::OpInstance op = next.operations[std::size_t(from - 1)];
    next.operations.erase(next.operations.begin() + (from - 1));
    next.operations.insert(next.operations.begin() + (to - 1), op);
    // Moving a group's first or last row moves entries in or out of it; never past each other.
    if (!groupsBalance(next.operations)) return;
    m_selected = op.id;
    emit recipeEdited(next, (to < from ? tr("Move %1 Up") : tr("Move %1 Down")).arg(label(from)));
}

void StackPanel::onItemChanged(QListWidgetItem* item) {
    if (m_rebuilding) return;
    const int stage = m_list->row(item);
    if (stage < 1 || stage > int(m_recipe.operations.size())) return;
    core::Recipe next = m_recipe;
    core::OpInstance& op = next.operations[std::size_t(stage - 1)];
    const bool enabled = item->checkState() == Qt::Checked;
    const QString oldLabel = label(stage);
    if (enabled != op.enabled) {
        op.enabled = enabled;
        emit recipeEdited(next, (enabled ? tr("Enable %1") : tr("Disable %1")).arg(oldLabel));
        return;
    }
    const QString text = item->text().trimmed();
    if (text == oldLabel) return;
    // An empty name or the type's name: the entry is called by its type again.
    const core::OpTypeView view = core::opTypeView(m_registry, op.type);
    op.name = text.isEmpty() || text.toStdString() == view.name ? std::string() : text.toStdString();
    if (next == m_recipe) {
        rebuild();
        return;
    }
    emit recipeEdited(next, tr("Rename %1").arg(oldLabel));
}

void StackPanel::onCurrentRowChanged(int row) {
    if (m_rebuilding || row < 0 || row >= m_list->count()) return;
    select(m_list->item(row)->data(kIdRole).toString().toStdString());
}

void StackPanel::setError(int stage, const QString& opId, const QString& message) {
    m_errorOp = opId;
    m_errorMessage = message;
    const QString name = stage >= 1 && stage <= int(m_recipe.operations.size()) ? label(stage) : opId;
    m_errorLabel->setText(tr("%1: %2").arg(name, message));
    m_errorLabel->show();
    rebuild();
}

bool StackPanel::liveUpdates() const { return !m_pause->isChecked(); }

void StackPanel::showProgress(const QString& opId, float fraction, double secondsLeft) {
    // Only the rows that change: the list is not rebuilt for a progress tick.
    for (int row = 0; row < m_list->count(); ++row) {
        QListWidgetItem* item = m_list->item(row);
        const QString id = item->data(kIdRole).toString();
        if (id == opId && !opId.isEmpty()) {
            const int percent = int(std::clamp(fraction, 0.0f, 1.0f) * 100.0f);
            QString text = tr("%1 %").arg(percent);
            if (secondsLeft >= 0.0) {
                text += secondsLeft < 60.0 ? tr(" · %1 s left").arg(int(std::ceil(secondsLeft)))
                                           : tr(" · %1 min left").arg(int(std::ceil(secondsLeft / 60.0)));
            }
            item->setData(kProgressRole, double(fraction));
            item->setData(kProgressTextRole, text);
        } else if (id == m_progressOp) {
            item->setData(kProgressRole, QVariant());
        }
    }
    m_progressOp = opId;
}

QString StackPanel::progressText(const QString& opId) const {
    for (int row = 0; row < m_list->count(); ++row) {
        const QListWidgetItem* item = m_list->item(row);
        if (item->data(kIdRole).toString() == opId && item->data(kProgressRole).isValid()) {
            return item->data(kProgressTextRole).toString();
        }
    }
    return {};
}

void StackPanel::clearError() {
    if (m_errorOp.isEmpty()) return;
    m_errorOp.clear();
    m_errorMessage.clear();
    m_errorLabel->clear();
    m_errorLabel->hide();
    rebuild();
}

}  // namespace terrain::app
