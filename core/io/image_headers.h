#pragma once
// The image libraries we read through believe the sizes a file claims: libpng allocates a chunk's
// claimed length before reading it, OpenEXR an attribute's. A crafted file of a few hundred bytes
// claiming 2 GB exhausts memory before any error. So each file (and each file a VRT names) is
// walked here first, from its own bytes, and refused when a claim does not fit the file.
#include <filesystem>
#include <string>

namespace terrain::core {

// Walks the headers of the PNG or OpenEXR file at `path` (recognised by its signature; any other
// file passes untouched). Throws InputError naming `field` and the path: "a readable PNG (chunk
// 'tEXt' claims 1768843056 bytes; 412 follow it)", "a readable OpenEXR (...)", or the allowed
// image size when a data window claims more than kMaxImportSide a side.
void checkImageHeaders(const std::filesystem::path& path, const std::string& field);

}  // namespace terrain::core
