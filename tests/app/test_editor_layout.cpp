// Drawing on the 2-D preview (the Layout panel): real mouse clicks and drags on the preview and
// keys to the focused preview, as a designer uses it; each edit is one undo step (a drag is one),
// the items land where they were drawn in world metres, and the map changes where they are.
#include "layout_editor_fixture.h"

#include "app/document/document.h"
#include "app/layout/layout_panel.h"
#include "app/editor/main_window.h"
#include "app/export/export_actions.h"
#include "core/layout/layout.h"
#include "render/preview_widget.h"
#include "render/terrain_view.h"

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QRegularExpression>
#include <QMouseEvent>
#include <QPointingDevice>
#include <QTabletEvent>
#include <QTest>
#include <QToolButton>

#include <cmath>
#include <cstdio>

namespace terrain::app::testing {
namespace {

namespace layout = core::layout;

TEST_F(LayoutEditorTest, ARoadDrawnWithTheMouseIsOneUndoStepInWorldMetres) {
    const core::Recipe before = m_window->document()->state().recipe;
    const std::shared_ptr<const core::Heightmap> mapBefore = m_preview->heightmap();
    const int undo = undoCount();
    chooseTool(QStringLiteral("Road"));
    const QPoint a = at(20, 30), b = at(120, 90), c = at(230, 200);
    QTest::mouseClick(m_preview, Qt::LeftButton, {}, a);
    QTest::mouseClick(m_preview, Qt::LeftButton, {}, b);
    QTest::mouseClick(m_preview, Qt::LeftButton, {}, c);
    EXPECT_EQ(undoCount(), undo);  // nothing until the road is finished
    QTest::mouseDClick(m_preview, Qt::LeftButton, {}, c);
    ASSERT_EQ(undoCount(), undo + 1);
    const layout::Layout drawn = items();
    ASSERT_EQ(drawn.items.size(), 1u);
    const layout::Item& road = drawn.items[0];
    EXPECT_EQ(road.kind, layout::Kind::Road);
    ASSERT_EQ(road.points.size(), 3u);
    const QPoint clicks[] = {a, b, c};
    for (int i = 0; i < 3; ++i) {
        const QPointF m = metresOf(clicks[i]);
        EXPECT_NEAR(road.points[std::size_t(i)].x, m.x(), 1e-6);
        EXPECT_NEAR(road.points[std::size_t(i)].y, m.y(), 1e-6);
    }
    // x east, y north of sample (0, 0): the map lies at y <= 0.
    EXPECT_GT(road.points[2].x, road.points[0].x);
    EXPECT_LT(road.points[2].y, road.points[0].y);
    EXPECT_NEAR(road.points[1].x, 120 * 8.0, 8.0);
    EXPECT_NEAR(road.points[1].y, -90 * 8.0, 8.0);
    ASSERT_TRUE(waitUpToDate());
    const std::shared_ptr<const core::Heightmap> mapAfter = m_preview->heightmap();
    int changed = 0;
    for (int y = 0; y < mapAfter->height(); ++y)
        for (int x = 0; x < mapAfter->width(); ++x) changed += mapAfter->at(x, y) != mapBefore->at(x, y);
    EXPECT_GT(changed, 500);
    auto* list = m_panel->findChild<QListWidget*>(QStringLiteral("layoutItems"));
    ASSERT_EQ(list->count(), 1);
    // A rename past 200 bytes of UTF-8 (150 two-byte letters) is cut between letters, not refused
    // half-way through a character.
    list->item(0)->setText(QStringLiteral("Road: ") + QString(150, QChar(0x00e9)));
    ASSERT_EQ(items().items.size(), 1u);
    EXPECT_EQ(items().items[0].name.size(), 200u);
    EXPECT_EQ(QString::fromStdString(items().items[0].name), QString(100, QChar(0x00e9)));
    m_window->document()->undoStack()->undo();  // the rename
    if (const QByteArray keep = qgetenv("TERRAIN_TEST_SHOTS"); !keep.isEmpty()) {
        m_window->grab().save(QString::fromLocal8Bit(keep) + QStringLiteral("/layout-road.png"));
    }
    // Ctrl+Z with the preview focused: the recipe is the one before, byte for byte.
    focusPreview();
    QTest::keyClick(m_preview, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(m_window->document()->state().recipe, before);
}

TEST_F(LayoutEditorTest, DraggingAPointIsOneUndoStepAndDeleteRemovesTheItem) {
    drawLine(QStringLiteral("River"), {at(30, 30), at(128, 128), at(240, 240)});
    ASSERT_EQ(items().items.size(), 1u);
    const core::Recipe drawn = m_window->document()->state().recipe;
    const int undo = undoCount();

    chooseTool(QStringLiteral("Select"));
    const QPoint from = m_preview->widgetPosition(m_panel->imageAt(items().items[0].points[1].x,
                                                                   items().items[0].points[1].y)).toPoint();
    const QPoint to = drag(from, QPoint(6, -4), 6);
    EXPECT_EQ(undoCount(), undo + 1);  // six moves, one step
    const QPointF m = metresOf(to);
    EXPECT_NEAR(items().items[0].points[1].x, m.x(), 1e-6);
    EXPECT_NEAR(items().items[0].points[1].y, m.y(), 1e-6);
    EXPECT_EQ(m_panel->selectedPoint(), 1);
    // Undo puts the point back exactly; redo moves it again.
    m_window->document()->undoStack()->undo();
    EXPECT_EQ(m_window->document()->state().recipe, drawn);
    m_window->document()->undoStack()->redo();
    EXPECT_NEAR(items().items[0].points[1].x, m.x(), 1e-6);

    // Delete on the focused preview: the selected point first (a river keeps two), then the item.
    focusPreview();
    QTest::keyClick(m_preview, Qt::Key_Delete);
    ASSERT_EQ(items().items.size(), 1u);
    EXPECT_EQ(items().items[0].points.size(), 2u);
    QTest::keyClick(m_preview, Qt::Key_Delete);
    EXPECT_TRUE(items().items.empty());
    ASSERT_TRUE(waitUpToDate());
}

// A finished item locked in the panel stays put: its points cannot be picked or dragged, a
// Ctrl-click inserts nothing, Delete on the focused preview leaves it, its fields are read-only;
// the lock is one undo step kept in the recipe; unlocked, the same drag moves it again.
TEST_F(LayoutEditorTest, ALockedItemStaysPutUntilItIsUnlocked) {
    drawLine(QStringLiteral("Road"), {at(40, 60), at(128, 128), at(220, 200)});
    ASSERT_EQ(items().items.size(), 1u);
    chooseTool(QStringLiteral("Select"));
    const layout::Point middle = items().items[0].points[1];
    const QPoint from = m_preview->widgetPosition(m_panel->imageAt(middle.x, middle.y)).toPoint();
    QTest::mouseClick(m_preview, Qt::LeftButton, {}, from);  // selects the road and its point
    ASSERT_EQ(m_panel->selectedItem(), items().items[0].id);

    auto* lock = m_panel->findChild<QToolButton*>(QStringLiteral("layoutLock"));
    ASSERT_NE(lock, nullptr);
    ASSERT_TRUE(lock->isVisible() && lock->isEnabled());
    const int undo = undoCount();
    QTest::mouseClick(lock, Qt::LeftButton);
    ASSERT_EQ(undoCount(), undo + 1);
    EXPECT_TRUE(items().items[0].locked);
    EXPECT_EQ(lock->text(), QStringLiteral("Unlock"));
    EXPECT_FALSE(m_panel->findChild<QDoubleSpinBox*>(QStringLiteral("layoutPointX"))->isEnabled());
    const core::Recipe locked = m_window->document()->state().recipe;
    if (const QByteArray keep = qgetenv("TERRAIN_TEST_SHOTS"); !keep.isEmpty()) {
        m_panel->grab().save(QString::fromLocal8Bit(keep) + QStringLiteral("/layout-locked-panel.png"));
        m_preview->grab().save(QString::fromLocal8Bit(keep) + QStringLiteral("/layout-locked-preview.png"));
    }

    drag(from, QPoint(6, -4), 6);  // picks nothing: the preview pans instead
    QTest::mouseClick(m_preview, Qt::LeftButton, Qt::ControlModifier,
                      m_preview->widgetPosition(m_panel->imageAt(middle.x, middle.y)).toPoint());
    m_panel->selectItem(items().items[0].id);
    focusPreview();
    QTest::keyClick(m_preview, Qt::Key_Delete);
    EXPECT_EQ(m_window->document()->state().recipe, locked);  // nothing moved, inserted or deleted
    EXPECT_EQ(undoCount(), undo + 1);

    QTest::mouseClick(lock, Qt::LeftButton);  // unlock: the item is still selected
    ASSERT_EQ(undoCount(), undo + 2);
    EXPECT_FALSE(items().items[0].locked);
    const QPoint again = m_preview->widgetPosition(m_panel->imageAt(middle.x, middle.y)).toPoint();  // after the pan
    const QPoint to = drag(again, QPoint(6, -4), 6);
    ASSERT_EQ(undoCount(), undo + 3);
    EXPECT_NEAR(items().items[0].points[1].x, metresOf(to).x(), 1e-6);
    ASSERT_TRUE(waitUpToDate());
}

TEST_F(LayoutEditorTest, AStampAndAStrokeLandWhereTheyWerePlaced) {
    chooseTool(QStringLiteral("Stamp"));
    const QPoint centre = at(100, 150);
    QTest::mouseClick(m_preview, Qt::LeftButton, {}, centre);
    ASSERT_EQ(items().items.size(), 1u);
    const layout::Item stamp = items().items[0];
    EXPECT_EQ(stamp.kind, layout::Kind::Stamp);
    EXPECT_EQ(stamp.shape, layout::StampShape::Crater);
    EXPECT_NEAR(stamp.points[0].x, metresOf(centre).x(), 1e-6);
    EXPECT_NEAR(stamp.points[0].y, metresOf(centre).y(), 1e-6);

    chooseTool(QStringLiteral("Stroke"));
    const int undo = undoCount();
    drag(at(20, 220), QPoint(8, -3), 20);
    EXPECT_EQ(undoCount(), undo + 1);
    ASSERT_EQ(items().items.size(), 2u);
    const layout::Item stroke = items().items[1];  // a copy: items() is a temporary
    EXPECT_EQ(stroke.kind, layout::Kind::Stroke);
    EXPECT_GT(stroke.points.size(), 5u);
    EXPECT_EQ(stroke.radii_m.size(), stroke.points.size());
    ASSERT_TRUE(waitUpToDate());
    if (const QByteArray keep = qgetenv("TERRAIN_TEST_SHOTS"); !keep.isEmpty()) {
        m_window->grab().save(QString::fromLocal8Bit(keep) + QStringLiteral("/layout-stamp-stroke.png"));
    }
}

// A pen on a tablet paints a stroke whose samples keep its pressure (the stroke's weight there);
// the same drag with the mouse has pressure 1 throughout. Tablet events sent as the windowing
// system delivers them (press, moves with the pen down, release) with a stylus device.
TEST_F(LayoutEditorTest, APenPaintsAStrokeWithItsPressure) {
    chooseTool(QStringLiteral("Stroke"));
    static const QPointingDevice pen(QStringLiteral("test stylus"), 4242, QInputDevice::DeviceType::Stylus,
                                     QPointingDevice::PointerType::Pen,
                                     QInputDevice::Capability::Position | QInputDevice::Capability::Pressure, 1, 3);
    const auto send = [&](QEvent::Type type, QPoint p, double pressure, Qt::MouseButtons buttons) {
        QTabletEvent e(type, &pen, QPointF(p), m_preview->mapToGlobal(QPointF(p)), pressure, 0.0f, 0.0f, 0.0f, 0.0, 0.0f,
                       Qt::NoModifier, type == QEvent::TabletMove ? Qt::NoButton : Qt::LeftButton, buttons);
        QApplication::sendEvent(m_preview, &e);
        return e.isAccepted();
    };
    const int undo = undoCount();
    QPoint p = at(30, 200);
    EXPECT_TRUE(send(QEvent::TabletPress, p, 0.2, Qt::LeftButton));
    for (int i = 1; i <= 20; ++i) {
        p += QPoint(8, -4);
        send(QEvent::TabletMove, p, 0.2 + 0.04 * i, Qt::LeftButton);
    }
    send(QEvent::TabletRelease, p, 0.0, Qt::NoButton);
    ASSERT_EQ(undoCount(), undo + 1);
    ASSERT_EQ(items().items.size(), 1u);
    const layout::Item pressed = items().items[0];
    ASSERT_GT(pressed.points.size(), 5u);
    ASSERT_EQ(pressed.pressures.size(), pressed.points.size());
    EXPECT_NEAR(pressed.pressures.front(), 0.2, 1e-6);
    EXPECT_GT(pressed.pressures.back(), 0.8);
    for (std::size_t k = 1; k < pressed.pressures.size(); ++k) EXPECT_GE(pressed.pressures[k], pressed.pressures[k - 1]);

    drag(at(30, 100), QPoint(8, -4), 20);  // the mouse
    ASSERT_EQ(items().items.size(), 2u);
    const layout::Item mouse = items().items[1];  // a copy: items() is a temporary
    ASSERT_EQ(mouse.pressures.size(), mouse.points.size());
    for (const double v : mouse.pressures) EXPECT_EQ(v, 1.0);
    ASSERT_TRUE(waitUpToDate());
}

// The selected stamp's handle on its rim, dragged with the mouse, sizes and turns it in one undo
// step: its distance from the centre is half the size, its direction (counter-clockwise from
// east in the world frame) the rotation.
TEST_F(LayoutEditorTest, AStampsHandleSizesAndTurnsIt) {
    chooseTool(QStringLiteral("Stamp"));
    const QPoint centre = at(128, 128);
    QTest::mouseClick(m_preview, Qt::LeftButton, {}, centre);
    chooseTool(QStringLiteral("Select"));
    QTest::mouseClick(m_preview, Qt::LeftButton, {}, centre);
    ASSERT_EQ(items().items.size(), 1u);
    const layout::Item placed = items().items[0];
    ASSERT_EQ(m_panel->selectedItem(), placed.id);
    EXPECT_EQ(placed.rotation_deg, 0.0);
    ASSERT_TRUE(waitUpToDate());
    const core::Heightmap before = *m_preview->heightmap();
    // The handle: east of the centre on the rim.
    const QPoint handle =
        m_preview->widgetPosition(m_panel->imageAt(placed.points[0].x + placed.size_m / 2.0, placed.points[0].y)).toPoint();
    const int undo = undoCount();
    const QPoint end = drag(handle, QPoint(1, -3), 20);  // up and a little right: north-north-east, farther out
    ASSERT_EQ(undoCount(), undo + 1);
    const layout::Item turned = items().items[0];
    const QPointF m = metresOf(end);
    const double dx = m.x() - placed.points[0].x, dy = m.y() - placed.points[0].y;
    EXPECT_NEAR(turned.size_m, 2.0 * std::hypot(dx, dy), 1e-6);
    EXPECT_GT(turned.size_m, placed.size_m);
    EXPECT_NEAR(turned.rotation_deg, std::atan2(dy, dx) * 180.0 / M_PI, 1e-9);
    EXPECT_GT(turned.rotation_deg, 20.0);  // turned towards the north
    EXPECT_EQ(turned.points, placed.points);  // the centre stays
    ASSERT_TRUE(waitUpToDate());
    EXPECT_NE(*m_preview->heightmap(), before);
    if (const QByteArray keep = qgetenv("TERRAIN_TEST_SHOTS"); !keep.isEmpty()) {
        m_preview->grab().save(QString::fromLocal8Bit(keep) + QStringLiteral("/layout-stamp-handle.png"));
    }
    m_window->document()->undoStack()->undo();
    EXPECT_EQ(items().items[0], placed);
}

// The items drawn on the 2-D preview lie on the 3-D view too, following the ground: a stamp's
// magenta outline shows in the rendered 3-D frame (llvmpipe), and goes with the stamp on undo.
TEST_F(LayoutEditorTest, TheItemsAreDrapedOverTheThreeDView) {
    render::TerrainView* view = m_window->terrainView();
    const auto magenta = [&] {
        const QImage frame = view->grabFramebuffer();
        int n = 0;
        for (int y = 0; y < frame.height(); ++y)
            for (int x = 0; x < frame.width(); ++x) {
                const QColor c = frame.pixelColor(x, y);
                n += c.red() > 150 && c.green() < 120 && c.blue() > 130 && c.red() - c.green() > 80 ? 1 : 0;
            }
        return n;
    };
    const int before = magenta();
    chooseTool(QStringLiteral("Stamp"));
    QTest::mouseClick(m_preview, Qt::LeftButton, {}, at(128, 128));
    ASSERT_EQ(items().items.size(), 1u);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !view->drape().isNull(); }, 3000));
    ASSERT_TRUE(waitUpToDate());
    const int with = magenta();
    std::printf("magenta pixels in the 3-D view: %d before, %d with the stamp\n", before, with);
    EXPECT_GT(with, before + 40);
    if (const QByteArray keep = qgetenv("TERRAIN_TEST_SHOTS"); !keep.isEmpty()) {
        view->grabFramebuffer().save(QString::fromLocal8Bit(keep) + QStringLiteral("/layout-drape-3d.png"));
    }
    m_window->document()->undoStack()->undo();
    ASSERT_TRUE(QTest::qWaitFor([&] { return view->drape().isNull(); }, 3000));
    ASSERT_TRUE(waitUpToDate());
    EXPECT_LE(magenta(), before + 5);
}

// A stamp placed with the mouse takes an image as its shape through the panel's Image… button
// (the editor's file prompt): a 16-bit ramp rising to the east tilts what was a round crater; a
// file that is not an image, or a cancelled prompt, changes nothing.
TEST_F(LayoutEditorTest, AStampTakesAnImageChosenInThePanel) {
    chooseTool(QStringLiteral("Stamp"));
    const QPoint centre = at(128, 128);
    QTest::mouseClick(m_preview, Qt::LeftButton, {}, centre);
    ASSERT_EQ(items().items.size(), 1u);
    chooseTool(QStringLiteral("Select"));
    QTest::mouseClick(m_preview, Qt::LeftButton, {}, centre);
    ASSERT_EQ(m_panel->selectedItem(), items().items[0].id);
    auto* button = m_panel->findChild<QToolButton*>(QStringLiteral("layoutStampImage"));
    ASSERT_NE(button, nullptr);
    ASSERT_TRUE(button->isEnabled());
    ASSERT_TRUE(waitUpToDate());
    // East minus west of the stamp's centre, a quarter of its size out, in raw units.
    const auto tilt = [&] {
        const layout::Item stamp = items().items[0];
        const QPointF c = m_panel->imageAt(stamp.points[0].x, stamp.points[0].y);
        const int q = int(std::lround(stamp.size_m / 4.0 / m_panel->spacing()));
        const auto map = m_preview->heightmap();
        return double(map->at(int(c.x()) + q, int(c.y()))) - double(map->at(int(c.x()) - q, int(c.y())));
    };
    const double before = tilt();
    const core::Recipe crater = m_window->document()->state().recipe;

    // Not an image, then a cancelled prompt: nothing changes.
    const QString bad = m_dir.filePath(QStringLiteral("notes.png"));
    {
        QFile file(bad);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write("not an image");
    }
    m_prompts.openPath = bad;
    QTest::mouseClick(button, Qt::LeftButton);
    EXPECT_EQ(m_window->document()->state().recipe, crater);
    m_prompts.openPath.clear();
    QTest::mouseClick(button, Qt::LeftButton);
    EXPECT_EQ(m_window->document()->state().recipe, crater);

    const QString image = writeRampImage();
    m_prompts.openPath = image;
    const int undo = undoCount();
    QTest::mouseClick(button, Qt::LeftButton);
    ASSERT_EQ(undoCount(), undo + 1);
    EXPECT_EQ(items().items[0].shape, layout::StampShape::Image);
    EXPECT_EQ(QString::fromStdString(items().items[0].image), image);
    ASSERT_TRUE(waitUpToDate());
    const double after = tilt();
    std::printf("east - west of the stamp: crater %.4f, ramp image %.4f (raw)\n", before, after);
    EXPECT_GT(after, before + 0.01);
    if (const QByteArray keep = qgetenv("TERRAIN_TEST_SHOTS"); !keep.isEmpty()) {
        m_window->grab().save(QString::fromLocal8Bit(keep) + QStringLiteral("/layout-stamp-image.png"));
    }
}

// The red of the stretches where a road is held to grade, on a grab of a widget.
int redPixels(const QImage& image) {
    int count = 0;
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < rgb.height(); ++y) {
        for (int x = 0; x < rgb.width(); ++x) {
            const QColor c = rgb.pixelColor(x, y);
            count += c.red() > 200 && c.green() < 70 && c.blue() < 70;
        }
    }
    return count;
}

// A road drawn over steep ground: once its map is shown, the readout gives its steepest grade
// (within the limit) and how much of it the terrain makes it cut or fill, and those stretches
// are drawn red on the preview.
TEST_F(LayoutEditorTest, ARoadsReadoutShowsWhereTheTerrainIsSteeperThanItsGrade) {
    const int redBefore = redPixels(m_preview->grab().toImage());
    drawLine(QStringLiteral("Road"), {at(20, 30), at(120, 90), at(230, 200)});
    ASSERT_EQ(items().items.size(), 1u);
    m_panel->selectItem(items().items[0].id);
    ASSERT_TRUE(waitUpToDate());
    auto* readout = m_panel->findChild<QLabel*>(QStringLiteral("layoutReadout"));
    ASSERT_NE(readout, nullptr);
    ASSERT_TRUE(QTest::qWaitFor([&] { return readout->text().contains(QStringLiteral("steepest")); }, 10000))
        << readout->text().toStdString();
    const QString text = readout->text();
    const QRegularExpressionMatch steepest = QRegularExpression(QStringLiteral("steepest ([0-9.]+) %")).match(text);
    ASSERT_TRUE(steepest.hasMatch()) << text.toStdString();
    EXPECT_LE(steepest.captured(1).toDouble(), 8.0);
    EXPECT_GT(steepest.captured(1).toDouble(), 1.0);
    const QRegularExpressionMatch held =
        QRegularExpression(QStringLiteral("terrain reaches ([0-9.]+) %: held to grade over ([0-9]+) m")).match(text);
    ASSERT_TRUE(held.hasMatch()) << text.toStdString();
    EXPECT_GT(held.captured(1).toDouble(), 8.0);
    EXPECT_GT(held.captured(2).toDouble(), 0.0);
    QTest::qWait(20);
    const QImage shot = m_preview->grab().toImage();
    EXPECT_EQ(redBefore, 0);
    EXPECT_GT(redPixels(shot), 20);
    if (const QByteArray keep = qgetenv("TERRAIN_TEST_SHOTS"); !keep.isEmpty()) {
        shot.save(QString::fromLocal8Bit(keep) + QStringLiteral("/layout-road-grades.png"));
        m_panel->grab().save(QString::fromLocal8Bit(keep) + QStringLiteral("/layout-road-grades-panel.png"));
    }
    // Moving a point: the old stretches are not drawn over the new line; the new ones follow.
    const layout::Point middle = items().items[0].points[1];
    chooseTool(QStringLiteral("Select"));
    drag(m_preview->widgetPosition(m_panel->imageAt(middle.x, middle.y)).toPoint(), QPoint(0, 6), 5);
    EXPECT_FALSE(readout->text().contains(QStringLiteral("steepest")));
    ASSERT_TRUE(waitUpToDate());
    EXPECT_TRUE(QTest::qWaitFor([&] { return readout->text().contains(QStringLiteral("steepest")); }, 10000));
}

// Solo shows one item alone in the views; the document, its undo steps and the export keep every
// item.
TEST_F(LayoutEditorTest, SoloShowsOneItemAloneInTheViewsOnly) {
    const std::shared_ptr<const core::Heightmap> bare = m_preview->heightmap();
    chooseTool(QStringLiteral("Stamp"));
    QTest::mouseClick(m_preview, Qt::LeftButton, {}, at(60, 60));
    QTest::mouseClick(m_preview, Qt::LeftButton, {}, at(190, 190));
    ASSERT_EQ(items().items.size(), 2u);
    ASSERT_TRUE(waitUpToDate());
    const std::shared_ptr<const core::Heightmap> both = m_preview->heightmap();
    const core::Recipe document = m_window->document()->state().recipe;
    const int undo = undoCount();
    const QString all = m_dir.filePath(QStringLiteral("all.png"));
    QFuture<HeightmapExportOutcome> future = m_window->exports()->exportHeightmapTo(all, core::GameExportRequest{});
    ASSERT_TRUE(QTest::qWaitFor([&] { return future.isFinished(); }, 60000));
    ASSERT_EQ(future.result().error, QString());

    auto* list = m_panel->findChild<QListWidget*>(QStringLiteral("layoutItems"));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(0)).center());
    ASSERT_EQ(m_panel->selectedItem(), items().items[0].id);
    auto* solo = m_panel->findChild<QToolButton*>(QStringLiteral("layoutSolo"));
    ASSERT_NE(solo, nullptr);
    ASSERT_TRUE(solo->isVisible() && solo->isEnabled());
    QTest::mouseClick(solo, Qt::LeftButton);
    EXPECT_TRUE(solo->isChecked());
    EXPECT_EQ(m_panel->soloItem(), items().items[0].id);
    ASSERT_TRUE(waitUpToDate());
    const std::shared_ptr<const core::Heightmap> soloed = m_preview->heightmap();
    // The first stamp as before, the second gone from the views.
    EXPECT_EQ(soloed->at(60, 60), both->at(60, 60));
    EXPECT_NE(soloed->at(60, 60), bare->at(60, 60));
    EXPECT_EQ(soloed->at(190, 190), bare->at(190, 190));
    EXPECT_NE(both->at(190, 190), bare->at(190, 190));
    EXPECT_TRUE(m_panel->findChild<QLabel*>(QStringLiteral("layoutReadout"))->text().startsWith(QStringLiteral("Solo")));
    // Nothing of it in the document or its history, nor in what is exported.
    EXPECT_EQ(m_window->document()->state().recipe, document);
    EXPECT_EQ(undoCount(), undo);
    const QString whileSolo = m_dir.filePath(QStringLiteral("solo.png"));
    future = m_window->exports()->exportHeightmapTo(whileSolo, core::GameExportRequest{});
    ASSERT_TRUE(QTest::qWaitFor([&] { return future.isFinished(); }, 60000));
    ASSERT_EQ(future.result().error, QString());
    QFile a(all), b(whileSolo);
    ASSERT_TRUE(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    EXPECT_EQ(a.readAll(), b.readAll());
    if (const QByteArray keep = qgetenv("TERRAIN_TEST_SHOTS"); !keep.isEmpty()) {
        m_window->grab().save(QString::fromLocal8Bit(keep) + QStringLiteral("/layout-solo.png"));
    }
    // Off again: both stamps in the views.
    QTest::mouseClick(solo, Qt::LeftButton);
    EXPECT_TRUE(m_panel->soloItem().empty());
    ASSERT_TRUE(waitUpToDate());
    EXPECT_EQ(m_preview->heightmap()->at(190, 190), both->at(190, 190));
    // A soloed item that is deleted ends the solo.
    QTest::mouseClick(solo, Qt::LeftButton);
    ASSERT_FALSE(m_panel->soloItem().empty());
    focusPreview();
    QTest::keyClick(m_preview, Qt::Key_Delete);
    ASSERT_EQ(items().items.size(), 1u);
    EXPECT_TRUE(m_panel->soloItem().empty());
    ASSERT_TRUE(waitUpToDate());
}

}  // namespace
}  // namespace terrain::app::testing
