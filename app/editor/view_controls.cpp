#include "app/editor/view_controls.h"

#include "app/widgets/slider_spin.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QSignalBlocker>

namespace terrain::app {

ViewControls::ViewControls(QWidget* parent)
    : QWidget(parent),
      m_colorMap(new QComboBox(this)),
      m_overlay(new QComboBox(this)),
      m_hillshade(new QCheckBox(tr("Hillshade"), this)),
      m_wireframe(new QCheckBox(tr("Wireframe (3-D)"), this)),
      m_water(new QCheckBox(tr("Water plane (3-D)"), this)) {
    auto* form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    m_colorMap->addItem(tr("Grey"), int(render::ColorMap::Gray));
    m_colorMap->addItem(tr("Terrain"), int(render::ColorMap::Terrain));
    m_colorMap->addItem(tr("Rainbow"), int(render::ColorMap::Rainbow));
    m_colorMap->setToolTip(tr("Colours of the 2-D preview: grey (black low, white high), a "
                              "terrain tint, or a rainbow from blue (low) to red (high)."));
    form->addRow(tr("Colour map"), m_colorMap);
    connect(m_colorMap, &QComboBox::activated, this, [this](int index) {
        ViewSettings next = m_view;
        next.colorMap = render::ColorMap(m_colorMap->itemData(index).toInt());
        edit(next, tr("Change colour map"), {});
    });

    m_overlay->setObjectName(QStringLiteral("overlay"));
    m_overlay->setToolTip(tr("Tint a mask of the stack over both views (red where its weight is 1): the masks "
                             "that mask and erosion operations make, e.g. slope or flow."));
    form->addRow(tr("Overlay"), m_overlay);
    connect(m_overlay, &QComboBox::activated, this, [this](int index) {
        ViewSettings next = m_view;
        next.overlay = m_overlay->itemData(index).toString().toStdString();
        edit(next, next.overlay.empty() ? tr("Hide overlay") : tr("Show overlay %1").arg(m_overlay->itemText(index)),
             {});
    });

    wireCheck(m_hillshade, tr("Shade the 2-D preview as if lit by the light below."),
              &ViewSettings::hillshade);
    form->addRow(QString(), m_hillshade);

    m_heightScale = addSlider(QStringLiteral("heightScale"), tr("Height exaggeration"),
                              kMinHeightScale, kMaxHeightScale, 0.05, 2, QStringLiteral("×"),
                              tr("Vertical exaggeration of the 3-D view (1 = the default relief)."),
                              &ViewSettings::heightScale);
    form->addRow(tr("Height exaggeration"), m_heightScale);

    wireCheck(m_wireframe, tr("Draw the 3-D mesh as lines."), &ViewSettings::wireframe);
    form->addRow(QString(), m_wireframe);

    wireCheck(m_water, tr("Show a flat water plane in the 3-D view."), &ViewSettings::water);
    form->addRow(QString(), m_water);

    m_seaLevel = new SliderSpin(0.0, 100.0, 0.1, 1, QStringLiteral("m"), this);
    m_seaLevel->setObjectName(QStringLiteral("seaLevel"));
    m_seaLevel->setHelp(tr("The world's sea level in metres, where the water plane is drawn: part of the "
                           "recipe (terrain-cli --sea-level), saved with it and an undo step."));
    connect(m_seaLevel, &SliderSpin::valueEdited, this, &ViewControls::seaLevelEdited);
    form->addRow(tr("Sea level"), m_seaLevel);

    m_azimuth = addSlider(QStringLiteral("azimuth"), tr("Light azimuth"), 0.0, 360.0, 1.0, 0,
                          QStringLiteral("°"),
                          tr("Compass direction the light comes from (0 = north, 90 = east)."),
                          &ViewSettings::lightAzimuth_deg);
    form->addRow(tr("Light azimuth"), m_azimuth);

    m_elevation = addSlider(QStringLiteral("elevation"), tr("Light elevation"),
                            kMinLightElevation_deg, kMaxLightElevation_deg, 1.0, 0,
                            QStringLiteral("°"), tr("Height of the light above the horizon."),
                            &ViewSettings::lightElevation_deg);
    form->addRow(tr("Light elevation"), m_elevation);

    setView(m_view);
}

void ViewControls::wireCheck(QCheckBox* check, const QString& help, bool ViewSettings::*field) {
    check->setToolTip(help);
    connect(check, &QCheckBox::toggled, this, [this, check, field](bool on) {
        ViewSettings next = m_view;
        next.*field = on;
        edit(next, (on ? tr("Turn on %1") : tr("Turn off %1")).arg(check->text()), {});
    });
}

SliderSpin* ViewControls::addSlider(const QString& key, const QString& label, double min,
                                    double max, double step, int decimals, const QString& unit,
                                    const QString& help, float ViewSettings::*field) {
    auto* control = new SliderSpin(min, max, step, decimals, unit, this);
    control->setHelp(help);
    connect(control, &SliderSpin::valueEdited, this,
            [this, key, label, field](double value, const QString& drag) {
                ViewSettings next = m_view;
                next.*field = float(value);
                edit(next, tr("Change %1").arg(label.toLower()),
                     drag.isEmpty() ? QString() : QStringLiteral("view.") + key + drag);
            });
    return control;
}

void ViewControls::setSeaLevel(double metres, double loMetres, double hiMetres) {
    // Down to a range below the floor: a sea level under the lowest point is a dry map.
    m_seaLevel->setRange(loMetres - (hiMetres - loMetres), hiMetres);
    m_seaLevel->setValue(metres);
}

void ViewControls::setMasks(const std::vector<std::string>& names) {
    if (names == m_masks) return;
    m_masks = names;
    fillOverlays();
}

// "None", the stack's masks, and the document's overlay if the stack no longer makes it (shown
// as missing, so the choice is visible and can be changed back).
void ViewControls::fillOverlays() {
    const QSignalBlocker block(m_overlay);
    m_overlay->clear();
    m_overlay->addItem(tr("None"), QString());
    for (const std::string& name : m_masks) {
        m_overlay->addItem(QString::fromStdString(name), QString::fromStdString(name));
    }
    const QString current = QString::fromStdString(m_view.overlay);
    if (!current.isEmpty() && m_overlay->findData(current) < 0) {
        m_overlay->addItem(tr("%1 (not made by the stack)").arg(current), current);
    }
    m_overlay->setCurrentIndex(std::max(0, m_overlay->findData(current)));
}

void ViewControls::setView(const ViewSettings& view) {
    m_view = view;
    {
        const QSignalBlocker block(m_colorMap);
        m_colorMap->setCurrentIndex(m_colorMap->findData(int(view.colorMap)));
    }
    fillOverlays();
    for (auto [check, on] : {std::pair{m_hillshade, view.hillshade},
                             std::pair{m_wireframe, view.wireframe},
                             std::pair{m_water, view.water}}) {
        const QSignalBlocker block(check);
        check->setChecked(on);
    }
    m_heightScale->setValue(double(view.heightScale));
    m_seaLevel->setEnabled(view.water);
    m_azimuth->setValue(double(view.lightAzimuth_deg));
    m_elevation->setValue(double(view.lightElevation_deg));
}

void ViewControls::edit(ViewSettings next, const QString& text, const QString& mergeKey) {
    if (next == m_view) return;
    emit viewEdited(next, text, mergeKey);
}

}  // namespace terrain::app
