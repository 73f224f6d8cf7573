#pragma once
// Float <-> text for everything core/io writes or reads as text (TXT exports, mapping strings,
// PNG metadata). The shortest representation that reads back to the same float, so a TXT export
// round-trips bit for bit and metadata shows "0.3" rather than "0.300000012".
#include <cstddef>
#include <string>
#include <string_view>

namespace terrain::core {

std::string formatFloat(float value);
// Appends formatFloat(value) without allocating; `out` must hold at least kFloatTextMax chars.
inline constexpr std::size_t kFloatTextMax = 32;
std::size_t formatFloatTo(float value, char* out);
// The whole of `text` must be a number (no spaces, no trailing characters). Returns false if not.
bool parseFloat(std::string_view text, float& value);

}  // namespace terrain::core
