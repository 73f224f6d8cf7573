// Maps of 4097² and more take the generators' large-map path: the last level's rows are written
// with non-temporal stores past the cache, from coarse grids kept in a workspace. Their bits must
// still be the reference's, on any thread count.
//
// A workspace keeps state between calls (coarse grids, scratch arrays, the ring of middle rows of
// the fused last two levels); the tests below check that no generation depends on what ran
// before it (a cancelled one included), on what runs beside it on other threads, or on whether
// its passes got helper threads. tests/core/test_executor.cpp tests the executor itself.
#include "lattice_test_support.h"

#include <core/bench/reference_generators.h>
#include <core/cancel.h>
#include <core/errors.h>
#include <core/executor.h>
#include <core/parallel.h>
#include <core/workspace.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

namespace terrain {
namespace {

using test::edgeName;

// One executor and one workspace for the generations here, as the editor keeps them: what one
// generation leaves in the workspace (a cancelled one included) is there for the next. Two
// generations at once share the executor; one of them works in a fresh workspace.
core::GenerateContext threads(int count) {
    static core::Executor executor(3);
    static core::Workspace workspace;
    core::GenerateContext context;
    context.threads = count;
    context.executor = &executor;
    context.workspace = &workspace;
    return context;
}

core::DiamondSquareParams dsParams(int detail, std::uint64_t seed, core::EdgeMode edge) {
    core::DiamondSquareParams p;
    p.detail = detail;
    p.seed = seed;
    p.edge = edge;
    return p;
}

core::MidpointDisplacementParams mdParams(int detail, std::uint64_t seed, bool clamp) {
    core::MidpointDisplacementParams p;
    p.detail = detail;
    p.seed = seed;
    p.clamp = clamp;
    p.spread = clamp ? 0.3f : 0.9f;
    return p;
}

// A side x side map whose every sample is a NaN no generator makes: generating into it (the
// buffer is kept when the size is unchanged) leaves it wherever a sample is not written.
void fillWithSentinel(core::Heightmap& map, int side) {
    map.reshapeUninitialized(side, side);
    const std::uint32_t bits = 0x7fbadbadu;
    float sentinel;
    std::memcpy(&sentinel, &bits, sizeof sentinel);
    std::fill(map.samples().begin(), map.samples().end(), sentinel);
}

TEST(LargeMaps, DiamondSquareAt4097MatchesTheReferenceOnOneAndTwoThreads) {
    core::DiamondSquareParams p;
    p.detail = 12;
    p.seed = 4097;
    p.edge = core::EdgeMode::Wrap;
    const core::Heightmap reference = test::referenceDiamondSquare(p);
    EXPECT_EQ(core::diamondSquare(p, threads(2)), reference);
    EXPECT_EQ(core::diamondSquare(p, threads(1)), reference);
}

TEST(LargeMaps, MidpointDisplacementAt4097MatchesTheReferenceOnTwoThreads) {
    core::MidpointDisplacementParams p;
    p.detail = 12;
    p.seed = 4097;
    EXPECT_EQ(core::midpointDisplacement(p, threads(2)), test::referenceMidpointDisplacement(p));
}

TEST(LargeMaps, ASmallMapAfterALargeOneReusesTheBuffersCorrectly) {
    core::DiamondSquareParams p;
    p.detail = 12;
    (void)core::diamondSquare(p, threads(2));
    p.detail = 6;
    p.seed = 9;
    EXPECT_EQ(core::diamondSquare(p, threads(2)), test::referenceDiamondSquare(p));
}

// Every detail up to 11 (the fused last two levels from detail 2 on, one to many blocks per
// thread, block starts of both parities) on 1..4 threads, every edge mode, written into a map
// full of sentinels: every sample is written, with the reference's bits.
TEST(LargeMaps, DiamondSquareEveryDetailEdgeModeAndThreadCount) {
    core::Heightmap map;
    for (core::EdgeMode edge : {core::EdgeMode::Clip, core::EdgeMode::Wrap, core::EdgeMode::Reflect}) {
        for (int detail = 1; detail <= 11; ++detail) {
            const auto p = dsParams(detail, 700u + std::uint64_t(detail), edge);
            const core::Heightmap reference = test::referenceDiamondSquare(p);
            for (int t = 1; t <= 4; ++t) {
                fillWithSentinel(map, reference.width());
                core::diamondSquareInto(p, threads(t), map);
                EXPECT_EQ(map, reference) << edgeName(edge) << " detail " << detail << " threads " << t;
            }
        }
    }
}

TEST(LargeMaps, MidpointDisplacementEveryDetailClampAndThreadCount) {
    core::Heightmap map;
    for (bool clamp : {true, false}) {
        for (int detail = 1; detail <= 11; ++detail) {
            const auto p = mdParams(detail, 900u + std::uint64_t(detail), clamp);
            const core::Heightmap reference = test::referenceMidpointDisplacement(p);
            for (int t = 1; t <= 4; ++t) {
                fillWithSentinel(map, reference.width());
                core::midpointDisplacementInto(p, threads(t), map);
                EXPECT_EQ(map, reference) << "clamp " << clamp << " detail " << detail << " threads " << t;
            }
        }
    }
}

// The streamed path (4097²) with the edge modes and the clamp setting the first tests do not
// cover, on 3 threads (blocks of 2048 / 12 = 170 rows: starts of both parities), into a map full of
// sentinels.
TEST(LargeMaps, At4097OtherEdgeModesAndNoClampOnThreeThreads) {
    core::Heightmap map;
    for (core::EdgeMode edge : {core::EdgeMode::Clip, core::EdgeMode::Reflect}) {
        const auto p = dsParams(12, 4098, edge);
        const core::Heightmap reference = test::referenceDiamondSquare(p);
        fillWithSentinel(map, reference.width());
        core::diamondSquareInto(p, threads(3), map);
        EXPECT_EQ(map, reference) << edgeName(edge);
    }
    const auto p = mdParams(12, 4099, false);
    const core::Heightmap reference = test::referenceMidpointDisplacement(p);
    fillWithSentinel(map, reference.width());
    core::midpointDisplacementInto(p, threads(3), map);
    EXPECT_EQ(map, reference) << "midpoint displacement without clamp";
}

// How far a cancelled generation got: it threw before writing any sample of the map, after
// writing some (cancelled inside the fused last two levels), or it was not cancelled.
enum class Cancel { NotCancelled, BeforeTheMap, MidPass };

// Cancels a generation from another thread `delay` after it reported the last level before the
// fused pass (so, depending on the delay, before, during or after that pass), then generates again
// on the same thread into the same map with the same workspace: what the cancelled run left in it
// must not change the next run's bits.
template <class Generate>
Cancel cancelThenGenerate(const Generate& generate, int detail, int threadCount, std::chrono::microseconds delay,
                          const core::Heightmap& reference, core::Heightmap& map) {
    core::CancelToken token;
    core::GenerateContext context = threads(threadCount);
    context.cancel = &token;
    // Started beforehand, so its start-up time does not add to the delay.
    std::atomic<bool> go{false}, done{false};
    std::thread canceller([&] {
        while (!go.load() && !done.load()) std::this_thread::yield();
        if (done.load()) return;
        const auto until = std::chrono::steady_clock::now() + delay;
        while (std::chrono::steady_clock::now() < until && !done.load()) std::this_thread::yield();
        token.cancel();
    });
    const float beforeFused = float(detail - 2) / float(detail);
    context.progress = [&](float f) {
        if (f >= beforeFused && f < 1.0f) go.store(true);
    };
    Cancel outcome = Cancel::NotCancelled;
    fillWithSentinel(map, reference.width());
    try {
        generate(context, map);
    } catch (const core::Cancelled&) {
        outcome = Cancel::BeforeTheMap;
    }
    done.store(true);
    canceller.join();
    if (outcome == Cancel::NotCancelled) {
        EXPECT_EQ(map, reference) << "an uncancelled run";
    } else {
        core::Heightmap sentinels;
        fillWithSentinel(sentinels, reference.width());
        const std::size_t bytes = map.sampleCount() * sizeof(float);
        if (std::memcmp(map.samples().data(), sentinels.samples().data(), bytes) != 0) outcome = Cancel::MidPass;
    }
    fillWithSentinel(map, reference.width());
    generate(threads(threadCount), map);
    EXPECT_EQ(map, reference) << "after a run cancelled " << delay.count() << " us into the fused pass on "
                              << threadCount << " threads";
    return outcome;
}

// How long the fused last two levels take here (from the progress report before them to the end).
template <class Generate>
std::chrono::microseconds fusedPassTime(const Generate& generate, int detail, int threadCount, core::Heightmap& map) {
    core::GenerateContext context = threads(threadCount);
    std::chrono::steady_clock::time_point start;
    const float beforeFused = float(detail - 2) / float(detail);
    context.progress = [&](float f) {
        if (f >= beforeFused && f < 1.0f) start = std::chrono::steady_clock::now();
    };
    generate(context, map);
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start);
}

TEST(LargeMaps, AGenerationAfterOneCancelledMidPassHasTheReferenceBits) {
    constexpr int kDetail = 11;
    const auto ds = dsParams(kDetail, 31, core::EdgeMode::Wrap);
    const auto md = mdParams(kDetail, 32, true);
    const core::Heightmap dsReference = test::referenceDiamondSquare(ds);
    const core::Heightmap mdReference = test::referenceMidpointDisplacement(md);
    const auto dsGenerate = [&](const core::GenerateContext& c, core::Heightmap& out) {
        core::diamondSquareInto(ds, c, out);
    };
    const auto mdGenerate = [&](const core::GenerateContext& c, core::Heightmap& out) {
        core::midpointDisplacementInto(md, c, out);
    };
    core::Heightmap map;
    int outcomes[3] = {0, 0, 0};
    for (int t : {1, 3}) {
        // Delays of 0 to 3/4 of the pass's time on this machine and build.
        const auto dsTime = fusedPassTime(dsGenerate, kDetail, t, map);
        const auto mdTime = fusedPassTime(mdGenerate, kDetail, t, map);
        for (int eighths : {0, 1, 2, 4, 6}) {
            ++outcomes[int(cancelThenGenerate(dsGenerate, kDetail, t, dsTime * eighths / 8, dsReference, map))];
            ++outcomes[int(cancelThenGenerate(mdGenerate, kDetail, t, mdTime * eighths / 8, mdReference, map))];
        }
    }
    // On a loaded machine the canceller may run late every time: retry without a delay a while.
    for (int retry = 0; retry < 40 && outcomes[int(Cancel::MidPass)] == 0; ++retry) {
        const int t = 1 + retry % 3;
        const auto none = std::chrono::microseconds(0);
        ++outcomes[int(retry % 2 == 0 ? cancelThenGenerate(dsGenerate, kDetail, t, none, dsReference, map)
                                      : cancelThenGenerate(mdGenerate, kDetail, t, none, mdReference, map))];
    }
    std::printf("cancelled runs: %d not cancelled, %d before the map, %d mid-pass\n", outcomes[0], outcomes[1],
                outcomes[2]);
    EXPECT_GT(outcomes[int(Cancel::MidPass)], 0);
}

// Two threads generating different maps at once (sharing the executor; one holds the workspace,
// the other works in a fresh one, or they take turns) get the reference's bits, run after run.
TEST(LargeMaps, ConcurrentGenerationsOnTwoThreadsHaveTheReferenceBits) {
    const auto dsClip = dsParams(10, 41, core::EdgeMode::Clip);
    const auto dsWrap = dsParams(9, 42, core::EdgeMode::Wrap);
    const auto md = mdParams(10, 43, false);
    const core::Heightmap clipReference = test::referenceDiamondSquare(dsClip);
    const core::Heightmap wrapReference = test::referenceDiamondSquare(dsWrap);
    const core::Heightmap mdReference = test::referenceMidpointDisplacement(md);
    std::atomic<int> mismatches{0};
    const auto worker = [&](int which) {
        core::Heightmap map;
        for (int run = 0; run < 6; ++run) {
            const int t = 2 + (run + which) % 3;
            switch ((run + which) % 3) {
            case 0:
                fillWithSentinel(map, clipReference.width());
                core::diamondSquareInto(dsClip, threads(t), map);
                if (!(map == clipReference)) ++mismatches;
                break;
            case 1:
                fillWithSentinel(map, wrapReference.width());
                core::diamondSquareInto(dsWrap, threads(t), map);
                if (!(map == wrapReference)) ++mismatches;
                break;
            default:
                fillWithSentinel(map, mdReference.width());
                core::midpointDisplacementInto(md, threads(t), map);
                if (!(map == mdReference)) ++mismatches;
                break;
            }
        }
    };
    std::thread other(worker, 1);
    worker(0);
    other.join();
    EXPECT_EQ(mismatches.load(), 0);
}

// While another caller's pass is held mid-run, a generation (its own helper threads and
// workspace, the context names none) has the same bits.
TEST(LargeMaps, AGenerationWhileThePoolIsBusyHasTheReferenceBits) {
    const auto ds = dsParams(10, 51, core::EdgeMode::Reflect);
    const auto md = mdParams(10, 52, true);
    const core::Heightmap dsReference = test::referenceDiamondSquare(ds);
    const core::Heightmap mdReference = test::referenceMidpointDisplacement(md);
    std::mutex mutex;
    std::condition_variable changed;
    int holding = 0;
    bool release = false;
    std::thread holder([&] {
        // Two rows on two threads: a helper started for this pass and the caller.
        core::parallelRows(2, 2, core::GenerateContext{}, [&](int, int) {
            std::unique_lock lock(mutex);
            ++holding;
            changed.notify_all();
            changed.wait(lock, [&] { return release; });
        });
    });
    {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return holding == 2; });  // both rows are running: the pass is held
    }
    core::Heightmap map;
    fillWithSentinel(map, dsReference.width());
    core::diamondSquareInto(ds, threads(3), map);
    EXPECT_EQ(map, dsReference);
    fillWithSentinel(map, mdReference.width());
    core::midpointDisplacementInto(md, threads(3), map);
    EXPECT_EQ(map, mdReference);
    {
        const std::lock_guard lock(mutex);
        release = true;
    }
    changed.notify_all();
    holder.join();
}

}  // namespace
}  // namespace terrain
