#pragma once
// One table per algorithm declares its parameters once. The table builds the editor's sliders,
// the CLI's flags and help, the recipe JSON (keys, validation) and the docs.
#include <string>
#include <vector>

namespace terrain::core {

enum class ParamKind {
    Real,     // a slider with a double spin box
    Integer,  // a slider with an integer spin box
    Choice,   // a combo box; the value is the index into `choices`
    Flag,     // a check box; the value is 0 or 1
};

// How a parameter follows the world when a recipe moves into another one (rescaledToWorld in
// recipe_world.h), so the terrain keeps its shape at any size.
enum class ParamScale {
    None,        // unitless, or decided by the map alone
    Horizontal,  // metres along the ground: times the extent's ratio
    Vertical,    // metres of height difference: times the height range's ratio
    Height,      // a height in metres: moved affinely from one height range to the other; the
                 // table's min and max stay (they mean "no bound")
    Slope,       // degrees: the tangent times vertical ratio / horizontal ratio
    Area,        // an area: times the extent's ratio squared
    PerArea,     // a density per area: divided by the extent's ratio squared
};

struct ParamSpec {
    std::string key;    // recipe JSON key and `--set KEY=VALUE` name, e.g. "roughness"
    std::string label;  // "Roughness"
    std::string unit;   // "" when unitless
    ParamKind kind = ParamKind::Real;
    double min = 0.0;
    double max = 1.0;
    double step = 0.01;
    double defaultValue = 0.0;
    std::string help;                  // one sentence: the tooltip, the CLI help, the docs
    std::vector<std::string> choices;  // for Choice: the names, stored in JSON as strings
    ParamScale scale = ParamScale::None;

    // Throws InputError naming `field` unless `value` is allowed for this parameter.
    void validate(double value, const std::string& field) const;
    // Parses a command-line or JSON text value ("0.6", "wrap", "true"); throws InputError.
    double parse(const std::string& text, const std::string& field) const;
    // The value as the user would write it (a choice name, "true"/"false", a number).
    std::string format(double value) const;
    // "a number in [0, 1]", "one of clip, wrap, reflect", … for error messages and help.
    std::string allowedText() const;
};

const ParamSpec* findParam(const std::vector<ParamSpec>& table, const std::string& key);

}  // namespace terrain::core
