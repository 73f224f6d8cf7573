#pragma once
// File ▸ Export Heightmap…: engine preset, format, world size (the document's), height mapping,
// output size, tiles, triangle target and path. It says live what it will write and the numbers
// to type into the engine, and refuses (OK disabled, message naming the field) what core would
// refuse; export_plan.h holds that logic without the widgets.
#include "app/document/document_state.h"
#include "app/export/export_plan.h"

#include <QDialog>
#include <QSize>
#include <QString>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace terrain::app {

class ExportDialog : public QDialog {
    Q_OBJECT

public:
    // `source`: the size of the map the export starts from; `world`: the document's world size.
    ExportDialog(const QString& suggestedPath, QSize source, const WorldSize& world,
                 QWidget* parent = nullptr);

    // Shows earlier choices (the last export's); the world size stays the document's.
    void setChoices(const ExportSettings& settings);
    // The masks the document's stack makes: what a splat layer's mask:ID may name.
    void setMasks(std::vector<std::string> masks);
    // What the dialog shows, as core's request; request.world is worldSize()'s.
    ExportSettings settings() const;
    // The world size fields; a field left as it was keeps the document's exact value.
    WorldSize worldSize() const;

    // What the dialog says about the current choices (also on screen).
    const ExportPreview& preview() const { return m_preview; }
    QPushButton* exportButton() const { return m_exportButton; }

    void accept() override;

private:
    QWidget* buildTarget();
    QWidget* buildWorld();
    QWidget* buildMapping();
    QWidget* buildSizeAndTiles();
    QWidget* buildSplat();
    QWidget* buildEngineSettings();
    void connectFields();
    void setWorldFields(const WorldSize& world);
    void onPresetChanged();
    void suggestSize();
    void onFormatChanged();
    void updateFormatItems();
    void updateEnabled();
    void refresh();
    void browse();
    const core::EnginePreset* preset() const;
    core::ExportFormat format() const;

    QSize m_source;
    WorldSize m_world;  // the document's, exact
    double m_shownMetresPerPixel = 0.0;  // what the fields showed for it (rounded to decimals)
    double m_shownLow = 0.0;
    double m_shownHigh = 0.0;
    bool m_applying = false;  // setting fields from code: no refresh per field
    ExportPreview m_preview;
    std::vector<std::string> m_masks;

    QComboBox* m_preset;
    QComboBox* m_format;
    QDoubleSpinBox* m_metresPerPixel;
    QDoubleSpinBox* m_heightLow;
    QDoubleSpinBox* m_heightHigh;
    QComboBox* m_mapping;
    QDoubleSpinBox* m_clampLow;
    QDoubleSpinBox* m_clampHigh;
    QComboBox* m_sizeMode;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QComboBox* m_resize;
    QCheckBox* m_tiles;
    QSpinBox* m_columns;
    QSpinBox* m_rows;
    QCheckBox* m_sharedBorder;
    QComboBox* m_tilePattern;
    QSpinBox* m_triangles;
    QLineEdit* m_splatLayers;
    QSpinBox* m_splatSize;
    QLineEdit* m_path;
    QGroupBox* m_settingsBox;
    QPlainTextEdit* m_engineSettings;
    QLabel* m_summary;
    QLabel* m_error;
    QPushButton* m_exportButton;
};

}  // namespace terrain::app
