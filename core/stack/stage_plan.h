#pragma once
// How the entries of a recipe's stack read one another: named stages (an entry publishes its
// result under a name; a later entry reads it with `input`, or takes a mask of it with
// `mask = STAGE.NAME`) and groups (a sub-stack run on its own and blended back as one layer).
// The stack stays a list: a stage may only read stages before it, so there is no cycle to find,
// and a reference to a later or missing stage is refused naming both entries. Both evaluators
// (evaluator.cpp, window_evaluator.cpp) walk the same plan, and the stage keys follow it.
#include "../recipe.h"

#include <map>
#include <string>
#include <vector>

namespace terrain::core {

class Registry;

inline constexpr int kMaxGroupDepth = 8;

// Stage k is the base generator (k = 0) or the output of recipe.operations[k - 1].
struct StagePlan {
    // The stage whose output stage k is: k itself when it computes; for a disabled entry, or any
    // entry of a disabled group, the stage below it; for a Group entry, the stage its group starts
    // from (its input).
    std::vector<int> alias;
    // For a stage that computes: the stage it reads as the map below (aliased).
    std::vector<int> input;
    // The stage whose masks its `mask` names and the mask's name there (-1, "": no mask). For a
    // GroupEnd, the group's mask.
    std::vector<int> maskStage;
    std::vector<std::string> maskName;
    // For a GroupEnd: the stage its group is blended into (the map below the Group entry, aliased)
    // and the Group entry's stage; else -1.
    std::vector<int> blendInto;
    std::vector<int> group;
    // Published name -> its stage (aliased). A Group entry publishes its group's result.
    std::map<std::string, int> published;

    int stages() const { return int(alias.size()); }
    bool computes(int k) const { return alias[std::size_t(k)] == k; }
    // The stages a computing stage reads (input, mask stage, blend-into; each once, aliased).
    std::vector<int> reads(int k) const;
};

// Throws StageError on the entry that cannot be planned: groups that do not close or close
// without opening, more than kMaxGroupDepth nested, a published name that is not a name or is
// used twice, and an input or STAGE.NAME mask naming a stage that is missing or published at or
// after the entry (naming both entries).
StagePlan planStages(const Registry& registry, const Recipe& recipe);

// The published names an entry at `stage` (1-based) may read: published by the base or an entry
// before it, in stack order.
std::vector<std::string> publishedBefore(const Recipe& recipe, std::size_t stage);

}  // namespace terrain::core
