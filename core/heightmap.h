#pragma once
// The height grid every generator produces and every view and exporter reads.
//
// Conventions (the one place they are written down):
//  - row-major float grid, width x height samples;
//  - (0, 0) is the top-left sample = the north-west corner; x grows to the east, y to the south;
//  - image row 0 is the north edge, so exporters write rows in storage order;
//  - heights are unitless until an export maps them (see io/height_mapping.h).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "errors.h"

namespace terrain::core {

// Bytes of physical memory this process may plan to use for grids (total RAM).
std::uint64_t physicalMemoryBytes();

// Throws SizeError when a width x height float grid (plus `extraBytesPerSample` of working memory
// per sample) would not fit in physical memory; `what` names the request in the message (a field
// as a reference, FieldText::field(field::kSize), so each front end names it its own way).
void checkGridFits(const FieldText& what, std::int64_t width, std::int64_t height,
                   std::uint64_t extraBytesPerSample = 0);

// Frees a grid's samples, allocated aligned to `alignment` (a huge page for large grids, which
// are kept a while for the next grid of their size: heightmap.cpp).
struct SampleMemory {
    std::size_t alignment = 64;
    std::size_t bytes = 0;
    void operator()(float* p) const noexcept;
};

class Heightmap {
public:
    Heightmap() = default;
    // Zero-filled grid. Throws SizeError (before allocating) when it cannot fit in memory.
    Heightmap(int width, int height);
    // A grid whose samples are left unset: for generators that write every sample anyway, so
    // the pages are first touched by the thread that fills them.
    static Heightmap uninitialized(int width, int height);

    // Makes this a width x height grid, keeping (and not clearing) the current buffer when the
    // sample count is unchanged, so a generator can refill pre-faulted memory.
    void reshapeUninitialized(int width, int height);

    Heightmap(const Heightmap& other);
    Heightmap& operator=(const Heightmap& other);
    Heightmap(Heightmap&&) noexcept = default;
    Heightmap& operator=(Heightmap&&) noexcept = default;

    int width() const { return m_width; }
    int height() const { return m_height; }
    std::size_t sampleCount() const { return std::size_t(m_width) * std::size_t(m_height); }
    bool empty() const { return sampleCount() == 0; }

    float at(int x, int y) const { return m_data[index(x, y)]; }
    float& at(int x, int y) { return m_data[index(x, y)]; }
    const float* row(int y) const { return m_data.get() + std::size_t(y) * std::size_t(m_width); }
    float* row(int y) { return m_data.get() + std::size_t(y) * std::size_t(m_width); }
    std::span<const float> samples() const { return {m_data.get(), sampleCount()}; }
    std::span<float> samples() { return {m_data.get(), sampleCount()}; }

    bool operator==(const Heightmap& other) const;  // same size and the same bits

private:
    struct NoInit {};
    Heightmap(int width, int height, NoInit);
    std::size_t index(int x, int y) const {
        return std::size_t(y) * std::size_t(m_width) + std::size_t(x);
    }

    int m_width = 0;
    int m_height = 0;
    std::unique_ptr<float[], SampleMemory> m_data;
};

struct MinMax {
    float min = 0.0f;
    float max = 0.0f;
};
MinMax minMax(const Heightmap& map);

// The samples [x0, x0 + width) x [y0, y0 + height) of `map` (which holds them) as a map of their own.
Heightmap copyWindow(const Heightmap& map, int x0, int y0, int width, int height);

}  // namespace terrain::core
