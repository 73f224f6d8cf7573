// The 2-D preview widget without a window system round trip: events are sent directly.
#include "render/colormap.h"
#include "render/preview_widget.h"
#include "test_maps.h"

#include <gtest/gtest.h>

#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>

namespace terrain::render {
namespace {

struct Content {
    std::shared_ptr<const core::Heightmap> map;
    QImage image;
};

Content makeContent(core::Heightmap map) {
    auto shared = test::shared(std::move(map));
    const auto mapping = core::resolveMapping(core::HeightMapping{}, *shared);
    QImage image = renderPreviewImage(*shared, mapping, PreviewStyle{});
    return {std::move(shared), std::move(image)};
}

// A widget of the given size showing `map`; returns what it shows.
Content showMap(PreviewWidget& widget, QSize size, core::Heightmap map) {
    widget.resize(size);
    Content content = makeContent(std::move(map));
    widget.setContent(content.map, content.image);
    return content;
}

void sendWheel(QWidget& widget, QPointF pos, int delta) {
    QWheelEvent event(pos, widget.mapToGlobal(pos), QPoint(), QPoint(0, delta), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(&widget, &event);
}

TEST(PreviewWidget, FitsTheImageInitiallyAndOnResize) {
    PreviewWidget widget;
    const Content content = showMap(widget, QSize(200, 100), test::hillMap(65));
    EXPECT_TRUE(widget.isFitted());
    EXPECT_DOUBLE_EQ(widget.zoom(), 100.0 / 65.0);
    EXPECT_DOUBLE_EQ(widget.pan().y(), 0.0);
    EXPECT_DOUBLE_EQ(widget.pan().x(), (200.0 - 100.0) / 2.0);
    widget.resize(130, 400);
    QResizeEvent resize(QSize(130, 400), QSize(200, 100));
    QCoreApplication::sendEvent(&widget, &resize);
    EXPECT_DOUBLE_EQ(widget.zoom(), 2.0);
    EXPECT_EQ(widget.image(), content.image);
}

TEST(PreviewWidget, WheelZoomsAroundTheCursor) {
    PreviewWidget widget;
    const Content content = showMap(widget, QSize(300, 300), test::hillMap(65));
    widget.setView(1.0, QPointF(10, 20));
    QSignalSpy viewChanged(&widget, &PreviewWidget::viewChanged);
    const QPointF cursor(50, 60);
    const QPointF imageBefore = (cursor - widget.pan()) / widget.zoom();
    sendWheel(widget, cursor, 120);
    EXPECT_GT(widget.zoom(), 1.0);
    EXPECT_FALSE(widget.isFitted());
    const QPointF imageAfter = (cursor - widget.pan()) / widget.zoom();
    EXPECT_NEAR(imageAfter.x(), imageBefore.x(), 1e-9);
    EXPECT_NEAR(imageAfter.y(), imageBefore.y(), 1e-9);
    EXPECT_GE(viewChanged.count(), 1);
}

TEST(PreviewWidget, DragPansAndDoubleClickFits) {
    PreviewWidget widget;
    const Content content = showMap(widget, QSize(300, 300), test::hillMap(65));
    widget.setZoom(1.0);
    const QPointF panBefore = widget.pan();
    QTest::mousePress(&widget, Qt::LeftButton, Qt::NoModifier, QPoint(100, 100));
    QMouseEvent move(QEvent::MouseMove, QPointF(130, 90), widget.mapToGlobal(QPointF(130, 90)),
                     Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&widget, &move);
    QTest::mouseRelease(&widget, Qt::LeftButton, Qt::NoModifier, QPoint(130, 90));
    EXPECT_DOUBLE_EQ(widget.pan().x(), panBefore.x() + 30.0);
    EXPECT_DOUBLE_EQ(widget.pan().y(), panBefore.y() - 10.0);
    QTest::mouseDClick(&widget, Qt::LeftButton, Qt::NoModifier, QPoint(100, 100));
    EXPECT_TRUE(widget.isFitted());
    EXPECT_DOUBLE_EQ(widget.zoom(), 300.0 / 65.0);
}

TEST(PreviewWidget, HoverReportsTheSampleAndItsHeight) {
    PreviewWidget widget;
    const Content content = showMap(widget, QSize(100, 100), test::rampMap(10, 10));
    widget.setView(10.0, QPointF(0, 0));  // one sample = 10 x 10 pixels
    QSignalSpy hovered(&widget, &PreviewWidget::hovered);
    QSignalSpy left(&widget, &PreviewWidget::hoverLeft);
    QMouseEvent move(QEvent::MouseMove, QPointF(35, 72), widget.mapToGlobal(QPointF(35, 72)),
                     Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&widget, &move);
    ASSERT_EQ(hovered.count(), 1);
    EXPECT_EQ(hovered[0][0].toInt(), 3);
    EXPECT_EQ(hovered[0][1].toInt(), 7);
    EXPECT_FLOAT_EQ(hovered[0][2].toFloat(), 10.0f);
    widget.setView(10.0, QPointF(60, 60));  // now the cursor is off the image
    QCoreApplication::sendEvent(&widget, &move);
    EXPECT_EQ(left.count(), 1);
}

TEST(PreviewWidget, ProfileImageMapsBackToTheLine) {
    PreviewWidget widget;
    core::Heightmap line(33, 1);
    for (int x = 0; x < 33; ++x) line.at(x, 0) = float(x);
    const Content content = showMap(widget, QSize(600, 300), std::move(line));
    widget.setView(1.0, QPointF(0, 0));
    const int columnsPerSample = content.image.width() / 33;
    const auto sample = widget.sampleAt(QPointF(5.5 * columnsPerSample, 40));
    ASSERT_TRUE(sample.has_value());
    EXPECT_EQ(*sample, QPoint(5, 0));
}

TEST(PreviewWidget, PixelExactAtOneHundredPercent) {
    PreviewWidget widget;
    const Content content = showMap(widget, QSize(64, 64), test::hillMap(33));
    widget.setView(1.0, QPointF(3, 5));
    const QImage shown = widget.grab().toImage();
    const QImage original = content.image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < 33; y += 4)
        for (int x = 0; x < 33; x += 4)
            ASSERT_EQ(shown.pixel(x + 3, y + 5) & 0xffffff, original.pixel(x, y) & 0xffffff)
                << x << "," << y;
    // At 400% each sample is a crisp 4 x 4 block.
    widget.setView(4.0, QPointF(0, 0));
    const QImage zoomed = widget.grab().toImage();
    EXPECT_EQ(zoomed.pixel(4, 4), zoomed.pixel(7, 7));
    EXPECT_EQ(zoomed.pixel(4, 4) & 0xffffff, original.pixel(1, 1) & 0xffffff);
}

}  // namespace
}  // namespace terrain::render

namespace terrain::render {
namespace {

TEST(PreviewWidget, ZoomedOutDrawsTheWholeImageScaledDown) {
    PreviewWidget widget;
    // A 257^2 ramp at 25%: drawn from a reduced copy, still dark top-left and bright bottom-right.
    const Content content = showMap(widget, QSize(100, 100), test::rampMap(257, 257));
    widget.setView(0.25, QPointF(10, 10));
    const QImage shown = widget.grab().toImage();
    EXPECT_LT(qGray(shown.pixel(12, 12)), 16);
    EXPECT_GT(qGray(shown.pixel(73, 73)), 240);
    EXPECT_NEAR(qGray(shown.pixel(42, 42)), 128, 12);  // the centre of the image
    EXPECT_EQ(shown.pixel(5, 5), shown.pixel(95, 5));   // outside: background
    EXPECT_EQ(widget.image(), content.image);           // the content itself is untouched
}

}  // namespace
}  // namespace terrain::render
