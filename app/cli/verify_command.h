#pragma once
// terrain-cli verify FILE...: checks each exported file against the SHA-256 its sidecar
// records, and that files given together come from one export (the sidecars' export_set).
// A mismatch means the file was changed, or an export was interrupted between putting its files
// in place (the next export into that folder finishes it).
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace terrain::app::cli {

struct VerifyOptions {
    std::vector<std::string> files;
};

CLI::App* addVerifyCommand(CLI::App& app, VerifyOptions& options);

// 0: every file matches; 65: a mismatch or a bad sidecar; 66: a file or sidecar is missing.
int runVerify(const VerifyOptions& options);

}  // namespace terrain::app::cli
