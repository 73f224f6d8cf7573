// What the status bar and the centre area say: the time until the map
// is on screen, and the 1-D midpoint line drawn as a horizon instead of a 513×1 strip.
#include "editor_fixture.h"

#include "app/editor/central_views.h"
#include "app/document/document.h"
#include "app/widgets/horizon_chart.h"
#include "app/stack/parameter_panel.h"
#include "app/editor/screen_timing.h"
#include "app/widgets/seed_spin_box.h"
#include "app/editor/status_panel.h"

#include "core/registry.h"
#include "render/preview_widget.h"
#include "render/terrain_view.h"

#include <QDockWidget>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QRegularExpression>
#include <QTest>

namespace terrain::app::testing {
namespace {

class EditorViewsTest : public EditorTest {};

// The status time is from the change until both views show the map: it is reported
// after the 3-D view swapped a frame with the new map, and it includes the generation time.
TEST_F(EditorViewsTest, StatusTimeIsUntilTheMapIsOnScreen) {
    int framesAfterResult = -1;
    QObject::connect(m_window.get(), &MainWindow::fullResultShown, [&] { framesAfterResult = 0; });
    QObject::connect(m_window->terrainView(), &QOpenGLWidget::frameSwapped, [&] {
        if (framesAfterResult >= 0) ++framesAfterResult;
    });
    double screen = -1.0, generate = -1.0;
    int framesWhenShown = -1;
    QObject::connect(m_window->screenTiming(), &ScreenTiming::shown, [&](double s, double g) {
        screen = s;
        generate = g;
        framesWhenShown = framesAfterResult;
    });
    ParameterPanel* panel = m_window->parameterPanel();
    panel->seedBox()->setValue(panel->recipe().seed + 11);
    ASSERT_TRUE(QTest::qWaitFor([&] { return screen >= 0.0; }, 60000));
    EXPECT_GE(framesWhenShown, 1) << "reported before the 3-D view drew the map";
    EXPECT_GT(generate, 0.0);
    EXPECT_GE(screen, generate);
    const QString text = m_window->statusPanel()->timeLabel()->text();
    EXPECT_TRUE(QRegularExpression(QStringLiteral("^on screen in [0-9.]+ m?s \\(generated in "
                                                  "[0-9.]+ m?s\\)$"))
                    .match(text)
                    .hasMatch())
        << text.toStdString();
    EXPECT_EQ(ScreenTiming::describe(1900.0, 1639.0),
              QStringLiteral("on screen in 1.9 s (generated in 1.6 s)"));
}

// The algorithm summary under the Seed field credits no seed articles (it read like a
// limit on which seeds work).
TEST_F(EditorViewsTest, AlgorithmSummaryNamesNoSeedArticles) {
    auto* summary = m_window->parameterPanel()->findChild<QLabel*>(QStringLiteral("algorithmSummary"));
    ASSERT_NE(summary, nullptr);
    for (const core::Algorithm& algorithm : m_window->registry().algorithms()) {
        loadState(smallStateFor(algorithm));
        EXPECT_FALSE(summary->text().contains(QStringLiteral("seed"), Qt::CaseInsensitive))
            << summary->text().toStdString();
        EXPECT_FALSE(summary->text().isEmpty());
    }
}

// The 1-D midpoint line is a horizon line chart in the centre; the 2-D strip and the
// 3-D view are hidden, and come back for a 2-D map.
TEST_F(EditorViewsTest, MidpointLineShowsAsHorizonChart) {
    loadState(smallStateFor(m_window->registry().get("midpoint-line")));
    CentralViews* views = m_window->centralViews();
    HorizonChart* chart = views->horizon();
    ASSERT_TRUE(views->showsLine());
    EXPECT_TRUE(chart->isVisible());
    EXPECT_FALSE(m_window->preview()->isVisible());
    EXPECT_FALSE(m_window->terrainView()->isVisible());
    ASSERT_NE(chart->line(), nullptr);
    EXPECT_EQ(chart->line()->height(), 1);
    EXPECT_GT(chart->width(), 400);

    // Sky above the line and ground below it in every column, drawn over the whole width.
    const QImage image = chart->grab().toImage();
    int columnsWithHorizon = 0;
    for (int x = 16; x < image.width() - 16; x += 16) {
        const QColor top = image.pixelColor(x, 1);
        const QColor bottom = image.pixelColor(x, image.height() - 3);
        if (top == HorizonChart::skyColor() && bottom == HorizonChart::groundColor()) {
            ++columnsWithHorizon;
        }
    }
    EXPECT_GE(columnsWithHorizon, (image.width() - 32) / 16 - 1);

    loadState(smallState());
    EXPECT_FALSE(views->showsLine());
    EXPECT_FALSE(chart->isVisible());
    EXPECT_TRUE(m_window->preview()->isVisible());
    EXPECT_TRUE(m_window->terrainView()->isVisible());
}

// The Terrain panel was cut off at the editor's default size (1400 x 860): a horizontal scroll
// bar under the parameter rows. It scrolls vertically only and is as wide as its rows need, for
// every algorithm's rows and after a preset's stack.
TEST_F(EditorViewsTest, TheTerrainPanelFitsItsRowsAtTheDefaultSize) {
    m_window->resize(1400, 860);
    auto* dock = m_window->findChild<QDockWidget*>(QStringLiteral("terrainDock"));
    ASSERT_NE(dock, nullptr);
    auto* scroll = qobject_cast<QScrollArea*>(dock->widget());
    ASSERT_NE(scroll, nullptr);
    for (const core::Algorithm& algorithm : m_window->registry().algorithms()) {
        SCOPED_TRACE(algorithm.id);
        loadState(smallStateFor(algorithm));
        QTest::qWait(50);  // the dock's layout settles after the rows are rebuilt
        EXPECT_FALSE(scroll->horizontalScrollBar()->isVisible());
        EXPECT_GE(scroll->viewport()->width(), scroll->widget()->minimumSizeHint().width());
        EXPECT_LE(scroll->widget()->width(), scroll->viewport()->width());
    }
}

}  // namespace
}  // namespace terrain::app::testing
