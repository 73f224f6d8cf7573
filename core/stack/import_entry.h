#pragma once
// An import as the stack's base (docs/importing.md), as terrain-cli's `--import FILE` and the
// editor's File ▸ Import Heightmap make it: what the CLI and the editor share.
#include "../io/import.h"
#include "../recipe.h"

#include <optional>

namespace terrain::core {

class Registry;
struct GenerateContext;

// `recipe` with the import as its base (its seed, sea level and the entries above its base kept):
// at `detail`, or the first detail whose map holds every sample of the file; its world as wide as
// the file's larger span in metres when the file says how far apart its samples are (`extentFromFile` set; else
// `recipe`'s extent). Throws InputError naming `field` when the file cannot be used.
Recipe withImportBase(const Registry& registry, const Recipe& recipe, const ImportSettings& settings,
                      std::optional<int> detail, const std::string& field, bool* extentFromFile = nullptr);

// The world's height range set to the import's own at the reference detail, so raw heights are
// metres exactly (stage_blend.h).
void fitHeightRangeToImport(const Registry& registry, Recipe& recipe, const GenerateContext& context);

}  // namespace terrain::core
