#pragma once
// `terrain-cli compare`: generate 2 to 8 recipes, measure them (core/analysis/statistics.h) and
// write one PNG sheet with the panels side by side, titled with their recipes and with the
// numbers under each, plus the numbers as JSON (--stats). Values arrive as text and are checked
// here, so every bad value gets a message naming the flag, the value and what is allowed.
#include <core/registry.h>

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace terrain::app::cli {

struct CompareOptions {
    std::vector<std::string> recipes;   // recipe JSON files, one panel each
    std::string output;                 // the sheet (.png)
    std::optional<std::string> stats;   // JSON array, one object per panel
    std::optional<std::string> detail;  // overrides every recipe's detail
    std::optional<std::string> seed;    // overrides every recipe's seed
    std::optional<std::string> threads;
    std::string map = "common";         // common | per-panel
    std::optional<std::string> metresPerPixel;
    std::optional<std::string> heightRange;
    std::optional<std::string> walkable;
};

// Declares the subcommand and its flags on `app`; main() dispatches to runCompare when it ran.
CLI::App* addCompareCommand(CLI::App& app, CompareOptions& options);

// Throws core::InputError (exit 64), RecipeDataError (65), core::IoError (73/74) as the other
// commands do.
int runCompare(const core::Registry& registry, const CompareOptions& options);

}  // namespace terrain::app::cli
