#include "parallel.h"

#include "cancel.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace terrain::core {

void parallelRows(int rows, int threads, const GenerateContext& context,
                  const std::function<void(int, int)>& body) {
    if (rows <= 0) return;
    // Blocks small enough to poll the cancel token often, large enough to amortise the call.
    const int block = std::max(1, std::min(64, rows / std::max(1, threads * 4)));
    const int workers = std::clamp(threads, 1, std::max(1, rows / block));
    std::atomic<int> next{0};
    std::exception_ptr error;
    std::mutex errorMutex;
    auto run = [&] {
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
    std::vector<std::thread> pool;
    pool.reserve(std::size_t(workers - 1));
    for (int i = 1; i < workers; ++i) pool.emplace_back(run);
    run();
    for (auto& t : pool) t.join();
    if (error) std::rethrow_exception(error);
}

}  // namespace terrain::core
