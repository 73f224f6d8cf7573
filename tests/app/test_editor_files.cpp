// Documents in the window: open, save, unsaved-changes question, bad files keep the document.
#include "editor_fixture.h"

#include "app/document/document.h"
#include "app/document/document_files.h"
#include "app/document/document_format.h"
#include "app/stack/parameter_panel.h"
#include "app/widgets/slider_spin.h"

#include "render/preview_widget.h"

#include <QFile>
#include <QImage>
#include <QProcess>
#include <QSlider>

#include <nlohmann/json.hpp>

#include <sys/stat.h>

#include <utility>
#include <vector>

namespace terrain::app::testing {
namespace {

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

class EditorFilesTest : public EditorTest {
protected:
    // Makes an unsaved change and returns the state after it.
    DocumentState changeSomething() {
        QSlider* slider = m_window->parameterPanel()->numberControl("roughness")->slider();
        slider->setValue(slider->value() == slider->minimum() ? slider->maximum()
                                                              : slider->minimum());
        EXPECT_TRUE(waitUpToDate());
        EXPECT_TRUE(m_window->document()->isModified());
        return m_window->document()->state();
    }

    void expectOpenFailsAndKeepsDocument(const QByteArray& contents, const QString& mustMention) {
        const DocumentState current = changeSomething();
        const int undoSteps = m_window->document()->undoStack()->count();
        const auto shownMap = m_window->preview()->heightmap();
        const QString path = m_dir.filePath(QStringLiteral("bad.terrain.json"));
        writeFile(path, contents);
        m_prompts.errors.clear();
        m_prompts.saveChoice = Prompts::SaveChoice::Discard;

        EXPECT_FALSE(m_window->files()->openFile(path));
        ASSERT_EQ(m_prompts.errors.size(), 1);
        EXPECT_TRUE(m_prompts.errors.front().contains(mustMention))
            << m_prompts.errors.front().toStdString();
        EXPECT_TRUE(m_window->document()->state() == current);
        EXPECT_TRUE(m_window->document()->isModified());
        EXPECT_EQ(m_window->document()->undoStack()->count(), undoSteps);
        EXPECT_EQ(m_window->preview()->heightmap(), shownMap);
        EXPECT_TRUE(m_window->isUpToDate());
    }
};

TEST_F(EditorFilesTest, CorruptDocumentShowsAnErrorAndKeepsTheCurrentOne) {
    expectOpenFailsAndKeepsDocument("{ \"format\": \"terrain-editor-document\", \"vers",
                                    QStringLiteral("JSON"));
}

TEST_F(EditorFilesTest, ForeignJsonIsRefusedNamingTheField) {
    expectOpenFailsAndKeepsDocument("{\"name\": \"not a terrain\"}", QStringLiteral("format"));
}

TEST_F(EditorFilesTest, NewerFormatVersionIsRefused) {
    nlohmann::json json = documentToJson(m_window->registry(), smallState());
    json["version"] = kDocumentFormatVersion + 1;
    expectOpenFailsAndKeepsDocument(QByteArray::fromStdString(json.dump()),
                                    QStringLiteral("version"));
}

TEST_F(EditorFilesTest, OutOfRangeValuesAreRefusedNamingTheField) {
    nlohmann::json json = documentToJson(m_window->registry(), smallState());
    json["view"]["heightScale"] = 70;
    expectOpenFailsAndKeepsDocument(QByteArray::fromStdString(json.dump()),
                                    QStringLiteral("view.heightScale"));
    json = documentToJson(m_window->registry(), smallState());
    json["recipe"]["world"]["sea_level_m"] = 1e9;
    expectOpenFailsAndKeepsDocument(QByteArray::fromStdString(json.dump()),
                                    QStringLiteral("recipe.world.sea_level_m"));
    json = documentToJson(m_window->registry(), smallState());
    json["recipe"]["stack"][0]["params"]["roughness"] = 99;
    expectOpenFailsAndKeepsDocument(QByteArray::fromStdString(json.dump()),
                                    QStringLiteral("roughness"));
}

// A document is untrusted like any file: a FIFO named *.terrain.json blocked the GUI thread for
// good, a link to /dev/zero read gigabytes and ended in bad_alloc, and a 3 GB sparse file was
// read whole before the refusal. Each is refused at once, naming why, and the document stays.
TEST_F(EditorFilesTest, SpecialAndHugeFilesAreRefusedWithoutReadingThem) {
    const DocumentState current = changeSomething();
    m_prompts.saveChoice = Prompts::SaveChoice::Discard;
    const QString fifo = m_dir.filePath(QStringLiteral("fifo.terrain.json"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString zero = m_dir.filePath(QStringLiteral("zero.terrain.json"));
    ASSERT_TRUE(QFile::link(QStringLiteral("/dev/zero"), zero));
    const QString sparse = m_dir.filePath(QStringLiteral("sparse.terrain.json"));
    {
        QFile file(sparse);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        ASSERT_TRUE(file.resize(qint64(3) << 30));  // a hole: no disk used
    }
    const std::vector<std::pair<QString, QString>> cases{
        {fifo, QStringLiteral("this is a FIFO")},
        {zero, QStringLiteral("this is a device")},
        {sparse, QStringLiteral("3221225472 bytes; at most")},
    };
    for (const auto& [path, why] : cases) {
        m_prompts.errors.clear();
        EXPECT_FALSE(m_window->files()->openFile(path));
        ASSERT_EQ(m_prompts.errors.size(), 1);
        EXPECT_TRUE(m_prompts.errors.front().contains(why)) << m_prompts.errors.front().toStdString();
        EXPECT_TRUE(m_window->document()->state() == current);
    }
}

TEST_F(EditorFilesTest, SaveThenOpenRestoresTheDocument) {
    const DocumentState saved = changeSomething();
    const QString path = m_dir.filePath(QStringLiteral("mine.terrain.json"));
    ASSERT_TRUE(m_window->files()->saveTo(path));
    EXPECT_FALSE(m_window->document()->isModified());
    EXPECT_TRUE(m_window->windowTitle().contains(QStringLiteral("mine.terrain.json")));
    EXPECT_FALSE(m_window->isWindowModified());

    changeSomething();
    EXPECT_TRUE(m_window->isWindowModified());
    m_prompts.saveChoice = Prompts::SaveChoice::Discard;
    ASSERT_TRUE(m_window->files()->openFile(path));
    EXPECT_EQ(m_prompts.saveQuestions.size(), 1);
    EXPECT_TRUE(m_window->document()->state() == saved);
    EXPECT_FALSE(m_window->document()->isModified());
    ASSERT_TRUE(waitUpToDate());
    EXPECT_TRUE(*m_window->preview()->heightmap() == reference(saved.recipe));
    EXPECT_EQ(m_window->files()->recentFiles().value(0), path);
}

TEST_F(EditorFilesTest, CancellingTheUnsavedChangesQuestionKeepsEverything) {
    const DocumentState current = changeSomething();
    m_prompts.saveChoice = Prompts::SaveChoice::Cancel;
    EXPECT_FALSE(m_window->files()->newDocument());
    EXPECT_TRUE(m_window->document()->state() == current);
    EXPECT_TRUE(m_window->document()->isModified());
    EXPECT_FALSE(m_window->close());
    EXPECT_TRUE(m_window->isVisible());
}

TEST_F(EditorFilesTest, SaveChoiceSavesBeforeNew) {
    const DocumentState current = changeSomething();
    const QString path = m_dir.filePath(QStringLiteral("asked.terrain.json"));
    m_prompts.saveChoice = Prompts::SaveChoice::Save;
    m_prompts.savePath = path;
    ASSERT_TRUE(m_window->files()->newDocument());
    EXPECT_TRUE(loadDocumentFile(m_window->registry(), path) == current);
    EXPECT_TRUE(m_window->document()->state() == defaultDocumentState(m_window->registry()));
}

TEST_F(EditorFilesTest, CommandLineOpensAFileAndTakesAScreenshot) {
    DocumentState state = smallState();
    state.recipe.seed = 3;
    state.view.colorMap = render::ColorMap::Terrain;
    const QString document = m_dir.filePath(QStringLiteral("cli.terrain.json"));
    saveDocumentFile(m_window->registry(), state, document);
    const QString shot = m_dir.filePath(QStringLiteral("shot.png"));

    QProcess editor;
    editor.start(QStringLiteral(TERRAIN_EDITOR_PATH), {document, "--screenshot", shot});
    ASSERT_TRUE(editor.waitForFinished(120000));
    EXPECT_EQ(editor.exitCode(), 0) << editor.readAllStandardError().toStdString();
    const QImage image(shot);
    ASSERT_FALSE(image.isNull());
    EXPECT_GT(image.width(), 800);

    // A bad document: a message naming the field and a non-zero exit, no screenshot.
    const QString bad = m_dir.filePath(QStringLiteral("bad.terrain.json"));
    writeFile(bad, "{\"format\": \"terrain-editor-document\", \"version\": 7}");
    const QString noShot = m_dir.filePath(QStringLiteral("none.png"));
    editor.start(QStringLiteral(TERRAIN_EDITOR_PATH), {bad, "--screenshot", noShot});
    ASSERT_TRUE(editor.waitForFinished(120000));
    EXPECT_NE(editor.exitCode(), 0);
    EXPECT_TRUE(editor.readAllStandardError().contains("version"));
    EXPECT_FALSE(QFile::exists(noShot));
}

}  // namespace
}  // namespace terrain::app::testing
