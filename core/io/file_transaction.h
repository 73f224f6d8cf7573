#pragma once
// All-or-nothing writes of several files (an image and its sidecar, a tile set, a sheet and its
// statistics, the saved recipe). Each file is first written in full to a temporary file in its
// target's folder (AtomicFile); commit() then puts every one in place, keeping the previous
// files aside until all are in place and restoring them if any step fails.
//
// Why each piece:
// - The commit holds an advisory lock (flock) on every folder it writes into, taken in sorted
//   order, so two exports to one path are serialised: the result is one complete set, never an
//   image with another run's sidecar.
// - Before the first rename each folder gets a journal (".terrain-commit-<pid>.journal",
//   written atomically) listing, by plain name, the temporary files in that folder and their
//   targets. A process killed between renames leaves the journals behind; the next commit into
//   a folder finds its journal (its owner is dead: it held the lock) and finishes that folder's
//   renames, so the folder ends with its complete new set. Until then the mismatch is
//   detectable: sidecars record their file's SHA-256 (terrain-cli verify). A commit killed
//   while it was still placing the journals of several folders can leave one folder finished
//   and another's temporary files removed as stale.
// - A folder may come from someone else, so a journal is untrusted input: it is run only if it
//   is a regular file of ours that nobody else may write, of a journal's size, and if it names
//   nothing but its own temporary files, backups and their targets directly inside its folder
//   (resolved through the folder's descriptor, never through a symlink). Anything else is left
//   in place and reported (refusedJournals()); docs/reliability.md has the threat model.
// - Temporary files and backups carry the writer's process id; the next commit into a folder
//   removes those whose process is gone (a kill -9 mid-export leaves nothing for long), except
//   those of a journal it refused.
// - A target that exists and is not a regular file (device, FIFO, socket, folder) is refused; a
//   symlink is followed and its target written, so the link survives.
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace terrain::core {

class FileTransaction {
public:
    FileTransaction() = default;
    // Without commit(): every staged temporary file is removed and the old files stay.
    ~FileTransaction();
    FileTransaction(const FileTransaction&) = delete;
    FileTransaction& operator=(const FileTransaction&) = delete;

    // Called by AtomicFile::commit() with a finished, synced temporary file for `target` (already
    // resolved by resolveOutputPath). Throws IoError when another file of this transaction has
    // the same target, or when `temp` is not in `target`'s folder (the journal names it there).
    // `sha256`: the file's SHA-256 when the writer computed it (see hashStagedFiles), else empty.
    void add(const std::filesystem::path& target, const std::filesystem::path& temp, std::string sha256 = {});

    // Asks each AtomicFile staged from now on to hash its file while it waits for its fsync (on a
    // second thread, from the page cache), for callers that will ask stagedSha256 for every file.
    void hashStagedFiles() { m_hashStaged = true; }
    bool hashesStagedFiles() const { return m_hashStaged; }

    // SHA-256 (hex) of what commit() will put at `target` (resolved the same way); throws
    // IoError when nothing is staged there.
    std::string stagedSha256(const std::filesystem::path& target) const;

    // Puts every staged file in place, or none: throws IoError (WriteFailed) after restoring the
    // previous files. Committing an empty transaction does nothing.
    void commit();

    std::size_t size() const { return m_entries.size(); }

    // After commit(): journals of interrupted commits found in the folders written that were
    // not run ("PATH: why"), for the caller to show; they are left as they are.
    const std::vector<std::string>& refusedJournals() const { return m_refusedJournals; }

    // Test seam: called before the index-th file is put in place; returning false makes that
    // step fail (as a full disk or a vanished folder would), so tests can check the rollback and,
    // by ending the process there, recovery from a kill between renames.
    void setBeforePlaceHookForTest(std::function<bool(std::size_t index)> hook) {
        m_beforePlaceForTest = std::move(hook);
    }

private:
    struct Entry {
        std::filesystem::path target;
        std::filesystem::path temp;
        std::string sha256;  // empty: hashed when asked
    };
    std::vector<Entry> m_entries;
    bool m_done = false;
    bool m_hashStaged = false;
    std::function<bool(std::size_t)> m_beforePlaceForTest;
    std::vector<std::string> m_refusedJournals;
};

// Where a write to `target` must go: symlinks followed to the file they name; throws IoError
// (CannotCreate) naming the path when it names a folder or an existing file that is not a
// regular file (device, FIFO, socket).
std::filesystem::path resolveOutputPath(const std::filesystem::path& target);

// The name of a temporary or backup file of ours for `target`'s file name, with this process's
// id: ".NAME.tmp-PID-" / ".NAME.old-PID-" (mkstemp's XXXXXX follow).
std::string stagingPrefix(const std::filesystem::path& target, const char* kind);

// What front ends say of a refused journal, before its "PATH: why".
inline constexpr const char* kRefusedJournalNote =
    "left alone a commit journal found in the folder that may not be run here (docs/reliability.md): ";

struct CleanupReport {
    int removed = 0;                            // stale files removed, journals finished
    std::vector<std::string> refusedJournals;  // "PATH: why", each left as it is
};

// Removes our temporary and backup files in `folder` whose process is gone, after finishing any
// interrupted commit's journal found there. A journal that may not be run is left in place with
// the files of its process and reported. Called by commit() with the folder locked; exposed for
// tests and the fuzz target.
CleanupReport cleanStaleFiles(const std::filesystem::path& folder);

}  // namespace terrain::core
