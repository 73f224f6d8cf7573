// File ▸ Import Heightmap (docs/importing.md) as a person uses it: the shortcut pressed while a spin
// box has focus, the dialog read and its OK clicked with the mouse, a file dropped on the window,
// undo, save and reopen with the file relative to the document, a file that went missing.
#include "editor_fixture.h"

#include "app/document/document.h"
#include "app/document/document_files.h"
#include "app/import/import_actions.h"
#include "app/import/import_dialog.h"
#include "app/editor/main_window.h"
#include "app/stack/stack_panel.h"
#include "core/io/export.h"
#include "core/io/import.h"
#include "core/io/tiff_reader.h"
#include "app/stack/parameter_panel.h"
#include "app/widgets/seed_spin_box.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QDropEvent>
#include <QFile>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QSpinBox>
#include <QTest>
#include <QTimer>
#include <QUrl>

#include <cmath>

namespace terrain::app::testing {
namespace {

constexpr int kWait_ms = 60000;

// A 257 x 257 float GeoTIFF of metres, 12.5 m apart, written by our exporter (georeferenced in our
// local frame, no sidecar): the samples as stored.
core::Heightmap writeDem(const QString& path) {
    core::Heightmap map(257, 257);
    for (int y = 0; y < 257; ++y)
        for (int x = 0; x < 257; ++x)
            map.at(x, y) = float(300.0 + 120.0 * std::sin(x * 0.05) * std::cos(y * 0.04) + 0.5 * x);
    core::ExportOptions options;
    options.format = core::ExportFormat::Tiff32;
    options.mapping.mode = core::HeightMapping::Mode::Normalize;
    options.world.metresPerPixel = 12.5;
    const core::MinMax mm = core::finiteMinMax(map);
    options.world.loMetres = mm.min;
    options.world.hiMetres = mm.max;
    core::exportHeightmap(map, path.toStdString(), options);
    return core::readTiff32(path.toStdString());
}

// Runs `act` on the import dialog once it is open (importFile shows it modally; a drop opens it
// after the drop returns), looking every 20 ms for at most 10 s.
void onImportDialog(const std::function<void(ImportDialog&)>& act, int tries = 500) {
    QTimer::singleShot(20, [act, tries] {
        if (auto* dialog = qobject_cast<ImportDialog*>(QApplication::activeModalWidget())) {
            act(*dialog);
        } else if (tries > 0) {
            onImportDialog(act, tries - 1);
        } else {
            ADD_FAILURE() << "no import dialog open";
        }
    });
}

void clickOk(ImportDialog& dialog) {
    QPushButton* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    ASSERT_TRUE(ok->isEnabled()) << dialog.errorText().toStdString();
    QTest::mouseClick(ok, Qt::LeftButton);
}

}  // namespace

TEST_F(EditorTest, ImportingAFileMakesItTheBaseInItsMetresAsOneUndoStep) {
    const QString dem = m_dir.filePath(QStringLiteral("dem.tif"));
    const core::Heightmap written = writeDem(dem);
    const core::Recipe before = m_window->document()->state().recipe;
    m_prompts.openPath = dem;
    bool shown = false;
    onImportDialog([&](ImportDialog& dialog) {
        shown = true;
        const std::string info = dialog.infoText().toStdString();
        EXPECT_NE(info.find("257 × 257 samples of float32"), std::string::npos) << info;
        EXPECT_NE(info.find("12.5 × 12.5 m between samples"), std::string::npos) << info;
        EXPECT_NE(info.find("3200 m"), std::string::npos) << info;
        EXPECT_TRUE(dialog.errorText().isEmpty()) << dialog.errorText().toStdString();
        if (const QByteArray keep = qgetenv("TERRAIN_TEST_SHOTS"); !keep.isEmpty()) {
            dialog.grab().save(QString::fromLocal8Bit(keep) + QStringLiteral("/import-dialog.png"));
        }
        clickOk(dialog);
    });
    // Ctrl+Shift+I while the seed spin box has focus.
    QWidget* focus = m_window->parameterPanel()->seedBox();
    m_window->activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(m_window.get()));
    focus->setFocus(Qt::OtherFocusReason);
    ASSERT_TRUE(QTest::qWaitFor([focus] { return focus->hasFocus(); }, 2000));
    QTest::keyClick(focus, Qt::Key_I, Qt::ControlModifier | Qt::ShiftModifier);
    ASSERT_TRUE(QTest::qWaitFor([&] { return shown; }, kWait_ms));
    const core::Recipe& recipe = m_window->document()->state().recipe;
    ASSERT_EQ(recipe.algorithm, "import");
    EXPECT_EQ(recipe.detail, 8);
    EXPECT_DOUBLE_EQ(recipe.world.extentMetres, 3200.0);
    ASSERT_TRUE(waitUpToDate());
    // The map on screen is the file, bit for bit (raw heights are its metres).
    const auto& result = m_window->shownResult();
    ASSERT_TRUE(result.has_value());
    ASSERT_EQ(result->map->width(), 257);
    for (int y = 0; y < 257; ++y)
        for (int x = 0; x < 257; ++x) ASSERT_EQ(result->map->at(x, y), written.at(x, y)) << x << "," << y;
    if (const QByteArray keep = qgetenv("TERRAIN_TEST_SHOTS"); !keep.isEmpty()) {
        m_window->grab().save(QString::fromLocal8Bit(keep) + QStringLiteral("/import-base.png"));
    }
    // The file goes missing: the base entry says so (no dialog at every change), the map stays.
    ASSERT_TRUE(QFile::rename(dem, dem + QStringLiteral(".moved")));
    DocumentState next = m_window->document()->state();
    next.recipe.seed = 4;
    m_window->document()->edit(next, QStringLiteral("seed"));
    StackPanel* stack = m_window->stackPanel();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !stack->errorOp().isEmpty(); }, kWait_ms));
    EXPECT_EQ(stack->errorOp(), QStringLiteral("base"));
    EXPECT_TRUE(stack->errorLabel()->text().contains(QStringLiteral("dem.tif"))) << stack->errorLabel()->text().toStdString();
    EXPECT_TRUE(m_prompts.errors.isEmpty()) << m_prompts.errors.join(QLatin1Char('\n')).toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !m_window->controller()->busy(); }, kWait_ms));
    // Two undo steps back to the terrain before.
    m_window->document()->undoStack()->undo();
    m_window->document()->undoStack()->undo();
    EXPECT_EQ(m_window->document()->state().recipe, before);
    EXPECT_TRUE(waitUpToDate());
}

TEST_F(EditorTest, AFileDroppedOnTheWindowBecomesALayerAndItsDocumentKeepsItRelative) {
    loadState(smallState());
    const QString dem = m_dir.filePath(QStringLiteral("maps/dem.tif"));
    ASSERT_TRUE(QDir(m_dir.path()).mkpath(QStringLiteral("maps")));
    writeDem(dem);
    bool shown = false;
    onImportDialog([&](ImportDialog& dialog) {
        shown = true;
        auto* use = dialog.findChild<QComboBox*>(QStringLiteral("importUse"));
        use->setFocus();
        QTest::keyClick(use, Qt::Key_Down);  // "A layer on top of the stack"
        ASSERT_EQ(use->currentIndex(), 1);
        auto* blend = dialog.findChild<QComboBox*>(QStringLiteral("importBlend"));
        EXPECT_TRUE(blend->isEnabled());
        blend->setCurrentIndex(int(core::BlendMode::Max));
        clickOk(dialog);
    });
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(dem)});
    const QPoint centre = m_window->rect().center();
    QDragEnterEvent enter(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_window.get(), &enter);
    EXPECT_TRUE(enter.isAccepted());
    QDropEvent drop(QPointF(centre), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_window.get(), &drop);
    ASSERT_TRUE(QTest::qWaitFor([&] { return shown; }, kWait_ms));
    const core::Recipe recipe = m_window->document()->state().recipe;
    ASSERT_EQ(recipe.operations.size(), 1u);
    EXPECT_EQ(recipe.operations[0].type, "import");
    EXPECT_EQ(recipe.operations[0].blend, core::BlendMode::Max);
    EXPECT_EQ(recipe.operations[0].name, "dem.tif");
    ASSERT_TRUE(waitUpToDate());
    EXPECT_TRUE(m_prompts.errors.isEmpty()) << m_prompts.errors.join(QLatin1Char('\n')).toStdString();

    // Saved: the file relative to the document; reopened: the same recipe.
    const QString document = m_dir.filePath(QStringLiteral("land.terrain.json"));
    ASSERT_TRUE(m_window->files()->saveTo(document));
    QFile saved(document);
    ASSERT_TRUE(saved.open(QIODevice::ReadOnly));
    const QByteArray text = saved.readAll();
    EXPECT_TRUE(text.contains("\"file\": \"maps/dem.tif\"")) << text.toStdString();
    ASSERT_TRUE(m_window->files()->openFile(document));
    EXPECT_EQ(m_window->document()->state().recipe, recipe);

    // The file goes missing: the error is on the entry (no dialog), the last good map stays, and
    // the editor goes on.
    ASSERT_TRUE(QFile::remove(dem));
    DocumentState next = m_window->document()->state();
    next.recipe.seed = 99;
    m_window->document()->edit(next, QStringLiteral("seed"));
    StackPanel* stack = m_window->stackPanel();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !stack->errorOp().isEmpty(); }, kWait_ms));
    EXPECT_EQ(stack->errorOp().toStdString(), recipe.operations[0].id);
    EXPECT_TRUE(stack->errorLabel()->text().contains(QStringLiteral("dem.tif"))) << stack->errorLabel()->text().toStdString();
    EXPECT_TRUE(stack->errorLabel()->text().contains(QStringLiteral("No such file"))) << stack->errorLabel()->text().toStdString();
    EXPECT_TRUE(m_prompts.errors.isEmpty()) << m_prompts.errors.join(QLatin1Char('\n')).toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !m_window->controller()->busy(); }, kWait_ms));
    loadState(smallState());
    EXPECT_TRUE(m_window->isUpToDate());
}

TEST_F(EditorTest, AnImageTheDialogCannotUseSaysWhyAndOkStaysOff) {
    // An 8-bit PNG without our sidecar: its codes need a range.
    const QString png = m_dir.filePath(QStringLiteral("sketch.png"));
    QImage image(64, 64, QImage::Format_Grayscale8);
    image.fill(128);
    ASSERT_TRUE(image.save(png));
    bool shown = false;
    onImportDialog([&](ImportDialog& dialog) {
        shown = true;
        QPushButton* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        EXPECT_FALSE(ok->isEnabled());
        EXPECT_TRUE(dialog.errorText().contains(QStringLiteral("height range for uint8 codes"))) << dialog.errorText().toStdString();
        // "Codes to a range", 0 to 250 m: usable.
        auto* height = dialog.findChild<QComboBox*>(QStringLiteral("importHeight"));
        height->setCurrentIndex(2);
        auto* hi = dialog.findChild<QDoubleSpinBox*>(QStringLiteral("importHi"));
        auto* lo = dialog.findChild<QDoubleSpinBox*>(QStringLiteral("importLo"));
        lo->setValue(0.0);
        hi->setValue(250.0);
        emit hi->editingFinished();
        EXPECT_TRUE(ok->isEnabled()) << dialog.errorText().toStdString();
        EXPECT_TRUE(dialog.infoText().contains(QStringLiteral("125.49 m"))) << dialog.infoText().toStdString();  // 128/255 x 250
        // A width in metres sets the spacing: 64 samples over 630 m are 10 m apart.
        auto* width = dialog.findChild<QDoubleSpinBox*>(QStringLiteral("importWidth"));
        width->setValue(630.0);
        emit width->editingFinished();
        EXPECT_TRUE(dialog.infoText().contains(QStringLiteral("10 × 10 m between samples (given)"))) << dialog.infoText().toStdString();
        QTest::mouseClick(dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Cancel), Qt::LeftButton);
    });
    const core::Recipe before = m_window->document()->state().recipe;
    EXPECT_FALSE(m_window->imports()->importFile(png));
    EXPECT_TRUE(shown);
    EXPECT_EQ(m_window->document()->state().recipe, before);
}

}  // namespace terrain::app::testing
