#pragma once
// Row-parallel loops. Work is split into contiguous row ranges; because every sample is a pure
// function of values computed in earlier passes, the split never changes the output bits.
#include <functional>

namespace terrain::core {

struct GenerateContext;

// Calls body(rowBegin, rowEnd) over [0, rows) on up to `threads` threads (the caller's thread
// included). Helper threads come from a process-wide pool that is kept between calls (a
// generation runs one pass per level, and starting threads each time costs more than the small
// levels themselves); when another caller is using the pool, fresh threads are started instead.
// Polls the context's cancel token between blocks; rethrows the first exception.
void parallelRows(int rows, int threads, const GenerateContext& context,
                  const std::function<void(int rowBegin, int rowEnd)>& body);

// The thread count worth using for a pass that writes `samples` samples: below a few tens of
// thousands, waking another thread costs more than it saves.
int threadsForWork(double samples, int threads);

}  // namespace terrain::core
