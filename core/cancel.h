#pragma once
#include <atomic>
#include <functional>

namespace terrain::core {

class Executor;
class Heightmap;
class Workspace;

// Polled by generators at each level or row block; set from any thread to stop a generation.
class CancelToken {
public:
    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    bool cancelled() const { return m_cancelled.load(std::memory_order_relaxed); }

private:
    std::atomic<bool> m_cancelled{false};
};

// How a generation runs; none of this changes the output bits. Nothing here is process-wide:
// two generations with their own contexts (or one shared context) may run at once.
struct GenerateContext {
    const CancelToken* cancel = nullptr;        // may be null
    // Fraction done in [0, 1]; may be empty. Called by the generating thread between passes; it
    // may start another generation (even with this context: see ExecutionScope).
    std::function<void(float)> progress;
    int threads = 1;                            // threads for row-parallel passes, the caller's included
    // The threads (executor.h) and scratch memory (workspace.h) to run with; the caller keeps
    // them between generations. Null: the call starts threads - 1 helpers for itself and works
    // in a fresh workspace (correct, only slower: see ExecutionScope in workspace.h).
    Executor* executor = nullptr;
    Workspace* workspace = nullptr;

    // A long operation's output so far while it improves (erosion): called now and then on the
    // computing thread with the map as it stands (valid during the call only), so a front end
    // can show it. May be empty. Never changes the result.
    std::function<void(const Heightmap& partial)> partial;
    // Which entry of a stack is computing (0 = the base generator) and how far it is, in [0, 1]
    // (the stack evaluator calls it beside `progress`). May be empty.
    std::function<void(int stage, float fraction)> stageProgress;

    void throwIfCancelled() const;              // throws Cancelled
    void report(float fraction) const {
        if (progress) progress(fraction);
    }
    void showPartial(const Heightmap& map) const {
        if (partial) partial(map);
    }
};

}  // namespace terrain::core
