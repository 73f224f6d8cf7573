#pragma once
// What terrain-bench's case files share: one built-in registry and a wall-clock timer.
#include <core/registry.h>

#include <chrono>

namespace terrain::bench {

inline const core::Registry& registry() {
    static const core::Registry r = core::makeBuiltinRegistry();
    return r;
}

// Milliseconds f() takes on the steady clock.
template <class F>
double timeMs(F&& f) {
    const auto start = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace terrain::bench
