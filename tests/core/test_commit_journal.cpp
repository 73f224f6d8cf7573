// The commit journal (core/io/commit_journal.cpp): a kill between renames is finished by the next
// export into the folder, from any working directory and from an earlier build's journal; stale
// temporaries of dead processes are removed; a crafted, untrusted or refused journal is never run
// against files outside the folder, does not block, and is reported and kept.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <array>
#include <iterator>
#include <set>
#include <stdexcept>
#include <thread>

#include "core/errors.h"
#include "core/io/atomic_file.h"
#include "core/io/file_transaction.h"
#include "core/io/game_export.h"
#include "core/io/sidecar.h"
#include "core/sha256.h"
#include "export_test_support.h"
#include "game_export_test_support.h"

#include "transaction_test_support.h"

namespace terrain::core {
namespace {

using namespace transaction_test;

TEST(FileTransaction, AKillBetweenRenamesIsFinishedByTheNextExport) {
    // Finding 7: a kill between two renames leaves a journal; the next commit into the folder
    // puts the rest of that set in place, so images and sidecars belong together again.
    ScratchDir dir;
    runGameExport(slopeMap(33, 33), tiledRequest(dir / "t.png"));
    Heightmap other = slopeMap(33, 33);
    for (int i = 0; i < 33 * 33; ++i) other.row(0)[i] += float(i % 7);

    const pid_t child = ::fork();
    if (child == 0) {
        FileTransaction transaction;
        transaction.setBeforePlaceHookForTest([](std::size_t i) {
            if (i == 5) ::_exit(9);  // as if killed here
            return true;
        });
        runGameExport(other, tiledRequest(dir / "t.png"), transaction);
        transaction.commit();
        ::_exit(0);
    }
    ASSERT_EQ(exitCodeOf(child), 9);  // killed between renames, as the hook says
    bool journal = false;
    for (const auto& name : hiddenEntries(dir)) journal |= name.find(".journal") != std::string::npos;
    EXPECT_TRUE(journal) << "the interrupted commit left its journal";

    // Any export into the folder finishes it first.
    runGameExport(slopeMap(9, 9), request(dir / "other.png"));
    EXPECT_TRUE(hiddenEntries(dir).empty());
    std::set<std::string> sets;
    for (int y = 0; y < 4; ++y) {
        for (int x = 0; x < 4; ++x) {
            const fs::path tile =
                dir / ("t_x" + std::to_string(x) + "_y" + std::to_string(y) + ".png");
            const auto sidecar = sidecarOf(tile);
            EXPECT_EQ(sidecar["sha256"], sha256FileHex(tile)) << tile;
            sets.insert(sidecar["export_set"]["sha256"].get<std::string>());
        }
    }
    EXPECT_EQ(sets.size(), 1u) << "every tile from the interrupted (new) export";
}

TEST(FileTransaction, StaleTemporariesOfDeadProcessesAreRemovedByTheNextExport) {
    // Finding 9: kill -9 left hidden temporaries that nothing removed.
    ScratchDir dir;
    const std::string dead = std::to_string(deadPid());
    writeAll(dir / (".out.png.tmp-" + dead + "-a1b2c3"), "half an export");
    writeAll(dir / (".out.png.old-" + dead + "-0"), "a backup");
    writeAll(dir / ".out.png.tmp-1-zzzzzz", "pid 1 is alive: not ours to remove");
    writeAll(dir / ".hidden-user-file", "not ours");
    runGameExport(slopeMap(9, 9), request(dir / "out.png"));
    EXPECT_EQ(hiddenEntries(dir),
              (std::set<std::string>{".out.png.tmp-1-zzzzzz", ".hidden-user-file"}));
}

// The journal's own text format: "<length>:<bytes>" fields, temp, target and backup a line.
std::string journalField(const std::string& bytes) { return std::to_string(bytes.size()) + ":" + bytes; }

std::string journalOf(const std::vector<std::array<std::string, 3>>& entries) {
    std::string text = "terrain-commit 1\n";
    for (const auto& e : entries) text += journalField(e[0]) + journalField(e[1]) + journalField(e[2]) + "\n";
    return text + "end\n";
}

fs::path journalPath(const fs::path& folder, pid_t pid) {
    return folder / (".terrain-commit-" + std::to_string(pid) + ".journal");
}

// One file written into `folder` through a transaction of its own, as any export does.
void commitOneFile(const fs::path& folder) {
    AtomicFile file(folder / "new.txt");
    file.write("new", 3);
    file.commit();
}

// A commit run in a child process (after fork, without the thread pools of earlier tests) that
// must end within `seconds`: true when it did and succeeded.
template <class Body>
bool inChildWithin(unsigned seconds, Body body) {
    const pid_t child = ::fork();
    if (child == 0) {
        ::alarm(seconds);  // a commit that blocks is killed by SIGALRM
        try {
            body();
        } catch (...) {
            ::_exit(2);
        }
        ::_exit(0);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

TEST(FileTransaction, ACraftedJournalNamingOutsideFilesIsLeftAlone) {
    // A journal is read from the folder being written, so a folder someone else made can hold
    // one: finishing it must never rename or remove anything outside that folder.
    for (const std::string how : {"absolute paths", "../ paths", "a symlink to an outside folder"}) {
        SCOPED_TRACE(how);
        ScratchDir dir;
        const fs::path folder = dir / "export", outside = dir / "outside";
        fs::create_directories(folder);
        fs::create_directories(outside);
        writeAll(outside / "secret", "secret bytes");
        writeAll(outside / "victim", "victim bytes");
        writeAll(outside / "backup", "backup bytes");
        fs::path base = outside;
        if (how == "../ paths") base = fs::relative(outside);  // as the next export resolves them
        if (how == "a symlink to an outside folder") {
            fs::create_directory_symlink(outside, folder / "link");
            base = folder / "link";
        }
        const pid_t dead = deadPid();
        const fs::path journal = journalPath(folder, dead);
        writeAll(journal, journalOf({{(base / "secret").string(), (base / "victim").string(),
                                      (base / "backup").string()}}));
        EXPECT_TRUE(inChildWithin(20, [&] { commitOneFile(folder); }));
        EXPECT_EQ(readAll(outside / "secret"), "secret bytes");
        EXPECT_EQ(readAll(outside / "victim"), "victim bytes");
        EXPECT_EQ(readAll(outside / "backup"), "backup bytes");
        EXPECT_EQ(std::distance(fs::directory_iterator(outside), fs::directory_iterator()), 3);
        EXPECT_TRUE(fs::exists(journal)) << "a refused journal stays for someone to look at";
        EXPECT_EQ(readAll(folder / "new.txt"), "new") << "the export itself went ahead";
    }
}

TEST(FileTransaction, AnInterruptedCommitIsFinishedFromAnotherWorkingDirectory) {
    // A commit killed between renames, run from one working directory, is finished by the next
    // commit into each of its folders run from another: the image and its sidecar match, in the
    // folder and in its tiles/ subfolder alike.
    ScratchDir dir;
    fs::create_directories(dir / "a" / "out" / "tiles");
    fs::create_directories(dir / "b");
    const fs::path out = dir / "a" / "out";
    writeAll(out / "map.bin", "old map");
    writeAll(out / "tiles" / "t0.bin", "old tile");
    writeAll(out / "map.bin.json", sha256Hex("old map"));

    const pid_t child = ::fork();
    if (child == 0) {
        if (::chdir((dir / "a").c_str()) != 0) ::_exit(3);
        FileTransaction transaction;
        transaction.setBeforePlaceHookForTest([](std::size_t i) {
            if (i == 1) ::_exit(9);  // as if killed after the first file went in place
            return true;
        });
        const auto stage = [&](const char* path, const std::string& bytes) {
            AtomicFile file(path, &transaction);
            file.write(bytes.data(), bytes.size());
            file.commit();
        };
        stage("out/map.bin", "new map");
        stage("out/tiles/t0.bin", "new tile");
        stage("out/map.bin.json", sha256Hex("new map"));
        transaction.commit();
        ::_exit(0);
    }
    ASSERT_EQ(exitCodeOf(child), 9);  // killed between renames, as the hook says
    ASSERT_EQ(readAll(out / "map.bin"), "new map");

    EXPECT_TRUE(inChildWithin(20, [&] {
        if (::chdir((dir / "b").c_str()) != 0) throw std::runtime_error("chdir");
        commitOneFile("../a/out/tiles");
        commitOneFile("../a/out");
    }));
    EXPECT_EQ(readAll(out / "map.bin"), "new map");
    EXPECT_EQ(readAll(out / "tiles" / "t0.bin"), "new tile");
    EXPECT_EQ(readAll(out / "map.bin.json"), sha256Hex("new map")) << "the sidecar of the new map";
    for (const fs::path& folder : {out, out / "tiles"}) {
        for (const auto& entry : fs::directory_iterator(folder)) {
            EXPECT_NE(entry.path().filename().string()[0], '.') << entry.path() << " left behind";
        }
    }
}

TEST(FileTransaction, AnEarlierBuildsJournalIsFinishedFromAnotherWorkingDirectory) {
    // Journals of earlier builds hold paths relative to the killed process's working directory
    // ("out/..." from a/). Run from b/, the commit into ../a/out finishes it in a/out, where
    // the journal is, and not in b/out.
    ScratchDir dir;
    const fs::path out = dir / "a" / "out";
    fs::create_directories(out);
    fs::create_directories(dir / "b" / "out");
    const pid_t dead = deadPid();
    const std::string pid = std::to_string(dead);
    writeAll(out / "map.bin", "new map");  // placed before the kill
    writeAll(out / "map.bin.json", sha256Hex("old map"));
    writeAll(out / (".map.bin.json.tmp-" + pid + "-abcdef"), sha256Hex("new map"));
    writeAll(journalPath(out, dead),
             journalOf({{"out/.map.bin.tmp-" + pid + "-ghijkl", "out/map.bin", ""},
                        {"out/.map.bin.json.tmp-" + pid + "-abcdef", "out/map.bin.json", ""}}));
    ::chmod(journalPath(out, dead).c_str(), 0600);
    EXPECT_TRUE(inChildWithin(20, [&] {
        if (::chdir((dir / "b").c_str()) != 0) throw std::runtime_error("chdir");
        commitOneFile("../a/out");
    }));
    EXPECT_EQ(readAll(out / "map.bin.json"), sha256Hex("new map"));
    EXPECT_FALSE(fs::exists(journalPath(out, dead)));
    EXPECT_TRUE(fs::is_empty(dir / "b" / "out"));
}

TEST(FileTransaction, AnUntrustedJournalIsNotRunAndDoesNotBlock) {
    // Only a journal this user could have written is run: a regular file of ours, writable by
    // nobody else, of a journal's size. Anything else named like one is left alone, and reading
    // it never waits (a FIFO would block a plain open for ever).
    for (const std::string how : {"writable by others", "another user's", "oversized", "a FIFO"}) {
        SCOPED_TRACE(how);
        if (how == "another user's" && ::geteuid() != 0) continue;  // needs chown
        ScratchDir dir;
        const pid_t dead = deadPid();
        const std::string temp = ".a.png.tmp-" + std::to_string(dead) + "-abcdef";
        writeAll(dir / "a.png", "original");
        writeAll(dir / temp, "from the journal");
        const fs::path journal = journalPath(dir.path(), dead);
        std::vector<std::array<std::string, 3>> entries{{(dir / temp).string(), (dir / "a.png").string(), ""}};
        if (how == "oversized") {
            for (int i = 0; i < 20000; ++i) {
                entries.push_back({(dir / (".none.tmp-" + std::to_string(i))).string(), (dir / "none").string(), ""});
            }
        }
        if (how == "a FIFO") {
            ASSERT_EQ(::mkfifo(journal.c_str(), 0600), 0);
        } else {
            writeAll(journal, journalOf(entries));
            ::chmod(journal.c_str(), how == "writable by others" ? 0666 : 0600);
            if (how == "another user's") {
                ASSERT_EQ(::chown(journal.c_str(), 65534, 65534), 0);
            }
        }
        if (how == "oversized") {
            ASSERT_GT(fs::file_size(journal), 1u << 20);
        }
        EXPECT_TRUE(inChildWithin(20, [&] { commitOneFile(dir.path()); })) << "the commit went ahead";
        EXPECT_EQ(readAll(dir / "a.png"), "original");
        EXPECT_TRUE(fs::exists(fs::symlink_status(journal)));
    }
}

TEST(FileTransaction, ARefusedJournalIsReportedAndKept) {
    // The caller learns which journal was not run and why; the journal and its files stay.
    ScratchDir dir;
    const pid_t dead = deadPid();
    writeAll(dir / "victim", "victim bytes");
    writeAll(journalPath(dir.path(), dead), journalOf({{"/etc/hostname", (dir / "victim").string(), ""}}));
    ::chmod(journalPath(dir.path(), dead).c_str(), 0600);
    const auto report = cleanStaleFiles(dir.path());
    ASSERT_EQ(report.refusedJournals.size(), 1u);
    EXPECT_NE(report.refusedJournals[0].find(journalPath(dir.path(), dead).string()), std::string::npos)
        << report.refusedJournals[0];
    EXPECT_NE(report.refusedJournals[0].find("outside its folder"), std::string::npos)
        << report.refusedJournals[0];
    EXPECT_TRUE(fs::exists(journalPath(dir.path(), dead)));

    FileTransaction transaction;
    AtomicFile file(dir / "new.txt", &transaction);
    file.write("new", 3);
    file.commit();
    transaction.commit();
    EXPECT_EQ(transaction.refusedJournals(), report.refusedJournals);
    EXPECT_EQ(readAll(dir / "victim"), "victim bytes");
}

}  // namespace
}  // namespace terrain::core
