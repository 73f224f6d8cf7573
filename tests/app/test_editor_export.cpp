// Game-ready export from the editor window: the dialog's preset, world size, size and tiles
// write the same bytes as terrain-cli with the same flags; the world size the dialog edits goes
// back into the document as one undo step; the engine settings are reported.
#include "editor_fixture.h"

#include "app/document/document.h"
#include "app/export/export_actions.h"
#include "app/export/export_dialog.h"
#include "app/editor/main_window.h"
#include "app/widgets/slider_spin.h"
#include "app/editor/view_controls.h"
#include "render/terrain_view.h"

#include "core/io/game_export.h"
#include "core/recipe.h"

#include <nlohmann/json.hpp>

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSpinBox>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <functional>

namespace terrain::app::testing {
namespace {

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

template <typename Widget>
Widget* field(const ExportDialog& dialog, const char* name) {
    auto* widget = dialog.findChild<Widget*>(QString::fromLatin1(name));
    EXPECT_NE(widget, nullptr) << name;
    return widget;
}

void select(QComboBox* combo, const QVariant& data) {
    const int index = combo->findData(data);
    ASSERT_GE(index, 0) << data.toString().toStdString();
    combo->setCurrentIndex(index);
}

// One export as the dialog's fields and as terrain-cli's flags.
struct Case {
    const char* name;
    const char* preset;
    double metresPerPixel, low, high;
    int width, height;  // 0: keep the map's size
    core::ResizeMode resize;
    int columns, rows, border;
    const char* pattern;  // the tile-name choice's pattern
    QStringList files;    // expected names, from the CLI's point of view
    QStringList cliFlags;
};

void fillDialog(const ExportDialog& dialog, const Case& c, const QString& path) {
    select(field<QComboBox>(dialog, "preset"), QString::fromLatin1(c.preset));
    field<QDoubleSpinBox>(dialog, "metresPerPixel")->setValue(c.metresPerPixel);
    field<QDoubleSpinBox>(dialog, "heightLow")->setValue(c.low);
    field<QDoubleSpinBox>(dialog, "heightHigh")->setValue(c.high);
    field<QComboBox>(dialog, "sizeMode")->setCurrentIndex(c.width > 0 ? 1 : 0);
    if (c.width > 0) {
        field<QSpinBox>(dialog, "outputWidth")->setValue(c.width);
        field<QSpinBox>(dialog, "outputHeight")->setValue(c.height);
        select(field<QComboBox>(dialog, "resizeMode"), int(c.resize));
    }
    field<QCheckBox>(dialog, "tiles")->setChecked(true);
    field<QSpinBox>(dialog, "tileColumns")->setValue(c.columns);
    field<QSpinBox>(dialog, "tileRows")->setValue(c.rows);
    field<QCheckBox>(dialog, "sharedBorder")->setChecked(c.border == 1);
    select(field<QComboBox>(dialog, "tilePattern"), QString::fromLatin1(c.pattern));
    field<QLineEdit>(dialog, "path")->setText(path);
}

TEST_F(EditorTest, PresetSizeAndTileExportFromTheDialogIsByteIdenticalToTheCli) {
    DocumentState state = smallState();
    state.recipe.detail = 7;  // 129 x 129
    state.recipe.seed = 5;
    state.recipe.params["roughness"] = 0.55;
    const QStringList recipeFlags = {"--algorithm", "diamond-square", "--detail", "7",
                                     "--seed",      "5",              "--set",    "roughness=0.55"};

    const Case cases[] = {
        // Unity's Terrain Toolbox names: NAME_X_Z with Z from the south.
        {"unity, 2x2 tiles of 65, Terrain Toolbox names", "unity", 2.0, -50.0, 450.0, 0, 0,
         core::ResizeMode::Bicubic, 2, 2, 1, core::kUnityTilePattern,
         {"t_0_1.r16", "t_1_1.r16", "t_0_0.r16", "t_1_0.r16"},
         {"--preset", "unity", "--metres-per-pixel", "2", "--height-range=-50:450", "--tiles",
          "2x2", "--tile-pattern", "{stem}_{xx}_{zz}{ext}"}},
        // UE5 places tiles edge to edge: 2x2 tiles of 64 make a 128-sample landscape (127 quads).
        {"unreal, bicubic to 128, 2x2 edge-to-edge tiles of 64, generic names", "unreal", 1.5,
         0.0, 300.0, 128, 128, core::ResizeMode::Bicubic, 2, 2, 0, core::kGenericTilePattern,
         {"t-r0-c0.png", "t-r0-c1.png", "t-r1-c0.png", "t-r1-c1.png"},
         {"--preset", "unreal", "--metres-per-pixel", "1.5", "--height-range", "0:300", "--size",
          "128x128", "--resize", "bicubic", "--tiles", "2x2", "--tile-pattern",
          "{stem}-r{y}-c{x}{ext}"}},
        {"worldpainter, crop to 100x80, 2x2 tiles without a shared border", "worldpainter", 1.0,
         10.0, 90.0, 100, 80, core::ResizeMode::Crop, 2, 2, 0, core::kUnrealTilePattern,
         {"t_x0_y0.png", "t_x1_y0.png", "t_x0_y1.png", "t_x1_y1.png"},
         {"--preset", "worldpainter", "--height-range", "10:90", "--size", "100x80", "--resize",
          "crop", "--tiles", "2x2", "--tile-border", "0"}},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        const QDir editorDir(m_dir.filePath(QStringLiteral("editor-") + c.preset));
        const QDir cliDir(m_dir.filePath(QStringLiteral("cli-") + c.preset));
        ASSERT_TRUE(QDir().mkpath(editorDir.path()) && QDir().mkpath(cliDir.path()));

        // The recipe holds the world: the document's is the one the flags give terrain-cli.
        state.recipe.world = core::legacyWorld(state.recipe.detail);
        state.setWorld(WorldSize{c.metresPerPixel, c.low, c.high});
        loadState(state);
        ExportDialog dialog(QStringLiteral("unused.png"), QSize(129, 129), WorldSize{});
        const QString extension = c.files.front().mid(c.files.front().lastIndexOf('.'));
        fillDialog(dialog, c, editorDir.filePath(QStringLiteral("t") + extension));
        ASSERT_TRUE(dialog.exportButton()->isEnabled()) << dialog.preview().error.toStdString();
        const ExportSettings settings = dialog.settings();
        m_prompts.reports.clear();
        QFuture<HeightmapExportOutcome> future =
            m_window->exports()->exportHeightmapTo(settings.path, settings.request);
        ASSERT_TRUE(QTest::qWaitFor([&] { return future.isFinished(); }, 60000));
        ASSERT_EQ(future.result().error, QString());
        ASSERT_TRUE(QTest::qWaitFor([&] { return !m_prompts.reports.isEmpty(); }, 10000));

        QProcess cli;
        cli.start(QStringLiteral(TERRAIN_CLI_PATH),
                  QStringList{"generate"} + recipeFlags + c.cliFlags +
                      QStringList{"--output", cliDir.filePath(QStringLiteral("t") + extension)});
        ASSERT_TRUE(cli.waitForFinished(60000));
        ASSERT_EQ(cli.exitCode(), 0) << cli.readAllStandardError().toStdString();

        // Every tile and its sidecar, byte for byte, and nothing else written.
        const QStringList written = editorDir.entryList(QDir::Files, QDir::Name);
        EXPECT_EQ(written.size(), 2 * c.files.size()) << written.join(' ').toStdString();
        for (const QString& name : c.files) {
            for (const QString& file : {name, name + QStringLiteral(".json")}) {
                SCOPED_TRACE(file.toStdString());
                const QByteArray bytes = readAll(editorDir.filePath(file));
                ASSERT_FALSE(bytes.isEmpty());
                EXPECT_EQ(bytes, readAll(cliDir.filePath(file)))
                    << "differs from terrain-cli";
            }
        }
        // The report carries what terrain-cli prints: the numbers to type.
        const QString cliSettings = QString::fromUtf8(cli.readAllStandardOutput());
        ASSERT_FALSE(cliSettings.isEmpty());
        EXPECT_TRUE(m_prompts.reports.front().contains(cliSettings))
            << m_prompts.reports.front().toStdString() << "\nCLI:\n" << cliSettings.toStdString();
    }
}

// Runs `act` on the export dialog once it is open (exportHeightmap() shows it modally).
void onExportDialog(const std::function<void(ExportDialog&)>& act) {
    QTimer::singleShot(0, [act] {
        auto* dialog = qobject_cast<ExportDialog*>(QApplication::activeModalWidget());
        ASSERT_NE(dialog, nullptr) << "no export dialog open";
        act(*dialog);
    });
}

TEST_F(EditorTest, TheDialogsWorldSizeGoesIntoTheDocumentAsOneUndoStep) {
    Document* document = m_window->document();
    ASSERT_FALSE(document->isModified());
    ASSERT_TRUE(document->state().world() == WorldSize{});
    const QString path = m_dir.filePath(QStringLiteral("land.r16"));

    onExportDialog([&](ExportDialog& dialog) {
        // It opens on the document's world size (the defaults).
        EXPECT_DOUBLE_EQ(field<QDoubleSpinBox>(dialog, "metresPerPixel")->value(), 1.0);
        EXPECT_DOUBLE_EQ(field<QDoubleSpinBox>(dialog, "heightHigh")->value(), 100.0);
        select(field<QComboBox>(dialog, "preset"), QStringLiteral("unity"));
        field<QDoubleSpinBox>(dialog, "metresPerPixel")->setValue(2.0);
        field<QDoubleSpinBox>(dialog, "heightLow")->setValue(-50.0);
        field<QDoubleSpinBox>(dialog, "heightHigh")->setValue(450.0);
        field<QLineEdit>(dialog, "path")->setText(path);
        QTest::mouseClick(dialog.exportButton(), Qt::LeftButton);
    });
    m_window->exports()->exportHeightmap();

    const WorldSize chosen{2.0, -50.0, 450.0};
    EXPECT_TRUE(document->state().world() == chosen);
    EXPECT_TRUE(document->isModified());
    EXPECT_EQ(document->undoStack()->undoText(), QStringLiteral("Change World Size"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !m_prompts.reports.isEmpty(); }, 60000));
    EXPECT_TRUE(QFile::exists(path));
    const QString report = m_prompts.reports.front();
    EXPECT_TRUE(report.contains(QStringLiteral("Unity import settings"))) << report.toStdString();
    EXPECT_TRUE(report.contains(QStringLiteral("Terrain Size Y: 500"))) << report.toStdString();
    EXPECT_TRUE(report.contains(QStringLiteral("Terrain Size X: 128"))) << report.toStdString();
    EXPECT_TRUE(m_prompts.errors.isEmpty()) << m_prompts.errors.join('\n').toStdString();

    // Next time it opens on the last choices and the document's world size; Cancel changes
    // nothing.
    onExportDialog([&](ExportDialog& dialog) {
        EXPECT_EQ(dialog.settings().request.preset, &core::findEnginePreset("unity"));
        EXPECT_EQ(dialog.settings().path, path);
        EXPECT_TRUE(dialog.worldSize() == chosen);
        field<QDoubleSpinBox>(dialog, "metresPerPixel")->setValue(7.0);
        dialog.reject();
    });
    m_window->exports()->exportHeightmap();
    EXPECT_TRUE(document->state().world() == chosen);

    document->undoStack()->undo();
    EXPECT_TRUE(document->state().world() == WorldSize{});
    EXPECT_FALSE(document->isModified());

    // An export that leaves the world size alone adds no undo step.
    const int steps = document->undoStack()->count();
    m_prompts.reports.clear();
    onExportDialog([&](ExportDialog& dialog) {
        QTest::mouseClick(dialog.exportButton(), Qt::LeftButton);
    });
    m_window->exports()->exportHeightmap();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !m_prompts.reports.isEmpty(); }, 60000));
    EXPECT_EQ(document->undoStack()->count(), steps);
    EXPECT_FALSE(document->isModified());
}

// The export starts beside the document with its name, and exporting (with the
// document's world size) neither marks it modified nor adds an undo step.
TEST_F(EditorTest, ExportStartsBesideTheDocumentAndLeavesItUnmodified) {
    Document* document = m_window->document();
    const QString saved = m_dir.filePath(QStringLiteral("valley.terrain.json"));
    document->markSaved(saved);
    ASSERT_FALSE(document->isModified());
    const int steps = document->undoStack()->count();

    QString shownPath;
    onExportDialog([&](ExportDialog& dialog) {
        shownPath = field<QLineEdit>(dialog, "path")->text();
        QTest::mouseClick(dialog.exportButton(), Qt::LeftButton);
    });
    m_window->exports()->exportHeightmap();
    EXPECT_EQ(shownPath, m_dir.filePath(QStringLiteral("valley.png")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !m_prompts.errors.isEmpty() ||
                                             QFile::exists(m_dir.filePath("valley.png.json")); },
                                60000));
    EXPECT_TRUE(m_prompts.errors.isEmpty()) << m_prompts.errors.join('\n').toStdString();
    EXPECT_TRUE(QFile::exists(m_dir.filePath(QStringLiteral("valley.png"))));
    EXPECT_FALSE(document->isModified());
    EXPECT_EQ(document->undoStack()->count(), steps);
    EXPECT_FALSE(m_window->isWindowModified());

    // Another document starts from its own name, not the last export's.
    document->markSaved(m_dir.filePath(QStringLiteral("ridge.terrain.json")));
    onExportDialog([&](ExportDialog& dialog) {
        shownPath = field<QLineEdit>(dialog, "path")->text();
        dialog.reject();
    });
    m_window->exports()->exportHeightmap();
    EXPECT_EQ(shownPath, m_dir.filePath(QStringLiteral("ridge.png")));
}

// View toggles are view state: with real keys on the focused control, no undo step, not
// modified; and undoing a recipe edit leaves them as they are.
TEST_F(EditorTest, ViewTogglesAreNotUndoStepsAndDoNotModifyTheDocument) {
    Document* document = m_window->document();
    ASSERT_FALSE(document->isModified());
    QUndoStack* undo = document->undoStack();
    const int steps = undo->count();
    ViewControls* controls = m_window->viewControls();
    m_window->activateWindow();

    const auto press = [&](QWidget* widget, Qt::Key key) {
        widget->setFocus(Qt::OtherFocusReason);
        QCoreApplication::processEvents();
        QTest::keyClick(widget, key);
        QCoreApplication::processEvents();
    };
    press(controls->wireframeCheck(), Qt::Key_Space);
    EXPECT_TRUE(document->state().view.wireframe);
    EXPECT_TRUE(m_window->terrainView()->wireframe());
    press(controls->waterCheck(), Qt::Key_Space);
    EXPECT_TRUE(document->state().view.water);
    press(controls->hillshadeCheck(), Qt::Key_Space);
    const ViewSettings before = document->state().view;
    press(controls->colorMapCombo(), Qt::Key_Down);
    press(controls->heightScaleControl()->slider(), Qt::Key_PageUp);
    EXPECT_NE(document->state().view.colorMap, before.colorMap);
    EXPECT_NE(document->state().view.heightScale, before.heightScale);
    EXPECT_EQ(undo->count(), steps);
    EXPECT_FALSE(document->isModified());
    EXPECT_FALSE(m_window->isWindowModified());

    // A recipe edit is an undo step; undoing it keeps the view.
    const ViewSettings view = document->state().view;
    const std::uint64_t seed = document->state().recipe.seed;
    DocumentState next = document->state();
    next.recipe.seed = seed + 1;
    document->edit(next, QStringLiteral("Change Seed"));
    EXPECT_EQ(undo->count(), steps + 1);
    press(controls->wireframeCheck(), Qt::Key_Space);
    EXPECT_FALSE(document->state().view.wireframe);
    undo->undo();
    EXPECT_EQ(document->state().recipe.seed, seed);
    EXPECT_FALSE(document->state().view.wireframe);  // not flipped back by the undo
    EXPECT_TRUE(document->state().view.water == view.water);
    EXPECT_FALSE(document->isModified());
}

// core's warnings and refusals name fields by reference: the editor's report, its status line and
// its error show the dialog's labels, never terrain-cli's flags.
// Splat maps from the export dialog: layers typed into its field with the keyboard,
// a bad rule refused naming the field, and the files byte-identical to terrain-cli --splat.
TEST_F(EditorTest, SplatLayersTypedInTheDialogWriteTheCliSplatMaps) {
    DocumentState state = smallState();  // 65 x 65: a Unity size
    state.setWorld(WorldSize{4.0, state.world().lowMetres, state.world().highMetres});
    state.recipe.operations.push_back(core::newOperation(m_window->registry(), state.recipe, "hydraulic-erosion"));
    loadState(state);
    const QDir editorDir(m_dir.filePath(QStringLiteral("editor")));
    const QDir cliDir(m_dir.filePath(QStringLiteral("cli")));
    ASSERT_TRUE(QDir().mkpath(editorDir.path()) && QDir().mkpath(cliDir.path()));
    const QString layers = QStringLiteral("rock=slope>30~5, sand=mask:deposition grass=rest");

    QString badError, summary;
    bool badRefused = false;
    onExportDialog([&](ExportDialog& dialog) {
        select(field<QComboBox>(dialog, "preset"), QStringLiteral("unity"));
        field<QLineEdit>(dialog, "path")->setText(editorDir.filePath(QStringLiteral("t.r16")));
        auto* splat = field<QLineEdit>(dialog, "splatLayers");
        EXPECT_FALSE(field<QSpinBox>(dialog, "splatSize")->isEnabled()) << "no layers, no size";
        splat->setFocus();
        QTest::keyClicks(splat, QStringLiteral("rock=slope>>30"));
        badRefused = !dialog.exportButton()->isEnabled();
        badError = field<QLabel>(dialog, "error")->text();
        splat->selectAll();
        QTest::keyClick(splat, Qt::Key_Backspace);
        QTest::keyClicks(splat, layers);
        EXPECT_TRUE(field<QSpinBox>(dialog, "splatSize")->isEnabled());
        summary = dialog.preview().summary;
        EXPECT_TRUE(dialog.exportButton()->isEnabled()) << dialog.preview().error.toStdString();
        QTest::mouseClick(dialog.exportButton(), Qt::LeftButton);
    });
    m_prompts.reports.clear();
    m_window->exports()->exportHeightmap();
    EXPECT_TRUE(badRefused);
    EXPECT_TRUE(badError.startsWith(QStringLiteral("Splat layers: 'rock=slope>>30'"))) << badError.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("Splat maps: 3 layer(s) in 1 RGBA PNG(s) of 64 × 64, 4 layers each")))
        << summary.toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !m_prompts.reports.isEmpty(); }, 60000))
        << m_prompts.errors.join('\n').toStdString();
    EXPECT_TRUE(m_prompts.reports.front().contains(QStringLiteral("t_splat0.png"))) << m_prompts.reports.front().toStdString();

    // terrain-cli with the document's recipe and world and the same layers.
    const QString recipePath = m_dir.filePath(QStringLiteral("recipe.json"));
    {
        QFile recipe(recipePath);
        ASSERT_TRUE(recipe.open(QIODevice::WriteOnly));
        recipe.write(QByteArray::fromStdString(core::recipeToJson(m_window->registry(), state.recipe).dump()));
    }
    QStringList cliFlags = {"generate", "--recipe", recipePath, "--preset", "unity", "--metres-per-pixel", "4",
                            "--output", cliDir.filePath(QStringLiteral("t.r16"))};
    for (const std::string& layer : splitSplatLayers(layers)) cliFlags << "--splat" << QString::fromStdString(layer);
    QProcess cli;
    cli.start(QStringLiteral(TERRAIN_CLI_PATH), cliFlags);
    ASSERT_TRUE(cli.waitForFinished(60000));
    ASSERT_EQ(cli.exitCode(), 0) << cli.readAllStandardError().toStdString();
    // The report gives the layers' files and Unity's steps for them, as terrain-cli prints them.
    const QString cliOut = QString::fromUtf8(cli.readAllStandardOutput());
    const qsizetype steps = cliOut.indexOf(QStringLiteral("Splat maps ("));
    ASSERT_GE(steps, 0) << cliOut.toStdString();
    const QString& report = m_prompts.reports.front();
    EXPECT_TRUE(report.contains(cliOut.mid(steps))) << report.toStdString() << "\n---\n" << cliOut.toStdString();
    EXPECT_TRUE(report.contains(QStringLiteral("Unity: Terrain Settings > Control Texture Resolution 64")))
        << report.toStdString();

    const QStringList expected = {"t.r16", "t.r16.json", "t_splat0.png", "t_splat.json"};
    QStringList sorted = expected;
    sorted.sort();
    EXPECT_EQ(editorDir.entryList(QDir::Files, QDir::Name), sorted);
    EXPECT_EQ(cliDir.entryList(QDir::Files, QDir::Name), sorted);
    for (const QString& name : expected) {
        SCOPED_TRACE(name.toStdString());
        const QByteArray bytes = readAll(editorDir.filePath(name));
        ASSERT_FALSE(bytes.isEmpty());
        EXPECT_EQ(bytes, readAll(cliDir.filePath(name))) << "differs from terrain-cli";
    }
    const auto sidecar = nlohmann::json::parse(readAll(editorDir.filePath(QStringLiteral("t_splat.json"))).toStdString());
    ASSERT_EQ(sidecar["layers"].size(), 3u);
    EXPECT_EQ(sidecar["layers"][1]["rule"], "mask:deposition");
}

TEST_F(EditorTest, ExportWarningsAndErrorsNameTheDialogsFieldsNotTheCliFlags) {
    QStringList status;
    QObject::connect(m_window->exports(), &ExportActions::statusMessage,
                     [&status](const QString& message) { status << message; });
    // The 65 x 65 map as HTerrain's .r16 (its importer lists only *.raw) with a Min Height it
    // cannot type (whole metres only): two warnings, each mentioning a field.
    DocumentState state = m_window->document()->state();
    state.setWorld(WorldSize{state.world().metresPerPixel, 12.5, 300.0});
    loadState(state);
    core::GameExportRequest request;
    request.preset = &core::findEnginePreset("godot-hterrain");
    QFuture<HeightmapExportOutcome> future =
        m_window->exports()->exportHeightmapTo(m_dir.filePath(QStringLiteral("land.r16")), request);
    ASSERT_TRUE(QTest::qWaitFor([&] { return future.isFinished(); }, 60000));
    ASSERT_EQ(future.result().error, QString());
    ASSERT_EQ(future.result().warnings.size(), 2) << future.result().warnings.join('\n').toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !m_prompts.reports.isEmpty(); }, 10000));
    const QString report = m_prompts.reports.front();
    for (const char* part : {"Warnings:", "rename it or export with File NAME.raw",
                             "12.5 would be typed as 12 or 13; choose Height low/high with whole metres"}) {
        EXPECT_TRUE(report.contains(QString::fromUtf8(part))) << part << "\n" << report.toStdString();
    }
    EXPECT_FALSE(report.contains(QStringLiteral("--"))) << report.toStdString();
    ASSERT_FALSE(status.isEmpty());
    EXPECT_TRUE(status.back().contains(QStringLiteral("Height low/high"))) << status.back().toStdString();
    EXPECT_FALSE(status.back().contains(QStringLiteral("--"))) << status.back().toStdString();

    // A size the preset refuses: the error suggests the dialog's fields too.
    request.size = core::OutputSize{100, 100};
    future = m_window->exports()->exportHeightmapTo(m_dir.filePath(QStringLiteral("small.raw")), request);
    ASSERT_TRUE(QTest::qWaitFor([&] { return future.isFinished(); }, 60000));
    const QString error = future.result().error;
    EXPECT_TRUE(error.startsWith(QStringLiteral("Output size: '100x100' is not allowed"))) << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("Engine preset godot-hterrain"))) << error.toStdString();
    EXPECT_FALSE(error.contains(QStringLiteral("--"))) << error.toStdString();
    EXPECT_FALSE(QFile::exists(m_dir.filePath(QStringLiteral("small.raw"))));
}

}  // namespace
}  // namespace terrain::app::testing
