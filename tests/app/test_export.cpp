// The export pieces without the window: the background job and the dialog's checks.
#include "app/export_dialog.h"
#include "app/heightmap_export.h"

#include "core/cancel.h"
#include "core/registry.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
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
    shown.path = toFilesystemPath(dir.filePath("shown.pgm"));
    shown.options.format = core::ExportFormat::Pgm;
    EXPECT_EQ(finish(startHeightmapExport(registry, shown)), QString());

    HeightmapExportJob pending = shown;
    pending.map.reset();
    pending.path = toFilesystemPath(dir.filePath("pending.pgm"));
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
    job.path = toFilesystemPath(dir.filePath("missing/out.r16"));
    job.options.format = core::ExportFormat::Raw16;
    EXPECT_FALSE(finish(startHeightmapExport(registry, job)).isEmpty());
    EXPECT_FALSE(QFile::exists(dir.filePath("missing/out.r16")));
}

TEST(ExportDialog, ReturnsTheChosenFormatMappingAndPath) {
    ExportDialog dialog(QStringLiteral("/tmp/terrain/heightmap.png"));
    const auto combos = dialog.findChildren<QComboBox*>();
    const auto limits = dialog.findChildren<QDoubleSpinBox*>();
    auto* path = dialog.findChild<QLineEdit*>();
    ASSERT_EQ(combos.size(), 2);
    ASSERT_EQ(limits.size(), 2);
    ASSERT_NE(path, nullptr);

    QComboBox* format = combos[0];
    format->setCurrentIndex(format->findData(int(core::ExportFormat::Raw16)));
    EXPECT_EQ(path->text(), QStringLiteral("/tmp/terrain/heightmap.r16"));  // extension follows
    combos[1]->setCurrentIndex(1);  // clamp
    limits[0]->setValue(-2.0);
    limits[1]->setValue(3.0);

    const ExportSettings settings = dialog.settings();
    EXPECT_EQ(settings.options.format, core::ExportFormat::Raw16);
    EXPECT_EQ(settings.options.mapping.mode, core::HeightMapping::Mode::Clamp);
    EXPECT_FLOAT_EQ(settings.options.mapping.lo, -2.0f);
    EXPECT_FLOAT_EQ(settings.options.mapping.hi, 3.0f);
    EXPECT_EQ(settings.path, QStringLiteral("/tmp/terrain/heightmap.r16"));

    // High not above Low: the dialog stays open.
    limits[1]->setValue(-5.0);
    dialog.accept();
    EXPECT_NE(dialog.result(), QDialog::Accepted);
    limits[1]->setValue(5.0);
    dialog.accept();
    EXPECT_EQ(dialog.result(), QDialog::Accepted);
}

}  // namespace
}  // namespace terrain::app
