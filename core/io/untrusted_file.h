#pragma once
// Every file we read back is untrusted input, our own included (recipes, documents, world.json,
// tile.json, sidecars, recovery files): a crafted folder may hold a FIFO where a file should be
// (a plain open() blocks forever), a link to /dev/zero (a read that never ends) or a sparse file
// of gigabytes (read whole before any check). One reader for all of them: it opens without
// blocking, reads only a regular file, and stops at a size cap before allocating past it.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace terrain::core {

// The caps, in bytes, for the files the tools read back.
inline constexpr std::size_t kMaxRecipeBytes = std::size_t(16) << 20;   // recipes, documents, world.json
inline constexpr std::size_t kMaxSidecarBytes = std::size_t(64) << 20;  // export and splat sidecars
inline constexpr std::size_t kMaxTileJsonBytes = std::size_t(1) << 20;  // a world's tile.json

// The whole of the regular file `path`, at most `maxBytes` long. Throws InputError naming `field`
// and the path: "a readable WHAT (the reason)" when it cannot be opened, "a regular WHAT (this is
// a FIFO / a device / a folder / it has N bytes; at most M)" otherwise. `what`: "recipe file".
std::string readUntrustedFile(const std::filesystem::path& path, std::size_t maxBytes, const std::string& field,
                              const std::string& what);

// The same, but nullopt when nothing is at `path` (a file not written yet).
std::optional<std::string> readUntrustedFileIfPresent(const std::filesystem::path& path, std::size_t maxBytes,
                                                      const std::string& field, const std::string& what);

}  // namespace terrain::core
