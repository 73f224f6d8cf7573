#include "app/stack/parameter_panel.h"

#include "app/generation/generation_controller.h"
#include "app/widgets/seed_spin_box.h"
#include "app/widgets/slider_spin.h"

#include "core/io/import.h"
#include "core/registry.h"
#include "core/stack/stage_plan.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSlider>
#include <QStandardItemModel>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace terrain::app {

namespace {

int decimalsForStep(double step) {
    if (step <= 0.0 || step >= 1.0) return 0;
    return std::clamp(int(std::ceil(-std::log10(step) - 1e-9)), 1, 6);
}

QString sizeText(const core::Algorithm& algorithm, int detail) {
    if (!algorithm.sizeForDetail) return {};
    const core::Size size = algorithm.sizeForDetail(detail);
    return QStringLiteral("%1 × %2").arg(size.width).arg(size.height);
}

}  // namespace

ParameterPanel::ParameterPanel(const core::Registry& registry, QWidget* parent)
    : QWidget(parent),
      m_registry(registry),
      m_algorithm(new QComboBox(this)),
      m_summary(new QLabel(this)),
      m_seed(new SeedSpinBox(this)),
      m_baseTop(new QWidget(this)) {
    for (const core::Algorithm& algorithm : m_registry.algorithms()) {
        m_algorithm->addItem(QString::fromStdString(algorithm.name),
                             QString::fromStdString(algorithm.id));
        m_algorithm->setItemData(m_algorithm->count() - 1,
                                 QString::fromStdString(algorithm.summary), Qt::ToolTipRole);
    }
    // Sources (an import) show when they are the base; they are chosen with File ▸ Import Heightmap.
    for (const core::Algorithm& source : m_registry.sources()) {
        m_algorithm->addItem(QString::fromStdString(source.name), QString::fromStdString(source.id));
        if (auto* model = qobject_cast<QStandardItemModel*>(m_algorithm->model())) {
            model->item(m_algorithm->count() - 1)->setEnabled(false);
        }
        m_algorithm->setItemData(m_algorithm->count() - 1, tr("File ▸ Import Heightmap…"), Qt::ToolTipRole);
    }
    m_algorithm->setToolTip(tr("The generation algorithm; each has its own parameters."));
    m_summary->setObjectName(QStringLiteral("algorithmSummary"));
    m_summary->setWordWrap(true);
    m_summary->setStyleSheet(QStringLiteral("color: palette(mid);"));
    m_seed->setToolTip(tr("The random seed: the same recipe and seed always give the same map."));

    auto* newSeedButton = new QPushButton(tr("New seed"), this);
    newSeedButton->setToolTip(tr("Pick a random seed (Ctrl+R)"));
    connect(newSeedButton, &QPushButton::clicked, this, &ParameterPanel::newSeed);
    auto* seedRow = new QHBoxLayout;
    seedRow->addWidget(m_seed, 1);
    seedRow->addWidget(newSeedButton);

    auto* top = new QFormLayout(m_baseTop);
    top->setContentsMargins(0, 0, 0, 0);
    top->addRow(tr("Algorithm"), m_algorithm);
    top->addRow(m_summary);
    top->addRow(tr("Seed"), seedRow);
    m_basePublish = new QLineEdit(m_baseTop);
    m_basePublish->setObjectName(QStringLiteral("basePublish"));
    m_basePublish->setPlaceholderText(tr("not published"));
    m_basePublish->setToolTip(tr("A name for the base generator's map: a later entry can read it (Reads) or "
                                 "take a mask of it (terrain-cli --set publish=NAME)."));
    top->addRow(tr("Publish as"), m_basePublish);
    connect(m_basePublish, &QLineEdit::editingFinished, this, [this] {
        core::Recipe next = m_recipe;
        const QString name = m_basePublish->text().trimmed();
        try {
            core::setParamFromText(m_registry, next, "publish", name.toStdString(), "Publish as");
        } catch (const core::InputError& e) {
            m_basePublish->setToolTip(QString::fromStdString(e.what()));
            m_basePublish->setStyleSheet(QStringLiteral("color: #c0392b;"));
            return;
        }
        m_basePublish->setStyleSheet(QString());
        if (next == m_recipe) return;
        emit recipeEdited(next, name.isEmpty() ? tr("Unpublish the base") : tr("Publish the base as %1").arg(name), {});
    });

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_baseTop);
    m_form = nullptr;
    layout->addStretch(1);

    connect(m_algorithm, &QComboBox::currentIndexChanged, this, &ParameterPanel::onAlgorithmChosen);
    connect(m_seed, &SeedSpinBox::valueChanged, this, [this](quint64 seed) {
        core::Recipe next = m_recipe;
        next.seed = seed;
        emit recipeEdited(next, tr("Change seed"), {});
    });
}

void ParameterPanel::setRecipe(const core::Recipe& recipe) {
    m_recipe = recipe;
    const core::Algorithm* algorithm = m_registry.find(recipe.algorithm);
    if (!algorithm) return;
    if (recipe.algorithm != m_builtAlgorithm) rebuildParams(*algorithm);
    showValues();
    if (!m_basePublish->hasFocus()) m_basePublish->setText(QString::fromStdString(recipe.basePublish));
    if (selectedIndex() < 0) m_selection = core::kBaseOpId;
    rebuildOperation();
}

void ParameterPanel::setSelection(const std::string& id) {
    m_selection = id;
    if (selectedIndex() < 0) m_selection = core::kBaseOpId;
    rebuildOperation();
}

int ParameterPanel::selectedIndex() const {
    for (std::size_t i = 0; i < m_recipe.operations.size(); ++i) {
        if (m_recipe.operations[i].id == m_selection) return int(i);
    }
    return -1;
}

const ParameterPanel::Controls& ParameterPanel::shownControls() const {
    return selectedIndex() < 0 ? m_base : m_op;
}

QString ParameterPanel::mergeKey(const std::string& key, const QString& dragKey) const {
    if (dragKey.isEmpty()) return {};
    return QString::fromStdString(m_selection + "." + key) + QLatin1Char(':') +
           QString::number(m_dragSerial);
}

void ParameterPanel::newSeed() {
    core::Recipe next = m_recipe;
    do {
        next.seed = QRandomGenerator::global()->generate();
    } while (next.seed == m_recipe.seed);
    emit recipeEdited(next, tr("New seed"), {});
}

SliderSpin* ParameterPanel::numberControl(const std::string& key) const {
    const auto& numbers = shownControls().numbers;
    const auto it = numbers.find(key);
    return it == numbers.end() ? nullptr : it->second;
}

QComboBox* ParameterPanel::choiceControl(const std::string& key) const {
    const auto& choices = shownControls().choices;
    const auto it = choices.find(key);
    return it == choices.end() ? nullptr : it->second;
}

QCheckBox* ParameterPanel::flagControl(const std::string& key) const {
    const auto& flags = shownControls().flags;
    const auto it = flags.find(key);
    return it == flags.end() ? nullptr : it->second;
}

void ParameterPanel::addControls(QFormLayout* form, QWidget* parent,
                                 const std::vector<core::ParamSpec>& specs, Controls& controls,
                                 const EditFn& edit) {
    for (const core::ParamSpec& spec : specs) {
        const QString label = QString::fromStdString(spec.label);
        const QString help = QString::fromStdString(spec.help);
        const std::string key = spec.key;
        switch (spec.kind) {
        case core::ParamKind::Real:
        case core::ParamKind::Integer: {
            const int decimals =
                spec.kind == core::ParamKind::Integer ? 0 : decimalsForStep(spec.step);
            auto* control = new SliderSpin(spec.min, spec.max, spec.step, decimals,
                                           QString::fromStdString(spec.unit), parent);
            control->setHelp(help);
            connect(control->slider(), &QSlider::sliderPressed, this, [this] { ++m_dragSerial; });
            connect(control, &SliderSpin::valueEdited, this,
                    [edit, key, label](double value, const QString& drag) { edit(key, value, label, drag); });
            controls.numbers[key] = control;
            form->addRow(label, control);
            break;
        }
        case core::ParamKind::Choice: {
            auto* combo = new QComboBox(parent);
            for (const std::string& choice : spec.choices) {
                combo->addItem(QString::fromStdString(choice));
            }
            combo->setToolTip(help);
            connect(combo, &QComboBox::activated, this,
                    [edit, key, label](int index) { edit(key, double(index), label, {}); });
            controls.choices[key] = combo;
            form->addRow(label, combo);
            break;
        }
        case core::ParamKind::Flag: {
            auto* check = new QCheckBox(label, parent);
            check->setToolTip(help);
            connect(check, &QCheckBox::toggled, this,
                    [edit, key, label](bool on) { edit(key, on ? 1.0 : 0.0, label, {}); });
            controls.flags[key] = check;
            form->addRow(QString(), check);
            break;
        }
        }
    }
}

void ParameterPanel::showControlValue(const Controls& controls, const std::string& key, double value) {
    if (const auto n = controls.numbers.find(key); n != controls.numbers.end()) {
        n->second->setValue(value);
    } else if (const auto c = controls.choices.find(key); c != controls.choices.end()) {
        const QSignalBlocker block(c->second);
        c->second->setCurrentIndex(int(std::lround(value)));
    } else if (const auto f = controls.flags.find(key); f != controls.flags.end()) {
        const QSignalBlocker block(f->second);
        f->second->setChecked(value != 0.0);
    }
}

// The selected operation's box: built again when the selection or its type changes, otherwise
// only its values are updated (a drag keeps its slider).
void ParameterPanel::rebuildOperation() {
    const int index = selectedIndex();
    const bool base = index < 0;
    m_baseTop->setVisible(base);
    if (m_paramBox) m_paramBox->setVisible(base);
    if (base) {
        if (m_opBox) m_opBox->hide();
        return;
    }
    const core::OpInstance& op = m_recipe.operations[std::size_t(index)];
    const std::string built = op.id + "|" + op.type;
    if (built != m_builtOp || !m_opBox) {
        m_op = Controls{};
        delete m_opBox;
        m_opBox = new QWidget(this);
        auto* form = new QFormLayout(m_opBox);
        form->setContentsMargins(0, 0, 0, 0);
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        m_opTitle = new QLabel(m_opBox);
        m_opTitle->setObjectName(QStringLiteral("operationTitle"));
        m_opTitle->setWordWrap(true);
        form->addRow(m_opTitle);
        m_opMask = new QComboBox(m_opBox);
        m_opMask->setObjectName(QStringLiteral("operationMask"));
        m_opMask->setToolTip(tr("Apply this entry through a mask made lower in the stack: its result where the "
                                "mask is 1, the map below where it is 0 (a mask operation or erosion makes one)."));
        form->addRow(tr("Through mask"), m_opMask);
        // Named stages: what this entry reads, and the name later entries read its result by.
        m_opInput = new QComboBox(m_opBox);
        m_opInput->setObjectName(QStringLiteral("operationInput"));
        m_opInput->setToolTip(tr("What this entry works on: the map below it, or a stage published earlier in the "
                                 "stack (terrain-cli --op ID:input=NAME)."));
        form->addRow(tr("Reads"), m_opInput);
        m_opPublish = new QLineEdit(m_opBox);
        m_opPublish->setObjectName(QStringLiteral("operationPublish"));
        m_opPublish->setPlaceholderText(tr("not published"));
        m_opPublish->setToolTip(tr("A name for this entry's result (its heights and masks): a later entry can read "
                                   "it or take a mask of it as NAME.mask. Lower-case letters, digits, - and _."));
        form->addRow(tr("Publish as"), m_opPublish);
        const bool linkable = core::opTypeView(m_registry, op.type).kind != core::OpKind::GroupEnd;
        m_opMask->setEnabled(linkable);
        m_opInput->setEnabled(linkable);
        m_opPublish->setEnabled(linkable);
        connect(m_opInput, &QComboBox::activated, this, [this](int choice) {
            editStageLink("input", m_opInput->itemData(choice).toString());
        });
        connect(m_opPublish, &QLineEdit::editingFinished, this, [this] {
            editStageLink("publish", m_opPublish->text().trimmed());
        });
        connect(m_opMask, &QComboBox::activated, this, [this](int choice) {
            const int at = selectedIndex();
            if (at < 0) return;
            core::Recipe next = m_recipe;
            core::OpInstance& entry = next.operations[std::size_t(at)];
            entry.mask = m_opMask->itemData(choice).toString().toStdString();
            if (next == m_recipe) return;
            const QString name = QString::fromStdString(core::operationLabel(m_registry, entry));
            emit recipeEdited(next,
                              entry.mask.empty() ? tr("Apply %1 everywhere").arg(name)
                                                 : tr("Apply %1 through %2").arg(name, m_opMask->itemText(choice)),
                              {});
        });
        const core::OpTypeView view = core::opTypeView(m_registry, op.type);
        const EditFn edit = [this](const std::string& key, double value, const QString& label,
                                   const QString& drag) { editOperationParam(key, value, label, drag); };
        if (view.kind == core::OpKind::Generator) addControls(form, m_opBox, core::layerParamSpecs(), m_op, edit);
        if (view.kind == core::OpKind::Group) {
            const std::vector<core::ParamSpec> blend(core::layerParamSpecs().begin(), core::layerParamSpecs().begin() + 2);
            addControls(form, m_opBox, blend, m_op, edit);
        }
        addControls(form, m_opBox, *view.params, m_op, edit);
        static_cast<QVBoxLayout*>(layout())->insertWidget(1, m_opBox);
        m_builtOp = built;
    }
    m_opBox->show();
    showOperationValues();
}

void ParameterPanel::showOperationValues() {
    const int index = selectedIndex();
    if (index < 0 || !m_opBox) return;
    const core::OpInstance& op = m_recipe.operations[std::size_t(index)];
    const core::OpTypeView view = core::opTypeView(m_registry, op.type);
    const QString summary =
        view.kind == core::OpKind::Generator ? tr("Generator layer, blended into the map above it")
        : view.kind == core::OpKind::Group
            ? tr("Group: the entries down to its end run on their own, starting from the map below (or the stage it "
                 "reads); the result is blended back as one layer")
        : view.kind == core::OpKind::GroupEnd ? tr("The end of a group: what is above it, up to the group, is the group")
                                              : QString::fromStdString(m_registry.findOp(op.type)->summary);
    m_opTitle->setText(QStringLiteral("<b>%1</b><br>%2")
                           .arg(QString::fromStdString(core::operationLabel(m_registry, op)).toHtmlEscaped(),
                                summary.toHtmlEscaped()));
    for (const auto& [key, value] : op.params) showControlValue(m_op, key, value);
    showMaskChoices(op, index);
    showStageLinks(op, index);
    if (view.kind == core::OpKind::Generator || view.kind == core::OpKind::Group) {
        showControlValue(m_op, "blend", double(int(op.blend)));
        showControlValue(m_op, "weight", op.weight);
        showControlValue(m_op, "seed_offset", double(op.seedOffset));
    }
}

void ParameterPanel::showStageLinks(const core::OpInstance& op, int index) {
    const QSignalBlocker block(m_opInput);
    m_opInput->clear();
    m_opInput->addItem(tr("The map below"), QString());
    for (const std::string& name : core::publishedBefore(m_recipe, std::size_t(index) + 1)) {
        m_opInput->addItem(tr("Stage %1").arg(QString::fromStdString(name)), QString::fromStdString(name));
    }
    const QString current = QString::fromStdString(op.input);
    if (!current.isEmpty() && m_opInput->findData(current) < 0) {
        m_opInput->addItem(tr("%1 (not published above)").arg(current), current);
    }
    m_opInput->setCurrentIndex(std::max(0, m_opInput->findData(current)));
    const QSignalBlocker blockName(m_opPublish);
    if (!m_opPublish->hasFocus()) m_opPublish->setText(QString::fromStdString(op.publish));
}

void ParameterPanel::editStageLink(const std::string& key, const QString& value) {
    const int at = selectedIndex();
    if (at < 0) return;
    core::Recipe next = m_recipe;
    core::OpInstance& entry = next.operations[std::size_t(at)];
    try {
        core::setOperationParamFromText(m_registry, entry, key, value.toStdString(),
                                        key == "publish" ? "Publish as" : "Reads");
    } catch (const core::InputError& e) {
        // Shown where the user typed it; the document keeps the last good name.
        m_opPublish->setToolTip(QString::fromStdString(e.what()));
        m_opPublish->setStyleSheet(QStringLiteral("color: #c0392b;"));
        return;
    }
    m_opPublish->setStyleSheet(QString());
    if (next == m_recipe) return;
    const QString name = QString::fromStdString(core::operationLabel(m_registry, entry));
    emit recipeEdited(next,
                      key == "publish" ? (value.isEmpty() ? tr("Unpublish %1").arg(name)
                                                          : tr("Publish %1 as %2").arg(name, value))
                                       : (value.isEmpty() ? tr("%1 Reads the Map Below").arg(name)
                                                          : tr("%1 Reads %2").arg(name, value)),
                      {});
}

// None, the masks the entries below make, and the entry's own mask if none of them makes it (so
// the choice stays visible: the evaluation reports it on the entry).
void ParameterPanel::showMaskChoices(const core::OpInstance& op, int index) {
    const QSignalBlocker block(m_opMask);
    m_opMask->clear();
    m_opMask->addItem(tr("None (everywhere)"), QString());
    for (const std::string& name : core::masksBefore(m_registry, m_recipe, std::size_t(index) + 1)) {
        m_opMask->addItem(QString::fromStdString(name), QString::fromStdString(name));
    }
    const QString current = QString::fromStdString(op.mask);
    if (!current.isEmpty() && m_opMask->findData(current) < 0) {
        m_opMask->addItem(tr("%1 (not made below)").arg(current), current);
    }
    m_opMask->setCurrentIndex(std::max(0, m_opMask->findData(current)));
}

void ParameterPanel::editOperationParam(const std::string& key, double value, const QString& label,
                                        const QString& dragKey) {
    const int index = selectedIndex();
    if (index < 0) return;
    core::Recipe next = m_recipe;
    core::OpInstance& op = next.operations[std::size_t(index)];
    if (key == "blend" || key == "weight" || key == "seed_offset") {
        if (key == "blend") op.blend = static_cast<core::BlendMode>(int(std::lround(value)));
        if (key == "weight") op.weight = value;
        if (key == "seed_offset") op.seedOffset = static_cast<std::uint64_t>(std::llround(value));
    } else {
        op.params[key] = value;
    }
    if (next == m_recipe) return;
    const QString name = QString::fromStdString(core::operationLabel(m_registry, op));
    emit recipeEdited(next, tr("Change %1 %2").arg(name, label), mergeKey(key, dragKey));
}

void ParameterPanel::rebuildParams(const core::Algorithm& algorithm) {
    m_base = Controls{};
    m_detail = nullptr;
    delete m_paramBox;

    m_paramBox = new QWidget(this);
    m_form = new QFormLayout(m_paramBox);
    m_form->setContentsMargins(0, 0, 0, 0);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    m_detail = new SliderSpin(algorithm.minDetail, algorithm.maxDetail, 1.0, 0, QString(),
                              m_paramBox);
    m_detail->setHelp(tr("Detail level: the map has 2^detail + 1 samples a side. Detail is "
                         "resolution, not shape: every detail shows the same terrain, a higher "
                         "one with more samples. Levels from %1 up first show every few "
                         "samples of the final map, then the full map.")
                          .arg(GenerationController::kCoarseFromDetail));
    connect(m_detail->slider(), &QSlider::sliderPressed, this, [this] { ++m_dragSerial; });
    connect(m_detail, &SliderSpin::valueEdited, this, [this](double value, const QString& drag) {
        core::Recipe next = m_recipe;
        next.detail = int(std::lround(value));
        if (next == m_recipe) return;
        emit recipeEdited(next, tr("Change detail"), mergeKey("detail", drag));
    });
    // Created with the box: deleting the box deletes it.
    m_size = new QLabel(m_paramBox);
    m_size->setToolTip(tr("Size of the map in samples at this detail."));
    // Wide enough for the largest size, so the panel does not jump when the detail changes.
    m_size->setMinimumWidth(m_size->fontMetrics().horizontalAdvance(QStringLiteral("16385 × 16385")));
    auto* detailRow = new QHBoxLayout;
    detailRow->addWidget(m_detail, 1);
    detailRow->addWidget(m_size);
    m_form->addRow(tr("Detail"), detailRow);

    addControls(m_form, m_paramBox, algorithm.params, m_base,
                [this](const std::string& key, double value, const QString& label,
                       const QString& drag) { editParam(key, value, label, drag); });

    // Insert above the stretch, below the algorithm/seed rows.
    auto* layout = static_cast<QVBoxLayout*>(this->layout());
    layout->insertWidget(1, m_paramBox);
    m_builtAlgorithm = algorithm.id;
}

void ParameterPanel::showValues() {
    const core::Algorithm* algorithm = m_registry.find(m_recipe.algorithm);
    if (!algorithm) return;
    {
        const QSignalBlocker block(m_algorithm);
        m_algorithm->setCurrentIndex(m_algorithm->findData(QString::fromStdString(algorithm->id)));
    }
    QString summary = QString::fromStdString(algorithm->summary);
    if (!m_recipe.baseData.empty()) {
        try {
            summary = tr("%1 (File ▸ Import Heightmap… to change it)")
                          .arg(QString::fromStdString(core::importFromText(m_recipe.baseData, "").file));
        } catch (const std::exception&) {
            // Settings that do not read: the evaluation reports them on the base.
        }
    }
    m_summary->setText(summary);
    {
        const QSignalBlocker block(m_seed);
        m_seed->setValue(m_recipe.seed);
    }
    m_detail->setValue(m_recipe.detail);
    m_size->setText(sizeText(*algorithm, m_recipe.detail));
    for (const auto& [key, value] : m_recipe.params) showControlValue(m_base, key, value);
}

void ParameterPanel::editParam(const std::string& key, double value, const QString& label,
                               const QString& mergeKey) {
    core::Recipe next = m_recipe;
    next.params[key] = value;
    if (next == m_recipe) return;
    emit recipeEdited(next, tr("Change %1").arg(label), this->mergeKey(key, mergeKey));
}

void ParameterPanel::onAlgorithmChosen(int index) {
    const std::string id = m_algorithm->itemData(index).toString().toStdString();
    if (id == m_recipe.algorithm) return;
    const core::Algorithm& algorithm = m_registry.get(id);
    core::Recipe next = core::defaultRecipe(m_registry, id);
    next.seed = m_recipe.seed;
    next.operations = m_recipe.operations;  // the base changes; the operations after it stay
    next.detail = std::clamp(m_recipe.detail, algorithm.minDetail, algorithm.maxDetail);
    emit recipeEdited(next, tr("Change algorithm to %1").arg(QString::fromStdString(algorithm.name)),
                      {});
}

}  // namespace terrain::app
