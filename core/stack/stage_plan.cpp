#include "stage_plan.h"

#include "../errors.h"
#include "../json_input.h"

#include <algorithm>

namespace terrain::core {

std::vector<int> StagePlan::reads(int k) const {
    std::vector<int> out;
    const auto add = [&](int s) {
        if (s >= 0 && std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
    };
    add(input[std::size_t(k)]);
    add(maskStage[std::size_t(k)]);
    add(blendInto[std::size_t(k)]);
    return out;
}

std::vector<std::string> publishedBefore(const Recipe& recipe, std::size_t stage) {
    std::vector<std::string> names;
    if (!recipe.basePublish.empty()) names.push_back(recipe.basePublish);
    const std::size_t end = std::min(stage == 0 ? 0 : stage - 1, recipe.operations.size());
    // A Group entry's name is its group's result: published once its GroupEnd has run.
    std::vector<std::string> open;
    for (std::size_t i = 0; i < end; ++i) {
        const OpInstance& op = recipe.operations[i];
        if (op.type == kGroupType) {
            open.push_back(op.publish);
        } else if (op.type == kGroupEndType) {
            if (!open.empty()) {
                if (!open.back().empty()) names.push_back(open.back());
                open.pop_back();
            }
        } else if (!op.publish.empty()) {
            names.push_back(op.publish);
        }
    }
    return names;
}

namespace {

std::string stageName(const Recipe& recipe, int stage) {
    return stage == 0 ? std::string(kBaseOpId) : recipe.operations[std::size_t(stage - 1)].id;
}

}  // namespace

StagePlan planStages(const Registry&, const Recipe& recipe) {
    const int n = int(recipe.operations.size()) + 1;
    StagePlan plan;
    plan.alias.assign(std::size_t(n), 0);
    plan.input.assign(std::size_t(n), -1);
    plan.maskStage.assign(std::size_t(n), -1);
    plan.maskName.assign(std::size_t(n), std::string());
    plan.blendInto.assign(std::size_t(n), -1);
    plan.group.assign(std::size_t(n), -1);

    // Where each name is published (stage of the entry that names it), to tell "later" from "missing".
    std::map<std::string, int> publisher;
    const auto claim = [&](const std::string& name, int stage) {
        if (name.empty()) return;
        const std::string field = stage == 0 ? "stack[0].publish" : "publish";
        if (!isMaskName(name)) {
            throw StageError(stage, stageName(recipe, stage), InputError(field, quoteForMessage(name), kMaskNameAllowed));
        }
        if (const auto it = publisher.find(name); it != publisher.end()) {
            throw StageError(stage, stageName(recipe, stage),
                             InputError(field, name,
                                        "a name no other entry publishes (" + stageName(recipe, it->second) +
                                            " publishes " + name + ")"));
        }
        publisher[name] = stage;
    };
    claim(recipe.basePublish, 0);
    for (int k = 1; k < n; ++k) claim(recipe.operations[std::size_t(k - 1)].publish, k);

    const auto resolve = [&](int k, const std::string& name, const std::string& field) {
        const auto it = plan.published.find(name);
        if (it != plan.published.end()) return it->second;
        const auto later = publisher.find(name);
        const std::string id = stageName(recipe, k);
        if (later != publisher.end()) {
            const int at = later->second;
            const bool own = at == k;
            throw StageError(k, id,
                             InputError(field, name,
                                        "a stage published below this entry: " + name + " is published by " +
                                            (own ? "this entry itself" : stageName(recipe, at)) +
                                            (own ? "" : ", after " + id) +
                                            " (an entry reads only stages below it, so a stack has no cycle)"));
        }
        std::string names;
        for (const auto& [published, stage] : plan.published) names += (names.empty() ? "" : ", ") + published;
        throw StageError(k, id,
                         InputError(field, name,
                                    names.empty() ? std::string("a published stage (none is published below this "
                                                                "entry: add publish=NAME to one)")
                                                  : "a stage published below this entry: " + names));
    };

    struct Open {
        int stage;         // the Group entry
        int below;         // the stage below it (aliased): what the group blends into
        bool skipped;      // disabled, or inside a disabled group
    };
    std::vector<Open> open;
    plan.alias[0] = 0;
    if (!recipe.basePublish.empty()) plan.published[recipe.basePublish] = 0;
    for (int k = 1; k < n; ++k) {
        const OpInstance& op = recipe.operations[std::size_t(k - 1)];
        const int below = plan.alias[std::size_t(k - 1)];
        const bool inSkipped = !open.empty() && open.back().skipped;
        const auto maskOf = [&](int from) {
            if (op.mask.empty()) return;
            const std::size_t dot = op.mask.find('.');
            if (dot == std::string::npos) {
                plan.maskStage[std::size_t(k)] = from;
                plan.maskName[std::size_t(k)] = op.mask;
            } else {
                plan.maskStage[std::size_t(k)] = resolve(k, op.mask.substr(0, dot), "mask");
                plan.maskName[std::size_t(k)] = op.mask.substr(dot + 1);
            }
        };
        if (op.type == kGroupEndType) {
            if (open.empty()) {
                throw StageError(k, op.id, InputError("type", op.type, "the end of a group that was opened above it"));
            }
            const Open group = open.back();
            open.pop_back();
            const OpInstance& begin = recipe.operations[std::size_t(group.stage - 1)];
            if (group.skipped) {
                plan.alias[std::size_t(k)] = group.below;
            } else {
                plan.alias[std::size_t(k)] = k;
                plan.input[std::size_t(k)] = below;  // the group's last stage
                plan.blendInto[std::size_t(k)] = group.below;
                plan.group[std::size_t(k)] = group.stage;
                if (!begin.mask.empty()) {
                    const std::size_t dot = begin.mask.find('.');
                    if (dot == std::string::npos) {
                        plan.maskStage[std::size_t(k)] = group.below;
                        plan.maskName[std::size_t(k)] = begin.mask;
                    } else {
                        plan.maskStage[std::size_t(k)] = plan.maskStage[std::size_t(group.stage)];
                        plan.maskName[std::size_t(k)] = begin.mask.substr(dot + 1);
                    }
                }
            }
            if (!begin.publish.empty()) plan.published[begin.publish] = plan.alias[std::size_t(k)];
            continue;
        }
        if (op.type == kGroupType) {
            if (int(open.size()) >= kMaxGroupDepth) {
                throw StageError(k, op.id,
                                 InputError("type", op.type,
                                            "at most " + std::to_string(kMaxGroupDepth) + " groups inside one another"));
            }
            const bool skipped = inSkipped || !op.enabled;
            int start = below;
            if (!skipped && !op.input.empty()) start = resolve(k, op.input, "input");
            // A STAGE.NAME mask is resolved here, below the group's own entries.
            if (!skipped && !op.mask.empty() && op.mask.find('.') != std::string::npos) maskOf(below);
            plan.alias[std::size_t(k)] = start;
            open.push_back({k, below, skipped});
            continue;
        }
        if (inSkipped || !op.enabled) {
            plan.alias[std::size_t(k)] = below;
        } else {
            plan.alias[std::size_t(k)] = k;
            plan.input[std::size_t(k)] = op.input.empty() ? below : resolve(k, op.input, "input");
            maskOf(plan.input[std::size_t(k)]);
        }
        if (!op.publish.empty()) plan.published[op.publish] = plan.alias[std::size_t(k)];
    }
    if (!open.empty()) {
        const int k = open.back().stage;
        throw StageError(k, stageName(recipe, k),
                         InputError("type", kGroupType, "a group closed by an end below it (--group-end)"));
    }
    return plan;
}

}  // namespace terrain::core
