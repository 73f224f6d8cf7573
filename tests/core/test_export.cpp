// Exporters, the height mapping and atomic writes. Every format is read back by a reader that is
// not ours: libpng's decoder here, and PIL/numpy/Python's float parser in scripts/read_back.py.
#include <gtest/gtest.h>
#include <malloc.h>
#include <sys/stat.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "core/errors.h"
#include "core/io/atomic_file.h"
#include "core/io/export.h"
#include "core/io/height_mapping.h"
#include "export_test_support.h"

namespace terrain::core {
namespace {

using test::readAll;
using test::ScratchDir;
using test::writeAll;

// An uneven map whose minimum and maximum are not at the corners, so a flipped, transposed or
// re-ordered export cannot pass.
Heightmap sampleMap(int width = 7, int height = 5) {
    Heightmap map(width, height);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            map.at(x, y) = std::sin(0.7f * float(x) + 1.3f * float(y * y)) * 40.0f + float(x - y);
        }
    }
    map.at(width / 2, height / 2) = -80.0f;
    map.at(width - 2, std::min(1, height - 1)) = 90.0f;
    return map;
}

// The expected codes, computed here in double from the definition, not with ResolvedMapping.
std::vector<unsigned> expectedCodes(const Heightmap& map, double lo, double hi, double fullScale) {
    std::vector<unsigned> codes;
    for (const float v : map.samples()) {
        const double t = std::clamp((double(v) - lo) / (hi - lo), 0.0, 1.0);
        codes.push_back(static_cast<unsigned>(std::floor(t * fullScale + 0.5)));
    }
    return codes;
}

std::vector<unsigned> normalizedCodes(const Heightmap& map, double fullScale) {
    const auto s = map.samples();
    const auto [lo, hi] = std::minmax_element(s.begin(), s.end());
    return expectedCodes(map, *lo, *hi, fullScale);
}

std::string codesAsLittleEndian(const std::vector<unsigned>& codes) {
    std::string bytes;
    for (const unsigned c : codes) {
        bytes += static_cast<char>(c & 0xff);
        bytes += static_cast<char>(c >> 8);
    }
    return bytes;
}

ExportOptions optionsFor(ExportFormat format, const std::string& mapping = "normalize") {
    ExportOptions options;
    options.format = format;
    options.mapping = HeightMapping::parse(mapping);
    return options;
}

void expectInputError(const std::function<void()>& call, const std::string& field,
                      const std::string& value, const std::string& allowedPart) {
    try {
        call();
        ADD_FAILURE() << "no InputError for " << value;
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), field);
        EXPECT_EQ(e.value(), value);
        EXPECT_NE(std::string(e.what()).find(field), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(value), std::string::npos) << e.what();
        EXPECT_NE(e.allowed().find(allowedPart), std::string::npos) << e.allowed();
    }
}

// ---------------------------------------------------------------------------------------------
// HeightMapping

TEST(HeightMapping, ParsesNormalizeAndClamp) {
    EXPECT_EQ(HeightMapping::parse("normalize").mode, HeightMapping::Mode::Normalize);
    const HeightMapping clamp = HeightMapping::parse("clamp:-1.5:+2e3");
    EXPECT_EQ(clamp.mode, HeightMapping::Mode::Clamp);
    EXPECT_EQ(clamp.lo, -1.5f);
    EXPECT_EQ(clamp.hi, 2000.0f);
    EXPECT_EQ(clamp.toString(), "clamp:-1.5:2000");
    EXPECT_EQ(HeightMapping::parse(HeightMapping::parse("clamp:0.1:0.3").toString()).hi, 0.3f);
    EXPECT_EQ(HeightMapping{}.toString(), "normalize");
}

TEST(HeightMapping, ParseErrorsNameTheFieldTheValueAndWhatIsAllowed) {
    for (const std::string bad : {"", "Normalize", "clamp", "clamp:1", "clamp:a:b", "clamp:0:1:2",
                                  "clamp: 0:1", "clamp:0:1x", "clamp:+-1:1"}) {
        expectInputError([&] { HeightMapping::parse(bad); }, "--map", bad, "clamp:LO:HI");
    }
    for (const std::string unordered : {"clamp:2:1", "clamp:1:1"}) {
        expectInputError([&] { HeightMapping::parse(unordered); }, "--map", unordered, "LO < HI");
    }
    for (const std::string infinite :
         {"clamp:nan:1", "clamp:0:inf", "clamp:-inf:0", "clamp:0:1e39"}) {
        expectInputError([&] { HeightMapping::parse(infinite); }, "--map", infinite, "finite");
    }
    expectInputError([] { HeightMapping::parse("clamp", "export.mapping"); }, "export.mapping",
                     "clamp", "normalize");
}

TEST(HeightMapping, NormalizeMapsMinToZeroAndMaxToFullScale) {
    Heightmap map(4, 1);
    map.at(0, 0) = -2.0f;
    map.at(1, 0) = 0.0f;
    map.at(2, 0) = 2.0f;
    map.at(3, 0) = 1.0f;
    const ResolvedMapping m = resolveMapping(HeightMapping{}, map);
    EXPECT_EQ(m.lo, -2.0f);
    EXPECT_EQ(m.hi, 2.0f);
    EXPECT_EQ(m.code(-2.0f, 65535), 0);
    EXPECT_EQ(m.code(2.0f, 65535), 65535);
    EXPECT_EQ(m.code(0.0f, 65535), 32768);  // 32767.5 rounds up
    EXPECT_EQ(m.code(1.0f, 65535), 49151);  // 49151.25
    EXPECT_EQ(m.code(2.0f, 255), 255);
    EXPECT_EQ(m.code(0.0f, 255), 128);
    EXPECT_EQ(m.unit(2.0f), 1.0f);
}

TEST(HeightMapping, FlatMapMapsToZero) {
    Heightmap map(3, 3);
    for (float& v : map.samples()) v = 7.25f;
    const ResolvedMapping m = resolveMapping(HeightMapping{}, map);
    EXPECT_EQ(m.scale, 0.0f);
    EXPECT_EQ(m.code(7.25f, 65535), 0);
    EXPECT_EQ(m.code(100.0f, 65535), 0);
}

TEST(HeightMapping, NormalizeIgnoresNonFiniteSamples) {
    Heightmap map(4, 1);
    map.at(0, 0) = 0.0f;
    map.at(1, 0) = std::numeric_limits<float>::quiet_NaN();
    map.at(2, 0) = 1.0f;
    map.at(3, 0) = std::numeric_limits<float>::infinity();
    const ResolvedMapping m = resolveMapping(HeightMapping{}, map);
    EXPECT_EQ(m.lo, 0.0f);
    EXPECT_EQ(m.hi, 1.0f);
    EXPECT_EQ(m.code(std::numeric_limits<float>::quiet_NaN(), 65535), 0);
    EXPECT_EQ(m.code(std::numeric_limits<float>::infinity(), 65535), 65535);
    EXPECT_EQ(m.code(-std::numeric_limits<float>::infinity(), 65535), 0);
}

// finiteRange scans sixteen lanes at a time; what it returns must be what one scan in order
// returns, bit for bit (of -0 and +0, the first met), and pieces merged in order the whole's.
TEST(HeightMapping, TheFiniteRangeIsOneScansInOrderAndPiecesMergeToTheWhole) {
    const auto scan = [](const float* p, std::size_t n) {
        FiniteRange r;
        for (std::size_t i = 0; i < n; ++i) {
            if (!std::isfinite(p[i])) continue;
            if (!r.any) r = {p[i], p[i], true};
            if (p[i] < r.min) r.min = p[i];
            if (p[i] > r.max) r.max = p[i];
        }
        return r;
    };
    const auto same = [](float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; };
    std::uint32_t state = 12345;
    const auto next = [&] { return state = state * 1664525u + 1013904223u; };
    const float specials[] = {0.0f, -0.0f, std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::infinity()};
    for (const std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(15), std::size_t(16), std::size_t(17),
                                std::size_t(33), std::size_t(1000), std::size_t(4099)}) {
        for (int trial = 0; trial < 40; ++trial) {
            std::vector<float> v(n);
            const bool zeros = trial % 2 == 0;  // half the trials: every finite sample >= 0 or <= 0
            for (float& x : v) {
                const std::uint32_t r = next();
                x = r % 5 == 0 ? specials[(r >> 8) % 5] : float(int(r >> 12) % 200 - (zeros ? 0 : 100)) / 16.0f;
                if (zeros && trial % 4 == 0) x = -std::abs(x);
                if (zeros && std::isfinite(x) && x != 0.0f && r % 3 == 0) x = r % 2 ? 0.0f : -0.0f;
            }
            const FiniteRange want = scan(v.data(), n), got = finiteRange(v.data(), n);
            ASSERT_EQ(got.any, want.any) << n << " " << trial;
            if (!want.any) continue;
            ASSERT_TRUE(same(got.min, want.min) && same(got.max, want.max))
                << n << " " << trial << ": " << got.min << ".." << got.max << " for " << want.min << ".." << want.max;
            const std::size_t cut = n == 0 ? 0 : next() % n;
            const FiniteRange joined = merged(finiteRange(v.data(), cut), finiteRange(v.data() + cut, n - cut));
            ASSERT_TRUE(same(joined.min, want.min) && same(joined.max, want.max)) << n << " " << trial << " cut " << cut;
        }
    }
}

TEST(HeightMapping, ClampClampsAndScalesLinearly) {
    const Heightmap map = sampleMap();  // ignored by clamp: the range is fixed
    const ResolvedMapping m = resolveMapping(HeightMapping::parse("clamp:0:10"), map);
    EXPECT_EQ(m.code(-5.0f, 65535), 0);
    EXPECT_EQ(m.code(0.0f, 65535), 0);
    EXPECT_EQ(m.code(5.0f, 65535), 32768);
    EXPECT_EQ(m.code(10.0f, 65535), 65535);
    EXPECT_EQ(m.code(15.0f, 65535), 65535);
    EXPECT_EQ(m.code(3.4f, 10), 3);  // rounds to nearest, not down
    EXPECT_EQ(m.code(3.6f, 10), 4);
}

TEST(HeightMapping, ResolveRefusesAnUnorderedClampBuiltInCode) {
    HeightMapping bad;
    bad.mode = HeightMapping::Mode::Clamp;
    bad.lo = bad.hi = 1.0f;
    EXPECT_THROW(resolveMapping(bad, sampleMap()), InputError);
}

// ---------------------------------------------------------------------------------------------
// AtomicFile

bool hasTemporaries(const ScratchDir& dir) {
    for (const auto& name : dir.entries()) {
        if (name.find(".tmp-") != std::string::npos) return true;
    }
    return false;
}

TEST(AtomicFile, CommitWritesTheTargetAndLeavesNoTemporary) {
    ScratchDir dir;
    {
        AtomicFile file(dir / "out.bin");
        file.write("hello", 5);
        EXPECT_FALSE(std::filesystem::exists(dir / "out.bin"));  // not visible before commit
        EXPECT_TRUE(hasTemporaries(dir));
        file.commit();
    }
    EXPECT_EQ(readAll(dir / "out.bin"), "hello");
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"out.bin"});
}

TEST(AtomicFile, UncommittedWriteLeavesNothingAndKeepsTheOldTarget) {
    ScratchDir dir;
    { AtomicFile(dir / "new.bin").write("x", 1); }
    EXPECT_TRUE(dir.entries().empty());

    writeAll(dir / "old.bin", "old");
    {
        AtomicFile file(dir / "old.bin");
        file.write("new contents", 12);
    }
    EXPECT_EQ(readAll(dir / "old.bin"), "old");
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"old.bin"});
}

TEST(AtomicFile, CommitReplacesAnExistingTargetAndKeepsItsPermissions) {
    ScratchDir dir;
    writeAll(dir / "out.bin", "old");
    ::chmod((dir / "out.bin").c_str(), 0640);
    AtomicFile file(dir / "out.bin");
    file.write("new", 3);
    file.commit();
    EXPECT_EQ(readAll(dir / "out.bin"), "new");
    struct stat info {};
    ASSERT_EQ(::stat((dir / "out.bin").c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0640u);
}

TEST(AtomicFile, NewFileGetsTheUmaskPermissionsNotMkstempsPrivateOnes) {
    ScratchDir dir;
    const mode_t mask = ::umask(022);
    AtomicFile file(dir / "out.bin");
    file.commit();
    ::umask(mask);
    struct stat info {};
    ASSERT_EQ(::stat((dir / "out.bin").c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0644u);
}

void expectCannotCreate(const std::filesystem::path& target, const std::string& reason) {
    try {
        AtomicFile file(target);
        ADD_FAILURE() << "created " << target;
    } catch (const IoError& e) {
        EXPECT_EQ(e.kind(), IoError::Kind::CannotCreate);
        EXPECT_NE(std::string(e.what()).find(target.string()), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(reason), std::string::npos) << e.what();
    }
}

TEST(AtomicFile, MissingFolderParentFileOrFolderTargetIsCannotCreate) {
    // Tests run as root, where a chmod 0555 folder would still be writable.
    ScratchDir dir;
    expectCannotCreate(dir / "missing" / "out.png", std::strerror(ENOENT));
    writeAll(dir / "plain", "a file");
    expectCannotCreate(dir / "plain" / "out.png", std::strerror(ENOTDIR));
    std::filesystem::create_directory(dir / "folder.png");
    expectCannotCreate(dir / "folder.png", "folder");
    EXPECT_FALSE(hasTemporaries(dir));
}

// ---------------------------------------------------------------------------------------------
// Formats and paths

TEST(ExportFormat, FollowsTheExtension) {
    EXPECT_EQ(exportFormatFromPath("a/b.png"), ExportFormat::Png16);
    EXPECT_EQ(exportFormatFromPath("b.PNG"), ExportFormat::Png16);
    EXPECT_EQ(exportFormatFromPath("b.r16"), ExportFormat::Raw16);
    EXPECT_EQ(exportFormatFromPath("b.raw"), ExportFormat::Raw16);
    EXPECT_EQ(exportFormatFromPath("b.pgm"), ExportFormat::Pgm);
    EXPECT_EQ(exportFormatFromPath("b.txt"), ExportFormat::Txt);
    for (const std::string bad : {"b.jpg", "b", "dir.png/b", ".png"}) {
        expectInputError([&] { exportFormatFromPath(bad); }, "--output", bad, "--format");
    }
}

TEST(ExportFormat, NamesRoundTripAndUnknownNamesAreRefused) {
    for (const auto f : {ExportFormat::Png8, ExportFormat::Png16, ExportFormat::Raw16,
                         ExportFormat::Pgm, ExportFormat::Txt}) {
        EXPECT_EQ(parseExportFormat(exportFormatName(f)), f);
    }
    expectInputError([] { parseExportFormat("png32"); }, "--format", "png32", "png16");
}

// ---------------------------------------------------------------------------------------------
// Round trips read by libpng and by hand-decoded bytes

TEST(ExportRoundTrip, Png16ReadByLibpngHoldsTheNormalizedCodesAndMetadata) {
    ScratchDir dir;
    const Heightmap map = sampleMap();
    exportHeightmap(map, dir / "map.png", optionsFor(ExportFormat::Png16));
    const test::PngImage image = test::readPng(dir / "map.png");
    ASSERT_TRUE(image.ok) << image.error;
    EXPECT_EQ(image.width, 7u);
    EXPECT_EQ(image.height, 5u);
    EXPECT_EQ(image.bitDepth, 16);
    EXPECT_EQ(image.colorType, PNG_COLOR_TYPE_GRAY);
    EXPECT_EQ(image.samples, normalizedCodes(map, 65535));
    EXPECT_EQ(image.text.at("terrain:mapping"), "normalize");
    EXPECT_EQ(image.text.at("terrain:raw-min"), "-80");
    EXPECT_EQ(image.text.at("terrain:raw-max"), "90");
}

TEST(ExportRoundTrip, Png8ClampedReadByLibpng) {
    ScratchDir dir;
    const Heightmap map = sampleMap();
    exportHeightmap(map, dir / "map.png", optionsFor(ExportFormat::Png8, "clamp:-20:30"));
    const test::PngImage image = test::readPng(dir / "map.png");
    ASSERT_TRUE(image.ok) << image.error;
    EXPECT_EQ(image.bitDepth, 8);
    EXPECT_EQ(image.colorType, PNG_COLOR_TYPE_GRAY);
    EXPECT_EQ(image.samples, expectedCodes(map, -20.0, 30.0, 255));
    EXPECT_EQ(image.text.at("terrain:mapping"), "clamp:-20:30");
    EXPECT_EQ(image.text.at("terrain:raw-min"), "-80");  // the map's range, not the clamp's
    EXPECT_EQ(image.text.at("terrain:raw-max"), "90");
    EXPECT_EQ(image.text.at("terrain:code-0"), "-20");
    EXPECT_EQ(image.text.at("terrain:code-max"), "30");
}

TEST(ExportRoundTrip, OneRowMidpointLineIsAOneRowImage) {
    ScratchDir dir;
    const Heightmap line = sampleMap(129, 1);
    exportHeightmap(line, dir / "line.png", optionsFor(ExportFormat::Png16));
    const test::PngImage image = test::readPng(dir / "line.png");
    ASSERT_TRUE(image.ok) << image.error;
    EXPECT_EQ(image.width, 129u);
    EXPECT_EQ(image.height, 1u);
    EXPECT_EQ(image.samples, normalizedCodes(line, 65535));
}

TEST(ExportRoundTrip, EveryPngCompressionLevelDecodesToTheSameCodes) {
    ScratchDir dir;
    const Heightmap map = sampleMap(40, 33);
    for (int level = 0; level <= 9; level += 3) {
        ExportOptions options = optionsFor(ExportFormat::Png16);
        options.pngCompression = level;
        exportHeightmap(map, dir / "map.png", options);
        const test::PngImage image = test::readPng(dir / "map.png");
        ASSERT_TRUE(image.ok) << image.error;
        EXPECT_EQ(image.samples, normalizedCodes(map, 65535)) << "level " << level;
    }
}

TEST(ExportRoundTrip, Raw16IsHeaderlessLittleEndianRowMajor) {
    ScratchDir dir;
    const Heightmap map = sampleMap();
    exportHeightmap(map, dir / "map.r16", optionsFor(ExportFormat::Raw16));
    EXPECT_EQ(readAll(dir / "map.r16"), codesAsLittleEndian(normalizedCodes(map, 65535)));
}

TEST(ExportRoundTrip, PgmIsP5WithMaxval65535AndBigEndianSamples) {
    ScratchDir dir;
    const Heightmap map = sampleMap();
    exportHeightmap(map, dir / "map.pgm", optionsFor(ExportFormat::Pgm, "clamp:0:50"));
    std::string expected = "P5\n7 5\n65535\n";
    for (const unsigned c : expectedCodes(map, 0.0, 50.0, 65535)) {
        expected += static_cast<char>(c >> 8);
        expected += static_cast<char>(c & 0xff);
    }
    EXPECT_EQ(readAll(dir / "map.pgm"), expected);
}

Heightmap awkwardFloats() {
    const float values[] = {0.1f,
                            1.0f / 3.0f,
                            -0.0f,
                            1e-30f,
                            1.4e-45f /* denormal */,
                            -123456.789f,
                            std::numeric_limits<float>::max(),
                            std::numeric_limits<float>::lowest(),
                            0.30000001f,
                            16777217.0f,
                            2.5f,
                            -7.0f};
    Heightmap map(4, 3);
    std::copy(std::begin(values), std::end(values), map.samples().begin());
    return map;
}

TEST(ExportRoundTrip, TxtIsOneValueALineAndReadsBackBitForBit) {
    ScratchDir dir;
    const Heightmap map = awkwardFloats();
    exportHeightmap(map, dir / "map.txt", optionsFor(ExportFormat::Txt));
    std::ifstream in(dir / "map.txt");
    std::string line;
    std::size_t i = 0;
    while (std::getline(in, line)) {
        ASSERT_LT(i, map.sampleCount());
        char* end = nullptr;
        const float v = std::strtof(line.c_str(), &end);  // the C library's parser, not ours
        EXPECT_EQ(*end, '\0') << line;
        EXPECT_EQ(std::memcmp(&v, &map.samples()[i], sizeof v), 0) << "line " << i << ": " << line;
        ++i;
    }
    EXPECT_EQ(i, map.sampleCount());
}

// ---------------------------------------------------------------------------------------------
// Round trips read by PIL and numpy (scripts/read_back.py)

struct ReadBackCase {
    ExportFormat format;
    const char* name;
    const char* file;
    const char* mapping;
    double fullScale;
};

// Keeps ctest's test names readable instead of a hex dump of the struct.
void PrintTo(const ReadBackCase& c, std::ostream* out) { *out << c.name << " " << c.mapping; }

class ExportReadBack : public testing::TestWithParam<ReadBackCase> {};

std::filesystem::path writeExpected(const ScratchDir& dir, const Heightmap& map,
                                    const ReadBackCase& c) {
    const auto path = dir / "expected.bin";
    if (c.format == ExportFormat::Txt) {
        writeAll(path, std::string(reinterpret_cast<const char*>(map.samples().data()),
                                   map.sampleCount() * sizeof(float)));
    } else {
        const HeightMapping m = HeightMapping::parse(c.mapping);
        writeAll(path, codesAsLittleEndian(m.mode == HeightMapping::Mode::Normalize
                                               ? normalizedCodes(map, c.fullScale)
                                               : expectedCodes(map, m.lo, m.hi, c.fullScale)));
    }
    return path;
}

TEST_P(ExportReadBack, PythonReaderSeesTheExpectedValues) {
    const ReadBackCase c = GetParam();
    ScratchDir dir;
    const Heightmap map = c.format == ExportFormat::Txt ? awkwardFloats() : sampleMap(19, 11);
    exportHeightmap(map, dir / c.file, optionsFor(c.format, c.mapping));
    const auto expected = writeExpected(dir, map, c);
    const std::string mapping = c.format == ExportFormat::Png16 ? c.mapping : "";
    const int status =
        test::runReadBack(c.name, dir / c.file, expected, map.width(), map.height(), mapping);
    if (status == 77) GTEST_SKIP() << "PIL or numpy is not installed for " << TERRAIN_PYTHON;
    EXPECT_EQ(status, 0);

    // The reader must notice a wrong value, or a pass above means nothing.
    std::string corrupted = readAll(expected);
    corrupted[0] = static_cast<char>(corrupted[0] ^ 1);
    writeAll(expected, corrupted);
    EXPECT_EQ(test::runReadBack(c.name, dir / c.file, expected, map.width(), map.height(), mapping),
              1);
}

INSTANTIATE_TEST_SUITE_P(
    Formats, ExportReadBack,
    testing::Values(ReadBackCase{ExportFormat::Png16, "png16", "m.png", "normalize", 65535},
                    ReadBackCase{ExportFormat::Png16, "png16", "m.png", "clamp:-10:10", 65535},
                    ReadBackCase{ExportFormat::Png8, "png8", "m.png", "normalize", 255},
                    ReadBackCase{ExportFormat::Raw16, "raw16", "m.raw", "normalize", 65535},
                    ReadBackCase{ExportFormat::Pgm, "pgm", "m.pgm", "clamp:0:100", 65535},
                    ReadBackCase{ExportFormat::Txt, "txt", "m.txt", "normalize", 0}),
    [](const testing::TestParamInfo<ReadBackCase>& param) {
        return std::string(param.param.name) + "_" + std::to_string(param.index);
    });

// ---------------------------------------------------------------------------------------------
// Failures, progress, memory

const ExportFormat kAllFormats[] = {ExportFormat::Png8, ExportFormat::Png16, ExportFormat::Raw16,
                                    ExportFormat::Pgm, ExportFormat::Txt};

TEST(ExportFailure, MissingFolderIsCannotCreateAndCreatesNothing) {
    ScratchDir dir;
    try {
        exportHeightmap(sampleMap(), dir / "nope" / "map.png", optionsFor(ExportFormat::Png16));
        ADD_FAILURE() << "exported into a missing folder";
    } catch (const IoError& e) {
        EXPECT_EQ(e.kind(), IoError::Kind::CannotCreate);
        EXPECT_NE(std::string(e.what()).find((dir / "nope" / "map.png").string()),
                  std::string::npos);
    }
    EXPECT_TRUE(dir.entries().empty());
}

TEST(ExportFailure, BadOptionsAreRefusedBeforeAnyFileExists) {
    ScratchDir dir;
    ExportOptions options = optionsFor(ExportFormat::Png16);
    options.pngCompression = 10;
    EXPECT_THROW(exportHeightmap(sampleMap(), dir / "a.png", options), InputError);
    EXPECT_THROW(exportHeightmap(Heightmap(), dir / "b.png", optionsFor(ExportFormat::Png16)),
                 InputError);
    EXPECT_TRUE(dir.entries().empty());
}

TEST(ExportFailure, CancellingMidwayKeepsTheOldFileAndLeavesNoTemporary) {
    for (const ExportFormat format : kAllFormats) {
        ScratchDir dir;
        writeAll(dir / "map.out", "previous export");
        ExportOptions options = optionsFor(format);
        options.progress = [](float done) {
            if (done >= 0.5f) throw Cancelled();
        };
        EXPECT_THROW(exportHeightmap(sampleMap(64, 300), dir / "map.out", options), Cancelled);
        EXPECT_EQ(readAll(dir / "map.out"), "previous export") << exportFormatName(format);
        EXPECT_EQ(dir.entries(), std::vector<std::string>{"map.out"}) << exportFormatName(format);
    }
}

// A full disk, simulated with a file size limit (ENOSPC on /dev/full cannot work with rename).
// Runs in a forked child so the limit does not outlive the test. Returns the child's exit code.
TEST(ExportFailure, WriteErrorIsWriteFailedKeepsTheOldFileAndLeavesNoTemporary) {
    for (const ExportFormat format : kAllFormats) {
        const auto options = optionsFor(format);
        EXPECT_EXIT(std::_Exit(test::exportUnderFileSizeLimit(sampleMap(300, 300), options)), testing::ExitedWithCode(0),
                    "clean: cannot write .*File too large")
            << exportFormatName(format);
    }
}

TEST(ExportProgress, RisesToOneForEveryFormat) {
    for (const ExportFormat format : kAllFormats) {
        ScratchDir dir;
        std::vector<float> seen;
        ExportOptions options = optionsFor(format);
        options.progress = [&](float done) { seen.push_back(done); };
        exportHeightmap(sampleMap(50, 250), dir / "map.out", options);
        ASSERT_FALSE(seen.empty());
        EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
        EXPECT_EQ(seen.back(), 1.0f);
        EXPECT_LE(seen.size(), 101u);  // throttled, not once a row
    }
}

// Exports go row by row: while one runs, the heap may grow by a row buffer and the PNG encoder's
// state, never by a second copy of the grid (seed 004 ran out of memory that way).
TEST(ExportMemory, NoSecondFullSizeBufferWhileWriting) {
#ifdef __SANITIZE_ADDRESS__
    GTEST_SKIP() << "AddressSanitizer's allocator does not report to mallinfo2()";
#endif
    ScratchDir dir;
    const Heightmap map = sampleMap(1025, 1025);
    const std::size_t gridBytes = map.sampleCount() * sizeof(float);
    for (const ExportFormat format : kAllFormats) {
        const auto heapBytes = [] {
            const struct mallinfo2 info = ::mallinfo2();
            return info.uordblks + info.hblkhd;
        };
        const std::size_t before = heapBytes();
        std::size_t peak = before;
        ExportOptions options = optionsFor(format);
        options.progress = [&](float) { peak = std::max(peak, heapBytes()); };
        exportHeightmap(map, dir / "map.out", options);
        EXPECT_LT(peak - before, gridBytes / 4) << exportFormatName(format);
    }
}

}  // namespace
}  // namespace terrain::core
