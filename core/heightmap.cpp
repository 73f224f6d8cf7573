#include "heightmap.h"

#include "errors.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <mutex>
#include <new>
#include <string>
#include <vector>

namespace terrain::core {

std::uint64_t physicalMemoryBytes() {
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || pageSize <= 0) return std::uint64_t(4) << 30;  // unknown: assume 4 GiB
    return std::uint64_t(pages) * std::uint64_t(pageSize);
}

void checkGridFits(const FieldText& what, std::int64_t width, std::int64_t height,
                   std::uint64_t extraBytesPerSample) {
    if (width <= 0 || height <= 0 || width > std::numeric_limits<int>::max() ||
        height > std::numeric_limits<int>::max()) {
        throw InputError(what.render(), std::to_string(width) + "x" + std::to_string(height),
                         "a width and height from 1 to " +
                             std::to_string(std::numeric_limits<int>::max()));
    }
    // width, height < 2^31, so the sample count fits in 62 bits; the byte count may not.
    const std::uint64_t samples = std::uint64_t(width) * std::uint64_t(height);
    const std::uint64_t perSample = sizeof(float) + extraBytesPerSample;
    const std::uint64_t bytes = samples > std::numeric_limits<std::uint64_t>::max() / perSample
                                    ? std::numeric_limits<std::uint64_t>::max()
                                    : samples * perSample;
    const std::uint64_t available = physicalMemoryBytes();
    if (bytes > available) {
        throw SizeError(what + " of " + std::to_string(width) + "x" + std::to_string(height) +
                            " samples",
                        bytes, available);
    }
}

namespace {

// A new grid's pages cost a fault each on first touch (~10 us per 4 KiB here, ~160 ms for a
// 4097² grid). Grids of a huge page (2 MiB) or more are allocated on a huge-page boundary and ask
// for transparent huge pages: 512 times fewer faults (a 1025² grid: 2 instead of 1026 for its
// first 4 MiB; the editor allocates several per edit, and their faults were most of a layout
// drag's time). The kernel may decline, which only costs the time. Smaller grids are aligned to a
// cache line.
constexpr std::size_t kHugePage = std::size_t(2) << 20;

// Freed large grids are kept for the next grid of the same size (the editor and the evaluator
// free and allocate grids of one size at every edit). A page given back to the system costs a
// fault and a clear when it is touched again, and in a virtual machine that reports free memory to
// its host (free page reporting, as the machines this is measured on do) the host must supply
// the page again: clearing a drag step's new grids then took 77 % of the editor's time and the
// step 4-5 times as long, in every other run. Bounded, so a big map's grids are not held
// forever: at most kKeptBytes (or an eighth of the memory) in at most kKeptGrids buffers, the
// newest kept. Not under AddressSanitizer, which must see every free to find a use after it.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kKeepFreedGrids = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kKeepFreedGrids = false;
#else
constexpr bool kKeepFreedGrids = true;
#endif
#else
constexpr bool kKeepFreedGrids = true;
#endif

class KeptGrids {
public:
    // Room for every buffer up front: keep() runs in a grid's (noexcept) deleter and must not
    // allocate.
    KeptGrids() { m_kept.reserve(kKeptGrids); }

    float* take(std::size_t bytes) {
        const std::lock_guard<std::mutex> lock(m_mutex);
        for (std::size_t i = m_kept.size(); i-- > 0;) {
            if (m_kept[i].bytes != bytes) continue;
            float* data = m_kept[i].data;
            m_total -= bytes;
            m_kept.erase(m_kept.begin() + std::ptrdiff_t(i));
            return data;
        }
        return nullptr;
    }
    // Keeps `data` (evicting the oldest buffers to make room) or says it cannot.
    bool keep(float* data, std::size_t bytes) {
        const std::lock_guard<std::mutex> lock(m_mutex);
        if (bytes > m_limit) return false;
        while (!m_kept.empty() && (m_total + bytes > m_limit || m_kept.size() >= kKeptGrids)) {
            release(m_kept.front());
            m_total -= m_kept.front().bytes;
            m_kept.erase(m_kept.begin());
        }
        m_kept.push_back({data, bytes});
        m_total += bytes;
        return true;
    }

private:
    struct Buffer {
        float* data;
        std::size_t bytes;
    };
    static constexpr std::size_t kKeptBytes = std::size_t(512) << 20;
    static constexpr std::size_t kKeptGrids = 16;
    static void release(const Buffer& b) { ::operator delete[](b.data, std::align_val_t(kHugePage)); }

    std::mutex m_mutex;
    std::vector<Buffer> m_kept;
    std::size_t m_total = 0;
    std::size_t m_limit = std::size_t(std::min<std::uint64_t>(kKeptBytes, physicalMemoryBytes() / 8));
};

KeptGrids& keptGrids() {
    static auto* kept = new KeptGrids;  // never destroyed: grids may be freed during exit
    return *kept;
}

std::unique_ptr<float[], SampleMemory> allocateSamples(std::size_t count) {
    const std::size_t bytes = count * sizeof(float);
    const std::size_t alignment = bytes >= kHugePage ? kHugePage : 64;
    if (kKeepFreedGrids && alignment == kHugePage) {
        if (float* kept = keptGrids().take(bytes)) {
            return std::unique_ptr<float[], SampleMemory>(kept, SampleMemory{alignment, bytes});
        }
    }
    auto* data = static_cast<float*>(::operator new[](bytes, std::align_val_t(alignment)));
    if (alignment == kHugePage) (void)madvise(data, bytes & ~(kHugePage - 1), MADV_HUGEPAGE);
    return std::unique_ptr<float[], SampleMemory>(data, SampleMemory{alignment, bytes});
}

}  // namespace

Heightmap::Heightmap(int width, int height, NoInit) : m_width(width), m_height(height) {
    checkGridFits("a height grid", width, height);
    m_data = allocateSamples(sampleCount());
}

void SampleMemory::operator()(float* p) const noexcept {
    if (kKeepFreedGrids && alignment == kHugePage && keptGrids().keep(p, bytes)) return;
    ::operator delete[](p, std::align_val_t(alignment));
}

Heightmap::Heightmap(int width, int height) : Heightmap(width, height, NoInit{}) {
    std::fill_n(m_data.get(), sampleCount(), 0.0f);
}

Heightmap Heightmap::uninitialized(int width, int height) {
    return Heightmap(width, height, NoInit{});
}

void Heightmap::reshapeUninitialized(int width, int height) {
    if (m_data && std::size_t(width) * std::size_t(height) == sampleCount() && width > 0 && height > 0) {
        m_width = width;
        m_height = height;
        return;
    }
    *this = uninitialized(width, height);
}

Heightmap::Heightmap(const Heightmap& other) : m_width(other.m_width), m_height(other.m_height) {
    if (other.m_data) {
        m_data = allocateSamples(sampleCount());
        std::memcpy(m_data.get(), other.m_data.get(), sampleCount() * sizeof(float));
    }
}

Heightmap& Heightmap::operator=(const Heightmap& other) {
    if (this != &other) *this = Heightmap(other);
    return *this;
}

bool Heightmap::operator==(const Heightmap& other) const {
    if (m_width != other.m_width || m_height != other.m_height) return false;
    return empty() || std::memcmp(m_data.get(), other.m_data.get(), sampleCount() * sizeof(float)) == 0;
}

MinMax minMax(const Heightmap& map) {
    if (map.empty()) return {};
    const auto s = map.samples();
    const auto [lo, hi] = std::minmax_element(s.begin(), s.end());
    return {*lo, *hi};
}

Heightmap copyWindow(const Heightmap& map, int x0, int y0, int width, int height) {
    Heightmap out = Heightmap::uninitialized(width, height);
    for (int y = 0; y < height; ++y) std::copy_n(map.row(y0 + y) + x0, width, out.row(y));
    return out;
}

}  // namespace terrain::core
