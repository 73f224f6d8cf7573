// The export dialog without the window: its fields, presets, checks and messages, and (opt-in)
// its screenshot for docs/. The background job and core's messages in the dialog's words are in
// test_export_job.cpp.
#include "app/export/export_actions.h"
#include "app/export/export_dialog.h"
#include "app/export/export_plan.h"
#include "app/export/heightmap_export.h"

#include "core/cancel.h"
#include "core/errors.h"
#include "core/registry.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QRegularExpression>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace terrain::app {
namespace {

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

const core::EnginePreset& presetNamed(const char* id) { return core::findEnginePreset(id); }

// ----- the dialog -------------------------------------------------------------------------------

template <typename Widget>
Widget* field(const ExportDialog& dialog, const char* name) {
    auto* widget = dialog.findChild<Widget*>(QString::fromLatin1(name));
    EXPECT_NE(widget, nullptr) << name;
    return widget;
}

void choosePreset(const ExportDialog& dialog, const char* id) {
    auto* preset = field<QComboBox>(dialog, "preset");
    const int index = preset->findData(QString::fromLatin1(id));
    ASSERT_GE(index, 0) << id;
    preset->setCurrentIndex(index);
}

core::ExportFormat shownFormat(const ExportDialog& dialog) {
    return core::ExportFormat(field<QComboBox>(dialog, "format")->currentData().toInt());
}

bool formatSelectable(const ExportDialog& dialog, core::ExportFormat format) {
    auto* combo = field<QComboBox>(dialog, "format");
    auto* model = qobject_cast<QStandardItemModel*>(combo->model());
    return model->item(combo->findData(int(format)))->isEnabled();
}

QString settingsShown(const ExportDialog& dialog) {
    return field<QPlainTextEdit>(dialog, "engineSettings")->toPlainText();
}

QString errorShown(const ExportDialog& dialog) {
    return field<QLabel>(dialog, "error")->text();
}

void setOutputSize(const ExportDialog& dialog, int width, int height) {
    field<QComboBox>(dialog, "sizeMode")->setCurrentIndex(1);
    field<QSpinBox>(dialog, "outputWidth")->setValue(width);
    field<QSpinBox>(dialog, "outputHeight")->setValue(height);
}

const WorldSize kWorld{2.0, 0.0, 250.0};

TEST(ExportDialog, ReturnsTheChosenFormatMappingAndPath) {
    ExportDialog dialog(QStringLiteral("/tmp/terrain/heightmap.png"), QSize(129, 129), kWorld);
    auto* format = field<QComboBox>(dialog, "format");
    format->setCurrentIndex(format->findData(int(core::ExportFormat::Raw16)));
    auto* path = field<QLineEdit>(dialog, "path");
    EXPECT_EQ(path->text(), QStringLiteral("/tmp/terrain/heightmap.r16"));  // extension follows
    auto* mapping = field<QComboBox>(dialog, "mapping");
    mapping->setCurrentIndex(mapping->findData(int(core::HeightMapping::Mode::Clamp)));
    field<QDoubleSpinBox>(dialog, "clampLow")->setValue(-2.0);
    field<QDoubleSpinBox>(dialog, "clampHigh")->setValue(3.0);

    const ExportSettings settings = dialog.settings();
    EXPECT_EQ(settings.request.format, core::ExportFormat::Raw16);
    EXPECT_EQ(settings.request.preset, nullptr);
    EXPECT_EQ(settings.request.mapping.mode, core::HeightMapping::Mode::Clamp);
    EXPECT_FLOAT_EQ(settings.request.mapping.lo, -2.0f);
    EXPECT_FLOAT_EQ(settings.request.mapping.hi, 3.0f);
    EXPECT_EQ(settings.path, QStringLiteral("/tmp/terrain/heightmap.r16"));
    EXPECT_EQ(settings.request.output, toFilesystemPath(settings.path));
    EXPECT_FALSE(settings.request.size.has_value());
    EXPECT_FALSE(settings.request.tiles.has_value());

    // Clamp high not above clamp low: the dialog says so and stays open.
    field<QDoubleSpinBox>(dialog, "clampHigh")->setValue(-5.0);
    EXPECT_FALSE(dialog.exportButton()->isEnabled());
    EXPECT_TRUE(errorShown(dialog).startsWith(QStringLiteral("Clamp high")))
        << errorShown(dialog).toStdString();
    dialog.accept();
    EXPECT_NE(dialog.result(), QDialog::Accepted);
    field<QDoubleSpinBox>(dialog, "clampHigh")->setValue(5.0);
    EXPECT_TRUE(dialog.exportButton()->isEnabled());
    dialog.accept();
    EXPECT_EQ(dialog.result(), QDialog::Accepted);
}

TEST(ExportDialog, APresetSetsFormatAndSizeAndShowsTheNumbersToType) {
    ExportDialog dialog(QStringLiteral("/tmp/terrain/land.png"), QSize(129, 129), kWorld);
    EXPECT_TRUE(settingsShown(dialog).contains(QStringLiteral("Choose an engine preset")));

    // Unity: RAW16; 129 is 2^7+1, so the size stays.
    choosePreset(dialog, "unity");
    EXPECT_EQ(shownFormat(dialog), core::ExportFormat::Raw16);
    EXPECT_EQ(field<QLineEdit>(dialog, "path")->text(), QStringLiteral("/tmp/terrain/land.r16"));
    EXPECT_EQ(field<QComboBox>(dialog, "sizeMode")->currentIndex(), 0);
    EXPECT_FALSE(formatSelectable(dialog, core::ExportFormat::Png16));
    EXPECT_FALSE(formatSelectable(dialog, core::ExportFormat::Exr));
    EXPECT_TRUE(dialog.exportButton()->isEnabled());
    // Exactly what terrain-cli prints for the same export.
    const core::EnginePreset& unity = presetNamed("unity");
    const std::string expected = core::settingsText(
        unity, core::engineSettings(unity, core::ExportFormat::Raw16, 129, 129, kWorld.units()));
    EXPECT_EQ(settingsShown(dialog).toStdString(), expected);
    EXPECT_TRUE(settingsShown(dialog).contains(QStringLiteral("Terrain Size X: 256")));
    EXPECT_TRUE(settingsShown(dialog).contains(QStringLiteral("Terrain Size Y: 250")));

    // The numbers follow the world size live.
    field<QDoubleSpinBox>(dialog, "heightHigh")->setValue(600.0);
    EXPECT_TRUE(settingsShown(dialog).contains(QStringLiteral("Terrain Size Y: 600")));
    field<QDoubleSpinBox>(dialog, "heightHigh")->setValue(250.0);

    // Unreal: PNG16, and 129 is not one of its sizes: the nearest one, 127, is suggested.
    choosePreset(dialog, "unreal");
    EXPECT_EQ(shownFormat(dialog), core::ExportFormat::Png16);
    EXPECT_TRUE(formatSelectable(dialog, core::ExportFormat::Raw16));
    EXPECT_FALSE(formatSelectable(dialog, core::ExportFormat::Exr));
    EXPECT_EQ(field<QComboBox>(dialog, "sizeMode")->currentIndex(), 1);
    EXPECT_EQ(field<QSpinBox>(dialog, "outputWidth")->value(), 127);
    EXPECT_EQ(field<QSpinBox>(dialog, "outputHeight")->value(), 127);
    EXPECT_TRUE(dialog.exportButton()->isEnabled()) << errorShown(dialog).toStdString();
    EXPECT_TRUE(settingsShown(dialog).contains(QStringLiteral("Scale Z: 48.82887007")))
        << settingsShown(dialog).toStdString();
    // 129 resampled to 127 keeps the 256 m: 256 / 126 m a sample, in centimetres.
    EXPECT_TRUE(settingsShown(dialog).contains(QStringLiteral("Scale X: 203.17")))
        << settingsShown(dialog).toStdString();
    EXPECT_TRUE(field<QLabel>(dialog, "summary")->text().contains(QStringLiteral("127 × 127")));
    const ExportSettings settings = dialog.settings();
    EXPECT_EQ(settings.request.preset, &presetNamed("unreal"));
    ASSERT_TRUE(settings.request.size.has_value());
    EXPECT_EQ(settings.request.size->width, 127);

    // Unreal (UE5) tiles sit edge to edge, the rule on the whole landscape: 2 x 2 tiles of 64
    // make 128 samples (127 quads); choosing the preset unticks the shared border.
    field<QCheckBox>(dialog, "tiles")->setChecked(true);
    EXPECT_FALSE(dialog.exportButton()->isEnabled());  // 127 does not split into 2 x 2
    choosePreset(dialog, "unity");
    choosePreset(dialog, "unreal");
    EXPECT_FALSE(field<QCheckBox>(dialog, "sharedBorder")->isChecked());
    EXPECT_EQ(field<QSpinBox>(dialog, "outputWidth")->value(), 128);
    EXPECT_TRUE(dialog.exportButton()->isEnabled()) << errorShown(dialog).toStdString();
    EXPECT_TRUE(settingsShown(dialog).contains(QStringLiteral("Resolution: 64 x 64")))
        << settingsShown(dialog).toStdString();

    // Godot HTerrain's importer wants *.raw; Terrain3D writes EXR metres.
    choosePreset(dialog, "godot-hterrain");
    EXPECT_TRUE(field<QLineEdit>(dialog, "path")->text().endsWith(QStringLiteral(".raw")));
    choosePreset(dialog, "godot-terrain3d");
    EXPECT_EQ(shownFormat(dialog), core::ExportFormat::Exr);
    EXPECT_TRUE(field<QLineEdit>(dialog, "path")->text().endsWith(QStringLiteral(".exr")));

    // No preset: every format again, no engine numbers.
    choosePreset(dialog, "");
    EXPECT_TRUE(formatSelectable(dialog, core::ExportFormat::Obj));
    EXPECT_EQ(dialog.settings().request.preset, nullptr);
    EXPECT_TRUE(settingsShown(dialog).contains(QStringLiteral("Choose an engine preset")));
}

// Godot Terrain3D takes splat layers as its own control map of the heightmap's size: the summary
// names the file, and a splat size of any other side is refused naming the dialog's field.
TEST(ExportDialog, Terrain3DSplatLayersBecomeItsControlMap) {
    ExportDialog dialog(QStringLiteral("/tmp/terrain/land.exr"), QSize(257, 257), kWorld);
    choosePreset(dialog, "godot-terrain3d");
    auto* layers = field<QLineEdit>(dialog, "splatLayers");
    layers->setFocus();
    QTest::keyClicks(layers, QStringLiteral("rock=slope>30 grass=rest"));
    ASSERT_TRUE(dialog.exportButton()->isEnabled()) << errorShown(dialog).toStdString();
    EXPECT_TRUE(dialog.preview().summary.contains(
        QStringLiteral("Splat maps: 2 layer(s) as Terrain3D's control map of 257 × 257 (land_control.exr")))
        << dialog.preview().summary.toStdString();
    field<QSpinBox>(dialog, "splatSize")->setValue(256);
    EXPECT_FALSE(dialog.exportButton()->isEnabled());
    EXPECT_TRUE(errorShown(dialog).startsWith(QStringLiteral("Splat size: '256' is not allowed; expected 257")))
        << errorShown(dialog).toStdString();
}

TEST(ExportDialog, ASizeUnityRefusesDisablesExportAndSaysWhy) {
    ExportDialog dialog(QStringLiteral("/tmp/terrain/land.r16"), QSize(129, 129), kWorld);
    choosePreset(dialog, "unity");
    ASSERT_TRUE(dialog.exportButton()->isEnabled());

    setOutputSize(dialog, 100, 100);
    EXPECT_FALSE(dialog.exportButton()->isEnabled());
    const QString error = errorShown(dialog);
    EXPECT_TRUE(error.startsWith(QStringLiteral("Output size: '100x100' is not allowed")))
        << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("2^n+1"))) << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("try Output size 129 × 129"))) << error.toStdString();
    EXPECT_FALSE(error.contains(QStringLiteral("--"))) << error.toStdString();
    EXPECT_TRUE(field<QLabel>(dialog, "error")->isVisibleTo(&dialog));
    EXPECT_TRUE(settingsShown(dialog).contains(QStringLiteral("Fix the problem")));
    dialog.accept();
    EXPECT_NE(dialog.result(), QDialog::Accepted);

    EXPECT_TRUE(error.contains(QStringLiteral("(or centred crop)"))) << error.toStdString();

    // Larger than Unity's largest: refused with the nearest size it takes, which is larger than
    // the 129 map, so cropping is not offered.
    setOutputSize(dialog, 8193, 8193);
    EXPECT_TRUE(errorShown(dialog).endsWith(QStringLiteral("try Output size 4097 × 4097, bicubic resample")))
        << errorShown(dialog).toStdString();
    EXPECT_FALSE(dialog.exportButton()->isEnabled());

    // Tiles that do not divide the map name the tiles.
    setOutputSize(dialog, 129, 129);
    EXPECT_TRUE(dialog.exportButton()->isEnabled());
    field<QCheckBox>(dialog, "tiles")->setChecked(true);
    field<QSpinBox>(dialog, "tileColumns")->setValue(3);
    field<QSpinBox>(dialog, "tileRows")->setValue(3);
    EXPECT_TRUE(errorShown(dialog).startsWith(QStringLiteral("Tiles: '3x3'")))
        << errorShown(dialog).toStdString();
    EXPECT_FALSE(dialog.exportButton()->isEnabled());

    // Cropping to more than the map is refused; 2 x 2 tiles of 65 is fine.
    field<QSpinBox>(dialog, "tileColumns")->setValue(2);
    field<QSpinBox>(dialog, "tileRows")->setValue(2);
    EXPECT_TRUE(dialog.exportButton()->isEnabled()) << errorShown(dialog).toStdString();
    EXPECT_TRUE(settingsShown(dialog).contains(QStringLiteral("Width: 65")));
    setOutputSize(dialog, 257, 257);
    auto* resize = field<QComboBox>(dialog, "resizeMode");
    resize->setCurrentIndex(resize->findData(int(core::ResizeMode::Crop)));
    EXPECT_TRUE(errorShown(dialog).startsWith(QStringLiteral("Output size: '257x257'")))
        << errorShown(dialog).toStdString();
    resize->setCurrentIndex(resize->findData(int(core::ResizeMode::Bicubic)));
    EXPECT_TRUE(dialog.exportButton()->isEnabled()) << errorShown(dialog).toStdString();
    dialog.accept();
    EXPECT_EQ(dialog.result(), QDialog::Accepted);
}

TEST(ExportDialog, BadWorldSizeOrTriangleTargetDisablesExport) {
    ExportDialog dialog(QStringLiteral("/tmp/terrain/land.png"), QSize(65, 65), kWorld);
    ASSERT_TRUE(dialog.exportButton()->isEnabled());
    field<QDoubleSpinBox>(dialog, "metresPerPixel")->setValue(0.0);
    EXPECT_FALSE(dialog.exportButton()->isEnabled());
    EXPECT_TRUE(errorShown(dialog).startsWith(QStringLiteral("Metres per pixel: '0'")))
        << errorShown(dialog).toStdString();
    field<QDoubleSpinBox>(dialog, "metresPerPixel")->setValue(1.5);
    EXPECT_TRUE(dialog.exportButton()->isEnabled());

    field<QDoubleSpinBox>(dialog, "heightHigh")->setValue(-10.0);
    EXPECT_FALSE(dialog.exportButton()->isEnabled());
    EXPECT_TRUE(errorShown(dialog).startsWith(QStringLiteral("Height low/high: '0:-10'")))
        << errorShown(dialog).toStdString();
    field<QDoubleSpinBox>(dialog, "heightHigh")->setValue(10.0);
    EXPECT_TRUE(dialog.exportButton()->isEnabled());

    // The triangle target is for meshes only, and 1 is refused as terrain-cli refuses it.
    auto* triangles = field<QSpinBox>(dialog, "triangles");
    EXPECT_FALSE(triangles->isEnabled());
    auto* format = field<QComboBox>(dialog, "format");
    format->setCurrentIndex(format->findData(int(core::ExportFormat::Glb)));
    EXPECT_TRUE(triangles->isEnabled());
    triangles->setValue(1);
    EXPECT_TRUE(errorShown(dialog).startsWith(QStringLiteral("Triangle target: '1'")));
    EXPECT_FALSE(dialog.exportButton()->isEnabled());
    triangles->setValue(500);
    EXPECT_TRUE(dialog.exportButton()->isEnabled());
    EXPECT_EQ(dialog.settings().request.targetTriangles, 500);

    field<QLineEdit>(dialog, "path")->clear();
    EXPECT_TRUE(errorShown(dialog).startsWith(QStringLiteral("File:")));
    EXPECT_FALSE(dialog.exportButton()->isEnabled());
}

TEST(ExportDialog, WorldSizeStartsFromTheDocumentAndKeepsUntouchedValuesExact) {
    const WorldSize world{0.123456789, -12.3456789, 987.654321};
    ExportDialog dialog(QStringLiteral("/tmp/terrain/land.exr"), QSize(65, 65), world);
    EXPECT_DOUBLE_EQ(field<QDoubleSpinBox>(dialog, "metresPerPixel")->value(), 0.1235);
    EXPECT_TRUE(dialog.worldSize() == world);  // not rounded by the fields
    const core::WorldUnits units = dialog.settings().request.world;
    EXPECT_EQ(units.metresPerPixel, world.metresPerPixel);
    EXPECT_EQ(units.loMetres, world.lowMetres);
    EXPECT_EQ(units.hiMetres, world.highMetres);

    field<QDoubleSpinBox>(dialog, "metresPerPixel")->setValue(2.0);
    field<QDoubleSpinBox>(dialog, "heightLow")->setValue(-50.0);
    const WorldSize edited = dialog.worldSize();
    EXPECT_EQ(edited.metresPerPixel, 2.0);
    EXPECT_EQ(edited.lowMetres, -50.0);
    EXPECT_EQ(edited.highMetres, world.highMetres);
    EXPECT_EQ(dialog.settings().request.world.loMetres, -50.0);
}

TEST(ExportDialog, TheLastChoicesComeBack) {
    ExportDialog first(QStringLiteral("/tmp/terrain/land.png"), QSize(129, 129), kWorld);
    choosePreset(first, "worldpainter");
    setOutputSize(first, 100, 80);
    auto* resize = field<QComboBox>(first, "resizeMode");
    resize->setCurrentIndex(resize->findData(int(core::ResizeMode::Crop)));
    field<QCheckBox>(first, "tiles")->setChecked(true);
    field<QSpinBox>(first, "tileColumns")->setValue(4);
    field<QSpinBox>(first, "tileRows")->setValue(2);
    field<QCheckBox>(first, "sharedBorder")->setChecked(false);
    field<QComboBox>(first, "tilePattern")->setCurrentIndex(1);
    auto* mapping = field<QComboBox>(first, "mapping");
    mapping->setCurrentIndex(mapping->findData(int(core::HeightMapping::Mode::Clamp)));
    ASSERT_TRUE(first.exportButton()->isEnabled()) << errorShown(first).toStdString();
    const ExportSettings chosen = first.settings();

    ExportDialog second(QStringLiteral("/elsewhere/x.png"), QSize(129, 129), WorldSize{});
    second.setChoices(chosen);
    const ExportSettings back = second.settings();
    EXPECT_EQ(back.path, chosen.path);
    EXPECT_EQ(back.request.preset, &presetNamed("worldpainter"));
    EXPECT_EQ(back.request.format, core::ExportFormat::Png16);
    ASSERT_TRUE(back.request.size.has_value());
    EXPECT_EQ(back.request.size->width, 100);
    EXPECT_EQ(back.request.size->height, 80);
    EXPECT_EQ(back.request.resize, core::ResizeMode::Crop);
    ASSERT_TRUE(back.request.tiles.has_value());
    EXPECT_EQ(back.request.tiles->columns, 4);
    EXPECT_EQ(back.request.tiles->rows, 2);
    EXPECT_EQ(back.request.tiles->border, 0);
    EXPECT_EQ(back.request.tilePattern, core::kGenericTilePattern);
    EXPECT_EQ(back.request.mapping.mode, core::HeightMapping::Mode::Clamp);
    EXPECT_TRUE(second.worldSize() == WorldSize{});  // the world size is the document's
    EXPECT_TRUE(second.exportButton()->isEnabled()) << errorShown(second).toStdString();
}

// Each preset, and each map size, suggests its size from the map, never from
// the size an earlier preset or export left in the fields.
TEST(ExportDialog, EachPresetAndEachMapSizeSuggestTheSizeAgain) {
    ExportDialog dialog(QStringLiteral("/tmp/terrain/land.png"), QSize(1025, 1025), kWorld);
    choosePreset(dialog, "unreal");
    EXPECT_EQ(field<QComboBox>(dialog, "sizeMode")->currentIndex(), 1);
    EXPECT_EQ(field<QSpinBox>(dialog, "outputWidth")->value(), 1009);
    // Blender takes any size: the map's own again, not Unreal's.
    choosePreset(dialog, "blender");
    EXPECT_EQ(field<QComboBox>(dialog, "sizeMode")->currentIndex(), 0);
    ASSERT_TRUE(dialog.exportButton()->isEnabled()) << errorShown(dialog).toStdString();
    EXPECT_FALSE(dialog.settings().request.size.has_value());
    choosePreset(dialog, "unity");
    EXPECT_FALSE(dialog.settings().request.size.has_value());  // 1025 is Unity's

    // The last export's choices, made at detail 9 (513), come back at detail 10 (1025): Unity
    // takes 1025 itself, Unreal's nearest is 1009, not the 513 and 505 of then.
    for (const auto& [id, width] : {std::pair{"unity", 0}, std::pair{"unreal", 1009}}) {
        SCOPED_TRACE(id);
        ExportDialog before(QStringLiteral("/tmp/terrain/land.png"), QSize(513, 513), kWorld);
        choosePreset(before, id);
        const ExportSettings chosen = before.settings();
        ExportDialog after(QStringLiteral("/tmp/terrain/land.png"), QSize(1025, 1025), kWorld);
        after.setChoices(chosen);
        const ExportSettings now = after.settings();
        if (width == 0) {
            EXPECT_FALSE(now.request.size.has_value()) << now.request.size->width;
        } else {
            ASSERT_TRUE(now.request.size.has_value());
            EXPECT_EQ(now.request.size->width, width);
        }
        EXPECT_TRUE(after.exportButton()->isEnabled()) << errorShown(after).toStdString();
    }
}

// Resampling keeps the world's extent in metres: the engine numbers and the sidecar say 1024 m
// for Unity's 1025 and Unreal's 1009 of the same 1024 m document.
TEST(ExportDialog, ResamplingKeepsTheWorldsSizeInMetres) {
    const WorldSize world{1.0, 0.0, 200.0};
    ExportDialog dialog(QStringLiteral("/tmp/terrain/land.png"), QSize(1025, 1025), world);
    choosePreset(dialog, "unreal");
    ASSERT_EQ(field<QSpinBox>(dialog, "outputWidth")->value(), 1009);
    // 1024 m over 1008 steps: 1.01587 m, Unreal's Scale X in cm.
    EXPECT_TRUE(settingsShown(dialog).contains(QStringLiteral("Scale X: 101.587")))
        << settingsShown(dialog).toStdString();
    const core::WorldUnits exported = core::exportedWorld(dialog.settings().request, 1025, 1025);
    EXPECT_DOUBLE_EQ(exported.metresPerPixel * 1008.0, 1024.0);
    // A crop keeps the spacing: a smaller piece of the same world.
    core::GameExportRequest crop = dialog.settings().request;
    crop.resize = core::ResizeMode::Crop;
    EXPECT_DOUBLE_EQ(core::exportedWorld(crop, 1025, 1025).metresPerPixel, 1.0);

    // What runGameExport writes into the sidecar.
    const core::Registry registry = core::makeBuiltinRegistry();
    core::Recipe recipe = core::defaultRecipe(registry, "diamond-square");
    recipe.detail = 6;  // 65
    const core::Heightmap map = core::generate(registry, recipe, core::GenerateContext{});
    QTemporaryDir dir;
    core::GameExportRequest request;
    request.output = toFilesystemPath(dir.filePath("w.exr"));
    request.format = core::ExportFormat::Exr;
    request.world = core::WorldUnits{2.0, 0.0, 100.0};  // 128 m
    request.size = core::OutputSize{33, 33};
    request.resize = core::ResizeMode::Bicubic;
    EXPECT_DOUBLE_EQ(core::runGameExport(map, request).world.metresPerPixel, 4.0);
    const QByteArray sidecar = readAll(dir.filePath("w.exr.json"));
    ASSERT_FALSE(sidecar.isEmpty());
    const auto json = nlohmann::json::parse(sidecar.toStdString());
    EXPECT_DOUBLE_EQ(json["world_size_metres"][0].get<double>(), 128.0) << json.dump();
    EXPECT_DOUBLE_EQ(json["metres_per_pixel"].get<double>(), 4.0) << json.dump();

    // terrain-cli says and writes the same.
    QProcess cli;
    cli.start(QStringLiteral(TERRAIN_CLI_PATH),
              {"generate", "--detail", "6", "--metres-per-pixel", "2", "--height-range", "0:100",
               "--size", "33x33", "--resize", "bicubic", "-o", dir.filePath("c.exr")});
    ASSERT_TRUE(cli.waitForFinished(60000));
    const QString said = QString::fromUtf8(cli.readAllStandardError());
    ASSERT_EQ(cli.exitCode(), 0) << said.toStdString();
    EXPECT_TRUE(said.contains(QRegularExpression(QStringLiteral(", 4(\\.0+)? m per pixel"))))
        << said.toStdString();
    const auto cliJson = nlohmann::json::parse(readAll(dir.filePath("c.exr.json")).toStdString());
    EXPECT_DOUBLE_EQ(cliJson["world_size_metres"][0].get<double>(), 128.0) << cliJson.dump();
}

// The export starts beside the document, with its name.
TEST(ExportDialog, TheFileNameStartsFromTheDocument) {
    EXPECT_EQ(ExportActions::suggestedExportPath(QStringLiteral("/maps/valley.terrain.json"),
                                                 QStringLiteral("/last")),
              QStringLiteral("/maps/valley.png"));
    EXPECT_EQ(ExportActions::suggestedExportPath(QStringLiteral("/maps/old.json"),
                                                 QStringLiteral("/last")),
              QStringLiteral("/maps/old.png"));
    EXPECT_EQ(ExportActions::suggestedExportPath(QString(), QStringLiteral("/last")),
              QStringLiteral("/last/heightmap.png"));
}

// Not a check: writes the dialog's picture for docs/ when TERRAIN_EXPORT_DIALOG_SHOT names a
// folder (under Xvfb, like the other app tests):
//   TERRAIN_EXPORT_DIALOG_SHOT=docs/images build/bin/app_tests --gtest_filter='ExportDialogShot.*'
TEST(ExportDialogShot, UnityPresetWithTiles) {
    const QString folder = qEnvironmentVariable("TERRAIN_EXPORT_DIALOG_SHOT");
    if (folder.isEmpty()) GTEST_SKIP() << "set TERRAIN_EXPORT_DIALOG_SHOT to write the doc image";
    ExportDialog dialog(QStringLiteral("/home/me/game/terrain/island.png"), QSize(1025, 1025),
                        WorldSize{2.0, 0.0, 600.0});
    choosePreset(dialog, "unity");
    field<QCheckBox>(dialog, "tiles")->setChecked(true);
    ASSERT_TRUE(dialog.exportButton()->isEnabled()) << errorShown(dialog).toStdString();
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    QTest::qWait(200);
    ASSERT_TRUE(dialog.grab().save(folder + QStringLiteral("/export_dialog.png")));
}

TEST(ExportDialogShot, UnityPresetWithSplatLayers) {
    const QString folder = qEnvironmentVariable("TERRAIN_EXPORT_DIALOG_SHOT");
    if (folder.isEmpty()) GTEST_SKIP() << "set TERRAIN_EXPORT_DIALOG_SHOT to write the doc image";
    ExportDialog dialog(QStringLiteral("/home/me/game/terrain/island.png"), QSize(1025, 1025),
                        WorldSize{2.0, 0.0, 600.0});
    dialog.setMasks({"deposition", "erosion", "flow"});
    choosePreset(dialog, "unity");
    field<QLineEdit>(dialog, "splatLayers")
        ->setText(QStringLiteral("rock=slope>35~5 sand=mask:deposition snow=height>450 grass=rest"));
    ASSERT_TRUE(dialog.exportButton()->isEnabled()) << errorShown(dialog).toStdString();
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    QTest::qWait(200);
    ASSERT_TRUE(dialog.grab().save(folder + QStringLiteral("/export_dialog_splat.png")));
}

}  // namespace
}  // namespace terrain::app
