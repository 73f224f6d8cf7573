#pragma once
// File ▸ Export Heightmap…: format, height mapping (normalise, or clamp to lo..hi) and path.
#include "core/io/export.h"

#include <QDialog>
#include <QString>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace terrain::app {

struct ExportSettings {
    QString path;
    core::ExportOptions options;
};

class ExportDialog : public QDialog {
    Q_OBJECT

public:
    ExportDialog(const QString& suggestedPath, QWidget* parent = nullptr);

    // Valid after accept().
    ExportSettings settings() const;

    static QString extensionFor(core::ExportFormat format);  // ".png", ".r16", …

    void accept() override;

private:
    void onFormatChanged();
    void onMappingChanged();
    void browse();
    core::ExportFormat format() const;

    QComboBox* m_format;
    QComboBox* m_mapping;
    QDoubleSpinBox* m_lo;
    QDoubleSpinBox* m_hi;
    QLineEdit* m_path;
    QLabel* m_error;
};

}  // namespace terrain::app
