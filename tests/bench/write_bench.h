#pragma once
// terrain-bench's write-path case (docs/performance.md "Writing"): what `terrain-cli generate
// --format raw32` does after generating (map to metres, write through the transaction with its
// sidecar and the file's SHA-256, fsync, put in place) against the floor, a plain open(O_TRUNC) +
// write + fsync of the same bytes over the same file, interleaved in the same run.
namespace terrain::bench {

void registerWriteCases();

}  // namespace terrain::bench
