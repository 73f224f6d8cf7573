#include "file_transaction.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <memory>
#include <optional>
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

// Version 2 holds plain names of files in the journal's own folder; version 1 (earlier builds)
// held paths as the writing process spelled them, relative to its working directory.
constexpr const char* kJournalHead1 = "terrain-commit 1\n";
constexpr const char* kJournalHead2 = "terrain-commit 2\n";
// A journal lists one line per file of one export in one folder: far below this.
constexpr std::size_t kJournalMaxBytes = std::size_t(1) << 20;

std::string journalText(const std::vector<JournalEntry>& entries) {
    std::string text = kJournalHead2;
    for (const auto& e : entries) {
        putField(text, e.temp);
        putField(text, e.target);
        putField(text, e.backup);
        text += '\n';
    }
    text += "end\n";
    return text;
}

struct ParsedJournal {
    int version = 0;
    std::vector<JournalEntry> entries;
};

std::optional<ParsedJournal> parseJournal(const std::string& text) {
    ParsedJournal journal;
    const std::size_t head = std::strlen(kJournalHead2);
    if (text.compare(0, head, kJournalHead1) == 0) journal.version = 1;
    if (text.compare(0, head, kJournalHead2) == 0) journal.version = 2;
    if (journal.version == 0 || text.size() < head + 4 ||
        text.compare(text.size() - 4, 4, "end\n") != 0) {
        return std::nullopt;
    }
    std::size_t at = head;
    while (at < text.size() - 4) {
        auto temp = getField(text, at);
        auto target = temp ? getField(text, at) : std::nullopt;
        auto backup = target ? getField(text, at) : std::nullopt;
        if (!backup || at >= text.size() || text[at] != '\n') return std::nullopt;
        ++at;
        journal.entries.push_back({*temp, *target, *backup});
    }
    return journal;
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

// A name directly inside a folder: no path, no NUL (which would cut the name short).
bool plainName(const std::string& name) {
    return !name.empty() && name.size() <= 255 && name != "." && name != ".." &&
           name.find('/') == std::string::npos && name.find('\0') == std::string::npos;
}

// `name` is ".TARGET.KIND-PID-SUFFIX", one of our temporary (tmp) or backup (old) files for
// `target`, made by process `pid` (mkstemp's six letters, or a backup's counter).
bool stagingNameFor(const std::string& name, const std::string& target, const char* kind,
                    long pid) {
    const std::string prefix = "." + target + "." + kind + "-" + std::to_string(pid) + "-";
    if (name.size() <= prefix.size() || name.size() > prefix.size() + 16 ||
        name.compare(0, prefix.size(), prefix) != 0) {
        return false;
    }
    return std::all_of(name.begin() + std::ptrdiff_t(prefix.size()), name.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    });
}

// A file descriptor, closed when destroyed.
class Fd {
public:
    explicit Fd(int fd = -1) : m_fd(fd) {}
    ~Fd() {
        if (m_fd >= 0) ::close(m_fd);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const { return m_fd; }

private:
    int m_fd;
};

// The folder an export writes into. Its path is the caller's (the user named it, and the export
// writes through it anyway), so a symlink naming the folder itself is followed; nothing inside
// the folder is: every later step works on names relative to this descriptor.
int openFolder(const fs::path& folder) {
    int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0 && errno == ELOOP) fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    return fd;
}

// What is trusted in a journal, and why. The folder may come from someone else (an unpacked
// archive, a shared drive), so a journal is read only if it is a regular file owned by our
// effective user, writable by nobody else, of at most kJournalMaxBytes, opened without following
// a symlink and without waiting (a FIFO named like a journal must not block the export). That
// does not prove we wrote it (unpacking an archive makes its files ours), so what it may do is
// limited by its names alone: see journalMembers().
std::optional<std::string> readJournal(int folderFd, const std::string& name, std::string& why) {
    struct stat st {};
    if (::fstatat(folderFd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
        why = reason(errno);
        return std::nullopt;
    }
    if (!S_ISREG(st.st_mode)) {
        why = std::string("it is ") + (S_ISLNK(st.st_mode) ? "a symbolic link" : fileKind(st.st_mode));
        return std::nullopt;
    }
    const Fd fd(::openat(folderFd, name.c_str(),
                         O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
    if (fd.get() < 0 || ::fstat(fd.get(), &st) != 0) {
        why = reason(errno);
        return std::nullopt;
    }
    if (!S_ISREG(st.st_mode)) why = std::string("it is ") + fileKind(st.st_mode);
    else if (st.st_uid != ::geteuid()) why = "it belongs to user " + std::to_string(st.st_uid);
    else if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0) why = "others may write to it";
    else if (std::size_t(st.st_size) > kJournalMaxBytes) why = "it is larger than a journal";
    if (!why.empty()) return std::nullopt;
    std::string text(kJournalMaxBytes + 1, '\0');
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::read(fd.get(), text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            why = reason(errno);
            return std::nullopt;
        }
        if (n == 0) break;
        done += std::size_t(n);
    }
    if (done > kJournalMaxBytes) {
        why = "it is larger than a journal";
        return std::nullopt;
    }
    text.resize(done);
    return text;
}

// Does `folder` (spelt as the caller did) end with the relative path `tail`?
bool endsWith(const fs::path& folder, const fs::path& tail) {
    std::vector<fs::path> a(folder.begin(), folder.end()), b(tail.begin(), tail.end());
    while (!a.empty() && a.back().empty()) a.pop_back();
    while (!b.empty() && b.back().empty()) b.pop_back();
    return b.size() <= a.size() && std::equal(b.rbegin(), b.rend(), a.rbegin());
}

// A version 1 journal's paths as names in its folder. Its writer put the journal in the folder
// of its first target, so a path naming a member of that folder has that target's parent path,
// spelt the same way. Honoured only when every path does, and that parent is this folder: the
// same directory when absolute, a tail of this folder's path (no "..") when relative to the
// writer's working directory. Anything else is refused rather than guessed.
std::optional<std::vector<JournalEntry>> namesInFolder(std::vector<JournalEntry> entries,
                                                       const fs::path& folder, int folderFd,
                                                       std::string& why) {
    why = "it names files outside its folder";
    if (entries.empty()) return entries;
    const fs::path parent = fs::path(entries[0].target).parent_path();
    const auto toName = [&](std::string& path) {
        if (path.empty()) return true;
        const fs::path p(path);
        if (p.parent_path() != parent || !plainName(p.filename().string())) return false;
        path = p.filename().string();
        return true;
    };
    for (auto& e : entries) {
        if (e.target.empty() || !toName(e.temp) || !toName(e.target) || !toName(e.backup)) {
            return std::nullopt;
        }
    }
    // The writer's working directory, where it put the journal.
    if (parent.empty() || parent == ".") return entries;
    if (parent.is_absolute()) {
        struct stat there {}, here {};
        if (::stat(parent.c_str(), &there) == 0 && ::fstat(folderFd, &here) == 0 &&
            there.st_dev == here.st_dev && there.st_ino == here.st_ino) {
            return entries;
        }
        return std::nullopt;
    }
    const fs::path tail = parent.lexically_normal();
    for (const auto& part : tail) {
        if (part == "..") return std::nullopt;
    }
    std::error_code ec;
    const fs::path canonical = fs::canonical(folder, ec);
    if (endsWith(normalised(folder), tail) || (!ec && endsWith(canonical, tail))) return entries;
    return std::nullopt;
}

// The entries of a journal of process `pid` if recovery may act on them: each target a plain
// name in the folder (once), its temporary file and backup our staging names for that target
// and that process. So recovery can only rename one of our temporary files over the target it
// was made for and remove our backups, in this folder.
std::optional<std::vector<JournalEntry>> journalMembers(const std::string& text, long pid,
                                                        const fs::path& folder, int folderFd,
                                                        std::string& why) {
    auto journal = parseJournal(text);
    if (!journal) {
        why = "it is not a journal";
        return std::nullopt;
    }
    auto entries = journal->version == 1
                       ? namesInFolder(std::move(journal->entries), folder, folderFd, why)
                       : std::optional(std::move(journal->entries));
    if (!entries) return std::nullopt;
    std::vector<std::string> targets;
    for (const auto& e : *entries) {
        if (!plainName(e.target) || !stagingNameFor(e.temp, e.target, "tmp", pid) ||
            (!e.backup.empty() && !stagingNameFor(e.backup, e.target, "old", pid))) {
            why = "it names files that are not its own temporary files and targets in its folder";
            return std::nullopt;
        }
        targets.push_back(e.target);
    }
    std::sort(targets.begin(), targets.end());
    if (std::adjacent_find(targets.begin(), targets.end()) != targets.end()) {
        why = "it names a target twice";
        return std::nullopt;
    }
    return entries;
}

bool regularAt(int folderFd, const std::string& name) {
    struct stat st {};
    return ::fstatat(folderFd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode);
}

// Finishes an interrupted commit: every temporary file still there goes in place, then the
// backups and the journal go. Its owner wrote every temporary file in full before the journal.
// A journal that may not be run is left as it is; the reason is returned.
std::optional<std::string> finishJournal(int folderFd, const fs::path& folder,
                                         const std::string& name, long pid) {
    std::string why;
    const auto text = readJournal(folderFd, name, why);
    const auto entries = text ? journalMembers(*text, pid, folder, folderFd, why) : std::nullopt;
    if (!entries) return (folder / name).string() + ": " + why + "; left as it is";
    for (const auto& e : *entries) {
        if (regularAt(folderFd, e.temp)) {
            ::renameat(folderFd, e.temp.c_str(), folderFd, e.target.c_str());
        }
    }
    ::fsync(folderFd);
    for (const auto& e : *entries) {
        if (!e.backup.empty() && regularAt(folderFd, e.backup)) {
            ::unlinkat(folderFd, e.backup.c_str(), 0);
        }
    }
    ::unlinkat(folderFd, name.c_str(), 0);
    return std::nullopt;
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

// cleanStaleFiles on a folder opened with openFolder().
CleanupReport cleanStaleFilesAt(int folderFd, const fs::path& folder) {
    CleanupReport report;
    std::vector<std::pair<std::string, long>> journals;
    std::vector<std::pair<std::string, long>> staging;
    const int listFd = ::dup(folderFd);
    DIR* list = listFd >= 0 ? ::fdopendir(listFd) : nullptr;
    if (!list) {
        if (listFd >= 0) ::close(listFd);
        return report;
    }
    ::rewinddir(list);
    while (const dirent* entry = ::readdir(list)) {
        const std::string name = entry->d_name;
        if (const long pid = journalPid(name); pid > 0) {
            if (pid != ::getpid() && !processAlive(pid)) journals.emplace_back(name, pid);
            continue;
        }
        const long pid = stagingPid(name);
        if (pid < 0 || pid == ::getpid()) continue;
        if (pid == 0) {
            struct stat st {};
            if (::fstatat(folderFd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 ||
                std::chrono::system_clock::now() -
                        std::chrono::system_clock::from_time_t(st.st_mtime) <
                    kLegacyTempAge) {
                continue;
            }
        } else if (processAlive(pid)) {
            continue;
        }
        staging.emplace_back(name, pid);
    }
    ::closedir(list);
    // Journals first: they name temporary files that must go in place, not away. The files of
    // a journal that is left alone stay with it.
    std::vector<long> keep;
    for (const auto& [name, pid] : journals) {
        if (auto refused = finishJournal(folderFd, folder, name, pid)) {
            report.refusedJournals.push_back(std::move(*refused));
            keep.push_back(pid);
        } else {
            ++report.removed;
        }
    }
    for (const auto& [name, pid] : staging) {
        if (std::find(keep.begin(), keep.end(), pid) != keep.end()) continue;
        if (regularAt(folderFd, name) && ::unlinkat(folderFd, name.c_str(), 0) == 0) {
            ++report.removed;
        }
    }
    if (report.removed > 0) ::fsync(folderFd);
    return report;
}

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

CleanupReport cleanStaleFiles(const fs::path& folder) {
    const Fd folderFd(openFolder(folder));
    if (folderFd.get() < 0) return {};
    return cleanStaleFilesAt(folderFd.get(), folder);
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
