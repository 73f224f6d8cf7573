#include "parallel.h"

#include "cancel.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace terrain::core {
namespace {

// Helper threads that sleep between jobs. One job at a time (`busy`); the caller of run() works
// on the job too and returns when every helper has finished it.
class Pool {
public:
    static Pool& instance() {
        static Pool pool;
        return pool;
    }
    Pool() = default;
    Pool(const Pool&) = delete;
    Pool& operator=(const Pool&) = delete;
    ~Pool() {
        {
            const std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_wake.notify_all();
        for (auto& t : m_threads) t.join();
    }

    std::mutex& busy() { return m_busy; }

    // Runs task on the caller and up to `helpers` pool threads. The caller must hold busy().
    // Helpers that wake after the caller has finished the task skip it, so a helper the
    // scheduler wakes late (a loaded machine) does not delay the caller.
    void run(int helpers, const std::function<void()>& task) {
        {
            const std::lock_guard lock(m_mutex);
            while (int(m_threads.size()) < helpers) {
                const int index = int(m_threads.size());
                m_threads.emplace_back([this, index] { work(index); });
            }
            m_task = &task;
            m_wanted = helpers;
            m_open = true;
            ++m_generation;
        }
        m_wake.notify_all();
        task();
        std::unique_lock lock(m_mutex);
        m_open = false;
        m_done.wait(lock, [this] { return m_running == 0; });
        m_task = nullptr;
    }

private:
    void work(int index) {
        std::unique_lock lock(m_mutex);
        // A thread started for the job that is open now takes part in it.
        unsigned seen = m_open ? m_generation - 1 : m_generation;
        for (;;) {
            m_wake.wait(lock, [&] { return m_stop || m_generation != seen; });
            if (m_stop) return;
            seen = m_generation;
            if (!m_open || index >= m_wanted) continue;
            ++m_running;
            const std::function<void()>* task = m_task;
            lock.unlock();
            (*task)();  // never throws: parallelRows' task catches everything
            lock.lock();
            if (--m_running == 0) m_done.notify_all();
        }
    }

    std::mutex m_busy;
    std::mutex m_mutex;
    std::condition_variable m_wake, m_done;
    std::vector<std::thread> m_threads;
    const std::function<void()>* m_task = nullptr;
    unsigned m_generation = 0;
    int m_wanted = 0;
    int m_running = 0;   // helpers inside the current task
    bool m_open = false;  // the current task still takes helpers
    bool m_stop = false;
};

}  // namespace

int threadsForWork(double samples, int threads) {
    constexpr double kSamplesPerThread = 32768.0;
    return std::clamp(int(samples / kSamplesPerThread), 1, std::max(1, threads));
}

void parallelRows(int rows, int threads, const GenerateContext& context,
                  const std::function<void(int, int)>& body) {
    if (rows <= 0) return;
    // Blocks small enough to poll the cancel token often, large enough to amortise the call.
    const int block = std::max(1, std::min(64, rows / std::max(1, threads * 4)));
    const int workers = std::clamp(threads, 1, std::max(1, rows / block));
    std::atomic<int> next{0};
    std::exception_ptr error;
    std::mutex errorMutex;
    const std::function<void()> run = [&] {
        try {
            for (;;) {
                context.throwIfCancelled();
                const int begin = next.fetch_add(block);
                if (begin >= rows) return;
                body(begin, std::min(rows, begin + block));
            }
        } catch (...) {
            const std::lock_guard lock(errorMutex);
            if (!error) error = std::current_exception();
            next.store(rows);  // stop the others early
        }
    };
    if (workers == 1) {
        run();
    } else if (Pool& pool = Pool::instance(); pool.busy().try_lock()) {
        const std::lock_guard busy(pool.busy(), std::adopt_lock);
        pool.run(workers - 1, run);
    } else {  // another generation (or a nested call) holds the pool
        std::vector<std::thread> extra;
        extra.reserve(std::size_t(workers - 1));
        for (int i = 1; i < workers; ++i) extra.emplace_back(run);
        run();
        for (auto& t : extra) t.join();
    }
    if (error) std::rethrow_exception(error);
}

}  // namespace terrain::core
