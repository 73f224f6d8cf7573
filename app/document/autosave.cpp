#include "app/document/autosave.h"

#include "app/document/document.h"
#include "app/document/document_format.h"
#include "app/editor/error_text.h"

#include "core/errors.h"
#include "core/io/untrusted_file.h"
#include "core/json_input.h"

#include <nlohmann/json.hpp>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QSaveFile>
#include <QStandardPaths>
#include <QUuid>

#include <exception>

namespace terrain::app {

namespace {

using nlohmann::json;

constexpr const char* kRecoveryFormatName = "terrain-editor-recovery";
constexpr int kRecoveryFormatVersion = 1;

QString lockPathFor(const QString& recoveryPath) { return recoveryPath + QStringLiteral(".lock"); }

std::unique_ptr<QLockFile> makeLock(const QString& recoveryPath) {
    auto lock = std::make_unique<QLockFile>(lockPathFor(recoveryPath));
    // Only a dead owner makes a lock stale: by default QLockFile also calls a lock older than
    // 30 s stale, and an editor runs for hours.
    lock->setStaleLockTime(0);
    return lock;
}

std::string utf8(const QString& text) { return text.toUtf8().toStdString(); }

}  // namespace

QString defaultRecoveryFolder() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("recovery"));
}

void writeRecoveryFile(const core::Registry& registry, const QString& recoveryPath,
                       const DocumentState& state, const QString& documentPath) {
    json file = {{"format", kRecoveryFormatName},
                 {"version", kRecoveryFormatVersion},
                 {"documentPath", utf8(documentPath)},
                 {"savedAt", utf8(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs))},
                 {"document", documentToJson(registry, state)}};
    const QByteArray bytes = QByteArray::fromStdString(file.dump(2) + "\n");
    QSaveFile out(recoveryPath);
    if (!out.open(QIODevice::WriteOnly)) {
        throw core::IoError(core::IoError::Kind::CannotCreate,
                            "cannot create " + utf8(recoveryPath) + ": " + utf8(out.errorString()));
    }
    if (out.write(bytes) != bytes.size() || !out.commit()) {
        throw core::IoError(core::IoError::Kind::WriteFailed,
                            "cannot write " + utf8(recoveryPath) + ": " + utf8(out.errorString()));
    }
}

Recovery readRecoveryFile(const core::Registry& registry, const QString& recoveryPath) {
    const json file = json::parse(core::readUntrustedFile(QFile::encodeName(recoveryPath).toStdString(),
                                                          core::kMaxRecipeBytes, "recovery file", "recovery file"),
                                  nullptr, false);
    if (file.is_discarded() || !file.is_object()) {
        throw core::InputError("recovery file", utf8(recoveryPath), "a JSON object");
    }
    if (file.value("format", json()) != kRecoveryFormatName) {
        throw core::InputError("format", core::jsonForMessage(file.value("format", json())),
                               std::string("\"") + kRecoveryFormatName + "\"");
    }
    if (file.value("version", json()) != kRecoveryFormatVersion) {
        throw core::InputError("version", core::jsonForMessage(file.value("version", json())),
                               std::to_string(kRecoveryFormatVersion));
    }
    const json path = file.value("documentPath", json());
    if (!path.is_string()) throw core::InputError("documentPath", core::jsonForMessage(path), "a string");
    if (!file.contains("document")) throw core::InputError("document", "(missing)", "a document");

    Recovery recovery;
    recovery.recoveryPath = recoveryPath;
    recovery.documentPath = QString::fromStdString(path.get<std::string>());
    recovery.savedAt = QDateTime::fromString(
        QString::fromStdString(core::stringMember(file, "savedAt")), Qt::ISODateWithMs);
    if (!recovery.savedAt.isValid()) recovery.savedAt = QFileInfo(recoveryPath).lastModified();
    recovery.state = documentFromJson(registry, file.at("document"));
    return recovery;
}

Autosave::Autosave(const core::Registry& registry, Document* document, const QString& folder,
                   QObject* parent)
    : QObject(parent), m_registry(registry), m_document(document), m_folder(folder) {
    m_quiet.setSingleShot(true);
    m_quiet.setInterval(kDefaultQuiet_ms);
    m_interval.setInterval(kDefaultInterval_ms);
    connect(&m_quiet, &QTimer::timeout, this, &Autosave::saveNow);
    connect(&m_interval, &QTimer::timeout, this, &Autosave::saveNow);
    connect(m_document, &Document::stateChanged, this, &Autosave::noteChange);
    connect(m_document, &Document::modifiedChanged, this, &Autosave::onModifiedChanged);

    const QString id = QStringLiteral("session-%1-%2")
                           .arg(QCoreApplication::applicationPid())
                           .arg(QUuid::createUuid().toString(QUuid::Id128).left(12));
    m_recoveryPath = QDir(folder).filePath(id + QLatin1String(kRecoverySuffix));
    if (!QDir().mkpath(folder)) return;
    auto lock = makeLock(m_recoveryPath);
    if (lock->tryLock(0)) m_lock = std::move(lock);
}

Autosave::~Autosave() {
    removeRecoveryFile();
    if (m_lock) m_lock->unlock();
}

void Autosave::setTimings(int quiet_ms, int interval_ms) {
    m_quiet.setInterval(quiet_ms);
    m_interval.setInterval(interval_ms);
}

void Autosave::noteChange() {
    ++m_changes;
    if (!m_document->isModified()) return;  // reset() changes the state of a clean document
    m_quiet.start();
    if (!m_interval.isActive()) m_interval.start();
}

void Autosave::onModifiedChanged(bool modified) {
    if (modified) {
        noteChange();
        return;
    }
    // Saved, discarded or undone to the saved state: nothing left to recover.
    m_quiet.stop();
    m_interval.stop();
    m_written = m_changes;
    removeRecoveryFile();
}

void Autosave::saveNow() {
    m_quiet.stop();
    if (!m_document->isModified() || m_written == m_changes) {
        m_interval.stop();  // started again by the next change
        return;
    }
    if (!m_lock) {
        if (m_failing) return;
        m_failing = true;
        emit failed(tr("Unsaved changes cannot be kept for recovery: the folder %1 cannot be "
                       "locked.")
                        .arg(QDir::toNativeSeparators(m_folder)));
        return;
    }
    try {
        writeRecoveryFile(m_registry, m_recoveryPath, m_document->state(), m_document->filePath());
    } catch (...) {
        // Said once, not after every burst, until a write succeeds again.
        if (!m_failing) {
            m_failing = true;
            emit failed(tr("Unsaved changes could not be kept for recovery: %1")
                            .arg(currentErrorText()));
        }
        return;
    }
    m_failing = false;
    m_written = m_changes;
    ++m_writeCount;
    emit saved(m_recoveryPath);
}

void Autosave::removeRecoveryFile() {
    if (m_lock && QFile::exists(m_recoveryPath)) QFile::remove(m_recoveryPath);
}

OrphanedRecovery::OrphanedRecovery(QString path, std::unique_ptr<QLockFile> lock)
    : m_path(std::move(path)), m_lock(std::move(lock)) {}
OrphanedRecovery::OrphanedRecovery(OrphanedRecovery&&) noexcept = default;
OrphanedRecovery& OrphanedRecovery::operator=(OrphanedRecovery&&) noexcept = default;
OrphanedRecovery::~OrphanedRecovery() {
    if (m_lock) m_lock->unlock();
}

QDateTime OrphanedRecovery::modified() const { return QFileInfo(m_path).lastModified(); }

void OrphanedRecovery::remove() {
    QFile::remove(m_path);
    if (m_lock) m_lock->unlock();  // removes the lock file
    m_lock.reset();
}

namespace {

// A write interrupted by the crash may leave QSaveFile's temporary (<name>.XXXXXX) behind.
void removeTemporaries(const QDir& dir, const QString& recoveryName) {
    const QStringList leftovers =
        dir.entryList({recoveryName + QStringLiteral(".*")}, QDir::Files | QDir::Hidden);
    for (const QString& name : leftovers) {
        if (!name.endsWith(QLatin1String(".lock")) &&
            !name.endsWith(QLatin1String(".unreadable"))) {
            QFile::remove(dir.filePath(name));
        }
    }
}

}  // namespace

std::vector<OrphanedRecovery> claimOrphanedRecoveries(const QString& folder) {
    std::vector<OrphanedRecovery> orphans;
    const QDir dir(folder);
    const QString suffix = QLatin1String(kRecoverySuffix);
    // Sessions that are gone with nothing to recover (killed while their document was clean)
    // leave only their lock: swept, so the folder does not fill up with them.
    const QStringList locks =
        dir.entryList({QStringLiteral("*") + suffix + QStringLiteral(".lock")}, QDir::Files);
    for (const QString& lockName : locks) {
        const QString recoveryName = lockName.chopped(int(qstrlen(".lock")));
        if (dir.exists(recoveryName)) continue;
        auto lock = makeLock(dir.filePath(recoveryName));
        if (!lock->tryLock(0)) continue;  // a running editor's
        removeTemporaries(dir, recoveryName);
        lock->unlock();  // removes the lock file
    }
    const QStringList names =
        dir.entryList({QStringLiteral("*") + suffix}, QDir::Files, QDir::Time);  // newest first
    for (const QString& name : names) {
        const QString path = dir.filePath(name);
        auto lock = makeLock(path);
        // Taken only when no running editor holds it: a dead owner's lock is stale.
        if (!lock->tryLock(0)) continue;
        removeTemporaries(dir, name);
        orphans.emplace_back(path, std::move(lock));
    }
    return orphans;
}

}  // namespace terrain::app
