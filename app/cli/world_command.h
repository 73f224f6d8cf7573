#pragma once
// `terrain-cli world init|tile|verify|vrt` (docs/worlds.md): the task contract that
// lets GNU parallel, a Slurm job array or any engine that hands out indices build a world of
// exact tiles. Values arrive as text and are checked here, naming the flag.
#include "cli_commands.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace terrain::app::cli {

struct WorldOptions {
    GenerationOptions gen;                      // the recipe (init)
    std::optional<std::string> worldDetail;     // init: D
    std::optional<std::string> tile;            // init: tile side 2^k+1
    std::optional<std::string> out;             // init: the world's folder
    std::optional<std::string> format;          // init: tiff32 or png16
    std::optional<std::string> world;           // tile/verify/vrt: DIR/world.json
    std::optional<std::string> index;           // tile: K or K-K2
    std::optional<std::string> threads;
    std::optional<std::string> preset;          // export: engine preset
    std::optional<std::string> resize;          // export: bicubic or crop
    std::optional<std::string> tilePattern;     // export: tile file names
    std::vector<std::string> splat;             // export: NAME=RULE splat layers, in order
    std::optional<std::string> splatSize;       // export: splat map side
    CLI::App* init = nullptr;
    CLI::App* tileCmd = nullptr;
    CLI::App* verify = nullptr;
    CLI::App* vrt = nullptr;
    CLI::App* exportCmd = nullptr;
};

CLI::App* addWorldCommand(CLI::App& app, WorldOptions& options);

// 0 when done (verify: every tile passed); 65 when verify finds failures; the usual codes for bad
// input and I/O errors (thrown, as the other commands).
int runWorld(const core::Registry& registry, const WorldOptions& options);

}  // namespace terrain::app::cli
