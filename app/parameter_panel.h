#pragma once
// The terrain parameters, built from the algorithm's ParamSpec table: the algorithm, its detail,
// the seed and one control per parameter (slider + spin box for numbers, a combo box for
// choices, a check box for flags). Changing the algorithm rebuilds the panel.
//
// The panel does not own the recipe: it shows the one given to setRecipe() and reports each user
// edit as a whole new recipe through recipeEdited().
#include "core/recipe.h"

#include <QString>
#include <QWidget>

#include <map>
#include <string>

class QAction;
class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QSlider;

namespace terrain::core {
class Registry;
struct Algorithm;
}  // namespace terrain::core

namespace terrain::app {

class SeedSpinBox;
class SliderSpin;

class ParameterPanel : public QWidget {
    Q_OBJECT

public:
    explicit ParameterPanel(const core::Registry& registry, QWidget* parent = nullptr);

    void setRecipe(const core::Recipe& recipe);
    const core::Recipe& recipe() const { return m_recipe; }

    // Picks a fresh random seed (Ctrl+R).
    void newSeed();

    // For tests and wiring.
    QComboBox* algorithmCombo() const { return m_algorithm; }
    SliderSpin* detailControl() const { return m_detail; }
    SeedSpinBox* seedBox() const { return m_seed; }
    SliderSpin* numberControl(const std::string& key) const;  // Real/Integer params
    QComboBox* choiceControl(const std::string& key) const;
    QCheckBox* flagControl(const std::string& key) const;

signals:
    // `mergeKey` is non-empty while a slider drag lasts (one undo step per drag).
    void recipeEdited(const terrain::core::Recipe& recipe, const QString& text,
                      const QString& mergeKey);

private:
    void rebuildParams(const core::Algorithm& algorithm);
    void showValues();
    void editParam(const std::string& key, double value, const QString& label,
                   const QString& mergeKey);
    void onAlgorithmChosen(int index);

    const core::Registry& m_registry;
    core::Recipe m_recipe;
    std::string m_builtAlgorithm;

    QComboBox* m_algorithm;
    QLabel* m_summary;
    SliderSpin* m_detail = nullptr;
    QLabel* m_size = nullptr;
    SeedSpinBox* m_seed;
    QWidget* m_paramBox = nullptr;
    QFormLayout* m_form;

    std::map<std::string, SliderSpin*> m_numbers;
    std::map<std::string, QComboBox*> m_choices;
    std::map<std::string, QCheckBox*> m_flags;
};

}  // namespace terrain::app
