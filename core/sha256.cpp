#include "sha256.h"

#include <openssl/evp.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <vector>

#include "errors.h"

namespace terrain::core {

namespace {

std::string hexOf(const unsigned char* digest, unsigned int length) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string hex;
    hex.reserve(std::size_t(length) * 2);
    for (unsigned int i = 0; i < length; ++i) {
        hex += kHex[digest[i] >> 4];
        hex += kHex[digest[i] & 0xf];
    }
    return hex;
}

}  // namespace

std::string sha256Hex(const void* data, std::size_t bytes) {
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int length = 0;
    EVP_Digest(data, bytes, digest.data(), &length, EVP_sha256(), nullptr);
    return hexOf(digest.data(), length);
}

Sha256::Sha256() : m_context(EVP_MD_CTX_new()) {
    EVP_DigestInit_ex(static_cast<EVP_MD_CTX*>(m_context), EVP_sha256(), nullptr);
}

Sha256::~Sha256() { EVP_MD_CTX_free(static_cast<EVP_MD_CTX*>(m_context)); }

void Sha256::update(const void* data, std::size_t bytes) {
    EVP_DigestUpdate(static_cast<EVP_MD_CTX*>(m_context), data, bytes);
}

std::string Sha256::hex() {
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int length = 0;
    EVP_DigestFinal_ex(static_cast<EVP_MD_CTX*>(m_context), digest.data(), &length);
    return hexOf(digest.data(), length);
}

std::string sha256FileHex(const std::filesystem::path& path) {
    const auto fail = [&path](const std::string& why) {
        return IoError(IoError::Kind::WriteFailed, "cannot read '" + path.string() + "': " + why);
    };
    // Opened without blocking and read only when it is a regular file: a FIFO put where a tile or
    // an export was (a crafted folder, or a swap after the caller's check) must not hang us.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) throw fail(std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        throw fail("not a regular file");
    }
    Sha256 sha;
    std::vector<unsigned char> buffer(std::size_t(1) << 20);
    for (;;) {
        const ssize_t n = ::read(fd, buffer.data(), buffer.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const std::string why = std::strerror(errno);
            ::close(fd);
            throw fail(why);
        }
        if (n == 0) break;
        sha.update(buffer.data(), std::size_t(n));
    }
    ::close(fd);
    return sha.hex();
}

}  // namespace terrain::core
