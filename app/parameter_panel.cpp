#include "parameter_panel.h"

#include "generation_controller.h"
#include "seed_spin_box.h"
#include "slider_spin.h"

#include "core/registry.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRandomGenerator>
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
      m_seed(new SeedSpinBox(this)) {
    for (const core::Algorithm& algorithm : m_registry.algorithms()) {
        m_algorithm->addItem(QString::fromStdString(algorithm.name),
                             QString::fromStdString(algorithm.id));
        m_algorithm->setItemData(m_algorithm->count() - 1,
                                 QString::fromStdString(algorithm.summary), Qt::ToolTipRole);
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

    auto* top = new QFormLayout;
    top->addRow(tr("Algorithm"), m_algorithm);
    top->addRow(m_summary);
    top->addRow(tr("Seed"), seedRow);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
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
}

void ParameterPanel::newSeed() {
    core::Recipe next = m_recipe;
    do {
        next.seed = QRandomGenerator::global()->generate();
    } while (next.seed == m_recipe.seed);
    emit recipeEdited(next, tr("New seed"), {});
}

SliderSpin* ParameterPanel::numberControl(const std::string& key) const {
    const auto it = m_numbers.find(key);
    return it == m_numbers.end() ? nullptr : it->second;
}

QComboBox* ParameterPanel::choiceControl(const std::string& key) const {
    const auto it = m_choices.find(key);
    return it == m_choices.end() ? nullptr : it->second;
}

QCheckBox* ParameterPanel::flagControl(const std::string& key) const {
    const auto it = m_flags.find(key);
    return it == m_flags.end() ? nullptr : it->second;
}

void ParameterPanel::rebuildParams(const core::Algorithm& algorithm) {
    m_numbers.clear();
    m_choices.clear();
    m_flags.clear();
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
    connect(m_detail, &SliderSpin::valueEdited, this, [this](double value, const QString& drag) {
        core::Recipe next = m_recipe;
        next.detail = int(std::lround(value));
        if (next == m_recipe) return;
        emit recipeEdited(next, tr("Change detail"),
                          drag.isEmpty() ? QString() : QStringLiteral("detail:") + drag);
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

    for (const core::ParamSpec& spec : algorithm.params) {
        const QString label = QString::fromStdString(spec.label);
        const QString help = QString::fromStdString(spec.help);
        const std::string key = spec.key;
        switch (spec.kind) {
        case core::ParamKind::Real:
        case core::ParamKind::Integer: {
            const int decimals =
                spec.kind == core::ParamKind::Integer ? 0 : decimalsForStep(spec.step);
            auto* control = new SliderSpin(spec.min, spec.max, spec.step, decimals,
                                           QString::fromStdString(spec.unit), m_paramBox);
            control->setHelp(help);
            connect(control, &SliderSpin::valueEdited, this,
                    [this, key, label](double value, const QString& drag) {
                        editParam(key, value, label, drag);
                    });
            m_numbers[key] = control;
            m_form->addRow(label, control);
            break;
        }
        case core::ParamKind::Choice: {
            auto* combo = new QComboBox(m_paramBox);
            for (const std::string& choice : spec.choices) {
                combo->addItem(QString::fromStdString(choice));
            }
            combo->setToolTip(help);
            connect(combo, &QComboBox::activated, this, [this, key, label](int index) {
                editParam(key, double(index), label, {});
            });
            m_choices[key] = combo;
            m_form->addRow(label, combo);
            break;
        }
        case core::ParamKind::Flag: {
            auto* check = new QCheckBox(label, m_paramBox);
            check->setToolTip(help);
            connect(check, &QCheckBox::toggled, this, [this, key, label](bool on) {
                editParam(key, on ? 1.0 : 0.0, label, {});
            });
            m_flags[key] = check;
            m_form->addRow(QString(), check);
            break;
        }
        }
    }

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
    m_summary->setText(QString::fromStdString(algorithm->summary));
    {
        const QSignalBlocker block(m_seed);
        m_seed->setValue(m_recipe.seed);
    }
    m_detail->setValue(m_recipe.detail);
    m_size->setText(sizeText(*algorithm, m_recipe.detail));
    for (const auto& [key, value] : m_recipe.params) {
        if (SliderSpin* number = numberControl(key)) {
            number->setValue(value);
        } else if (QComboBox* combo = choiceControl(key)) {
            const QSignalBlocker block(combo);
            combo->setCurrentIndex(int(std::lround(value)));
        } else if (QCheckBox* check = flagControl(key)) {
            const QSignalBlocker block(check);
            check->setChecked(value != 0.0);
        }
    }
}

void ParameterPanel::editParam(const std::string& key, double value, const QString& label,
                               const QString& mergeKey) {
    core::Recipe next = m_recipe;
    next.params[key] = value;
    if (next == m_recipe) return;
    emit recipeEdited(next, tr("Change %1").arg(label),
                      mergeKey.isEmpty() ? QString()
                                         : QString::fromStdString(key) + QLatin1Char(':') +
                                               mergeKey);
}

void ParameterPanel::onAlgorithmChosen(int index) {
    const std::string id = m_algorithm->itemData(index).toString().toStdString();
    if (id == m_recipe.algorithm) return;
    const core::Algorithm& algorithm = m_registry.get(id);
    core::Recipe next = core::defaultRecipe(m_registry, id);
    next.seed = m_recipe.seed;
    next.detail = std::clamp(m_recipe.detail, algorithm.minDetail, algorithm.maxDetail);
    emit recipeEdited(next, tr("Change algorithm to %1").arg(QString::fromStdString(algorithm.name)),
                      {});
}

}  // namespace terrain::app
