// The execution context: the executor's passes (nested, throwing, cancelled, without
// threads), workspaces reused across generations, and two evaluations at once giving the same
// bytes as one at a time. Run under ThreadSanitizer too (tests/tsan).
#include "core/cancel.h"
#include "core/errors.h"
#include "core/executor.h"
#include "core/parallel.h"
#include "core/recipe.h"
#include "core/registry.h"
#include "core/stack/evaluator.h"
#include "core/workspace.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <vector>

namespace core = terrain::core;

namespace {

const core::Registry& registry() {
    static const core::Registry r = core::makeBuiltinRegistry();
    return r;
}

core::GenerateContext on(core::Executor* executor, int threads, core::Workspace* workspace = nullptr) {
    core::GenerateContext c;
    c.executor = executor;
    c.threads = threads;
    c.workspace = workspace;
    return c;
}

// How often each row of [0, rows) was visited: every row exactly once is a correct pass.
class RowCounts {
public:
    explicit RowCounts(int rows) : m_counts(std::size_t(rows)) {}
    void visit(int begin, int end) {
        for (int r = begin; r < end; ++r) m_counts[std::size_t(r)].fetch_add(1);
    }
    bool eachOnce() const {
        for (const auto& c : m_counts)
            if (c.load() != 1) return false;
        return true;
    }

private:
    std::vector<std::atomic<int>> m_counts;
};

// A thread starter that starts `allowed` threads, then fails as a system out of threads does.
core::Executor::ThreadStarter failingAfter(int allowed, std::atomic<int>& attempts) {
    return [allowed, &attempts](std::function<void()> body) {
        if (attempts.fetch_add(1) >= allowed)
            throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again));
        return std::thread(std::move(body));
    };
}

}  // namespace

TEST(Executor, EveryRowOnceAndWorkersNumberedFromTheCaller) {
    core::Executor executor(3);
    EXPECT_EQ(executor.helpers(), 3);
    EXPECT_FALSE(executor.onHelperThread());
    for (int round = 0; round < 20; ++round) {
        RowCounts rows(1000);
        std::mutex mutex;
        std::set<int> workers;
        std::thread::id callerWorker0;
        const auto caller = std::this_thread::get_id();
        core::parallelRowsByWorker(1000, 4, on(&executor, 4), [&](int worker, int begin, int end) {
            rows.visit(begin, end);
            const std::lock_guard lock(mutex);
            workers.insert(worker);
            if (worker == 0) callerWorker0 = std::this_thread::get_id();
        });
        EXPECT_TRUE(rows.eachOnce());
        ASSERT_FALSE(workers.empty());
        EXPECT_GE(*workers.begin(), 0);
        EXPECT_LE(*workers.rbegin(), 3);  // indices for a workspace of `threads` workers
        if (workers.count(0) != 0) {
            EXPECT_EQ(callerWorker0, caller);
        }
    }
}

TEST(Executor, NestedPassRunsInlineAndFinishes) {
    core::Executor executor(2);
    const core::GenerateContext context = on(&executor, 3);
    // Two rows, one each: the caller and a helper both wait until both have started, so one
    // outer block surely runs on a helper while the caller is busy with the other; the second
    // helper is free and would join a nested pass that did not run inline.
    std::mutex mutex;
    std::condition_variable changed;
    int started = 0;
    std::atomic<int> innerRows{0};
    std::atomic<int> onHelper{0};
    std::atomic<bool> movedThread{false};
    core::parallelRows(2, 2, context, [&](int, int) {
        {
            std::unique_lock lock(mutex);
            ++started;
            changed.notify_all();
            changed.wait(lock, [&] { return started == 2; });
        }
        const auto here = std::this_thread::get_id();
        const bool helper = executor.onHelperThread();
        onHelper += helper;
        // From the helper: inline on it. From the caller: the helper is busy here, so the caller
        // does it alone; either way it finishes.
        core::parallelRows(5000, 3, context, [&](int b, int e) {
            std::this_thread::sleep_for(std::chrono::microseconds(50));  // time for a free helper to join
            innerRows.fetch_add(e - b);
            if (helper && std::this_thread::get_id() != here) movedThread = true;
        });
    });
    EXPECT_EQ(onHelper.load(), 1);
    EXPECT_EQ(innerRows.load(), 2 * 5000);
    EXPECT_FALSE(movedThread.load()) << "a pass started on a helper ran on another thread";
}

TEST(Executor, AnExceptionInAPassReachesTheCallerAndTheExecutorStaysUsable) {
    core::Executor executor(2);
    const core::GenerateContext context = on(&executor, 3);
    std::atomic<int> visited{0};
    EXPECT_THROW(core::parallelRows(10000, 3, context,
                                    [&](int begin, int end) {
                                        visited.fetch_add(end - begin);
                                        if (begin <= 5000 && 5000 < end) throw std::runtime_error("row 5000");
                                    }),
                 std::runtime_error);
    RowCounts rows(10000);
    core::parallelRows(10000, 3, context, [&](int begin, int end) { rows.visit(begin, end); });
    EXPECT_TRUE(rows.eachOnce());
}

TEST(Executor, ThreadsTheSystemRefusesLeaveTheCallerDoingTheWork) {
    std::atomic<int> attempts{0};
    core::Executor none(3, failingAfter(0, attempts));
    EXPECT_EQ(none.helpers(), 0);
    EXPECT_EQ(attempts.load(), 1);  // the first refusal ends the starting
    const auto caller = std::this_thread::get_id();
    RowCounts rows(5000);
    std::atomic<bool> elsewhere{false};
    core::parallelRows(5000, 4, on(&none, 4), [&](int begin, int end) {
        rows.visit(begin, end);
        if (std::this_thread::get_id() != caller) elsewhere = true;
    });
    EXPECT_TRUE(rows.eachOnce());
    EXPECT_FALSE(elsewhere.load());

    std::atomic<int> attempts2{0};
    core::Executor one(3, failingAfter(1, attempts2));
    EXPECT_EQ(one.helpers(), 1);
    RowCounts rows2(5000);
    core::parallelRows(5000, 4, on(&one, 4), [&](int begin, int end) { rows2.visit(begin, end); });
    EXPECT_TRUE(rows2.eachOnce());

    // A generation on an executor without helpers has the bytes of one with them.
    core::Recipe recipe = core::defaultRecipe(registry(), "diamond-square");
    recipe.detail = 9;
    core::Executor two(1);
    EXPECT_EQ(core::generate(registry(), recipe, on(&none, 4)), core::generate(registry(), recipe, on(&two, 2)));
}

TEST(Executor, CancelStopsAPassAndAGeneration) {
    core::Executor executor(2);
    core::CancelToken token;
    core::GenerateContext context = on(&executor, 3);
    context.cancel = &token;
    std::atomic<int> visited{0};
    EXPECT_THROW(core::parallelRows(100000, 3, context,
                                    [&](int begin, int end) {
                                        visited.fetch_add(end - begin);
                                        token.cancel();
                                    }),
                 core::Cancelled);
    EXPECT_LT(visited.load(), 100000);
    core::Recipe recipe = core::defaultRecipe(registry(), "midpoint-displacement");
    recipe.detail = 9;
    EXPECT_THROW(core::generate(registry(), recipe, context), core::Cancelled);
    const core::CancelToken fresh;
    context.cancel = &fresh;
    EXPECT_EQ(core::generate(registry(), recipe, context), core::generate(registry(), recipe, on(nullptr, 1)));
}

TEST(Executor, TwoCallersShareOneExecutor) {
    core::Executor executor(2);
    std::atomic<bool> ok{true};
    const auto caller = [&] {
        for (int round = 0; round < 50; ++round) {
            RowCounts rows(3000);
            core::parallelRows(3000, 3, on(&executor, 3), [&](int begin, int end) { rows.visit(begin, end); });
            if (!rows.eachOnce()) ok = false;
        }
    };
    std::thread a(caller), b(caller);
    a.join();
    b.join();
    EXPECT_TRUE(ok.load());
}

// A workspace keeps nothing of one generation that the next could see: a bigger map, another
// algorithm, then a smaller one, all with the bytes of a fresh workspace.
TEST(Workspace, ReusedAcrossGenerationsOfAnySizeAndAlgorithm) {
    core::Executor executor(1);
    core::Workspace workspace;
    for (const char* id : {"diamond-square", "midpoint-displacement", "midpoint-line", "diamond-square"}) {
        for (int detail : {10, 7, 9}) {
            core::Recipe recipe = core::defaultRecipe(registry(), id);
            recipe.detail = detail;
            recipe.seed = std::uint64_t(detail) * 31;
            EXPECT_EQ(core::generate(registry(), recipe, on(&executor, 2, &workspace)),
                      core::generate(registry(), recipe, on(nullptr, 1)))
                << id << " detail " << detail;
        }
    }
}

TEST(Workspace, PoolLendsOneWorkspacePerCallAndKeepsThem) {
    core::WorkspacePool pool;
    {
        auto a = pool.borrow();
        auto b = pool.borrow();
        EXPECT_NE(a.get(), b.get());
        EXPECT_EQ(pool.kept(), 0u);
    }
    EXPECT_EQ(pool.kept(), 2u);
    auto c = pool.borrow();
    EXPECT_EQ(pool.kept(), 1u);
    // A workspace held by one generation is not used by a second one with the same context.
    core::Workspace shared;
    ASSERT_TRUE(shared.tryHold());
    {
        const core::ExecutionScope scope(on(nullptr, 2, &shared));
        EXPECT_NE(&scope.workspace(), &shared);
    }
    shared.release();
    {
        const core::ExecutionScope scope(on(nullptr, 2, &shared));
        EXPECT_EQ(&scope.workspace(), &shared);
        EXPECT_FALSE(shared.tryHold());
    }
    EXPECT_TRUE(shared.tryHold());
}

namespace {

// Every generator (and its cubic variant): the recipes the concurrency tests run.
std::vector<core::Recipe> everyGenerator() {
    std::vector<core::Recipe> out;
    for (const core::Algorithm& a : registry().algorithms()) {
        core::Recipe r = core::defaultRecipe(registry(), a.id);
        r.detail = a.id == "midpoint-line" ? 17 : 9;  // big enough for passes on several threads
        r.seed = 99;
        out.push_back(r);
        if (r.params.count("interpolation") != 0) {
            r.params["interpolation"] = 1;
            out.push_back(r);
        }
    }
    return out;
}

core::Recipe stackRecipe() {
    core::Recipe r = core::defaultRecipe(registry(), "diamond-square");
    r.detail = 9;
    r.seed = 5;
    r.operations.push_back(core::newOperation(registry(), r, "midpoint-displacement"));
    r.operations.back().blend = core::BlendMode::Max;
    r.operations.back().weight = 0.5;
    r.operations.push_back(core::newOperation(registry(), r, "clamp"));
    r.operations.back().params["low"] = 100.0;
    r.operations.back().params["high"] = 450.0;
    r.operations.push_back(core::newOperation(registry(), r, "normalize"));
    return r;
}

core::WorldUnits worldOf(const core::Recipe& r) {
    core::WorldUnits w;
    w.metresPerPixel = 4000.0 / double(registry().get(r.algorithm).sizeForDetail(r.detail).width - 1);
    w.loMetres = 0.0;
    w.hiMetres = 600.0;
    return w;
}

// Runs a(i) and b(i) for i < rounds on two threads at once.
template <class A, class B>
void atOnce(std::size_t rounds, const A& a, const B& b) {
    std::thread first([&] {
        for (std::size_t i = 0; i < rounds; ++i) a(i);
    });
    for (std::size_t i = 0; i < rounds; ++i) b(i);
    first.join();
}

}  // namespace

TEST(ConcurrentEvaluations, TwoGenerationsAtOnceGiveTheSequentialBytes) {
    const std::vector<core::Recipe> recipes = everyGenerator();
    std::vector<core::Heightmap> expected;
    for (const auto& r : recipes) expected.push_back(core::generate(registry(), r, on(nullptr, 1)));
    const std::size_t n = recipes.size();
    // Each with its own context (default executor and workspace).
    std::atomic<int> wrong{0};
    atOnce(
        n, [&](std::size_t i) { wrong += core::generate(registry(), recipes[i], on(nullptr, 2)) != expected[i]; },
        [&](std::size_t i) { wrong += core::generate(registry(), recipes[n - 1 - i], on(nullptr, 3)) != expected[n - 1 - i]; });
    EXPECT_EQ(wrong.load(), 0);
    // Sharing one executor and one context with one workspace (one of them works in a fresh one).
    core::Executor executor(2);
    core::Workspace workspace;
    const core::GenerateContext shared = on(&executor, 3, &workspace);
    atOnce(
        n, [&](std::size_t i) { wrong += core::generate(registry(), recipes[i], shared) != expected[i]; },
        [&](std::size_t i) { wrong += core::generate(registry(), recipes[n - 1 - i], shared) != expected[n - 1 - i]; });
    EXPECT_EQ(wrong.load(), 0);
}

TEST(ConcurrentEvaluations, TwoStackEvaluationsAtOnceGiveTheSequentialBytes) {
    const core::Recipe recipe = stackRecipe();
    core::Recipe other = recipe;
    other.seed = 6;
    other.operations[1].params["high"] = 300.0;
    const core::WorldUnits w = worldOf(recipe);
    const core::Heightmap expected = core::evaluateStack(registry(), recipe, w, on(nullptr, 1));
    const core::Heightmap expectedOther = core::evaluateStack(registry(), other, w, on(nullptr, 1));
    ASSERT_NE(expected, expectedOther);
    std::atomic<int> wrong{0};
    atOnce(
        3, [&](std::size_t) { wrong += core::evaluateStack(registry(), recipe, w, on(nullptr, 2)) != expected; },
        [&](std::size_t) { wrong += core::evaluateStack(registry(), other, w, on(nullptr, 2)) != expectedOther; });
    EXPECT_EQ(wrong.load(), 0);
    // One evaluator and one executor shared by both (the compare window's panels): the cache is
    // cleared each round so that both compute.
    core::Executor executor(2);
    core::StackEvaluator evaluator(registry());
    atOnce(
        3,
        [&](std::size_t) {
            const auto r = evaluator.evaluate(recipe, w, on(&executor, 3));
            wrong += *r.map != expected;
        },
        [&](std::size_t) {
            evaluator.clear();
            const auto r = evaluator.evaluate(other, w, on(&executor, 3));
            wrong += *r.map != expectedOther;
        });
    EXPECT_EQ(wrong.load(), 0);
}
