#include "evaluator.h"

#include "../errors.h"
#include "../parallel.h"
#include "../registry.h"
#include "../sha256.h"
#include "../world_scale.h"
#include "stage_blend.h"
#include "stage_plan.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <set>

namespace terrain::core {
namespace {

using nlohmann::json;

std::string hexDouble(double v) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%a", v);
    return buffer;
}

Recipe baseOf(const Recipe& recipe) {
    Recipe base = recipe;
    base.operations.clear();
    return base;
}

// The base generator's map: its recipe and where it samples the world (generators sized in
// metres depend on the spacing; the others ignore it). The world's heights and sea level do not
// decide the raw map, and its extent enters as the spacing: a key of the world's other fields
// would only make a sea-level edit recompute the stack.
std::string baseKey(const Registry& registry, const Recipe& recipe, double metresPerSample) {
    Recipe base = baseOf(recipe);
    const int referenceDetail = base.world.referenceDetail;
    base.world = RecipeWorld{};
    base.world.referenceDetail = referenceDetail;
    return sha256Hex("base|" + recipeToJson(registry, base).dump() + "|" + hexDouble(metresPerSample) + "|" +
                     registry.dataFingerprintOf(base.algorithm, base.baseData));
}

// What decides an entry's output besides the stage below it: not its id, name or enabled flag.
std::string operationContent(const Registry& registry, const OpInstance& op) {
    json j{{"type", op.type}, {"params", json::object()}};
    if (const OpType* t = registry.findOp(op.type)) j["version"] = t->version;
    if (!op.mask.empty()) j["mask"] = op.mask;
    if (!op.data.empty()) j["data"] = op.data;
    if (const std::string f = registry.dataFingerprintOf(op.type, op.data); !f.empty()) j["reads"] = f;
    for (const auto& [key, value] : op.params) j["params"][key] = hexDouble(value);
    const OpKind kind = opTypeView(registry, op.type).kind;
    if (kind == OpKind::Group) {
        j["blend"] = int(op.blend);
        j["weight"] = hexDouble(op.weight);
    }
    if (kind == OpKind::Generator) {
        j["blend"] = int(op.blend);
        j["weight"] = hexDouble(op.weight);
        j["seed_offset"] = op.seedOffset;
    }
    return j.dump();
}

int sideOf(const Registry& registry, const Recipe& recipe) {
    return registry.get(recipe.algorithm).sizeForDetail(recipe.detail).width;
}

int referenceDetailOf(const Registry& registry, const Recipe& recipe) {
    const Algorithm& a = registry.get(recipe.algorithm);
    return std::clamp(recipe.world.referenceDetail, a.minDetail, a.maxDetail);
}

}  // namespace

std::vector<std::string> stageKeys(const Registry& registry, const Recipe& recipe, const WorldUnits& world) {
    return stageKeys(registry, recipe, world, planStages(registry, recipe));
}

// Stage k's key follows what it reads (the plan): the key of its input, the world and its
// content, plus the key of a published stage its mask comes from and, for a group's end, the
// key of the stage the group blends into. A stage that is another's (disabled, a group's start)
// has that one's key. For a stack without references this is the key of stage k - 1 and entry k,
// as before named stages.
std::vector<std::string> stageKeys(const Registry& registry, const Recipe& recipe, const WorldUnits& world,
                                   const StagePlan& plan) {
    std::vector<std::string> keys(std::size_t(plan.stages()));
    keys[0] = baseKey(registry, recipe, world.metresPerPixel);
    const std::string worldText =
        hexDouble(world.metresPerPixel) + "," + hexDouble(world.loMetres) + "," + hexDouble(world.hiMetres);
    for (int k = 1; k < plan.stages(); ++k) {
        const auto at = std::size_t(k);
        if (!plan.computes(k)) {
            keys[at] = keys[std::size_t(plan.alias[at])];
            continue;
        }
        const OpInstance& op = recipe.operations[at - 1];
        std::string text = keys[std::size_t(plan.input[at])] + "|" + worldText + "|";
        int ownMasks = plan.input[at];
        if (plan.group[at] >= 0) {
            const OpInstance& begin = recipe.operations[std::size_t(plan.group[at] - 1)];
            text += "group|" + keys[std::size_t(plan.blendInto[at])] + "|" + operationContent(registry, begin);
            ownMasks = plan.blendInto[at];
        } else {
            text += operationContent(registry, op);
        }
        if (plan.maskStage[at] >= 0 && plan.maskStage[at] != ownMasks) {
            text += "|mask of|" + keys[std::size_t(plan.maskStage[at])];
        }
        keys[at] = sha256Hex(text);
    }
    return keys;
}

StackEvaluator::StackEvaluator(const Registry& registry, std::size_t cacheBytes)
    : m_registry(registry), m_cacheBytes(cacheBytes) {}

std::size_t StackEvaluator::cachedBytes() const {
    std::lock_guard lock(m_mutex);
    return bytesLocked();
}

std::size_t StackEvaluator::bytesLocked() const {
    // Stages share their masks (and a disabled entry's stage is the one below): count each grid once.
    std::set<const Heightmap*> seen;
    std::size_t bytes = 0;
    auto count = [&](const Heightmap* map) {
        if (map != nullptr && seen.insert(map).second) bytes += map->sampleCount() * sizeof(float);
    };
    for (const auto& [key, entry] : m_entries) {
        count(entry.stage.map.get());
        for (const auto& [name, mask] : entry.stage.masks) count(mask.get());
    }
    return bytes;
}

void StackEvaluator::clear() {
    std::lock_guard lock(m_mutex);
    m_entries.clear();
    m_ranges.clear();
    m_spare.clear();
    m_previous.clear();
}

StackEvaluator::Stage StackEvaluator::lookup(const std::string& key) {
    std::lock_guard lock(m_mutex);
    const auto it = m_entries.find(key);
    if (it == m_entries.end()) return {};
    it->second.lastUse = ++m_clock;
    return it->second.stage;
}

StackEvaluator::Stage StackEvaluator::computeOnce(const std::string& key, const GenerateContext& context,
                                                  const std::function<Stage()>& compute, bool& computedHere,
                                                  const std::string& family) {
    std::shared_future<Stage> running;
    std::promise<Stage> mine;
    {
        std::lock_guard lock(m_mutex);
        if (const auto it = m_entries.find(key); it != m_entries.end()) {
            it->second.lastUse = ++m_clock;
            computedHere = false;
            return it->second.stage;
        }
        if (const auto it = m_running.find(key); it != m_running.end()) {
            running = it->second;
        } else {
            m_running.emplace(key, mine.get_future().share());
        }
    }
    if (running.valid()) {
        while (running.wait_for(std::chrono::milliseconds(5)) != std::future_status::ready) {
            context.throwIfCancelled();
        }
        if (Stage stage = running.get(); stage.map) {
            computedHere = false;
            return stage;
        }
        // That call failed or was cancelled: compute it here (unregistered, rare).
        Stage stage = compute();
        store(key, stage, family);
        computedHere = true;
        return stage;
    }
    auto finish = [&](Stage stage) {
        {
            std::lock_guard lock(m_mutex);
            m_running.erase(key);
        }
        mine.set_value(std::move(stage));
    };
    Stage stage;
    try {
        stage = compute();
    } catch (...) {
        finish({});  // waiters compute it themselves
        throw;
    }
    store(key, stage, family);
    finish(stage);
    computedHere = true;
    return stage;
}

void StackEvaluator::store(const std::string& key, const Stage& stage, const std::string& family) {
    std::lock_guard lock(m_mutex);
    Entry& entry = m_entries[key];
    entry.stage = stage;
    entry.lastUse = ++m_clock;
    entry.family = family;
    if (!family.empty()) {
        // A drag stores a new output of the entry at every step, none of which is asked for again
        // but the last few: without a bound they filled the cache with fresh grids (a fault and a
        // clear per page each step) until the least recently used went.
        for (;;) {
            auto oldest = m_entries.end();
            int variants = 0;
            for (auto it = m_entries.begin(); it != m_entries.end(); ++it) {
                if (it->second.family != family) continue;
                ++variants;
                if (oldest == m_entries.end() || it->second.lastUse < oldest->second.lastUse) oldest = it;
            }
            if (variants <= kVariants) break;
            evictEntryLocked(oldest);
        }
    }
    evictLocked(m_cacheBytes);
}

void StackEvaluator::evictEntryLocked(std::map<std::string, Entry>::iterator entry) {
    // Nobody else holds it: keep the (pre-faulted) buffer for the next stage or mask of that size.
    Stage& stage = entry->second.stage;
    if (stage.map.use_count() == 1 && m_spare.size() < 3) m_spare.push_back(stage.map);
    for (auto& [name, mask] : stage.masks) {
        if (mask.use_count() == 1 && m_spare.size() < 3) m_spare.push_back(std::const_pointer_cast<Heightmap>(mask));
    }
    m_entries.erase(entry);
}

void StackEvaluator::evictLocked(std::size_t keepBytes) {
    while (!m_entries.empty() && bytesLocked() > keepBytes) {
        evictEntryLocked(std::min_element(m_entries.begin(), m_entries.end(), [](const auto& x, const auto& y) {
            return x.second.lastUse < y.second.lastUse;
        }));
    }
}

std::shared_ptr<Heightmap> StackEvaluator::allocate(int width, int height) {
    {
        std::lock_guard lock(m_mutex);
        const std::size_t samples = std::size_t(width) * std::size_t(height);
        for (auto it = m_spare.begin(); it != m_spare.end(); ++it) {
            if ((*it)->sampleCount() == samples) {
                std::shared_ptr<Heightmap> map = std::move(*it);
                m_spare.erase(it);
                map->reshapeUninitialized(width, height);
                return map;
            }
        }
    }
    return std::make_shared<Heightmap>(Heightmap::uninitialized(width, height));
}

MinMax StackEvaluator::cachedRange(const std::string& key, const std::function<MinMax()>& compute) {
    {
        std::lock_guard lock(m_mutex);
        if (const auto it = m_ranges.find(key); it != m_ranges.end()) return it->second;
    }
    const MinMax range = compute();
    std::lock_guard lock(m_mutex);
    m_ranges[key] = range;
    return range;
}

MinMax StackEvaluator::baseReferenceRange(const Recipe& base, double metresPerSample,
                                          const GenerateContext& context) {
    if (m_registry.get(base.algorithm).heightsInMetres) return metresRange(base.world);
    Recipe reference = baseOf(base);
    reference.detail = referenceDetailOf(m_registry, base);
    const double spacing = spacingAtDetail(m_registry, base, metresPerSample, reference.detail);
    return cachedRange("range|" + baseKey(m_registry, reference, spacing), [&] {
        GenerateContext quiet = context;  // the caller's threads and cancel token, without its progress
        quiet.progress = nullptr;
        quiet.partial = nullptr;
        quiet.stageProgress = nullptr;
        return finiteMinMax(generate(m_registry, reference, spacing, quiet));
    });
}

HeightMapping StackEvaluator::worldMapping(const Recipe& recipe, double metresPerSample,
                                           const GenerateContext& context) {
    const ExecutionScope scope(context, m_workspaces);
    HeightMapping mapping = mappingFor(baseReferenceRange(recipe, metresPerSample, scope.context()));
    mapping.referenceDetail = referenceDetailOf(m_registry, recipe);
    return mapping;
}

MinMax StackEvaluator::stageReferenceRange(const Recipe& recipe, const WorldUnits& world, int stage,
                                           const GenerateContext& context) {
    const ExecutionScope scope(context, m_workspaces);
    return referenceRange(recipe, world, stage, scope.context());
}

MinMax StackEvaluator::referenceRange(const Recipe& recipe, const WorldUnits& world, int stage,
                                      const GenerateContext& context) {
    Recipe reference = recipe;
    reference.detail = referenceDetailOf(m_registry, recipe);
    WorldUnits referenceWorld = world;
    referenceWorld.metresPerPixel =
        world.metresPerPixel * double(sideOf(m_registry, recipe) - 1) / double(sideOf(m_registry, reference) - 1);
    return cachedRange("range|" + stageKeys(m_registry, reference, referenceWorld)[std::size_t(stage)], [&] {
        GenerateContext quiet = context;
        quiet.progress = nullptr;
        quiet.partial = nullptr;
        quiet.stageProgress = nullptr;
        StackResult ignored;
        return finiteMinMax(*run(reference, referenceWorld, quiet, stage, ignored).map);
    });
}

ReferenceMap StackEvaluator::stageReferenceMap(const Recipe& recipe, const WorldUnits& world, int stage,
                                              const GenerateContext& context) {
    const ExecutionScope scope(context, m_workspaces);
    return referenceMapOf(recipe, world, stage, scope.context());
}

double StackEvaluator::referenceSpacing(const Recipe& recipe, const WorldUnits& world) const {
    Recipe reference = recipe;
    reference.detail = referenceDetailOf(m_registry, recipe);
    return world.metresPerPixel * double(sideOf(m_registry, recipe) - 1) / double(sideOf(m_registry, reference) - 1);
}

ReferenceMap StackEvaluator::referenceMapOf(const Recipe& recipe, const WorldUnits& world, int stage,
                                            const GenerateContext& context) {
    Recipe reference = recipe;
    reference.detail = referenceDetailOf(m_registry, recipe);
    WorldUnits referenceWorld = world;
    referenceWorld.metresPerPixel = referenceSpacing(recipe, world);
    GenerateContext quiet = context;
    quiet.progress = nullptr;
    quiet.partial = nullptr;
    quiet.stageProgress = nullptr;
    StackResult ignored;
    return {run(reference, referenceWorld, quiet, stage, ignored).map, referenceWorld.metresPerPixel};
}

void StackEvaluator::runOperation(const Recipe& recipe, const WorldUnits& world, int stage, int inputStage,
                                  const std::string& inputKey, const Heightmap& in, const MaskSet& below, const Heightmap* through,
                                  const HeightScale& heights, const GenerateContext& sub,
                                  const GenerateContext& context, Heightmap& out, MaskSet& masks,
                                  const std::shared_ptr<Heightmap>& outShared) {
    const OpInstance& op = recipe.operations[std::size_t(stage - 1)];
    if (const OpType* type = m_registry.findOp(op.type)) {
        OpCall call{in, out, heights, world.metresPerPixel, recipe.detail, recipe.seed, sub, {}, &below, &masks, {}, {}, nullptr, {}, 0.0};
        call.allocate = [this](int width, int height) { return allocate(width, height); };
        if (type->needsReferenceRange) call.referenceRange = referenceRange(recipe, world, inputStage, context);
        call.data = &op.data;
        call.referenceMetresPerSample = referenceSpacing(recipe, world);
        call.referenceMap = [this, &recipe, &world, inputStage, &context, &in]() -> ReferenceMap {
            if (referenceDetailOf(m_registry, recipe) == recipe.detail) {
                // This map is the reference: shared without a copy for the length of the call.
                return {std::shared_ptr<const Heightmap>(&in, [](const Heightmap*) {}), world.metresPerPixel};
            }
            return referenceMapOf(recipe, world, inputStage, context);
        };
        std::string previousKey;
        std::shared_ptr<const PreviousRun> previous;
        if (type->incremental) {
            OpInstance bare = op;
            bare.data.clear();
            previousKey = op.id + "|" + inputKey + "|" + operationContent(m_registry, bare);
            std::lock_guard lock(m_mutex);
            if (const auto it = m_previous.find(previousKey); it != m_previous.end()) previous = it->second;
        }
        call.previous = previous.get();
        type->run(op.params, call);
        if (type->incremental && m_cacheBytes > 0) {
            // Kept for the next edit of this entry: its output before any mask blend, and the
            // masks it added (shared with the stage, not copied).
            auto kept = std::make_shared<PreviousRun>();
            kept->data = op.data;
            if (through == nullptr && outShared) {
                kept->map = outShared;
            } else {
                kept->map = std::make_shared<const Heightmap>(out);
            }
            for (const auto& [name, mask] : masks) {
                const auto b = below.find(name);
                if (b == below.end() || b->second != mask) kept->masks[name] = mask;
            }
            std::lock_guard lock(m_mutex);
            m_previous[previousKey] = std::move(kept);
            if (m_previous.size() > 2) m_previous.erase(m_previous.begin());
        }
        if (through != nullptr && !type->passesHeights) blendThrough(in, *through, out, sub);
        return;
    }
    // A generator layer: its map, in metres by its own reference range, blended into `in`.
    const Algorithm& algorithm = m_registry.get(op.type);
    const Recipe layer = layerRecipe(recipe, op);
    const Size size = recipe.detail >= algorithm.minDetail && recipe.detail <= algorithm.maxDetail
                          ? algorithm.sizeForDetail(recipe.detail)
                          : Size{};
    if (size.width != in.width() || size.height != in.height()) {
        throw InputError("type", op.type,
                         "a generator that makes " + std::to_string(in.width()) + "x" + std::to_string(in.height()) +
                             " maps at detail " + std::to_string(recipe.detail) + ", like the base generator");
    }
    const Heightmap b = generate(m_registry, layer, world.metresPerPixel, sub);
    if (algorithm.heightsInMetres) {
        blendLayer(in, b, heights, metresScale(), metresMapping(metresRange(recipe.world)), op.blend, op.weight, out, sub);
    } else {
        const HeightMapping mb = mappingFor(baseReferenceRange(layer, world.metresPerPixel, context));
        blendLayer(in, b, heights, scaleFor(mb, world), mb, op.blend, op.weight, out, sub);
    }
    if (through != nullptr) blendThrough(in, *through, out, sub);
}

StackResult StackEvaluator::evaluate(const Recipe& recipe, const WorldUnits& world,
                                     const GenerateContext& context, int upTo) {
    const ExecutionScope scope(context, m_workspaces);  // executor and workspace for every stage
    StackResult result;
    Stage stage = run(recipe, world, scope.context(), upTo, result);
    result.map = std::move(stage.map);
    result.masks = std::move(stage.masks);
    return result;
}

StackEvaluator::Stage StackEvaluator::run(const Recipe& recipe, const WorldUnits& world,
                                          const GenerateContext& context, int upTo, StackResult& result) {
    validateRecipe(m_registry, recipe);
    world.validate();
    const int stages = int(recipe.operations.size()) + 1;
    const int last = upTo < 0 || upTo >= stages ? stages - 1 : upTo;

    const StagePlan plan = planStages(m_registry, recipe);
    const std::vector<std::string> keys = stageKeys(m_registry, recipe, world, plan);

    result.lastStage = last;
    result.world = mappingFor(baseReferenceRange(recipe, world.metresPerPixel, context));
    result.world.referenceDetail = referenceDetailOf(m_registry, recipe);
    result.heights = scaleFor(result.world, world);

    // The stages the requested one needs, from it down: a cached stage needs nothing below it.
    const int target = plan.alias[std::size_t(last)];
    std::vector<Stage> have(static_cast<std::size_t>(stages));
    std::vector<char> needed(std::size_t(stages), 0);
    std::vector<int> uses(std::size_t(stages), 0);  // reads by stages still to compute
    needed[std::size_t(target)] = 1;
    int toCompute = 0;
    for (int k = target; k >= 0; --k) {
        if (!needed[std::size_t(k)]) continue;
        if ((have[std::size_t(k)] = lookup(keys[std::size_t(k)])).map) continue;
        ++toCompute;
        if (k == 0) continue;
        for (const int r : plan.reads(k)) {
            needed[std::size_t(r)] = 1;
            ++uses[std::size_t(r)];
        }
    }
    int done = 0;
    auto stageContext = [&](GenerateContext& sub, int stage) {
        sub.threads = context.threads;
        sub.cancel = context.cancel;
        sub.executor = context.executor;
        sub.workspace = context.workspace;
        sub.partial = context.partial;
        if (context.progress || context.stageProgress) {
            const float total = float(std::max(toCompute, 1));
            const float before = float(done);
            sub.progress = [&context, total, before, stage](float f) {
                context.report((before + f) / total);
                if (context.stageProgress) context.stageProgress(stage, f);
            };
        }
    };

    for (int k = 0; k <= target; ++k) {
        if (!needed[std::size_t(k)] || have[std::size_t(k)].map) continue;
        context.throwIfCancelled();
        GenerateContext sub;
        stageContext(sub, k);
        bool computedHere = false;
        if (k == 0) {
            const Size size = m_registry.get(recipe.algorithm).sizeForDetail(recipe.detail);
            checkGridFits("detail", size.width, size.height);
            have[0] = computeOnce(keys[0], context, [&] {
                Stage base;
                base.map = allocate(size.width, size.height);
                try {
                    generateInto(m_registry, baseOf(recipe), world.metresPerPixel, sub, *base.map);
                } catch (const StageError&) {
                    throw;
                } catch (const InputError& e) {
                    // A source's file (an import): an error of the base entry, shown on it.
                    if (m_registry.get(recipe.algorithm).dataKey.empty()) throw;
                    throw StageError(0, kBaseOpId, e);
                }
                return base;
            }, computedHere);
        } else {
            const OpInstance& op = recipe.operations[std::size_t(k - 1)];
            const auto at = std::size_t(k);
            auto computeStage = [&] {
                try {
                    if (plan.group[at] >= 0) return blendGroup(recipe, plan, k, have, result, sub);
                    const Stage& in = have[std::size_t(plan.input[at])];
                    const Heightmap* through =
                        plan.maskStage[at] < 0
                            ? nullptr
                            : &maskBelow(have[std::size_t(plan.maskStage[at])].masks, plan.maskName[at]);
                    Stage out;
                    const OpType* type = m_registry.findOp(op.type);
                    const bool passes = type != nullptr && type->passesHeights;
                    // A type that only adds masks shares the map below; it is given an empty grid.
                    Heightmap none;
                    out.map = passes ? in.map : allocate(in.map->width(), in.map->height());
                    out.masks = in.masks;
                    runOperation(recipe, world, k, plan.input[at], keys[std::size_t(plan.input[at])], *in.map, in.masks,
                                 through, result.heights, sub,
                                 context, passes ? none : *out.map, out.masks, passes ? nullptr : out.map);
                    return out;
                } catch (const StageError&) {
                    throw;
                } catch (const InputError& e) {
                    // A group's error is shown on its entry, where its blend and mask are set.
                    const int on = plan.group[at] >= 0 ? plan.group[at] : k;
                    throw StageError(on, recipe.operations[std::size_t(on - 1)].id, e);
                }
            };
            const OpType* type = m_registry.findOp(op.type);
            const std::string family = type != nullptr && type->incremental && plan.group[at] < 0
                                           ? "variants|" + op.id + "|" + keys[std::size_t(plan.input[at])]
                                           : std::string();
            have[at] = computeOnce(keys[at], context, computeStage, computedHere, family);
            for (const int r : plan.reads(k)) {
                if (--uses[std::size_t(r)] == 0 && r != target) have[std::size_t(r)] = {};
            }
        }
        if (computedHere) result.computed.push_back(k);
        ++done;
    }
    context.report(1.0f);
    return have[std::size_t(target)];
}

StackEvaluator::Stage StackEvaluator::blendGroup(const Recipe& recipe, const StagePlan& plan, int k,
                                                 const std::vector<Stage>& have, const StackResult& result,
                                                 const GenerateContext& sub) {
    const auto at = std::size_t(k);
    const OpInstance& begin = recipe.operations[std::size_t(plan.group[at] - 1)];
    const Stage& below = have[std::size_t(plan.blendInto[at])];
    const Stage& inner = have[std::size_t(plan.input[at])];
    const Heightmap* through =
        plan.maskStage[at] < 0 ? nullptr
                               : &maskBelow(have[std::size_t(plan.maskStage[at])].masks, plan.maskName[at]);
    Stage out;
    out.map = allocate(below.map->width(), below.map->height());
    blendGroupInto(*below.map, *inner.map, result.heights, result.world, begin, through, *out.map, sub);
    out.masks = below.masks;  // the group's masks over the ones below it
    for (const auto& [name, mask] : inner.masks) out.masks[name] = mask;
    return out;
}

Heightmap evaluateStack(const Registry& registry, const Recipe& recipe, const WorldUnits& world,
                        const GenerateContext& context) {
    StackEvaluator evaluator(registry, 0);
    const ExecutionScope scope(context, evaluator.m_workspaces);
    StackResult result;
    std::shared_ptr<Heightmap> map = evaluator.run(recipe, world, scope.context(), -1, result).map;
    evaluator.clear();
    if (map.use_count() == 1) return std::move(*map);
    return *map;
}

}  // namespace terrain::core
