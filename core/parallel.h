#pragma once
// Row-parallel loops. Work is split into contiguous row ranges; because every sample is a pure
// function of values computed in earlier passes, the split never changes the output bits.
#include <functional>

namespace terrain::core {

struct GenerateContext;

// Calls body(rowBegin, rowEnd) over [0, rows) on up to `threads` threads (the caller's thread
// included). Polls the context's cancel token between blocks; rethrows the first exception.
void parallelRows(int rows, int threads, const GenerateContext& context,
                  const std::function<void(int rowBegin, int rowEnd)>& body);

}  // namespace terrain::core
