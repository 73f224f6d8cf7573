// View ▸ World View under Xvfb: opened by its shortcut from the focused window, the
// document's recipe as a 65537² world, what is on screen is the lattice (a world sample at
// 1024·i equals sample i of the document's own map), wheel zoom keeps the sample under the mouse,
// a drag pans by what the mouse moved, the cache stays within its budget while panning across a
// 1048577² world, a recipe that cannot be tiled is refused naming the operation, and a world.json
// written by terrain-cli opens. Waits poll for the worker; nothing asserts how fast.
#include "editor_fixture.h"

#include "app/document/document.h"
#include "app/stack/parameter_panel.h"
#include "app/widgets/seed_spin_box.h"
#include "app/world/world_window.h"

#include "core/recipe.h"
#include "core/stack/evaluator.h"
#include "core/world_scale.h"
#include "render/colormap.h"
#include "render/terrain_view.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QProcess>
#include <QSpinBox>
#include <QPointer>
#include <QTest>
#include <QWheelEvent>

#include <cmath>

namespace terrain::app::testing {
namespace {

constexpr int kWait_ms = 60000;

// An even canvas size, so a sample's edges fall on pixel edges at the zooms the tests pick.
void evenCanvas(WorldCanvas* canvas) {
    canvas->setFixedSize(800, 600);
    QApplication::processEvents();
}

bool waitComplete(WorldCanvas* canvas) {
    return QTest::qWaitFor([canvas] { return canvas->missingTiles() == 0; }, kWait_ms);
}

int greyAt(WorldCanvas* canvas, QPoint pixel) {
    const QImage image = canvas->grab().toImage();
    return qGray(image.pixel(pixel));
}

// The grey the world view draws for a raw height: the world mapping to 0..255.
int expectedGrey(const core::HeightMapping& mapping, float raw) {
    const double t = std::clamp((double(raw) - mapping.lo) / (double(mapping.hi) - double(mapping.lo)), 0.0, 1.0);
    return int(std::lround(t * 255.0));
}

// Ctrl+Shift+W pressed while the seed box has the focus, as a user would.
WorldWindow* openByShortcut(MainWindow& window) {
    QAbstractSpinBox* box = window.parameterPanel()->seedBox();
    window.activateWindow();
    (void)QTest::qWaitForWindowActive(&window);
    box->setFocus(Qt::OtherFocusReason);
    (void)QTest::qWaitFor([box] { return box->hasFocus(); }, 2000);
    const QString text = box->text();
    QTest::keyClick(box, Qt::Key_W, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(box->text(), text) << "the shortcut typed into the seed box";
    return window.findChild<WorldWindow*>();
}

TEST_F(EditorTest, WorldViewShowsTheDocumentsRecipeAsAWorldOnTheLattice) {
    loadState(smallState());  // diamond-square, detail 6: 65 samples
    WorldWindow* world = openByShortcut(*m_window);
    ASSERT_NE(world, nullptr) << "Ctrl+Shift+W did not open the world view";
    ASSERT_TRUE(QTest::qWaitForWindowExposed(world));
    WorldCanvas* canvas = world->canvas();
    evenCanvas(canvas);
    EXPECT_EQ(world->worldDetailBox()->value(), 16);
    EXPECT_EQ(canvas->world().worldDetail, 16);
    ASSERT_TRUE(waitComplete(canvas));

    // Zoomed to 4 screen pixels a sample on world sample 1024·(20, 37): the document map's
    // sample (20, 37) by the lattice rule (detail 16 over detail 6's extent).
    const core::Recipe recipe = m_window->document()->state().recipe;
    const core::Heightmap doc = reference(recipe);
    const QPoint middle(canvas->width() / 2, canvas->height() / 2);
    for (const QPoint at : {QPoint(20, 37), QPoint(0, 0), QPoint(64, 64), QPoint(33, 5)}) {
        canvas->setView(QPointF(at.x() * 1024.0, at.y() * 1024.0), 0.25);
        ASSERT_EQ(canvas->levelForView(), 0);
        ASSERT_TRUE(waitComplete(canvas));
        EXPECT_EQ(greyAt(canvas, middle), expectedGrey(canvas->world().mapping, doc.at(at.x(), at.y())))
            << "world sample 1024 * (" << at.x() << ", " << at.y() << ")";
    }

    // The whole world, then a wheel step in: the sample under the mouse stays under it.
    canvas->fitWorld();
    ASSERT_TRUE(waitComplete(canvas));
    {
        // Every pixel over the world is terrain grey: tiles meet with no gap of background.
        const QImage image = canvas->grab().toImage();
        const double side = double(core::levelSide(canvas->world(), 0) - 1);
        const QPointF a = (QPointF(0, 0) - canvas->centre()) / canvas->samplesPerPixel() +
                          QPointF(canvas->width() / 2.0, canvas->height() / 2.0);
        const QPointF b = a + QPointF(side, side) / canvas->samplesPerPixel();
        int gaps = 0;
        for (int y = int(a.y()) + 2; y < int(b.y()) - 2; ++y)
            for (int x = int(a.x()) + 2; x < int(b.x()) - 2; ++x) {
                const QRgb p = image.pixel(x, y);
                if (qRed(p) != qGreen(p) || qGreen(p) != qBlue(p)) ++gaps;
            }
        EXPECT_EQ(gaps, 0) << "background shows between tiles";
        EXPECT_GT(b.x() - a.x(), 300.0);
    }
    const QPoint mouse(canvas->width() / 3, canvas->height() / 4);
    const QPointF before = canvas->sampleAt(mouse);
    const double spp = canvas->samplesPerPixel();
    QWheelEvent wheel(QPointF(mouse), canvas->mapToGlobal(QPointF(mouse)), QPoint(), QPoint(0, 240), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(canvas, &wheel);
    EXPECT_DOUBLE_EQ(canvas->samplesPerPixel(), spp / 2.0);
    EXPECT_NEAR(canvas->sampleAt(mouse).x(), before.x(), 1e-6 * spp);
    EXPECT_NEAR(canvas->sampleAt(mouse).y(), before.y(), 1e-6 * spp);

    // A drag of (-100, -50) pixels moves the view (+100, +50) pixels' worth of samples.
    const QPointF centre = canvas->centre();
    QTest::mousePress(canvas, Qt::LeftButton, Qt::NoModifier, middle);
    QTest::mouseMove(canvas, middle - QPoint(100, 50));
    QTest::mouseRelease(canvas, Qt::LeftButton, Qt::NoModifier, middle - QPoint(100, 50));
    EXPECT_NEAR(canvas->centre().x(), centre.x() + 100 * canvas->samplesPerPixel(), 1e-6);
    EXPECT_NEAR(canvas->centre().y(), centre.y() + 50 * canvas->samplesPerPixel(), 1e-6);
    ASSERT_TRUE(waitComplete(canvas));
    QLabel* status = world->findChild<QLabel*>("worldStatus");
    ASSERT_NE(status, nullptr);
    EXPECT_TRUE(status->text().contains("65537 samples a side, 64.0 m across")) << status->text().toStdString();
    EXPECT_TRUE(status->text().contains("complete")) << status->text().toStdString();
}

// The world view draws in the editor's preview style: the document's colour map and hillshade
// are the world view's when it opens; the hillshade's relief is the whole world's and each tile is
// shaded from its neighbours' samples, so what is on screen across a tile border is exactly the
// image of one map covering both tiles (no seam). Switching the colour map in the world view's
// toolbar draws the tiles again.
TEST_F(EditorTest, WorldViewDrawsThePreviewsColoursAndHillshadeWithoutSeams) {
    DocumentState state = smallState();
    state.view.colorMap = render::ColorMap::Terrain;
    state.view.hillshade = true;
    loadState(state);
    WorldWindow* world = m_window->openWorldWindow();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(world));
    EXPECT_EQ(render::ColorMap(world->colorMapBox()->currentData().toInt()), render::ColorMap::Terrain);
    EXPECT_TRUE(world->hillshadeBox()->isChecked());
    WorldCanvas* canvas = world->canvas();
    evenCanvas(canvas);
    ASSERT_TRUE(waitComplete(canvas));

    // One screen pixel a sample around world sample (256, 256): view tiles (0, 0) .. (1, 1) of
    // level 0 meet there. Sample i is drawn at pixel i - 256 + 399.
    const int c = core::kViewTile;
    canvas->setView(QPointF(c + 0.5, c + 0.5), 1.0);
    ASSERT_EQ(canvas->levelForView(), 0);
    ASSERT_TRUE(waitComplete(canvas));
    const QImage shown = canvas->grab().toImage();

    const core::WorldManifest& w = canvas->world();
    const core::SampleWindow region{c - 110, c - 110, 220, 220};
    core::GenerateContext context;
    const core::Heightmap map =
        core::evaluateStackWindow(m_window->registry(), core::worldRecipe(w), w.units, region, context, &w.mapping);
    render::PreviewStyle style = canvas->style();
    style.reliefSide = double(core::levelSide(w, 0));
    const QImage expected = render::renderPreviewImage(map, core::resolveMapping(w.mapping, map), style);
    int differ = 0, coloured = 0, compared = 0;
    for (int y = c - 100; y < c + 100; ++y) {
        for (int x = c - 100; x < c + 100; ++x) {
            const QRgb a = shown.pixel(x - c + 399, y - c + 299);
            const QRgb b = expected.pixel(x - region.x0, y - region.y0);
            differ += (a & 0xffffff) != (b & 0xffffff);
            coloured += qRed(a) != qGreen(a);
            ++compared;
        }
    }
    EXPECT_EQ(differ, 0) << "of " << compared << " pixels across the tile borders at 256";
    EXPECT_GT(coloured, compared / 2) << "the terrain colour map is not grey";

    // Gray from the toolbar, hillshade off: the tiles are drawn again, grey.
    world->hillshadeBox()->setChecked(false);
    world->colorMapBox()->setCurrentIndex(world->colorMapBox()->findData(int(render::ColorMap::Gray)));
    EXPECT_EQ(canvas->style().colorMap, render::ColorMap::Gray);
    ASSERT_TRUE(waitComplete(canvas));
    const QImage grey = canvas->grab().toImage();
    const QRgb p = grey.pixel(399, 299);
    EXPECT_TRUE(qRed(p) == qGreen(p) && qGreen(p) == qBlue(p));
    EXPECT_EQ(qGray(p), expectedGrey(w.mapping, map.at(c - region.x0, c - region.y0)));
}

TEST_F(EditorTest, WorldViewKeepsItsCacheWithinBudgetAcrossAMillionSampleWorld) {
    loadState(smallState());
    WorldWindow* world = m_window->openWorldWindow();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(world));
    world->worldDetailBox()->setValue(20);  // 1048577² samples
    WorldCanvas* canvas = world->canvas();
    ASSERT_EQ(canvas->world().worldDetail, 20);
    for (int i = 0; i < 24; ++i) {  // full-resolution views far apart: new tiles each time
        canvas->setView(QPointF(40000.0 * i + 5000.0, 1000000.0 - 39000.0 * i), 1.0);
        ASSERT_TRUE(waitComplete(canvas)) << "view " << i;
        EXPECT_LE(canvas->cachedBytes(), WorldCanvas::cacheBudgetBytes()) << "view " << i;
    }
    EXPECT_GT(canvas->cachedBytes(), WorldCanvas::cacheBudgetBytes() / 2) << "the cache should have filled up";
}

// Closing the editor while the world view computes tiles: its worker reads the editor's registry,
// so it must stop before the registry dies. Before the fix this was a heap-use-after-free that
// the ASan step reported (it surfaced at the end of WorldViewShowsTheRegionInViewIn3d).
TEST_F(EditorTest, ClosingTheEditorWhileTheWorldViewComputesStopsItsWorkerFirst) {
    QPointer<WorldWindow> world = m_window->openWorldWindow();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(world));
    WorldCanvas* canvas = world->canvas();
    canvas->setView(QPointF(512000.0, 300000.0), 1.0);  // full resolution: tiles nobody has computed
    ASSERT_GT(canvas->missingTiles(), 0) << "the worker should be busy when the editor closes";
    m_window.reset();
    EXPECT_TRUE(world.isNull()) << "the world view outlived the editor";
}

TEST_F(EditorTest, WorldViewShowsTheRegionInViewIn3d) {
    loadState(smallState());
    WorldWindow* world = m_window->openWorldWindow();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(world));
    WorldCanvas* canvas = world->canvas();
    evenCanvas(canvas);
    canvas->setView(QPointF(30000.0, 20000.0), 1.0);  // 800 x 600 samples at level 0
    world->activateWindow();
    (void)QTest::qWaitForWindowActive(world);
    canvas->setFocus();
    QTest::keyClick(canvas, Qt::Key_3);  // Region in 3-D
    const auto map = world->terrainView()->heightmap();
    ASSERT_NE(map, nullptr) << "the 3 key did not show the region";
    EXPECT_EQ(map->width(), 801);
    EXPECT_EQ(map->height(), 601);
    // The region's corner sample is the world's sample (29600, 19700) at detail 16.
    core::Recipe recipe = canvas->world().recipe;
    recipe.detail = 16;
    core::GenerateContext context;
    const core::Heightmap one = core::evaluateStackWindow(m_window->registry(), recipe, canvas->world().units,
                                                          core::SampleWindow{29600, 19700, 1, 1}, context);
    EXPECT_EQ(map->at(0, 0), one.at(0, 0));
    // In the colours of the canvas (the world's mapping, the same for every tile), in the
    // region's own relief: the region spans a part of the world's heights.
    const core::ResolvedMapping tint = world->terrainView()->tintMapping();
    const core::ResolvedMapping relief = world->terrainView()->heightMapping();
    const core::ResolvedMapping canvasColours = core::resolveMapping(canvas->world().mapping, one);
    EXPECT_EQ(tint.lo, canvasColours.lo);
    EXPECT_EQ(tint.hi, canvasColours.hi);
    EXPECT_GT(tint.hi - tint.lo, relief.hi - relief.lo);
    // Zoomed out to the whole world: the finest level whose region fits 1025 samples.
    canvas->fitWorld();
    QTest::keyClick(canvas, Qt::Key_3);
    const auto whole = world->terrainView()->heightmap();
    ASSERT_NE(whole, nullptr);
    EXPECT_LE(whole->width(), WorldCanvas::kRegionSide);
    EXPECT_GE(whole->width(), 513);
}

TEST_F(EditorTest, WorldViewRefusesARecipeThatCannotBeTiledNamingTheOperation) {
    DocumentState state = smallState();
    state.recipe.operations.push_back(core::newOperation(m_window->registry(), state.recipe, "thermal-erosion"));
    loadState(state);
    WorldWindow* world = m_window->openWorldWindow();
    QLabel* status = world->findChild<QLabel*>("worldStatus");
    ASSERT_NE(status, nullptr);
    EXPECT_TRUE(status->text().contains("thermal-erosion")) << status->text().toStdString();
    EXPECT_TRUE(status->text().contains("cannot be browsed as a world")) << status->text().toStdString();
}

TEST_F(EditorTest, WorldViewOpensAWorldJsonWrittenByTheCli) {
    const QString dir = m_dir.filePath("w");
    QProcess cli;
    cli.start(TERRAIN_CLI_PATH, {"world", "init", "--algorithm", "fbm", "--seed", "9", "--world-detail", "18", "--tile",
                                 "4097", "--world-size", "100000", "--out", dir});
    ASSERT_TRUE(cli.waitForFinished(60000));
    ASSERT_EQ(cli.exitCode(), 0) << cli.readAllStandardError().toStdString();
    WorldWindow* world = m_window->openWorldWindow();
    world->showWorldFile(dir + "/world.json");
    WorldCanvas* canvas = world->canvas();
    evenCanvas(canvas);
    EXPECT_EQ(canvas->world().worldDetail, 18);
    EXPECT_EQ(canvas->world().recipe.algorithm, "fbm");
    EXPECT_FALSE(world->worldDetailBox()->isEnabled());
    ASSERT_TRUE(waitComplete(canvas));
    // Zoomed out to 2048 samples a pixel: level 11, every 2048th sample, which is the fbm map of
    // detail 7 over the same extent made by the ordinary whole-map generator.
    core::Recipe coarse = canvas->world().recipe;
    coarse.detail = 7;
    core::GenerateContext context;
    const core::Heightmap map =
        core::generate(m_window->registry(), coarse, canvas->world().units.metresPerPixel * 2048.0, context);
    ASSERT_EQ(map.width(), 129);
    for (const QPoint at : {QPoint(64, 64), QPoint(10, 100), QPoint(100, 3)}) {
        // Sample `at` covers the pixel just left of and above the middle.
        canvas->setView(QPointF((at.x() + 0.5) * 2048.0, (at.y() + 0.5) * 2048.0), 2048.0);
        ASSERT_EQ(canvas->levelForView(), 11);
        ASSERT_TRUE(waitComplete(canvas));
        const QPoint pixel(canvas->width() / 2 - 1, canvas->height() / 2 - 1);
        EXPECT_EQ(greyAt(canvas, pixel), expectedGrey(canvas->world().mapping, map.at(at.x(), at.y())))
            << "level-11 sample (" << at.x() << ", " << at.y() << ")";
    }
}

}  // namespace
}  // namespace terrain::app::testing

namespace terrain::app::testing {
namespace {

// Not a check: writes the pictures for docs/worlds.md when TERRAIN_WORLD_SHOTS names a folder.
//   TERRAIN_WORLD_SHOTS=docs/images/world xvfb-run -a -s "-screen 0 1920x1080x24"
//       build/bin/app_tests --gtest_filter='WorldShots.*'   (one command line)
TEST(WorldShots, WriteDocImages) {
    const QString folder = qEnvironmentVariable("TERRAIN_WORLD_SHOTS");
    if (folder.isEmpty()) GTEST_SKIP() << "set TERRAIN_WORLD_SHOTS to write the doc images";
    const core::Registry registry = core::makeBuiltinRegistry();
    WorldWindow window(registry);
    window.resize(1000, 760);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    core::Recipe recipe = core::defaultRecipe(registry, "diamond-square");
    recipe.seed = 2026;
    core::WorldUnits units;
    units.metresPerPixel = 100000.0 / 512.0;  // 100 km across at the recipe's detail 9
    units.hiMetres = 1200.0;
    window.showRecipe(recipe, units, 20);
    WorldCanvas* canvas = window.canvas();
    ASSERT_TRUE(waitComplete(canvas));
    ASSERT_TRUE(window.grab().save(folder + "/world_view_whole.png"));
    canvas->setView(QPointF(700000.0, 380000.0), 64.0);
    ASSERT_TRUE(waitComplete(canvas));
    ASSERT_TRUE(window.grab().save(folder + "/world_view_64.png"));
    render::PreviewStyle style;
    style.colorMap = render::ColorMap::Terrain;
    style.hillshade = true;
    window.setStyle(style);
    canvas->setView(QPointF(700000.0, 380000.0), 512.0);
    ASSERT_TRUE(waitComplete(canvas));
    ASSERT_TRUE(window.grab().save(folder + "/world_view_hillshade.png"));
    canvas->setView(QPointF(700000.0, 380000.0), 64.0);
    window.showRegionIn3d();
    QTest::qWait(1500);  // the 3-D view's first frames on llvmpipe
    ASSERT_TRUE(window.grab().save(folder + "/world_view_3d.png"));
}

}  // namespace
}  // namespace terrain::app::testing
