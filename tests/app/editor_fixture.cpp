#include "editor_fixture.h"

#include "escaped_errors.h"

#include "app/document/document.h"

#include "core/cancel.h"
#include "core/io/height_mapping.h"
#include "core/registry.h"
#include "core/world_scale.h"
#include "render/colormap.h"

#include <QTest>

#include <algorithm>

namespace terrain::app::testing {

namespace {
constexpr int kWait_ms = 120000;
}

void EditorTest::SetUp() {
    ASSERT_TRUE(m_dir.isValid());
    m_window = std::make_unique<MainWindow>();
    m_window->setPrompts(&m_prompts);
    m_window->resize(1200, 800);
    m_window->show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(m_window.get()));
    loadState(smallState());
}

void EditorTest::TearDown() {
    m_window.reset();
    // Every job reports its own errors: nothing may reach the application's last resort.
    const QStringList escaped = takeEscapedErrors();
    EXPECT_TRUE(escaped.isEmpty()) << escaped.join('\n').toStdString();
}

DocumentState EditorTest::smallState() const {
    DocumentState state = defaultDocumentState(m_window->registry());
    state.recipe.detail = 6;
    state.recipe.world = core::legacyWorld(6);  // 1 m per sample: 64 m across
    return state;
}

DocumentState EditorTest::smallStateFor(const core::Algorithm& algorithm) const {
    DocumentState state = smallState();
    state.recipe = core::defaultRecipe(m_window->registry(), algorithm.id);
    state.recipe.detail = std::clamp(6, algorithm.minDetail, algorithm.maxDetail);
    state.recipe.seed = 1;
    return state;
}

void EditorTest::loadState(const DocumentState& state) {
    m_window->document()->reset(state, QString());
    ASSERT_TRUE(waitUpToDate());
}

bool EditorTest::waitUpToDate() {
    const bool ok = QTest::qWaitFor([this] { return m_window->isUpToDate() && !m_window->controller()->busy(); }, kWait_ms);
    EXPECT_TRUE(ok) << "the editor never showed the document's map";
    return ok;
}

core::Heightmap EditorTest::reference(const core::Recipe& recipe) const {
    core::GenerateContext context;
    return core::generate(m_window->registry(), recipe, context);
}

QImage EditorTest::referencePreview(const core::Heightmap& map, const core::Recipe& recipe,
                                   const ViewSettings& view) const {
    // Drawn over the recipe's world scale, as the editor does (the same at every detail).
    core::GenerateContext context;
    const core::HeightMapping world = core::worldMapping(
        m_window->registry(), recipe, m_window->document()->state().world().metresPerPixel, context);
    return render::renderPreviewImage(map, core::resolveMapping(world, map), view.previewStyle());
}

}  // namespace terrain::app::testing
