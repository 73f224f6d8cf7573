// The compare window under Xvfb: linked and unlinked 3-D cameras and 2-D views, shared seed and
// detail, the common height mapping, the difference of two recipes, and that what is shown is
// the map of the recipe above it. Waits poll for the workers; nothing asserts how fast.
#include "app/compare/compare_analysis.h"
#include "app/compare/compare_panel.h"
#include "app/compare/compare_runner.h"
#include "app/compare/compare_swipe_view.h"
#include "app/compare/compare_window.h"
#include "app/stack/parameter_panel.h"
#include "app/document/document.h"
#include "app/document/document_state.h"
#include "app/compare/seed_variations.h"

#include "core/cancel.h"
#include "core/registry.h"
#include "core/stack/evaluator.h"
#include "render/preview_widget.h"
#include "render/terrain_view.h"

#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QTemporaryDir>
#include <QMenu>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <memory>

namespace terrain::app {
namespace {

constexpr int kWait_ms = 120000;

void expectSameCamera(const render::OrbitCamera& a, const render::OrbitCamera& b) {
    EXPECT_FLOAT_EQ(a.azimuth_rad, b.azimuth_rad);
    EXPECT_FLOAT_EQ(a.elevation_rad, b.elevation_rad);
    EXPECT_FLOAT_EQ(a.distance, b.distance);
    EXPECT_FLOAT_EQ(a.target.x, b.target.x);
    EXPECT_FLOAT_EQ(a.target.y, b.target.y);
    EXPECT_FLOAT_EQ(a.target.z, b.target.z);
}

// The image point at the centre of a preview.
QPointF centreImagePoint(const render::PreviewWidget& view) {
    return (QPointF(view.width(), view.height()) / 2.0 - view.pan()) / view.zoom();
}

class CompareTest : public ::testing::Test {
protected:
    void SetUp() override {
        window = std::make_unique<CompareWindow>(registry, nullptr);
        window->resize(1500, 900);
        window->setSharedDetail(6);  // small maps keep the tests quick
        window->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(window.get()));
        ASSERT_TRUE(waitUpToDate());
    }

    [[nodiscard]] bool waitUpToDate() {
        return QTest::qWaitFor([this] { return window->isUpToDate(); }, kWait_ms);
    }

    core::Recipe recipeFor(const std::string& algorithm, int edge = -1) const {
        core::Recipe r = core::defaultRecipe(registry, algorithm);
        if (edge >= 0) r.params["edge"] = double(edge);
        return r;
    }

    core::Heightmap reference(const core::Recipe& recipe) const {
        return core::generate(registry, recipe, core::GenerateContext{});
    }

    const core::Registry registry = core::makeBuiltinRegistry();
    std::unique_ptr<CompareWindow> window;
};

TEST_F(CompareTest, LinkedCamerasMoveTogether) {
    window->setPanelCount(3);
    ASSERT_TRUE(waitUpToDate());
    render::OrbitCamera camera = window->panel(0)->terrainView()->camera();
    camera.orbit(0.7f, 0.2f);
    camera.zoom(1.3f);
    window->panel(0)->terrainView()->setCamera(camera);
    for (int i = 1; i < 3; ++i) {
        SCOPED_TRACE(i);
        expectSameCamera(window->panel(i)->terrainView()->camera(), camera);
    }
    // And from any panel, not only the first.
    render::OrbitCamera other = window->panel(2)->terrainView()->camera();
    other.orbit(-1.1f, 0.0f);
    window->panel(2)->terrainView()->setCamera(other);
    expectSameCamera(window->panel(0)->terrainView()->camera(), other);
    expectSameCamera(window->panel(1)->terrainView()->camera(), other);
}

TEST_F(CompareTest, UnlinkedCamerasStayWhereTheyAre) {
    window->setCamerasLinked(false);
    const render::OrbitCamera before = window->panel(1)->terrainView()->camera();
    render::OrbitCamera moved = window->panel(0)->terrainView()->camera();
    moved.orbit(0.9f, -0.1f);
    window->panel(0)->terrainView()->setCamera(moved);
    expectSameCamera(window->panel(1)->terrainView()->camera(), before);
    EXPECT_NE(window->panel(1)->terrainView()->camera().azimuth_rad,
              window->panel(0)->terrainView()->camera().azimuth_rad);
    // Linking again brings the others to the first panel's camera.
    window->setCamerasLinked(true);
    expectSameCamera(window->panel(1)->terrainView()->camera(), moved);
}

TEST_F(CompareTest, Linked2DViewsFollowAndUnlinkedStay) {
    render::PreviewWidget* a = window->panel(0)->preview();
    render::PreviewWidget* b = window->panel(1)->preview();
    ASSERT_EQ(a->image().size(), b->image().size());
    a->setView(3.0, QPointF(-120.0, -80.0));
    EXPECT_DOUBLE_EQ(b->zoom(), 3.0);
    EXPECT_FALSE(b->isFitted());
    const QPointF centreA = centreImagePoint(*a);
    for (render::PreviewWidget* follower :
         {b, window->differenceView(), static_cast<render::PreviewWidget*>(window->swipeView())}) {
        const QPointF centre = centreImagePoint(*follower);
        EXPECT_NEAR(centre.x(), centreA.x(), 1e-6);
        EXPECT_NEAR(centre.y(), centreA.y(), 1e-6);
    }
    // Fitting one fits all.
    a->fitToWindow();
    EXPECT_TRUE(b->isFitted());

    window->setViewsLinked(false);
    b->setView(2.0, QPointF(10.0, 10.0));
    a->setView(5.0, QPointF(-300.0, -300.0));
    EXPECT_DOUBLE_EQ(b->zoom(), 2.0);
    EXPECT_EQ(b->pan(), QPointF(10.0, 10.0));
}

TEST_F(CompareTest, SeedAndDetailAreSharedUnlessUnlinked) {
    window->setSharedSeed(5);
    EXPECT_EQ(window->panel(0)->recipe().seed, 5u);
    EXPECT_EQ(window->panel(1)->recipe().seed, 5u);
    window->panel(1)->setSharesSeedAndDetail(false);
    window->setSharedSeed(7);
    window->setSharedDetail(5);
    EXPECT_EQ(window->panel(0)->recipe().seed, 7u);
    EXPECT_EQ(window->panel(0)->recipe().detail, 5);
    EXPECT_EQ(window->panel(1)->recipe().seed, 5u);
    EXPECT_EQ(window->panel(1)->recipe().detail, 6);
    // Sharing again takes the shared values.
    window->panel(1)->setSharesSeedAndDetail(true);
    EXPECT_EQ(window->panel(1)->recipe().seed, 7u);
    EXPECT_EQ(window->panel(1)->recipe().detail, 5);
}

TEST_F(CompareTest, DifferenceOfIdenticalRecipesIsFlatZero) {
    window->setPanelRecipe(0, recipeFor("diamond-square", 1));
    window->setPanelRecipe(1, recipeFor("diamond-square", 1));
    ASSERT_TRUE(waitUpToDate());
    const CompareDifference& d = window->shownAnalysis()->difference;
    ASSERT_TRUE(d.valid) << d.reason.toStdString();
    ASSERT_TRUE(d.map);
    EXPECT_EQ(d.map->width(), 65);
    EXPECT_TRUE(std::all_of(d.map->samples().begin(), d.map->samples().end(),
                            [](float v) { return v == 0.0f; }));
    EXPECT_EQ(d.maxAbs, 0.0f);
    EXPECT_EQ(d.rms, 0.0);
    // Shown as one colour: the diverging map's middle.
    const QImage shown = window->differenceView()->image().convertToFormat(QImage::Format_RGB32);
    ASSERT_FALSE(shown.isNull());
    for (int y = 0; y < shown.height(); ++y) {
        for (int x = 0; x < shown.width(); ++x) {
            ASSERT_EQ(shown.pixel(x, y), divergingColor(0.0f, 0.0f)) << x << "," << y;
        }
    }
}

TEST_F(CompareTest, DifferenceIsASampleBySampleSubtraction) {
    const core::Recipe a = recipeFor("diamond-square", 0);
    const core::Recipe b = recipeFor("midpoint-displacement");
    window->setDifferenceUnit(DifferenceUnit::Raw);
    window->setPanelRecipe(0, a);
    window->setPanelRecipe(1, b);
    ASSERT_TRUE(waitUpToDate());
    const core::Heightmap mapA = reference(window->panel(0)->recipe());
    const core::Heightmap mapB = reference(window->panel(1)->recipe());
    const CompareDifference& d = window->shownAnalysis()->difference;
    ASSERT_TRUE(d.valid);
    EXPECT_EQ(*d.map, differenceMap(mapA, mapB));
    EXPECT_GT(d.maxAbs, 0.0f);
    // Symmetric scale around 0: full red at +maxAbs, full blue at -maxAbs, white at 0.
    const QRgb high = divergingColor(d.maxAbs, d.maxAbs);
    const QRgb low = divergingColor(-d.maxAbs, d.maxAbs);
    EXPECT_GT(qRed(high), 150);
    EXPECT_LT(qBlue(high), 80);
    EXPECT_GT(qBlue(low), 150);
    EXPECT_LT(qRed(low), 80);
    EXPECT_EQ(divergingColor(0.0f, d.maxAbs), qRgb(255, 255, 255));
    // The image shows each sample's difference in that scale.
    const QImage shown = window->differenceView()->image();
    for (int y = 0; y < d.map->height(); y += 7) {
        for (int x = 0; x < d.map->width(); x += 5) {
            ASSERT_EQ(shown.pixel(x, y), divergingColor(d.map->at(x, y), d.maxAbs));
        }
    }
    // The swipe view holds both panel images.
    EXPECT_EQ(window->swipeView()->image(), window->panel(0)->preview()->image());
    EXPECT_EQ(window->swipeView()->imageB(), window->panel(1)->preview()->image());
}

TEST_F(CompareTest, CommonMappingUsesOneMinMaxOverAllPanels) {
    window->setPanelCount(3);
    window->setPanelRecipe(0, recipeFor("diamond-square", 0));
    window->setPanelRecipe(1, recipeFor("midpoint-displacement"));
    core::Recipe flatter = recipeFor("diamond-square", 2);
    flatter.params["amplitude"] = 0.25;
    window->setPanelRecipe(2, flatter);
    window->setColorMap(render::ColorMap::Terrain);
    ASSERT_TRUE(window->commonMapping());
    ASSERT_TRUE(waitUpToDate());

    float lo = INFINITY;
    float hi = -INFINITY;
    std::vector<core::Heightmap> maps;
    for (int i = 0; i < 3; ++i) {
        maps.push_back(reference(window->panel(i)->recipe()));
        const core::MinMax range = core::finiteMinMax(maps.back());
        lo = std::min(lo, range.min);
        hi = std::max(hi, range.max);
    }
    const CompareOutput& shown = *window->shownAnalysis();
    ASSERT_TRUE(shown.commonRange);
    EXPECT_EQ(shown.commonRange->min, lo);
    EXPECT_EQ(shown.commonRange->max, hi);
    const render::PreviewStyle style = window->previewStyle();
    for (int i = 0; i < 3; ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(shown.panels[std::size_t(i)].mapping.lo, lo);
        EXPECT_EQ(shown.panels[std::size_t(i)].mapping.hi, hi);
        const QImage expected = render::renderPreviewImage(maps[std::size_t(i)],
                                                           core::mappingForRange({lo, hi}), style);
        EXPECT_EQ(window->panel(i)->preview()->image(), expected);
        // The 3-D relief uses the same common scale.
        EXPECT_EQ(window->panel(i)->terrainView()->heightMapping().lo, lo);
        EXPECT_EQ(window->panel(i)->terrainView()->heightMapping().hi, hi);
    }

    // Per panel: each its own min/max, and the flatter panel's picture changes.
    const QImage commonFlatter = window->panel(2)->preview()->image();
    window->setCommonMapping(false);
    ASSERT_TRUE(waitUpToDate());
    for (int i = 0; i < 3; ++i) {
        SCOPED_TRACE(i);
        const core::MinMax own = core::finiteMinMax(maps[std::size_t(i)]);
        EXPECT_EQ(window->shownAnalysis()->panels[std::size_t(i)].mapping.lo, own.min);
        EXPECT_EQ(window->shownAnalysis()->panels[std::size_t(i)].mapping.hi, own.max);
        EXPECT_EQ(window->panel(i)->terrainView()->heightMapping().hi, own.max);
    }
    EXPECT_NE(window->panel(2)->preview()->image(), commonFlatter);
}

TEST_F(CompareTest, ShowsTheMapOfTheLatestRecipeAfterABurstOfEdits) {
    for (quint64 seed = 10; seed < 20; ++seed) window->setSharedSeed(seed);
    ASSERT_TRUE(waitUpToDate());
    for (int i = 0; i < 2; ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(window->panel(i)->recipe().seed, 19u);
        const core::Heightmap expected = reference(window->panel(i)->recipe());
        EXPECT_EQ(*window->panel(i)->current()->map, expected);
        EXPECT_EQ(*window->panel(i)->preview()->heightmap(), expected);
        EXPECT_EQ(*window->panel(i)->terrainView()->heightmap(), expected);
        const core::TerrainStats& stats = window->shownAnalysis()->panels[std::size_t(i)].stats;
        EXPECT_EQ(stats.min, double(core::finiteMinMax(expected).min));
        EXPECT_TRUE(stats.hurstExpected.has_value());
    }
}

TEST_F(CompareTest, EditorsOpenTogetherSoTheViewsKeepOneShape) {
    window->panel(1)->editToggle()->setChecked(true);
    EXPECT_TRUE(window->panel(0)->editToggle()->isChecked());
    EXPECT_TRUE(window->panel(0)->parameters()->isVisible());
    EXPECT_TRUE(window->panel(1)->parameters()->isVisible());
    window->setPanelCount(3);
    EXPECT_TRUE(window->panel(2)->parameters()->isVisible());
    ASSERT_TRUE(waitUpToDate());  // the new panel's numbers are in
    EXPECT_EQ(window->panel(0)->terrainView()->height(), window->panel(2)->terrainView()->height());
    window->panel(0)->editToggle()->setChecked(false);
    EXPECT_FALSE(window->panel(2)->parameters()->isVisible());
}

TEST_F(CompareTest, PairColumnOnlyWithTwoPanels) {
    EXPECT_TRUE(window->pairColumn()->isVisible());
    window->setPanelCount(4);
    EXPECT_EQ(window->panelCount(), 4);
    EXPECT_FALSE(window->pairColumn()->isVisible());
    ASSERT_TRUE(waitUpToDate());
    EXPECT_FALSE(window->shownAnalysis()->difference.valid);
    window->setPanelCount(2);
    EXPECT_TRUE(window->pairColumn()->isVisible());
}

// The window opens on the document and another algorithm.
TEST(CompareOpening, OpensOnTwoDifferentAlgorithms) {
    const core::Registry registry = core::makeBuiltinRegistry();
    for (const char* algorithm : {"diamond-square", "midpoint-displacement"}) {
        SCOPED_TRACE(algorithm);
        DocumentState state = defaultDocumentState(registry);
        state.recipe = core::defaultRecipe(registry, algorithm);
        state.recipe.detail = 6;
        Document document(state);
        CompareWindow window(registry, &document);
        EXPECT_EQ(window.panel(0)->recipe().algorithm, algorithm);
        EXPECT_NE(window.panel(1)->recipe().algorithm, window.panel(0)->recipe().algorithm);
        EXPECT_NE(window.panel(1)->recipe().algorithm, "midpoint-line");  // same shape as A
        // Hurst and crease explained where the numbers are.
        const QString help = window.panel(0)->statsLabel()->toolTip();
        EXPECT_TRUE(help.contains(QStringLiteral("<b>Hurst</b>: how rough"))) << help.toStdString();
        EXPECT_TRUE(help.contains(QStringLiteral("<b>crease</b>: how much sharper")));
    }
}

class CompareWorldTest : public ::testing::Test {
protected:
    void SetUp() override {
        DocumentState state = defaultDocumentState(registry);
        state.recipe = core::defaultRecipe(registry, "diamond-square");
        state.recipe.detail = 6;  // 65 x 65
        state.recipe.seed = 3;
        // 256 m wide, 600 m high: not the 1:100 of SlopeOptions' defaults (10 m, 1000 m), so
        // slopes read with the defaults would differ.
        state.setWorld(WorldSize{4.0, -20.0, 580.0});
        document = std::make_unique<Document>(state);
        window = std::make_unique<CompareWindow>(registry, document.get());
        window->resize(1500, 900);
        window->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(window.get()));
        ASSERT_TRUE(QTest::qWaitFor([this] { return window->isUpToDate(); }, kWait_ms));
    }

    const core::Registry registry = core::makeBuiltinRegistry();
    std::unique_ptr<Document> document;
    std::unique_ptr<CompareWindow> window;
};

// A − B in metres (each map through its recipe's world scale into the document's height range)
// and in normalised heights, not only in raw units that differ between algorithms.
TEST_F(CompareWorldTest, DifferenceInMetresAndNormalisedHeights) {
    ASSERT_EQ(window->differenceUnit(), DifferenceUnit::Metres);
    const StackRun& a = *window->panel(0)->current();
    const StackRun& b = *window->panel(1)->current();
    ASSERT_EQ(a.world.mode, core::HeightMapping::Mode::World);
    const auto metres = [&](const StackRun& r, float raw) {
        return -20.0 + 600.0 * (double(raw) - double(r.world.lo)) /
                           (double(r.world.hi) - double(r.world.lo));
    };
    const CompareDifference& d = window->shownAnalysis()->difference;
    ASSERT_TRUE(d.valid) << d.reason.toStdString();
    EXPECT_EQ(d.unit, DifferenceUnit::Metres);
    for (int y = 0; y < d.map->height(); y += 9) {
        for (int x = 0; x < d.map->width(); x += 7) {
            const double expected = metres(a, a.map->at(x, y)) - metres(b, b.map->at(x, y));
            ASSERT_NEAR(d.map->at(x, y), expected, 1e-3) << x << "," << y;
        }
    }
    EXPECT_GT(d.maxAbs, 1.0f);  // metres, not raw units of a few tenths
    EXPECT_LE(d.maxAbs, 1200.0f);

    window->setDifferenceUnit(DifferenceUnit::Normalised);
    ASSERT_TRUE(QTest::qWaitFor([this] { return window->isUpToDate(); }, kWait_ms));
    const CompareDifference& n = window->shownAnalysis()->difference;
    ASSERT_TRUE(n.valid);
    EXPECT_EQ(n.unit, DifferenceUnit::Normalised);
    const core::MinMax ra = core::finiteMinMax(*a.map);
    const core::MinMax rb = core::finiteMinMax(*b.map);
    const int x = 17, y = 40;
    EXPECT_NEAR(n.map->at(x, y), (a.map->at(x, y) - ra.min) / (ra.max - ra.min) -
                                     (b.map->at(x, y) - rb.min) / (rb.max - rb.min),
                1e-5);
    EXPECT_LE(n.maxAbs, 1.0f);
}

// The walkable share uses the document's world size, and agrees with terrain-cli compare
// --metres-per-pixel --height-range for the same map.
TEST_F(CompareWorldTest, WalkableShareAgreesWithTerrainCliCompare) {
    QTemporaryDir dir;
    QStringList recipeFlags;
    double editorShare[2] = {};
    for (int i = 0; i < 2; ++i) {
        const QString file = dir.filePath(QStringLiteral("r%1.json").arg(i));
        QFile out(file);
        ASSERT_TRUE(out.open(QIODevice::WriteOnly));
        out.write(QByteArray::fromStdString(
            core::recipeToJson(registry, window->panel(i)->recipe()).dump()));
        out.close();
        recipeFlags << QStringLiteral("--recipe") << file;
        editorShare[i] = window->shownAnalysis()->panels[std::size_t(i)].stats.slope.walkableFraction;
    }
    QProcess cli;
    cli.start(QStringLiteral(TERRAIN_CLI_PATH),
              QStringList{"compare"} + recipeFlags +
                  QStringList{"--metres-per-pixel", "4", "--height-range", "600", "--output",
                              dir.filePath("sheet.png"), "--stats", dir.filePath("stats.json")});
    ASSERT_TRUE(cli.waitForFinished(60000));
    ASSERT_EQ(cli.exitCode(), 0) << cli.readAllStandardError().toStdString();
    QFile stats(dir.filePath("stats.json"));
    ASSERT_TRUE(stats.open(QIODevice::ReadOnly));
    const auto json = nlohmann::json::parse(stats.readAll().toStdString());
    for (int i = 0; i < 2; ++i) {
        SCOPED_TRACE(i);
        const double cliShare = json.at(std::size_t(i)).at("walkable_fraction");
        EXPECT_DOUBLE_EQ(editorShare[i], cliShare);
    }
    // And it follows the document: a world twice as high has steeper slopes.
    DocumentState steeper = document->state();
    steeper.setWorld(WorldSize{steeper.world().metresPerPixel, steeper.world().lowMetres, 1180.0});
    document->edit(steeper, QStringLiteral("Change World Size"));
    ASSERT_TRUE(QTest::qWaitFor([this] { return window->isUpToDate(); }, kWait_ms));
    const double share = window->shownAnalysis()->panels[0].stats.slope.walkableFraction;
    EXPECT_LT(share, editorShare[0]);
}

TEST(CompareAnalysisTest, CommonRangeSpansEveryMap) {
    auto a = std::make_shared<core::Heightmap>(2, 1);
    auto b = std::make_shared<core::Heightmap>(2, 1);
    a->at(0, 0) = -1.0f;
    a->at(1, 0) = 0.5f;
    b->at(0, 0) = 0.0f;
    b->at(1, 0) = 3.0f;
    const core::MinMax range = commonRange({a, b});
    EXPECT_EQ(range.min, -1.0f);
    EXPECT_EQ(range.max, 3.0f);
    EXPECT_FLOAT_EQ(core::mappingForRange(range).unit(1.0f), 0.5f);
}

}  // namespace
}  // namespace terrain::app

namespace terrain::app {
namespace {

// Not a check: writes the pictures for docs/ when TERRAIN_COMPARE_SHOTS names a folder.
//   TERRAIN_COMPARE_SHOTS=docs/images xvfb-run -a -s "-screen 0 1920x1080x24"
//       build/bin/app_tests --gtest_filter='CompareShots.*'   (one command line)
TEST(CompareShots, WriteDocImages) {
    const QString folder = qEnvironmentVariable("TERRAIN_COMPARE_SHOTS");
    if (folder.isEmpty()) GTEST_SKIP() << "set TERRAIN_COMPARE_SHOTS to write the doc images";
    const core::Registry registry = core::makeBuiltinRegistry();
    CompareWindow window(registry, nullptr);
    window.resize(1900, 1040);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.setColorMap(render::ColorMap::Terrain);
    window.setHillshade(true);
    window.setPanelCount(4);
    auto recipe = [&](const std::string& algorithm, int edge) {
        core::Recipe r = core::defaultRecipe(registry, algorithm);
        if (edge >= 0) r.params["edge"] = double(edge);
        return r;
    };
    window.setPanelRecipe(0, recipe("diamond-square", 0));
    window.setPanelRecipe(1, recipe("diamond-square", 1));
    window.setPanelRecipe(2, recipe("diamond-square", 2));
    window.setPanelRecipe(3, recipe("midpoint-displacement", -1));
    window.setSharedSeed(7);
    window.setSharedDetail(9);
    window.panel(0)->editToggle()->setChecked(true);  // show the in-place parameter editor
    auto settle = [&] {
        ASSERT_TRUE(QTest::qWaitFor([&] { return window.isUpToDate(); }, kWait_ms));
        QTest::qWait(400);  // let the 3-D views draw
    };
    settle();
    ASSERT_TRUE(window.grab().save(folder + QStringLiteral("/compare_editor.png")));

    window.panel(0)->editToggle()->setChecked(false);
    window.setPanelCount(2);
    window.setPanelRecipe(1, recipe("midpoint-displacement", -1));
    window.setPairView(CompareWindow::PairView::Difference);
    settle();
    ASSERT_TRUE(window.grab().save(folder + QStringLiteral("/compare_difference.png")));
    window.setPairView(CompareWindow::PairView::Swipe);
    window.swipeView()->setDivider(0.4);
    settle();
    ASSERT_TRUE(window.grab().save(folder + QStringLiteral("/compare_swipe.png")));
    window.close();

    DocumentState state = defaultDocumentState(registry);
    state.view.colorMap = render::ColorMap::Terrain;
    state.view.hillshade = true;
    state.recipe.seed = 7;
    Document document(state);
    SeedVariationsWindow seeds(registry, &document);
    seeds.setColumns(4);
    seeds.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&seeds));
    QTest::mouseClick(seeds.cellButton(5), Qt::LeftButton);
    ASSERT_TRUE(QTest::qWaitFor([&] { return seeds.allCurrent(); }, kWait_ms));
    ASSERT_TRUE(seeds.grab().save(folder + QStringLiteral("/compare_seed_variations.png")));
}

}  // namespace
}  // namespace terrain::app
