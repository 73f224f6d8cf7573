#include "exr_writer.h"

#include <OpenEXR/ImfChannelList.h>
#include <OpenEXR/ImfFrameBuffer.h>
#include <OpenEXR/ImfHeader.h>
#include <OpenEXR/ImfIO.h>
#include <OpenEXR/ImfOutputFile.h>
#include <OpenEXR/ImfStringAttribute.h>

#include <cerrno>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "../errors.h"
#include "float_rows.h"
#include "float_text.h"

#ifndef TERRAIN_VERSION
#define TERRAIN_VERSION "unknown"
#endif

namespace terrain::core {

namespace {

// OpenEXR writes the line offset table last and seeks back to it, so it needs a seekable stream;
// this one writes into the AtomicFile's temporary file.
class AtomicOStream : public Imf::OStream {
public:
    explicit AtomicOStream(AtomicFile& file) : Imf::OStream("exr"), m_file(file) {}
    void write(const char c[], int n) override {
        m_file.write(c, static_cast<std::size_t>(n));
    }
    uint64_t tellp() override {
        const off_t at = ::ftello(m_file.stream());
        if (at < 0) throw IoError(IoError::Kind::WriteFailed, std::strerror(errno));
        return static_cast<uint64_t>(at);
    }
    void seekp(uint64_t pos) override {
        if (::fseeko(m_file.stream(), static_cast<off_t>(pos), SEEK_SET) != 0) {
            throw IoError(IoError::Kind::WriteFailed, std::strerror(errno));
        }
    }

private:
    AtomicFile& m_file;
};

// The one-channel float header every file here has.
Imf::Header floatHeader(int width, int height) {
    Imf::Header header(width, height);
    header.compression() = Imf::ZIP_COMPRESSION;
    header.channels().insert("R", Imf::Channel(Imf::FLOAT));
    header.insert("software", Imf::StringAttribute("terrain-editor " TERRAIN_VERSION));
    return header;
}

// Runs `write`, turning OpenEXR's exceptions into IoError.
template <typename Write>
void guarded(Write&& write) {
    try {
        write();
    } catch (const IoError&) {
        throw;
    } catch (const Cancelled&) {
        throw;
    } catch (const std::exception& e) {
        throw IoError(IoError::Kind::WriteFailed, std::string("EXR encoder: ") + e.what());
    }
}

}  // namespace

void writeExrFloats(AtomicFile& file, int width, int height, const float* pixels,
                    const std::vector<std::pair<std::string, std::string>>& attributes) {
    guarded([&] {
        AtomicOStream stream(file);
        Imf::Header header = floatHeader(width, height);
        for (const auto& [name, value] : attributes) header.insert(name, Imf::StringAttribute(value));
        Imf::OutputFile out(stream, header, 1);
        Imf::FrameBuffer frame;
        frame.insert("R", Imf::Slice(Imf::FLOAT, reinterpret_cast<char*>(const_cast<float*>(pixels)), sizeof(float),
                                     sizeof(float) * static_cast<std::size_t>(width)));
        out.setFrameBuffer(frame);
        out.writePixels(height);
    });
}

void writeExr(AtomicFile& file, const Heightmap& map, const ResolvedMapping& mapping,
              const WorldUnits& world, RowProgress& progress) {
    const auto width = static_cast<std::size_t>(map.width());
    std::vector<float> row(width);
    guarded([&] {
        AtomicOStream stream(file);
        Imf::Header header = floatHeader(map.width(), map.height());
        header.insert("terrain:units", Imf::StringAttribute("metres"));
        header.insert("terrain:orientation",
                      Imf::StringAttribute("row 0 = north, column 0 = west"));
        header.insert("terrain:metresPerPixel",
                      Imf::StringAttribute(formatFloat(float(world.metresPerPixel))));
        Imf::OutputFile out(stream, header, 1);

        // One row buffer reused for every scanline: a y stride of 0 makes every line of the
        // frame buffer point at it, and writePixels(1) copies it before the next fill.
        Imf::FrameBuffer frame;
        frame.insert("R", Imf::Slice(Imf::FLOAT, reinterpret_cast<char*>(row.data()),
                                     sizeof(float), 0));
        out.setFrameBuffer(frame);
        for (int y = 0; y < map.height(); ++y) {
            metresRow(map.row(y), width, mapping, world, row.data());
            out.writePixels(1);
            progress.rowDone(y);
        }
    });
}

}  // namespace terrain::core
