#include "executor.h"

#include <algorithm>
#include <system_error>
#include <utility>

namespace terrain::core {

// One caller's pass: lives on the caller's stack until every helper that joined has returned.
struct Executor::Pass {
    const std::function<void(int)>* task;
    int wanted;       // helpers it takes at most
    int joined = 0;   // helpers that took it (participants 1..joined)
    int running = 0;  // helpers inside the task
    std::condition_variable done;
};

Executor::Executor(int helpers, const ThreadStarter& start) {
    const ThreadStarter starter = start ? start : [](std::function<void()> body) { return std::thread(std::move(body)); };
    helpers = std::max(helpers, 0);
    m_threads.reserve(std::size_t(helpers));
    try {
        for (int i = 0; i < helpers; ++i) {
            std::thread t = starter([this] { work(); });
            if (!t.joinable()) break;
            m_threads.push_back(std::move(t));
        }
    } catch (const std::system_error&) {
        // Out of threads (or not allowed more): run with the helpers started so far.
    } catch (...) {
        stop();  // join what started, then let the caller see the error
        throw;
    }
    for (const std::thread& t : m_threads) m_ids.push_back(t.get_id());
}

Executor::~Executor() { stop(); }

void Executor::stop() {
    {
        const std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    for (auto& t : m_threads) t.join();
    m_threads.clear();
}

bool Executor::onHelperThread() const {
    return std::find(m_ids.begin(), m_ids.end(), std::this_thread::get_id()) != m_ids.end();
}

void Executor::run(int wanted, const std::function<void(int)>& task) {
    wanted = std::min(wanted, helpers());
    if (wanted <= 0 || onHelperThread()) {
        task(0);
        return;
    }
    Pass pass{&task, wanted, 0, 0, {}};
    {
        const std::lock_guard lock(m_mutex);
        m_open.push_back(&pass);
    }
    m_wake.notify_all();  // notify_one could wake a helper that then joins another caller's pass
    task(0);
    std::unique_lock lock(m_mutex);
    if (const auto it = std::find(m_open.begin(), m_open.end(), &pass); it != m_open.end()) m_open.erase(it);
    pass.done.wait(lock, [&pass] { return pass.running == 0; });
}

void Executor::work() {
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [this] { return m_stop || !m_open.empty(); });
        if (m_stop) return;
        Pass& pass = *m_open.front();
        const int participant = ++pass.joined;
        ++pass.running;
        if (pass.joined == pass.wanted) m_open.erase(m_open.begin());
        lock.unlock();
        (*pass.task)(participant);
        lock.lock();
        // Under the lock: the caller cannot see running == 0 and destroy the pass before this.
        if (--pass.running == 0) pass.done.notify_all();
    }
}

}  // namespace terrain::core
