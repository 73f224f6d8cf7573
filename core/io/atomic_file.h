#pragma once
#include <cstdio>
#include <filesystem>
#include <memory>

namespace terrain::core {

class FileTransaction;

// A file written under a temporary name in the target's folder. commit() flushes and syncs it;
// with a FileTransaction it is then handed to the transaction (which puts it in place with the
// transaction's other files), without one it is put in place at once, as a transaction of one.
// Destroying it uncommitted removes the temporary file; the target is untouched until the
// transaction commits. The target is resolved first (resolveOutputPath): a symlink's file is
// written, a folder, device, FIFO or socket is refused.
class AtomicFile {
public:
    // Throws IoError(CannotCreate).
    explicit AtomicFile(const std::filesystem::path& target, FileTransaction* transaction = nullptr);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    std::FILE* stream() { return m_file; }
    const std::filesystem::path& target() const { return m_target; }  // resolved
    void write(const void* data, std::size_t bytes);  // throws IoError(WriteFailed)
    void commit();                                    // flush, fsync, close, hand over / rename

private:
    std::filesystem::path m_target;
    std::filesystem::path m_temp;
    std::FILE* m_file = nullptr;
    FileTransaction* m_transaction = nullptr;
    bool m_handedOver = false;
};

}  // namespace terrain::core
