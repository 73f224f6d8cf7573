// Multi-file exports are transactions: all files or none, previous files kept until the new set
// is complete, non-regular targets refused, symlinks followed, no setuid bits, sidecars that hash
// what is put in place. The journal's recovery (a kill between renames finished by the next
// export, stale temporaries removed, crafted journals refused) is in test_commit_journal.cpp.
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

TEST(FileTransaction, AFailedSidecarKeepsThePreviousImage) {
    // Finding 4: old out.png plus an out.png.json that cannot be written used to delete out.png.
    ScratchDir dir;
    writeAll(dir / "out.png", "previous image");
    fs::create_directory(dir / "out.png.json");  // the sidecar cannot be put there
    EXPECT_THROW(runGameExport(slopeMap(33, 33), request(dir / "out.png")), IoError);
    EXPECT_EQ(readAll(dir / "out.png"), "previous image");
    EXPECT_TRUE(fs::is_directory(dir / "out.png.json"));
    EXPECT_EQ(entrySet(dir), (std::set<std::string>{"out.png", "out.png.json"}));
}

// Every file in the folder and a digest of its bytes (short enough to print on a failure).
std::map<std::string, std::string> folderDigest(const ScratchDir& dir) {
    std::map<std::string, std::string> digest;
    for (const auto& name : dir.entries()) digest[name] = sha256Hex(readAll(dir / name)).substr(0, 12);
    return digest;
}

TEST(FileTransaction, AFailureWhilePlacingRestoresEveryPreviousTile) {
    // Findings 4 and 5: one tile failing after earlier ones were put in place restores them all.
    ScratchDir dir;
    runGameExport(slopeMap(33, 33), tiledRequest(dir / "t.png"));
    const auto before = folderDigest(dir);
    ASSERT_EQ(before.size(), 32u);  // 16 tiles and their sidecars

    for (const std::size_t failing : {std::size_t(0), std::size_t(7), std::size_t(31)}) {
        {
            FileTransaction transaction;
            transaction.setBeforePlaceHookForTest([failing](std::size_t i) { return i != failing; });
            Heightmap other = slopeMap(33, 33);
            for (int i = 0; i < 33 * 33; ++i) other.row(0)[i] *= -1.0f;
            runGameExport(other, tiledRequest(dir / "t.png"), transaction);
            EXPECT_THROW(transaction.commit(), IoError) << failing;
        }
        EXPECT_EQ(folderDigest(dir), before) << "failing at file " << failing;
    }
}

// Run in a forked child: 0 when a tiled re-export under a file size limit fails and leaves
// every old file as it was.
int tiledReExportUnderFileSizeLimit() {
    ScratchDir dir;
    runGameExport(slopeMap(65, 65), tiledRequest(dir / "t.r16"));
    const auto before = folderDigest(dir);
    std::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{1024, 1024};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    GameExportRequest r = tiledRequest(dir / "t.r16");
    r.format = ExportFormat::Txt;  // ~17 bytes a sample: over the limit
    bool refused = false;
    try {
        runGameExport(slopeMap(65, 65), r);
    } catch (const IoError&) {
        refused = true;
    }
    return refused && folderDigest(dir) == before ? 0 : 1;
}

TEST(FileTransaction, AFullDiskDuringATiledReExportTouchesNothing) {
    // Finding 5: under a file size limit the first tile fails to stage; every old file stays.
    // "threadsafe": the child starts afresh, without the thread pools earlier tests left running
    // (a plain fork copies their locks mid-use; the child crashed in a full run).
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(std::exit(tiledReExportUnderFileSizeLimit()), ::testing::ExitedWithCode(0), "");
    GTEST_FLAG_SET(death_test_style, "fast");
}

TEST(FileTransaction, NonRegularTargetsAreRefusedAndNeverReplaced) {
    // Finding 8: a device node, FIFO or folder is never replaced; the message names it.
    ScratchDir dir;
    ::mkfifo((dir / "pipe.png").c_str(), 0644);
    fs::create_directory(dir / "folder.png");
    fs::create_symlink("/dev/full", dir / "full.png");
    for (const fs::path& target :
         {fs::path("/dev/null"), dir / "pipe.png", dir / "folder.png", dir / "full.png"}) {
        try {
            GameExportRequest r = request(target);
            r.format = ExportFormat::Png16;
            runGameExport(slopeMap(9, 9), r);
            ADD_FAILURE() << target << " was replaced";
        } catch (const IoError& e) {
            EXPECT_EQ(e.kind(), IoError::Kind::CannotCreate);
            EXPECT_NE(std::string(e.what()).find(target.string()), std::string::npos) << e.what();
        }
    }
    struct stat st {};
    ASSERT_EQ(::stat("/dev/null", &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode));
    EXPECT_TRUE(fs::is_fifo(dir / "pipe.png"));
    EXPECT_TRUE(fs::is_symlink(dir / "full.png"));
    EXPECT_TRUE(hiddenEntries(dir).empty());
}

TEST(FileTransaction, ASymlinkedOutputWritesItsTargetAndStaysALink) {
    ScratchDir dir;
    fs::create_directory(dir / "real");
    writeAll(dir / "real" / "map.png", "old");
    fs::create_symlink("real/map.png", dir / "link.png");
    runGameExport(slopeMap(9, 9), request(dir / "link.png"));
    EXPECT_TRUE(fs::is_symlink(dir / "link.png"));
    EXPECT_NE(readAll(dir / "real" / "map.png"), "old");
    EXPECT_TRUE(test::readPng(dir / "real" / "map.png").ok);
}

TEST(FileTransaction, ReplacedFilesLoseSetuidAndNewFilesFollowTheUmask) {
    ScratchDir dir;
    writeAll(dir / "s.png", "old");
    ::chmod((dir / "s.png").c_str(), 04755);
    runGameExport(slopeMap(9, 9), request(dir / "s.png"));
    struct stat st {};
    ASSERT_EQ(::stat((dir / "s.png").c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 0755u);

    const mode_t old = ::umask(027);
    runGameExport(slopeMap(9, 9), request(dir / "n.png"));
    ::umask(old);
    ASSERT_EQ(::stat((dir / "n.png").c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 0640u);
}

TEST(FileTransaction, TileNamesThatCollideAreRefusedBeforeWriting) {
    // Finding 6: 't{x}{y}.png' gives (1,11) and (11,1) the same name; (11,0) and (1,10) first.
    GameExportRequest r = request("t.png");
    r.tiles = parseTiles("12x12");
    r.tilePattern = "t{x}{y}.png";
    const auto refused = test::refusal(r, 12 * 8 + 1, 12 * 8 + 1);
    ASSERT_TRUE(refused.has_value());
    EXPECT_EQ(refused->field(), field::kTilePattern);
    EXPECT_NE(std::string(refused->what()).find("t110.png"), std::string::npos) << refused->what();
    r.tilePattern = "t{x}-{y}.png";
    EXPECT_FALSE(test::refusal(r, 12 * 8 + 1, 12 * 8 + 1).has_value());
}

TEST(FileTransaction, PngWiderThanLibpngReadsIsRefusedUpFront) {
    // Finding 10: a 2^20+1 midpoint line failed after generating with "Invalid IHDR data".
    GameExportRequest r = request("line.png");
    const auto refused = test::refusal(r, (1 << 20) + 1, 1);
    ASSERT_TRUE(refused.has_value());
    EXPECT_EQ(refused->field(), field::kFormat);
    EXPECT_NE(refused->allowed().find("1000000"), std::string::npos) << refused->what();
    r.output = "line.r32";
    EXPECT_FALSE(test::refusal(r, (1 << 20) + 1, 1).has_value());
}

TEST(FileTransaction, ANonUtf8NameIsWrittenWithItsSidecar) {
    // Finding 3: the sidecar's JSON refused the name after the image was in place.
    ScratchDir dir;
    const fs::path output = dir / "caf\xe9.png";
    runGameExport(slopeMap(9, 9), request(output));
    ASSERT_TRUE(fs::exists(output));
    const auto sidecar = sidecarOf(output);
    EXPECT_EQ(sidecar["sha256"], sha256FileHex(output));
}

TEST(FileTransaction, SidecarsRecordTheirFilesHashAndTheSet) {
    ScratchDir dir;
    runGameExport(slopeMap(33, 33), tiledRequest(dir / "t.exr"));
    std::string hashes;
    for (int y = 0; y < 4; ++y) {
        for (int x = 0; x < 4; ++x) {
            const fs::path tile =
                dir / ("t_x" + std::to_string(x) + "_y" + std::to_string(y) + ".exr");
            const auto sidecar = sidecarOf(tile);
            EXPECT_EQ(sidecar["sha256"], sha256FileHex(tile));
            hashes += sidecar["sha256"].get<std::string>() + "\n";
        }
    }
    const auto first = sidecarOf(dir / "t_x0_y0.exr");
    EXPECT_EQ(first["export_set"]["files"], 16);
    EXPECT_EQ(first["export_set"]["sha256"], sha256Hex(hashes));
}

// A file of a transaction that asks for hashes is hashed while it is written (read back by a
// second thread): the hash must be of the bytes put in place, whether the file went through
// write() alone, through a library's stdio stream, or both in turn, and a file never committed
// must not keep the thread waiting.
TEST(FileTransaction, AFileHashedWhileItIsWrittenHasTheHashOfWhatIsPutInPlace) {
    ScratchDir dir;
    std::string block(std::size_t(3) << 19, '\0');  // 1.5 MiB: past the size hashed along
    for (std::size_t i = 0; i < block.size(); ++i) block[i] = char((i * 131) >> 7);
    for (const int kind : {0, 1, 2}) {
        const fs::path target = dir / (kind == 0 ? "direct.bin" : kind == 1 ? "stdio.bin" : "both.bin");
        FileTransaction transaction;
        transaction.hashStagedFiles();
        {
            AtomicFile file(target, &transaction);
            if (kind != 1) {
                file.write(block.data(), block.size());
                file.write(block.data(), 1000);
            }
            if (kind != 0) {
                std::fputs("through stdio", file.stream());
                file.write(block.data(), block.size());
            }
            file.commit();
        }
        const std::string staged = transaction.stagedSha256(target);
        transaction.commit();
        EXPECT_EQ(staged, sha256FileHex(target)) << kind;
    }
    {
        FileTransaction transaction;
        transaction.hashStagedFiles();
        AtomicFile file(dir / "never.bin", &transaction);
        file.write(block.data(), block.size());
    }  // destroyed uncommitted: the hashing thread ends with it
    EXPECT_FALSE(fs::exists(dir / "never.bin"));
}

// Hashing reads files a crafted folder may hold (a world's tiles, an export set's members): a
// FIFO where a file was expected is refused at once, never waited on (a plain open blocks until
// a writer comes), and a regular file's hash is its bytes'.
TEST(FileTransaction, HashingAFifoIsRefusedWithoutBlocking) {
    ScratchDir dir;
    const fs::path fifo = dir / "tile.png";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_THROW(sha256FileHex(fifo), IoError);  // before, fopen() waited for a writer: a hang
    writeAll(dir / "file.bin", "terrain");
    EXPECT_EQ(sha256FileHex(dir / "file.bin"), sha256Hex(std::string("terrain")));
}

TEST(FileTransaction, ConcurrentExportsToOnePathLeaveOneCompleteSet) {
    // Finding 7: 8 writers at once mixed images with other runs' sidecars.
    ScratchDir dir;
    for (int round = 0; round < 3; ++round) {
        std::vector<std::thread> writers;
        for (int w = 0; w < 8; ++w) {
            writers.emplace_back([&dir, w] {
                Heightmap map = slopeMap(33, 33);
                for (int i = 0; i < 33 * 33; ++i) map.row(0)[i] += float(w * (i % 5));
                runGameExport(map, request(dir / "same.png"));
                GameExportRequest tiles = tiledRequest(dir / "t.png");
                tiles.tiles->columns = 2;
                tiles.tiles->rows = 2;
                runGameExport(map, tiles);
            });
        }
        for (auto& t : writers) t.join();
        EXPECT_EQ(sidecarOf(dir / "same.png")["sha256"], sha256FileHex(dir / "same.png"));
        std::set<std::string> sets;
        for (const char* tile : {"t_x0_y0.png", "t_x1_y0.png", "t_x0_y1.png", "t_x1_y1.png"}) {
            const auto sidecar = sidecarOf(dir / tile);
            EXPECT_EQ(sidecar["sha256"], sha256FileHex(dir / tile)) << tile;
            sets.insert(sidecar["export_set"]["sha256"].get<std::string>());
        }
        EXPECT_EQ(sets.size(), 1u) << "round " << round;
        EXPECT_TRUE(hiddenEntries(dir).empty());
    }
}

TEST(FileTransaction, NothingIsPutInPlaceWithoutCommit) {
    ScratchDir dir;
    writeAll(dir / "a.txt", "old");
    {
        FileTransaction transaction;
        AtomicFile file(dir / "a.txt", &transaction);
        file.write("new", 3);
        file.commit();
        EXPECT_EQ(readAll(dir / "a.txt"), "old");
        EXPECT_EQ(transaction.stagedSha256(dir / "a.txt"), sha256Hex("new"));
    }
    EXPECT_EQ(readAll(dir / "a.txt"), "old");
    EXPECT_EQ(entrySet(dir), (std::set<std::string>{"a.txt"}));
}

}  // namespace
}  // namespace terrain::core
