#pragma once
// The threads a generation's row-parallel passes run on (parallel.h), passed in through
// GenerateContext::executor instead of a process-wide pool. An owner (the editor's
// generation worker, the CLI, a benchmark) starts one for as long as it generates: a generation
// runs one pass per level, and starting threads for each pass costs more than the small levels.
//
// Several callers may use one executor at once (two evaluations, a compare window's panels):
// each caller works on its own pass and the helpers that are free join it, so a caller never
// waits for a helper to become free, only for the helpers that joined its pass to finish it.
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace terrain::core {

class Executor {
public:
    // Starts one thread (the default is std::thread's constructor, which throws std::system_error
    // when the system refuses a thread). Tests pass one that fails.
    using ThreadStarter = std::function<std::thread(std::function<void()> body)>;

    // Starts up to `helpers` threads; whoever calls run() works too. A thread the system refuses
    // (std::system_error) ends the starting: the executor runs with the helpers it got, and with
    // none it runs every pass on the caller's thread. Other exceptions propagate.
    explicit Executor(int helpers, const ThreadStarter& start = {});
    // Stops and joins the helpers; no run() may be in progress.
    ~Executor();
    Executor(const Executor&) = delete;
    Executor& operator=(const Executor&) = delete;

    // The helper threads running (what the constructor could start).
    int helpers() const { return int(m_threads.size()); }

    // Runs task(0) on the caller and task(1), task(2), ... on up to `wanted` helpers that are
    // free now or become free before the caller has finished its own task(0) (a late helper skips
    // the pass); returns when every participant has returned. The task must not throw
    // (parallelRows catches and rethrows on the caller). Called from one of this executor's own
    // helpers (a pass started inside a pass), it runs task(0) on that thread alone: nothing
    // waits for a helper that is busy with the outer pass, and no threads are added.
    void run(int wanted, const std::function<void(int participant)>& task);

    // Whether the calling thread is one of this executor's helpers.
    bool onHelperThread() const;

private:
    struct Pass;
    void work();
    void stop();

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::vector<Pass*> m_open;  // passes that still take helpers, oldest first
    bool m_stop = false;
    std::vector<std::thread> m_threads;
    std::vector<std::thread::id> m_ids;  // written by the constructor only
};

}  // namespace terrain::core
