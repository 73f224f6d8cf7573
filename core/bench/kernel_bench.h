#pragma once
// A repeatable harness for generator speed, shared by `terrain-bench` (Google Benchmark) and
// `terrain-cli bench`. Machines here are shared and noisy, so each case runs its production
// kernel, the fill floor (writing the same buffer with a constant on the same threads) and the
// step-by-step reference interleaved in one process, and reports medians and ratios.
#include "../cancel.h"
#include "../executor.h"
#include "../registry.h"
#include "../workspace.h"

#include <string>
#include <vector>

namespace terrain::core {

struct BenchCase {
    std::string algorithm;
    int detail = 12;
    int threads = 2;
};

struct BenchResult {
    BenchCase which;
    std::size_t samples = 0;
    double msMedian = 0;           // production kernel, warm (pre-faulted, reused) buffer
    double coldMsMedian = 0;       // production kernel into a freshly allocated grid
    double fillMsMedian = 0;       // std::fill of the same warm buffer on the same threads
    double referenceMsMedian = 0;  // the reference implementation, 1 thread, warm buffer
    double nsPerSample = 0;
    double fillFloorRatio = 0;     // msMedian / fillMsMedian: 1 = memory speed
    double referenceSpeedup = 0;   // referenceMsMedian / msMedian
    bool identical = false;        // the production output equals the reference bit for bit
    double maxDifference = 0;      // else the largest |production - reference| (noise: float vs double)
};

// Runs `repetitions` interleaved rounds (at least 1). Throws InputError for an unknown algorithm
// or a detail out of range.
BenchResult runKernelBench(const Registry& registry, const BenchCase& which, int repetitions);

// The threads and workspace a case keeps across its runs, as the editor keeps them across a
// slider drag: the timings are of generations, not of starting threads or faulting scratch pages.
class BenchExecution {
public:
    explicit BenchExecution(int threads);
    // `threads` threads with this executor and workspace.
    const GenerateContext& context() const { return m_context; }

private:
    Executor m_executor;
    Workspace m_workspace;
    GenerateContext m_context;
};

// Timings of one kernel alone, for Google Benchmark's loop, on the context's threads (a
// BenchExecution's).
double timeKernelMs(const Registry& registry, const BenchCase& which, Heightmap& warm, const GenerateContext& context);
double timeFillMs(Heightmap& warm, const GenerateContext& context);
double timeReferenceMs(const Registry& registry, const BenchCase& which, Heightmap& warm);

double median(std::vector<double> values);

// How many times one thread's hash throughput `threads` threads reach together, each hashing the
// same amount in L1 (no memory traffic), median of `repetitions` rounds: about `threads` on as
// many real cores, about 1 when the vCPUs are hyperthreads of one core (the hash keeps the vector
// ports busy, so a sibling thread has nothing to use). It says what thread scaling this machine
// can show at all.
double hashThroughputScaling(int threads, int repetitions);

}  // namespace terrain::core
