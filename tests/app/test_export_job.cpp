// The export pieces behind the dialog: the background job (the same bytes whether or not the map
// was on screen, a clear message for an unwritable folder, a preset's files and settings), and
// core's refusals in the dialog's words.
#include "app/export/export_dialog.h"
#include "app/export/export_plan.h"
#include "app/export/heightmap_export.h"

#include "core/cancel.h"
#include "core/errors.h"
#include "core/registry.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

namespace terrain::app {
namespace {

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString finish(QFuture<HeightmapExportOutcome> future) {
    EXPECT_TRUE(QTest::qWaitFor([&] { return future.isFinished(); }, 120000));
    return future.result().error;
}

const core::EnginePreset& presetNamed(const char* id) { return core::findEnginePreset(id); }

TEST(HeightmapExport, WithoutAShownMapTheJobGeneratesTheSameBytes) {
    const core::Registry registry = core::makeBuiltinRegistry();
    core::Recipe recipe = core::defaultRecipe(registry, "diamond-square");
    recipe.detail = 6;
    recipe.seed = 11;
    QTemporaryDir dir;

    HeightmapExportJob shown;
    shown.recipe = recipe;
    shown.map = std::make_shared<const core::Heightmap>(
        core::generate(registry, recipe, core::GenerateContext{}));
    shown.request.output = toFilesystemPath(dir.filePath("shown.pgm"));
    shown.request.format = core::ExportFormat::Pgm;
    EXPECT_EQ(finish(startHeightmapExport(registry, shown)), QString());

    HeightmapExportJob pending = shown;
    pending.map.reset();
    pending.request.output = toFilesystemPath(dir.filePath("pending.pgm"));
    EXPECT_EQ(finish(startHeightmapExport(registry, pending)), QString());

    const QByteArray bytes = readAll(dir.filePath("shown.pgm"));
    EXPECT_FALSE(bytes.isEmpty());
    EXPECT_EQ(bytes, readAll(dir.filePath("pending.pgm")));
}

TEST(HeightmapExport, AnUnwritableFolderGivesAMessageAndNoFile) {
    const core::Registry registry = core::makeBuiltinRegistry();
    QTemporaryDir dir;
    HeightmapExportJob job;
    job.recipe = core::defaultRecipe(registry, "diamond-square");
    job.recipe.detail = 4;
    job.request.output = toFilesystemPath(dir.filePath("missing/out.r16"));
    job.request.format = core::ExportFormat::Raw16;
    EXPECT_FALSE(finish(startHeightmapExport(registry, job)).isEmpty());
    EXPECT_FALSE(QFile::exists(dir.filePath("missing/out.r16")));
}

TEST(HeightmapExport, APresetExportReportsItsFilesAndEngineSettings) {
    const core::Registry registry = core::makeBuiltinRegistry();
    QTemporaryDir dir;
    HeightmapExportJob job;
    job.recipe = core::defaultRecipe(registry, "diamond-square");
    job.recipe.detail = 6;  // 65 x 65
    job.request.output = toFilesystemPath(dir.filePath("u.r16"));
    job.request.preset = &presetNamed("unity");
    job.request.world = WorldSize{2.0, 0.0, 250.0}.units();
    job.request.tiles = core::TileLayout{2, 2, 1, 0, 0};
    QFuture<HeightmapExportOutcome> future = startHeightmapExport(registry, job);
    ASSERT_EQ(finish(future), QString());
    const HeightmapExportOutcome outcome = future.result();
    EXPECT_EQ(outcome.files.size(), 4);
    EXPECT_TRUE(outcome.files.front().endsWith(QStringLiteral("u_x0_y0.r16")));
    EXPECT_EQ(outcome.width, 33);
    EXPECT_TRUE(outcome.engineSettings.contains(QStringLiteral("Terrain Size Y: 250")))
        << outcome.engineSettings.toStdString();
    EXPECT_TRUE(outcome.engineSettings.contains(QStringLiteral("Width: 33")));
}

// ----- the logic behind it ----------------------------------------------------------------------

// core's refusal of `request` for a map of `source` samples, in the dialog's words.
QString refusalShown(const core::GameExportRequest& request, QSize source) {
    try {
        core::checkGameExport(request, source.width(), source.height());
        return QString();
    } catch (const core::InputError& e) {
        return dialogMessage(e);
    }
}

TEST(ExportPlan, CoreMessagesNameTheDialogsFields) {
    core::GameExportRequest request;
    request.output = "x.r16";
    request.preset = &presetNamed("unity");
    EXPECT_EQ(refusalShown(request, QSize(8193, 8193)).toStdString(),
              "Output size: '8193x8193' is not allowed; expected Unity (Engine preset unity) needs "
              "a square of 2^n+1 samples from 33x33 to 4097x4097; try Output size 4097 × 4097, "
              "bicubic resample (or centred crop)");
    // Cropping cannot enlarge the map, so it is not offered for a size larger than the map.
    EXPECT_EQ(refusalShown(request, QSize(100, 60)).toStdString(),
              "Output size: '100x60' is not allowed; expected Unity (Engine preset unity) needs "
              "a square of 2^n+1 samples from 33x33 to 4097x4097; try Output size 129 × 129, "
              "bicubic resample");
    request.format = core::ExportFormat::Exr;
    EXPECT_EQ(refusalShown(request, QSize(129, 129)).toStdString(),
              "Format: 'exr' is not allowed; expected raw16 for Engine preset unity");

    request = core::GameExportRequest{};
    request.output = "x.png";
    request.size = core::OutputSize{600, 600};
    request.resize = core::ResizeMode::Crop;
    EXPECT_EQ(refusalShown(request, QSize(513, 513)).toStdString(),
              "Output size: '600x600' is not allowed; expected at most the map's size 513x513 "
              "with centred crop (use bicubic resample to enlarge)");
    request.size.reset();
    request.tiles = core::TileLayout{3, 3, 1, 0, 0};
    EXPECT_TRUE(refusalShown(request, QSize(513, 513))
                    .endsWith(QStringLiteral("; change Output size or Shared border")))
        << refusalShown(request, QSize(513, 513)).toStdString();
    request.tiles.reset();
    request.world.loMetres = 5.0;
    request.world.hiMetres = 1.0;
    EXPECT_TRUE(refusalShown(request, QSize(65, 65)).startsWith(QStringLiteral("Height low/high: '5:1'")))
        << refusalShown(request, QSize(65, 65)).toStdString();
    // The exporters' own checks: memory for the output size, and a crop larger than the map.
    request.world = core::WorldUnits{};
    request.size = core::OutputSize{core::kMaxOutputSide, core::kMaxOutputSide};
    request.resize = core::ResizeMode::Bicubic;
    ExportSettings huge;
    huge.path = QStringLiteral("x.png");
    huge.request = request;
    const QString memory = previewExport(huge, QSize(65, 65)).error;
    EXPECT_TRUE(memory.startsWith(QStringLiteral("Output size of 65536x65536 samples would need ")))
        << memory.toStdString();
    EXPECT_FALSE(memory.contains(QStringLiteral("--"))) << memory.toStdString();
    try {
        core::cropCentre(core::Heightmap(9, 9), 12, 5);
        ADD_FAILURE() << "expected InputError";
    } catch (const core::InputError& e) {
        EXPECT_TRUE(dialogMessage(e).endsWith(QStringLiteral("(use bicubic resample to enlarge)")))
            << dialogMessage(e).toStdString();
    }
    request.size.reset();
    request.world.metresPerPixel = 0.0;
    EXPECT_TRUE(refusalShown(request, QSize(65, 65)).startsWith(QStringLiteral("Metres per pixel: '0'")))
        << refusalShown(request, QSize(65, 65)).toStdString();
}

}  // namespace
}  // namespace terrain::app
