#include "sha256.h"

#include <openssl/evp.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
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
    const auto fail = [&path](int error) {
        return IoError(IoError::Kind::WriteFailed,
                       "cannot read '" + path.string() + "': " + std::strerror(error));
    };
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!file) throw fail(errno);
    Sha256 sha;
    std::vector<unsigned char> buffer(std::size_t(1) << 20);
    for (;;) {
        const std::size_t n = std::fread(buffer.data(), 1, buffer.size(), file.get());
        if (n > 0) sha.update(buffer.data(), n);
        if (n < buffer.size()) {
            if (std::ferror(file.get())) throw fail(errno ? errno : EIO);
            break;
        }
    }
    return sha.hex();
}

}  // namespace terrain::core
