#include "png_reader.h"

#include "../errors.h"

#include <png.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace terrain::core {

Heightmap readPng16(const std::filesystem::path& path) {
    const auto fail = [&](const std::string& what) {
        throw IoError(IoError::Kind::CannotCreate, path.string() + ": " + what);
    };
    // libpng's simplified API: it catches its own errors (no longjmp through our frames). A
    // 16-bit file without gAMA/sRGB chunks (ours have none) is linear, so PNG_FORMAT_LINEAR_Y
    // hands back its codes unchanged.
    png_image image;
    std::memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    const std::string file = path.string();
    if (!png_image_begin_read_from_file(&image, file.c_str()))
        fail(std::string("cannot be read as a PNG (") + image.message + ")");
    struct Release {
        png_image* image;
        ~Release() { png_image_free(image); }
    } release{&image};
    if (image.format != PNG_FORMAT_LINEAR_Y)
        fail("not a 16-bit greyscale PNG without alpha");
    if (image.width == 0 || image.height == 0 || image.width > 1u << 24 || image.height > 1u << 24)
        fail("has no samples or is too large");
    checkGridFits(file, image.width, image.height);
    std::vector<std::uint16_t> codes(std::size_t(image.width) * image.height);
    if (!png_image_finish_read(&image, nullptr, codes.data(), 0, nullptr))
        fail(std::string("cannot be decoded (") + image.message + ")");
    Heightmap map = Heightmap::uninitialized(int(image.width), int(image.height));
    for (std::uint32_t y = 0; y < image.height; ++y) {
        float* row = map.row(int(y));
        const std::uint16_t* in = codes.data() + std::size_t(y) * image.width;
        for (std::uint32_t x = 0; x < image.width; ++x) row[x] = float(in[x]);
    }
    return map;
}

}  // namespace terrain::core
