// The real editor (build/bin/terrain-editor) under the test's X display with a home of its own:
// edits by keyboard, the autosave, SIGKILL, a restart, the restore offer, and the restored
// document equal to the edited one at its own path.
//
// Set TERRAIN_RECOVERY_SCREENSHOT=FILE.png to save a picture of the screen with the offer.
#include "x11_session.h"

#include "app/document/autosave.h"
#include "app/document/document_format.h"

#include "core/registry.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <signal.h>

#include <functional>
#include <optional>

namespace terrain::app::testing {
namespace {

constexpr int kWait_ms = 60000;

class RecoveryProcessTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(m_home.isValid());
        ASSERT_TRUE(m_x11.connected()) << "no X display: run under xvfb-run";
        const QDir home(m_home.path());
        m_environment = QProcessEnvironment::systemEnvironment();
        m_environment.insert(QStringLiteral("HOME"), home.path());
        m_environment.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(".config"));
        m_environment.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(".local/share"));
        m_environment.insert(QStringLiteral("XDG_CACHE_HOME"), home.filePath(".cache"));
        m_environment.insert(QStringLiteral("XDG_STATE_HOME"), home.filePath(".local/state"));
        // Where the editor's QStandardPaths::AppDataLocation puts its recovery folder.
        m_recovery =
            home.filePath(QStringLiteral(".local/share/TerrainEditor/terrain-editor/recovery"));
    }

    void TearDown() override {
        for (auto& editor : m_editors) {
            if (editor->state() != QProcess::NotRunning) {
                editor->kill();
                editor->waitForFinished(kWait_ms);
            }
        }
    }

    QProcess* startEditor(const QStringList& arguments) {
        m_editors.push_back(std::make_unique<QProcess>());
        QProcess* editor = m_editors.back().get();
        editor->setProcessEnvironment(m_environment);
        editor->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        editor->start(QStringLiteral(TERRAIN_EDITOR_PATH), arguments);
        EXPECT_TRUE(editor->waitForStarted(kWait_ms));
        return editor;
    }

    X11Session::Window waitForWindow(QProcess* editor, const QString& title) {
        X11Session::Window found;
        (void)QTest::qWaitFor(
            [&] {
                found = m_x11.findWindow(editor->processId(), title);
                return found.id != 0;
            },
            kWait_ms);
        return found;
    }

    QStringList recoveryFiles() const {
        return QDir(m_recovery).entryList({QStringLiteral("*") + QLatin1String(kRecoverySuffix)},
                                          QDir::Files);
    }

    // The seed in the only recovery file, once `accept` takes it.
    std::optional<quint64> waitForRecoveredSeed(const std::function<bool(quint64)>& accept) {
        std::optional<quint64> seed;
        (void)QTest::qWaitFor(
            [&] {
                const QStringList files = recoveryFiles();
                if (files.size() != 1) return false;
                try {
                    const quint64 s =
                        readRecoveryFile(m_registry, QDir(m_recovery).filePath(files.front()))
                            .state.recipe.seed;
                    if (!accept(s)) return false;
                    seed = s;
                    return true;
                } catch (const std::exception&) {
                    return false;
                }
            },
            kWait_ms);
        return seed;
    }

    core::Registry m_registry = core::makeBuiltinRegistry();
    QTemporaryDir m_home;
    X11Session m_x11;
    QProcessEnvironment m_environment;
    QString m_recovery;
    std::vector<std::unique_ptr<QProcess>> m_editors;
};

TEST_F(RecoveryProcessTest, AKilledEditorsEditsAreOfferedAndRestoredAtTheNextStart) {
    DocumentState original = defaultDocumentState(m_registry);
    original.recipe.detail = 6;
    original.recipe.seed = 1;
    const QString document = QDir(m_home.path()).filePath(QStringLiteral("field.terrain.json"));
    saveDocumentFile(m_registry, original, document);

    // 1. Edit by keyboard: New Seed twice, Undo once. Each burst reaches the recovery file.
    QProcess* first = startEditor({document});
    const X11Session::Window window = waitForWindow(first, QStringLiteral("field.terrain.json"));
    ASSERT_NE(window.id, 0u) << "the editor's window never appeared";
    EXPECT_TRUE(recoveryFiles().isEmpty()) << "an unmodified document was autosaved";

    ASSERT_TRUE(m_x11.key(window.id, QStringLiteral("ctrl+r")));
    const std::optional<quint64> seed1 = waitForRecoveredSeed([](quint64 s) { return s != 1; });
    ASSERT_TRUE(seed1) << "the first edit was never autosaved";
    ASSERT_TRUE(m_x11.key(window.id, QStringLiteral("ctrl+r")));
    const std::optional<quint64> seed2 =
        waitForRecoveredSeed([&](quint64 s) { return s != 1 && s != *seed1; });
    ASSERT_TRUE(seed2) << "the second edit was never autosaved";
    ASSERT_TRUE(m_x11.key(window.id, QStringLiteral("ctrl+z")));
    ASSERT_TRUE(waitForRecoveredSeed([&](quint64 s) { return s == *seed1; }))
        << "the undo was never autosaved";
    EXPECT_NE(waitForWindow(first, QStringLiteral("field.terrain.json*")).id, 0u)
        << "the window does not show the document as modified";

    // 2. The editor dies without a chance to clean up.
    ::kill(pid_t(first->processId()), SIGKILL);
    ASSERT_TRUE(first->waitForFinished(kWait_ms));
    ASSERT_EQ(recoveryFiles().size(), 1);

    // 3. The next start offers the work back.
    QProcess* second = startEditor({});
    const X11Session::Window offer = waitForWindow(second, QStringLiteral("Recover Unsaved Work"));
    ASSERT_NE(offer.id, 0u) << "no restore offer after the crash";
    const QString screenshot = qEnvironmentVariable("TERRAIN_RECOVERY_SCREENSHOT");
    if (!screenshot.isEmpty()) {
        QTest::qWait(1500);  // the main window behind it paints its map
        const X11Session::Window main = waitForWindow(second, QStringLiteral("Untitled"));
        EXPECT_TRUE(m_x11.grabScreen(main.id).save(screenshot));
    }
    ASSERT_TRUE(m_x11.key(offer.id, QStringLiteral("Return")));  // Restore is the default

    // 4. Restored at its own path, marked modified; Save writes the edited state there.
    const X11Session::Window restored =
        waitForWindow(second, QStringLiteral("field.terrain.json* — Terrain Editor"));
    ASSERT_NE(restored.id, 0u) << "the restored document is not the modified field.terrain.json";
    ASSERT_TRUE(m_x11.key(restored.id, QStringLiteral("ctrl+s")));
    DocumentState expected = original;
    expected.recipe.seed = *seed1;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            try {
                return loadDocumentFile(m_registry, document) == expected;
            } catch (const std::exception&) {
                return false;
            }
        },
        kWait_ms))
        << "the saved document is not the edited state";
    // Saved: nothing left to recover, neither the old session's file nor this one's.
    EXPECT_TRUE(QTest::qWaitFor([&] { return recoveryFiles().isEmpty(); }, kWait_ms))
        << recoveryFiles().join(' ').toStdString();

    // 5. A normal end leaves no lock behind.
    ASSERT_TRUE(m_x11.key(restored.id, QStringLiteral("ctrl+q")));
    ASSERT_TRUE(second->waitForFinished(kWait_ms));
    EXPECT_EQ(second->exitStatus(), QProcess::NormalExit);
    EXPECT_EQ(second->exitCode(), 0);
    EXPECT_TRUE(QDir(m_recovery).entryList(QDir::Files).isEmpty())
        << QDir(m_recovery).entryList(QDir::Files).join(' ').toStdString();
}

TEST_F(RecoveryProcessTest, ARunningEditorsWorkIsNotOfferedToASecondEditor) {
    DocumentState original = defaultDocumentState(m_registry);
    original.recipe.detail = 6;
    const QString document = QDir(m_home.path()).filePath(QStringLiteral("busy.terrain.json"));
    saveDocumentFile(m_registry, original, document);
    QProcess* first = startEditor({document});
    const X11Session::Window window = waitForWindow(first, QStringLiteral("busy.terrain.json"));
    ASSERT_NE(window.id, 0u);
    ASSERT_TRUE(m_x11.key(window.id, QStringLiteral("ctrl+r")));
    ASSERT_TRUE(waitForRecoveredSeed([&](quint64 s) { return s != original.recipe.seed; }));

    QProcess* second = startEditor({});
    ASSERT_NE(waitForWindow(second, QStringLiteral("Terrain Editor")).id, 0u);
    QTest::qWait(3000);  // the offer would come right after the window
    EXPECT_EQ(m_x11.findWindow(second->processId(), QStringLiteral("Recover")).id, 0u)
        << "the second editor offered the first one's work";
    EXPECT_EQ(recoveryFiles().size(), 1);
}

}  // namespace
}  // namespace terrain::app::testing
