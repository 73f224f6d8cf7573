#pragma once
// Runs a recipe's stack through a per-stage cache. Stage k's key hashes everything
// that decides its bits: the base generator (algorithm, detail, seed, parameters), the world
// (metres per sample and height range, which metre-valued parameters depend on) and every
// enabled entry stage k reads, through the stage plan (stage_plan.h: an entry reads the stage
// below it, or a published stage; a group's end reads the group and the map below it) (type,
// type version, parameters, blend, weight, seed offset; not the id or the name). An edit of
// entry k therefore recomputes k and what depends on it, never what precedes it; a disabled
// entry is skipped and its stage is the one below it.
//
// One evaluator may be shared by the editor, the compare window's panels and the seed grid
// (panels with a common prefix share its stages) and used from several threads at once: the
// cache is locked only to look up and store, never while a stage is computed; a stage another
// call is computing is waited for, not computed twice. Each evaluation
// runs with the context's executor and workspace; without a workspace it borrows one from the
// evaluator's pool (kept warm between evaluations, one per evaluation running at once).
#include "../io/height_mapping.h"
#include "../io/world_units.h"
#include "../recipe.h"
#include "../registry.h"
#include "../workspace.h"
#include "stage_plan.h"

#include <cstddef>
#include <functional>
#include <future>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace terrain::core {

class Registry;

struct StackResult {
    std::shared_ptr<const Heightmap> map;  // the stack's output through the requested stage
    MaskSet masks;                         // the masks made up to that stage, by name
    // The recipe's world mapping (the base generator's raw range at the reference detail ->
    // the world's height range): the same for every stage, as the stack keeps raw units.
    HeightMapping world;
    HeightScale heights;           // raw <-> metres under that mapping and the world's range
    std::vector<int> computed;     // stages computed by this call (0 = base); the rest were cached
    int lastStage = 0;             // the stage whose output `map` is
};

class StackEvaluator {
public:
    // `cacheBytes`: the stage maps kept for reuse (least recently used go first; 0 keeps none).
    // A map a caller still holds stays valid when the cache lets go of it.
    explicit StackEvaluator(const Registry& registry, std::size_t cacheBytes = std::size_t(768) << 20);

    // Evaluates stages 0..upTo (upTo < 0 or past the end: the whole stack; 0: the base
    // generator only). `world.metresPerPixel` is the spacing at recipe.detail. Validates the
    // recipe (InputError, StageError naming the entry); rethrows Cancelled.
    StackResult evaluate(const Recipe& recipe, const WorldUnits& world, const GenerateContext& context,
                         int upTo = -1);

    // The recipe's world mapping alone (cached) in a world of that spacing at recipe.detail: what
    // worldMapping() in world_scale.h computes.
    HeightMapping worldMapping(const Recipe& recipe, double metresPerSample, const GenerateContext& context);

    // What an entry with OpType::needsReferenceRange at stage + 1 is given: the finite min/max of
    // stage `stage` (0 = the base) at the reference detail, in a world of this spacing at
    // recipe.detail (cached). The window evaluator asks it so a tile normalizes as the whole map.
    MinMax stageReferenceRange(const Recipe& recipe, const WorldUnits& world, int stage,
                               const GenerateContext& context);

    // The stage `stage` (0 = the base) at the reference detail, the whole map, in a world of this
    // spacing at recipe.detail (through the cache): what OpCall::referenceMap gives.
    ReferenceMap stageReferenceMap(const Recipe& recipe, const WorldUnits& world, int stage,
                                   const GenerateContext& context);
    // The spacing of the reference detail in that world.
    double referenceSpacing(const Recipe& recipe, const WorldUnits& world) const;

    const Registry& registry() const { return m_registry; }
    std::size_t cachedBytes() const;
    void clear();

private:
    // A stage's output: its heights and the masks made up to it (shared with the stages below).
    struct Stage {
        std::shared_ptr<Heightmap> map;
        MaskSet masks;
    };
    struct Entry {
        Stage stage;
        std::uint64_t lastUse = 0;
        // An incremental entry's outputs on one input, whatever its data ("" for the rest): at
        // most kVariants of a family stay, so a drag reuses the buffers of its last steps.
        std::string family;
    };
    static constexpr int kVariants = 3;
    Stage run(const Recipe& recipe, const WorldUnits& world, const GenerateContext& context, int upTo,
              StackResult& result);
    Stage lookup(const std::string& key);
    // Stage `key`: cached, or being computed by another call (waited for, polling `context`'s
    // cancel token), or made here by compute() and stored. `computedHere` says which.
    Stage computeOnce(const std::string& key, const GenerateContext& context, const std::function<Stage()>& compute,
                      bool& computedHere, const std::string& family = {});
    void store(const std::string& key, const Stage& stage, const std::string& family);
    void evictEntryLocked(std::map<std::string, Entry>::iterator entry);
    std::shared_ptr<Heightmap> allocate(int width, int height);  // reuses an evicted buffer
    MinMax referenceRange(const Recipe& recipe, const WorldUnits& world, int stage,
                          const GenerateContext& context);
    ReferenceMap referenceMapOf(const Recipe& recipe, const WorldUnits& world, int stage,
                                const GenerateContext& context);
    MinMax baseReferenceRange(const Recipe& base, double metresPerSample, const GenerateContext& context);
    // Entry `stage` (>= 1) of `recipe` on `in` into `out`: an OpType's run, or a generator layer
    // blended in. `sub` carries this stage's progress; `context` is the caller's.
    // `below` holds the masks below; the entry's own masks are added to `masks`.
    // `inputStage`: the stage `in` is (for a reference range); `through`: the mask the result is
    // applied through, or null.
    void runOperation(const Recipe& recipe, const WorldUnits& world, int stage, int inputStage,
                      const std::string& inputKey, const Heightmap& in,
                      const MaskSet& below, const Heightmap* through, const HeightScale& heights,
                      const GenerateContext& sub, const GenerateContext& context, Heightmap& out, MaskSet& masks,
                      const std::shared_ptr<Heightmap>& outShared = nullptr);
    // A group's end (stage k of `plan`): its result blended into the map below the group.
    Stage blendGroup(const Recipe& recipe, const StagePlan& plan, int k, const std::vector<Stage>& have,
                     const StackResult& result, const GenerateContext& sub);
    // The range stored under `key`, or compute() stored there.
    MinMax cachedRange(const std::string& key, const std::function<MinMax()>& compute);
    friend Heightmap evaluateStack(const Registry&, const Recipe&, const WorldUnits&, const GenerateContext&);
    void evictLocked(std::size_t keepBytes);
    std::size_t bytesLocked() const;

    const Registry& m_registry;
    std::size_t m_cacheBytes;
    mutable std::mutex m_mutex;
    std::map<std::string, Entry> m_entries;
    std::map<std::string, MinMax> m_ranges;  // reference ranges by stage key (a few bytes each)
    // Incremental types' last runs, by entry id, input stage key and parameters.
    std::map<std::string, std::shared_ptr<const PreviousRun>> m_previous;
    std::vector<std::shared_ptr<Heightmap>> m_spare;
    // Stages being computed now: a second call that needs one waits instead of computing it
    // again (compare panels started together share their common prefix).
    std::map<std::string, std::shared_future<Stage>> m_running;
    std::uint64_t m_clock = 0;
    WorkspacePool m_workspaces;
};

// The stage keys of a recipe (index = stage), as the evaluator computes them: for tests and for
// front ends that want to know which stages an edit invalidates.
std::vector<std::string> stageKeys(const Registry& registry, const Recipe& recipe, const WorldUnits& world);
std::vector<std::string> stageKeys(const Registry& registry, const Recipe& recipe, const WorldUnits& world,
                                   const StagePlan& plan);

// The recipe's stack evaluated once without a cache (the CLI, exports): same bytes as the
// evaluator's result.
Heightmap evaluateStack(const Registry& registry, const Recipe& recipe, const WorldUnits& world,
                        const GenerateContext& context);

// Throws InputError (the base generator) or StageError (an entry) unless every enabled entry of
// the recipe can be computed on a window of the map alone (world tiles): a base
// generator and generator layers with Algorithm::generateWindowInto, filters that are per sample
// (OpType::perSample: by the sample's value and its place in the map, as island and terrace's
// edge noise; normalize too, from the whole map's range at the reference detail), no entry
// blended through a mask.
void checkWindowable(const Registry& registry, const Recipe& recipe);

// The samples of `window` of the recipe's stack at recipe.detail (which may exceed the base
// generator's maxDetail, up to kLatticeDetail: a world), bit for bit what evaluateStack makes
// there, computed without the rest of the map. `world.metresPerPixel` is the spacing at
// recipe.detail. `baseMapping`: the recipe's world mapping when the caller has it (a world's
// tiles share it), else it is computed (a 1025² reference map). `ranges`: an evaluator that
// keeps the reference ranges of normalize entries between calls (a world view's tiles), else one
// is made for the call. `masks`: when given, receives the stack's masks (the last stage's), each
// the window's samples of the whole map's mask. Checks checkWindowable first; rethrows Cancelled.
Heightmap evaluateStackWindow(const Registry& registry, const Recipe& recipe, const WorldUnits& world,
                              SampleWindow window, const GenerateContext& context,
                              const HeightMapping* baseMapping = nullptr, StackEvaluator* ranges = nullptr,
                              MaskSet* masks = nullptr);
// The same into `out` (its buffer reused when the size matches).
void evaluateStackWindowInto(const Registry& registry, const Recipe& recipe, const WorldUnits& world,
                             SampleWindow window, const GenerateContext& context, Heightmap& out,
                             const HeightMapping* baseMapping = nullptr, StackEvaluator* ranges = nullptr,
                             MaskSet* masks = nullptr);

}  // namespace terrain::core
