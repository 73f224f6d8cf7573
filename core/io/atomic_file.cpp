#include "atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "../errors.h"
#include "../sha256.h"
#include "file_transaction.h"

namespace terrain::core {

namespace {

std::string reason(int error) {
    return std::strerror(error);
}

[[noreturn]] void throwCannotCreate(const std::filesystem::path& target, const std::string& why) {
    throw IoError(IoError::Kind::CannotCreate, "cannot create '" + target.string() + "': " + why);
}

[[noreturn]] void throwWriteFailed(const std::filesystem::path& target, int error) {
    throw IoError(IoError::Kind::WriteFailed,
                  "cannot write '" + target.string() + "': " + reason(error));
}

// mkstemp creates 0600 files; a finished export should get the permissions any other new file
// would. umask() can only be read by setting it, which races with other threads, so read it
// from /proc instead.
mode_t newFileMode() {
    mode_t mask = 022;
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("Umask:", 0) == 0) {
            mask = static_cast<mode_t>(std::strtoul(line.c_str() + 6, nullptr, 8));
            break;
        }
    }
    return static_cast<mode_t>(0666 & ~mask);
}

std::filesystem::path folderOf(const std::filesystem::path& target) {
    return target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
}

}  // namespace

class AtomicFile::Hasher {
public:
    // Reads through its own descriptor of the open file (never the path again).
    explicit Hasher(int fd) : m_fd(::fcntl(fd, F_DUPFD_CLOEXEC, 0)), m_thread([this] { run(); }) {}
    ~Hasher() {
        {
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_abandoned = true;
        }
        m_changed.notify_one();
        if (m_thread.joinable()) m_thread.join();  // result() may have joined it
        if (m_fd >= 0) ::close(m_fd);
    }
    Hasher(const Hasher&) = delete;
    Hasher& operator=(const Hasher&) = delete;

    // The first `bytes` of the file are in the kernel; `last`: there will be no more.
    void written(std::uint64_t bytes, bool last) {
        {
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_available = bytes;
            m_last = last;
        }
        m_changed.notify_one();
    }
    // After written(..., true): the hash, or empty when the file could not be read back.
    std::string result() {
        if (m_thread.joinable()) m_thread.join();
        return m_hex;
    }

private:
    void run() {
        std::vector<unsigned char> buffer(std::size_t(1) << 20);
        Sha256 sha;
        std::uint64_t done = 0;
        for (;;) {
            std::uint64_t available = 0;
            bool last = false;
            {
                std::unique_lock<std::mutex> lock(m_mutex);
                m_changed.wait(lock, [&] { return m_abandoned || m_last || m_available > done; });
                if (m_abandoned) return;
                available = m_available;
                last = m_last;
            }
            while (done < available) {
                const std::size_t want = std::size_t(std::min<std::uint64_t>(buffer.size(), available - done));
                const ssize_t got = m_fd < 0 ? -1 : ::pread(m_fd, buffer.data(), want, off_t(done));
                if (got <= 0) return;  // m_hex stays empty: the file is hashed whole instead
                sha.update(buffer.data(), std::size_t(got));
                done += std::uint64_t(got);
            }
            if (last) {
                m_hex = sha.hex();
                return;
            }
        }
    }

    int m_fd;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::uint64_t m_available = 0;
    bool m_last = false;
    bool m_abandoned = false;
    std::string m_hex;
    std::thread m_thread;  // last: starts once the rest is ready
};

AtomicFile::AtomicFile(const std::filesystem::path& target, FileTransaction* transaction)
    : m_target(resolveOutputPath(target)), m_transaction(transaction) {
    // Same folder as the target, so rename() is atomic (never across file systems); hidden and
    // named with our process id, so a crash leaves nothing that looks like a finished export and
    // the next export into the folder can tell it is stale (cleanStaleFiles).
    std::string pattern =
        (folderOf(m_target) / (stagingPrefix(m_target, "tmp") + "XXXXXX")).string();
    const int fd = ::mkostemp(pattern.data(), O_CLOEXEC);
    if (fd < 0) throwCannotCreate(target, reason(errno));
    m_temp = pattern;

    // A replaced file keeps its permission bits and, where we may, its owner; never setuid,
    // setgid or sticky bits, which belong to that file, not to an export. A new file gets what
    // any new file would (0666 less the umask); mkstemp made it 0600.
    struct stat existing {};
    if (::stat(m_target.c_str(), &existing) == 0) {
        ::fchmod(fd, existing.st_mode & 0777);
        if (existing.st_uid != ::geteuid() || existing.st_gid != ::getegid()) {
            [[maybe_unused]] const int ignored = ::fchown(fd, existing.st_uid, existing.st_gid);
        }
    } else {
        ::fchmod(fd, newFileMode());  // cosmetic; a failure here must not stop the export
    }

    m_file = ::fdopen(fd, "wb");
    if (!m_file) {
        const int error = errno;
        ::close(fd);
        ::unlink(m_temp.c_str());
        throwCannotCreate(target, reason(error));
    }
}

AtomicFile::~AtomicFile() {
    m_hasher.reset();
    if (m_file) std::fclose(m_file);
    if (!m_handedOver && !m_temp.empty()) ::unlink(m_temp.c_str());
}

std::FILE* AtomicFile::stream() {
    m_direct = false;
    m_hasher.reset();  // the library may seek and rewrite: the file is hashed whole at commit
    return m_file;
}

void AtomicFile::write(const void* data, std::size_t bytes) {
    if (!m_file) throwWriteFailed(m_target, EBADF);
    if (bytes == 0) return;
    if (!m_direct) {
        errno = 0;
        if (std::fwrite(data, 1, bytes, m_file) != bytes) throwWriteFailed(m_target, errno ? errno : EIO);
        return;
    }
    // Straight to the kernel: no copy through stdio's buffer (which holds nothing: every byte so
    // far went this way).
    const char* at = static_cast<const char*>(data);
    std::size_t left = bytes;
    while (left > 0) {
        const ssize_t n = ::write(::fileno(m_file), at, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) throwWriteFailed(m_target, n < 0 ? errno : EIO);
        at += n;
        left -= std::size_t(n);
        m_written += std::uint64_t(n);
    }
    // Start the disk's write-back of what is in the kernel now, in steps of 8 MiB, so the disk
    // works while the rest is mapped and written and the fsync at commit waits only for the tail
    // (the fsync is still what makes the file durable; an error here shows there again).
    constexpr std::uint64_t kFlushStep = std::uint64_t(8) << 20;
    if (m_written - m_flushing >= kFlushStep) {
        (void)::sync_file_range(::fileno(m_file), off_t(m_flushing), off_t(m_written - m_flushing),
                                SYNC_FILE_RANGE_WRITE);
        m_flushing = m_written;
    }
    constexpr std::uint64_t kHashAlongFrom = std::uint64_t(1) << 20;  // smaller files: at commit
    if (!m_hasher && m_written >= kHashAlongFrom && m_transaction && m_transaction->hashesStagedFiles()) {
        m_hasher = std::make_unique<Hasher>(::fileno(m_file));
    }
    if (m_hasher) m_hasher->written(m_written, false);
}

void AtomicFile::commit() {
    if (!m_file) throwWriteFailed(m_target, EBADF);
    // Each step can be the first to see a full disk (the stdio buffer, delayed allocation on the
    // file system, the close), so every one is checked before the file can be put in place.
    errno = 0;
    if (std::fflush(m_file) != 0) throwWriteFailed(m_target, errno ? errno : EIO);
    // The fsync waits for the disk; the hash a transaction asked for is finished meanwhile (or,
    // for a file not hashed along, computed whole) by the second thread.
    if (m_transaction && m_transaction->hashesStagedFiles()) {
        // Through stdio a library may have sought back and rewritten: the file's size is its end.
        struct stat st {};
        if (m_direct || ::fstat(::fileno(m_file), &st) == 0) {
            if (!m_hasher) m_hasher = std::make_unique<Hasher>(::fileno(m_file));
            m_hasher->written(m_direct ? m_written : std::uint64_t(st.st_size), true);
        }
    }
    if (::fsync(::fileno(m_file)) != 0) throwWriteFailed(m_target, errno);
    std::FILE* file = m_file;
    m_file = nullptr;
    if (std::fclose(file) != 0) throwWriteFailed(m_target, errno ? errno : EIO);
    if (m_transaction) {
        std::string sha256 = m_hasher ? m_hasher->result() : std::string();  // empty: hashed when asked
        m_handedOver = true;  // the transaction removes it if it does not commit
        m_transaction->add(m_target, m_temp, std::move(sha256));
        return;
    }
    FileTransaction single;
    m_handedOver = true;
    single.add(m_target, m_temp);
    single.commit();
}

}  // namespace terrain::core
