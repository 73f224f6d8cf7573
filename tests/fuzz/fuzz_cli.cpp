// libFuzzer target: terrain-cli's argument parser (CLI11 and its option tree), one argument a
// line of the input. Parses only: no command runs, nothing is generated or written.
#include "app/cli/cli_app.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 4096) return 0;  // the parser is linear; long inputs only slow the search
    std::vector<std::string> args{"terrain-cli"};
    std::string current;
    for (std::size_t i = 0; i < size; ++i) {
        const char c = static_cast<char>(data[i]);
        if (c == '\n') {
            args.push_back(current);
            current.clear();
        } else {
            current += c;
        }
    }
    if (!current.empty()) args.push_back(current);
    std::vector<const char*> argv;
    for (const auto& a : args) argv.push_back(a.c_str());
    argv.push_back(nullptr);

    auto line = std::make_unique<terrain::app::cli::CommandLine>();
    std::ostringstream out;
    std::ostringstream err;
    (void)terrain::app::cli::parseCommandLine(*line, static_cast<int>(args.size()), argv.data(), out, err);
    return 0;
}
