// Every entry type on every generator's smallest map and on one-row maps (the 1-D line): each
// either runs, giving a finite map of the base's size, or refuses with a StageError on that entry
// that names the operation. Before this, river-erosion on a midpoint-line base read past its
// buffer (the coarse levels took the map for a square) and killed the CLI and the editor.
#include "core/cancel.h"
#include "core/errors.h"
#include "core/recipe.h"
#include "core/registry.h"
#include "core/stack/evaluator.h"

#include "stack_test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace core = terrain::core;
using namespace stack_test;

namespace {

// Every type a stack entry may have: the filters, then each algorithm as a generator layer.
std::vector<std::string> entryTypes() {
    std::vector<std::string> types;
    for (const auto& t : registry().ops()) types.push_back(t.id);
    for (const auto& a : registry().algorithms()) types.push_back(a.id);
    return types;
}

struct Shape {
    std::string algorithm;
    int detail;
};

// Each generator at its smallest detail, and the one-row generators at details where the
// coarse-to-fine operations take coarse levels (a side of 257 or more).
std::vector<Shape> shapes() {
    std::vector<Shape> out;
    for (const auto& a : registry().algorithms()) {
        out.push_back({a.id, a.minDetail});
        if (a.sizeForDetail(a.minDetail).height == 1) {
            for (int d : {2, 8, 9}) out.push_back({a.id, d});
        }
    }
    return out;
}

// Runs `type` at its defaults on `shape`'s base; returns "" when it ran, else the refusal.
std::string runEntry(const Shape& shape, const std::string& type) {
    core::Recipe r = core::defaultRecipe(registry(), shape.algorithm);
    r.detail = shape.detail;
    r.seed = 11;
    r.operations.push_back(core::newOperation(registry(), r, type));
    const core::Size size = registry().get(shape.algorithm).sizeForDetail(shape.detail);
    const core::Heightmap map = core::evaluateStack(registry(), r, world(r), context(2));
    EXPECT_EQ(map.width(), size.width);
    EXPECT_EQ(map.height(), size.height);
    for (float v : map.samples()) {
        if (!std::isfinite(v)) {
            ADD_FAILURE() << type << " on " << shape.algorithm << " detail " << shape.detail << ": " << v;
            break;
        }
    }
    return "";
}

}  // namespace

TEST(MapShapes, EveryEntryRunsOrRefusesNamingItselfOnSmallestAndOneRowMaps) {
    int refused = 0, ran = 0;
    for (const Shape& shape : shapes()) {
        for (const std::string& type : entryTypes()) {
            SCOPED_TRACE(type + " on " + shape.algorithm + " detail " + std::to_string(shape.detail));
            try {
                runEntry(shape, type);
                ++ran;
            } catch (const core::StageError& e) {
                ++refused;
                EXPECT_EQ(e.stage(), 1) << e.what();
                const std::string what = e.what();
                const core::OpTypeView view = core::opTypeView(registry(), type);
                EXPECT_TRUE(what.find(view.id) != std::string::npos || what.find(view.name) != std::string::npos)
                    << "the refusal does not name the operation: " << what;
            }
        }
    }
    EXPECT_GT(ran, 0);
    EXPECT_GT(refused, 0);  // at least the 2-D generators as layers over a line
}

// The operations that work on a row of samples keep working there: a line is a profile, and the
// per-sample shaping and the smoothing along it mean the same as on a map.
TEST(MapShapes, ShapingOperationsWorkOnALine) {
    for (const char* type : {"curves", "terrace", "island", "smooth", "clamp", "normalize"}) {
        SCOPED_TRACE(type);
        core::Recipe r = core::defaultRecipe(registry(), "midpoint-line");
        r.detail = 9;
        r.operations.push_back(core::newOperation(registry(), r, type));
        EXPECT_NO_THROW(core::evaluateStack(registry(), r, world(r), context(2)));
    }
}

// A width in metres over a tiny spacing made the river's blur half-width overflow an int
// (undefined behaviour; the run never finished, and the editor could not cancel it). Every blur is
// held to kMaxBlurSigmaSamples, so any accepted spacing runs in time bounded by the map's size.
TEST(MapShapes, RiverAndSmoothFinishAtATinySpacing) {
    for (const char* type : {"river-erosion", "smooth"}) {
        SCOPED_TRACE(type);
        core::Recipe r = baseRecipe(6);
        r.operations.push_back(core::newOperation(registry(), r, type));
        const core::Heightmap map = core::evaluateStack(registry(), r, world(r, 64e-9), context(2));
        for (float v : map.samples()) ASSERT_TRUE(std::isfinite(v));
    }
}
