#pragma once
// The one way outside JSON (recipes, documents, sidecars) enters the program. Stricter than
// nlohmann::json::parse, because the input may be hostile or damaged:
//   - nesting deeper than kMaxJsonDepth is refused before it is built (a 100,000-deep array would
//     otherwise overflow the stack when it is printed or destroyed);
//   - a duplicate key is refused, naming its key path (the library would keep the last value);
//   - a NUL byte is refused (the library stops reading at it and ignores the rest);
//   - a number too large for a double is refused naming its key path (the library throws an
//     out_of_range exception that no caller expected);
//   - syntax errors quote at most kMaxQuotedChars of the offending token, control characters
//     escaped, so a message is never cut nor 100 KB long.
// Every refusal is a core::InputError whose field is `source` (or "source: key.path").
#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace terrain::core {

inline constexpr int kMaxJsonDepth = 64;
inline constexpr std::size_t kMaxQuotedChars = 80;

nlohmann::json parseJsonInput(std::string_view text, const std::string& source);

// Whether `text` is valid UTF-8 (no overlong forms, surrogates or code points past U+10FFFF):
// what a JSON string may hold. Free text that goes into JSON (an entry's name) is checked with it.
bool isUtf8(std::string_view text);

// Text fit for a message: control characters as \u00XX (a NUL no longer cuts the message),
// invalid UTF-8 bytes as \xNN, at most `maxChars` characters ("..." marks the cut).
std::string quoteForMessage(std::string_view text, std::size_t maxChars = kMaxQuotedChars);

// A JSON value as a message shows it: strings unquoted, anything else compact JSON; invalid UTF-8
// cannot throw (replaced), and the result goes through quoteForMessage.
std::string jsonForMessage(const nlohmann::json& value, std::size_t maxChars = kMaxQuotedChars);

// The string at `key` of `object`, or `fallback` when `object` is not an object, has no `key` or
// holds something else there. nlohmann's `value(key, "")` throws type_error for a member of another
// type (a fuzzer found `"format": 5` in a world.json reaching std::terminate that way).
std::string stringMember(const nlohmann::json& object, const char* key, const std::string& fallback = "");

// JSON of a file we wrote and read back as a hint (a tile.json, a sidecar): through parseJsonInput,
// a null value when it is not JSON or is refused, never an exception.
nlohmann::json parseJsonOrNull(std::string_view text);

// JSON text of user-derived data for a file or stdout, ending in a newline: invalid UTF-8 (a file
// name in another encoding) becomes U+FFFD instead of throwing half-way through a write.
std::string jsonText(const nlohmann::json& json, int indent = 2);

}  // namespace terrain::core
