#pragma once
// The terrain parameters of the entry selected in the stack panel, built from its ParamSpec
// table: for the base generator the algorithm, its detail, the seed and one control per
// parameter (slider + spin box for numbers, a combo box for choices, a check box for flags); for
// an operation its type's table (core::opTypeView), plus blend, weight and seed offset for
// generator layers (core::layerParamSpecs). Changing the algorithm or the selection rebuilds it.
//
// One slider drag is one undo step, and two drags are two: each press of any slider starts a
// new drag number, counted by the panel for its whole life (the sliders are rebuilt with the
// selection and the algorithm, so their own numbering restarts).
//
// The panel does not own the recipe: it shows the one given to setRecipe() and reports each user
// edit as a whole new recipe through recipeEdited().
#include "core/recipe.h"

#include <QString>
#include <QWidget>

#include <functional>
#include <map>
#include <string>
#include <vector>

class QAction;
class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
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
    // Shows the entry with this id (core::kBaseOpId: the base generator).
    void setSelection(const std::string& id);
    const std::string& selection() const { return m_selection; }

    // Picks a fresh random seed (Ctrl+R).
    void newSeed();

    // For tests and wiring.
    QComboBox* algorithmCombo() const { return m_algorithm; }
    SliderSpin* detailControl() const { return m_detail; }
    SeedSpinBox* seedBox() const { return m_seed; }
    // The controls of the selected entry's parameters.
    SliderSpin* numberControl(const std::string& key) const;  // Real/Integer params
    QComboBox* choiceControl(const std::string& key) const;
    QCheckBox* flagControl(const std::string& key) const;
    // The selected operation's mask: None, or a mask the entries below it make.
    QComboBox* maskCombo() const { return m_opMask; }
    QComboBox* inputCombo() const { return m_opInput; }
    QLineEdit* publishEdit() const { return m_opPublish; }
    QLineEdit* basePublishEdit() const { return m_basePublish; }

signals:
    // `mergeKey` is non-empty while a slider drag lasts (one undo step per drag).
    void recipeEdited(const terrain::core::Recipe& recipe, const QString& text,
                      const QString& mergeKey);

private:
    struct Controls {
        std::map<std::string, SliderSpin*> numbers;
        std::map<std::string, QComboBox*> choices;
        std::map<std::string, QCheckBox*> flags;
    };
    using EditFn = std::function<void(const std::string& key, double value, const QString& label,
                                      const QString& dragKey)>;
    void addControls(QFormLayout* form, QWidget* parent, const std::vector<core::ParamSpec>& specs,
                     Controls& controls, const EditFn& edit);
    static void showControlValue(const Controls& controls, const std::string& key, double value);
    void showMaskChoices(const core::OpInstance& op, int index);
    // Reads (the map below or a published stage) and Publish as, for entry `index`.
    void showStageLinks(const core::OpInstance& op, int index);
    void editStageLink(const std::string& key, const QString& value);
    const Controls& shownControls() const;
    int selectedIndex() const;  // into m_recipe.operations, or -1 for the base generator
    void rebuildParams(const core::Algorithm& algorithm);
    void rebuildOperation();
    void showValues();
    void showOperationValues();
    QString mergeKey(const std::string& key, const QString& dragKey) const;
    void editParam(const std::string& key, double value, const QString& label,
                   const QString& mergeKey);
    void editOperationParam(const std::string& key, double value, const QString& label,
                            const QString& dragKey);
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

    Controls m_base;
    QWidget* m_baseTop;
    std::string m_selection = core::kBaseOpId;
    std::string m_builtOp;  // id|type of the operation the op box was built for
    QWidget* m_opBox = nullptr;
    QLabel* m_opTitle = nullptr;
    QComboBox* m_opMask = nullptr;
    QComboBox* m_opInput = nullptr;
    QLineEdit* m_opPublish = nullptr;
    QLineEdit* m_basePublish = nullptr;
    Controls m_op;
    int m_dragSerial = 0;
};

}  // namespace terrain::app
