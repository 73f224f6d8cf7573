#include "file_transaction.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <system_error>

#include "../errors.h"
#include "../sha256.h"

namespace terrain::core {

namespace fs = std::filesystem;

namespace {

constexpr const char* kJournalPrefix = ".terrain-commit-";
constexpr const char* kJournalSuffix = ".journal";
// Temporary files of builds before process ids were in the names (".NAME.tmp-XXXXXX"): removed
// once they are this old, as no export takes that long to write one file.
constexpr auto kLegacyTempAge = std::chrono::hours(1);

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

fs::path normalised(const fs::path& path) {
    std::error_code ec;
    fs::path absolute = fs::absolute(path, ec);
    return (ec ? path : absolute).lexically_normal();
}

const char* fileKind(mode_t mode) {
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

void syncFolder(const fs::path& folder) {
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;  // best effort: the data itself is already synced
    ::fsync(fd);
    ::close(fd);
}

bool processAlive(long pid) {
    if (pid <= 0) return false;
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

// ".NAME.tmp-PID-SUFFIX" or ".NAME.old-PID-SUFFIX": the pid, or -1 if the name is not ours.
// ".NAME.tmp-XXXXXX" (older builds): 0.
long stagingPid(const std::string& name) {
    if (name.size() < 2 || name[0] != '.') return -1;
    for (const char* kind : {".tmp-", ".old-"}) {
        const auto at = name.rfind(kind);
        if (at == std::string::npos || at == 0) continue;
        const std::string rest = name.substr(at + 5);
        const auto dash = rest.find('-');
        if (dash == std::string::npos) {
            return std::string(kind) == ".tmp-" && rest.size() == 6 ? 0 : -1;
        }
        if (dash == 0 || dash + 1 >= rest.size()) return -1;
        long pid = 0;
        for (std::size_t i = 0; i < dash; ++i) {
            if (rest[i] < '0' || rest[i] > '9' || pid > 100000000) return -1;
            pid = pid * 10 + (rest[i] - '0');
        }
        return pid;
    }
    return -1;
}

long journalPid(const std::string& name) {
    const std::string prefix = kJournalPrefix, suffix = kJournalSuffix;
    if (name.size() <= prefix.size() + suffix.size() || name.rfind(prefix, 0) != 0 ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0) {
        return -1;
    }
    long pid = 0;
    for (std::size_t i = prefix.size(); i < name.size() - suffix.size(); ++i) {
        if (name[i] < '0' || name[i] > '9' || pid > 100000000) return -1;
        pid = pid * 10 + (name[i] - '0');
    }
    return pid;
}

// The journal holds byte strings ("<length>:<bytes>") so any file name survives it.
void putField(std::string& out, const std::string& field) {
    out += std::to_string(field.size());
    out += ':';
    out += field;
}

std::optional<std::string> getField(const std::string& in, std::size_t& at) {
    const auto colon = in.find(':', at);
    if (colon == std::string::npos || colon == at || colon - at > 6) return std::nullopt;
    std::size_t length = 0;
    for (std::size_t i = at; i < colon; ++i) {
        if (in[i] < '0' || in[i] > '9') return std::nullopt;
        length = length * 10 + std::size_t(in[i] - '0');
    }
    if (colon + 1 + length > in.size()) return std::nullopt;
    at = colon + 1 + length;
    return in.substr(colon + 1, length);
}

struct JournalEntry {
    std::string temp, target, backup;  // backup: empty when there was no previous file
};

std::string journalText(const std::vector<JournalEntry>& entries) {
    std::string text = "terrain-commit 1\n";
    for (const auto& e : entries) {
        putField(text, e.temp);
        putField(text, e.target);
        putField(text, e.backup);
        text += '\n';
    }
    text += "end\n";
    return text;
}

std::optional<std::vector<JournalEntry>> parseJournal(const std::string& text) {
    const std::string head = "terrain-commit 1\n";
    if (text.rfind(head, 0) != 0 || text.size() < head.size() + 4 ||
        text.compare(text.size() - 4, 4, "end\n") != 0) {
        return std::nullopt;
    }
    std::vector<JournalEntry> entries;
    std::size_t at = head.size();
    while (at < text.size() - 4) {
        auto temp = getField(text, at);
        auto target = temp ? getField(text, at) : std::nullopt;
        auto backup = target ? getField(text, at) : std::nullopt;
        if (!backup || at >= text.size() || text[at] != '\n') return std::nullopt;
        ++at;
        entries.push_back({*temp, *target, *backup});
    }
    return entries;
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

// Finishes an interrupted commit: every temporary file still there goes in place, then the
// backups and the journal go. Its owner wrote every temporary file in full before the journal.
void finishJournal(const fs::path& journal) {
    std::ifstream in(journal, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (const auto entries = parseJournal(text.str())) {
        for (const auto& e : *entries) {
            struct stat st {};
            if (::lstat(e.temp.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
                ::rename(e.temp.c_str(), e.target.c_str());
            }
        }
        for (const auto& e : *entries) syncFolder(folderOf(e.target));
        for (const auto& e : *entries) {
            if (!e.backup.empty()) ::unlink(e.backup.c_str());
        }
    }
    ::unlink(journal.c_str());
}

// An exclusive advisory lock on a folder, held until destroyed (or the process dies).
class FolderLock {
public:
    explicit FolderLock(const fs::path& folder)
        : m_fd(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {
        if (m_fd < 0) return;  // unreadable folder: write without the lock rather than refuse
        while (::flock(m_fd, LOCK_EX) != 0 && errno == EINTR) {
        }
    }
    ~FolderLock() {
        if (m_fd >= 0) ::close(m_fd);  // releases the lock
    }
    FolderLock(const FolderLock&) = delete;
    FolderLock& operator=(const FolderLock&) = delete;

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

int cleanStaleFiles(const fs::path& folder) {
    int removed = 0;
    std::error_code ec;
    std::vector<fs::path> journals, stale;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (const long pid = journalPid(name); pid > 0) {
            if (pid != ::getpid() && !processAlive(pid)) journals.push_back(it->path());
            continue;
        }
        const long pid = stagingPid(name);
        if (pid < 0 || pid == ::getpid()) continue;
        if (pid == 0) {
            const auto written = fs::last_write_time(it->path(), ec);
            if (ec || fs::file_time_type::clock::now() - written < kLegacyTempAge) {
                ec.clear();
                continue;
            }
        } else if (processAlive(pid)) {
            continue;
        }
        stale.push_back(it->path());
    }
    // Journals first: they name temporary files that must go in place, not away.
    for (const auto& journal : journals) {
        finishJournal(journal);
        ++removed;
    }
    for (const auto& path : stale) {
        struct stat st {};
        if (::lstat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::unlink(path.c_str()) == 0) {
            ++removed;
        }
    }
    if (removed > 0) syncFolder(folder);
    return removed;
}

FileTransaction::~FileTransaction() {
    if (m_done) return;
    for (const auto& e : m_entries) ::unlink(e.temp.c_str());
}

void FileTransaction::add(const fs::path& target, const fs::path& temp) {
    const fs::path key = normalised(target);
    for (const auto& e : m_entries) {
        if (normalised(e.target) == key) {
            ::unlink(temp.c_str());
            throwCannotCreate(target, "two files of this export would have that name");
        }
    }
    m_entries.push_back({target, temp});
}

std::string FileTransaction::stagedSha256(const fs::path& target) const {
    const fs::path key = normalised(resolveOutputPath(target));
    for (const auto& e : m_entries) {
        if (normalised(e.target) == key) return sha256FileHex(e.temp);
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

    std::vector<fs::path> folders;
    for (const auto& e : m_entries) folders.push_back(normalised(folderOf(e.target)));
    std::sort(folders.begin(), folders.end());
    folders.erase(std::unique(folders.begin(), folders.end()), folders.end());
    std::vector<std::unique_ptr<FolderLock>> locks;
    for (const auto& folder : folders) locks.push_back(std::make_unique<FolderLock>(folder));
    for (const auto& folder : folders) cleanStaleFiles(folder);

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

    std::vector<JournalEntry> journal;
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        journal.push_back({m_entries[i].temp.string(), m_entries[i].target.string(),
                           steps[i].backup});
    }
    const fs::path journalFolder = folderOf(m_entries[0].target);
    const std::string pid = std::to_string(::getpid());
    const fs::path journalPath = journalFolder / (kJournalPrefix + pid + kJournalSuffix);
    const fs::path journalTemp =
        journalFolder / (stagingPrefix(journalPath, "tmp") + "journal");
    try {
        writeWhole(journalTemp, journalText(journal));
        if (::rename(journalTemp.c_str(), journalPath.c_str()) != 0) {
            const int error = errno;
            ::unlink(journalTemp.c_str());
            throwWriteFailed(journalPath, reason(error));
        }
        syncFolder(journalFolder);
    } catch (...) {
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
        ::unlink(journalPath.c_str());
        throwWriteFailed(e.target, reason(error));
    }
    m_done = true;
    for (const auto& folder : folders) syncFolder(folder);
    ::unlink(journalPath.c_str());
    for (const auto& s : steps) {
        if (!s.backup.empty()) ::unlink(s.backup.c_str());
    }
    for (const auto& folder : folders) syncFolder(folder);
}

}  // namespace terrain::core
