#pragma once
// File ▸ Import Heightmap's dialog (docs/importing.md): what the file holds (format, size, sample
// type, georeferencing, spacing, heights), a preview, the height mapping, the filter, and whether
// it becomes the base or a layer. Every change re-reads the file; a file that cannot be used says
// why in the dialog and OK stays off.
#include "core/io/import.h"
#include "core/recipe_world.h"
#include "core/stack/operation.h"

#include <QDialog>
#include <QString>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;

namespace terrain::app {

class ImportDialog : public QDialog {
    Q_OBJECT

public:
    struct Choice {
        core::ImportSettings settings;
        bool asBase = true;
        core::BlendMode blend = core::BlendMode::Add;
    };

    // `world`: the document's (an image without spacing spans its extent).
    ImportDialog(const QString& path, const core::RecipeWorld& world, QWidget* parent = nullptr);

    Choice choice() const;
    // What the dialog shows about the file, and why it cannot be used (empty when it can).
    QString infoText() const;
    QString errorText() const;

private:
    void reread();

    QString m_path;
    core::RecipeWorld m_world;
    QLabel* m_info;
    QLabel* m_preview;
    QLabel* m_error;
    QComboBox* m_height;
    QDoubleSpinBox* m_lo;
    QDoubleSpinBox* m_hi;
    QComboBox* m_resample;
    QDoubleSpinBox* m_width;  // the image's west-east span in metres; 0: as the file says
    int m_fileWidth = 0;      // samples across the used part, from the last read
    QComboBox* m_use;
    QComboBox* m_blend;
    QDialogButtonBox* m_buttons;
};

}  // namespace terrain::app
