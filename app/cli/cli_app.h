#pragma once
// terrain-cli's command line: the CLI11 tree with every subcommand and flag, parsed apart from
// running the command, so the argument parser can be fuzzed without generating or writing files.
#include "analyze_command.h"
#include "cli_commands.h"
#include "compare_command.h"
#include "layout_command.h"
#include "list_command.h"
#include "verify_command.h"
#include "world_command.h"

#include <CLI/CLI.hpp>

#include <iosfwd>
#include <optional>
#include <string>

namespace terrain::app::cli {

// The parsed command line: CLI11's tree and the option values it fills. Not movable (the tree
// points into it): make one with std::make_unique.
struct CommandLine {
    CommandLine();
    CommandLine(const CommandLine&) = delete;
    CommandLine& operator=(const CommandLine&) = delete;

    CLI::App app;
    bool listJson = false;
    bool listMarkdown = false;
    GenerationOptions gen;
    OutputOptions out;
    std::optional<std::string> width;
    std::string palette = "rainbow";
    CompareOptions compare;
    VerifyOptions verify;
    BenchOptions bench;
    WorldOptions world;
    AnalyzeOptions analyze;
    LayoutOptions layout;

    CLI::App* listCmd = nullptr;
    CLI::App* generateCmd = nullptr;
    CLI::App* ansiCmd = nullptr;
    CLI::App* compareCmd = nullptr;
    CLI::App* verifyCmd = nullptr;
    CLI::App* benchCmd = nullptr;
    CLI::App* worldCmd = nullptr;
    CLI::App* analyzeCmd = nullptr;
    CLI::App* layoutCmd = nullptr;
};

// Parses argv. Returns an exit code when the program should stop here (--help and --version
// print to `out` and give 0; a usage error prints to `err` and gives kExitUsage), or nothing when
// the chosen command should run.
std::optional<int> parseCommandLine(CommandLine& line, int argc, const char* const* argv,
                                    std::ostream& out, std::ostream& err);

// Runs the parsed command. Every exception becomes a message on `err` and a sysexits code; none
// escapes (kExitSoftware for one that no refusal expected).
int runCommandLine(const core::Registry& registry, const CommandLine& line, std::ostream& err);

}  // namespace terrain::app::cli
