#include "param_spec.h"

#include "errors.h"
#include "json_input.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

namespace terrain::core {
namespace {

std::string number(double v) {
    std::ostringstream out;
    out.precision(10);
    out << v;
    return out.str();
}

}  // namespace

std::string ParamSpec::allowedText() const {
    switch (kind) {
    case ParamKind::Real:
        return "a number in [" + number(min) + ", " + number(max) + "]";
    case ParamKind::Integer:
        return "a whole number from " + number(min) + " to " + number(max);
    case ParamKind::Flag:
        return "true or false";
    case ParamKind::Choice: {
        std::string text = "one of ";
        for (std::size_t i = 0; i < choices.size(); ++i) text += (i ? ", " : "") + choices[i];
        return text;
    }
    }
    return {};
}

void ParamSpec::validate(double value, const std::string& field) const {
    const bool ok = [&] {
        if (!std::isfinite(value)) return false;
        switch (kind) {
        case ParamKind::Real:
            return value >= min && value <= max;
        case ParamKind::Integer:
            return value >= min && value <= max && value == std::floor(value);
        case ParamKind::Flag:
            return value == 0.0 || value == 1.0;
        case ParamKind::Choice:
            return value >= 0 && value < double(choices.size()) && value == std::floor(value);
        }
        return false;
    }();
    if (!ok) throw InputError(field, format(value), allowedText());
}

double ParamSpec::parse(const std::string& text, const std::string& field) const {
    if (kind == ParamKind::Choice) {
        const auto it = std::find(choices.begin(), choices.end(), text);
        if (it == choices.end()) throw InputError(field, quoteForMessage(text), allowedText());
        return double(it - choices.begin());
    }
    if (kind == ParamKind::Flag) {
        if (text == "true" || text == "1" || text == "on" || text == "yes") return 1.0;
        if (text == "false" || text == "0" || text == "off" || text == "no") return 0.0;
        throw InputError(field, quoteForMessage(text), allowedText());
    }
    double value = 0.0;
    const char* begin = text.data();
    const char* end = begin + text.size();
    const auto [ptr, ec] = std::from_chars(begin, end, value);
    if (text.empty() || ec != std::errc() || ptr != end) throw InputError(field, quoteForMessage(text), allowedText());
    validate(value, field);
    return value;
}

std::string ParamSpec::format(double value) const {
    if (kind == ParamKind::Choice && value >= 0 && value < double(choices.size()) &&
        value == std::floor(value)) {
        return choices[std::size_t(value)];
    }
    if (kind == ParamKind::Flag && (value == 0.0 || value == 1.0)) return value != 0.0 ? "true" : "false";
    return number(value);
}

const ParamSpec* findParam(const std::vector<ParamSpec>& table, const std::string& key) {
    const auto it = std::find_if(table.begin(), table.end(),
                                 [&](const ParamSpec& p) { return p.key == key; });
    return it == table.end() ? nullptr : &*it;
}

}  // namespace terrain::core
