#pragma once
#include <cstddef>
#include <filesystem>
#include <string>

namespace terrain::core {

// Lower-case hex SHA-256 (OpenSSL's implementation): recipe hashes and golden tests.
std::string sha256Hex(const void* data, std::size_t bytes);
inline std::string sha256Hex(const std::string& text) { return sha256Hex(text.data(), text.size()); }
// Of a whole file, read in pieces; throws IoError naming the file when it cannot be read.
std::string sha256FileHex(const std::filesystem::path& path);

}  // namespace terrain::core
