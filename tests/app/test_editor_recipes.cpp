// Recipes in the editor: a recipe is the whole terrain, its world included. One saved by
// terrain-cli opens (File ▸ Open, the command line, a file dropped on the window) and exports the
// CLI's bytes; File ▸ Export Recipe writes one terrain-cli reproduces; a preset brings its world
// and World Size moves the terrain into another world keeping its shape.
#include "editor_fixture.h"

#include "app/document/document.h"
#include "app/document/document_files.h"
#include "app/export/export_actions.h"
#include "app/export/heightmap_export.h"
#include "app/editor/relief_window.h"
#include "app/widgets/slider_spin.h"
#include "app/editor/view_controls.h"

#include "render/terrain_view.h"

#include "core/io/game_export.h"
#include "core/recipe.h"
#include "core/stack/recipe_presets.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QCoreApplication>
#include <QDir>
#include <QDropEvent>
#include <QTest>

#include <algorithm>
#include <set>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QPixmap>
#include <QMimeData>
#include <QProcess>
#include <QUrl>

namespace terrain::app::testing {
namespace {

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

class EditorRecipeTest : public EditorTest {
protected:
    // terrain-cli generate ARGS; fails the test unless it exits 0.
    void cli(const QStringList& args) {
        QProcess process;
        process.start(QStringLiteral(TERRAIN_CLI_PATH), args);
        ASSERT_TRUE(process.waitForFinished(60000));
        ASSERT_EQ(process.exitCode(), 0) << process.readAllStandardError().toStdString();
    }

    // The editor's tiff32 export of its document in the recipe's world, as the CLI's default.
    void exportTiff(const QString& path) {
        core::GameExportRequest request;
        request.format = core::ExportFormat::Tiff32;
        request.mapping = core::HeightMapping::parse("world");
        QFuture<HeightmapExportOutcome> future = m_window->exports()->exportHeightmapTo(path, request);
        ASSERT_TRUE(QTest::qWaitFor([&] { return future.isFinished(); }, 60000));
        ASSERT_EQ(future.result().error, QString());
    }

    // "DIR/t.tif" in a fresh folder DIR: the editor's and the CLI's files share their names, which
    // the sidecars record.
    QString fresh(const QString& dir) {
        const QString path = m_dir.filePath(dir);
        EXPECT_TRUE(QDir().mkpath(path));
        return path + QStringLiteral("/t.tif");
    }

    void expectSameFiles(const QString& editor, const QString& cliFile) {
        for (const QString& suffix : {QString(), QStringLiteral(".json")}) {
            const QByteArray bytes = readAll(editor + suffix);
            ASSERT_FALSE(bytes.isEmpty()) << (editor + suffix).toStdString();
            if (suffix.isEmpty()) {
                EXPECT_TRUE(bytes == readAll(cliFile + suffix)) << editor.toStdString() << " differs from terrain-cli";
            } else {
                EXPECT_EQ(bytes.toStdString(), readAll(cliFile + suffix).toStdString()) << "the sidecar differs";
            }
        }
    }
};

const QStringList kCliRecipe = {"generate", "--algorithm", "fbm", "--detail", "6", "--seed", "9",
                                "--world-size", "1500", "--height-range=-50:450", "--sea-level", "12",
                                "--op", "terrace:edge_noise=8,edge_scale=200"};

TEST_F(EditorRecipeTest, ARecipeSavedByTheCliOpensAndExportsTheCliBytesWithNoFlagRepeated) {
    const QString recipe = m_dir.filePath(QStringLiteral("r.json"));
    const QString cliFile = fresh(QStringLiteral("cli"));
    cli(kCliRecipe + QStringList{"--save-recipe", recipe, "--output", cliFile});
    // Again from the recipe alone, at another detail: the same terrain (every 4th sample).
    cli({"generate", "--recipe", recipe, "--detail", "8", "--output", m_dir.filePath(QStringLiteral("fine.tif"))});

    QStringList notices;
    QObject::connect(m_window->files(), &DocumentFiles::notice, [&](const QString& text) { notices << text; });
    m_prompts.saveChoice = Prompts::SaveChoice::Discard;
    ASSERT_TRUE(m_window->files()->openFile(recipe));
    ASSERT_TRUE(waitUpToDate());
    const core::Recipe& opened = m_window->document()->state().recipe;
    EXPECT_EQ(opened.world.extentMetres, 1500.0);
    EXPECT_EQ(opened.world.loMetres, -50.0);
    EXPECT_EQ(opened.world.seaLevelMetres, 12.0);
    // A new untitled document: Save never writes a document over the recipe.
    EXPECT_TRUE(m_window->document()->filePath().isEmpty());
    ASSERT_EQ(notices.size(), 1);
    EXPECT_TRUE(notices.front().contains(QStringLiteral("r.json"))) << notices.front().toStdString();

    const QString editorFile = fresh(QStringLiteral("editor"));
    exportTiff(editorFile);
    expectSameFiles(editorFile, cliFile);
}

TEST_F(EditorRecipeTest, ExportRecipeWritesWhatTheCliReproducesAndWorldInitTiles) {
    DocumentState state = smallState();
    state.recipe = core::loadRecipePreset(m_window->registry(), "terraced-mesa");
    state.recipe.detail = 6;
    loadState(state);
    const QString recipe = m_dir.filePath(QStringLiteral("mesa.json"));
    m_prompts.savePath = recipe;
    ASSERT_TRUE(m_window->files()->exportRecipe());
    int version = 0;
    const core::Recipe back =
        core::recipeFromText(m_window->registry(), readAll(recipe).toStdString(), "mesa.json", &version);
    EXPECT_EQ(version, core::kRecipeFormatVersion);
    EXPECT_TRUE(back == state.recipe);

    const QString cliFile = fresh(QStringLiteral("cli"));
    cli({"generate", "--recipe", recipe, "--output", cliFile});
    const QString editorFile = fresh(QStringLiteral("editor"));
    exportTiff(editorFile);
    expectSameFiles(editorFile, cliFile);

    // A world of the recipe at twice the detail: its tiles hold the recipe's metres (the world's
    // extent and height range come from the recipe, no flag repeated).
    const QString world = m_dir.filePath(QStringLiteral("world"));
    cli({"world", "init", "--recipe", recipe, "--world-detail", "6", "--tile", "33", "--out", world});
    cli({"world", "tile", "--world", world + QStringLiteral("/world.json"), "--index", "0-3"});
    cli({"world", "verify", "--world", world + QStringLiteral("/world.json")});
    const QByteArray manifest = readAll(world + QStringLiteral("/world.json"));
    EXPECT_TRUE(manifest.contains("\"extent_m\": 8192.0")) << manifest.toStdString();
}

TEST_F(EditorRecipeTest, AFileDroppedOnTheWindowOpens) {
    const QString recipe = m_dir.filePath(QStringLiteral("dropped.json"));
    cli(kCliRecipe + QStringList{"--save-recipe", recipe, "--output", m_dir.filePath(QStringLiteral("x.tif"))});
    m_prompts.saveChoice = Prompts::SaveChoice::Discard;
    QMimeData data;
    data.setUrls({QUrl::fromLocalFile(recipe)});
    const QPoint centre = m_window->rect().center();
    QDragEnterEvent enter(centre, Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(m_window.get(), &enter);
    EXPECT_TRUE(enter.isAccepted());
    QDropEvent drop(QPointF(centre), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(m_window.get(), &drop);
    ASSERT_TRUE(QTest::qWaitFor([&] { return m_window->document()->state().recipe.algorithm == "fbm"; }, 10000));
    EXPECT_EQ(m_window->document()->state().recipe.world.extentMetres, 1500.0);
    EXPECT_TRUE(m_prompts.errors.isEmpty()) << m_prompts.errors.join('\n').toStdString();
}

TEST_F(EditorRecipeTest, AnOlderRecipeOpensWithItsOldWorldAndSaysSoOnce) {
    const QString recipe = m_dir.filePath(QStringLiteral("old.json"));
    QFile file(recipe);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"({"format":"terrain-recipe","version":3,"detail":6,"seed":2,
                   "stack":[{"id":"base","type":"fbm","params":{"feature_size_m":20}}]})");
    file.close();
    QStringList notices;
    QObject::connect(m_window->files(), &DocumentFiles::notice, [&](const QString& text) { notices << text; });
    m_prompts.saveChoice = Prompts::SaveChoice::Discard;
    ASSERT_TRUE(m_window->files()->openFile(recipe));
    EXPECT_EQ(m_window->document()->state().recipe.world.extentMetres, 64.0);  // 1 m per sample
    ASSERT_EQ(notices.size(), 1);
    EXPECT_TRUE(notices.front().contains(QStringLiteral("holds no world"))) << notices.front().toStdString();
}

// terrain-editor without a file starts on an eroded preset (MainWindow::kStartPreset), a believable
// first look rather than raw noise: the preset's recipe and world, no undo step, not modified, and
// the map generated. The Presets menu shows a picture beside every preset.
TEST_F(EditorRecipeTest, TheFirstLookIsAnErodedPresetAndThePresetsMenuHasPictures) {
    m_window->startOnPreset(MainWindow::kStartPreset);
    const core::Recipe preset = core::loadRecipePreset(m_window->registry(), MainWindow::kStartPreset);
    EXPECT_TRUE(m_window->document()->state().recipe == preset);
    EXPECT_TRUE(std::any_of(preset.operations.begin(), preset.operations.end(),
                            [](const core::OpInstance& o) { return o.type == "river-erosion"; }));
    EXPECT_FALSE(m_window->document()->isModified());
    EXPECT_EQ(m_window->document()->undoStack()->count(), 0);
    ASSERT_TRUE(waitUpToDate());

    QMenu* menu = m_window->menuBar()->findChild<QMenu*>(QStringLiteral("presetsMenu"));
    ASSERT_NE(menu, nullptr);
    int pictures = 0;
    for (QAction* a : menu->actions()) {
        const QPixmap picture = a->icon().pixmap(48, 48);
        EXPECT_FALSE(picture.isNull()) << a->text().toStdString();
        // Not a blank square: a terrain's picture has many colours (two pixels compared, as before,
        // matched by chance in `alpine`'s picture of 2026-11-29).
        const QImage image = picture.toImage();
        std::set<QRgb> colours;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) colours.insert(image.pixel(x, y));
        if (colours.size() >= 64) ++pictures;
    }
    EXPECT_EQ(pictures, int(core::builtinRecipePresets().size()));
}

TEST_F(EditorRecipeTest, WorldSizeMovesAPresetIntoAnotherWorldKeepingItsShapeAsOneUndoStep) {
    QMenu* menu = m_window->menuBar()->findChild<QMenu*>(QStringLiteral("presetsMenu"));
    ASSERT_NE(menu, nullptr);
    QAction* island = nullptr;
    for (QAction* a : menu->actions()) {
        if (a->data().toString() == QStringLiteral("island")) island = a;
    }
    ASSERT_NE(island, nullptr);
    island->trigger();
    ASSERT_TRUE(waitUpToDate());
    const DocumentState before = m_window->document()->state();
    EXPECT_EQ(before.recipe.world.extentMetres, 4096.0);  // the preset's own world

    const WorldSize bigger{before.world().metresPerPixel * 4.0, 0.0, 1000.0};
    emit m_window->exports()->worldSizeChosen(bigger);
    ASSERT_TRUE(waitUpToDate());
    const DocumentState after = m_window->document()->state();
    EXPECT_TRUE(after.world() == bigger);
    EXPECT_EQ(after.recipe.operations[0].params.at("falloff_end"),
              4.0 * before.recipe.operations[0].params.at("falloff_end"));
    EXPECT_EQ(m_window->document()->undoStack()->undoText(), QStringLiteral("Change World Size"));
    m_window->document()->undoStack()->undo();
    ASSERT_TRUE(waitUpToDate());
    EXPECT_TRUE(m_window->document()->state() == before);

    // A world a parameter cannot follow is refused naming it; the terrain stays as it was.
    emit m_window->exports()->worldSizeChosen(WorldSize{before.world().metresPerPixel * 1000.0, 0.0, 1000.0});
    ASSERT_EQ(m_prompts.errors.size(), 1);
    EXPECT_TRUE(m_prompts.errors.front().contains(QStringLiteral("island-1.falloff_end")))
        << m_prompts.errors.front().toStdString();
    EXPECT_TRUE(m_window->document()->state() == before);
}

// The water plane is the recipe's sea level: typed into the Sea level field with keys, it is an
// undo step of the recipe and the 3-D view draws the water there.
TEST_F(EditorRecipeTest, TheSeaLevelFieldEditsTheRecipeAndTheWaterIsDrawnThere) {
    m_window->activateWindow();
    QApplication::setActiveWindow(m_window.get());
    ASSERT_TRUE(QTest::qWaitForWindowActive(m_window.get()));
    ViewControls* controls = m_window->viewControls();
    QTest::mouseClick(controls->waterCheck(), Qt::LeftButton);
    ASSERT_TRUE(controls->seaLevelControl()->isEnabled());
    QDoubleSpinBox* spin = controls->seaLevelControl()->spinBox();
    spin->setFocus();
    spin->selectAll();
    QTest::keyClicks(spin, QStringLiteral("25"));
    QTest::keyClick(spin, Qt::Key_Return);
    ASSERT_TRUE(waitUpToDate());
    EXPECT_EQ(m_window->document()->state().recipe.world.seaLevelMetres, 25.0);
    EXPECT_EQ(m_window->document()->undoStack()->undoText(), QStringLiteral("Change Sea Level"));
    // 0..100 m: the water at a quarter of the range.
    EXPECT_FLOAT_EQ(m_window->terrainView()->waterLevel(), 0.25f);
    m_window->document()->undoStack()->undo();
    EXPECT_EQ(m_window->document()->state().recipe.world.seaLevelMetres, 0.0);
    EXPECT_FLOAT_EQ(m_window->terrainView()->waterLevel(), 0.0f);
}


TEST_F(EditorRecipeTest, MeasureReliefShowsWhatTerrainCliAnalyzePrintsForTheRecipe) {
    const QString recipe = m_dir.filePath(QStringLiteral("eroded.json"));
    cli({"generate", "--algorithm", "fbm", "--detail", "7", "--seed", "9", "--world-size", "4000",
         "--height-range=-50:900", "--sea-level", "12", "--op", "river-erosion", "--save-recipe", recipe, "--output",
         m_dir.filePath(QStringLiteral("eroded.tif"))});
    m_prompts.saveChoice = Prompts::SaveChoice::Discard;
    ASSERT_TRUE(m_window->files()->openFile(recipe));
    ASSERT_TRUE(waitUpToDate());

    // Terrain ▸ Measure Relief…, as the menu offers it.
    QAction* measure = nullptr;
    for (QAction* menu : m_window->menuBar()->actions())
        if (menu->menu() && menu->text().remove(QLatin1Char('&')) == QStringLiteral("Terrain"))
            for (QAction* action : menu->menu()->actions())
                if (action->text().startsWith(QStringLiteral("&Measure Relief"))) measure = action;
    ASSERT_NE(measure, nullptr) << "no Terrain ▸ Measure Relief";
    measure->trigger();
    auto* window = m_window->findChild<ReliefWindow*>();
    ASSERT_NE(window, nullptr);
    ASSERT_TRUE(window->isVisible());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !window->measuring() && !window->figures().isEmpty(); }, 60000));

    QProcess analyze;
    analyze.start(QStringLiteral(TERRAIN_CLI_PATH), {"analyze", "--recipe", recipe});
    ASSERT_TRUE(analyze.waitForFinished(60000));
    ASSERT_EQ(analyze.exitCode(), 0) << analyze.readAllStandardError().toStdString();
    QString printed = QString::fromUtf8(analyze.readAllStandardOutput());
    printed = printed.mid(printed.indexOf(QLatin1Char('\n')) + 1);  // after the CLI's line naming the file
    EXPECT_EQ(window->figures().toStdString(), printed.toStdString());
    EXPECT_TRUE(window->figures().contains(QStringLiteral("closed depressions")));
    if (const QByteArray keep = qgetenv("TERRAIN_TEST_SHOTS"); !keep.isEmpty()) {
        window->grab().save(QString::fromLocal8Bit(keep) + QStringLiteral("/measure-relief.png"));
    }

    // A change of the terrain is measured again while the window is open.
    const QString before = window->figures();
    DocumentState next = m_window->document()->state();
    next.recipe.seed = 10;
    m_window->document()->edit(next, QStringLiteral("seed"));
    ASSERT_TRUE(waitUpToDate());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !window->measuring() && window->figures() != before; }, 60000))
        << "the figures stayed those of the old seed";
}

}  // namespace
}  // namespace terrain::app::testing
