#pragma once
// The editor never loses work: Autosave writes the document's unsaved changes to a recovery file
// after every edit burst (a short quiet time after the last change; a slider drag is one burst)
// and at least once a minute during long bursts, and removes it when the document becomes clean
// (saved, discarded, undone back to the saved state) or the editor closes normally.
//
// Each running editor owns one file, <folder>/session-<pid>-<id>.terrain-recovery.json, and holds
// the QLockFile <same name>.lock for as long as it runs. A recovery file whose lock can be taken
// belongs to an editor that is gone (crashed, killed): that is what the next start offers to
// restore. Two editors running at once never see each other's file as orphaned.
#include "app/document/document_state.h"

#include <QDateTime>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>
#include <vector>

class QLockFile;

namespace terrain::core {
class Registry;
}

namespace terrain::app {

class Document;

inline constexpr const char* kRecoverySuffix = ".terrain-recovery.json";

// <AppDataLocation>/recovery, e.g. ~/.local/share/TerrainEditor/terrain-editor/recovery.
QString defaultRecoveryFolder();

// What a recovery file holds: the document's state and its own file (empty for Untitled).
struct Recovery {
    QString recoveryPath;
    QString documentPath;
    QDateTime savedAt;
    DocumentState state;
};

// Written atomically (QSaveFile: temporary in the same folder, then rename); throws core::IoError.
void writeRecoveryFile(const core::Registry& registry, const QString& recoveryPath,
                       const DocumentState& state, const QString& documentPath);
// Throws core::IoError when unreadable, core::InputError naming the field when it is not a
// recovery file this editor can use.
Recovery readRecoveryFile(const core::Registry& registry, const QString& recoveryPath);

class Autosave : public QObject {
    Q_OBJECT

public:
    static constexpr int kDefaultQuiet_ms = 2000;
    static constexpr int kDefaultInterval_ms = 60000;

    // Takes this session's lock in `folder` (created if missing). Not owned: `document` must
    // outlive it.
    Autosave(const core::Registry& registry, Document* document, const QString& folder,
             QObject* parent = nullptr);
    // A normal end: the recovery file and the lock are removed.
    ~Autosave() override;

    void setTimings(int quiet_ms, int interval_ms);

    QString folder() const { return m_folder; }
    QString recoveryPath() const { return m_recoveryPath; }
    bool isActive() const { return m_lock != nullptr; }  // false when the lock could not be taken
    int writeCount() const { return m_writeCount; }

    // Writes the recovery file now if the document has changes it does not hold yet.
    void saveNow();

signals:
    void saved(const QString& recoveryPath);
    // The recovery file could not be written (the message names the file and the reason).
    // Emitted once until a write succeeds again.
    void failed(const QString& message);

private:
    void noteChange();
    void onModifiedChanged(bool modified);
    void removeRecoveryFile();

    const core::Registry& m_registry;
    Document* m_document;
    QString m_folder;
    QString m_recoveryPath;
    std::unique_ptr<QLockFile> m_lock;
    QTimer m_quiet;     // restarted by every change: fires when a burst is over
    QTimer m_interval;  // runs while there are changes: a long burst is saved every minute
    quint64 m_changes = 0;
    quint64 m_written = 0;
    int m_writeCount = 0;
    bool m_failing = false;  // a failure was reported and no write has succeeded since
};

// A recovery file left by an editor that is gone, with its lock now held by this process so no
// other editor offers it at the same time. Destroying it releases the lock and keeps the file.
class OrphanedRecovery {
public:
    OrphanedRecovery(QString path, std::unique_ptr<QLockFile> lock);
    OrphanedRecovery(OrphanedRecovery&&) noexcept;
    OrphanedRecovery& operator=(OrphanedRecovery&&) noexcept;
    ~OrphanedRecovery();

    const QString& path() const { return m_path; }
    QDateTime modified() const;
    // Deletes the file (restored or discarded) and its lock.
    void remove();

private:
    QString m_path;
    std::unique_ptr<QLockFile> m_lock;
};

// The recovery files in `folder` whose editors are gone, newest first. Also removes what gone
// editors left with nothing to recover (their locks) and their interrupted writes' temporaries.
std::vector<OrphanedRecovery> claimOrphanedRecoveries(const QString& folder);

}  // namespace terrain::app
