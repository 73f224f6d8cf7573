#include "export_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace terrain::app {

namespace {

struct FormatEntry {
    core::ExportFormat format;
    const char* label;
};

const FormatEntry kFormats[] = {
    {core::ExportFormat::Png16, "PNG, 16-bit greyscale (png16)"},
    {core::ExportFormat::Png8, "PNG, 8-bit greyscale (png8)"},
    {core::ExportFormat::Raw16, "RAW, 16-bit little-endian (raw16: Unity, Unreal)"},
    {core::ExportFormat::Pgm, "PGM, 16-bit binary (pgm)"},
    {core::ExportFormat::Txt, "Text, one value a line (txt)"},
    {core::ExportFormat::Raw32, "RAW, 32-bit float metres (raw32)"},
    {core::ExportFormat::Exr, "OpenEXR, 32-bit float metres (exr)"},
    {core::ExportFormat::Tiff32, "TIFF, 32-bit float metres (tiff32)"},
    {core::ExportFormat::Obj, "Mesh: Wavefront OBJ in metres (obj)"},
    {core::ExportFormat::Glb, "Mesh: binary glTF in metres (glb)"},
    {core::ExportFormat::Normal, "Normal map, 8-bit, OpenGL green (normal)"},
    {core::ExportFormat::NormalDx, "Normal map, 8-bit, DirectX green (normal-dx)"},
    {core::ExportFormat::Normal16, "Normal map, 16-bit, OpenGL green (normal16)"},
    {core::ExportFormat::Normal16Dx, "Normal map, 16-bit, DirectX green (normal16-dx)"},
    {core::ExportFormat::Hillshade, "Hillshade picture, 8-bit RGB"},
    {core::ExportFormat::Colour, "Colour-mapped picture, 8-bit RGB"},
};

QDoubleSpinBox* makeLimitBox(double value, QWidget* parent) {
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(-1.0e6, 1.0e6);
    box->setDecimals(4);
    box->setSingleStep(0.1);
    box->setValue(value);
    return box;
}

}  // namespace

ExportDialog::ExportDialog(const QString& suggestedPath, QWidget* parent)
    : QDialog(parent),
      m_format(new QComboBox(this)),
      m_mapping(new QComboBox(this)),
      m_lo(makeLimitBox(0.0, this)),
      m_hi(makeLimitBox(1.0, this)),
      m_path(new QLineEdit(suggestedPath, this)),
      m_error(new QLabel(this)) {
    setWindowTitle(tr("Export Heightmap"));
    for (const FormatEntry& entry : kFormats) {
        m_format->addItem(tr(entry.label), int(entry.format));
    }
    m_mapping->addItem(tr("Normalise: lowest point → 0, highest → full scale"));
    m_mapping->addItem(tr("Clamp: heights from Low to High → 0 … full scale"));
    m_mapping->setToolTip(tr("How raw heights become integer codes. The text format writes raw "
                             "heights and ignores the mapping."));
    m_lo->setToolTip(tr("Heights at or below this become 0"));
    m_hi->setToolTip(tr("Heights at or above this become full scale"));
    m_error->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_error->setWordWrap(true);

    auto* browseButton = new QPushButton(tr("Browse…"), this);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browseButton);

    auto* form = new QFormLayout;
    form->addRow(tr("Format"), m_format);
    form->addRow(tr("Mapping"), m_mapping);
    form->addRow(tr("Low"), m_lo);
    form->addRow(tr("High"), m_hi);
    form->addRow(tr("File"), pathRow);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ExportDialog::reject);
    connect(browseButton, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::onFormatChanged);
    connect(m_mapping, &QComboBox::currentIndexChanged, this, &ExportDialog::onMappingChanged);
    onFormatChanged();
    onMappingChanged();
    resize(560, sizeHint().height());
}

QString ExportDialog::extensionFor(core::ExportFormat format) {
    return QString::fromStdString(core::exportFormatExtension(format));
}

core::ExportFormat ExportDialog::format() const {
    return core::ExportFormat(m_format->currentData().toInt());
}

ExportSettings ExportDialog::settings() const {
    ExportSettings settings;
    settings.path = m_path->text().trimmed();
    settings.options.format = format();
    if (m_mapping->currentIndex() == 1) {
        settings.options.mapping.mode = core::HeightMapping::Mode::Clamp;
        settings.options.mapping.lo = float(m_lo->value());
        settings.options.mapping.hi = float(m_hi->value());
    }
    return settings;
}

void ExportDialog::accept() {
    const ExportSettings s = settings();
    if (s.path.isEmpty()) {
        m_error->setText(tr("File: choose where to write the heightmap."));
        return;
    }
    if (s.options.mapping.mode == core::HeightMapping::Mode::Clamp &&
        !(s.options.mapping.hi > s.options.mapping.lo)) {
        m_error->setText(tr("High: %1 is not allowed; expected a value greater than Low (%2).")
                             .arg(m_hi->value())
                             .arg(m_lo->value()));
        return;
    }
    QDialog::accept();
}

void ExportDialog::onFormatChanged() {
    const QString path = m_path->text().trimmed();
    if (path.isEmpty()) return;
    const QFileInfo info(path);
    QString base = info.fileName();
    const qsizetype dot = base.lastIndexOf(QLatin1Char('.'));
    if (dot > 0) base.truncate(dot);
    m_path->setText(info.dir().filePath(base + extensionFor(format())));
}

void ExportDialog::onMappingChanged() {
    const bool clamp = m_mapping->currentIndex() == 1;
    m_lo->setEnabled(clamp);
    m_hi->setEnabled(clamp);
}

void ExportDialog::browse() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Heightmap To"),
                                                      m_path->text());
    if (!path.isEmpty()) m_path->setText(path);
}

}  // namespace terrain::app
