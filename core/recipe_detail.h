#pragma once
// What recipe.cpp (the recipe's rules) and recipe_json.cpp (its file) share: the words of their
// messages. Internal to terrain_core.
#include "registry.h"

#include <string>
#include <vector>

namespace terrain::core::recipe_detail {

std::string paramKeys(const Algorithm& a);                    // "roughness, amplitude, …, hurst"
std::string tableKeys(const std::vector<ParamSpec>& table);   // the same for any table
std::string detailAllowed(const Algorithm& a);                // "a whole number from 1 to 14 (id)"
extern const char* const kOpIdAllowed;

}  // namespace terrain::core::recipe_detail
