#pragma once
// Image-sized loops in the render layer split their rows over the machine's cores. Rows are
// independent, so the result does not depend on the split.
#include "core/cancel.h"
#include "core/parallel.h"

#include <algorithm>
#include <functional>
#include <thread>

namespace terrain::render {

inline void forEachRowBlock(int rows, const std::function<void(int rowBegin, int rowEnd)>& body) {
    const core::GenerateContext context;
    core::parallelRows(rows, int(std::max(1u, std::thread::hardware_concurrency())), context, body);
}

}  // namespace terrain::render
