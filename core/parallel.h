#pragma once
// Row-parallel loops. Work is split into contiguous row ranges; because every sample is a pure
// function of values computed in earlier passes, the split never changes the output bits.
#include <functional>

namespace terrain::core {

struct GenerateContext;

// Calls body(rowBegin, rowEnd) over [0, rows) on up to `threads` threads (the caller's thread
// included): the caller and helpers of context.executor (executor.h), or, when the context
// names no executor, helper threads started for this call alone (an owner that makes many calls
// passes an executor). Called from inside a pass of the same executor, it runs on the calling
// thread. Polls the context's cancel token between blocks; rethrows the first exception.
void parallelRows(int rows, int threads, const GenerateContext& context,
                  const std::function<void(int rowBegin, int rowEnd)>& body);

// The same, telling the body which worker runs the block: 0 for the caller, 1 .. threads - 1 for
// helpers, so that each uses its own arrays of a workspace (Workspace::worker).
void parallelRowsByWorker(int rows, int threads, const GenerateContext& context,
                          const std::function<void(int worker, int rowBegin, int rowEnd)>& body);

// The thread count worth using for a pass that writes `samples` samples: below a few tens of
// thousands, waking another thread costs more than it saves.
int threadsForWork(double samples, int threads);

}  // namespace terrain::core
