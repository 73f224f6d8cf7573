#include "rgb16_png.h"

#include <png.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "../errors.h"
#include "atomic_file.h"

namespace terrain::core {

void writeRgb16Png(const std::vector<std::uint16_t>& rgb, int width, int height,
                   const std::filesystem::path& path, FileTransaction* transaction) {
    AtomicFile file(path, transaction);
    png_image image;
    std::memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = static_cast<png_uint_32>(width);
    image.height = static_cast<png_uint_32>(height);
    image.format = PNG_FORMAT_LINEAR_RGB;  // 16 bits a channel
    // The simplified API reports errors in image.message instead of longjmp-ing through us.
    errno = 0;
    if (!png_image_write_to_stdio(&image, file.stream(), 0, rgb.data(), 0, nullptr)) {
        // libpng's message is generic ("Write Error"); errno says why (disk full, size limit).
        const int error = errno;
        const std::string why = error ? std::strerror(error) : std::string(image.message);
        png_image_free(&image);
        throw IoError(IoError::Kind::WriteFailed, "cannot write '" + path.string() + "': " + why);
    }
    file.commit();
}

}  // namespace terrain::core
