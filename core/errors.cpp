#include "errors.h"

#include <utility>

namespace terrain::core {

namespace {

const FieldNames kIds;  // the ids themselves: terrain-cli's flags

std::string inputMessage(const std::string& field, const std::string& value,
                         const std::string& allowed) {
    return field + ": '" + value + "' is not allowed; expected " + allowed;
}

std::string sizeMessage(const std::string& what, std::uint64_t bytesNeeded,
                        std::uint64_t bytesAvailable) {
    return what + " would need " + std::to_string(bytesNeeded) + " bytes, but only " +
           std::to_string(bytesAvailable) + " bytes of memory are available";
}

}  // namespace

std::string FieldNames::field(const std::string& id) const { return id; }

std::string FieldNames::settings(const std::vector<FieldSetting>& settings) const {
    std::string text;
    for (const FieldSetting& s : settings) {
        if (!text.empty()) text += ' ';
        text += field(s.field) + " " + s.value;
    }
    return text;
}

FieldText::FieldText(std::string text) {
    if (!text.empty()) m_parts.push_back({std::move(text), {}, Part::Kind::Text});
}

FieldText::FieldText(const char* text) : FieldText(std::string(text)) {}

FieldText FieldText::field(std::string id) {
    FieldText t;
    t.m_parts.push_back({std::move(id), {}, Part::Kind::Field});
    return t;
}

FieldText FieldText::settings(std::vector<FieldSetting> settings) {
    FieldText t;
    t.m_parts.push_back({{}, std::move(settings), Part::Kind::Settings});
    return t;
}

FieldText& FieldText::operator+=(const FieldText& other) {
    m_parts.insert(m_parts.end(), other.m_parts.begin(), other.m_parts.end());
    return *this;
}

std::string FieldText::render(const FieldNames& names) const {
    std::string text;
    for (const Part& part : m_parts) {
        switch (part.kind) {
            case Part::Kind::Text: text += part.text; break;
            case Part::Kind::Field: text += names.field(part.text); break;
            case Part::Kind::Settings: text += names.settings(part.settings); break;
        }
    }
    return text;
}

std::string FieldText::render() const { return render(kIds); }

InputError::InputError(std::string field, std::string value, FieldText allowed)
    : std::runtime_error(inputMessage(field, value, allowed.render())),
      m_field(std::move(field)),
      m_value(std::move(value)),
      m_allowed(std::move(allowed)),
      m_allowedText(m_allowed.render()) {}

std::string InputError::message(const FieldNames& names) const {
    return inputMessage(names.field(m_field), m_value, m_allowed.render(names));
}

SizeError::SizeError(FieldText what, std::uint64_t bytesNeeded, std::uint64_t bytesAvailable)
    : std::runtime_error(sizeMessage(what.render(), bytesNeeded, bytesAvailable)),
      m_what(std::move(what)),
      m_bytesNeeded(bytesNeeded),
      m_bytesAvailable(bytesAvailable) {}

std::string SizeError::message(const FieldNames& names) const {
    return sizeMessage(m_what.render(names), m_bytesNeeded, m_bytesAvailable);
}

}  // namespace terrain::core
