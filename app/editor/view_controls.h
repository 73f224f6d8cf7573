#pragma once
// How the terrain is shown: colour map, hillshade, height exaggeration, wireframe, water (at the
// recipe's sea level, which this panel also edits) and the light direction. Like the parameter panel it shows the settings given to setView() and reports
// each user edit as a whole new ViewSettings.
#include "app/document/document_state.h"

#include <QString>

#include <string>
#include <vector>
#include <QWidget>

class QCheckBox;
class QComboBox;

namespace terrain::app {

class SliderSpin;

class ViewControls : public QWidget {
    Q_OBJECT

public:
    explicit ViewControls(QWidget* parent = nullptr);

    void setView(const ViewSettings& view);
    // The masks the document's stack makes (core::masksBefore), offered as overlays.
    void setMasks(const std::vector<std::string>& names);
    const ViewSettings& view() const { return m_view; }

    QComboBox* colorMapCombo() const { return m_colorMap; }
    QComboBox* overlayCombo() const { return m_overlay; }
    QCheckBox* hillshadeCheck() const { return m_hillshade; }
    SliderSpin* heightScaleControl() const { return m_heightScale; }
    QCheckBox* wireframeCheck() const { return m_wireframe; }
    QCheckBox* waterCheck() const { return m_water; }
    // The water plane is the recipe's sea level: shown here, edited through seaLevelEdited.
    SliderSpin* seaLevelControl() const { return m_seaLevel; }
    void setSeaLevel(double metres, double loMetres, double hiMetres);
    SliderSpin* azimuthControl() const { return m_azimuth; }
    SliderSpin* elevationControl() const { return m_elevation; }

signals:
    void viewEdited(const terrain::app::ViewSettings& view, const QString& text,
                    const QString& mergeKey);
    // The user moved the sea level (metres); `dragKey` as SliderSpin's.
    void seaLevelEdited(double metres, const QString& dragKey);

private:
    void edit(ViewSettings next, const QString& text, const QString& mergeKey);
    void fillOverlays();
    void wireCheck(QCheckBox* check, const QString& help, bool ViewSettings::*field);
    SliderSpin* addSlider(const QString& key, const QString& label, double min, double max,
                          double step, int decimals, const QString& unit, const QString& help,
                          float ViewSettings::*field);

    ViewSettings m_view;
    QComboBox* m_colorMap;
    QComboBox* m_overlay;
    std::vector<std::string> m_masks;
    QCheckBox* m_hillshade;
    SliderSpin* m_heightScale = nullptr;
    QCheckBox* m_wireframe;
    QCheckBox* m_water;
    SliderSpin* m_seaLevel = nullptr;
    SliderSpin* m_azimuth = nullptr;
    SliderSpin* m_elevation = nullptr;
};

}  // namespace terrain::app
