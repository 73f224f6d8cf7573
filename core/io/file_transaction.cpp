#include "file_transaction.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>
#include <system_error>

#include "../errors.h"
#include "../sha256.h"
#include "commit_journal.h"

namespace terrain::core {

namespace fs = std::filesystem;

using namespace commit_journal;

namespace {

std::string reason(int error) { return std::strerror(error); }

[[noreturn]] void throwCannotCreate(const fs::path& target, const std::string& why) {
    throw IoError(IoError::Kind::CannotCreate, "cannot create '" + target.string() + "': " + why);
}

[[noreturn]] void throwWriteFailed(const fs::path& target, const std::string& why) {
    throw IoError(IoError::Kind::WriteFailed, "cannot write '" + target.string() + "': " + why);
}

fs::path folderOf(const fs::path& target) {
    return target.has_parent_path() ? target.parent_path() : fs::path(".");
}

void syncFolder(const fs::path& folder) {
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;  // best effort: the data itself is already synced
    ::fsync(fd);
    ::close(fd);
}

void writeWhole(const fs::path& path, const std::string& text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) throwWriteFailed(path, reason(errno));
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const int error = n < 0 ? errno : EIO;
            ::close(fd);
            ::unlink(path.c_str());
            throwWriteFailed(path, reason(error));
        }
        done += std::size_t(n);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const int error = errno;
        ::unlink(path.c_str());
        throwWriteFailed(path, reason(error));
    }
}

// An exclusive advisory lock on a folder, held until destroyed (or the process dies).
class FolderLock {
public:
    explicit FolderLock(const fs::path& folder) : m_fd(openFolder(folder)) {
        if (m_fd < 0) return;  // unreadable folder: write without the lock rather than refuse
        while (::flock(m_fd, LOCK_EX) != 0 && errno == EINTR) {
        }
    }
    ~FolderLock() {
        if (m_fd >= 0) ::close(m_fd);  // releases the lock
    }
    FolderLock(const FolderLock&) = delete;
    FolderLock& operator=(const FolderLock&) = delete;
    int fd() const { return m_fd; }

private:
    int m_fd;
};

// A hard link of `target` named like our backups; empty when the file system has no links.
std::string linkBackup(const fs::path& target) {
    const std::string prefix = (folderOf(target) / stagingPrefix(target, "old")).string();
    for (int attempt = 0; attempt < 1000; ++attempt) {
        const std::string name = prefix + std::to_string(attempt);
        if (::link(target.c_str(), name.c_str()) == 0) return name;
        if (errno != EEXIST) return {};
    }
    return {};
}

std::string freeBackupName(const fs::path& target) {
    const std::string prefix = (folderOf(target) / stagingPrefix(target, "old")).string();
    for (int attempt = 0;; ++attempt) {
        const std::string name = prefix + "r" + std::to_string(attempt);
        struct stat st {};
        if (::lstat(name.c_str(), &st) != 0) return name;
    }
}

}  // namespace

fs::path resolveOutputPath(const fs::path& target) {
    if (!target.has_filename()) throwCannotCreate(target, "the path names a folder, not a file");
    fs::path path = target;
    for (int hops = 0; hops < 40; ++hops) {
        struct stat st {};
        if (::lstat(path.c_str(), &st) != 0) {
            if (errno == ENOENT) return path;  // a new file (a missing folder fails at creation)
            throwCannotCreate(target, reason(errno));
        }
        if (S_ISREG(st.st_mode)) return path;
        if (!S_ISLNK(st.st_mode)) {
            const std::string named = path == target ? "" : " ('" + path.string() + "')";
            if (S_ISDIR(st.st_mode)) {
                throwCannotCreate(target, "a folder of that name already exists" + named);
            }
            throwCannotCreate(target, std::string("it is ") + fileKind(st.st_mode) + named +
                                          ", not a regular file; it is never replaced, so "
                                          "choose a file name");
        }
        std::error_code ec;
        const fs::path link = fs::read_symlink(path, ec);
        if (ec) throwCannotCreate(target, ec.message());
        path = link.is_absolute() ? link : folderOf(path) / link;
    }
    throwCannotCreate(target, "too many levels of symbolic links");
}

std::string stagingPrefix(const fs::path& target, const char* kind) {
    std::string name = ".";
    name += target.filename().string();
    name += '.';
    name += kind;
    name += '-';
    name += std::to_string(::getpid());
    name += '-';
    return name;
}

FileTransaction::~FileTransaction() {
    if (m_done) return;
    for (const auto& e : m_entries) ::unlink(e.temp.c_str());
}

void FileTransaction::add(const fs::path& target, const fs::path& temp, std::string sha256) {
    const fs::path key = normalised(target);
    for (const auto& e : m_entries) {
        if (normalised(e.target) == key) {
            ::unlink(temp.c_str());
            throwCannotCreate(target, "two files of this export would have that name");
        }
    }
    // The journal names a temporary file by its name in its target's folder.
    if (normalised(folderOf(temp)) != normalised(folderOf(target))) {
        ::unlink(temp.c_str());
        throwCannotCreate(target, "its temporary file is not in its folder");
    }
    m_entries.push_back({target, temp, std::move(sha256)});
}

std::string FileTransaction::stagedSha256(const fs::path& target) const {
    const fs::path key = normalised(resolveOutputPath(target));
    for (const auto& e : m_entries) {
        if (normalised(e.target) == key) return e.sha256.empty() ? sha256FileHex(e.temp) : e.sha256;
    }
    throwWriteFailed(target, "nothing was written for it");
}

void FileTransaction::commit() {
    if (m_done) throwWriteFailed(m_entries.empty() ? fs::path() : m_entries[0].target,
                                 "the export was already committed");
    if (m_entries.empty()) {
        m_done = true;
        return;
    }

    // Each folder once, in sorted order (the locks' order), named as the caller did.
    std::vector<std::pair<fs::path, fs::path>> keyed;
    for (const auto& e : m_entries) keyed.emplace_back(normalised(folderOf(e.target)), folderOf(e.target));
    std::sort(keyed.begin(), keyed.end());
    keyed.erase(std::unique(keyed.begin(), keyed.end(),
                            [](const auto& a, const auto& b) { return a.first == b.first; }),
                keyed.end());
    std::vector<fs::path> keys, folders;
    for (auto& [key, folder] : keyed) {
        keys.push_back(key);
        folders.push_back(folder);
    }
    std::vector<std::unique_ptr<FolderLock>> locks;
    for (const auto& folder : folders) locks.push_back(std::make_unique<FolderLock>(folder));
    for (std::size_t f = 0; f < folders.size(); ++f) {
        if (locks[f]->fd() < 0) continue;
        auto report = cleanStaleFilesAt(locks[f]->fd(), folders[f]);
        for (auto& refused : report.refusedJournals) m_refusedJournals.push_back(std::move(refused));
    }

    // Keep each previous file aside: a hard link, so the target never disappears; where links
    // are not supported, it is moved aside just before the new file goes in.
    struct Step {
        std::string backup;
        bool moveAside = false;  // no hard link: rename the old file to `backup` first
        bool moved = false;
        bool placed = false;
    };
    std::vector<Step> steps(m_entries.size());
    const auto dropBackups = [&] {
        for (const auto& s : steps) {
            if (!s.backup.empty() && !s.moveAside) ::unlink(s.backup.c_str());
        }
    };
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        const fs::path& target = m_entries[i].target;
        struct stat st {};
        if (::lstat(target.c_str(), &st) != 0) continue;
        if (!S_ISREG(st.st_mode)) {
            dropBackups();
            throwCannotCreate(target, std::string("it is ") + fileKind(st.st_mode) +
                                          " now, not a regular file; it is never replaced");
        }
        steps[i].backup = linkBackup(target);
        if (steps[i].backup.empty()) {
            steps[i].backup = freeBackupName(target);
            steps[i].moveAside = true;
        }
    }

    // One journal in each folder, listing that folder's files by name, all in place before the
    // first rename: whichever folder the next commit goes into can finish its part.
    std::vector<std::vector<JournalEntry>> journals(folders.size());
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        const auto f = std::lower_bound(keys.begin(), keys.end(),
                                        normalised(folderOf(m_entries[i].target))) -
                       keys.begin();
        journals[std::size_t(f)].push_back({m_entries[i].temp.filename().string(),
                                            m_entries[i].target.filename().string(),
                                            fs::path(steps[i].backup).filename().string()});
    }
    const std::string pid = std::to_string(::getpid());
    std::vector<fs::path> journalPaths;
    const auto dropJournals = [&] {
        for (const auto& path : journalPaths) ::unlink(path.c_str());
    };
    try {
        for (std::size_t f = 0; f < folders.size(); ++f) {
            const fs::path journalPath = folders[f] / (kJournalPrefix + pid + kJournalSuffix);
            const fs::path journalTemp =
                folders[f] / (stagingPrefix(journalPath, "tmp") + "journal");
            writeWhole(journalTemp, journalText(journals[f]));
            if (::rename(journalTemp.c_str(), journalPath.c_str()) != 0) {
                const int error = errno;
                ::unlink(journalTemp.c_str());
                throwWriteFailed(journalPath, reason(error));
            }
            journalPaths.push_back(journalPath);
        }
        for (const auto& folder : folders) syncFolder(folder);
    } catch (...) {
        dropJournals();
        dropBackups();
        throw;
    }

    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        const Entry& e = m_entries[i];
        Step& s = steps[i];
        int error = 0;
        if (m_beforePlaceForTest && !m_beforePlaceForTest(i)) error = EIO;
        if (error == 0 && s.moveAside) {
            if (::rename(e.target.c_str(), s.backup.c_str()) == 0) {
                s.moved = true;
            } else {
                error = errno;
            }
        }
        if (error == 0 && ::rename(e.temp.c_str(), e.target.c_str()) == 0) {
            s.placed = true;
            continue;
        }
        if (error == 0) error = errno;
        // Undo: every previous file back in place, every new one gone.
        for (std::size_t j = 0; j < m_entries.size(); ++j) {
            const Step& u = steps[j];
            const fs::path& target = m_entries[j].target;
            if (!u.backup.empty() && (u.placed || u.moved)) {
                ::rename(u.backup.c_str(), target.c_str());
            } else if (u.placed) {
                ::unlink(target.c_str());
            } else if (!u.backup.empty() && !u.moveAside) {
                ::unlink(u.backup.c_str());  // an unused link to a file still in place
            }
        }
        for (const auto& folder : folders) syncFolder(folder);
        dropJournals();
        throwWriteFailed(e.target, reason(error));
    }
    m_done = true;
    for (const auto& folder : folders) syncFolder(folder);
    dropJournals();
    for (const auto& s : steps) {
        if (!s.backup.empty()) ::unlink(s.backup.c_str());
    }
    for (const auto& folder : folders) syncFolder(folder);
}

}  // namespace terrain::core
