#pragma once
#include <cstddef>
#include <filesystem>
#include <string>

namespace terrain::core {

// Lower-case hex SHA-256 (OpenSSL's implementation): recipe hashes and golden tests.
std::string sha256Hex(const void* data, std::size_t bytes);
inline std::string sha256Hex(const std::string& text) { return sha256Hex(text.data(), text.size()); }
// Of a whole regular file, read in pieces; throws IoError naming the file when it cannot be read
// or is not a regular file (opened without blocking: a FIFO in its place is refused, not waited on).
std::string sha256FileHex(const std::filesystem::path& path);

// SHA-256 fed piece by piece (a file hashed as it is written).
class Sha256 {
public:
    Sha256();
    ~Sha256();
    Sha256(const Sha256&) = delete;
    Sha256& operator=(const Sha256&) = delete;
    void update(const void* data, std::size_t bytes);
    std::string hex();  // of everything fed; ends the hash
private:
    void* m_context;
};

}  // namespace terrain::core
