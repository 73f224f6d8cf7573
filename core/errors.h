#pragma once
// Errors raised by core when outside input (flags, recipe files, dialog fields, paths, sizes)
// cannot be used. Every message names the field, the value and what is allowed, so the CLI can
// print it as it is and the editor can show it in a dialog.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace terrain::core {

// Bad input: `field` (a flag, JSON key or dialog field), the `value` given, what is `allowed`.
class InputError : public std::runtime_error {
public:
    InputError(std::string field, std::string value, std::string allowed);
    const std::string& field() const { return m_field; }
    const std::string& value() const { return m_value; }
    const std::string& allowed() const { return m_allowed; }

private:
    std::string m_field;
    std::string m_value;
    std::string m_allowed;
};

// A grid that would not fit in memory; refused before anything is allocated.
class SizeError : public std::runtime_error {
public:
    SizeError(std::string what, std::uint64_t bytesNeeded, std::uint64_t bytesAvailable);
    std::uint64_t bytesNeeded() const { return m_bytesNeeded; }

private:
    std::uint64_t m_bytesNeeded;
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
