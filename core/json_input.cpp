#include "json_input.h"

#include "errors.h"

#include <cstdio>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace terrain::core {
namespace {

using nlohmann::json;

// Builds the value like nlohmann's DOM parser, but refuses what parseJsonInput's header lists
// before it is built. The parser itself is iterative; only the callbacks see the depth.
class StrictBuilder {
public:
    explicit StrictBuilder(const std::string& source) : m_source(source) {}

    json& result() { return m_root; }
    const std::optional<InputError>& refusal() const { return m_refusal; }

    bool null() { return add(json(nullptr)); }
    bool boolean(bool value) { return add(json(value)); }
    bool number_integer(json::number_integer_t value) { return add(json(value)); }
    bool number_unsigned(json::number_unsigned_t value) { return add(json(value)); }
    bool number_float(json::number_float_t value, const json::string_t& /*text*/) {
        return add(json(value));
    }
    bool string(json::string_t& value) { return add(json(std::move(value))); }
    bool binary(json::binary_t& value) { return add(json::binary(std::move(value))); }

    bool start_object(std::size_t /*size*/) { return open(json::object()); }
    bool start_array(std::size_t /*size*/) { return open(json::array()); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }

    bool key(json::string_t& key) {
        Frame& top = m_stack.back();
        if (top.value->contains(key)) {
            return refuse(childPath(key), quoteForMessage(key),
                          "each key at most once in an object (this one appears twice)");
        }
        top.key = std::move(key);
        return true;
    }

    bool parse_error(std::size_t position, const std::string& lastToken,
                     const nlohmann::detail::exception& error) {
        if (error.id == 406) {  // number overflow: a value beyond a double's range
            return refuse(nextPath(), quoteForMessage(lastToken),
                          "a number within a double's range (about -1.8e308 to 1.8e308)");
        }
        return refuse(m_source, "malformed or truncated JSON at byte " + std::to_string(position),
                      "valid JSON (" + syntaxMessage(error.what(), lastToken) + ")");
    }

private:
    struct Frame {
        json* value;
        std::string key;  // objects: the key whose value comes next
    };

    // The library's message without its "[json.exception...] " prefix, the last token it quotes
    // capped and escaped (it repeats the whole token, which may be 100 KB).
    static std::string syntaxMessage(const std::string& what, const std::string& lastToken) {
        std::string text = what;
        const auto prefixEnd = text.find("] ");
        if (text.rfind("[json.exception.", 0) == 0 && prefixEnd != std::string::npos) {
            text.erase(0, prefixEnd + 2);
        }
        const std::string marker = "; last read: '" + lastToken + "'";
        const auto at = text.find(marker);
        if (at != std::string::npos) {
            text.replace(at, marker.size(), "; last read: '" + quoteForMessage(lastToken) + "'");
        }
        return quoteForMessage(text, 4 * kMaxQuotedChars);
    }

    // The path to the innermost open container (its parent's step to it, and so on up).
    std::string path() const {
        std::string text;
        for (std::size_t i = 0; i + 1 < m_stack.size(); ++i) text += step(m_stack[i], true);
        return text;
    }

    // An ancestor array already holds the child being parsed (its last element); the innermost
    // container's next value will be appended.
    static std::string step(const Frame& frame, bool ancestor) {
        // Appended piece by piece: GCC 12 warns (-Wrestrict, falsely) about "[" + std::string&&.
        std::string text(1, frame.value->is_array() ? '[' : '.');
        if (!frame.value->is_array()) return text.append(quoteForMessage(frame.key));
        const std::size_t index = frame.value->size() - (ancestor ? 1 : 0);
        return text.append(std::to_string(index)).append("]");
    }

    static std::string trimmed(std::string text) {
        if (!text.empty() && text[0] == '.') text.erase(0, 1);
        return text;
    }

    std::string childPath(const std::string& key) const {
        return trimmed(path() + "." + quoteForMessage(key));
    }

    // Where the next value goes: the key path of the value being parsed.
    std::string nextPath() const {
        if (m_stack.empty()) return m_source;
        return trimmed(path() + step(m_stack.back(), false));
    }

    std::string fieldOrSource(const std::string& keyPath) const {
        return keyPath.empty() ? m_source : keyPath;
    }

    bool refuse(const std::string& field, std::string value, std::string allowed) {
        m_refusal.emplace(fieldOrSource(field), std::move(value), std::move(allowed));
        return false;
    }

    json* place(json&& value) {
        if (m_stack.empty()) {
            m_root = std::move(value);
            return &m_root;
        }
        Frame& top = m_stack.back();
        if (top.value->is_array()) {
            top.value->push_back(std::move(value));
            return &top.value->back();
        }
        json& slot = (*top.value)[top.key];
        slot = std::move(value);
        return &slot;
    }

    bool add(json&& value) {
        place(std::move(value));
        return true;
    }

    bool open(json&& container) {
        if (m_stack.size() >= static_cast<std::size_t>(kMaxJsonDepth)) {
            return refuse(nextPath(), "an array or object nested " + std::to_string(m_stack.size() + 1) + " deep",
                          "at most " + std::to_string(kMaxJsonDepth) + " nested arrays and objects");
        }
        json* slot = place(std::move(container));
        m_stack.push_back({slot, {}});
        return true;
    }

    bool close() {
        m_stack.pop_back();
        return true;
    }

    const std::string& m_source;
    json m_root;
    std::vector<Frame> m_stack;
    std::optional<InputError> m_refusal;
};

// Length of the UTF-8 sequence starting at text[i], or 0 when it is not valid UTF-8.
std::size_t utf8Length(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    if (lead < 0x80) return 1;
    std::size_t length = 0;
    std::uint32_t code = 0;
    if ((lead & 0xE0) == 0xC0) { length = 2; code = lead & 0x1Fu; }
    else if ((lead & 0xF0) == 0xE0) { length = 3; code = lead & 0x0Fu; }
    else if ((lead & 0xF8) == 0xF0) { length = 4; code = lead & 0x07u; }
    else return 0;
    if (i + length > text.size()) return 0;
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
        code = (code << 6) | (byte(i + k) & 0x3Fu);
    }
    static constexpr std::uint32_t kSmallest[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < kSmallest[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
    return length;
}

}  // namespace

bool isUtf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = utf8Length(text, i);
        if (length == 0) return false;
        i += length;
    }
    return true;
}

std::string quoteForMessage(std::string_view text, std::size_t maxChars) {
    // Each character (a code point, an escaped control character or an invalid byte) is one unit;
    // when there are more than maxChars, the first maxChars - 3 and "..." are kept.
    std::vector<std::string> units;
    for (std::size_t i = 0; i < text.size() && units.size() <= maxChars;) {
        const auto byte = static_cast<unsigned char>(text[i]);
        const std::size_t length = utf8Length(text, i);
        char escaped[8];
        if (length == 0 || byte < 0x20 || byte == 0x7F) {
            std::snprintf(escaped, sizeof escaped, length == 0 ? "\\x%02X" : "\\u%04X", byte);
            units.emplace_back(escaped);
            i += 1;
        } else {
            units.emplace_back(text.substr(i, length));
            i += length;
        }
    }
    const bool cut = units.size() > maxChars;
    const std::size_t keep = cut ? (maxChars > 3 ? maxChars - 3 : 0) : units.size();
    std::string out;
    for (std::size_t k = 0; k < keep; ++k) out += units[k];
    if (cut) out += "...";
    return out;
}

std::string jsonForMessage(const json& value, std::size_t maxChars) {
    if (value.is_string()) return quoteForMessage(value.get_ref<const std::string&>(), maxChars);
    return quoteForMessage(value.dump(-1, ' ', false, json::error_handler_t::replace), maxChars);
}

std::string jsonText(const json& value, int indent) {
    return value.dump(indent, ' ', false, json::error_handler_t::replace) + "\n";
}

json parseJsonInput(std::string_view text, const std::string& source) {
    const auto nul = text.find('\0');
    if (nul != std::string_view::npos) {
        // The library would stop reading at the NUL and ignore everything after it.
        throw InputError(source, "a NUL byte at byte " + std::to_string(nul),
                         "JSON text without NUL bytes");
    }
    StrictBuilder builder(source);
    const bool ok = json::sax_parse(text.data(), text.data() + text.size(), &builder,
                                    json::input_format_t::json, true, false);
    if (builder.refusal()) throw *builder.refusal();
    if (!ok) throw InputError(source, "unreadable JSON", "valid JSON");
    return std::move(builder.result());
}

std::string stringMember(const json& object, const char* key, const std::string& fallback) {
    if (!object.is_object()) return fallback;
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : fallback;
}

json parseJsonOrNull(std::string_view text) {
    try {
        return parseJsonInput(text, "file");
    } catch (const InputError&) {
        return json();
    }
}

}  // namespace terrain::core
