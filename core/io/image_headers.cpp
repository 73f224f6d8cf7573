#include "image_headers.h"

#include "../errors.h"
#include "../json_input.h"
#include "raster_source.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <utility>

namespace terrain::core {
namespace fs = std::filesystem;

namespace {

std::string shownPath(const fs::path& path) { return quoteForMessage(path.string(), 4 * kMaxQuotedChars); }

// A file opened without blocking (the caller has checked it is regular), its size, and reads at
// offsets that say how much they got.
class Reader {
public:
    Reader(const fs::path& path, const std::string& field, const char* what) {
        m_fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
        struct stat st {};
        if (m_fd < 0 || ::fstat(m_fd, &st) != 0) {
            const std::string why = std::strerror(errno);
            if (m_fd >= 0) ::close(m_fd);
            throw InputError(field, shownPath(path), std::string("a readable ") + what + " (" + why + ")");
        }
        m_size = std::uint64_t(st.st_size);
    }
    ~Reader() { ::close(m_fd); }
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;
    std::uint64_t size() const { return m_size; }
    std::string read(std::uint64_t at, std::size_t bytes) const {
        std::string out(bytes, '\0');
        const ssize_t got = bytes == 0 ? 0 : ::pread(m_fd, out.data(), bytes, off_t(at));
        out.resize(got > 0 ? std::size_t(got) : 0);
        return out;
    }

private:
    int m_fd = -1;
    std::uint64_t m_size = 0;
};

std::uint32_t bigEndian32(const std::string& s, std::size_t at) {
    return std::uint32_t(std::uint8_t(s[at])) << 24 | std::uint32_t(std::uint8_t(s[at + 1])) << 16 |
           std::uint32_t(std::uint8_t(s[at + 2])) << 8 | std::uint32_t(std::uint8_t(s[at + 3]));
}

const char kPngSignature[] = "\x89PNG\r\n\x1a\n";

// PNG (ISO/IEC 15948 §5.3): after the signature, chunks of a 4-byte big-endian length (at most
// 2^31 − 1), a 4-byte type of ASCII letters, the data and a 4-byte CRC. Every chunk up to IEND
// must lie within the file: libpng allocates a chunk's claimed length before reading it.
void checkPngChunks(const Reader& file, const fs::path& path, const std::string& field) {
    const auto refuse = [&](const std::string& why) {
        throw InputError(field, shownPath(path), "a readable PNG (" + why + ")");
    };
    std::uint64_t at = 8;
    for (;;) {
        if (at == file.size()) return;  // no IEND: libpng reports the truncation itself
        const std::string head = file.read(at, 8);
        if (head.size() < 8) refuse("a chunk header cut short at byte " + std::to_string(at));
        const std::uint32_t length = bigEndian32(head, 0);
        const std::string type = head.substr(4, 4);
        if (!std::all_of(type.begin(), type.end(), [](char c) {
                return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
            })) {
            refuse("a damaged chunk at byte " + std::to_string(at));
        }
        const std::uint64_t follows = file.size() - at - 8;
        if (length > 0x7fffffffu || std::uint64_t(length) + 4 > follows) {
            refuse("chunk " + quoteForMessage(type, 8) + " at byte " + std::to_string(at) + " claims " +
                   std::to_string(length) + " bytes; " + std::to_string(follows) + " follow it");
        }
        at += 12 + std::uint64_t(length);
        if (type == "IEND") return;
    }
}

// The size in bytes of OpenEXR's fixed-size attribute types (ImfStandardAttributes / the file
// layout spec); 0 for the others (strings, vectors, channel lists, previews, unknown types).
std::size_t exrFixedSize(const std::string& type) {
    static const std::pair<const char*, std::size_t> kSizes[] = {
        {"box2i", 16}, {"box2f", 16}, {"v2i", 8}, {"v2f", 8}, {"v2d", 16}, {"v3i", 12}, {"v3f", 12}, {"v3d", 24},
        {"m33f", 36}, {"m33d", 72}, {"m44f", 64}, {"m44d", 128}, {"int", 4}, {"float", 4}, {"double", 8},
        {"compression", 1}, {"lineOrder", 1}, {"envmap", 1}, {"deepImageState", 1}, {"rational", 8},
        {"timecode", 8}, {"keycode", 28}, {"chromaticities", 32}, {"tiledesc", 9}};
    for (const auto& [name, bytes] : kSizes)
        if (type == name) return bytes;
    return 0;
}

// OpenEXR believes its header: an attribute claiming 2 GB is allocated before it is read (and a
// throw on the way leaks it). The header is walked here first: every attribute within the file,
// at most 64 KiB each, one part, no deep data, a data window of at most kMaxImportSide a side.
void checkExrHeader(const Reader& file, const fs::path& path, const std::string& field) {
    const auto refuse = [&](const std::string& why) {
        throw InputError(field, shownPath(path), "a readable OpenEXR (" + why + ")");
    };
    const std::string head = file.read(0, std::size_t(std::min<std::uint64_t>(file.size(), std::uint64_t(1) << 20)));
    if (head.size() < 8) refuse("too short");
    const auto u32 = [&](std::size_t at) {
        return std::uint32_t(std::uint8_t(head[at])) | std::uint32_t(std::uint8_t(head[at + 1])) << 8 |
               std::uint32_t(std::uint8_t(head[at + 2])) << 16 | std::uint32_t(std::uint8_t(head[at + 3])) << 24;
    };
    const std::uint32_t version = u32(4);
    if ((version & 0x1000u) != 0) refuse("a multi-part file; one part is read");
    if ((version & 0x800u) != 0) refuse("deep data");
    std::size_t at = 8;
    // Names and type names: at most 31 bytes, 255 with the long-names flag (OpenEXR reads no more).
    const std::size_t longest = (version & 0x400u) != 0 ? 255 : 31;
    const auto text = [&]() {
        const std::size_t end = head.find('\0', at);
        if (end == std::string::npos || end - at > longest) refuse("a damaged header");
        std::string t = head.substr(at, end - at);
        at = end + 1;
        return t;
    };
    bool window = false;
    for (int attributes = 0;; ++attributes) {
        if (attributes > 1000) refuse("a header of more than 1000 attributes");
        const std::string name = text();
        if (name.empty()) break;
        const std::string type = text();
        if (at + 4 > head.size()) refuse("a damaged header");
        const std::uint32_t size = u32(at);
        at += 4;
        if (size > 65536 || at + size > head.size()) {
            refuse("attribute " + quoteForMessage(name, 40) + " claims " + std::to_string(size) + " bytes");
        }
        // OpenEXR reads a known type's value by the type, not by the size it claims: a box2i
        // claiming 0 bytes was read as 16, the rest of the header read out of step, and a string
        // further on claimed 1.8 GB (fuzz_import). So a fixed-size type must claim its size, and a
        // channel list or preview must end where it claims to.
        const std::size_t fixed = exrFixedSize(type);
        if (fixed != 0 && size != fixed) {
            refuse("attribute " + quoteForMessage(name, 40) + " of type " + quoteForMessage(type, 40) + " claims " +
                   std::to_string(size) + " bytes, not " + std::to_string(fixed));
        }
        if (type == "chlist") {
            std::size_t c = at;
            const std::size_t end = at + size;
            for (;;) {  // name, then pixel type, pLinear, 3 reserved, x and y sampling: 16 bytes
                const std::size_t nul = head.find('\0', c);
                if (nul == std::string::npos || nul >= end) refuse("a damaged channel list");
                if (nul == c) {
                    c = nul + 1;
                    break;
                }
                if (nul - c > longest) refuse("a damaged channel list");
                c = nul + 1 + 16;
                if (c > end) refuse("a damaged channel list");
            }
            if (c != end) refuse("a damaged channel list");
        }
        if (type == "preview") {
            if (size < 8 || std::uint64_t(u32(at)) * u32(at + 4) * 4 + 8 != size) refuse("a damaged preview");
        }
        if (name == "dataWindow" && type == "box2i" && size == 16) {
            const auto i32 = [&](std::size_t k) { return std::int64_t(std::int32_t(u32(at + 4 * k))); };
            const std::int64_t w = i32(2) - i32(0) + 1, h = i32(3) - i32(1) + 1;
            if (w < 1 || h < 1 || w > kMaxImportSide || h > kMaxImportSide) {
                throw InputError(field, shownPath(path),
                                 "an image of 1 to " + std::to_string(kMaxImportSide) + " samples a side (it claims " +
                                     std::to_string(w) + "x" + std::to_string(h) + ")");
            }
            window = true;
        }
        at += size;
    }
    if (!window) refuse("no data window");
}

}  // namespace

void checkImageHeaders(const fs::path& path, const std::string& field) {
    const Reader file(path, field, "image");
    const std::string magic = file.read(0, 8);
    if (magic == std::string(kPngSignature, 8)) {
        checkPngChunks(file, path, field);
    } else if (magic.size() >= 4 && magic.compare(0, 4, "\x76\x2f\x31\x01") == 0) {
        checkExrHeader(file, path, field);
    }
}

}  // namespace terrain::core
