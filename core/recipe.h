#pragma once
// A Recipe fully determines a Heightmap: same recipe -> same bytes, on any thread count, in the
// editor and in the CLI. Saved as JSON with a format version.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "recipe_world.h"
#include "stack/operation.h"

namespace terrain::core {

class Registry;

// Format 2: the lattice rule. Detail became resolution: every random draw sits on one
// world lattice, so a recipe of format 1 now makes a different terrain than when it was saved.
// Format 3: the stack: "stack": [base generator, operations...]. A format 2 recipe
// reads as a one-entry stack and makes the same bytes.
// Format 4: the world is in the recipe ("world": extent, height range, sea level, reference
// detail). A recipe of format 3 or older reads with the world the CLI assumed for it: 1 m per
// sample at its detail, heights 0..100 m.
// Format 5: river-erosion drains the basins it is not asked to keep as lakes, raises rock where
// the input is high to keep its height, and runs a longer schedule (docs/erosion.md): a recipe of
// format 4 or older with a river-erosion entry makes another terrain, and says so when read.
// Format 6: river-erosion's deposition defaults to 0.2 (it was 0): a recipe of format 5 or older
// whose river-erosion entry leaves deposition out reads with 0 and makes the same bytes.
// Format 7: river-erosion's map edge defaults to open (it was the base level): a recipe of format
// 6 or older whose river-erosion entry leaves edge out reads with the base level, the same bytes.
// Format 8: river-erosion's main rivers meander (meander 0.8; there were none): a recipe of format
// 7 or older whose river-erosion entry leaves meander out reads with 0, the same bytes.
constexpr int kRecipeFormatVersion = 8;
constexpr int kLatticeRecipeVersion = 2;
constexpr int kWorldRecipeVersion = 4;
constexpr int kRiverRecipeVersion = 5;
constexpr int kDepositionRecipeVersion = 6;
constexpr int kOpenEdgeRecipeVersion = 7;
constexpr int kMeanderRecipeVersion = 8;

// The one line a front end shows when it reads a recipe of `version` (empty when current).
std::string olderRecipeNotice(int version);
// The same for a recipe as read (names the world it was given).
std::string olderRecipeNotice(int version, const struct Recipe& recipe);

struct Recipe {
    // The stack's first entry, the base generator: it sets the map's size and the world scale.
    std::string algorithm = "diamond-square";
    int detail = 9;               // side = 2^detail + 1 samples
    std::uint64_t seed = 1;
    std::map<std::string, double> params;  // every key of the algorithm's ParamSpec table
    // The base's structured data, for sources that hold it (Algorithm::dataKey: an import's file
    // and placement): its canonical JSON text. Empty: none.
    std::string baseData;
    // The rest of the stack, applied in order on top of the base generator.
    std::vector<OpInstance> operations;
    // The name the base generator's map is published under for later entries (empty: none).
    std::string basePublish;
    // What the map measures, the same at every detail (recipe_world.h).
    RecipeWorld world;

    bool operator==(const Recipe&) const = default;
};

// An input error located on one entry of the stack (1-based `stage`, the base generator is 0),
// so the editor shows it on that operation and the CLI names it.
class StageError : public InputError {
public:
    StageError(int stage, std::string opId, const InputError& error);
    int stage() const { return m_stage; }
    const std::string& opId() const { return m_opId; }

private:
    int m_stage;
    std::string m_opId;
};

// The type's name for an entry's kind, parameters and errors: an OpType (filter) or an
// Algorithm used as a layer (generator). Throws InputError("type", ...) when unknown.
struct OpTypeView {
    OpKind kind = OpKind::Filter;
    std::string id;
    std::string name;
    const std::vector<ParamSpec>* params = nullptr;
};
OpTypeView opTypeView(const Registry& registry, const std::string& typeId);

// The base generator's fixed id in the stack, and the limit on entries after it.
inline constexpr const char* kBaseOpId = "base";
inline constexpr std::size_t kMaxOperations = 64;

// The parameters every generator layer has besides its generator's: blend (a Choice of
// blendModeNames()), weight and seed_offset, as table rows for sliders, flags and JSON.
const std::vector<ParamSpec>& layerParamSpecs();

// A new entry of `type` at its defaults, with an id not used in `recipe` ("terrace-2").
OpInstance newOperation(const Registry& registry, const Recipe& recipe, const std::string& type);
// The label shown for an entry: its name, or its type's name.
std::string operationLabel(const Registry& registry, const OpInstance& op);

// The masks the enabled entries before `stage` (1-based; past the end: the whole stack) add,
// sorted by name: what an entry at `stage` may be blended through, and what exports can write.
std::vector<std::string> masksBefore(const Registry& registry, const Recipe& recipe, std::size_t stage);

// The algorithm's defaults for every parameter, in the world of 1 m per sample at its default
// detail with heights 0..100 m.
Recipe defaultRecipe(const Registry& registry, const std::string& algorithm);

// What validateRecipe checks: everything, or all but the operations' cross-field checks (values
// that are each in range but not allowed together, e.g. a clamp's low above its high).
enum class RecipeChecks { All, Structure };

// Throws InputError naming the first field that is not allowed (algorithm, detail, a parameter);
// an operation's error is a StageError naming it. Reading a recipe checks Structure only: a
// document saved while an entry showed such an error must reopen (the evaluation, which checks
// All, reports it on that entry again).
void validateRecipe(const Registry& registry, const Recipe& recipe, RecipeChecks checks = RecipeChecks::All);

nlohmann::json recipeToJson(const Registry& registry, const Recipe& recipe);
// Validates every field; missing parameters take their defaults; unknown keys, wrong types, a
// newer format version and out-of-range values throw InputError naming the field.
// `formatVersion`, if given, receives the file's format version (for olderRecipeNotice).
Recipe recipeFromJson(const Registry& registry, const nlohmann::json& json,
                      int* formatVersion = nullptr);

std::string recipeToText(const Registry& registry, const Recipe& recipe);  // pretty JSON
// Parses text (throws InputError with the parse position for malformed or truncated JSON).
Recipe recipeFromText(const Registry& registry, const std::string& text, const std::string& source,
                      int* formatVersion = nullptr);

// Sets one parameter from text, as `--set KEY=VALUE` and the editor's fields do. Besides the
// ParamSpec keys it takes two aliases: `hurst` (sets roughness = 2^-H) and, for algorithms with
// fixed corners, `corners=a,b,c,d` (NW, NE, SW, SE; switches corners to fixed). Throws
// InputError naming `field`.
void setParamFromText(const Registry& registry, Recipe& recipe, const std::string& key,
                      const std::string& text, const std::string& field);
// `publish` names the base generator's map for later entries (named stages).
// The same for an operation: its parameters, and for generator layers `blend`, `weight`,
// `seed_offset` (groups: `blend`, `weight`), plus `name`, `enabled`, `mask` (NAME or STAGE.NAME),
// `publish` and `input`.
void setOperationParamFromText(const Registry& registry, OpInstance& op, const std::string& key,
                               const std::string& text, const std::string& field);

// SHA-256 (hex) of the canonical JSON of the recipe: names a terrain in logs and sidecars.
std::string recipeHash(const Registry& registry, const Recipe& recipe);

// Seed 003's roughness constant H as the per-level amplitude factor: r = 2^-H.
double roughnessFromHurst(double hurst);
double hurstFromRoughness(double roughness);

}  // namespace terrain::core
