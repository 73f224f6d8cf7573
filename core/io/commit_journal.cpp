#include "commit_journal.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <optional>
#include <system_error>

namespace terrain::core::commit_journal {

namespace fs = std::filesystem;

namespace {

std::string reason(int error) { return std::strerror(error); }

// Temporary files of builds before process ids were in the names (".NAME.tmp-XXXXXX"): removed
// once they are this old, as no export takes that long to write one file.
constexpr auto kLegacyTempAge = std::chrono::hours(1);

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

// Version 2 holds plain names of files in the journal's own folder; version 1 (earlier builds)
// held paths as the writing process spelled them, relative to its working directory.
constexpr const char* kJournalHead1 = "terrain-commit 1\n";
constexpr const char* kJournalHead2 = "terrain-commit 2\n";
// A journal lists one line per file of one export in one folder: far below this.
constexpr std::size_t kJournalMaxBytes = std::size_t(1) << 20;

}  // namespace

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

namespace {

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

}  // namespace

int openFolder(const fs::path& folder) {
    int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0 && errno == ELOOP) fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    return fd;
}

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

}  // namespace terrain::core::commit_journal

namespace terrain::core {

CleanupReport cleanStaleFiles(const std::filesystem::path& folder) {
    using namespace commit_journal;
    const Fd folderFd(openFolder(folder));
    if (folderFd.get() < 0) return {};
    return cleanStaleFilesAt(folderFd.get(), folder);
}

}  // namespace terrain::core
