// libFuzzer target: the editor's document reader (File > Open), without a window.
#include "app/document/document_format.h"

#include <core/errors.h>
#include <core/registry.h>

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const terrain::core::Registry registry = terrain::core::makeBuiltinRegistry();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto state = terrain::app::documentFromText(registry, text, "fuzz.terrain.json");
        // What Save writes back must read again.
        (void)terrain::app::documentFromJson(registry, terrain::app::documentToJson(registry, state));
    } catch (const terrain::core::InputError& e) {
        (void)e.what();
    }
    return 0;
}
