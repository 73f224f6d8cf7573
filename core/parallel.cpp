#include "parallel.h"

#include "cancel.h"
#include "executor.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <mutex>

namespace terrain::core {

int threadsForWork(double samples, int threads) {
    constexpr double kSamplesPerThread = 32768.0;
    return std::clamp(int(samples / kSamplesPerThread), 1, std::max(1, threads));
}

void parallelRowsByWorker(int rows, int threads, const GenerateContext& context,
                          const std::function<void(int, int, int)>& body) {
    if (rows <= 0) return;
    Executor* executor = context.executor;
    if (executor != nullptr) threads = std::min(threads, executor->onHelperThread() ? 1 : executor->helpers() + 1);
    // Blocks small enough to poll the cancel token often, large enough to amortise the call.
    const int block = std::max(1, std::min(64, rows / std::max(1, threads * 4)));
    const int workers = std::clamp(threads, 1, std::max(1, rows / block));
    std::unique_ptr<Executor> own;  // no executor given: helpers for this call
    if (workers > 1 && executor == nullptr) {
        own = std::make_unique<Executor>(workers - 1);
        executor = own.get();
    }
    std::atomic<int> next{0};
    std::exception_ptr error;
    std::mutex errorMutex;
    const std::function<void(int)> run = [&](int worker) {
        try {
            for (;;) {
                context.throwIfCancelled();
                const int begin = next.fetch_add(block);
                if (begin >= rows) return;
                body(worker, begin, std::min(rows, begin + block));
            }
        } catch (...) {
            const std::lock_guard lock(errorMutex);
            if (!error) error = std::current_exception();
            next.store(rows);  // stop the others early
        }
    };
    if (workers == 1) {
        run(0);
    } else {
        executor->run(workers - 1, run);
    }
    if (error) std::rethrow_exception(error);
}

void parallelRows(int rows, int threads, const GenerateContext& context,
                  const std::function<void(int, int)>& body) {
    parallelRowsByWorker(rows, threads, context, [&body](int, int begin, int end) { body(begin, end); });
}

}  // namespace terrain::core
