#pragma once
#include <atomic>
#include <functional>

namespace terrain::core {

// Polled by generators at each level or row block; set from any thread to stop a generation.
class CancelToken {
public:
    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    bool cancelled() const { return m_cancelled.load(std::memory_order_relaxed); }

private:
    std::atomic<bool> m_cancelled{false};
};

// How a generation runs; none of this changes the output bits.
struct GenerateContext {
    const CancelToken* cancel = nullptr;        // may be null
    // Fraction done in [0, 1]; may be empty. It must not start another generation on the calling
    // thread: the 2-D generators keep their coarse levels in per-thread buffers (level_kernels.h).
    std::function<void(float)> progress;
    int threads = 1;                            // worker threads for row-parallel passes

    void throwIfCancelled() const;              // throws Cancelled
    void report(float fraction) const {
        if (progress) progress(fraction);
    }
};

}  // namespace terrain::core
