#pragma once
// The profiles along a layout's lines, solved once per item (layout_resolve.cpp) from the terrain
// read along the line at its stations: smoothed, grade-limited, through the heights given at
// control points (z_m), or made never to rise.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace terrain::core::layout {

// The running mean over a window of `radius` stations each side (clamped at the ends): keeps
// any bound on the difference between neighbours.
std::vector<double> boxSmooth(const std::vector<double>& z, std::size_t radius);

// A road's deck from the smoothed terrain `t` at stations `s`, through the heights at some control
// points (`pins`, at arc lengths `pointS`), within grade `g` elsewhere (layout_profiles.cpp says how).
std::vector<double> roadDeck(std::vector<double> t, const std::vector<double>& s, const std::vector<double>& pointS,
                             const std::vector<std::optional<double>>& pins, double g);

// A ridge's crest or a valley's floor from the terrain `t` at stations `s` moved by `offset`
// (+height_m or -height_m), shifted towards the pins, through each exactly (at its station).
std::vector<double> crestLine(std::vector<double> t, const std::vector<double>& s, const std::vector<double>& pointS,
                              const std::vector<std::optional<double>>& pins, double offset);

// A river's water level from the terrain `t` at stations `s`: never rising, falling at least `g`
// per metre, through the pins; a pin above an earlier one throws InputError naming
// layout.`id`.z_m[K].
std::vector<double> riverLine(std::vector<double> t, const std::vector<double>& s, const std::vector<double>& pointS,
                              const std::vector<std::optional<double>>& pins, double g, const std::string& id);

}  // namespace terrain::core::layout
