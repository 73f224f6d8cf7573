#pragma once
// What the file-transaction tests share (test_file_transaction.cpp, test_commit_journal.cpp): the
// folder's entries, a file's sidecar, a tiled export request, a dead process id and a child's
// exit code.
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <set>
#include <string>

#include "core/io/game_export.h"
#include "core/io/sidecar.h"
#include "export_test_support.h"
#include "game_export_test_support.h"

namespace terrain::core::transaction_test {

// The exit code of the forked `child` once it ends; -1 when a signal ended it.
inline int exitCodeOf(pid_t child) {
    int status = 0;
    ::waitpid(child, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

namespace fs = std::filesystem;
using test::readAll;
using test::request;
using test::ScratchDir;
using test::slopeMap;
using test::writeAll;

inline std::set<std::string> entrySet(const ScratchDir& dir) {
    const auto names = dir.entries();
    return {names.begin(), names.end()};
}

// The files an export left, hidden ones (ours) reported apart.
inline std::set<std::string> hiddenEntries(const ScratchDir& dir) {
    std::set<std::string> hidden;
    for (const auto& name : dir.entries()) {
        if (name[0] == '.') hidden.insert(name);
    }
    return hidden;
}

inline nlohmann::json sidecarOf(const fs::path& file) {
    return nlohmann::json::parse(readAll(sidecarPath(file)));
}

// A process id that is certainly not running: a child that has exited and been reaped.
inline pid_t deadPid() {
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    int status = 0;
    ::waitpid(child, &status, 0);
    return child;
}

inline GameExportRequest tiledRequest(const fs::path& output) {
    GameExportRequest r = request(output);
    r.tiles = TileLayout{};
    r.tiles->columns = 4;
    r.tiles->rows = 4;
    return r;
}

}  // namespace terrain::core::transaction_test
