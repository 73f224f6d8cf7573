// terrain-cli: batch generation and export over terrain_core (no Qt).
#include "cli_app.h"

#include <core/json_input.h>

#include <iostream>
#include <memory>

int main(int argc, char** argv) {
    namespace cli = terrain::app::cli;
    // The last resort: whatever escapes the command (or the set-up before it) is reported with
    // exit 70 (EX_SOFTWARE) rather than reaching std::terminate.
    try {
        const auto registry = terrain::core::makeBuiltinRegistry();
        auto line = std::make_unique<cli::CommandLine>();
        if (const auto code = cli::parseCommandLine(*line, argc, argv, std::cout, std::cerr)) return *code;
        return cli::runCommandLine(registry, *line, std::cerr);
    } catch (const std::exception& e) {
        std::cerr << "terrain-cli: internal error: " << terrain::core::quoteForMessage(e.what(), 1024) << "\n";
    } catch (...) {
        std::cerr << "terrain-cli: internal error (unknown exception)\n";
    }
    return cli::kExitSoftware;
}
