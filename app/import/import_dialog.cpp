#include "import_dialog.h"

#include "core/cancel.h"
#include "core/errors.h"
#include "core/io/height_mapping.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QPixmap>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>
#include <thread>

namespace terrain::app {
namespace {

constexpr int kPreviewSide = 257;

QString metres(double v) { return QString::number(v, 'f', v == std::round(v) ? 0 : 2) + QStringLiteral(" m"); }

}  // namespace

ImportDialog::ImportDialog(const QString& path, const core::RecipeWorld& world, QWidget* parent)
    : QDialog(parent),
      m_path(path),
      m_world(world),
      m_info(new QLabel(this)),
      m_preview(new QLabel(this)),
      m_error(new QLabel(this)),
      m_height(new QComboBox(this)),
      m_lo(new QDoubleSpinBox(this)),
      m_hi(new QDoubleSpinBox(this)),
      m_resample(new QComboBox(this)),
      m_width(new QDoubleSpinBox(this)),
      m_use(new QComboBox(this)),
      m_blend(new QComboBox(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setWindowTitle(tr("Import Heightmap — %1").arg(QFileInfo(path).fileName()));
    m_info->setObjectName(QStringLiteral("importInfo"));
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_info->setWordWrap(true);
    m_preview->setObjectName(QStringLiteral("importPreview"));
    m_preview->setFixedSize(kPreviewSide, kPreviewSide);
    m_error->setObjectName(QStringLiteral("importError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b00020"));
    m_height->setObjectName(QStringLiteral("importHeight"));
    m_height->addItem(tr("As the file says"), QStringLiteral("auto"));
    m_height->addItem(tr("Metres as stored"), QStringLiteral("metres"));
    m_height->addItem(tr("Codes to a range"), QStringLiteral("range"));
    m_height->setToolTip(tr("How samples become metres: our exports and DEMs say so themselves; 8- and 16-bit "
                            "images need the heights of code 0 and of the largest code"));
    for (QDoubleSpinBox* box : {m_lo, m_hi}) {
        box->setRange(-1e7, 1e7);
        box->setDecimals(3);
        box->setSuffix(QStringLiteral(" m"));
    }
    m_lo->setObjectName(QStringLiteral("importLo"));
    m_hi->setObjectName(QStringLiteral("importHi"));
    m_lo->setValue(world.loMetres);
    m_hi->setValue(world.hiMetres);
    m_lo->setToolTip(tr("Metres at code 0"));
    m_hi->setToolTip(tr("Metres at the largest code (255, 65535; 1 for float images)"));
    m_resample->setObjectName(QStringLiteral("importResample"));
    m_resample->addItem(tr("Nearest"), QStringLiteral("nearest"));
    m_resample->addItem(tr("Bilinear"), QStringLiteral("bilinear"));
    m_resample->addItem(tr("Bicubic"), QStringLiteral("bicubic"));
    m_resample->setCurrentIndex(1);
    m_width->setObjectName(QStringLiteral("importWidth"));
    m_width->setRange(0.0, 4e7);
    m_width->setDecimals(2);
    m_width->setSuffix(QStringLiteral(" m"));
    m_width->setSpecialValueText(tr("as the file says"));
    m_width->setToolTip(tr("The image's west-east span in metres (its samples' spacing × (width − 1)); "
                           "\"as the file says\" takes the georeferencing, our sidecar, or the world's extent"));
    m_use->setObjectName(QStringLiteral("importUse"));
    m_use->addItem(tr("The base (instead of the generator)"));
    m_use->addItem(tr("A layer on top of the stack"));
    m_blend->setObjectName(QStringLiteral("importBlend"));
    for (const std::string& name : core::blendModeNames()) m_blend->addItem(QString::fromStdString(name));

    auto* form = new QFormLayout;
    auto* range = new QHBoxLayout;
    range->addWidget(m_lo);
    range->addWidget(new QLabel(tr("to"), this));
    range->addWidget(m_hi);
    form->addRow(tr("Heights"), m_height);
    form->addRow(tr("Code range"), range);
    form->addRow(tr("Width"), m_width);
    form->addRow(tr("Resampling"), m_resample);
    form->addRow(tr("Use as"), m_use);
    form->addRow(tr("Blend"), m_blend);
    auto* top = new QHBoxLayout;
    top->addWidget(m_preview, 0, Qt::AlignTop);
    auto* right = new QVBoxLayout;
    right->addWidget(m_info);
    right->addLayout(form);
    right->addStretch(1);
    top->addLayout(right, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_height, &QComboBox::currentIndexChanged, this, &ImportDialog::reread);
    connect(m_lo, &QDoubleSpinBox::editingFinished, this, &ImportDialog::reread);
    connect(m_hi, &QDoubleSpinBox::editingFinished, this, &ImportDialog::reread);
    connect(m_resample, &QComboBox::currentIndexChanged, this, &ImportDialog::reread);
    connect(m_width, &QDoubleSpinBox::editingFinished, this, &ImportDialog::reread);
    connect(m_use, &QComboBox::currentIndexChanged, this,
            [this](int index) { m_blend->setEnabled(index == 1); });
    m_blend->setEnabled(false);
    reread();
}

ImportDialog::Choice ImportDialog::choice() const {
    Choice c;
    c.settings.file = QFileInfo(m_path).absoluteFilePath().toStdString();
    const QString height = m_height->currentData().toString();
    if (height == QStringLiteral("metres")) c.settings.height = core::ImportSettings::Height::Metres;
    if (height == QStringLiteral("range")) {
        c.settings.height = core::ImportSettings::Height::Range;
        c.settings.lo = m_lo->value();
        c.settings.hi = m_hi->value();
    }
    const QString resample = m_resample->currentData().toString();
    c.settings.resample = resample == QStringLiteral("nearest")    ? core::ImportSettings::Resample::Nearest
                          : resample == QStringLiteral("bicubic") ? core::ImportSettings::Resample::Bicubic
                                                                   : core::ImportSettings::Resample::Bilinear;
    if (m_width->value() > 0.0 && m_fileWidth >= 2) {
        const double spacing = m_width->value() / double(m_fileWidth - 1);
        c.settings.spacing = std::array<double, 2>{spacing, spacing};
    }
    c.asBase = m_use->currentIndex() == 0;
    c.blend = static_cast<core::BlendMode>(m_blend->currentIndex());
    return c;
}

QString ImportDialog::infoText() const { return m_info->text(); }
QString ImportDialog::errorText() const { return m_error->text(); }

void ImportDialog::reread() {
    const bool range = m_height->currentData().toString() == QStringLiteral("range");
    m_lo->setEnabled(range);
    m_hi->setEnabled(range);
    QString error;
    try {
        const Choice c = choice();
        if (range && !(c.settings.hi > c.settings.lo)) {
            throw core::InputError(tr("Code range").toStdString(), "", "a low below the high");
        }
        const auto source = core::RasterSource::open(c.settings.file, c.settings.raw, "file");
        m_fileWidth = source->info().width;
        const core::ImportPlacement p = core::placeImport(c.settings, *source, m_world.extentMetres, "file");
        const core::RasterInfo& info = p.info;
        QStringList lines;
        lines << tr("%1, %2 × %3 samples of %4").arg(QString::fromStdString(info.format)).arg(info.width).arg(info.height)
                     .arg(QString::fromStdString(info.sampleType));
        lines << tr("Georeferencing: %1").arg(info.crs.empty() ? (info.ours ? tr("our sidecar") : tr("none"))
                                                               : QString::fromStdString(info.crs));
        lines << tr("%1 × %2 m between samples (%3): %4 × %5 across")
                     .arg(p.spacingX, 0, 'g', 6)
                     .arg(p.spacingY, 0, 'g', 6)
                     .arg(QString::fromStdString(p.spacingFrom))
                     .arg(metres(p.spacingX * (p.width - 1)))
                     .arg(metres(p.spacingY * (p.height - 1)));
        lines << tr("Heights: %1").arg(QString::fromStdString(p.heightFrom));
        // The preview: the whole image on 257 x 257 samples, shaded by its own range.
        core::ImportSettings whole = c.settings;
        const double span = std::max(p.spacingX * (p.width - 1), p.spacingY * (p.height - 1));
        whole.origin = std::array<double, 2>{p.originX, p.originY};
        whole.spacing = std::array<double, 2>{p.spacingX, p.spacingY};
        whole.outside = core::ImportSettings::Outside::Value;
        whole.fillMetres = std::numeric_limits<double>::quiet_NaN();
        core::GenerateContext context;
        context.threads = int(std::max(1u, std::thread::hardware_concurrency()));
        core::Heightmap map;
        const double step = span / double(kPreviewSide - 1);
        core::sampleImport(whole, kPreviewSide, step, int(std::lround(p.originX / step)), int(std::lround(-p.originY / step)),
                           kPreviewSide, kPreviewSide, context, map, "file");
        const core::MinMax mm = core::finiteMinMax(map);
        lines << tr("Heights read: %1 to %2").arg(metres(mm.min)).arg(metres(mm.max));
        QImage image(kPreviewSide, kPreviewSide, QImage::Format_Grayscale8);
        const double scale = mm.max > mm.min ? 255.0 / (double(mm.max) - double(mm.min)) : 0.0;
        for (int y = 0; y < kPreviewSide; ++y) {
            uchar* line = image.scanLine(y);
            for (int x = 0; x < kPreviewSide; ++x) {
                const float v = map.at(x, y);
                line[x] = std::isnan(v) ? 0 : uchar(std::lround((double(v) - mm.min) * scale));
            }
        }
        m_preview->setPixmap(QPixmap::fromImage(image));
        m_info->setText(lines.join(QLatin1Char('\n')));
    } catch (const std::exception& e) {
        error = QString::fromUtf8(e.what());
        m_preview->clear();
        if (m_info->text().isEmpty()) m_info->setText(QDir::toNativeSeparators(m_path));
    }
    m_error->setText(error);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(error.isEmpty());
}

}  // namespace terrain::app
