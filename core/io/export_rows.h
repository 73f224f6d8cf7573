#pragma once
// Per-row helpers shared by the exporters (internal to core/io). Exporters convert and write one
// row at a time so a 16385^2 export needs one row of extra memory, not a second grid.
#include <cstddef>
#include <functional>

#include "height_mapping.h"

namespace terrain::core {

enum class SampleEncoding { U8, U16BigEndian, U16LittleEndian };

std::size_t bytesPerSample(SampleEncoding encoding);

// Writes `count` codes of `row` into `out` (count * bytesPerSample(encoding) bytes).
void encodeRow(const float* row, std::size_t count, const ResolvedMapping& mapping,
               SampleEncoding encoding, unsigned char* out);

// Calls `progress` with the fraction of rows done, about every 1%, so a big export does not
// spend its time in the callback (which may redraw a progress bar or throw Cancelled).
class RowProgress {
public:
    RowProgress(std::function<void(float)> progress, int rows);
    void rowDone(int row);

private:
    std::function<void(float)> m_progress;
    int m_rows;
    int m_step;
};

}  // namespace terrain::core
