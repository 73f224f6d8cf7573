// The lattice rule in the editor: a change at a large detail first shows the exact lower detail of the
// same recipe (by the lattice rule, every 2^k-th sample of the final map) in the 2-D preview and
// the 3-D view, then the full map follows with progress; no other terrain is ever on screen.
#include "editor_fixture.h"

#include "app/document/document.h"
#include "app/generation/generation_controller.h"
#include "app/stack/parameter_panel.h"
#include "app/widgets/seed_spin_box.h"
#include "app/editor/status_panel.h"
#include "render/preview_widget.h"
#include "render/terrain_view.h"

#include <QLabel>

#include <memory>
#include <vector>

namespace terrain::app::testing {
namespace {

// What both views held right after a result reached them.
struct Shown {
    GenerationResult result;
    std::shared_ptr<const core::Heightmap> preview, terrain;
    QImage image;
    QString sizeText;
    QString hoverText;  // the readout for sample (10, 20) of the shown map
};

// Every step-th sample of `fine` equals `coarse`, bit for bit.
bool isSubsample(const core::Heightmap& fine, const core::Heightmap& coarse, int step) {
    if ((coarse.width() - 1) * step != fine.width() - 1 || (coarse.height() - 1) * step != fine.height() - 1)
        return false;
    core::Heightmap picked(coarse.width(), coarse.height());
    for (int y = 0; y < coarse.height(); ++y)
        for (int x = 0; x < coarse.width(); ++x) picked.at(x, y) = fine.at(x * step, y * step);
    return picked == coarse;
}

TEST_F(EditorTest, AChangeAtDetail13FirstShowsTheExactDetail11MapThenTheFullMap) {
    DocumentState state = smallState();
    state.recipe.detail = 13;
    loadState(state);

    std::vector<Shown> shown;
    std::vector<float> progress;
    // Connected after MainWindow's own slots, so these run once the views have the result.
    const QMetaObject::Connection onResult = QObject::connect(
        m_window->controller(), &GenerationController::resultReady, [&](const GenerationResult& r) {
            StatusPanel* status = m_window->statusPanel();
            status->showHover(10, 20, 0.5f);
            shown.push_back({r, m_window->preview()->heightmap(), m_window->terrainView()->heightmap(),
                             m_window->preview()->image(), status->sizeLabel()->text(),
                             status->hoverLabel()->text()});
        });
    const QMetaObject::Connection onProgress = QObject::connect(
        m_window->controller(), &GenerationController::progressChanged, [&](float f) { progress.push_back(f); });
    m_window->parameterPanel()->seedBox()->setValue(7);
    ASSERT_TRUE(waitUpToDate());
    QObject::disconnect(onResult);
    QObject::disconnect(onProgress);

    const core::Recipe recipe = m_window->document()->state().recipe;
    ASSERT_EQ(recipe.detail, 13);
    ASSERT_EQ(recipe.seed, 7u);
    core::Recipe lower = recipe;
    lower.detail = 11;
    const core::Heightmap expectedLower = reference(lower);
    const core::Heightmap full = reference(recipe);
    ASSERT_EQ(shown.size(), 2u) << "one exact lower-detail image, then the full map";

    // First: the detail-11 map of the same recipe, in both views; its pixels are that map's.
    const Shown& first = shown.front();
    EXPECT_TRUE(first.result.coarse);
    ASSERT_TRUE(first.preview && first.terrain);
    EXPECT_EQ(first.preview, first.result.map);
    EXPECT_EQ(first.terrain, first.result.map);
    EXPECT_TRUE(*first.preview == expectedLower) << "the first image is not the detail-11 map of the recipe";
    EXPECT_EQ(first.image, referencePreview(expectedLower, recipe, state.view));
    EXPECT_TRUE(first.sizeText.contains(QStringLiteral("every 4th sample"))) << first.sizeText.toStdString();
    // ... which is every 4th sample of the final map: the same terrain, not another one. The
    // hover readout names the full map's sample.
    EXPECT_TRUE(isSubsample(full, *first.preview, 4));
    EXPECT_TRUE(first.hoverText.startsWith(QStringLiteral("x 40  y 80"))) << first.hoverText.toStdString();

    // Then the full map, in both views.
    const Shown& last = shown.back();
    EXPECT_FALSE(last.result.coarse);
    ASSERT_TRUE(last.preview && last.terrain);
    EXPECT_TRUE(*last.preview == full);
    EXPECT_TRUE(*last.terrain == full);
    EXPECT_EQ(last.image, referencePreview(full, recipe, state.view));
    EXPECT_TRUE(last.hoverText.startsWith(QStringLiteral("x 10  y 20"))) << last.hoverText.toStdString();

    // With progress that moves forward between the two images up to the end.
    ASSERT_GE(progress.size(), 3u);
    for (std::size_t i = 1; i < progress.size(); ++i) EXPECT_GE(progress[i], progress[i - 1]) << i;
    EXPECT_GE(progress.back(), 0.99f);
}

}  // namespace
}  // namespace terrain::app::testing
