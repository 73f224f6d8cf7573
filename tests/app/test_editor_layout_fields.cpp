// The Layout panel's fields for the selected item and point: its own properties (the GeoJSON
// keys of its kind) and a road point's height, typed into the focused field as a designer does;
// each edit is one undo step.
#include "layout_editor_fixture.h"


#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

#include <optional>
#include <vector>

namespace terrain::app::testing {
namespace {

// Ctrl+A, the text (or Backspace, to empty it) and Enter into `field`, focused in the active
// window.
// `field` focused in the active window, as a click on it leaves it.
void focusField(MainWindow* window, QWidget* field) {
    window->activateWindow();
    (void)QTest::qWaitForWindowActive(window);
    field->setFocus(Qt::MouseFocusReason);
    ASSERT_TRUE(QTest::qWaitFor([field] { return field->hasFocus(); }, 2000));
}

void typeInto(MainWindow* window, QWidget* field, const QString& text) {
    focusField(window, field);
    QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
    if (text.isEmpty()) {
        QTest::keyClick(field, Qt::Key_Backspace);
    } else {
        QTest::keyClicks(field, text);
    }
    QTest::keyClick(field, Qt::Key_Return);
}

// The selected item's own properties are fields under its point: a road's max grade typed into
// its field (a spin box with focus, Enter) is one undo step and reaches the readout; a value the
// GeoJSON reader refuses leaves the item as it was and says why; a choice picked with the keys.
TEST_F(LayoutEditorTest, AnItemsPropertiesAreEditedInThePanel) {
    QStringList messages;
    QObject::connect(m_panel, &LayoutPanel::message, [&messages](const QString& text) { messages << text; });
    drawLine(QStringLiteral("Road"), {at(30, 40), at(128, 128), at(220, 210)});
    ASSERT_EQ(items().items.size(), 1u);
    m_panel->selectItem(items().items[0].id);
    auto* grade = m_panel->findChild<QDoubleSpinBox*>(QStringLiteral("layoutProperty_max_grade_pct"));
    ASSERT_NE(grade, nullptr);
    ASSERT_TRUE(QTest::qWaitFor([grade] { return grade->isVisible(); }, 2000));  // shown by the event loop
    ASSERT_TRUE(grade->isEnabled());
    EXPECT_EQ(grade->value(), 8.0);
    const int undo = undoCount();
    const auto type = [&](QWidget* field, const QString& text) { typeInto(m_window.get(), field, text); };
    type(grade, QStringLiteral("4"));
    ASSERT_EQ(undoCount(), undo + 1);
    EXPECT_EQ(items().items[0].maxGrade_pct, 4.0);
    ASSERT_TRUE(waitUpToDate());
    auto* readout = m_panel->findChild<QLabel*>(QStringLiteral("layoutReadout"));
    EXPECT_TRUE(QTest::qWaitFor([&] { return readout->text().contains(QStringLiteral("(limit 4 %)")); }, 10000))
        << readout->text().toStdString();

    type(grade, QStringLiteral("5000"));  // the reader allows 0 to 1000 %
    EXPECT_EQ(undoCount(), undo + 1);
    EXPECT_EQ(items().items[0].maxGrade_pct, 4.0);
    ASSERT_FALSE(messages.isEmpty());
    EXPECT_TRUE(messages.back().contains(QStringLiteral("max_grade_pct"))) << messages.back().toStdString();
    EXPECT_EQ(grade->value(), 4.0);

    auto* mode = m_panel->findChild<QComboBox*>(QStringLiteral("layoutProperty_mode"));
    ASSERT_NE(mode, nullptr);
    EXPECT_EQ(mode->currentText(), QStringLiteral("cut-fill"));
    mode->setFocus(Qt::TabFocusReason);
    ASSERT_TRUE(QTest::qWaitFor([mode] { return mode->hasFocus(); }, 2000));
    QTest::keyClick(mode, Qt::Key_Down);
    ASSERT_EQ(undoCount(), undo + 2);
    EXPECT_EQ(items().items[0].roadMode, layout::RoadMode::Raise);
    m_window->document()->undoStack()->undo();
    EXPECT_EQ(items().items[0].roadMode, layout::RoadMode::CutFill);
    EXPECT_EQ(mode->currentText(), QStringLiteral("cut-fill"));
    if (const QByteArray keep = qgetenv("TERRAIN_TEST_SHOTS"); !keep.isEmpty()) {
        m_panel->grab().save(QString::fromLocal8Bit(keep) + QStringLiteral("/layout-properties-panel.png"));
    }
}

// A height typed into the Z field of a road's selected point pins the deck there: one undo step,
// the map follows (a higher pin, a higher map at the point), letters are not taken, an empty
// field frees the point; the pinned point is drawn as a square.
TEST_F(LayoutEditorTest, ARoadPointsHeightIsTypedIntoTheZField) {
    drawLine(QStringLiteral("Road"), {at(30, 40), at(128, 128), at(220, 210)});
    ASSERT_EQ(items().items.size(), 1u);
    chooseTool(QStringLiteral("Select"));
    const QPointF image = clickAt(items().items[0].points[1]);
    ASSERT_EQ(m_panel->selectedPoint(), 1);
    auto* z = m_panel->findChild<QLineEdit*>(QStringLiteral("layoutPointZ"));
    ASSERT_NE(z, nullptr);
    ASSERT_TRUE(QTest::qWaitFor([z] { return z->isVisible(); }, 2000));
    ASSERT_TRUE(z->isEnabled());
    EXPECT_TRUE(z->text().isEmpty());
    ASSERT_TRUE(waitUpToDate());
    const auto heightAtPoint = [&] {
        return double(m_preview->heightmap()->at(int(std::lround(image.x())), int(std::lround(image.y()))));
    };
    const int undo = undoCount();

    typeInto(m_window.get(), z, QStringLiteral("250"));
    ASSERT_EQ(undoCount(), undo + 1);
    EXPECT_EQ(items().items[0].z_m, (std::vector<std::optional<double>>{std::nullopt, 250.0, std::nullopt}));
    ASSERT_TRUE(waitUpToDate());
    const double high = heightAtPoint();
    if (const QByteArray keep = qgetenv("TERRAIN_TEST_SHOTS"); !keep.isEmpty()) {
        m_window->grab().save(QString::fromLocal8Bit(keep) + QStringLiteral("/layout-road-z.png"));
    }
    typeInto(m_window.get(), z, QStringLiteral("20"));
    ASSERT_EQ(undoCount(), undo + 2);
    ASSERT_TRUE(waitUpToDate());
    const double low = heightAtPoint();
    EXPECT_GT(high, low);
    EXPECT_EQ(z->text(), QStringLiteral("20.00"));

    // A panel update while a height is being typed (a result arriving) leaves the typing alone.
    focusField(m_window.get(), z);
    QTest::keyClick(z, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(z, QStringLiteral("12"));
    m_panel->selectItem(items().items[0].id, 1);
    EXPECT_EQ(z->text(), QStringLiteral("12"));
    QTest::keyClick(z, Qt::Key_Return);
    ASSERT_EQ(undoCount(), undo + 3);
    EXPECT_EQ(items().items[0].z_m[1], 12.0);
    EXPECT_EQ(z->text(), QStringLiteral("12.00"));
    m_window->document()->undoStack()->undo();  // back to 20
    EXPECT_EQ(z->text(), QStringLiteral("20.00"));

    const int at = m_window->document()->undoStack()->index();
    typeInto(m_window.get(), z, QStringLiteral("high"));  // the field takes no letters
    EXPECT_EQ(m_window->document()->undoStack()->index(), at);
    EXPECT_EQ(items().items[0].z_m[1], 20.0);

    typeInto(m_window.get(), z, QString());
    ASSERT_EQ(undoCount(), undo + 3);
    EXPECT_TRUE(items().items[0].z_m.empty());
    m_window->document()->undoStack()->undo();
    EXPECT_EQ(items().items[0].z_m[1], 20.0);
    EXPECT_EQ(z->text(), QStringLiteral("20.00"));
}

// A river point's Z is its water level: typed into the focused field it pins the river there (one
// undo step); a later point typed higher than an earlier pinned one is refused with a message
// (a river never rises) and the field shows the point's height again; lower is taken.
TEST_F(LayoutEditorTest, ARiverPointsWaterLevelIsTypedAndARiseIsRefused) {
    QStringList messages;
    QObject::connect(m_panel, &LayoutPanel::message, [&messages](const QString& text) { messages << text; });
    drawLine(QStringLiteral("River"), {at(30, 40), at(128, 128), at(220, 210)});
    ASSERT_EQ(items().items.size(), 1u);
    ASSERT_EQ(items().items[0].kind, layout::Kind::River);
    chooseTool(QStringLiteral("Select"));
    auto* z = m_panel->findChild<QLineEdit*>(QStringLiteral("layoutPointZ"));
    ASSERT_NE(z, nullptr);
    const auto selectPoint = [&](int k) {
        clickAt(items().items[0].points[std::size_t(k)]);
        ASSERT_EQ(m_panel->selectedPoint(), k);
        ASSERT_TRUE(QTest::qWaitFor([z] { return z->isVisible() && z->isEnabled(); }, 2000));
    };
    selectPoint(0);
    const int undo = undoCount();
    typeInto(m_window.get(), z, QStringLiteral("200"));
    ASSERT_EQ(undoCount(), undo + 1);
    EXPECT_EQ(items().items[0].z_m, (std::vector<std::optional<double>>{200.0, std::nullopt, std::nullopt}));

    selectPoint(2);
    EXPECT_TRUE(z->text().isEmpty());
    typeInto(m_window.get(), z, QStringLiteral("250"));
    EXPECT_EQ(undoCount(), undo + 1);
    ASSERT_FALSE(messages.isEmpty());
    EXPECT_TRUE(messages.back().contains(QStringLiteral("never rises"))) << messages.back().toStdString();
    EXPECT_TRUE(z->text().isEmpty()) << z->text().toStdString();
    EXPECT_EQ(items().items[0].z_m, (std::vector<std::optional<double>>{200.0, std::nullopt, std::nullopt}));

    typeInto(m_window.get(), z, QStringLiteral("150"));
    ASSERT_EQ(undoCount(), undo + 2);
    EXPECT_EQ(items().items[0].z_m, (std::vector<std::optional<double>>{200.0, std::nullopt, 150.0}));
    ASSERT_TRUE(waitUpToDate());
    if (const QByteArray keep = qgetenv("TERRAIN_TEST_SHOTS"); !keep.isEmpty()) {
        m_window->grab().save(QString::fromLocal8Bit(keep) + QStringLiteral("/layout-river-z.png"));
    }
}

// A patch area's vertex takes a height in the Z field (an area of another target does not: the
// field is disabled until the target is patch): one undo step, and the map at the vertex rises to it.
TEST_F(LayoutEditorTest, APatchAreasVertexHeightIsTypedIntoTheZField) {
    drawLine(QStringLiteral("Area"), {at(40, 40), at(200, 40), at(200, 200), at(40, 200)});
    ASSERT_EQ(items().items.size(), 1u);
    ASSERT_EQ(items().items[0].kind, layout::Kind::Area);
    chooseTool(QStringLiteral("Select"));
    const QPointF image = clickAt(items().items[0].rings[0][0]);
    ASSERT_EQ(m_panel->selectedPoint(), 0);
    auto* z = m_panel->findChild<QLineEdit*>(QStringLiteral("layoutPointZ"));
    ASSERT_NE(z, nullptr);
    ASSERT_TRUE(QTest::qWaitFor([z] { return z->isVisible(); }, 2000));
    EXPECT_FALSE(z->isEnabled());  // an absolute area: one height for all of it

    auto* target = m_panel->findChild<QComboBox*>(QStringLiteral("layoutProperty_target"));
    ASSERT_NE(target, nullptr);
    focusField(m_window.get(), target);
    QTest::keyClick(target, Qt::Key_End);
    ASSERT_EQ(items().items[0].target, layout::AreaTarget::Patch);
    m_panel->selectItem(items().items[0].id, 0);
    ASSERT_TRUE(QTest::qWaitFor([z] { return z->isEnabled(); }, 2000));
    ASSERT_TRUE(waitUpToDate());
    const auto heightAtCorner = [&] {
        return m_preview->heightmap()->at(int(std::lround(image.x())), int(std::lround(image.y())));
    };
    const float before = heightAtCorner();
    const int undo = undoCount();
    typeInto(m_window.get(), z, QStringLiteral("450"));
    ASSERT_EQ(undoCount(), undo + 1);
    EXPECT_EQ(items().items[0].z_m,
              (std::vector<std::optional<double>>{450.0, std::nullopt, std::nullopt, std::nullopt}));
    ASSERT_TRUE(waitUpToDate());
    EXPECT_GT(heightAtCorner(), before);
    if (const QByteArray keep = qgetenv("TERRAIN_TEST_SHOTS"); !keep.isEmpty()) {
        m_window->grab().save(QString::fromLocal8Bit(keep) + QStringLiteral("/layout-patch-z.png"));
    }
    m_window->document()->undoStack()->undo();
    EXPECT_TRUE(items().items[0].z_m.empty());
}

// The Ridge tool draws a ridge a tenth of the world across; its middle point takes a crest
// height in the Z field (one undo step) and the map there rises to it; a Valley is drawn alike.
TEST_F(LayoutEditorTest, ARidgeIsDrawnAndItsCrestHeightTypedIntoTheZField) {
    drawLine(QStringLiteral("Ridge"), {at(40, 128), at(128, 128), at(216, 128)});
    ASSERT_EQ(items().items.size(), 1u);
    ASSERT_EQ(items().items[0].kind, layout::Kind::Ridge);
    EXPECT_GT(items().items[0].widths_m[0], 0.0);
    chooseTool(QStringLiteral("Select"));
    ASSERT_TRUE(waitUpToDate());
    const QPointF image = clickAt(items().items[0].points[1]);
    ASSERT_EQ(m_panel->selectedPoint(), 1);
    auto* z = m_panel->findChild<QLineEdit*>(QStringLiteral("layoutPointZ"));
    ASSERT_NE(z, nullptr);
    ASSERT_TRUE(QTest::qWaitFor([z] { return z->isVisible() && z->isEnabled(); }, 2000));
    const auto heightAtPoint = [&] {
        return m_preview->heightmap()->at(int(std::lround(image.x())), int(std::lround(image.y())));
    };
    const float before = heightAtPoint();
    const int undo = undoCount();
    const double crest = m_window->document()->state().recipe.world.hiMetres + 100.0;  // over the range
    typeInto(m_window.get(), z, QString::number(crest));
    ASSERT_EQ(undoCount(), undo + 1);
    EXPECT_EQ(items().items[0].z_m, (std::vector<std::optional<double>>{std::nullopt, crest, std::nullopt}));
    ASSERT_TRUE(waitUpToDate());
    EXPECT_GT(heightAtPoint(), before);
    if (const QByteArray keep = qgetenv("TERRAIN_TEST_SHOTS"); !keep.isEmpty()) {
        m_window->grab().save(QString::fromLocal8Bit(keep) + QStringLiteral("/layout-ridge-z.png"));
    }
    m_window->document()->undoStack()->undo();
    EXPECT_TRUE(items().items[0].z_m.empty() || !items().items[0].z_m[1]);

    drawLine(QStringLiteral("Valley"), {at(40, 60), at(216, 60)});
    ASSERT_EQ(items().items.size(), 2u);
    EXPECT_EQ(items().items[1].kind, layout::Kind::Valley);
}

// The fields an empty value means something for: a stroke's flatten height (empty: the terrain
// at its start), only for a flatten stroke, and an image stamp's range (empty: the image's own
// codes), only with an image. Typed into the focused field; a range the reader refuses leaves
// the stamp and names the key; emptied, the key is left out again.
TEST_F(LayoutEditorTest, AFlattenHeightAndAnImageRangeAreTypedInThePanel) {
    QStringList messages;
    QObject::connect(m_panel, &LayoutPanel::message, [&messages](const QString& text) { messages << text; });
    chooseTool(QStringLiteral("Stroke"));
    drag(at(40, 200), QPoint(8, -3), 12);
    ASSERT_EQ(items().items.size(), 1u);
    m_panel->selectItem(items().items[0].id);
    auto* height = m_panel->findChild<QLineEdit*>(QStringLiteral("layoutProperty_height_m"));
    ASSERT_NE(height, nullptr);
    ASSERT_TRUE(QTest::qWaitFor([height] { return height->isVisible(); }, 2000));
    EXPECT_FALSE(height->isEnabled());  // a raise stroke has no flatten height
    auto* op = m_panel->findChild<QComboBox*>(QStringLiteral("layoutProperty_op"));
    ASSERT_NE(op, nullptr);
    focusField(m_window.get(), op);
    QTest::keyClick(op, Qt::Key_Down);  // lower
    QTest::keyClick(op, Qt::Key_Down);  // flatten
    ASSERT_EQ(items().items[0].strokeOp, layout::StrokeOp::Flatten);
    EXPECT_FALSE(items().items[0].flattenTo_m.has_value());
    ASSERT_TRUE(height->isEnabled());
    EXPECT_TRUE(height->text().isEmpty());
    const int undo = undoCount();
    typeInto(m_window.get(), height, QStringLiteral("42.5"));
    ASSERT_EQ(undoCount(), undo + 1);
    EXPECT_EQ(items().items[0].flattenTo_m, std::optional<double>(42.5));
    typeInto(m_window.get(), height, QString());
    ASSERT_EQ(undoCount(), undo + 2);
    EXPECT_FALSE(items().items[0].flattenTo_m.has_value());

    // A stamp with a 65 x 65 16-bit image (codes 0..64).
    chooseTool(QStringLiteral("Stamp"));
    const QPoint centre = at(128, 100);
    QTest::mouseClick(m_preview, Qt::LeftButton, {}, centre);
    ASSERT_EQ(items().items.size(), 2u);
    m_panel->selectItem(items().items[1].id);
    auto* range = m_panel->findChild<QLineEdit*>(QStringLiteral("layoutProperty_image_range_m"));
    ASSERT_NE(range, nullptr);
    ASSERT_TRUE(QTest::qWaitFor([range] { return range->isVisible(); }, 2000));
    EXPECT_FALSE(range->isEnabled());  // a crater has no image
    const QString image = writeRampImage();
    m_prompts.openPath = image;
    QTest::mouseClick(m_panel->findChild<QToolButton*>(QStringLiteral("layoutStampImage")), Qt::LeftButton);
    ASSERT_EQ(items().items[1].shape, layout::StampShape::Image);
    ASSERT_TRUE(range->isEnabled());
    const int before = undoCount();
    typeInto(m_window.get(), range, QStringLiteral("0, 1000"));
    ASSERT_EQ(undoCount(), before + 1);
    EXPECT_TRUE(items().items[1].imageRange);
    EXPECT_EQ(items().items[1].imageLo, 0.0);
    EXPECT_EQ(items().items[1].imageHi, 1000.0);
    EXPECT_EQ(range->text(), QStringLiteral("0, 1000"));
    typeInto(m_window.get(), range, QStringLiteral("5, 1"));  // LO must be under HI
    EXPECT_EQ(undoCount(), before + 1);
    ASSERT_FALSE(messages.isEmpty());
    EXPECT_TRUE(messages.back().contains(QStringLiteral("image_range_m"))) << messages.back().toStdString();
    EXPECT_EQ(items().items[1].imageHi, 1000.0);
    EXPECT_EQ(range->text(), QStringLiteral("0, 1000"));
    typeInto(m_window.get(), range, QString());
    ASSERT_EQ(undoCount(), before + 2);
    EXPECT_FALSE(items().items[1].imageRange);
    if (const QByteArray keep = qgetenv("TERRAIN_TEST_SHOTS"); !keep.isEmpty()) {
        m_panel->grab().save(QString::fromLocal8Bit(keep) + QStringLiteral("/layout-image-range-panel.png"));
    }
}

}  // namespace
}  // namespace terrain::app::testing
