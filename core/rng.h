#pragma once
// Counter-based randomness: every random number is a pure function of (seed, x, y, stream),
// mapped to floats by our own code. Results therefore depend neither on the compiler's standard
// library (std::uniform_*_distribution is implementation-defined) nor on the order in which
// samples are computed nor on how many threads compute them.
#include <cstdint>

namespace terrain::core {

// Streams keep the draws of different algorithms and purposes independent.
enum class RngStream : std::uint32_t {
    DiamondSquare = 1,
    MidpointDisplacement = 2,
    MidpointLine = 3,
    Corners = 4,
    Noise = 5,   // gradient noise: the lattice of every octave of every field
    Worley = 6,  // cellular noise: the feature point of every cell
    Hydraulic = 7,  // hydraulic erosion: where each rain drop starts
    River = 8,      // river erosion: the rise across each lake cell (how a lake drains to its outlet)
    Meander = 9,    // river erosion: each main river's meanders (their lengths and widths)
};

constexpr std::uint64_t mix64(std::uint64_t z) {
    // SplitMix64 finaliser: a bijection with full avalanche.
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// mix64(z) >> 40, the 24 bits toUnit and toSigned use, one step shorter: the last step
// (z ^ z >> 31) leaves bits 33..63 unchanged. Hot loops use it; it gives the same bits.
constexpr std::uint32_t mix64Top24(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return std::uint32_t(z >> 40);
}
static_assert(mix64Top24(0) == mix64(0) >> 40 && mix64Top24(0x0123456789abcdefULL) == mix64(0x0123456789abcdefULL) >> 40 &&
              mix64Top24(~0ULL) == mix64(~0ULL) >> 40);

// The hash of one (seed, stream) pair over all points: the seed half is mixed once, so a point
// costs one mix64 (hot loops keep a PointHash; hash4 is the same function spelled out).
struct PointHash {
    std::uint64_t key;
    constexpr PointHash(std::uint64_t seed, RngStream stream)
        : key(mix64(seed ^ (std::uint64_t(stream) * 0x9e3779b97f4a7c15ULL))) {}
    constexpr std::uint64_t operator()(std::uint32_t x, std::uint32_t y) const {
        return mix64(key + ((std::uint64_t(y) << 32) | x));
    }
};

constexpr std::uint64_t hash4(std::uint64_t seed, std::uint32_t x, std::uint32_t y,
                              RngStream stream) {
    return PointHash(seed, stream)(x, y);
}

// The world lattice (the lattice rule): every map spans [0, 2^kLatticeDetail] on one
// fixed lattice whatever its detail, and a point's draw is hashed at its lattice position, i.e. its
// map coordinate shifted up to that finest level. A point of the map at detail d is then the same
// lattice point, with the same draw, at every detail above d, so the map at detail d + k sampled
// every 2^k-th point is the map at detail d. 24 covers every detail the generators offer (2-D up
// to 14, the line up to 20) and keeps lattice coordinates, and sums of them, far below 2^32.
constexpr int kLatticeDetail = 24;

// Map coordinate `v` of a map of the given detail (detail <= kLatticeDetail) on the lattice.
constexpr std::uint32_t onLattice(int v, int detail) {
    return std::uint32_t(v) << (kLatticeDetail - detail);
}

// Uniform in [0, 1): the top 24 bits, so every value is an exact float.
constexpr float toUnit(std::uint64_t h) {
    return float(h >> 40) * (1.0f / 16777216.0f);
}

// Uniform in [-1, 1): the top 24 bits as a signed fraction, exact in float.
constexpr float toSigned(std::uint64_t h) {
    return float(std::int32_t(h >> 40) - (1 << 23)) * (1.0f / 8388608.0f);
}

// toSigned from the 24 bits alone: toSigned(h) == signedFromTop24(h >> 40).
constexpr float signedFromTop24(std::uint32_t top) {
    return float(std::int32_t(top) - (1 << 23)) * (1.0f / 8388608.0f);
}

}  // namespace terrain::core
