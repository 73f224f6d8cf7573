#pragma once
// The stack panel (Tiled's layer dock, Blender's modifier list): the recipe's base generator and
// its operations in the order they run, top to bottom. Add (filters and generator layers), remove,
// move up/down or drag, enable/disable with the check box, rename (double-click or F2). Selecting
// an entry shows its sliders in the parameter panel. Every edit is reported as a whole new recipe
// with the undo step's name ("Add Clamp", "Move Clamp Up"); the panel never owns the recipe.
//
// "Show up to here" and "Before" choose which stage the views show (the selected one, the one
// below it); they are how the editor shows the map, not the document, so they are no undo step.
// An evaluation error is shown on its entry (icon, tooltip, message under the list).
// Groups (Add ▸ Group) show their entries indented under them down to their end row; ▸/▾ (or
// Left/Right) closes and opens one. References to named stages show as a chip at the right:
// ⇠ NAME (reads), ◐ STAGE.MASK (its mask), ⇢ NAME (published).
#include "core/recipe.h"

#include <QString>
#include <QWidget>

#include <set>
#include <string>

class QAction;
class QCheckBox;
class QLabel;
class QListWidget;
class QListWidgetItem;
class QPushButton;
class QToolButton;

namespace terrain::core {
class Registry;
}

namespace terrain::app {

class StackList;

class StackPanel : public QWidget {
    Q_OBJECT

public:
    explicit StackPanel(const core::Registry& registry, QWidget* parent = nullptr);

    void setRecipe(const core::Recipe& recipe);

    // The selected entry: its id (core::kBaseOpId for the base generator) and stage (0 = base).
    std::string selectedId() const { return m_selected; }
    int selectedStage() const;
    void select(const std::string& id);

    // The stage the views should show: -1 for the whole stack.
    int shownStage() const;

    // The running evaluation's progress on entry `opId` (fraction done, seconds left or < 0),
    // drawn in its row; an empty id clears it (nothing runs).
    void showProgress(const QString& opId, float fraction, double secondsLeft);
    // Pause live updates: edits change the document but do not regenerate until resumed (or
    // Regenerate, F5); for heavy stacks.
    QAction* pauseAction() const { return m_pause; }
    bool liveUpdates() const;
    // What entry `opId`'s row shows of the running evaluation ("42 % · 12 s left"), or "".
    QString progressText(const QString& opId) const;

    // An error of the evaluation on entry `stage` (1-based); clearError() when a map came.
    void setError(int stage, const QString& opId, const QString& message);
    void clearError();
    QString errorOp() const { return m_errorOp; }

    // For tests and wiring.
    QListWidget* list() const;
    QToolButton* addButton() const { return m_add; }
    QPushButton* removeButton() const { return m_remove; }
    QPushButton* upButton() const { return m_up; }
    QPushButton* downButton() const { return m_down; }
    QCheckBox* upToHereBox() const { return m_upToHere; }
    QCheckBox* pauseBox() const { return m_pauseBox; }
    QAction* beforeAction() const { return m_before; }
    QPushButton* beforeButton() const { return m_beforeButton; }
    QLabel* errorLabel() const { return m_errorLabel; }
    QRect checkBoxRect(int row) const;  // where the enabled check box of `row` is drawn

signals:
    void recipeEdited(const terrain::core::Recipe& recipe, const QString& text);
    void selectionChanged(const std::string& id);
    void shownStageChanged();
    void liveUpdatesChanged(bool on);

private:
    void rebuild();
    void addOperation(const std::string& type);
    void addGroup();
    void removeSelected();
    void move(int from, int to);
    void onItemChanged(QListWidgetItem* item);
    void onCurrentRowChanged(int row);
    void updateButtons();
    QString label(int stage) const;

    const core::Registry& m_registry;
    core::Recipe m_recipe;
    std::string m_selected = core::kBaseOpId;
    QString m_errorOp;
    QString m_errorMessage;
    bool m_rebuilding = false;
    std::set<std::string> m_collapsed;  // groups shown closed (a view choice, not saved)

    StackList* m_list;
    QToolButton* m_add;
    QPushButton* m_remove;
    QPushButton* m_up;
    QPushButton* m_down;
    QCheckBox* m_upToHere;
    QAction* m_before;
    QPushButton* m_beforeButton;
    QLabel* m_errorLabel;
    QAction* m_pause;
    QCheckBox* m_pauseBox;
    QString m_progressOp;  // the entry whose row shows progress
};

}  // namespace terrain::app
