#pragma once
// Errors raised by core when outside input (flags, recipe files, dialog fields, paths, sizes)
// cannot be used. Every message names the field, the value and what is allowed, so the CLI can
// print it as it is and the editor can show it in a dialog.
//
// A field is named by an id. The ids of an export's inputs are terrain-cli's flags (field::k*
// below), so what() reads as the CLI's message; the editor shows the same error in its own
// words by passing FieldNames that map each id to its label. A message that mentions another
// field ("try --size 505x505") holds it as a reference (FieldText), never as text to rewrite.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace terrain::core {

// The ids core gives the inputs of an export (GameExportRequest's fields).
namespace field {
inline constexpr const char* kOutput = "--output";
inline constexpr const char* kFormat = "--format";
inline constexpr const char* kPreset = "--preset";
inline constexpr const char* kMapping = "--map";
inline constexpr const char* kMetresPerPixel = "--metres-per-pixel";
inline constexpr const char* kHeightRange = "--height-range";
inline constexpr const char* kSize = "--size";
inline constexpr const char* kResize = "--resize";
inline constexpr const char* kTiles = "--tiles";
inline constexpr const char* kTileBorder = "--tile-border";
inline constexpr const char* kTilePattern = "--tile-pattern";
inline constexpr const char* kTriangles = "--triangles";
inline constexpr const char* kSplat = "--splat";
inline constexpr const char* kSplatSize = "--splat-size";
}  // namespace field

// A field set to a value, as a message suggests it: "--size 505x505".
struct FieldSetting {
    std::string field;  // id
    std::string value;  // as the CLI would take it ("505x505", "bicubic")
};

// How a front end names fields. The defaults are the ids themselves (terrain-cli's words):
// "--size", and settings used together as one command line "--size 505x505 --resize bicubic".
class FieldNames {
public:
    virtual ~FieldNames() = default;
    virtual std::string field(const std::string& id) const;
    virtual std::string settings(const std::vector<FieldSetting>& settings) const;
};

// Message text that may mention fields; each front end renders it with its FieldNames.
class FieldText {
public:
    FieldText() = default;
    FieldText(std::string text);  // NOLINT(google-explicit-constructor): plain text is a FieldText
    FieldText(const char* text);  // NOLINT(google-explicit-constructor)

    static FieldText field(std::string id);
    static FieldText settings(std::vector<FieldSetting> settings);

    FieldText& operator+=(const FieldText& other);
    friend FieldText operator+(FieldText a, const FieldText& b) { return a += b; }

    std::string render(const FieldNames& names) const;
    std::string render() const;  // with the default names

private:
    struct Part {
        std::string text;                   // plain text, or the id of a field
        std::vector<FieldSetting> settings;  // a settings part
        enum class Kind { Text, Field, Settings } kind = Kind::Text;
    };
    std::vector<Part> m_parts;
};

// Bad input: `field` (an id: a flag, JSON key or dialog field), the `value` given, what is
// `allowed`.
class InputError : public std::runtime_error {
public:
    InputError(std::string field, std::string value, FieldText allowed);
    const std::string& field() const { return m_field; }
    const std::string& value() const { return m_value; }
    // What is allowed, in terrain-cli's words (as in what()).
    const std::string& allowed() const { return m_allowedText; }
    const FieldText& allowedText() const { return m_allowed; }
    // "FIELD: 'VALUE' is not allowed; expected ALLOWED" with every field named by `names`.
    std::string message(const FieldNames& names) const;

private:
    std::string m_field;
    std::string m_value;
    FieldText m_allowed;
    std::string m_allowedText;
};

// A grid that would not fit in memory; refused before anything is allocated. `what` names the
// request ("the resized map", or a field such as --size as a reference).
class SizeError : public std::runtime_error {
public:
    SizeError(FieldText what, std::uint64_t bytesNeeded, std::uint64_t bytesAvailable);
    std::uint64_t bytesNeeded() const { return m_bytesNeeded; }
    // "WHAT would need N bytes, but only M bytes of memory are available", fields by `names`.
    std::string message(const FieldNames& names) const;

private:
    FieldText m_what;
    std::uint64_t m_bytesNeeded;
    std::uint64_t m_bytesAvailable;
};

// A file could not be created (missing or read-only folder) or written (disk full, I/O error).
class IoError : public std::runtime_error {
public:
    enum class Kind { CannotCreate, WriteFailed };
    IoError(Kind kind, const std::string& message) : std::runtime_error(message), m_kind(kind) {}
    Kind kind() const { return m_kind; }

private:
    Kind m_kind;
};

// Thrown by a generator that saw its cancel token set; the partial grid is discarded.
class Cancelled : public std::runtime_error {
public:
    Cancelled() : std::runtime_error("generation cancelled") {}
};

}  // namespace terrain::core
