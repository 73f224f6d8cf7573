#pragma once
// The .terrain.json document format: a format version, the recipe (core's recipe JSON), the world
// size and the editor's view settings. Reading validates every field and throws core::InputError
// naming it ("view.waterLevel", "world.metresPerPixel", "recipe.roughness", "version"), so a bad
// file never replaces the document.
//
// Version 2 added "world": {"metresPerPixel": M, "heightRangeMetres": [LO, HI]}. Version 1 files
// (and files without "world") load with the defaults of WorldSize, which are terrain-cli's.
// Version 3 holds a recipe of format 2 (the lattice rule): older documents still open,
// but make a different terrain than when saved; documentNotice() says so once.
// Version 4 holds a recipe of format 4, which carries the world (extent, height range, sea level);
// the document's own "world" is read from older files into the recipe.
#include "app/document/document_state.h"

#include <nlohmann/json_fwd.hpp>

#include <QString>

#include <string>
#include <string_view>

namespace terrain::core {
class Registry;
}

namespace terrain::app {

inline constexpr int kDocumentFormatVersion = 4;
inline constexpr int kLatticeDocumentVersion = 3;
inline constexpr int kWorldDocumentVersion = 4;

// The one-line notice for a document of `version` (empty when current).
QString documentNotice(int version);
inline constexpr const char* kDocumentFormatName = "terrain-editor-document";
inline constexpr const char* kDocumentSuffix = ".terrain.json";

nlohmann::json documentToJson(const core::Registry& registry, const DocumentState& state);
// Throws core::InputError naming the first field that cannot be used.
// `formatVersion`, if given, receives the document's format version (for documentNotice).
DocumentState documentFromJson(const core::Registry& registry, const nlohmann::json& json,
                               int* formatVersion = nullptr);
// Parses with core::parseJsonInput (depth, duplicate keys, NUL bytes, number overflow) and reads
// the document; every refusal is a core::InputError. `source` names the text (its path).
DocumentState documentFromText(const core::Registry& registry, std::string_view text,
                               const std::string& source, int* formatVersion = nullptr);

// Writes atomically (temporary file + rename); throws core::IoError on failure.
void saveDocumentFile(const core::Registry& registry, const DocumentState& state,
                      const QString& path);
// Throws core::IoError when the file cannot be read, core::InputError when it is not a document
// this editor can use (malformed JSON with its position, a foreign file, a newer version, …).
DocumentState loadDocumentFile(const core::Registry& registry, const QString& path,
                               int* formatVersion = nullptr);

// What File ▸ Open, the command line and a dropped file read: a document, or a recipe
// (terrain-cli's --save-recipe, format "terrain-recipe") as a new document with the default view.
struct OpenedFile {
    DocumentState state;
    bool isRecipe = false;
    QString notice;  // one line about an older format, or empty
};
// Throws as loadDocumentFile does.
OpenedFile openTerrainFile(const core::Registry& registry, const QString& path);

}  // namespace terrain::app
