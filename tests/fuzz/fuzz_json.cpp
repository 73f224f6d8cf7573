// libFuzzer target: core::parseJsonInput as sidecars (and `terrain-cli verify`) read it, plus
// the message helpers that quote what it returns.
#include <core/errors.h>
#include <core/json_input.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const nlohmann::json value = terrain::core::parseJsonInput(text, "fuzz.png.json");
        (void)terrain::core::jsonForMessage(value);
        if (value.is_object()) {
            for (const auto& item : value.items()) (void)terrain::core::jsonForMessage(item.value(), 40);
        }
    } catch (const terrain::core::InputError& e) {
        (void)e.what();
    }
    (void)terrain::core::quoteForMessage(text);
    return 0;
}
