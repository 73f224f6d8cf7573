#pragma once
// Scratch memory a generation works in, passed in through GenerateContext::workspace instead of
// per-thread buffers: the 2-D generators' coarse-level grids and each worker's row
// arrays. A caller that generates again and again keeps one alive (the stack evaluator's pool,
// the editor's generation worker, the benchmarks) so that its pages stay faulted in: that made
// slider-driven regeneration several times faster than fresh buffers (docs/performance.md).
//
// A workspace serves one generation at a time. A generation holds it while it runs; one that
// finds it held by another (two calls given the same context) uses a fresh workspace of its
// own, so sharing costs speed, never correctness. None of this changes the output bits.
#include "cancel.h"
#include "heightmap.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

namespace terrain::core {

class Executor;

// The arrays one worker of a parallel pass uses (level_kernels.h, midpoint_line.cpp).
struct WorkerScratch {
    std::vector<float> arrays[2];  // a level pass's row arrays; two interleaved passes use both
    std::vector<float> ring;       // the fused last two levels' ring of middle rows
    std::vector<float> line;       // the midpoint line's block
};

class Workspace {
public:
    Workspace();
    ~Workspace();
    Workspace(const Workspace&) = delete;
    Workspace& operator=(const Workspace&) = delete;

    // The coarse-level grids (LevelGrids), i = 0 or 1.
    Heightmap& grid(int i) { return m_grids[i]; }
    // Makes the arrays of workers 0 .. count - 1. Call on the generating thread before a pass;
    // during it, worker w (parallelRowsByWorker) uses worker(w) and nothing else.
    void ensureWorkers(int count);
    WorkerScratch& worker(int index) { return *m_workers[std::size_t(index)]; }

    // Taken by a generation for its duration: false when another holds it.
    bool tryHold() { return !m_held.exchange(true, std::memory_order_acquire); }
    void release() { m_held.store(false, std::memory_order_release); }

private:
    Heightmap m_grids[2];
    std::vector<std::unique_ptr<WorkerScratch>> m_workers;
    std::atomic<bool> m_held{false};
};

// Workspaces for a caller that runs several evaluations at once (the stack evaluator, shared by
// the editor and the compare window's panels): each call borrows one and gives it back, so each
// of N concurrent calls gets a warm workspace once N have run; at most kKept are kept.
class WorkspacePool {
public:
    class Lease {
    public:
        Lease() = default;
        Lease(Lease&& other) noexcept;
        Lease& operator=(Lease&& other) noexcept;
        ~Lease();
        Workspace* get() const { return m_workspace.get(); }

    private:
        friend class WorkspacePool;
        WorkspacePool* m_pool = nullptr;
        std::unique_ptr<Workspace> m_workspace;
    };

    Lease borrow();
    std::size_t kept() const;

private:
    static constexpr std::size_t kKept = 4;
    mutable std::mutex m_mutex;
    std::vector<std::unique_ptr<Workspace>> m_free;
};

// The context one call runs with: the caller's executor and workspace, or ones made for this
// call. The defaults when the context names none: an executor with context.threads - 1 helpers
// started for the call and stopped at its end (no process-wide pool), and a fresh workspace
// (cold pages: the first generation into a workspace pays for faulting them in).
class ExecutionScope {
public:
    // For one generation: holds the caller's workspace for the scope, or uses a fresh one when
    // the context names none or another generation holds it.
    explicit ExecutionScope(const GenerateContext& context);
    // For a call that runs generations one after another (the stack evaluator): the caller's
    // workspace, else one borrowed from `pool`; not held here (each generation holds it in turn).
    ExecutionScope(const GenerateContext& context, WorkspacePool& pool);
    ~ExecutionScope();
    ExecutionScope(const ExecutionScope&) = delete;
    ExecutionScope& operator=(const ExecutionScope&) = delete;

    // The caller's context with the executor and workspace filled in.
    const GenerateContext& context() const { return m_context; }
    Workspace& workspace() const { return *m_context.workspace; }

private:
    void startExecutor();

    GenerateContext m_context;
    std::unique_ptr<Executor> m_executor;
    std::unique_ptr<Workspace> m_ownWorkspace;
    WorkspacePool::Lease m_lease;
    Workspace* m_held = nullptr;
};

}  // namespace terrain::core
