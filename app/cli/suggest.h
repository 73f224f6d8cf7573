#pragma once
// "did you mean": the known subcommand or flag nearest to a mistyped one.
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace terrain::app::cli {

// Levenshtein distance (insert, delete, substitute, and swapping two neighbours counts as one).
int editDistance(const std::string& a, const std::string& b);

// The candidate nearest to `word` when it is near enough to be a typo (at most 2 edits, and
// fewer than half of the word's length), else "".
std::string nearestName(const std::string& word, const std::vector<std::string>& candidates);

// For a command line CLI11 refused: "did you mean 'generate'?" / "did you mean --detail?" lines,
// one per unknown word that has a near known subcommand or flag; "" when none.
std::string didYouMean(const CLI::App& app, int argc, const char* const* argv);

}  // namespace terrain::app::cli
