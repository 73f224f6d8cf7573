#include "errors.h"

namespace terrain::core {

InputError::InputError(std::string field, std::string value, std::string allowed)
    : std::runtime_error(field + ": '" + value + "' is not allowed; expected " + allowed),
      m_field(std::move(field)),
      m_value(std::move(value)),
      m_allowed(std::move(allowed)) {}

SizeError::SizeError(std::string what, std::uint64_t bytesNeeded, std::uint64_t bytesAvailable)
    : std::runtime_error(what + " would need " + std::to_string(bytesNeeded) + " bytes, but only " +
                         std::to_string(bytesAvailable) + " bytes of memory are available"),
      m_bytesNeeded(bytesNeeded) {}

}  // namespace terrain::core
