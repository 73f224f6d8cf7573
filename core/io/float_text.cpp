#include "float_text.h"

#include <charconv>

namespace terrain::core {

std::size_t formatFloatTo(float value, char* out) {
    // std::to_chars without a precision is the shortest form that round-trips exactly.
    const auto result = std::to_chars(out, out + kFloatTextMax, value);
    return static_cast<std::size_t>(result.ptr - out);
}

std::string formatFloat(float value) {
    char buffer[kFloatTextMax];
    return std::string(buffer, formatFloatTo(value, buffer));
}

bool parseFloat(std::string_view text, float& value) {
    if (text.empty()) return false;
    // from_chars rejects a leading '+', which people do type ("clamp:-1:+1").
    if (text.front() == '+') {
        text.remove_prefix(1);
        if (text.empty() || text.front() == '-' || text.front() == '+') return false;
    }
    float parsed = 0.0f;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), parsed);
    if (ec != std::errc() || ptr != text.data() + text.size()) return false;
    value = parsed;
    return true;
}

}  // namespace terrain::core
