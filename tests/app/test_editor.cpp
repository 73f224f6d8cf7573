// The editor window end to end: sliders regenerate, undo restores the map byte for byte, rapid
// changes end on the last recipe, the 3-D view draws the terrain, export matches the CLI.
#include "editor_fixture.h"

#include "app/document/document.h"
#include "app/export/export_actions.h"
#include "app/stack/parameter_panel.h"
#include "app/widgets/seed_spin_box.h"
#include "app/widgets/slider_spin.h"
#include "app/editor/status_panel.h"
#include "app/editor/view_controls.h"

#include "core/io/export.h"
#include "core/cancel.h"
#include "core/io/world_units.h"
#include "core/registry.h"
#include "core/world_scale.h"
#include "render/preview_widget.h"
#include "render/terrain_view.h"

#include <cmath>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QSlider>
#include <QTest>

namespace terrain::app::testing {
namespace {

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Moves a slider to another position: a quarter of the range away, wrapping around.
void nudge(QSlider* slider) {
    const int span = slider->maximum() - slider->minimum();
    const int step = std::max(1, span / 4);
    int next = slider->value() + step;
    if (next > slider->maximum()) next = slider->value() - step;
    slider->setValue(next);
}

// b == a * k for one k (to float rounding): what a pure amplitude change does.
bool isUniformScale(const core::Heightmap& a, const core::Heightmap& b) {
    if (a.width() != b.width() || a.height() != b.height()) return false;
    const auto sa = a.samples(), sb = b.samples();
    std::size_t at = 0;
    for (std::size_t i = 0; i < sa.size(); ++i) {
        if (std::abs(sa[i]) > std::abs(sa[at])) at = i;
    }
    if (sa[at] == 0.0f) return false;
    const double k = double(sb[at]) / double(sa[at]);
    for (std::size_t i = 0; i < sa.size(); ++i) {
        if (std::abs(double(sb[i]) - k * double(sa[i])) > 1e-5 * std::abs(double(sb[at]))) return false;
    }
    return true;
}

std::shared_ptr<const core::Heightmap> copyOf(const std::shared_ptr<const core::Heightmap>& map) {
    return map ? std::make_shared<const core::Heightmap>(*map) : nullptr;
}

TEST_F(EditorTest, EverySliderRegeneratesAndTheRecipeHoldsTheNewValue) {
    for (const core::Algorithm& algorithm : m_window->registry().algorithms()) {
        SCOPED_TRACE(algorithm.id);
        DocumentState state = smallStateFor(algorithm);
        // The last choice of each option (e.g. fixed corners) makes every slider matter.
        for (const core::ParamSpec& spec : algorithm.params) {
            if (spec.kind == core::ParamKind::Choice) {
                state.recipe.params[spec.key] = double(spec.choices.size() - 1);
            }
        }
        loadState(state);
        ParameterPanel* panel = m_window->parameterPanel();

        for (const core::ParamSpec& spec : algorithm.params) {
            if (spec.kind != core::ParamKind::Real && spec.kind != core::ParamKind::Integer) {
                continue;
            }
            SCOPED_TRACE(spec.key);
            SliderSpin* control = panel->numberControl(spec.key);
            ASSERT_NE(control, nullptr);
            const QImage before = m_window->preview()->image();
            const auto mapBefore = m_window->preview()->heightmap();
            const QString rangeBefore = m_window->statusPanel()->rangeLabel()->text();
            nudge(control->slider());
            ASSERT_TRUE(waitUpToDate());
            const core::Recipe& recipe = m_window->document()->state().recipe;
            EXPECT_DOUBLE_EQ(recipe.params.at(spec.key), control->value());
            EXPECT_NE(recipe.params.at(spec.key), state.recipe.params.at(spec.key));
            EXPECT_FALSE(*m_window->preview()->heightmap() == *mapBefore);
            // A pure scale (amplitude, range) changes the raw map but not the terrain in metres:
            // the world scale maps the recipe's own range onto the height range. Every other
            // parameter changes what is shown.
            if (m_window->preview()->image() == before) {
                EXPECT_EQ(m_window->statusPanel()->rangeLabel()->text(), rangeBefore);
                EXPECT_TRUE(isUniformScale(*mapBefore, *m_window->preview()->heightmap()))
                    << "the picture did not change, yet the map is not a scaled copy";
            }
            state.recipe = recipe;
        }

        // Detail: the map changes size.
        const int side = m_window->preview()->heightmap()->width();
        nudge(panel->detailControl()->slider());
        ASSERT_TRUE(waitUpToDate());
        EXPECT_EQ(m_window->document()->state().recipe.detail,
                  int(panel->detailControl()->value()));
        EXPECT_NE(m_window->preview()->heightmap()->width(), side);

        // Seed.
        const QImage beforeSeed = m_window->preview()->image();
        panel->seedBox()->setValue(m_window->document()->state().recipe.seed + 1);
        ASSERT_TRUE(waitUpToDate());
        EXPECT_EQ(m_window->document()->state().recipe.seed, state.recipe.seed + 1);
        EXPECT_NE(m_window->preview()->image(), beforeSeed);
    }
}

TEST_F(EditorTest, RaisingTheDetailKeepsTheWorldsExtentAndOneUndoRestoresBoth) {
    // Design small, export big: 2^9 samples of 1 m become 2^10 of 0.5 m, the same 512 m island.
    DocumentState state = defaultDocumentState(m_window->registry());
    state.recipe.detail = 9;
    state.setWorld(WorldSize{1.0, state.world().lowMetres, state.world().highMetres});
    loadState(state);
    SliderSpin* detail = m_window->parameterPanel()->detailControl();
    detail->setFocus();
    QTest::keyClick(detail->slider(), Qt::Key_Right);  // one step up, as a person would
    ASSERT_TRUE(waitUpToDate());
    const DocumentState raised = m_window->document()->state();
    ASSERT_EQ(raised.recipe.detail, 10);
    EXPECT_EQ(raised.world().metresPerPixel, 0.5);
    EXPECT_EQ(raised.world().lowMetres, state.world().lowMetres);
    EXPECT_EQ(raised.world().highMetres, state.world().highMetres);
    m_window->document()->undoStack()->undo();
    EXPECT_EQ(m_window->document()->state().recipe.detail, 9);
    EXPECT_EQ(m_window->document()->state().world().metresPerPixel, 1.0);
}

TEST_F(EditorTest, ChoiceAndFlagControlsEditTheRecipe) {
    for (const core::Algorithm& algorithm : m_window->registry().algorithms()) {
        SCOPED_TRACE(algorithm.id);
        DocumentState state = smallStateFor(algorithm);
        loadState(state);
        for (const core::ParamSpec& spec : algorithm.params) {
            SCOPED_TRACE(spec.key);
            if (spec.kind == core::ParamKind::Choice) {
                QComboBox* combo = m_window->parameterPanel()->choiceControl(spec.key);
                ASSERT_NE(combo, nullptr);
                const int next = (combo->currentIndex() + 1) % combo->count();
                combo->setCurrentIndex(next);
                emit combo->activated(next);
                ASSERT_TRUE(waitUpToDate());
                EXPECT_EQ(m_window->document()->state().recipe.params.at(spec.key), next);
            } else if (spec.kind == core::ParamKind::Flag) {
                auto* check = m_window->parameterPanel()->flagControl(spec.key);
                ASSERT_NE(check, nullptr);
                const double before = m_window->document()->state().recipe.params.at(spec.key);
                check->click();
                ASSERT_TRUE(waitUpToDate());
                EXPECT_EQ(m_window->document()->state().recipe.params.at(spec.key), 1.0 - before);
            }
        }
    }
}

TEST_F(EditorTest, UndoRestoresThePreviousMapByteForByteAndRedoReappliesIt) {
    const core::Recipe original = m_window->document()->state().recipe;
    const auto originalMap = copyOf(m_window->preview()->heightmap());
    ASSERT_TRUE(originalMap);

    nudge(m_window->parameterPanel()->numberControl("roughness")->slider());
    ASSERT_TRUE(waitUpToDate());
    const core::Recipe changed = m_window->document()->state().recipe;
    ASSERT_FALSE(changed == original);
    const auto changedMap = copyOf(m_window->preview()->heightmap());
    ASSERT_FALSE(*changedMap == *originalMap);

    m_window->document()->undoStack()->undo();
    ASSERT_TRUE(waitUpToDate());
    EXPECT_TRUE(m_window->document()->state().recipe == original);
    EXPECT_TRUE(*m_window->preview()->heightmap() == *originalMap);
    EXPECT_TRUE(*m_window->terrainView()->heightmap() == *originalMap);
    EXPECT_TRUE(*m_window->preview()->heightmap() == reference(original));

    m_window->document()->undoStack()->redo();
    ASSERT_TRUE(waitUpToDate());
    EXPECT_TRUE(m_window->document()->state().recipe == changed);
    EXPECT_TRUE(*m_window->preview()->heightmap() == *changedMap);
}

TEST_F(EditorTest, OneSliderDragIsOneUndoStep) {
    QUndoStack* stack = m_window->document()->undoStack();
    const int steps = stack->count();
    const double before = m_window->document()->state().recipe.params.at("roughness");
    QSlider* slider = m_window->parameterPanel()->numberControl("roughness")->slider();
    slider->setSliderDown(true);
    for (int i = 0; i < 20; ++i) {
        slider->setValue(slider->minimum() + (i * 7) % (slider->maximum() - slider->minimum()));
        QCoreApplication::processEvents();
    }
    slider->setValue(slider->maximum());
    slider->setSliderDown(false);
    ASSERT_TRUE(waitUpToDate());
    EXPECT_EQ(stack->count(), steps + 1);
    const core::ParamSpec* spec = core::findParam(
        m_window->registry().get("diamond-square").params, "roughness");
    EXPECT_DOUBLE_EQ(m_window->document()->state().recipe.params.at("roughness"), spec->max);

    stack->undo();
    ASSERT_TRUE(waitUpToDate());
    EXPECT_DOUBLE_EQ(m_window->document()->state().recipe.params.at("roughness"), before);
}

TEST_F(EditorTest, TwoHundredRapidChangesEndWithBothViewsShowingTheLastRecipe) {
    ParameterPanel* panel = m_window->parameterPanel();
    QSlider* roughness = panel->numberControl("roughness")->slider();
    for (int i = 0; i < 200; ++i) {
        if (i % 3 == 0) {
            panel->seedBox()->setValue(quint64(1000 + i));
        } else {
            roughness->setValue(roughness->minimum() +
                                (i * 37) % (roughness->maximum() - roughness->minimum() + 1));
        }
        // Let some requests reach the worker (and be cancelled) without waiting for them.
        if (i % 10 == 0) QCoreApplication::processEvents();
    }
    const DocumentState last = m_window->document()->state();
    ASSERT_TRUE(waitUpToDate());
    const core::Heightmap expected = reference(last.recipe);
    ASSERT_TRUE(m_window->preview()->heightmap());
    ASSERT_TRUE(m_window->terrainView()->heightmap());
    EXPECT_TRUE(*m_window->preview()->heightmap() == expected);
    EXPECT_TRUE(*m_window->terrainView()->heightmap() == expected);
    EXPECT_EQ(m_window->preview()->image(), referencePreview(expected, last.recipe, last.view));
    EXPECT_EQ(m_window->controller()->shownRequest(), m_window->controller()->latestRequest());
}

int distinctColours(const QImage& image) {
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2) {
        for (int x = 0; x < image.width(); x += 2) colours.insert(image.pixel(x, y));
    }
    return int(colours.size());
}

TEST_F(EditorTest, TerrainViewFramebufferShowsTheTerrainAndChangesWithTheMap) {
    render::TerrainView* view = m_window->terrainView();
    QCoreApplication::processEvents();
    const QImage first = view->grabFramebuffer();
    ASSERT_TRUE(view->renderError().isEmpty()) << view->renderError().toStdString();
    ASSERT_FALSE(first.isNull());
    EXPECT_GT(distinctColours(first), 20);

    m_window->parameterPanel()->seedBox()->setValue(99);
    ASSERT_TRUE(waitUpToDate());
    QCoreApplication::processEvents();
    const QImage second = view->grabFramebuffer();
    EXPECT_NE(first, second) << "the 3-D view did not change with the map";

    // A view setting changes the picture too (water plane, at a sea level half way up).
    m_window->viewControls()->waterCheck()->click();
    QDoubleSpinBox* sea = m_window->viewControls()->seaLevelControl()->spinBox();
    sea->setFocus();
    sea->selectAll();
    QTest::keyClicks(sea, QStringLiteral("50"));
    QTest::keyClick(sea, Qt::Key_Return);
    ASSERT_TRUE(waitUpToDate());
    QCoreApplication::processEvents();
    EXPECT_TRUE(view->waterEnabled());
    EXPECT_NE(view->grabFramebuffer(), second);
}

TEST_F(EditorTest, HeightmapExportIsByteIdenticalToTheCli) {
    DocumentState state = smallState();
    state.recipe.detail = 5;
    state.recipe.seed = 7;
    state.recipe.params["roughness"] = 0.5;
    loadState(state);

    struct Case {
        core::ExportFormat format;
        const char* name;
        const char* file;
    };
    for (const Case& c : {Case{core::ExportFormat::Png16, "png16", "a.png"},
                          Case{core::ExportFormat::Raw16, "raw16", "a.r16"},
                          Case{core::ExportFormat::Txt, "txt", "a.txt"}}) {
        SCOPED_TRACE(c.name);
        const QString editorFile = m_dir.filePath(QStringLiteral("editor-") + c.file);
        const QString cliFile = m_dir.filePath(QStringLiteral("cli-") + c.file);
        core::GameExportRequest request;
        request.format = c.format;
        request.mapping = core::HeightMapping::parse("world");  // the dialog's and CLI's default
        QFuture<HeightmapExportOutcome> future =
            m_window->exports()->exportHeightmapTo(editorFile, request);
        ASSERT_TRUE(QTest::qWaitFor([&] { return future.isFinished(); }, 60000));
        EXPECT_EQ(future.result().error, QString());
        EXPECT_TRUE(m_prompts.errors.isEmpty()) << m_prompts.errors.join('\n').toStdString();

        QProcess cli;
        cli.start(QStringLiteral(TERRAIN_CLI_PATH),
                  {"generate", "--algorithm", "diamond-square", "--detail", "5", "--seed", "7",
                   "--set", "roughness=0.5", "--output", cliFile, "--format", c.name});
        ASSERT_TRUE(cli.waitForFinished(60000));
        ASSERT_EQ(cli.exitCode(), 0) << cli.readAllStandardError().toStdString();

        const QByteArray editorBytes = readAll(editorFile);
        ASSERT_FALSE(editorBytes.isEmpty());
        EXPECT_EQ(editorBytes, readAll(cliFile));
    }
}

TEST_F(EditorTest, ExportIntoAMissingFolderReportsAnErrorAndWritesNothing) {
    const QString path = m_dir.filePath(QStringLiteral("no-such-folder/out.png"));
    QFuture<HeightmapExportOutcome> future =
        m_window->exports()->exportHeightmapTo(path, core::GameExportRequest{});
    ASSERT_TRUE(QTest::qWaitFor([&] { return future.isFinished(); }, 60000));
    EXPECT_FALSE(future.result().error.isEmpty());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !m_prompts.errors.isEmpty(); }, 10000));
    EXPECT_TRUE(m_prompts.errors.front().contains(QStringLiteral("Export failed")));
    EXPECT_FALSE(QFile::exists(path));
}

TEST_F(EditorTest, PreviewExportSavesWhatIsShown) {
    const QString path = m_dir.filePath(QStringLiteral("preview.png"));
    ASSERT_TRUE(m_window->exports()->savePreviewImage(path));
    QImage saved(path);
    EXPECT_EQ(saved.convertToFormat(QImage::Format_RGB32),
              m_window->preview()->image().convertToFormat(QImage::Format_RGB32));
    const QString viewPath = m_dir.filePath(QStringLiteral("view.png"));
    ASSERT_TRUE(m_window->exports()->saveTerrainViewImage(viewPath));
    EXPECT_FALSE(QImage(viewPath).isNull());
}

TEST_F(EditorTest, StatusBarShowsSizeRangeAndTheSampleUnderTheMouse) {
    const auto map = m_window->preview()->heightmap();
    ASSERT_TRUE(map);
    StatusPanel* status = m_window->statusPanel();
    EXPECT_EQ(status->sizeLabel()->text(), QStringLiteral("65 × 65"));
    // Metres from the recipe's world scale onto the document's height range.
    const DocumentState state = m_window->document()->state();
    core::GenerateContext context;
    const core::ResolvedMapping metres = core::resolveMapping(
        core::worldMapping(m_window->registry(), state.recipe, state.world().metresPerPixel, context), *map);
    const core::WorldUnits units = state.world().units();
    const core::MinMax range = core::minMax(*map);
    EXPECT_EQ(status->rangeLabel()->text(),
              QStringLiteral("min %1 m  max %2 m")
                  .arg(core::metresOf(metres, units, range.min), 0, 'f', 1)
                  .arg(core::metresOf(metres, units, range.max), 0, 'f', 1));
    EXPECT_FALSE(status->timeLabel()->text().isEmpty());

    render::PreviewWidget* preview = m_window->preview();
    const QPoint centre = preview->rect().center();
    const auto sample = preview->sampleAt(QPointF(centre));
    ASSERT_TRUE(sample.has_value());
    QTest::mouseMove(preview, centre);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !status->hoverLabel()->text().isEmpty(); }, 10000));
    const QString expected =
        QStringLiteral("x %1  y %2  h %3 m")
            .arg(sample->x())
            .arg(sample->y())
            .arg(core::metresOf(metres, units, map->at(sample->x(), sample->y())), 0, 'f', 2);
    EXPECT_EQ(status->hoverLabel()->text(), expected);
}

}  // namespace
}  // namespace terrain::app::testing
