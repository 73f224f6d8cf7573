#pragma once
// The explicit list of built-in algorithms. No singletons and no static self-registration
// (static libraries drop such objects): the GUI and the CLI each call makeBuiltinRegistry().
#include "heightmap.h"
#include "param_spec.h"
#include "stack/operation.h"

#include <functional>
#include <string>
#include <vector>

namespace terrain::core {

struct GenerateContext;
struct Recipe;

struct Size {
    int width = 0;
    int height = 0;
};

// A rectangle of a map's samples: columns x0 .. x0 + width - 1, rows y0 .. y0 + height - 1.
struct SampleWindow {
    int x0 = 0, y0 = 0, width = 0, height = 0;
};

struct Algorithm {
    std::string id;           // fixed: the CLI and recipes use it ("diamond-square")
    std::string name;         // "Diamond-square"
    std::string summary;      // one line for lists and tooltips
    int minDetail = 1;
    int maxDetail = 14;
    int defaultDetail = 9;
    std::vector<ParamSpec> params;
    // Output size for a detail level (e.g. 2^detail+1 square, or a 1-row line).
    std::function<Size(int detail)> sizeForDetail;
    // Pure: fills `out` (reshaped to sizeForDetail, its buffer reused when the size matches) with
    // the same bits whatever the context's thread count. `metresPerSample` is the world's sample
    // spacing at recipe.detail (the world's extent is fixed, so detail d + 1 has half the spacing
    // of detail d): generators whose features are sized in metres sample the world there.
    std::function<void(const Recipe&, double metresPerSample, const GenerateContext&, Heightmap& out)>
        generateInto;
    // The samples of `window` of the map generateInto makes, bit for bit, computed without the
    // rest of the map (world tiles). recipe.detail may exceed maxDetail, up to
    // kLatticeDetail (rng.h): a world's detail. Throws InputError naming a parameter whose value
    // cannot be windowed. Empty for algorithms that cannot be (the 1-D line).
    std::function<void(const Recipe&, double metresPerSample, SampleWindow, const GenerateContext&, Heightmap& out)>
        generateWindowInto;
    // Sources that read structured data (Recipe::baseData as the base, OpInstance::data as a
    // layer: an import's file and placement): the key a recipe file stores it under, its check
    // (JSON text in, canonical text out; throws InputError naming the field inside it), and a
    // fingerprint of what it reads beside the recipe (a file's size and time), part of the stage
    // cache keys so an edited file is read again. Empty dataKey: no data.
    std::string dataKey;
    std::function<std::string(const std::string& jsonText)> normalizeData;
    std::function<std::string(const std::string& data)> fingerprint;
    // The map is heights in metres, not raw units to be fitted to the world's height range: as
    // the base, raw units are metres (the world's range only says what integer exports span); as
    // a layer, its metres are blended as they are.
    bool heightsInMetres = false;
};

class Registry {
public:
    void add(Algorithm algorithm);
    // The generators a front end offers (each makes a terrain at its defaults).
    const std::vector<Algorithm>& algorithms() const { return m_algorithms; }
    // Sources that need their data to make anything (import): found by find() and get(), but
    // not in algorithms(), so lists of generators and tests over them skip them.
    void addSource(Algorithm source);
    const std::vector<Algorithm>& sources() const { return m_sources; }
    const Algorithm* find(const std::string& id) const;
    // Throws InputError("algorithm", id, "one of …") when unknown.
    const Algorithm& get(const std::string& id) const;
    std::string idList() const;  // "diamond-square, midpoint-displacement, …"

    // Operation types (filters) of the stack; the algorithms above are its generators.
    void addOp(OpType type);
    const std::vector<OpType>& ops() const { return m_ops; }
    const OpType* findOp(const std::string& id) const;
    // Every type a stack entry may have: the filters, then the generators and sources.
    std::string opIdList() const;
    // The key a recipe stores an entry's structured data under (an operation type or a source),
    // empty when the type holds none; and its check (throws InputError naming the field inside).
    std::string dataKeyOf(const std::string& typeId) const;
    std::string normalizeDataOf(const std::string& typeId, const std::string& jsonText) const;
    // What a type's data reads beside the recipe, for stage keys (empty: nothing).
    std::string dataFingerprintOf(const std::string& typeId, const std::string& data) const;

private:
    std::vector<Algorithm> m_algorithms;
    std::vector<Algorithm> m_sources;
    std::vector<OpType> m_ops;
};

Registry makeBuiltinRegistry();

// Validates the recipe, checks the size fits in memory, and runs the algorithm (the base generator
// alone: evaluateStack in stack/evaluator.h runs the whole stack) with the world's sample spacing
// at recipe.detail.
Heightmap generate(const Registry& registry, const Recipe& recipe, double metresPerSample,
                   const GenerateContext& context);
// The same into an existing grid: its memory is reused when the size matches (pre-faulted pages
// make a slider-driven regeneration several times faster than a fresh allocation).
void generateInto(const Registry& registry, const Recipe& recipe, double metresPerSample,
                  const GenerateContext& context, Heightmap& out);
// The same at 1 m per sample (terrain-cli's default world).
Heightmap generate(const Registry& registry, const Recipe& recipe, const GenerateContext& context);
void generateInto(const Registry& registry, const Recipe& recipe, const GenerateContext& context,
                  Heightmap& out);

// The spacing at `detail` of a world whose spacing at recipe.detail is `metresPerSample`
// (the same extent in metres: scaled by the ratio of the maps' sample spans).
double spacingAtDetail(const Registry& registry, const Recipe& recipe, double metresPerSample, int detail);

}  // namespace terrain::core
