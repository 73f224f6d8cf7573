#pragma once
// What the built-in operations share: row-parallel loops over the map (the split never changes
// the bits) and the text of a value in metres for error messages.
#include "../parallel.h"
#include "operation.h"

#include <string>

// On a hot loop's function: GCC compiles it for AVX-512, AVX2 and the baseline and picks one at
// load time. The kernels are plain IEEE float arithmetic without contraction (-ffp-contract=off)
// or reassociation, so every variant gives the same bits; wider vectors only do more per step.
// Not under ThreadSanitizer: the clones' ifunc resolvers are instrumented and run while the
// dynamic loader relocates, before the TSan runtime is up, and the program crashes at start.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__SANITIZE_THREAD__)
#define TERRAIN_VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define TERRAIN_VECTOR_CLONES
#endif

namespace terrain::core {

// Calls body(y, inputRow, outputRow) for every row, row-parallel.
template <class F>
void forEachRow(const OpCall& call, F body) {
    const int rows = call.input.height();
    parallelRows(rows, threadsForWork(double(call.input.sampleCount()), call.context.threads), call.context,
                 [&](int begin, int end) {
                     // A local copy: its captures are then known not to alias the output rows, so
                     // they stay in registers and the loops vectorise without run-time checks.
                     F local = body;
                     for (int y = begin; y < end; ++y) local(y, call.input.row(y), call.output.row(y));
                 });
}

// Writes f(input) into output. f is inlined into the loop, so a plain arithmetic f vectorises.
template <class F>
void perSample(const OpCall& call, F f) {
    const int width = call.input.width();
    forEachRow(call, [width, f](int, const float* in, float* out) {
        for (int x = 0; x < width; ++x) out[x] = f(in[x]);
    });
}

// The input unchanged (an operation at settings that do nothing: the same bytes).
void copyInput(const OpCall& call);

// For types with OpType::needsSquareMap run directly (validateRecipe refuses the entry first):
// throws InputError naming `typeId` unless the input is square.
void requireSquareInput(const OpCall& call, const std::string& typeId);

// "12.5 m"
std::string metresText(double v);
// "0.25"
std::string numberText(double v);

}  // namespace terrain::core
