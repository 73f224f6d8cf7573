#include "export_rows.h"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace terrain::core {

std::size_t bytesPerSample(SampleEncoding encoding) {
    return encoding == SampleEncoding::U8 ? 1 : 2;
}

void encodeRow(const float* row, std::size_t count, const ResolvedMapping& mapping,
               SampleEncoding encoding, unsigned char* out) {
    switch (encoding) {
        case SampleEncoding::U8:
            for (std::size_t x = 0; x < count; ++x) {
                out[x] = static_cast<unsigned char>(mapping.code(row[x], 255));
            }
            break;
        case SampleEncoding::U16BigEndian:
            for (std::size_t x = 0; x < count; ++x) {
                const std::uint16_t code = mapping.code(row[x], 65535);
                out[2 * x] = static_cast<unsigned char>(code >> 8);
                out[2 * x + 1] = static_cast<unsigned char>(code & 0xff);
            }
            break;
        case SampleEncoding::U16LittleEndian:
            for (std::size_t x = 0; x < count; ++x) {
                const std::uint16_t code = mapping.code(row[x], 65535);
                out[2 * x] = static_cast<unsigned char>(code & 0xff);
                out[2 * x + 1] = static_cast<unsigned char>(code >> 8);
            }
            break;
    }
}

RowProgress::RowProgress(std::function<void(float)> progress, int rows)
    : m_progress(std::move(progress)),
      m_rows(std::max(rows, 1)),
      m_step(std::max((rows + 99) / 100, 1)) {}

void RowProgress::rowDone(int row) {
    if (!m_progress) return;
    const int done = row + 1;
    if (done % m_step == 0 || done == m_rows) {
        m_progress(static_cast<float>(done) / static_cast<float>(m_rows));
    }
}

}  // namespace terrain::core
