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

// After a rename the new directory entry is only durable once the folder itself is synced.
// Best effort: some file systems refuse fsync on directories, and the data is already safe.
void syncFolder(const std::filesystem::path& folder) {
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    ::fsync(fd);
    ::close(fd);
}

std::filesystem::path folderOf(const std::filesystem::path& target) {
    return target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
}

}  // namespace

AtomicFile::AtomicFile(const std::filesystem::path& target) : m_target(target) {
    if (!target.has_filename()) throwCannotCreate(target, "the path names a folder, not a file");
    std::error_code ec;
    if (std::filesystem::is_directory(target, ec)) {
        throwCannotCreate(target, "a folder of that name already exists");
    }

    // Same folder as the target, so rename() is atomic (never across file systems); hidden, so a
    // crash leaves nothing that looks like a finished export.
    // Appended piecewise: "." + name + "..." trips GCC 12's false -Wrestrict (GCC bug 105329).
    std::string tempName = ".";
    tempName += target.filename().string();
    tempName += ".tmp-XXXXXX";
    std::string pattern = (folderOf(target) / tempName).string();
    const int fd = ::mkostemp(pattern.data(), O_CLOEXEC);
    if (fd < 0) throwCannotCreate(target, reason(errno));
    m_temp = pattern;

    struct stat existing {};
    const mode_t mode =
        ::stat(target.c_str(), &existing) == 0 ? (existing.st_mode & 07777) : newFileMode();
    ::fchmod(fd, mode);  // cosmetic; a failure here must not stop the export

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
    if (!m_committed && !m_temp.empty()) ::unlink(m_temp.c_str());
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
    // file system, the close), so every one is checked before the rename exposes the file.
    errno = 0;
    if (std::fflush(m_file) != 0) throwWriteFailed(m_target, errno ? errno : EIO);
    if (::fsync(::fileno(m_file)) != 0) throwWriteFailed(m_target, errno);
    std::FILE* file = m_file;
    m_file = nullptr;
    if (std::fclose(file) != 0) throwWriteFailed(m_target, errno ? errno : EIO);
    if (::rename(m_temp.c_str(), m_target.c_str()) != 0) throwWriteFailed(m_target, errno);
    m_committed = true;
    syncFolder(folderOf(m_target));
}

}  // namespace terrain::core
