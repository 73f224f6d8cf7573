// libFuzzer target: a commit journal (.terrain-commit-PID.journal) found in a folder being
// exported into, as the next commit finishes it (core::cleanStaleFiles). The input is the
// journal's text; it lies in a fresh folder with a few files of an export, a symlink to a
// sibling "outside" folder and one to a file there. Whatever the journal says, nothing outside
// the folder may change, and a journal that is not run stays where it was.
#include "core/io/file_transaction.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

namespace {

namespace fs = std::filesystem;

// No process has this id (Linux's pid_max is at most 2^22), so its journal is always stale.
constexpr const char* kDeadPid = "99999999";

void writeFile(const fs::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Every entry under `root` except `skip`, with its type and content (or link target).
std::map<std::string, std::string> snapshot(const fs::path& root, const fs::path& skip) {
    std::map<std::string, std::string> entries;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path() == skip) {
            it.disable_recursion_pending();
            entries[it->path().string()] = "the export folder";
            continue;
        }
        const auto status = fs::symlink_status(it->path());
        std::string& value = entries[it->path().string()];
        if (fs::is_symlink(status)) {
            value = "link " + fs::read_symlink(it->path()).string();
        } else if (fs::is_regular_file(status)) {
            std::ifstream in(it->path(), std::ios::binary);
            value = "file " + std::string(std::istreambuf_iterator<char>(in), {});
        } else {
            value = "type " + std::to_string(int(status.type()));
        }
    }
    return entries;
}

fs::path scratchRoot() {
    return fs::temp_directory_path() / ("terrain-fuzz-journal-" + std::to_string(::getpid()));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 1 << 16) return 0;
    static const fs::path workingDirectory = fs::current_path();
    static const fs::path root = [] {
        std::atexit([] {
            std::error_code ignored;
            fs::remove_all(scratchRoot(), ignored);
        });
        return scratchRoot();
    }();
    const fs::path folder = root / "export", outside = root / "outside";
    std::error_code ec;
    fs::remove_all(root, ec);
    fs::create_directories(folder);
    fs::create_directories(outside / "sub");
    writeFile(root / "beside", "a file beside the export folder");
    writeFile(outside / "secret", "secret");
    writeFile(outside / "victim", "victim");
    writeFile(outside / "sub" / "deep", "deep");
    const std::string pid = kDeadPid;
    writeFile(folder / "a.png", "old a");
    writeFile(folder / (".a.png.tmp-" + pid + "-abcdef"), "new a");
    fs::create_hard_link(folder / "a.png", folder / (".a.png.old-" + pid + "-0"));
    writeFile(folder / (".b.png.tmp-" + pid + "-ghijkl"), "new b");
    fs::create_directory_symlink(outside, folder / "out");
    fs::create_symlink(outside / "victim", folder / "victim");
    fs::create_symlink(outside / "secret", folder / (".c.png.tmp-" + pid + "-mnopqr"));
    // Relative paths of earlier journals were taken from the working directory.
    fs::current_path(folder);

    const fs::path journal = folder / (".terrain-commit-" + pid + ".journal");
    writeFile(journal, std::string(reinterpret_cast<const char*>(data), size));
    ::chmod(journal.c_str(), 0600);
    const auto before = snapshot(root, folder);

    const auto report = terrain::core::cleanStaleFiles(folder);

    if (snapshot(root, folder) != before) std::abort();  // something outside the folder changed
    if (!report.refusedJournals.empty() && !fs::is_regular_file(journal)) std::abort();
    fs::current_path(workingDirectory);  // the corpus driver's paths are relative to it
    return 0;
}
