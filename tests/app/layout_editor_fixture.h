#pragma once
// The Layout panel's tests (test_editor_layout*.cpp): the editor on a small world with the Layout
// dock raised, and what they share to drive it with real mouse and key events.
#include "editor_fixture.h"

#include "app/document/document.h"
#include "app/editor/main_window.h"
#include "app/layout/layout_panel.h"
#include "core/io/export.h"
#include "core/layout/layout.h"
#include "render/preview_widget.h"

#include <QApplication>
#include <QDockWidget>
#include <QMouseEvent>
#include <QTest>
#include <QToolButton>

#include <initializer_list>

namespace terrain::app::testing {

namespace layout = core::layout;

class LayoutEditorTest : public EditorTest {
protected:
    void SetUp() override {
        EditorTest::SetUp();
        // 257² samples over 2048 m (8 m per sample), 0..300 m.
        DocumentState state = smallState();
        state.recipe.detail = 8;
        state.recipe.world.extentMetres = 2048.0;
        state.recipe.world.hiMetres = 300.0;
        loadState(state);
        auto* dock = m_window->findChild<QDockWidget*>(QStringLiteral("layoutDock"));
        ASSERT_NE(dock, nullptr);
        dock->raise();
        m_panel = m_window->layoutPanel();
        m_preview = m_window->preview();
        QTest::qWait(50);
    }

    void chooseTool(const QString& name) {
        auto* button = m_panel->findChild<QToolButton*>(QStringLiteral("layoutTool") + name);
        ASSERT_NE(button, nullptr);
        ASSERT_TRUE(button->isVisible()) << name.toStdString();
        QTest::mouseClick(button, Qt::LeftButton);
    }
    // An item of the tool `name` (Road, River, Area) through `points`: clicks, then Enter.
    void drawLine(const QString& name, std::initializer_list<QPoint> points) {
        chooseTool(name);
        for (const QPoint p : points) QTest::mouseClick(m_preview, Qt::LeftButton, {}, p);
        QTest::keyClick(m_preview, Qt::Key_Return);
    }
    // A 65 x 65 16-bit PNG rising from west to east (codes 0..64) in the test's folder.
    QString writeRampImage() const {
        core::Heightmap ramp(65, 65);
        for (int y = 0; y < 65; ++y)
            for (int x = 0; x < 65; ++x) ramp.at(x, y) = float(x);
        core::ExportOptions options;
        options.format = core::ExportFormat::Png16;
        const QString image = m_dir.filePath(QStringLiteral("ramp.png"));
        core::exportHeightmap(ramp, image.toStdString(), options);
        return image;
    }
    // A click on the preview at the world point p (with the Select tool: picks the point there);
    // returns p's image position.
    QPointF clickAt(const layout::Point& p) const {
        const QPointF image = m_panel->imageAt(p.x, p.y);
        QTest::mouseClick(m_preview, Qt::LeftButton, {}, m_preview->widgetPosition(image).toPoint());
        return image;
    }
    // The widget position of sample (col, row).
    QPoint at(double col, double row) const { return m_preview->widgetPosition(QPointF(col, row)).toPoint(); }
    // The world position of the widget pixel the test clicks on (what the panel reads).
    QPointF metresOf(QPoint widget) const { return m_panel->metresAt(m_preview->imagePosition(QPointF(widget))); }

    layout::Layout items() const {
        const core::Recipe& recipe = m_window->document()->state().recipe;
        for (const core::OpInstance& op : recipe.operations) {
            if (op.type == "layout") return layout::layoutFromText(op.data);
        }
        return {};
    }
    int undoCount() const { return m_window->document()->undoStack()->count(); }
    // A left-button drag from `from` in `steps` moves of `step`; returns where it ended.
    QPoint drag(QPoint from, QPoint step, int steps) {
        QTest::mousePress(m_preview, Qt::LeftButton, {}, from);
        QPoint p = from;
        for (int i = 0; i < steps; ++i) {
            p += step;
            QMouseEvent move(QEvent::MouseMove, QPointF(p), m_preview->mapToGlobal(QPointF(p)), Qt::NoButton,
                             Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(m_preview, &move);
        }
        QTest::mouseRelease(m_preview, Qt::LeftButton, {}, p);
        return p;
    }
    // The preview focused as a click leaves it, in the active window.
    void focusPreview() {
        m_window->activateWindow();
        (void)QTest::qWaitForWindowActive(m_window.get());
        m_preview->setFocus(Qt::MouseFocusReason);
        ASSERT_TRUE(QTest::qWaitFor([this] { return m_preview->hasFocus(); }, 2000));
    }

    LayoutPanel* m_panel = nullptr;
    render::PreviewWidget* m_preview = nullptr;
};

}  // namespace terrain::app::testing
