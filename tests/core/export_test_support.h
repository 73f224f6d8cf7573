#pragma once
// Helpers for the export tests: a scratch folder, whole-file I/O, and readers that are not ours
// (libpng's decoder; PIL and numpy through scripts/read_back.py).
#include "core/io/export.h"

#include <png.h>
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

namespace terrain::core::test {

// A fresh folder per test, removed with everything in it.
class ScratchDir {
public:
    ScratchDir() {
        static std::atomic<int> counter{0};
        m_path =
            std::filesystem::temp_directory_path() /
            ("terrain-io-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::remove_all(m_path);
        std::filesystem::create_directories(m_path);
    }
    ~ScratchDir() {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;

    const std::filesystem::path& path() const { return m_path; }
    std::filesystem::path operator/(const std::string& name) const { return m_path / name; }

    // Every entry in the folder, hidden temporaries included.
    std::vector<std::string> entries() const {
        std::vector<std::string> names;
        for (const auto& entry : std::filesystem::directory_iterator(m_path)) {
            names.push_back(entry.path().filename().string());
        }
        return names;
    }

private:
    std::filesystem::path m_path;
};

inline std::string readAll(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void writeAll(const std::filesystem::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

struct PngImage {
    bool ok = false;
    std::string error;
    png_uint_32 width = 0;
    png_uint_32 height = 0;
    int bitDepth = 0;
    int colorType = -1;
    std::vector<unsigned> samples;  // row-major, one per pixel
    std::map<std::string, std::string> text;
};

namespace detail {

struct PngFile {
    std::FILE* file = nullptr;
    png_structp png = nullptr;
    png_infop info = nullptr;
    ~PngFile() {
        png_destroy_read_struct(&png, info ? &info : nullptr, nullptr);
        if (file) std::fclose(file);
    }
};

// setjmp lives here, and this frame holds nothing with a destructor.
inline bool decode(PngFile& f, PngImage& image, std::vector<png_byte>& rowBuffer) {
    if (setjmp(png_jmpbuf(f.png))) return false;
    png_init_io(f.png, f.file);
    png_read_info(f.png, f.info);
    int interlace = 0;
    png_get_IHDR(f.png, f.info, &image.width, &image.height, &image.bitDepth, &image.colorType,
                 &interlace, nullptr, nullptr);
    rowBuffer.resize(png_get_rowbytes(f.png, f.info));
    image.samples.resize(std::size_t(image.width) * image.height);
    const std::size_t bytes = image.bitDepth == 16 ? 2 : 1;
    for (png_uint_32 y = 0; y < image.height; ++y) {
        png_read_row(f.png, rowBuffer.data(), nullptr);
        for (png_uint_32 x = 0; x < image.width; ++x) {
            const png_byte* p = rowBuffer.data() + x * bytes;
            image.samples[std::size_t(y) * image.width + x] =
                bytes == 2 ? (unsigned(p[0]) << 8 | p[1]) : p[0];
        }
    }
    png_read_end(f.png, f.info);
    return true;
}

}  // namespace detail

// libpng's own reader: a grey or any other image, as stored (no transformations).
inline PngImage readPng(const std::filesystem::path& path) {
    PngImage image;
    detail::PngFile f;
    f.file = std::fopen(path.c_str(), "rb");
    if (!f.file) {
        image.error = "cannot open " + path.string();
        return image;
    }
    f.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    f.info = png_create_info_struct(f.png);
    std::vector<png_byte> rowBuffer;
    if (!detail::decode(f, image, rowBuffer)) {
        image.error = "libpng could not decode " + path.string();
        return image;
    }
    png_textp texts = nullptr;
    const int count = png_get_text(f.png, f.info, &texts, nullptr);
    for (int i = 0; i < count; ++i) image.text[texts[i].key] = texts[i].text;
    image.ok = true;
    return image;
}

// Runs scripts/read_back.py; returns its exit status (77: PIL/numpy missing).
inline int runReadBack(const std::string& format, const std::filesystem::path& file,
                       const std::filesystem::path& expected, int width, int height,
                       const std::string& mapping = "") {
    std::string python = TERRAIN_PYTHON;
    if (python.empty()) python = "/usr/bin/python3";
    std::string command = "'" + python + "' '" TERRAIN_TEST_SCRIPTS "/read_back.py' " + format +
                          " '" + file.string() + "' '" + expected.string() + "' " +
                          std::to_string(width) + " " + std::to_string(height);
    if (!mapping.empty()) command += " '" + mapping + "'";
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// A full disk, simulated in a forked child (run it inside EXPECT_EXIT): with an 8 KiB file size
// limit, exporting `map` must fail with WriteFailed, keep the previous file and leave no
// temporary. Returns the child's exit code (0 = clean) and says why on stderr.
inline int exportUnderFileSizeLimit(const Heightmap& map, const ExportOptions& options) {
    ScratchDir dir;
    writeAll(dir / "map.out", "previous export");
    std::signal(SIGXFSZ, SIG_IGN);  // get EFBIG instead of being killed
    const rlimit limit{8192, 8192};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    try {
        exportHeightmap(map, dir / "map.out", options);
        std::fprintf(stderr, "no error\n");
        return 1;
    } catch (const IoError& e) {
        const bool clean = e.kind() == IoError::Kind::WriteFailed &&
                           readAll(dir / "map.out") == "previous export" &&
                           dir.entries() == std::vector<std::string>{"map.out"};
        std::fprintf(stderr, "%s: %s\n", clean ? "clean" : "dirty", e.what());
        return clean ? 0 : 2;
    }
}

}  // namespace terrain::core::test
