#pragma once
#include <cstdint>
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

    // For libraries that write through stdio (libpng, libtiff, OpenEXR). write() then goes
    // through the same stream, in order.
    std::FILE* stream();
    const std::filesystem::path& target() const { return m_target; }  // resolved
    void write(const void* data, std::size_t bytes);  // throws IoError(WriteFailed)
    void commit();                                    // flush, fsync, close, hand over / rename

private:
    // When the transaction asks for its files' hashes: a second thread reads back from the page
    // cache what write() has handed to the kernel and hashes it meanwhile, so the hash is ready
    // soon after the fsync. Only for files written through write() alone, in order.
    class Hasher;

    std::filesystem::path m_target;
    std::filesystem::path m_temp;
    std::FILE* m_file = nullptr;
    FileTransaction* m_transaction = nullptr;
    bool m_handedOver = false;
    bool m_direct = true;          // nothing has gone through stream(): write() calls write(2)
    std::uint64_t m_written = 0;   // bytes write() has handed to the kernel
    std::uint64_t m_flushing = 0;  // bytes whose write-back to the disk write() has started
    std::unique_ptr<Hasher> m_hasher;
};

}  // namespace terrain::core
