#include "strata_bands.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>

#include "../cancel.h"
#include "../parallel.h"
#include "../rng.h"
#include "op_support.h"
#include "value_noise.h"

namespace terrain::core {

namespace {

constexpr double kPi = std::numbers::pi;
constexpr auto kStrataStream = static_cast<RngStream>(102);  // the strata's wandering boundaries

// The folds in bands, per column and per row of a level: cos(a + b) = cos a cos b - sin a sin b,
// a from the column and b from the row, so each sample costs two products. The centre is the
// same world point at every level and detail.
class FoldWaves {
public:
    FoldWaves(const StrataShape& shape, double strata_m, int side, double spacing_m) {
        if (!(shape.fold_m > 0.0)) return;
        const double bearing = shape.foldAxis_deg * kPi / 180.0;
        const double perMetre = 2.0 * kPi / shape.foldWavelength_m;
        const double centre = 0.5 * double(side - 1);
        m_bands = shape.fold_m / strata_m;
        // s = east cos(bearing) - north sin(bearing); east = (x - c) spacing, north = -(y - c) spacing.
        for (int i = 0; i < side; ++i) {
            const double a = perMetre * (double(i) - centre) * spacing_m * std::cos(bearing);
            const double b = perMetre * (double(i) - centre) * spacing_m * std::sin(bearing);
            m_cosColumn.push_back(std::cos(a));
            m_sinColumn.push_back(std::sin(a));
            m_cosRow.push_back(std::cos(b));
            m_sinRow.push_back(std::sin(b));
        }
    }
    bool on() const { return !m_cosColumn.empty(); }
    // A band lies fold cos(...) higher, so the sample lies that much lower in the bands.
    void subtractRow(int y, float* row) const {
        const double cb = m_cosRow[std::size_t(y)], sb = m_sinRow[std::size_t(y)];
        for (std::size_t x = 0; x < m_cosColumn.size(); ++x) {
            row[x] -= float(m_bands * (m_cosColumn[x] * cb - m_sinColumn[x] * sb));
        }
    }

private:
    double m_bands = 0.0;
    std::vector<double> m_cosColumn, m_sinColumn, m_cosRow, m_sinRow;
};

// cos and sin of a compass bearing in degrees, exact at multiples of 90 (std::cos(pi / 2) is
// 6e-17): a fault along a row or a column then has all of that row or column on one side.
std::pair<double, double> cosSinOfBearing(double deg) {
    const double quarters = deg / 90.0;
    if (quarters == std::floor(quarters)) {
        static constexpr double kCos[4] = {1.0, 0.0, -1.0, 0.0}, kSin[4] = {0.0, 1.0, 0.0, -1.0};
        const auto q = std::size_t(std::fmod(std::fmod(quarters, 4.0) + 4.0, 4.0));
        return {kCos[q], kSin[q]};
    }
    return {std::cos(deg * kPi / 180.0), std::sin(deg * kPi / 180.0)};
}

// The faults, per column and per row of a level: a sample's distance across the strike from the
// map's centre is the sum of a column's share and a row's, each (i - centre) spacing times the
// strike's cosine or sine. At a level twice as coarse (i - centre) halves as the spacing doubles,
// exactly, so a sample lies on the same side of a fault at every level and detail. A fault of a
// finite length reads its distance along the strike the same way, per column and row.
class FaultSteps {
public:
    // `perFault`: what a row gains per fault crossed (bands, or raw heights for the ground); `from`:
    // the faults crossed counted from this (the ground: half of one, half its scarp either side; a
    // fault of a finite length always, so its move dies out on both sides alike).
    FaultSteps(const StrataShape& shape, double perFault, int side, double spacing_m, double from = 0.0) {
        if (!(shape.faultThrow_m != 0.0)) return;
        const auto [cosStrike, sinStrike] = cosSinOfBearing(shape.faultStrike_deg);
        const double centre = 0.5 * double(side - 1);
        m_perFault = perFault;
        m_halfLength = 0.5 * shape.faultLength_m;
        m_from = m_halfLength > 0.0 ? 0.5 : from;
        m_offset = shape.faultOffset_m;
        m_spacing = shape.faultSpacing_m;
        // Across the strike, to its right: east cos(strike) - north sin(strike); along it: east
        // sin(strike) + north cos(strike); north = -(y - c) spacing.
        for (int i = 0; i < side; ++i) {
            const double d = (double(i) - centre) * spacing_m;
            m_column.push_back(d * cosStrike);
            m_row.push_back(d * sinStrike);
            if (m_halfLength > 0.0) {
                m_alongColumn.push_back(d * sinStrike);
                m_alongRow.push_back(-d * cosStrike);
            }
        }
    }
    bool on() const { return !m_column.empty(); }
    // Beyond each fault crossed the bands lie `throw` lower, so the sample lies higher in them
    // (perFault = throw / strata); the ground, perFault = -(the scarp in raw units).
    void addRow(int y, float* row) const {
        const double across = m_row[std::size_t(y)] - m_offset;
        for (std::size_t x = 0; x < m_column.size(); ++x) {
            const double s = m_column[x] + across;
            const double crossed = m_spacing > 0.0 ? std::floor(s / m_spacing) + 1.0 : (s >= 0.0 ? 1.0 : 0.0);
            if (!(m_halfLength > 0.0)) {
                row[x] += float((crossed - m_from) * m_perFault);
                continue;
            }
            // A fault of a finite length moves the bands (or the ground) half its throw either way,
            // the throw a bell along the strike (whole at the middle, level with the map's centre,
            // nothing at the tips) and the move a bell across it (nothing a half length away):
            // smooth everywhere off the fault, so nothing steps along the lines through the tips.
            const double u = (m_alongColumn[x] + m_alongRow[std::size_t(y)]) / m_halfLength, w = s / m_halfLength;
            row[x] += float((crossed - m_from) * m_perFault * bell(u) * bell(w));
        }
    }

private:
    static double bell(double t) { return t * t < 1.0 ? (1.0 - t * t) * (1.0 - t * t) : 0.0; }

    double m_perFault = 0.0, m_offset = 0.0, m_spacing = 0.0, m_from = 0.0, m_halfLength = 0.0;
    std::vector<double> m_column, m_row, m_alongColumn, m_alongRow;
};

// One row's talus. `offset`: each sample's bands added, zeros for level bands (the same bits as
// none: only a zero's sign could change, and neither its band nor its phase depends on it).
TERRAIN_VECTOR_CLONES void strataRow(const float* __restrict h, const float* __restrict rock,
                                     const float* __restrict offset, float* __restrict out, int n, StrataTalus s) {
    if (s.shares != nullptr) {  // each band's own share
        for (int x = 0; x < n; ++x) {
            const float u = (h[x] - s.rawZero) * s.perBand + offset[x];
            const bool hard = inHardRock(u, 0.0f, s.shares) && h[x] <= rock[x] + s.rockSlack;
            out[x] = hard ? s.tanHard : s.tanSoft;
        }
        return;
    }
    for (int x = 0; x < n; ++x) {
        const float u = (h[x] - s.rawZero) * s.perBand + offset[x];
        const bool hard = inHardRock(u, s.share, nullptr) && h[x] <= rock[x] + s.rockSlack;
        out[x] = hard ? s.tanHard : s.tanSoft;
    }
}

}  // namespace

void strataThresholds(const float* heights, const float* rock, int side, const StrataTalus& s, std::vector<float>& out,
                      const GenerateContext& context) {
    const auto cells = std::size_t(side) * std::size_t(side);
    out.resize(cells);
    const std::vector<float> level(s.offset == nullptr ? std::size_t(side) : 0, 0.0f);
    parallelRows(side, threadsForWork(double(cells), context.threads), context, [&](int begin, int end) {
        for (int y = begin; y < end; ++y) {
            const std::size_t at = std::size_t(y) * std::size_t(side);
            strataRow(heights + at, rock + at, s.offset != nullptr ? s.offset + at : level.data(), out.data() + at, side,
                      s);
        }
    });
}

void strataShares(double share, double variety, std::uint64_t seed, std::vector<float>& out) {
    const PointHash hash(seed, kStrataStream);
    const double reach = variety * std::min(share, 1.0 - share);
    out.resize(std::size_t(kShareBands));
    for (int k = 0; k < kShareBands; ++k) {
        // (k, 2^32 - 1): a lattice point the strata noise's value lattice never reaches on a map.
        const double r = double(hash(std::uint32_t(k), 0xffffffffU) >> 11) * 0x1.0p-53;
        out[std::size_t(k)] = float(std::clamp(share + reach * (2.0 * r - 1.0), 0.0, 1.0));
    }
}

void strataOffsets(const StrataShape& shape, double strata_m, int side, double spacing_m, std::uint64_t seed,
                   const GenerateContext& context, std::vector<float>& out, int origin) {
    // A sample `spacing_m` east lies tan(dip) sin(bearing) spacing_m higher in the bands, one a row
    // south (y north falls) -tan(dip) cos(bearing) spacing_m.
    const double perMetreAlong = std::tan(shape.dip_deg * kPi / 180.0) / strata_m;
    const double bearing = shape.dipDirection_deg * kPi / 180.0;
    const auto perColumn = float(perMetreAlong * std::sin(bearing) * spacing_m);
    const auto perRow = float(-perMetreAlong * std::cos(bearing) * spacing_m);
    const ValueNoise noise(seed, kStrataStream, spacing_m, shape.noiseScale_m, -origin, side);
    const auto noiseBands = float(shape.noise_m / strata_m);
    const FoldWaves fold(shape, strata_m, side, spacing_m);
    const FaultSteps faults(shape, shape.faultThrow_m / strata_m, side, spacing_m);
    const auto cells = std::size_t(side) * std::size_t(side);
    out.resize(cells);
    parallelRows(side, threadsForWork(double(cells), context.threads), context, [&](int begin, int end) {
        for (int y = begin; y < end; ++y) {
            float* row = out.data() + std::size_t(y) * std::size_t(side);
            const float rowBands = float(y - origin) * perRow;
            for (int x = 0; x < side; ++x) row[x] = float(x - origin) * perColumn + rowBands;
            if (fold.on()) fold.subtractRow(y, row);
            if (faults.on()) faults.addRow(y, row);
            if (noiseBands > 0.0f) noise.row(y - origin, row, row, noiseBands);
        }
    });
}

void dropBeyondFaults(const StrataShape& shape, double drop, int side, double spacing_m, const GenerateContext& context,
                      float* heights) {
    const FaultSteps faults(shape, -drop, side, spacing_m, 0.5);
    if (!faults.on() || drop == 0.0) return;
    const auto cells = std::size_t(side) * std::size_t(side);
    parallelRows(side, threadsForWork(double(cells), context.threads), context, [&](int begin, int end) {
        for (int y = begin; y < end; ++y) faults.addRow(y, heights + std::size_t(y) * std::size_t(side));
    });
}

}  // namespace terrain::core
