#include "suggest.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <numeric>

namespace terrain::app::cli {

int editDistance(const std::string& a, const std::string& b) {
    // Optimal string alignment: one row per prefix of a, kept for the transposition step.
    const std::size_t n = b.size();
    std::vector<int> before(n + 1), previous(n + 1), current(n + 1);
    std::iota(previous.begin(), previous.end(), 0);
    for (std::size_t i = 1; i <= a.size(); ++i) {
        current[0] = int(i);
        for (std::size_t j = 1; j <= n; ++j) {
            const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
                current[j] = std::min(current[j], before[j - 2] + 1);
            }
        }
        before.swap(previous);
        previous.swap(current);
    }
    return previous[n];
}

std::string nearestName(const std::string& word, const std::vector<std::string>& candidates) {
    std::string best;
    int bestDistance = 3;  // at most 2 edits
    for (const auto& candidate : candidates) {
        const int d = editDistance(word, candidate);
        if (d > 0 && d < bestDistance && 2 * d < int(word.size())) {
            best = candidate;
            bestDistance = d;
        }
    }
    return best;
}

namespace {

std::vector<std::string> longFlags(const CLI::App& app) {
    std::vector<std::string> flags;
    for (const CLI::Option* option : app.get_options()) {
        for (const auto& name : option->get_lnames()) flags.push_back("--" + name);
    }
    return flags;
}

}  // namespace

std::string didYouMean(const CLI::App& app, int argc, const char* const* argv) {
    std::vector<std::string> commands;
    const CLI::App* command = nullptr;  // the subcommand named on the line, if any
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
        commands.push_back(sub->get_name());
    }
    std::string out;
    for (int i = 1; i < argc; ++i) {
        const std::string word = argv[i];
        if (word.rfind("--", 0) == 0) {
            const std::string flag = word.substr(0, word.find('='));
            std::vector<std::string> flags = longFlags(app);
            if (command) {
                const auto own = longFlags(*command);
                flags.insert(flags.end(), own.begin(), own.end());
            }
            if (std::find(flags.begin(), flags.end(), flag) != flags.end()) continue;
            if (const auto near = nearestName(flag, flags); !near.empty()) {
                out += "did you mean " + near + " instead of " + flag + "?\n";
            }
        } else if (!command && word.rfind('-', 0) != 0) {
            const auto known = std::find(commands.begin(), commands.end(), word);
            if (known != commands.end()) {
                command = app.get_subcommand(word);
                continue;
            }
            if (const auto near = nearestName(word, commands); !near.empty()) {
                out += "did you mean '" + near + "' instead of '" + word + "'?\n";
                command = app.get_subcommand(near);
            }
        }
    }
    return out;
}

}  // namespace terrain::app::cli
