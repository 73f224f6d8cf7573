#include "rgb_png.h"

#include "../errors.h"
#include "atomic_file.h"

#include <png.h>

#include <cstring>
#include <string>
#include <vector>

namespace terrain::core {

void writeRgbPng(const RgbImage& image, const std::filesystem::path& path,
                 FileTransaction* transaction) {
    // libpng's simplified API encodes to memory without setjmp/longjmp crossing our frames; a
    // sheet is small enough (a few MB) to hold encoded in memory before the atomic write.
    png_image png;
    std::memset(&png, 0, sizeof png);
    png.version = PNG_IMAGE_VERSION;
    png.width = png_uint_32(image.width());
    png.height = png_uint_32(image.height());
    png.format = PNG_FORMAT_RGB;

    const png_int_32 stride = png_int_32(image.width()) * 3;
    png_alloc_size_t size = 0;
    const void* pixels = image.pixels().data();
    // First call: the encoded size; second: the bytes.
    auto encode = [&](void* out) {
        if (png_image_write_to_memory(&png, out, &size, 0, pixels, stride, nullptr)) return;
        const std::string why = png.message;
        png_image_free(&png);
        throw IoError(IoError::Kind::WriteFailed, "cannot encode '" + path.string() + "' as PNG: " + why);
    };
    encode(nullptr);
    std::vector<unsigned char> encoded(size);
    encode(encoded.data());
    AtomicFile file(path, transaction);
    file.write(encoded.data(), size);
    file.commit();
}

}  // namespace terrain::core
