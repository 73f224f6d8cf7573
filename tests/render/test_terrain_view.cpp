// The 3-D view under Xvfb (Mesa llvmpipe): it must draw terrain, and redraw what changed.
#include "render/terrain_view.h"
#include "test_maps.h"

#include <gtest/gtest.h>

#include <QGuiApplication>
#include <QSignalSpy>
#include <QTest>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

namespace terrain::render {
namespace {

class TerrainViewTest : public testing::Test {
protected:
    void SetUp() override {
        if (QGuiApplication::platformName() == QStringLiteral("offscreen"))
            GTEST_SKIP() << "QOpenGLWidget needs a display: run under xvfb-run";
        m_view = std::make_unique<TerrainView>();
        m_view->resize(480, 360);
        m_view->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(m_view.get()));
        // Make sure initializeGL ran and report why the view cannot draw, if it cannot.
        (void)m_view->grabFramebuffer();
        ASSERT_TRUE(m_view->renderError().isEmpty()) << m_view->renderError().toStdString();
    }

    QImage grab() {
        QImage image = m_view->grabFramebuffer();
        if (const char* dir = std::getenv("TERRAIN_RENDER_TEST_IMAGES")) {
            const auto* info = testing::UnitTest::GetInstance()->current_test_info();
            image.save(QStringLiteral("%1/%2_%3.png")
                           .arg(QString::fromLocal8Bit(dir), QString::fromLatin1(info->name()))
                           .arg(m_shot++));
        }
        return image;
    }

    std::unique_ptr<TerrainView> m_view;
    int m_shot = 0;
};

int distinctColors(const QImage& image) {
    std::set<QRgb> colors;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3) colors.insert(image.pixel(x, y));
    return int(colors.size());
}

// Pixels that differ by more than a little between two images of the same size.
int differingPixels(const QImage& a, const QImage& b) {
    int count = 0;
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y);
            const QRgb q = b.pixel(x, y);
            if (std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) +
                    std::abs(qBlue(p) - qBlue(q)) > 12)
                ++count;
        }
    }
    return count;
}

// Share of pixels that look like land (the Terrain tint is never sky blue: green/red >= blue).
double landShare(const QImage& image) {
    int land = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb p = image.pixel(x, y);
            if (qGreen(p) >= qBlue(p) || qRed(p) >= qBlue(p)) ++land;
        }
    return double(land) / double(image.width() * image.height());
}

TEST_F(TerrainViewTest, EmptyViewShowsOnlyTheSky) {
    const QImage image = grab();
    EXPECT_LT(landShare(image), 0.01);
}

TEST_F(TerrainViewTest, ShowsTerrain) {
    m_view->setHeightmap(test::shared(test::hillMap(129)));
    const QImage image = grab();
    ASSERT_EQ(image.size(), m_view->size() * m_view->devicePixelRatio());
    EXPECT_GT(distinctColors(image), 200);  // lit and tinted, not a flat clear colour
    const double share = landShare(image);
    EXPECT_GT(share, 0.25) << "the framed terrain covers a good part of the view";
    EXPECT_LT(share, 0.95) << "and the sky is still visible around it";
}

TEST_F(TerrainViewTest, ImageChangesWhenTheHeightmapChanges) {
    m_view->setHeightmap(test::shared(test::hillMap(129, 0.15f)));
    const QImage before = grab();
    const OrbitCamera camera = m_view->camera();
    m_view->setHeightmap(test::shared(test::hillMap(129, 0.6f)));  // same size: camera kept
    EXPECT_EQ(m_view->camera().distance, camera.distance);
    const QImage after = grab();
    EXPECT_GT(differingPixels(before, after), before.width() * before.height() / 20);
}

TEST_F(TerrainViewTest, WireframeChangesTheImage) {
    m_view->setHeightmap(test::shared(test::hillMap(65)));
    const QImage solid = grab();
    m_view->setWireframe(true);
    const QImage wire = grab();
    EXPECT_GT(differingPixels(solid, wire), solid.width() * solid.height() / 50);
    m_view->setWireframe(false);
    EXPECT_EQ(differingPixels(solid, grab()), 0);
}

TEST_F(TerrainViewTest, WaterCoversTheLowlands) {
    m_view->setHeightmap(test::shared(test::hillMap(129)));
    const QImage dry = grab();
    m_view->setWaterEnabled(true);
    m_view->setWaterLevel(0.5f);
    const QImage wet = grab();
    EXPECT_GT(differingPixels(dry, wet), dry.width() * dry.height() / 20);
    EXPECT_LT(landShare(wet), landShare(dry));
}

TEST_F(TerrainViewTest, HeightScaleAndLightChangeTheImage) {
    m_view->setHeightmap(test::shared(test::hillMap(129)));
    const QImage normal = grab();
    m_view->setHeightScale(3.0f);
    const QImage tall = grab();
    EXPECT_GT(differingPixels(normal, tall), normal.width() * normal.height() / 50);
    m_view->setHeightScale(1.0f);
    m_view->setLightDirection(135.0f, 20.0f);
    EXPECT_GT(differingPixels(normal, grab()), normal.width() * normal.height() / 50);
}

// A tint mapping recolours the terrain and leaves its shape alone: the same pixels are land, and
// a wider range puts the hills low in the colour map (no snow on the tops). The relief mapping
// with that range instead flattens the hills.
TEST_F(TerrainViewTest, TintMappingRecoloursWithoutChangingTheRelief) {
    const QImage sky = grab();
    m_view->setHeightmap(test::shared(test::hillMap(129, 0.6f)));
    const QImage own = grab();
    core::ResolvedMapping wide;
    const core::ResolvedMapping relief = m_view->heightMapping();
    wide.lo = relief.lo - 3.0f * (relief.hi - relief.lo);
    wide.hi = relief.hi + 3.0f * (relief.hi - relief.lo);
    wide.scale = 1.0f / (wide.hi - wide.lo);
    m_view->setTintMapping(wide);
    const QImage recoloured = grab();
    m_view->setTintMapping(std::nullopt);
    m_view->setHeightMapping(wide);
    const QImage flattened = grab();
    // Terrain: a pixel that is not the empty view's sky; snow: a whitish terrain pixel.
    const auto terrain = [&](const QImage& image, int x, int y) {
        const QRgb p = image.pixel(x, y), q = sky.pixel(x, y);
        return std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) + std::abs(qBlue(p) - qBlue(q)) > 6;
    };
    const auto snow = [&](const QImage& image, int x, int y) {
        const QRgb p = image.pixel(x, y);
        return terrain(image, x, y) && qRed(p) > 200 && qGreen(p) > 200 && qBlue(p) > 200;
    };
    int reshaped = 0, flattenedAway = 0, snowBefore = 0, snowAfter = 0;
    for (int y = 0; y < own.height(); ++y)
        for (int x = 0; x < own.width(); ++x) {
            reshaped += terrain(own, x, y) != terrain(recoloured, x, y) ? 1 : 0;
            flattenedAway += terrain(own, x, y) != terrain(flattened, x, y) ? 1 : 0;
            snowBefore += snow(own, x, y) ? 1 : 0;
            snowAfter += snow(recoloured, x, y) ? 1 : 0;
        }
    const int pixels = own.width() * own.height();
    std::printf("pixels: %d recoloured, %d of changed shape (%d with the relief mapping), snow %d -> %d\n",
                differingPixels(own, recoloured), reshaped, flattenedAway, snowBefore, snowAfter);
    EXPECT_GT(differingPixels(own, recoloured), pixels / 10);
    EXPECT_LT(reshaped, pixels / 1000);
    EXPECT_GT(flattenedAway, pixels / 200) << "the relief mapping changes the shape";
    EXPECT_GT(snowBefore, 100);
    EXPECT_EQ(snowAfter, 0);
}

TEST_F(TerrainViewTest, OneRowMapIsARidge) {
    core::Heightmap line(257, 1);
    for (int x = 0; x < 257; ++x)
        line.at(x, 0) = std::sin(float(x) * 0.05f) + 0.3f * std::sin(float(x) * 0.31f);
    m_view->setHeightmap(test::shared(std::move(line)));
    const QImage image = grab();
    EXPECT_GT(landShare(image), 0.05);
    EXPECT_GT(distinctColors(image), 50);
}

TEST_F(TerrainViewTest, CameraControlsEmitCameraChanged) {
    m_view->setHeightmap(test::shared(test::hillMap(65)));
    QSignalSpy changed(m_view.get(), &TerrainView::cameraChanged);
    const OrbitCamera before = m_view->camera();
    QTest::mousePress(m_view.get(), Qt::LeftButton, Qt::NoModifier, QPoint(100, 100));
    QMouseEvent move(QEvent::MouseMove, QPointF(160, 120), m_view->mapToGlobal(QPointF(160, 120)),
                     Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(m_view.get(), &move);
    QTest::mouseRelease(m_view.get(), Qt::LeftButton, Qt::NoModifier, QPoint(160, 120));
    EXPECT_NE(m_view->camera().azimuth_rad, before.azimuth_rad);
    EXPECT_GE(changed.count(), 1);

    OrbitCamera moved = m_view->camera();
    moved.distance *= 3.0f;
    m_view->setCamera(moved);
    EXPECT_FLOAT_EQ(m_view->camera().distance, moved.distance);
    QTest::keyClick(m_view.get(), Qt::Key_F);
    EXPECT_LT(m_view->camera().distance, moved.distance);  // framed again
}

TEST_F(TerrainViewTest, AResizeFramesAgainUntilTheCameraIsMoved) {
    m_view->setHeightmap(test::shared(test::hillMap(65)));
    const float wideDistance = m_view->camera().distance;
    m_view->resize(200, 400);  // narrow: must back off to keep the terrain in view
    (void)grab();
    EXPECT_GT(m_view->camera().distance, wideDistance);
    OrbitCamera mine = m_view->camera();
    mine.distance *= 0.5f;
    m_view->setCamera(mine);
    m_view->resize(480, 360);
    (void)grab();
    EXPECT_FLOAT_EQ(m_view->camera().distance, mine.distance);
}

TEST_F(TerrainViewTest, DrawsACoarserGridWhileTheCameraMoves) {
    m_view->setHeightmap(test::shared(test::hillMap(257)));
    m_view->setWireframe(true);  // makes the grid's density visible
    const QImage idle = grab();
    QTest::mousePress(m_view.get(), Qt::LeftButton, Qt::NoModifier, QPoint(100, 100));
    const QImage moving = grab();
    EXPECT_GT(differingPixels(idle, moving), idle.width() * idle.height() / 50);
    QTest::mouseRelease(m_view.get(), Qt::LeftButton, Qt::NoModifier, QPoint(100, 100));
    // The full grid returns shortly after the last movement (a 250 ms timer; a loaded machine
    // may take longer).
    EXPECT_TRUE(QTest::qWaitFor([&] { return differingPixels(idle, grab()) == 0; }, 5000));
}

TEST_F(TerrainViewTest, SurvivesBeingReparented) {
    // Re-parenting destroys the context: resources are released with it and rebuilt after.
    m_view->setHeightmap(test::shared(test::hillMap(65)));
    QWidget host;
    host.resize(480, 360);
    m_view->setParent(&host);
    m_view->resize(480, 360);
    host.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&host));
    const QImage after = grab();
    EXPECT_GT(distinctColors(after), 200);
    m_view->setParent(nullptr);
}

}  // namespace
}  // namespace terrain::render
