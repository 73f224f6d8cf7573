#include "app/export/export_dialog.h"

#include "app/export/heightmap_export.h"

#include "core/world_scale.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace terrain::app {

namespace {

struct FormatEntry {
    core::ExportFormat format;
    const char* label;
};

const FormatEntry kFormats[] = {
    {core::ExportFormat::Png16, "PNG, 16-bit greyscale (png16)"},
    {core::ExportFormat::Png8, "PNG, 8-bit greyscale (png8)"},
    {core::ExportFormat::Raw16, "RAW, 16-bit little-endian (raw16)"},
    {core::ExportFormat::Pgm, "PGM, 16-bit binary (pgm)"},
    {core::ExportFormat::Txt, "Text, one raw value a line (txt)"},
    {core::ExportFormat::Raw32, "RAW, 32-bit float metres (raw32)"},
    {core::ExportFormat::Exr, "OpenEXR, 32-bit float metres (exr)"},
    {core::ExportFormat::Tiff32, "TIFF, 32-bit float metres (tiff32)"},
    {core::ExportFormat::Obj, "Mesh: Wavefront OBJ in metres (obj)"},
    {core::ExportFormat::Glb, "Mesh: binary glTF in metres (glb)"},
    {core::ExportFormat::Normal, "Normal map, 8-bit, OpenGL green (normal)"},
    {core::ExportFormat::NormalDx, "Normal map, 8-bit, DirectX green (normal-dx)"},
    {core::ExportFormat::Normal16, "Normal map, 16-bit, OpenGL green (normal16)"},
    {core::ExportFormat::Normal16Dx, "Normal map, 16-bit, DirectX green (normal16-dx)"},
    {core::ExportFormat::Hillshade, "Hillshade picture, 8-bit RGB (hillshade)"},
    {core::ExportFormat::Colour, "Colour-mapped picture, 8-bit RGB (colour)"},
};

// Wider than core allows, so that a value core refuses gets its message instead of being
// silently clamped by the field.
constexpr double kHeightFieldLimit = 1.0e8;
constexpr double kMetresPerPixelFieldLimit = 1.0e7;

template <typename Widget>
Widget* named(Widget* widget, const char* name) {
    widget->setObjectName(QString::fromLatin1(name));
    return widget;
}

QDoubleSpinBox* makeNumberBox(const char* name, double limit, double low, int decimals,
                              const QString& suffix, QWidget* parent) {
    auto* box = named(new QDoubleSpinBox(parent), name);
    box->setRange(low, limit);
    box->setDecimals(decimals);
    box->setSuffix(suffix);
    box->setAccelerated(true);
    return box;
}

QSpinBox* makeCountBox(const char* name, int low, int high, QWidget* parent) {
    auto* box = named(new QSpinBox(parent), name);
    box->setRange(low, high);
    return box;
}

QFormLayout* makeForm(QGroupBox* box) {
    auto* form = new QFormLayout(box);
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    return form;
}

bool isMesh(core::ExportFormat format) {
    return format == core::ExportFormat::Obj || format == core::ExportFormat::Glb;
}

// Keeps a value the user did not touch at the document's exact value (a field rounds it).
double exactUnlessEdited(double fieldValue, double shown, double exact) {
    return fieldValue == shown ? exact : fieldValue;
}

}  // namespace

ExportDialog::ExportDialog(const QString& suggestedPath, QSize source, const WorldSize& world,
                           QWidget* parent)
    : QDialog(parent),
      m_source(source),
      m_world(world),
      m_preset(named(new QComboBox(this), "preset")),
      m_format(named(new QComboBox(this), "format")),
      m_metresPerPixel(makeNumberBox("metresPerPixel", kMetresPerPixelFieldLimit, 0.0, 4,
                                     tr(" m"), this)),
      m_heightLow(makeNumberBox("heightLow", kHeightFieldLimit, -kHeightFieldLimit, 2, tr(" m"),
                                this)),
      m_heightHigh(makeNumberBox("heightHigh", kHeightFieldLimit, -kHeightFieldLimit, 2,
                                 tr(" m"), this)),
      m_mapping(named(new QComboBox(this), "mapping")),
      m_clampLow(makeNumberBox("clampLow", 1.0e6, -1.0e6, 4, QString(), this)),
      m_clampHigh(makeNumberBox("clampHigh", 1.0e6, -1.0e6, 4, QString(), this)),
      m_sizeMode(named(new QComboBox(this), "sizeMode")),
      m_width(makeCountBox("outputWidth", 2, core::kMaxOutputSide, this)),
      m_height(makeCountBox("outputHeight", 2, core::kMaxOutputSide, this)),
      m_resize(named(new QComboBox(this), "resizeMode")),
      m_tiles(named(new QCheckBox(tr("Split into"), this), "tiles")),
      m_columns(makeCountBox("tileColumns", 1, core::kMaxTiles, this)),
      m_rows(makeCountBox("tileRows", 1, core::kMaxTiles, this)),
      m_sharedBorder(named(new QCheckBox(tr("Neighbours share their edge samples"), this),
                           "sharedBorder")),
      m_tilePattern(named(new QComboBox(this), "tilePattern")),
      m_triangles(makeCountBox("triangles", 0, std::numeric_limits<int>::max(), this)),
      m_splatLayers(named(new QLineEdit(this), "splatLayers")),
      m_splatSize(makeCountBox("splatSize", 0, core::kMaxOutputSide, this)),
      m_path(named(new QLineEdit(suggestedPath, this), "path")),
      m_settingsBox(new QGroupBox(this)),
      m_engineSettings(named(new QPlainTextEdit(this), "engineSettings")),
      m_summary(named(new QLabel(this), "summary")),
      m_error(named(new QLabel(this), "error")),
      m_exportButton(nullptr) {
    setWindowTitle(tr("Export Heightmap"));
    m_applying = true;

    auto* left = new QVBoxLayout;
    left->addWidget(buildTarget());
    left->addWidget(buildWorld());
    left->addWidget(buildMapping());
    left->addWidget(buildSizeAndTiles());
    left->addWidget(buildSplat());
    left->addStretch(1);

    auto* columns = new QHBoxLayout;
    columns->addLayout(left, 1);
    columns->addWidget(buildEngineSettings(), 1);

    m_error->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setWordWrap(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_exportButton = buttons->button(QDialogButtonBox::Ok);
    m_exportButton->setText(tr("Export"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(m_summary);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ExportDialog::reject);

    setWorldFields(world);
    m_width->setValue(source.width());
    m_height->setValue(source.height());
    m_columns->setValue(2);
    m_rows->setValue(2);
    m_sharedBorder->setChecked(true);
    connectFields();
    m_applying = false;
    updateFormatItems();
    onFormatChanged();
    resize(1040, sizeHint().height());
}

QWidget* ExportDialog::buildTarget() {
    auto* box = new QGroupBox(tr("Engine and format"), this);
    m_preset->addItem(tr("None: choose the format and size freely"), QString());
    for (const core::EnginePreset& preset : core::enginePresets()) {
        m_preset->addItem(QStringLiteral("%1 (%2)").arg(QString::fromUtf8(preset.engine),
                                                        QString::fromUtf8(preset.id)),
                          QString::fromUtf8(preset.id));
    }
    m_preset->setToolTip(tr("Picks the format the engine imports, checks the size it accepts and "
                            "lists the numbers to type on import (terrain-cli --preset)"));
    for (const FormatEntry& entry : kFormats) m_format->addItem(tr(entry.label), int(entry.format));
    m_triangles->setSpecialValueText(tr("every sample"));
    m_triangles->setSingleStep(10000);
    m_triangles->setToolTip(tr("Meshes: at most this many triangles (at least 2), the mesh "
                               "simplified by error (terrain-cli --triangles)"));
    auto* browseButton = named(new QPushButton(tr("Browse…"), this), "browse");
    connect(browseButton, &QPushButton::clicked, this, &ExportDialog::browse);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browseButton);

    QFormLayout* form = makeForm(box);
    form->addRow(tr("Engine preset"), m_preset);
    form->addRow(tr("Format"), m_format);
    form->addRow(tr("Triangle target"), m_triangles);
    form->addRow(tr("File"), pathRow);
    return box;
}

QWidget* ExportDialog::buildWorld() {
    auto* box = new QGroupBox(tr("World size (saved in the document)"), this);
    m_metresPerPixel->setSingleStep(0.5);
    m_metresPerPixel->setToolTip(tr("Distance between neighbouring samples; the map spans "
                                    "(width − 1) × this (terrain-cli --metres-per-pixel)"));
    m_heightLow->setToolTip(tr("Metres of the lowest mapped height (terrain-cli --height-range "
                               "LOW:HIGH)"));
    m_heightHigh->setToolTip(tr("Metres of the highest mapped height (terrain-cli --height-range "
                                "LOW:HIGH)"));
    QFormLayout* form = makeForm(box);
    form->addRow(tr("Metres per pixel"), m_metresPerPixel);
    form->addRow(tr("Height low"), m_heightLow);
    form->addRow(tr("Height high"), m_heightHigh);
    return box;
}

QWidget* ExportDialog::buildMapping() {
    auto* box = new QGroupBox(tr("Height mapping"), this);
    m_mapping->addItem(tr("World: the terrain's own scale, the same metres at every detail"),
                       int(core::HeightMapping::Mode::World));
    m_mapping->addItem(tr("Normalise: this map's lowest point → Height low, highest → Height high"),
                       int(core::HeightMapping::Mode::Normalize));
    m_mapping->addItem(tr("Clamp: raw heights from Clamp low to Clamp high"),
                       int(core::HeightMapping::Mode::Clamp));
    m_mapping->setToolTip(tr("Which raw heights become the ends of the range (terrain-cli --map). "
                             "World maps the terrain's range at detail %1 to Height low..high, so "
                             "a point keeps its height when the detail changes. The text format "
                             "writes raw heights.")
                              .arg(core::kReferenceDetail));
    m_clampLow->setValue(0.0);
    m_clampHigh->setValue(1.0);
    m_clampLow->setToolTip(tr("Raw heights at or below this become Height low"));
    m_clampHigh->setToolTip(tr("Raw heights at or above this become Height high"));
    auto* clampRow = new QHBoxLayout;
    clampRow->addWidget(new QLabel(tr("Clamp low"), this));
    clampRow->addWidget(m_clampLow, 1);
    clampRow->addWidget(new QLabel(tr("Clamp high"), this));
    clampRow->addWidget(m_clampHigh, 1);
    QFormLayout* form = makeForm(box);
    form->addRow(tr("Mapping"), m_mapping);
    form->addRow(QString(), clampRow);
    return box;
}

QWidget* ExportDialog::buildSizeAndTiles() {
    auto* box = new QGroupBox(tr("Output size and tiles"), this);
    m_sizeMode->addItem(tr("Keep %1 × %2").arg(m_source.width()).arg(m_source.height()));
    m_sizeMode->addItem(tr("Change to"));
    for (const core::ResizeMode mode : {core::ResizeMode::Bicubic, core::ResizeMode::Crop}) {
        m_resize->addItem(resizeModeText(mode), int(mode));
    }
    m_sizeMode->setToolTip(tr("terrain-cli --size WxH --resize bicubic|crop"));
    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_sizeMode);
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(m_height);
    sizeRow->addWidget(m_resize);
    sizeRow->addStretch(1);

    m_tilePattern->addItem(tr("Unreal: NAME_x0_y0.EXT"),
                           QString::fromLatin1(core::kUnrealTilePattern));
    m_tilePattern->addItem(tr("Generic: NAME-r0-c0.EXT"),
                           QString::fromLatin1(core::kGenericTilePattern));
    m_tilePattern->addItem(tr("Unity Terrain Toolbox: NAME_00_00.EXT (column, row from the south)"),
                           QString::fromLatin1(core::kUnityTilePattern));
    m_tiles->setToolTip(tr("terrain-cli --tiles NxM: N columns (west to east), M rows (north to "
                           "south)"));
    m_sharedBorder->setToolTip(tr("terrain-cli --tile-border 1: neighbouring tiles repeat their "
                                  "shared edge, as Unreal and Unity expect"));
    m_tilePattern->setToolTip(tr("terrain-cli --tile-pattern; x is the column, y the row from the north, z the row from the south"));
    auto* tileRow = new QHBoxLayout;
    tileRow->addWidget(m_tiles);
    tileRow->addWidget(m_columns);
    tileRow->addWidget(new QLabel(QStringLiteral("×"), this));
    tileRow->addWidget(m_rows);
    tileRow->addWidget(new QLabel(tr("tiles"), this));
    tileRow->addStretch(1);

    QFormLayout* form = makeForm(box);
    form->addRow(tr("Output size"), sizeRow);
    form->addRow(tr("Tiles"), tileRow);
    form->addRow(tr("Shared border"), m_sharedBorder);
    form->addRow(tr("Tile names"), m_tilePattern);
    return box;
}

QWidget* ExportDialog::buildSplat() {
    auto* box = new QGroupBox(tr("Splat maps (material weights beside the heightmap)"), this);
    m_splatLayers->setPlaceholderText(tr("none — e.g. rock=slope>35 sand=mask:deposition grass=rest"));
    m_splatLayers->setToolTip(
        tr("Layers in order, separated by spaces or commas: NAME=RULE with RULE slope>DEG, slope<DEG, "
           "height>M, height<M (each with an optional ~SOFT edge), mask:ID (a mask the stack makes) or "
           "rest. Each layer takes what its rule selects of what the layers before it left; the "
           "weights of every pixel sum to one (terrain-cli --splat)."));
    m_splatSize->setSpecialValueText(tr("automatic"));
    m_splatSize->setToolTip(tr("Side of the splat maps in pixels; automatic: Unity's control texture "
                               "(a power of two) for the Unity preset, else the heightmap's size (Godot "
                               "HTerrain, Terrain3D and Unreal take no other) (terrain-cli --splat-size)"));
    QFormLayout* form = makeForm(box);
    form->addRow(tr("Splat layers"), m_splatLayers);
    form->addRow(tr("Splat size"), m_splatSize);
    return box;
}

QWidget* ExportDialog::buildEngineSettings() {
    m_engineSettings->setReadOnly(true);
    m_engineSettings->setMinimumWidth(420);
    m_engineSettings->setToolTip(tr("The same text terrain-cli prints; it also goes into each "
                                    "file's .json sidecar"));
    auto* layout = new QVBoxLayout(m_settingsBox);
    layout->addWidget(m_engineSettings);
    return m_settingsBox;
}

void ExportDialog::connectFields() {
    const auto changed = [this] {
        if (!m_applying) refresh();
    };
    connect(m_preset, &QComboBox::currentIndexChanged, this, &ExportDialog::onPresetChanged);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::onFormatChanged);
    for (QComboBox* combo : {m_mapping, m_sizeMode, m_resize, m_tilePattern}) {
        connect(combo, &QComboBox::currentIndexChanged, this, changed);
    }
    for (QDoubleSpinBox* box :
         {m_metresPerPixel, m_heightLow, m_heightHigh, m_clampLow, m_clampHigh}) {
        connect(box, &QDoubleSpinBox::valueChanged, this, changed);
    }
    for (QSpinBox* box : {m_width, m_height, m_columns, m_rows, m_triangles, m_splatSize}) {
        connect(box, &QSpinBox::valueChanged, this, changed);
    }
    for (QCheckBox* box : {m_tiles, m_sharedBorder}) {
        connect(box, &QCheckBox::toggled, this, changed);
    }
    connect(m_path, &QLineEdit::textChanged, this, changed);
    connect(m_splatLayers, &QLineEdit::textChanged, this, changed);
}

void ExportDialog::setMasks(std::vector<std::string> masks) {
    m_masks = std::move(masks);
    refresh();
}

void ExportDialog::setWorldFields(const WorldSize& world) {
    m_metresPerPixel->setValue(world.metresPerPixel);
    m_heightLow->setValue(world.lowMetres);
    m_heightHigh->setValue(world.highMetres);
    m_shownMetresPerPixel = m_metresPerPixel->value();
    m_shownLow = m_heightLow->value();
    m_shownHigh = m_heightHigh->value();
}

void ExportDialog::setChoices(const ExportSettings& settings) {
    const core::GameExportRequest& r = settings.request;
    m_applying = true;
    m_preset->setCurrentIndex(
        std::max(0, m_preset->findData(r.preset ? QString::fromUtf8(r.preset->id) : QString())));
    m_format->setCurrentIndex(
        std::max(0, m_format->findData(int(core::resolveFormat(r)))));
    const bool clamp = r.mapping.mode == core::HeightMapping::Mode::Clamp;
    m_mapping->setCurrentIndex(std::max(0, m_mapping->findData(int(r.mapping.mode))));
    if (clamp) {
        m_clampLow->setValue(double(r.mapping.lo));
        m_clampHigh->setValue(double(r.mapping.hi));
    }
    m_sizeMode->setCurrentIndex(r.size ? 1 : 0);
    if (r.size) {
        m_width->setValue(r.size->width);
        m_height->setValue(r.size->height);
    }
    m_resize->setCurrentIndex(m_resize->findData(int(r.resize)));
    m_tiles->setChecked(r.tiles.has_value());
    if (r.tiles) {
        m_columns->setValue(r.tiles->columns);
        m_rows->setValue(r.tiles->rows);
        m_sharedBorder->setChecked(r.tiles->border == 1);
    }
    m_tilePattern->setCurrentIndex(
        std::max(0, m_tilePattern->findData(QString::fromStdString(r.tilePattern))));
    m_triangles->setValue(int(std::min<std::int64_t>(r.targetTriangles, m_triangles->maximum())));
    m_path->setText(settings.path);
    QStringList layers;
    for (const std::string& layer : settings.splat.layers) layers << QString::fromStdString(layer);
    m_splatLayers->setText(layers.join(QLatin1Char(' ')));
    m_splatSize->setValue(settings.splat.size);
    // The last export's size was chosen for the map of then; a preset's size follows this map.
    if (r.preset && settings.source != m_source) suggestSize();
    m_applying = false;
    updateFormatItems();
    onFormatChanged();
}

const core::EnginePreset* ExportDialog::preset() const {
    const QString id = m_preset->currentData().toString();
    for (const core::EnginePreset& preset : core::enginePresets()) {
        if (id == QString::fromUtf8(preset.id)) return &preset;
    }
    return nullptr;
}

core::ExportFormat ExportDialog::format() const {
    return core::ExportFormat(m_format->currentData().toInt());
}

WorldSize ExportDialog::worldSize() const {
    WorldSize world;
    world.metresPerPixel = exactUnlessEdited(m_metresPerPixel->value(), m_shownMetresPerPixel,
                                             m_world.metresPerPixel);
    world.lowMetres = exactUnlessEdited(m_heightLow->value(), m_shownLow, m_world.lowMetres);
    world.highMetres = exactUnlessEdited(m_heightHigh->value(), m_shownHigh, m_world.highMetres);
    return world;
}

ExportSettings ExportDialog::settings() const {
    ExportSettings settings;
    settings.path = m_path->text().trimmed();
    settings.source = m_source;
    core::GameExportRequest& r = settings.request;
    r.output = toFilesystemPath(settings.path);
    r.format = format();
    r.preset = preset();
    r.mapping.mode = core::HeightMapping::Mode(m_mapping->currentData().toInt());
    if (r.mapping.mode == core::HeightMapping::Mode::Clamp) {
        r.mapping.lo = float(m_clampLow->value());
        r.mapping.hi = float(m_clampHigh->value());
    }
    r.world = worldSize().units();
    if (m_sizeMode->currentIndex() == 1) {
        r.size = core::OutputSize{m_width->value(), m_height->value()};
    }
    r.resize = core::ResizeMode(m_resize->currentData().toInt());
    if (m_tiles->isChecked()) {
        core::TileLayout tiles;
        tiles.columns = m_columns->value();
        tiles.rows = m_rows->value();
        tiles.border = m_sharedBorder->isChecked() ? 1 : 0;
        r.tiles = tiles;
    }
    r.tilePattern = m_tilePattern->currentData().toString().toStdString();
    if (isMesh(format())) r.targetTriangles = m_triangles->value();
    settings.splat.layers = splitSplatLayers(m_splatLayers->text());
    if (!settings.splat.layers.empty()) settings.splat.size = m_splatSize->value();
    settings.masksMade = m_masks;
    return settings;
}

void ExportDialog::accept() {
    refresh();
    if (!m_preview.error.isEmpty()) return;
    QDialog::accept();
}

void ExportDialog::onPresetChanged() {
    if (m_applying) return;
    updateFormatItems();
    const core::EnginePreset* chosen = preset();
    if (chosen) {
        // What terrain-cli --preset writes without --format, at a size the engine accepts.
        m_applying = true;
        m_format->setCurrentIndex(m_format->findData(int(chosen->format)));
        // The engine's own tiling: UE5 places tiles edge to edge, others share an edge.
        m_sharedBorder->setChecked(chosen->tileBorder == 1);
        suggestSize();
        m_applying = false;
    }
    onFormatChanged();
}

void ExportDialog::suggestSize() {
    // From the map's own size each time, never from the size an earlier preset or export chose:
    // Blender after Unreal keeps the map's 1025, and a finer map gets a larger Unity size.
    core::GameExportRequest request = settings().request;
    request.size.reset();
    const std::optional<core::OutputSize> size =
        core::suggestedOutputSize(request, m_source.width(), m_source.height());
    if (!size) {
        m_sizeMode->setCurrentIndex(0);
        return;
    }
    m_sizeMode->setCurrentIndex(1);
    m_width->setValue(size->width);
    m_height->setValue(size->height);
    if (size->width > m_source.width() || size->height > m_source.height()) {
        m_resize->setCurrentIndex(m_resize->findData(int(core::ResizeMode::Bicubic)));
    }
}

void ExportDialog::onFormatChanged() {
    if (m_applying) return;
    const QString path = m_path->text().trimmed();
    if (!path.isEmpty()) {
        const QFileInfo info(path);
        QString base = info.fileName();
        const qsizetype dot = base.lastIndexOf(QLatin1Char('.'));
        if (dot > 0) base.truncate(dot);
        m_applying = true;  // one refresh below, not one per field
        m_path->setText(info.dir().filePath(
            base + QString::fromStdString(core::outputExtension(format(), preset()))));
        m_applying = false;
    }
    refresh();
}

void ExportDialog::updateFormatItems() {
    // Formats the preset's engine cannot import are shown but greyed out.
    auto* model = qobject_cast<QStandardItemModel*>(m_format->model());
    const core::EnginePreset* chosen = preset();
    for (int row = 0; row < m_format->count(); ++row) {
        const auto candidate = core::ExportFormat(m_format->itemData(row).toInt());
        model->item(row)->setEnabled(!chosen || core::presetAcceptsFormat(*chosen, candidate));
    }
}

void ExportDialog::updateEnabled() {
    m_triangles->setEnabled(isMesh(format()));
    const bool clamp =
        m_mapping->currentData().toInt() == int(core::HeightMapping::Mode::Clamp);
    m_clampLow->setEnabled(clamp);
    m_clampHigh->setEnabled(clamp);
    const bool resize = m_sizeMode->currentIndex() == 1;
    m_width->setEnabled(resize);
    m_height->setEnabled(resize);
    m_resize->setEnabled(resize);
    const bool tiles = m_tiles->isChecked();
    m_columns->setEnabled(tiles);
    m_rows->setEnabled(tiles);
    m_sharedBorder->setEnabled(tiles);
    m_tilePattern->setEnabled(tiles);
    m_splatSize->setEnabled(!m_splatLayers->text().trimmed().isEmpty());
}

void ExportDialog::refresh() {
    updateEnabled();
    m_preview = previewExport(settings(), m_source);
    const core::EnginePreset* chosen = preset();
    m_settingsBox->setTitle(chosen
                                ? tr("Numbers to type in %1").arg(QString::fromUtf8(chosen->engine))
                                : tr("Numbers to type in the engine"));
    if (!chosen) {
        m_engineSettings->setPlainText(
            tr("Choose an engine preset to see the import settings for Unity, Unreal Engine, "
               "Godot (Terrain3D or HTerrain), Blender or WorldPainter."));
    } else if (!m_preview.error.isEmpty()) {
        m_engineSettings->setPlainText(tr("Fix the problem below to see the settings."));
    } else {
        m_engineSettings->setPlainText(m_preview.engineSettings);
    }
    m_summary->setText(m_preview.summary);
    m_summary->setVisible(!m_preview.summary.isEmpty());
    m_error->setText(m_preview.error);
    m_error->setVisible(!m_preview.error.isEmpty());
    m_exportButton->setEnabled(m_preview.error.isEmpty());
}

void ExportDialog::browse() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Heightmap To"),
                                                      m_path->text());
    if (!path.isEmpty()) m_path->setText(path);
}

}  // namespace terrain::app
