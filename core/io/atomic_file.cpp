#include "atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <system_error>

#include "../errors.h"
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
    if (m_file) std::fclose(m_file);
    if (!m_handedOver && !m_temp.empty()) ::unlink(m_temp.c_str());
}

void AtomicFile::write(const void* data, std::size_t bytes) {
    if (!m_file) throwWriteFailed(m_target, EBADF);
    if (bytes == 0) return;
    errno = 0;
    if (std::fwrite(data, 1, bytes, m_file) != bytes)
        throwWriteFailed(m_target, errno ? errno : EIO);
}

void AtomicFile::commit() {
    if (!m_file) throwWriteFailed(m_target, EBADF);
    // Each step can be the first to see a full disk (the stdio buffer, delayed allocation on the
    // file system, the close), so every one is checked before the file can be put in place.
    errno = 0;
    if (std::fflush(m_file) != 0) throwWriteFailed(m_target, errno ? errno : EIO);
    if (::fsync(::fileno(m_file)) != 0) throwWriteFailed(m_target, errno);
    std::FILE* file = m_file;
    m_file = nullptr;
    if (std::fclose(file) != 0) throwWriteFailed(m_target, errno ? errno : EIO);
    if (m_transaction) {
        m_handedOver = true;  // the transaction removes it if it does not commit
        m_transaction->add(m_target, m_temp);
        return;
    }
    FileTransaction single;
    m_handedOver = true;
    single.add(m_target, m_temp);
    single.commit();
}

}  // namespace terrain::core
