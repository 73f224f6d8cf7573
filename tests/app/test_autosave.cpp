// Autosave without a window: when the recovery file is written (after a burst, at least every
// interval, only with unsaved changes), when it goes (save, undo to saved, reset, normal end),
// the session lock, and the restore offer.
#include "app/document/autosave.h"
#include "app/document/document.h"
#include "app/editor/prompts.h"
#include "app/document/recovery_offer.h"

#include "core/registry.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QMessageBox>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <gtest/gtest.h>

#include <pwd.h>
#include <unistd.h>

#include <memory>

namespace terrain::app {
namespace {

constexpr int kWait_ms = 10000;

class AutosaveTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(m_dir.isValid());
        m_folder = m_dir.filePath(QStringLiteral("recovery"));
        m_document = std::make_unique<Document>(defaultDocumentState(m_registry));
        m_document->reset(m_document->state(), m_dir.filePath(QStringLiteral("mine.terrain.json")));
    }

    std::unique_ptr<Autosave> makeAutosave(int quiet_ms, int interval_ms) {
        auto autosave = std::make_unique<Autosave>(m_registry, m_document.get(), m_folder);
        autosave->setTimings(quiet_ms, interval_ms);
        return autosave;
    }

    // One undoable change of the seed; `mergeKey` makes consecutive ones one step (a drag).
    void editSeed(quint64 seed, const QString& mergeKey = {}) {
        DocumentState next = m_document->state();
        next.recipe.seed = seed;
        m_document->edit(next, QStringLiteral("seed"), mergeKey);
    }

    // A recovery file as a killed editor leaves it: written, its lock held by a process that is
    // gone (a PID that just exited).
    QString plantOrphan(const DocumentState& state, const QString& documentPath,
                        const QString& name = QStringLiteral("session-dead")) {
        QDir().mkpath(m_folder);
        const QString path = QDir(m_folder).filePath(name + QLatin1String(kRecoverySuffix));
        writeRecoveryFile(m_registry, path, state, documentPath);
        QProcess gone;
        gone.start(QStringLiteral("true"));
        EXPECT_TRUE(gone.waitForStarted(kWait_ms));
        const qint64 pid = gone.processId();
        EXPECT_TRUE(gone.waitForFinished(kWait_ms));
        QFile lock(path + QStringLiteral(".lock"));
        EXPECT_TRUE(lock.open(QIODevice::WriteOnly));
        lock.write(QByteArray::number(pid) + "\nterrain-editor\n" +
                   QSysInfo::machineHostName().toUtf8() + "\n");
        return path;
    }

    core::Registry m_registry = core::makeBuiltinRegistry();
    QTemporaryDir m_dir;
    QString m_folder;
    std::unique_ptr<Document> m_document;
};

TEST_F(AutosaveTest, WritesTheDocumentAfterABurstOnlyWhenModified) {
    auto autosave = makeAutosave(100, 600000);
    ASSERT_TRUE(autosave->isActive());
    QTest::qWait(300);
    EXPECT_FALSE(QFile::exists(autosave->recoveryPath())) << "a clean document is not autosaved";

    editSeed(77);
    EXPECT_FALSE(QFile::exists(autosave->recoveryPath())) << "written before the burst ended";
    ASSERT_TRUE(QTest::qWaitFor([&] { return QFile::exists(autosave->recoveryPath()); }, kWait_ms));
    const Recovery recovery = readRecoveryFile(m_registry, autosave->recoveryPath());
    EXPECT_TRUE(recovery.state == m_document->state());
    EXPECT_EQ(recovery.documentPath, m_document->filePath());
    EXPECT_TRUE(recovery.savedAt.isValid());
    EXPECT_TRUE(autosave->recoveryPath().startsWith(m_folder));
    EXPECT_EQ(autosave->writeCount(), 1);

    QTest::qWait(400);  // nothing new: nothing written again
    EXPECT_EQ(autosave->writeCount(), 1);
}

TEST_F(AutosaveTest, ASliderDragIsOneBurstAndTheLastStateIsKept) {
    // The drag's steps come much faster than the quiet time (generous for a loaded machine).
    auto autosave = makeAutosave(1500, 600000);
    for (quint64 seed = 10; seed < 30; ++seed) {
        editSeed(seed, QStringLiteral("drag"));
        QTest::qWait(20);
        EXPECT_EQ(autosave->writeCount(), 0) << "written in the middle of the drag";
    }
    ASSERT_TRUE(QTest::qWaitFor([&] { return autosave->writeCount() > 0; }, kWait_ms));
    QTest::qWait(500);
    EXPECT_EQ(autosave->writeCount(), 1);
    EXPECT_EQ(readRecoveryFile(m_registry, autosave->recoveryPath()).state.recipe.seed, 29u);
}

TEST_F(AutosaveTest, ALongBurstIsSavedEveryInterval) {
    auto autosave = makeAutosave(60000, 200);  // never quiet long enough
    for (quint64 seed = 1; seed <= 40; ++seed) {
        editSeed(1000 + seed, QStringLiteral("drag"));
        QTest::qWait(30);
    }
    EXPECT_GE(autosave->writeCount(), 2);
    ASSERT_TRUE(QFile::exists(autosave->recoveryPath()));
    // At most one interval of edits is missing from the file.
    EXPECT_GT(readRecoveryFile(m_registry, autosave->recoveryPath()).state.recipe.seed,
              1000u + 30u);
}

TEST_F(AutosaveTest, SaveNowWritesOnlyUnsavedChanges) {
    auto autosave = makeAutosave(600000, 600000);
    autosave->saveNow();
    EXPECT_EQ(autosave->writeCount(), 0);
    editSeed(5);
    autosave->saveNow();
    EXPECT_EQ(autosave->writeCount(), 1);
    autosave->saveNow();
    EXPECT_EQ(autosave->writeCount(), 1);
}

TEST_F(AutosaveTest, TheFileGoesOnSaveUndoToSavedResetAndANormalEnd) {
    auto autosave = makeAutosave(600000, 600000);
    const QString path = autosave->recoveryPath();
    auto written = [&] {
        autosave->saveNow();
        return QFile::exists(path);
    };

    editSeed(2);
    ASSERT_TRUE(written());
    m_document->markSaved(m_document->filePath());  // File ▸ Save
    EXPECT_FALSE(QFile::exists(path));

    editSeed(3);
    ASSERT_TRUE(written());
    m_document->undoStack()->undo();  // back to what is saved
    EXPECT_FALSE(m_document->isModified());
    EXPECT_FALSE(QFile::exists(path));

    editSeed(4);
    ASSERT_TRUE(written());
    // New / Open with the changes discarded.
    m_document->reset(defaultDocumentState(m_registry), QString());
    EXPECT_FALSE(QFile::exists(path));
    autosave->saveNow();
    EXPECT_FALSE(QFile::exists(path));

    editSeed(5);
    ASSERT_TRUE(written());
    autosave.reset();  // the editor closes normally
    EXPECT_FALSE(QFile::exists(path));
    EXPECT_FALSE(QFile::exists(path + QStringLiteral(".lock")));
}

TEST_F(AutosaveTest, ARunningEditorsFileIsNeverClaimedButADeadOnesIs) {
    auto autosave = makeAutosave(600000, 600000);
    editSeed(9);
    autosave->saveNow();
    ASSERT_TRUE(QFile::exists(autosave->recoveryPath()));
    EXPECT_TRUE(claimOrphanedRecoveries(m_folder).empty()) << "took a running session's file";
    // However long the editor has been running (QLockFile's default calls a lock older than
    // 30 s stale).
    {
        QFile lock(autosave->recoveryPath() + QStringLiteral(".lock"));
        ASSERT_TRUE(lock.open(QIODevice::ReadWrite));
        ASSERT_TRUE(lock.setFileTime(QDateTime::currentDateTime().addSecs(-7200),
                                     QFileDevice::FileModificationTime));
    }
    EXPECT_TRUE(claimOrphanedRecoveries(m_folder).empty()) << "took a long-running session's file";

    // A second editor running at the same time has its own file.
    Document other(defaultDocumentState(m_registry));
    Autosave second(m_registry, &other, m_folder);
    EXPECT_NE(second.recoveryPath(), autosave->recoveryPath());

    DocumentState lost = m_document->state();
    lost.recipe.seed = 4242;
    const QString orphan = plantOrphan(lost, QStringLiteral("/somewhere/lost.terrain.json"));
    {
        std::vector<OrphanedRecovery> claimed = claimOrphanedRecoveries(m_folder);
        ASSERT_EQ(claimed.size(), 1u);
        EXPECT_EQ(claimed.front().path(), orphan);
        // While this process holds it, nobody else can claim it.
        QLockFile again(orphan + QStringLiteral(".lock"));
        again.setStaleLockTime(0);
        EXPECT_FALSE(again.tryLock(0));
    }
    // Released (the user said Later): claimable again, the file kept.
    EXPECT_TRUE(QFile::exists(orphan));
    EXPECT_EQ(claimOrphanedRecoveries(m_folder).size(), 1u);
}

TEST_F(AutosaveTest, RestoreKeepsThePathMarksModifiedAndRemovesTheOrphan) {
    auto autosave = makeAutosave(600000, 600000);
    DocumentState lost = m_document->state();
    lost.recipe.seed = 31337;
    lost.view.hillshade = !lost.view.hillshade;
    const QString original = m_dir.filePath(QStringLiteral("ridge.terrain.json"));
    const QString orphan = plantOrphan(lost, original);

    int asked = 0;
    const RecoveryOutcome outcome = offerRecovery(
        m_registry, m_document.get(), autosave.get(), m_folder,
        [&](const Recovery& recovery) {
            ++asked;
            EXPECT_EQ(recovery.documentPath, original);
            EXPECT_TRUE(recovery.state == lost);
            EXPECT_TRUE(describeRecovery(recovery).contains(QStringLiteral("ridge.terrain.json")));
            return RecoveryChoice::Restore;
        },
        nullptr);
    EXPECT_EQ(outcome, RecoveryOutcome::Restored);
    EXPECT_EQ(asked, 1);
    EXPECT_TRUE(m_document->state() == lost);
    EXPECT_EQ(m_document->filePath(), original);
    EXPECT_TRUE(m_document->isModified());
    EXPECT_EQ(m_document->undoStack()->count(), 0);
    EXPECT_FALSE(QFile::exists(orphan));
    // The restored work is already in this session's own recovery file.
    ASSERT_TRUE(QFile::exists(autosave->recoveryPath()));
    EXPECT_TRUE(readRecoveryFile(m_registry, autosave->recoveryPath()).state == lost);
    // Nothing left to offer.
    EXPECT_EQ(offerRecovery(m_registry, m_document.get(), autosave.get(), m_folder,
                            [](const Recovery&) { return RecoveryChoice::Restore; }, nullptr),
              RecoveryOutcome::NothingToRecover);
}

TEST_F(AutosaveTest, DiscardDeletesLaterKeeps) {
    const DocumentState before = m_document->state();
    DocumentState lost = before;
    lost.recipe.seed = 99;
    const QString orphan = plantOrphan(lost, QString());
    auto ask = [](RecoveryChoice choice) {
        return [choice](const Recovery&) { return choice; };
    };

    EXPECT_EQ(offerRecovery(m_registry, m_document.get(), nullptr, m_folder,
                            ask(RecoveryChoice::Later), nullptr),
              RecoveryOutcome::Later);
    EXPECT_TRUE(QFile::exists(orphan));
    EXPECT_TRUE(m_document->state() == before);
    EXPECT_FALSE(m_document->isModified());

    EXPECT_EQ(offerRecovery(m_registry, m_document.get(), nullptr, m_folder,
                            ask(RecoveryChoice::Discard), nullptr),
              RecoveryOutcome::Discarded);
    EXPECT_FALSE(QFile::exists(orphan));
    EXPECT_FALSE(QFile::exists(orphan + QStringLiteral(".lock")));
    EXPECT_TRUE(m_document->state() == before);
}

TEST_F(AutosaveTest, TheDialogsButtonsAreTheChoices) {
    Recovery recovery;
    recovery.recoveryPath = m_dir.filePath(QStringLiteral("r") + QLatin1String(kRecoverySuffix));
    recovery.documentPath = m_dir.filePath(QStringLiteral("ridge.terrain.json"));
    recovery.savedAt = QDateTime::currentDateTime();
    const std::pair<QString, RecoveryChoice> cases[] = {
        {QStringLiteral("&Restore"), RecoveryChoice::Restore},
        {QStringLiteral("&Discard"), RecoveryChoice::Discard},
        {QStringLiteral("&Later"), RecoveryChoice::Later}};
    for (const auto& [label, choice] : cases) {
        QString text;
        QTimer clicker;
        QObject::connect(&clicker, &QTimer::timeout, [&, label = label] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (!box) return;
            text = box->text();
            for (QAbstractButton* button : box->buttons()) {
                if (button->text() == label) button->click();
            }
        });
        clicker.start(20);
        EXPECT_EQ(askRecoveryDialog(nullptr, recovery), choice) << label.toStdString();
        EXPECT_TRUE(text.contains(QStringLiteral("ridge.terrain.json"))) << text.toStdString();
    }
}

class ErrorRecorder : public Prompts {
public:
    void showError(const QString& title, const QString& message) override {
        errors << title + QStringLiteral(": ") + message;
    }
    void showReport(const QString&, const QString&) override {}
    SaveChoice askSaveChanges(const QString&) override { return SaveChoice::Cancel; }
    QString askOpenPath(const QString&, const QString&, const QString&) override { return {}; }
    QString askSavePath(const QString&, const QString&, const QString&) override { return {}; }
    QStringList errors;
};

TEST_F(AutosaveTest, ADamagedRecoveryFileIsReportedAndSetAside) {
    const QString orphan = plantOrphan(m_document->state(), QString());
    QFile file(orphan);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("{\"format\": \"terrain-editor-recovery\", \"version\": 1, \"documentPath\": 3}");
    file.close();
    ErrorRecorder prompts;
    bool asked = false;
    EXPECT_EQ(offerRecovery(m_registry, m_document.get(), nullptr, m_folder,
                            [&](const Recovery&) {
                                asked = true;
                                return RecoveryChoice::Restore;
                            },
                            &prompts),
              RecoveryOutcome::NothingToRecover);
    EXPECT_FALSE(asked);
    ASSERT_EQ(prompts.errors.size(), 1);
    EXPECT_TRUE(prompts.errors.front().contains(QStringLiteral("documentPath")))
        << prompts.errors.front().toStdString();
    EXPECT_FALSE(QFile::exists(orphan));
    EXPECT_TRUE(QFile::exists(orphan + QStringLiteral(".unreadable")));
}

TEST_F(AutosaveTest, AFailedWriteIsReportedAndTheEditorGoesOn) {
    auto autosave = makeAutosave(600000, 600000);
    ASSERT_TRUE(QDir().mkpath(autosave->recoveryPath()));  // a folder where the file should go
    QStringList failures;
    QObject::connect(autosave.get(), &Autosave::failed,
                     [&](const QString& message) { failures << message; });
    editSeed(8);
    autosave->saveNow();
    ASSERT_EQ(failures.size(), 1);
    EXPECT_TRUE(failures.front().contains(QFileInfo(autosave->recoveryPath()).fileName()))
        << failures.front().toStdString();
    EXPECT_EQ(autosave->writeCount(), 0);
    editSeed(9);
    autosave->saveNow();
    EXPECT_EQ(failures.size(), 1) << "the same failure is said once";

    ASSERT_TRUE(QDir(autosave->recoveryPath()).removeRecursively());  // space again
    autosave->saveNow();
    EXPECT_EQ(autosave->writeCount(), 1);
    ASSERT_TRUE(QFile::remove(autosave->recoveryPath()));
    ASSERT_TRUE(QDir().mkpath(autosave->recoveryPath()));
    editSeed(10);
    autosave->saveNow();
    EXPECT_EQ(failures.size(), 2) << "a new failure after a success is said again";
}

TEST_F(AutosaveTest, GoneEditorsWithNothingToRecoverLeaveNothingBehind) {
    auto running = makeAutosave(600000, 600000);  // a running editor with a clean document
    const QString orphan = plantOrphan(m_document->state(), QString(), QStringLiteral("session-a"));
    const QString cleanGone =
        plantOrphan(m_document->state(), QString(), QStringLiteral("session-b"));
    ASSERT_TRUE(QFile::remove(cleanGone));  // killed while its document was clean: only the lock
    QFile temporary(orphan + QStringLiteral(".Ab12Cd"));  // an interrupted write
    ASSERT_TRUE(temporary.open(QIODevice::WriteOnly));
    temporary.close();

    const std::vector<OrphanedRecovery> claimed = claimOrphanedRecoveries(m_folder);
    ASSERT_EQ(claimed.size(), 1u);
    EXPECT_EQ(claimed.front().path(), orphan);
    EXPECT_FALSE(QFile::exists(cleanGone + QStringLiteral(".lock")));
    EXPECT_FALSE(QFile::exists(temporary.fileName()));
    EXPECT_TRUE(QFile::exists(running->recoveryPath() + QStringLiteral(".lock")))
        << "a running editor's lock was taken";
}

TEST(TestIsolation, TestsAndTheProgramsTheyStartNeverSeeTheUsersHome) {
    // app_test_main gives the tests (and, through the environment, every editor they start) a
    // home of their own.
    const passwd* user = getpwuid(getuid());
    ASSERT_NE(user, nullptr);
    const QString realHome = QDir(QString::fromLocal8Bit(user->pw_dir)).canonicalPath();
    for (const auto location :
         {QStandardPaths::GenericConfigLocation, QStandardPaths::AppDataLocation,
          QStandardPaths::GenericDataLocation, QStandardPaths::CacheLocation}) {
        const QString path = QStandardPaths::writableLocation(location);
        EXPECT_FALSE(path.startsWith(realHome + QLatin1Char('/'))) << path.toStdString();
    }
    for (const char* variable : {"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"}) {
        const QString value = QDir(qEnvironmentVariable(variable)).canonicalPath();
        EXPECT_FALSE(value.isEmpty()) << variable;
        EXPECT_NE(value, realHome) << variable;
        EXPECT_FALSE(value.startsWith(realHome + QLatin1Char('/'))) << variable;
    }
    EXPECT_EQ(defaultRecoveryFolder().startsWith(realHome + QLatin1Char('/')), false);
}

}  // namespace
}  // namespace terrain::app
