// No exception reaches std::terminate: jobs that throw (generation of a bad document, an export
// to a path that cannot be written or with a field that cannot be used, a failing comparison,
// seed thumbnails of a bad recipe) are reported in the window, naming the field for bad input,
// and the editor goes on working.
#include "editor_fixture.h"
#include "escaped_errors.h"

#include "app/compare/compare_analysis.h"
#include "app/document/document.h"
#include "app/editor/error_text.h"
#include "app/export/export_actions.h"
#include "app/compare/seed_variations.h"

#include "core/errors.h"

#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QThread>
#include <QTimer>
#include <QTest>
#include <QToolButton>

#include <stdexcept>

namespace terrain::app::testing {
namespace {

constexpr int kWait_ms = 60000;

QString textOf(auto&& thrower) {
    try {
        thrower();
    } catch (...) {
        return currentErrorText();
    }
    return {};
}

TEST(ErrorText, NamesInputFieldsInTheEditorsWordsAndNeverThrows) {
    const QString input =
        textOf([] { throw core::InputError(core::field::kSize, "0x0", "a size"); });
    EXPECT_TRUE(input.contains(QStringLiteral("Output size"))) << input.toStdString();
    EXPECT_FALSE(input.contains(QStringLiteral("--size"))) << input.toStdString();
    EXPECT_EQ(textOf([] { throw std::runtime_error("disk on fire"); }),
              QStringLiteral("disk on fire"));
    EXPECT_FALSE(textOf([] { throw 42; }).isEmpty());
}

// A document whose recipe core refuses: roughness far outside its range.
DocumentState badState(const DocumentState& good) {
    DocumentState bad = good;
    bad.recipe.params["roughness"] = 99.0;
    return bad;
}

TEST_F(EditorTest, AFailedGenerationNamesTheFieldAndTheEditorGoesOn) {
    m_window->document()->reset(badState(smallState()), QString());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !m_prompts.errors.isEmpty(); }, kWait_ms));
    const QString error = m_prompts.errors.front();
    EXPECT_TRUE(error.contains(QStringLiteral("Generation failed"))) << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("roughness"))) << error.toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !m_window->controller()->busy(); }, kWait_ms));

    m_prompts.errors.clear();
    loadState(smallState());  // still working: the next document is generated and shown
    EXPECT_TRUE(m_window->isUpToDate());
    EXPECT_TRUE(m_prompts.errors.isEmpty());
}

TEST_F(EditorTest, AnExportThatCannotBeWrittenIsReportedAndTheEditorGoesOn) {
    // The folder of the output is a file: nothing can be created there.
    const QString notAFolder = m_dir.filePath(QStringLiteral("plain-file"));
    {
        QFile file(notAFolder);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    }
    QFuture<HeightmapExportOutcome> future = m_window->exports()->exportHeightmapTo(
        notAFolder + QStringLiteral("/out.png"), core::GameExportRequest{});
    ASSERT_TRUE(QTest::qWaitFor([&] { return !m_prompts.errors.isEmpty(); }, kWait_ms));
    EXPECT_TRUE(m_prompts.errors.front().contains(QStringLiteral("Export failed")));
    EXPECT_FALSE(future.result().error.isEmpty());

    // A field the export cannot use is named by the dialog's label, not the CLI's flag.
    m_prompts.errors.clear();
    core::GameExportRequest request;
    request.targetTriangles = 1;
    future = m_window->exports()->exportHeightmapTo(m_dir.filePath(QStringLiteral("mesh.obj")),
                                                    request);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !m_prompts.errors.isEmpty(); }, kWait_ms));
    const QString error = m_prompts.errors.front();
    EXPECT_TRUE(error.contains(QStringLiteral("Triangle target"))) << error.toStdString();
    EXPECT_FALSE(error.contains(QStringLiteral("--triangles"))) << error.toStdString();

    // Still working.
    DocumentState next = m_window->document()->state();
    next.recipe.seed = 5;
    m_window->document()->edit(next, QStringLiteral("seed"));
    EXPECT_TRUE(waitUpToDate());
}

TEST_F(EditorTest, SeedThumbnailsOfABadRecipeSayWhyAndTheWindowGoesOn) {
    m_window->document()->reset(badState(smallState()), QString());
    SeedVariationsWindow* variations = m_window->openSeedVariations();
    auto* info = variations->findChild<QLabel*>();
    ASSERT_NE(info, nullptr);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            const auto labels = variations->findChildren<QLabel*>();
            return std::any_of(labels.begin(), labels.end(), [](const QLabel* label) {
                return label->text().contains(QStringLiteral("roughness"));
            });
        },
        kWait_ms))
        << "the window never said which field is wrong";
    const auto buttons = variations->findChildren<QToolButton*>();
    EXPECT_TRUE(std::any_of(buttons.begin(), buttons.end(), [](const QToolButton* button) {
        return button->text().contains(QStringLiteral("failed"));
    }));

    m_prompts.errors.clear();
    loadState(smallState());
    ASSERT_TRUE(QTest::qWaitFor([&] { return variations->allCurrent(); }, kWait_ms));
}

TEST(CompareAnalyzerErrors, AThrowingAnalysisIsDeliveredAsAnError) {
    int calls = 0;
    CompareAnalyzer analyzer(nullptr, [&calls](const CompareInput& input, quint64 job) {
        if (++calls == 1) throw core::InputError(core::field::kSize, "0x0", "a size");
        return analyseComparison(input, job);
    });
    QSignalSpy ready(&analyzer, &CompareAnalyzer::ready);
    analyzer.submit(CompareInput{});
    ASSERT_TRUE(ready.wait(kWait_ms));
    const auto failed = ready.takeFirst().at(0).value<CompareOutput>();
    EXPECT_TRUE(failed.error.contains(QStringLiteral("Output size"))) << failed.error.toStdString();

    analyzer.submit(CompareInput{});  // the analyzer still works
    ASSERT_TRUE(ready.wait(kWait_ms));
    EXPECT_TRUE(ready.takeFirst().at(0).value<CompareOutput>().error.isEmpty());
}

bool waitForEscaped(const QString& text) {
    QStringList seen;
    const bool found = QTest::qWaitFor(
        [&] {
            seen << takeEscapedErrors();
            return seen.join('\n').contains(text);
        },
        kWait_ms);
    EXPECT_TRUE(found) << "caught: " << seen.join('\n').toStdString();
    return found;
}

TEST(EditorApplicationLastResort, AnExceptionFromASlotIsReportedAndEventsGoOn) {
    takeEscapedErrors();
    QTimer::singleShot(0, qApp, [] { throw std::runtime_error("slot on fire"); });
    ASSERT_TRUE(waitForEscaped(QStringLiteral("slot on fire")));

    // On a worker thread's event loop too, with the field named in the editor's words.
    QThread worker;
    QObject onWorker;
    onWorker.moveToThread(&worker);
    worker.start();
    QMetaObject::invokeMethod(
        &onWorker, [] { throw core::InputError(core::field::kTiles, "0x3", "tiles"); },
        Qt::QueuedConnection);
    ASSERT_TRUE(waitForEscaped(QStringLiteral("Tiles")));
    bool stillRunning = false;
    QMetaObject::invokeMethod(
        &onWorker, [&] { stillRunning = true; }, Qt::BlockingQueuedConnection);
    EXPECT_TRUE(stillRunning);
    worker.quit();
    worker.wait();

    bool delivered = false;
    QTimer::singleShot(0, qApp, [&] { delivered = true; });
    EXPECT_TRUE(QTest::qWaitFor([&] { return delivered; }, kWait_ms));
}

}  // namespace
}  // namespace terrain::app::testing
