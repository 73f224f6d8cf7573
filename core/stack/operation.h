#pragma once
// The stack (docs/architecture.md "The stack"): a recipe is a base generator followed
// by operations. This header holds what every operation type declares (OpType: its ParamSpec
// table bound to a typed struct, and a pure run function) and what a recipe stores per entry
// (OpInstance). The evaluator (evaluator.h) runs a recipe through a per-stage cache.
//
// Units. The stack works in the base generator's raw height units, so a one-operation stack is
// byte for byte the generator's map. Parameters in metres are turned into raw units through the
// recipe's world scale (core/world_scale.h: the base generator's range at the reference detail
// becomes the world's height range), which is the same at every detail, so per-sample operations
// keep the lattice rule exactly.
#include "../cancel.h"
#include "../heightmap.h"
#include "../param_spec.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace terrain::core {

enum class OpKind {
    Generator,  // ignores its input: the first one starts the stack, later ones are blended in
    Filter,     // reads the map below and writes a new one
    // A group: the entries between a Group and its GroupEnd run on their own (starting from the
    // map below the group, or from the group's `input`), and the group's result is blended back
    // into the map below it as one layer (blend, weight, mask of the Group entry).
    Group,
    GroupEnd,
};
// The type ids of a group's two ends in a recipe held in memory (a recipe file nests the group's
// entries in its "stack" instead).
inline constexpr const char* kGroupType = "group";
inline constexpr const char* kGroupEndType = "group-end";

// How a generator layer above the base is combined with the map below it (a = below, b = the
// layer in metres above the world's floor, w = weight): add a + w·b; multiply a·(1 − w + w·b/range);
// max/min lerp(a, max/min(a, b), w); replace lerp(a, b, w).
enum class BlendMode { Add, Multiply, Max, Min, Replace };
const std::vector<std::string>& blendModeNames();  // "add", "multiply", "max", "min", "replace"

// One entry of a recipe's stack after the base generator.
struct OpInstance {
    std::string id;    // stable within the recipe ("terrace-1"); survives reordering and renaming
    std::string type;  // an OpType id (filters) or an Algorithm id (generator layers)
    std::string name;  // the user's label; empty: the type's name
    bool enabled = true;
    std::map<std::string, double> params;  // every key of the type's ParamSpec table
    // The name of a mask made lower in the stack (`slope`, `flow`, ...), or STAGE.NAME for a mask
    // of a published stage: the entry's result is blended into the map below through it (1 = the
    // result, 0 = the map below). Empty: no mask.
    std::string mask;
    // Named stages: the name this entry's result (its heights and masks) is published under, for
    // later entries to read (empty: none); and the published stage this entry reads instead of
    // the map below (empty: the map below).
    std::string publish;
    std::string input;
    // Generator layers and groups (blend, weight); generator layers only (seed offset):
    BlendMode blend = BlendMode::Add;
    double weight = 1.0;           // in [0, 1]
    std::uint64_t seedOffset = 1;  // the layer's seed = recipe seed + offset (wrapping)
    // Structured data beside the parameters, for types that hold it (OpType::dataKey: a layout's
    // items): its canonical JSON text (OpType::normalizeData). Empty: none.
    std::string data;

    bool operator==(const OpInstance&) const = default;
};

// Masks flow down the stack beside the heights: grids of the map's size with values
// in [0, 1], by name. An operation that makes a mask adds it (replacing one of the same name);
// the others pass the masks below on unchanged. Shared, never modified once made.
using MaskSet = std::map<std::string, std::shared_ptr<const Heightmap>>;

// What a mask name may be, for messages: "a name of lower-case letters, digits, - and _".
bool isMaskName(const std::string& name);
extern const char* const kMaskNameAllowed;
// A mask reference: NAME (a mask below) or STAGE.NAME (a mask of the published stage STAGE), each
// part a mask name. Published stage names follow the same rule as mask names.
bool isMaskReference(const std::string& text);
extern const char* const kMaskReferenceAllowed;

// The affine map between the stack's raw heights and metres: metres = raw · scale + offset.
struct HeightScale {
    double scale = 1.0;
    double offset = 0.0;
    double loMetres = 0.0;  // the world's height range
    double hiMetres = 1.0;

    double toMetres(double raw) const { return raw * scale + offset; }
    double toRaw(double metres) const { return (metres - offset) / scale; }
    double rangeMetres() const { return hiMetres - loMetres; }
};

// A part of a map: columns x0 .. x0 + input width - 1 and rows y0 .. of a mapWidth x mapHeight map.
struct MapPlace {
    int x0 = 0, y0 = 0;
    int mapWidth = 0, mapHeight = 0;  // 0: the input is the whole map
};

// The stage below an entry at the world's reference detail (the whole map), and its spacing.
struct ReferenceMap {
    std::shared_ptr<const Heightmap> map;
    double metresPerSample = 1.0;
};

// An incremental type's last output for the same entry on the same input (OpType::incremental):
// its data, heights and the masks it added. The type may copy what an edit of its data cannot
// have changed; the result must be the bits a full run makes.
struct PreviousRun {
    std::string data;
    std::shared_ptr<const Heightmap> map;
    MaskSet masks;
};

// What an operation is given. `output` has the input's size, its samples unset: write each.
struct OpCall {
    const Heightmap& input;
    Heightmap& output;
    HeightScale heights;
    double metresPerSample = 1.0;  // spacing at this detail (the world's extent is fixed)
    int detail = 0;
    std::uint64_t seed = 0;        // the recipe's seed
    const GenerateContext& context;
    // For types with needsReferenceRange: the finite min/max of the input at the reference
    // detail (kReferenceDetail), so a range-dependent operation is the same at every detail.
    MinMax referenceRange;
    // The masks of the stage below, and this stage's masks (a copy of them to add to). Null when
    // the caller keeps no masks.
    const MaskSet* masksBelow = nullptr;
    MaskSet* masks = nullptr;
    // Where addMask gets a grid of the input's size (the evaluator reuses evicted, pre-faulted
    // buffers); empty: a new one.
    std::function<std::shared_ptr<Heightmap>(int width, int height)> allocate;
    // Where the input lies in the whole map (a world tile): its first column and row
    // there and the whole map's size. Empty (the default): the input is the whole map. Read it
    // through placeOf().
    MapPlace place;
    // The entry's structured data (OpInstance::data; null or empty: none).
    const std::string* data = nullptr;
    // The stage below at the reference detail, computed when first asked for (the whole map's,
    // for a world tile as well): what an entry that solves something once for the whole map
    // reads (a layout's profiles), so it is the same at every detail and in every tile.
    std::function<ReferenceMap()> referenceMap;
    double referenceMetresPerSample = 0.0;  // its spacing, known without computing it (0: unknown)
    // For OpType::incremental: the entry's last run on this very input (null: none).
    const PreviousRun* previous = nullptr;
};

// The input's place: call.place, or the whole map when that is empty.
MapPlace placeOf(const OpCall& call);

// A new mask of the input's size named `name` in call.masks (replacing one below of that name),
// its samples unset: write each before run returns. Without call.masks, a grid only the caller
// holds (the kernel may still write it).
std::shared_ptr<Heightmap> addMask(const OpCall& call, const std::string& name);

// A type's parameters as a table bound to its typed struct P: each row is a ParamSpec and the
// setter that stores the value in P. bind() is the only place values are looked up by key.
template <class P>
class ParamTable {
public:
    using Setter = std::function<void(P&, double)>;
    ParamTable& add(ParamSpec spec, Setter set) {
        m_specs.push_back(std::move(spec));
        m_setters.push_back(std::move(set));
        return *this;
    }
    const std::vector<ParamSpec>& specs() const { return m_specs; }
    P bind(const std::map<std::string, double>& values) const {
        P p{};
        for (std::size_t i = 0; i < m_specs.size(); ++i) {
            const auto it = values.find(m_specs[i].key);
            m_setters[i](p, it == values.end() ? m_specs[i].defaultValue : it->second);
        }
        return p;
    }

private:
    std::vector<ParamSpec> m_specs;
    std::vector<Setter> m_setters;
};

// Checks of the parameter values together, beyond each row's range ("low below high"); throws
// InputError naming the field.
using ParamCheck = std::function<void(const std::map<std::string, double>&)>;

struct OpType {
    std::string id;       // fixed: recipes and `--op` use it ("terrace")
    std::string name;     // "Terrace"
    std::string summary;  // one line for lists, menus and tooltips
    int version = 1;      // part of every stage key: bump when the output bits change
    std::vector<ParamSpec> params;
    ParamCheck check;                  // may be empty
    bool needsReferenceRange = false;  // OpCall::referenceRange is filled in
    // Runs on square maps only (2^d + 1 samples both ways): the type routes water or material
    // across rows and columns alike, or runs on coarse levels of the square. On another shape (the
    // 1-D line's one row) validateRecipe refuses the entry, naming it, instead of running it.
    bool needsSquareMap = false;
    // The heights pass through unchanged (the type only adds masks): the stage shares the map
    // below instead of copying it, and OpCall::output is an empty grid not to be written.
    bool passesHeights = false;
    // Whether an entry with these parameters is per sample: its output at a sample depends on
    // the input at that sample, the parameters and where the sample lies in the whole map
    // (placeOf), not on its neighbours, so a world tile runs it on the tile alone.
    // Empty: never.
    std::function<bool(const std::map<std::string, double>&)> perSample;
    // For an entry that reads its neighbours within a fixed distance: how many samples out, at
    // this spacing. A world tile runs it on the tile grown by that many samples and keeps the
    // middle, so its output at a sample must depend only on the input within that distance, the
    // parameters and the sample's place (not, say, on running sums started at the map's edge).
    // Empty, or not per sample and no halo: it cannot be tiled.
    std::function<int(const std::map<std::string, double>&, double metresPerSample)> halo;
    // The names of the masks an entry with these parameters adds (addMask), so front ends can
    // offer them and check a mask name before evaluating. Empty: none.
    std::function<std::vector<std::string>(const std::map<std::string, double>&)> masks;
    // Types that hold structured data (OpInstance::data): the key a recipe file stores it under
    // (a JSON value), its check (JSON text in, canonical text out; throws InputError naming the
    // field inside it) and the masks an entry with that data adds. Empty dataKey: no data.
    std::string dataKey;
    std::function<std::string(const std::string& jsonText)> normalizeData;
    std::function<std::vector<std::string>(const std::map<std::string, double>& params, const std::string& data)>
        dataMasks;
    // What the data reads beside the recipe (an image's size and time), part of the stage key so
    // an edited file is read again. Empty: nothing.
    std::function<std::string(const std::string& data)> fingerprint;
    // The evaluator keeps an entry's last output on each input and hands it to the next run
    // (OpCall::previous): an edit of a layout's item then recomputes only where that item was
    // and is.
    bool incremental = false;
    // Pure, and the same bits on any thread count. Throws InputError for values it cannot use.
    std::function<void(const std::map<std::string, double>&, const OpCall&)> run;
};

// An OpType whose run receives its typed parameters.
template <class P>
OpType makeOpType(std::string id, std::string name, std::string summary, const ParamTable<P>& table,
                  std::function<void(const P&, const OpCall&)> run) {
    OpType type;
    type.id = std::move(id);
    type.name = std::move(name);
    type.summary = std::move(summary);
    type.params = table.specs();
    type.run = [table, run = std::move(run)](const std::map<std::string, double>& values,
                                              const OpCall& call) { run(table.bind(values), call); };
    return type;
}

}  // namespace terrain::core
