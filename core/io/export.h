#pragma once
// Heightmap exporters. Every write goes to a temporary file in the target folder and is renamed
// into place, so a failed or cancelled export never leaves a half-written file behind.
#include "../heightmap.h"
#include "file_transaction.h"
#include "height_mapping.h"
#include "world_units.h"

#include <filesystem>
#include <functional>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace terrain::core {

enum class ExportFormat {
    Png8,   // 8-bit greyscale PNG, black low, white high
    Png16,  // 16-bit greyscale PNG
    Raw16,  // 16-bit little-endian unsigned, row-major, no header (.r16/.raw: Unity, Unreal)
    Pgm,    // binary PGM (P5), 16-bit big-endian per the Netpbm spec
    Txt,    // one value a line, row-major, full float precision (seed 004)
    Raw32,  // 32-bit IEEE float little-endian, metres, row-major, no header
    Exr,    // OpenEXR, 32-bit float channel "R", metres
    Tiff32, // TIFF, 32-bit IEEE float, one sample a pixel, metres
    Obj,       // Wavefront OBJ mesh in metres (mesh_export.h)
    Glb,       // binary glTF 2.0 mesh in metres
    Normal,    // 8-bit RGB normal map, OpenGL green (+north)
    NormalDx,  // 8-bit RGB normal map, DirectX green (+south)
    Normal16,    // 16-bit RGB normal map, OpenGL green
    Normal16Dx,  // 16-bit RGB normal map, DirectX green
    Hillshade, // 8-bit RGB hillshade, light from the north-west
    Colour,    // 8-bit RGB colour-mapped heights
};

// "png8", "png16", "raw16", "pgm", "txt", "raw32", "exr", "tiff32", "obj", "glb", "normal",
// "normal-dx", "normal16", "normal16-dx", "hillshade", "colour"; throws InputError naming `field`.
ExportFormat parseExportFormat(const std::string& text,
                               const std::string& field = field::kFormat);
std::string exportFormatName(ExportFormat format);
// From the extension: .png -> Png16, .r16/.raw -> Raw16, .pgm -> Pgm, .txt -> Txt,
// .r32 -> Raw32, .exr -> Exr, .tif/.tiff -> Tiff32, .obj -> Obj, .glb -> Glb; else throws.
ExportFormat exportFormatFromPath(const std::filesystem::path& path);
std::string exportFormatExtension(ExportFormat format);  // ".png", ".r16", ".exr", ...

// How samples are stored, for the metadata sidecar.
struct SampleLayout {
    int bitDepth = 16;
    const char* sampleType = "uint16";  // "uint8", "uint16", "float32", "text"
    const char* byteOrder = "little-endian";  // or "big-endian", "n/a"
    bool metres = false;                // samples are metres (float formats) or codes/raw (text)
};
SampleLayout sampleLayout(ExportFormat format);

struct ExportOptions {
    ExportFormat format = ExportFormat::Png16;
    HeightMapping mapping;
    WorldUnits world;                     // float formats store metres; codes map to lo..hi
    int pngCompression = 1;              // zlib level: fast by default
    std::int64_t targetTriangles = 0;    // Obj/Glb: 0 keeps every sample (see mesh_export.h)
    std::function<void(float)> progress;  // fraction done; may be empty
    // Null: the file is put in place when written. Else it is staged in the transaction, and
    // only the transaction's commit() puts it (with the transaction's other files) in place.
    FileTransaction* transaction = nullptr;
    // Where this file's first sample lies in the whole map, in samples (a tile's offset): the
    // GeoTIFF origin of tiff32 files, so GDAL puts tiles side by side.
    int originSamples[2] = {0, 0};
};

// What a mesh export (obj, glb) wrote.
struct MeshSummary {
    std::int64_t vertices = 0;
    std::int64_t triangles = 0;
    // The largest vertical distance in metres from a sample to the mesh (GridMesh's): 0 for the
    // full grid, where every sample is a vertex.
    double maxErrorMetres = 0.0;
};

struct ExportReport {
    ResolvedMapping mapping;            // raw lo/hi behind code 0 and the full-scale code
    int distinctLevels = -1;            // 8-bit exports: grey levels used (of 256)
    int worstWindowLevels = -1;         // ... in the 256x256 area that uses the fewest
    std::optional<MeshSummary> mesh;    // obj and glb only
    std::optional<MinMax> rawFinite;    // raw32: finiteMinMax of the map, found while writing it
    std::vector<std::string> warnings;  // for the user: the CLI prints them, the editor shows them
};

// Throws IoError (CannotCreate for a missing/unwritable folder or a target that is not a regular
// file, WriteFailed for I/O errors and a full disk). On any error the target is untouched and no
// temporary file remains.
ExportReport exportHeightmap(const Heightmap& map, const std::filesystem::path& path,
                             const ExportOptions& options);

}  // namespace terrain::core
