#include "untrusted_file.h"

#include "../errors.h"
#include "../json_input.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

namespace terrain::core {
namespace {

std::optional<std::string> readFile(const std::filesystem::path& path, std::size_t maxBytes, const std::string& field,
                                    const std::string& what, bool missingIsNothing) {
    const std::string shown = quoteForMessage(path.string(), 4 * kMaxQuotedChars);
    // O_NONBLOCK: opening a FIFO without a writer returns at once instead of waiting for one;
    // fstat then checks what was opened, not what the name pointed to a moment before.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        if (missingIsNothing && errno == ENOENT) return std::nullopt;
        throw InputError(field, shown, "a readable " + what + " (" + std::strerror(errno) + ")");
    }
    struct stat info {};
    const auto refuse = [&](const std::string& why) {
        ::close(fd);
        throw InputError(field, shown, "a regular " + what + " (" + why + ")");
    };
    if (::fstat(fd, &info) != 0) refuse(std::strerror(errno));
    if (S_ISDIR(info.st_mode)) refuse("this is a folder");
    if (S_ISFIFO(info.st_mode)) refuse("this is a FIFO");
    if (S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode)) refuse("this is a device");
    if (S_ISSOCK(info.st_mode)) refuse("this is a socket");
    if (!S_ISREG(info.st_mode)) refuse("this is not a regular file");
    if (info.st_size < 0 || std::uint64_t(info.st_size) > maxBytes) {
        refuse("it has " + std::to_string(info.st_size) + " bytes; at most " + std::to_string(maxBytes));
    }
    std::string text;
    text.reserve(std::size_t(info.st_size));
    char buffer[65536];
    for (;;) {
        const ssize_t got = ::read(fd, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) refuse(std::strerror(errno));
        if (got == 0) break;
        text.append(buffer, std::size_t(got));
        // A file that grows while it is read (another process appending) stops at the cap too.
        if (text.size() > maxBytes) refuse("it grew past " + std::to_string(maxBytes) + " bytes");
    }
    ::close(fd);
    return text;
}

}  // namespace

std::string readUntrustedFile(const std::filesystem::path& path, std::size_t maxBytes, const std::string& field,
                              const std::string& what) {
    return *readFile(path, maxBytes, field, what, false);
}

std::optional<std::string> readUntrustedFileIfPresent(const std::filesystem::path& path, std::size_t maxBytes,
                                                      const std::string& field, const std::string& what) {
    return readFile(path, maxBytes, field, what, true);
}

}  // namespace terrain::core
