#pragma once
#include <cstdio>
#include <filesystem>

namespace terrain::core {

// A file written under a temporary name in the target's folder and renamed into place by
// commit(). Destroying it uncommitted removes the temporary file.
class AtomicFile {
public:
    explicit AtomicFile(const std::filesystem::path& target);  // throws IoError(CannotCreate)
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    std::FILE* stream() { return m_file; }
    void write(const void* data, std::size_t bytes);  // throws IoError(WriteFailed)
    void commit();                                    // flush, fsync, close, rename

private:
    std::filesystem::path m_target;
    std::filesystem::path m_temp;
    std::FILE* m_file = nullptr;
    bool m_committed = false;
};

}  // namespace terrain::core
