#include "verify_command.h"

#include "cli_commands.h"

#include <core/errors.h>
#include <core/json_input.h>
#include <core/io/sidecar.h>
#include <core/io/untrusted_file.h>
#include <core/sha256.h>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <sys/stat.h>

#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

namespace terrain::app::cli {
namespace {

namespace fs = std::filesystem;

constexpr int kExitNoInput = 66;  // sysexits EX_NOINPUT

struct Checked {
    int code = kExitOk;
    std::string setSha256;  // empty for a lone file
};

bool isRegularFile(const fs::path& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool isHexSha256(const std::string& text) {
    if (text.size() != 64) return false;
    for (const char c : text) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    }
    return true;
}

// FILE or FILE.json: the export and its sidecar.
std::pair<fs::path, fs::path> exportAndSidecar(const std::string& given) {
    fs::path path = given;
    if (path.extension() == ".json") {
        fs::path exported = path;
        exported.replace_extension();
        if (isRegularFile(exported)) return {exported, path};
    }
    return {path, core::sidecarPath(path)};
}

Checked fail(int code, const std::string& message) {
    std::cerr << "terrain-cli: " << message << "\n";
    return {code, {}};
}

// The whole export set `set` (a sidecar's export_set) lists, from `file`'s folder: every member
// there with its sidecar, and the hash over the members' contents equal to the set's. Empty when
// it holds; else what is wrong. Sets from before members were listed are not checked here.
std::string checkSet(const fs::path& file, const nlohmann::json& set) {
    if (!set.contains("members")) return {};
    const nlohmann::json& members = set["members"];
    const nlohmann::json files = set.value("files", nlohmann::json());
    if (!members.is_array() || !files.is_number_unsigned() || members.size() != files.get<std::size_t>() ||
        members.empty() || !set.contains("sha256") || !set["sha256"].is_string()) {
        return "its sidecar's export_set is not one we write (files, members, sha256)";
    }
    std::string hashes;
    for (const auto& member : members) {
        if (!member.is_string() || member.get<std::string>().empty() || fs::path(member.get<std::string>()).is_absolute())
            return "its sidecar's export_set names a member that is not a relative path: " + core::jsonForMessage(member);
        const fs::path path = file.parent_path() / member.get<std::string>();
        const std::string count = std::to_string(members.size());
        if (!isRegularFile(path)) return "the export set has " + count + " files, and " + path.string() + " is missing";
        if (!isRegularFile(core::sidecarPath(path)))
            return "the export set has " + count + " files, and the sidecar of " + path.string() + " is missing";
        hashes += core::sha256FileHex(path) + "\n";
    }
    if (core::sha256Hex(hashes) != set["sha256"].get<std::string>()) {
        return "the files of its export set do not hash to the set's SHA-256 in its sidecar: a member was changed "
               "(together with its own sidecar), or replaced by one of another export";
    }
    return {};
}

Checked verifyOne(const std::string& given, std::map<std::string, std::string>& sets) {
    const auto [file, sidecar] = exportAndSidecar(given);
    if (!isRegularFile(file)) return fail(kExitNoInput, file.string() + ": no such file");
    if (!isRegularFile(sidecar)) {
        return fail(kExitNoInput, file.string() + ": its sidecar " + sidecar.string() +
                                      " is missing (every export writes one)");
    }
    std::string sidecarText;
    try {
        sidecarText = core::readUntrustedFile(sidecar, core::kMaxSidecarBytes, sidecar.string(), "sidecar");
    } catch (const core::InputError& e) {
        return fail(kExitDataErr, e.what());
    }
    nlohmann::json j;
    try {
        // The hardened reader (depth, duplicate keys, NUL bytes, huge numbers): a sidecar is
        // outside input like any other file.
        j = core::parseJsonInput(sidecarText, sidecar.string());
    } catch (const core::InputError& e) {
        return fail(kExitDataErr, std::string("not a sidecar: ") + e.what());
    }
    if (!j.is_object() || !j.contains("sha256") || !j["sha256"].is_string() ||
        !isHexSha256(j["sha256"].get<std::string>())) {
        return fail(kExitDataErr, sidecar.string() +
                                      ": field sha256 is missing or not a SHA-256 (sidecars "
                                      "from before it was recorded cannot be verified)");
    }
    const std::string expected = j["sha256"].get<std::string>();
    const std::string actual = core::sha256FileHex(file);
    if (actual != expected) {
        return fail(kExitDataErr,
                    file.string() + ": does NOT match its sidecar (sha256 " + actual +
                        ", the sidecar records " + expected +
                        "): the file was changed, or an export into this folder was interrupted "
                        "(the next export there finishes it)");
    }
    Checked ok;
    if (j.contains("export_set") && j["export_set"].is_object() &&
        j["export_set"].contains("sha256") && j["export_set"]["sha256"].is_string()) {
        ok.setSha256 = j["export_set"]["sha256"].get<std::string>();
        // Each set once per run, however many of its files are named.
        std::error_code ec;
        const std::string key = fs::absolute(file.parent_path(), ec).string() + "\n" + ok.setSha256;
        const auto known = sets.find(key);
        const std::string problem = known != sets.end() ? known->second : checkSet(file, j["export_set"]);
        sets[key] = problem;
        if (!problem.empty()) return fail(kExitDataErr, file.string() + ": " + problem);
    }
    std::cout << file.string() << ": ok\n";
    return ok;
}

}  // namespace

CLI::App* addVerifyCommand(CLI::App& app, VerifyOptions& options) {
    auto* verify = app.add_subcommand(
        "verify", "Check exported files against the SHA-256 in their sidecars, and that files "
                  "given together come from one export");
    verify->add_option("files", options.files, "Exported files (or their .json sidecars)")
        ->required();
    return verify;
}

int runVerify(const VerifyOptions& options) {
    int code = kExitOk;
    std::optional<std::string> set;
    std::string setOf;
    std::map<std::string, std::string> sets;
    for (const auto& given : options.files) {
        const Checked checked = verifyOne(given, sets);
        if (checked.code != kExitOk) {
            if (code == kExitOk || checked.code == kExitNoInput) code = checked.code;
            continue;
        }
        if (options.files.size() < 2) continue;
        if (!set) {
            set = checked.setSha256;
            setOf = given;
        } else if (*set != checked.setSha256) {
            std::cerr << "terrain-cli: " << given << " and " << setOf
                      << " come from different exports (their sidecars' export_set differs)\n";
            if (code == kExitOk) code = kExitDataErr;
        }
    }
    return code;
}

}  // namespace terrain::app::cli
