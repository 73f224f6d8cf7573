#pragma once
// terrain-cli's commands over terrain_core. Flags are parsed in main.cpp (CLI11); the values
// arrive here as text so that every bad value gets core's message: field, value, what is allowed.
#include <core/errors.h>
#include <core/io/untrusted_file.h>
#include <core/io/world_units.h>
#include <core/recipe.h>
#include <core/registry.h>
#include <core/stack/evaluator.h>

#include <charconv>
#include <optional>
#include <string>
#include <vector>

namespace terrain::app::cli {

// Exit codes (sysexits.h): the CLI's contract with scripts.
enum ExitCode : int {
    kExitOk = 0,
    kExitUsage = 64,     // bad flag or flag value, unknown algorithm, size too big
    kExitDataErr = 65,   // bad recipe file contents
    kExitSoftware = 70,  // an internal error (an exception no refusal expected)
    kExitCantCreate = 73,
    kExitIoErr = 74,
};

// Thrown for a recipe file whose contents are bad (exit 65) rather than a bad flag (exit 64).
struct RecipeDataError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Recipe files above this size are refused before they are read (a recipe is a few hundred bytes).
inline constexpr long kMaxRecipeFileBytes = long(core::kMaxRecipeBytes);

// The bytes of a recipe file named by `field` (--recipe, compare's RECIPE): regular files only,
// refused without blocking (a FIFO, a device or a folder) with an InputError naming `field`.
std::string readRecipeFile(const std::string& path, const std::string& field);

// A bad recipe file's message for RecipeDataError: "PATH: FIELD: 'VALUE' is not allowed; ...".
std::string recipeDataMessage(const std::string& path, const core::InputError& e);

struct GenerationOptions {
    std::optional<std::string> algorithm;
    std::optional<std::string> detail;
    std::optional<std::string> seed;
    std::optional<std::string> roughness;
    std::optional<std::string> hurst;
    std::vector<std::string> sets;  // KEY=VALUE
    std::optional<std::string> recipeFile;
    std::optional<std::string> saveRecipe;
    std::optional<std::string> threads;
    std::vector<std::string> ops;  // --op ID[:KEY=VALUE,...], appended in order
    // The world (core/recipe_world.h). A recipe that carries its own world (format 4, a preset)
    // is moved into the world these describe, keeping its shape (core::rescaledToWorld); a recipe
    // built from flags, or one older than format 4, simply takes it.
    std::optional<std::string> metresPerPixel;  // spacing at spacingDetail
    std::optional<std::string> worldSize;       // metres across the map (width - 1 spacings)
    std::optional<std::string> heightRange;     // LO:HI metres
    std::optional<std::string> seaLevel;        // metres
    std::optional<int> spacingDetail;           // the detail --metres-per-pixel is meant at (default: the recipe's)
};

struct OutputOptions {
    std::string output;
    std::optional<std::string> format;
    std::string map = "world";
    std::optional<std::string> preset;          // engine preset (unity, unreal, ...)
    std::optional<std::string> size;            // WxH
    std::optional<std::string> resize;          // bicubic (default) | crop
    std::optional<std::string> tiles;           // NxM
    std::optional<std::string> tileBorder;      // 0 | 1 (default: the preset's, else 1)
    std::optional<std::string> tilePattern;     // {stem} {x} {y} {ext}
    std::optional<std::string> triangles;       // obj/glb triangle budget
    std::optional<std::string> mask;            // write this mask of the stack instead of the heights
    std::vector<std::string> splat;             // NAME=RULE splat layers, in order
    std::optional<std::string> splatSize;       // splat map side
};

// A whole number in [lo, hi] from a flag's text; throws InputError naming `field`.
template <typename T>
T parseWhole(const std::string& text, const std::string& field, T lo, T hi) {
    T value{};
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || value < lo || value > hi) {
        throw core::InputError(field, text, "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
    }
    return value;
}

// The recipe the generation flags describe (--recipe, --algorithm, --world-size, --set, --op ...),
// validated. `formatVersion`: the recipe file's format, when there is one (for
// core::olderRecipeNotice). `ownWorld`: whether the recipe carried its own world (a format-4 file
// or a preset): then a lower --detail keeps its extent.
core::Recipe buildRecipe(const core::Registry& registry, const GenerationOptions& gen, int* formatVersion = nullptr,
                         bool* ownWorld = nullptr);
// --sea-level METRES: a height within +/-1e7; throws InputError naming the flag.
double seaLevelFrom(const std::string& text);
// --world-size METRES: `base` with the spacing that makes a map of `width` samples that wide.
core::WorldUnits worldOfSize(const core::WorldUnits& base, const std::string& text, int width);
// --threads, or every core.
int threadCount(const GenerationOptions& gen);

// One evaluation of a recipe's stack.
struct Generated {
    core::Recipe recipe;
    std::shared_ptr<const core::Heightmap> map;
    core::HeightMapping world;  // the base generator's world mapping (--map world)
    core::MaskSet masks;
    core::HeightScale heights;  // raw <-> metres of the world's range
    double generateMs = 0.0;    // the whole stack's evaluation, erosion included
};

// Runs the recipe's stack (saying so on stderr); `world` gives the metres of metre-valued
// parameters (spacing at the recipe's detail, height range). `version`: the recipe file's format,
// for its notice.
Generated generateStack(const core::Registry& registry, const GenerationOptions& gen, const core::Recipe& recipe,
                        int version, const core::WorldUnits& world);

int runGenerate(const core::Registry& registry, const GenerationOptions& gen, const OutputOptions& out);
struct BenchOptions {
    std::optional<std::string> algorithm;  // default: every algorithm
    std::optional<std::string> detail;     // default: 10 and 12
    std::optional<std::string> threads;    // default: 1 and all cores
    std::string repetitions = "5";
    bool json = false;
};
int runBench(const core::Registry& registry, const BenchOptions& options);

int runAnsi(const core::Registry& registry, const GenerationOptions& gen,
            const std::optional<std::string>& width, const std::string& palette);

}  // namespace terrain::app::cli
