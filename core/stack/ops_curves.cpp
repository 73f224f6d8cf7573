// curves: levels, gamma and a monotone curve on the height as a fraction of the world's range.
#include "ops.h"

#include "../errors.h"
#include "op_support.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace terrain::core {
namespace {

constexpr int kMaxPoints = 8;
// The composite of gamma and curve is tabulated at kTable + 1 points of u in [0, 1] and
// interpolated linearly: 16 KiB, in L1; the error is below 1e-7 of the range for the smooth
// curve and largest for gamma < 1 in the lowest 1/kTable of u, where u^gamma is nearly vertical.
constexpr int kTable = 4096;

struct CurvesParams {
    double inLow = 0.0, inHigh = 1.0, outLow = 0.0, outHigh = 1.0;
    double gamma = 1.0;
    int points = 0;
    std::array<double, kMaxPoints> in{}, out{};
};

ParamTable<CurvesParams> curvesTable() {
    ParamTable<CurvesParams> t;
    t.add({"in_low", "Input low", "", ParamKind::Real, 0.0, 1.0, 0.01, 0.0,
           "Heights at or below this fraction of the world's height range become the output low", {}},
          [](CurvesParams& p, double v) { p.inLow = v; })
        .add({"in_high", "Input high", "", ParamKind::Real, 0.0, 1.0, 0.01, 1.0,
              "Heights at or above this fraction of the world's height range become the output high", {}},
             [](CurvesParams& p, double v) { p.inHigh = v; })
        .add({"out_low", "Output low", "", ParamKind::Real, 0.0, 1.0, 0.01, 0.0,
              "Where the input low goes, as a fraction of the world's height range", {}},
             [](CurvesParams& p, double v) { p.outLow = v; })
        .add({"out_high", "Output high", "", ParamKind::Real, 0.0, 1.0, 0.01, 1.0,
              "Where the input high goes, as a fraction of the world's height range (below out_low inverts)", {}},
             [](CurvesParams& p, double v) { p.outHigh = v; })
        .add({"gamma", "Gamma", "", ParamKind::Real, 0.1, 10.0, 0.01, 1.0,
              "Exponent on the levelled height: above 1 widens the lowlands and sharpens the peaks", {}},
             [](CurvesParams& p, double v) { p.gamma = v; })
        .add({"points", "Curve points", "", ParamKind::Integer, 0.0, double(kMaxPoints), 1.0, 0.0,
              "How many of the points p1..p8 the curve passes through, besides (0, 0) and (1, 1)", {}},
             [](CurvesParams& p, double v) { p.points = int(v); });
    for (int i = 0; i < kMaxPoints; ++i) {
        const std::string n = std::to_string(i + 1);
        const double diagonal = double(i + 1) / double(kMaxPoints + 1);
        t.add({"p" + n + "_in", "Point " + n + " in", "", ParamKind::Real, 0.0, 1.0, 0.01, diagonal,
               "Point " + n + "'s input height (fraction); inputs must increase from p1 on", {}},
              [i](CurvesParams& p, double v) { p.in[std::size_t(i)] = v; })
            .add({"p" + n + "_out", "Point " + n + " out", "", ParamKind::Real, 0.0, 1.0, 0.01, diagonal,
                  "Point " + n + "'s output height (fraction)", {}},
                 [i](CurvesParams& p, double v) { p.out[std::size_t(i)] = v; });
    }
    return t;
}

// Fritsch-Carlson monotone cubic through (x_k, y_k): between two points it stays between their
// values (no overshoot), and a flat or turning pair gets zero slopes.
class MonotoneCubic {
public:
    MonotoneCubic(std::vector<double> x, std::vector<double> y) : m_x(std::move(x)), m_y(std::move(y)) {
        const std::size_t n = m_x.size();
        std::vector<double> delta(n - 1);
        for (std::size_t k = 0; k + 1 < n; ++k) delta[k] = (m_y[k + 1] - m_y[k]) / (m_x[k + 1] - m_x[k]);
        m_m.assign(n, 0.0);
        m_m[0] = delta[0];
        m_m[n - 1] = delta[n - 2];
        for (std::size_t k = 1; k + 1 < n; ++k)
            m_m[k] = delta[k - 1] * delta[k] <= 0.0 ? 0.0 : 0.5 * (delta[k - 1] + delta[k]);
        for (std::size_t k = 0; k + 1 < n; ++k) {
            if (delta[k] == 0.0) {
                m_m[k] = m_m[k + 1] = 0.0;
                continue;
            }
            const double a = m_m[k] / delta[k], b = m_m[k + 1] / delta[k];
            const double s = a * a + b * b;
            if (s > 9.0) {
                const double tau = 3.0 / std::sqrt(s);
                m_m[k] = tau * a * delta[k];
                m_m[k + 1] = tau * b * delta[k];
            }
        }
    }
    double operator()(double u) const {
        std::size_t k = 0;
        while (k + 2 < m_x.size() && u > m_x[k + 1]) ++k;
        const double h = m_x[k + 1] - m_x[k];
        const double t = (u - m_x[k]) / h;
        const double t2 = t * t, t3 = t2 * t;
        return (2 * t3 - 3 * t2 + 1) * m_y[k] + (t3 - 2 * t2 + t) * h * m_m[k] + (-2 * t3 + 3 * t2) * m_y[k + 1] +
               (t3 - t2) * h * m_m[k + 1];
    }

private:
    std::vector<double> m_x, m_y, m_m;
};

// "p3_in" for point index 2 (built by appending: GCC 12 warns falsely on "p" + std::string).
std::string pointKey(int index, const char* suffix) {
    std::string key(1, 'p');
    key += std::to_string(index + 1);
    key += suffix;
    return key;
}

// Levels alone: one clipped linear map. NaN stays NaN.
TERRAIN_VECTOR_CLONES
void levelsRow(const float* in, float* out, int width, float a, float b, float g, float d) {
    for (int x = 0; x < width; ++x) {
        const float v = in[x];
        float u = v * a + b;
        u = u > 0.0f ? u : 0.0f;  // NaN -> 0; the select below keeps NaN
        u = u < 1.0f ? u : 1.0f;
        const float r = u * g + d;
        out[x] = v != v ? v : r;
    }
}

// Through the table: the positions in a vector loop, then the lookups (no gathers before
// AVX2), then NaN kept, again vectorised; in chunks that stay in L1.
TERRAIN_VECTOR_CLONES
void tableRow(const float* in, float* out, int width, float a, float b, const float* lut) {
    constexpr int kChunk = 512;
    int index[kChunk];
    float frac[kChunk];
    for (int x0 = 0; x0 < width; x0 += kChunk) {
        const int n = std::min(kChunk, width - x0);
        for (int i = 0; i < n; ++i) {
            float u = in[x0 + i] * a + b;
            u = u > 0.0f ? u : 0.0f;  // NaN -> 0; kept below
            u = u < 1.0f ? u : 1.0f;
            const float x = u * float(kTable);
            index[i] = int(x);
            frac[i] = x - float(index[i]);
        }
        for (int i = 0; i < n; ++i) {
            const float lo = lut[index[i]], hi = lut[index[i] + 1];
            out[x0 + i] = lo + frac[i] * (hi - lo);
        }
        for (int i = 0; i < n; ++i) out[x0 + i] = in[x0 + i] != in[x0 + i] ? in[x0 + i] : out[x0 + i];
    }
}

bool curveIsIdentity(const CurvesParams& p) {
    for (int i = 0; i < p.points; ++i) {
        if (p.in[std::size_t(i)] != p.out[std::size_t(i)]) return false;
    }
    return true;
}

void runCurves(const CurvesParams& p, const OpCall& call) {
    const HeightScale& h = call.heights;
    const bool curve = !curveIsIdentity(p) || p.gamma != 1.0;
    if (!curve && p.inLow == 0.0 && p.inHigh == 1.0 && p.outLow == 0.0 && p.outHigh == 1.0) {
        copyInput(call);  // the identity: the same bytes
        return;
    }
    // u = (t - in_low) / (in_high - in_low) with t = (metres - lo) / range, as u = v·a + b.
    const double rawLo = h.toRaw(h.loMetres);
    const double rawRange = h.toRaw(h.hiMetres) - rawLo;
    const double inSpan = p.inHigh - p.inLow;
    const float a = float(1.0 / (rawRange * inSpan));
    const float b = float(-rawLo / (rawRange * inSpan) - p.inLow / inSpan);
    // Output: raw = rawLo + (out_low + c·(out_high - out_low))·rawRange = c·g + d.
    const double g = (p.outHigh - p.outLow) * rawRange;
    const double d = rawLo + p.outLow * rawRange;
    const int width = call.input.width();
    if (!curve) {
        const float gf = float(g), df = float(d);
        forEachRow(call, [=](int, const float* in, float* out) { levelsRow(in, out, width, a, b, gf, df); });
        return;
    }
    std::vector<double> xs{0.0}, ys{0.0};
    for (int i = 0; i < p.points; ++i) {
        xs.push_back(p.in[std::size_t(i)]);
        ys.push_back(p.out[std::size_t(i)]);
    }
    xs.push_back(1.0);
    ys.push_back(1.0);
    const MonotoneCubic cubic(xs, ys);
    std::vector<float> table(kTable + 2);
    for (int i = 0; i <= kTable; ++i) {
        const double u = double(i) / kTable;
        table[std::size_t(i)] = float(cubic(std::pow(u, p.gamma)) * g + d);
    }
    table[kTable + 1] = table[kTable];  // u = 1 reads one past without a branch
    const float* lut = table.data();
    forEachRow(call, [=](int, const float* in, float* out) { tableRow(in, out, width, a, b, lut); });
}

}  // namespace

OpType curvesOpType() {
    const ParamTable<CurvesParams> table = curvesTable();
    OpType type = makeOpType<CurvesParams>(
        "curves", "Curves",
        "Remap heights: levels, gamma and a monotone curve through up to 8 points, on the height as a fraction "
        "of the world's height range",
        table, runCurves);
    type.perSample = [](const std::map<std::string, double>&) { return true; };
    type.check = [table](const std::map<std::string, double>& values) {
        const CurvesParams p = table.bind(values);
        if (!(p.inLow < p.inHigh))
            throw InputError("in_low", numberText(p.inLow), "below in_high (" + numberText(p.inHigh) + ")");
        double previous = 0.0;
        for (int i = 0; i < p.points; ++i) {
            const double x = p.in[std::size_t(i)];
            const std::string field = pointKey(i, "_in");
            if (!(x > previous && x < 1.0)) {
                std::string after = "0";
                if (i > 0) after = pointKey(i - 1, "_in") + " (" + numberText(previous) + ")";
                throw InputError(field, numberText(x),
                                 "above " + after + " and below 1: the curve's inputs increase from point to point");
            }
            previous = x;
        }
    };
    return type;
}

}  // namespace terrain::core
