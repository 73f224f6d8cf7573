// Placing an import (the file's extent and heights in the world) and sampling it for a window
// (import.h). The settings' JSON and spec: import_settings.cpp; the file paths: import_paths.cpp.
#include "import.h"

#include "../cancel.h"
#include "../errors.h"
#include "../json_input.h"
#include "../parallel.h"

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <vector>

namespace terrain::core {

ImportPlacement placeImport(const ImportSettings& s, RasterSource& source, double extentMetres, const std::string& field) {
    ImportPlacement p;
    p.info = source.info();
    const RasterInfo& info = p.info;
    p.width = info.width;
    p.height = info.height;
    if (s.crop) {
        const auto& c = *s.crop;
        if (std::int64_t(c[0]) + c[2] > info.width || std::int64_t(c[1]) + c[3] > info.height) {
            throw InputError(field + ".crop", std::to_string(c[0]) + "," + std::to_string(c[1]) + "," + std::to_string(c[2]) + "," + std::to_string(c[3]),
                             "a part of the " + std::to_string(info.width) + "x" + std::to_string(info.height) + " image");
        }
        p.cropX = c[0];
        p.cropY = c[1];
        p.width = c[2];
        p.height = c[3];
    }
    if (p.width < 2 && p.height < 2) throw InputError(field, quoteForMessage(s.file), "an image of at least 2 samples");
    if (s.spacing) {
        p.spacingX = (*s.spacing)[0];
        p.spacingY = (*s.spacing)[1];
        p.spacingFrom = "given";
    } else if (info.spacingX > 0.0 && info.spacingY > 0.0) {
        p.spacingX = info.spacingX;
        p.spacingY = info.spacingY;
        p.spacingFrom = info.ours && !info.localFrame && info.crs.empty() ? "our sidecar"
                        : info.geographic                                ? "georeferencing (degrees at the centre latitude)"
                                                                         : "georeferencing";
    } else {
        p.spacingX = p.spacingY = extentMetres / double(std::max(p.width, 2) - 1);
        p.spacingFrom = "the world's extent";
    }
    if (s.origin) {
        p.originX = (*s.origin)[0];
        p.originY = (*s.origin)[1];
    } else if (info.localFrame && !s.spacing) {
        // Our own GeoTIFF (an export or a world tile): where it lies in the world frame.
        p.originX = info.originX + double(p.cropX) * p.spacingX;
        p.originY = info.originY - double(p.cropY) * p.spacingY;
    }
    const bool codes = info.integer && info.codeMax > 0.0;
    switch (s.height) {
    case ImportSettings::Height::Metres:
        p.heightFrom = "metres as stored";
        break;
    case ImportSettings::Height::Range: {
        const double top = info.integer ? (info.codeMax > 0.0 ? info.codeMax : 0.0) : 1.0;
        if (!(top > 0.0)) {
            throw InputError(field + ".height", "[" + std::to_string(s.lo) + ", " + std::to_string(s.hi) + "]",
                             "metres for signed integer samples (" + info.sampleType + ": they are heights, not codes)");
        }
        p.lo = s.lo;
        p.hi = s.hi;
        p.step = (s.hi - s.lo) / top;
        p.heightFrom = "given: code 0 = " + std::to_string(s.lo) + " m, " + (info.integer ? "code " : "") +
                       std::to_string(int(top)) + " = " + std::to_string(s.hi) + " m";
        break;
    }
    case ImportSettings::Height::Auto:
        if (info.ours && info.oursMetres) {
            p.heightFrom = "metres (our sidecar)";
        } else if (info.ours && codes && info.oursFullScale > 0.0) {
            p.lo = info.oursLo;
            p.hi = info.oursHi;
            p.step = (info.oursHi - info.oursLo) / info.oursFullScale;
            p.heightFrom = "our sidecar: code 0 = " + std::to_string(info.oursLo) + " m, code " +
                           std::to_string(int(info.oursFullScale)) + " = " + std::to_string(info.oursHi) + " m";
        } else if (codes) {
            throw InputError(field + ".height", "auto",
                             "a height range for " + info.sampleType + " codes without our sidecar: height=LO:HI (metres at "
                             "code 0 and at code " + std::to_string(int(info.codeMax)) +
                             "), unity:SIZE_Y[:POSITION_Y] or unreal:SCALEZ[:LOCATIONZ_CM]");
        } else {
            p.heightFrom = "metres as stored";
        }
        break;
    }
    return p;
}

namespace {

// Keys' cubic convolution (a = -0.5): interpolating, so an aligned sample is the file's value.
void cubicWeights(double t, double w[4]) {
    const double a = -0.5;
    const double t2 = t * t, t3 = t2 * t;
    w[0] = a * t3 - 2.0 * a * t2 + a * t;
    w[1] = (a + 2.0) * t3 - (a + 3.0) * t2 + 1.0;
    w[2] = -(a + 2.0) * t3 + (2.0 * a + 3.0) * t2 - a * t;
    w[3] = -a * t3 + a * t2;
}

// Per output column (or row): the file positions it reads and their weights.
struct Taps {
    int index[4] = {0, 0, 0, 0};  // into the read buffer
    double weight[4] = {0, 0, 0, 0};
    int count = 0;
    bool outside = false;  // beyond the image with outside=value
};

constexpr int kFillReach = 32;  // no-data is filled from valid samples at most this many samples away

// The output rows from the buffer, separably: each buffer row a band needs is filtered across once
// into a small ring (consecutive output rows share them), then the rows are combined. Float
// arithmetic in a fixed order: a sample's value is a function of its taps alone, so every detail
// and every tile computes it alike; weights 1 and 0 (a sample on a file sample) give the file's
// value exactly.
void resampleRows(const Heightmap& buffer, const std::vector<Taps>& tx, const std::vector<Taps>& ty, int k, float fill,
                  const GenerateContext& context, Heightmap& out) {
    const int width = out.width();
    std::vector<int> index(std::size_t(width) * std::size_t(k), 0);
    std::vector<float> weight(std::size_t(width) * std::size_t(k), 0.0f);
    bool anyOutside = false;
    for (int i = 0; i < width; ++i) {
        const Taps& t = tx[std::size_t(i)];
        anyOutside = anyOutside || t.outside;
        for (int a = 0; a < k && !t.outside; ++a) {
            index[std::size_t(i) * std::size_t(k) + std::size_t(a)] = t.index[a];
            weight[std::size_t(i) * std::size_t(k) + std::size_t(a)] = float(t.weight[a]);
        }
    }
    parallelRows(out.height(), threadsForWork(double(width) * out.height(), context.threads), context,
                 [&](int begin, int end) {
        constexpr int kSlots = 8;
        std::vector<float> lines(std::size_t(kSlots) * std::size_t(width));
        int cached[kSlots];
        std::fill(cached, cached + kSlots, -1);
        const int* ix = index.data();
        const float* wx = weight.data();
        const auto across = [&](int r) -> const float* {
            const int slot = r & (kSlots - 1);
            float* h = lines.data() + std::size_t(slot) * std::size_t(width);
            if (cached[slot] == r) return h;
            const float* src = buffer.row(r);
            if (k == 1) {
                for (int i = 0; i < width; ++i) h[i] = src[ix[i]];
            } else if (k == 2) {
                for (int i = 0; i < width; ++i) h[i] = wx[2 * i] * src[ix[2 * i]] + wx[2 * i + 1] * src[ix[2 * i + 1]];
            } else {
                for (int i = 0; i < width; ++i) {
                    const int* n = ix + 4 * i;
                    const float* w = wx + 4 * i;
                    h[i] = ((w[0] * src[n[0]] + w[1] * src[n[1]]) + w[2] * src[n[2]]) + w[3] * src[n[3]];
                }
            }
            cached[slot] = r;
            return h;
        };
        for (int j = begin; j < end; ++j) {
            const Taps& row = ty[std::size_t(j)];
            float* o = out.row(j);
            if (row.outside) {
                std::fill(o, o + width, fill);
                continue;
            }
            if (row.count == 1) {
                const float* h = across(row.index[0]);
                std::copy(h, h + width, o);
            } else if (row.count == 2) {
                const float* h0 = across(row.index[0]);
                const float* h1 = across(row.index[1]);
                const float w0 = float(row.weight[0]), w1 = float(row.weight[1]);
                for (int i = 0; i < width; ++i) o[i] = w0 * h0[i] + w1 * h1[i];
            } else {
                const float* h0 = across(row.index[0]);
                const float* h1 = across(row.index[1]);
                const float* h2 = across(row.index[2]);
                const float* h3 = across(row.index[3]);
                const float w0 = float(row.weight[0]), w1 = float(row.weight[1]), w2 = float(row.weight[2]),
                            w3 = float(row.weight[3]);
                for (int i = 0; i < width; ++i) o[i] = ((w0 * h0[i] + w1 * h1[i]) + w2 * h2[i]) + w3 * h3[i];
            }
            if (anyOutside) {
                for (int i = 0; i < width; ++i)
                    if (tx[std::size_t(i)].outside) o[i] = fill;
            }
        }
    });
}

}  // namespace

void sampleImport(const ImportSettings& s, int side, double metresPerSample, int x0, int y0, int width, int height,
                  const GenerateContext& context, Heightmap& out, const std::string& field, std::int64_t maxReadSamples) {
    const auto source = RasterSource::open(s.file, s.raw, field + ".file");
    const ImportPlacement p = placeImport(s, *source, metresPerSample * double(side - 1), field);
    const int taps = s.resample == ImportSettings::Resample::Nearest ? 1
                     : s.resample == ImportSettings::Resample::Bilinear ? 2
                                                                          : 4;
    // Positions in the used part of the file (after the flip), per output column and row.
    const auto position = [&](double world, double origin, double spacing, int n, bool flip, bool down) {
        const double u = down ? (origin - world) / spacing : (world - origin) / spacing;
        return flip ? double(n - 1) - u : u;
    };
    std::vector<double> us(static_cast<std::size_t>(width)), vs(static_cast<std::size_t>(height));
    for (int i = 0; i < width; ++i)
        us[std::size_t(i)] = position(double(x0 + i) * metresPerSample, p.originX, p.spacingX, p.width, s.flipX, false);
    for (int j = 0; j < height; ++j)
        vs[std::size_t(j)] = position(-double(y0 + j) * metresPerSample, p.originY, p.spacingY, p.height, s.flipY, true);
    // A crafted georeferencing (an origin of 1e308, a spacing of 1e-300) must not reach the
    // integer taps: positions are finite or the file is refused.
    for (const auto* positions : {&us, &vs}) {
        for (const double u : *positions) {
            if (!std::isfinite(u)) {
                throw InputError(field + ".file", quoteForMessage(s.file),
                                 "an image whose placement (origin, spacing) puts its samples at finite positions");
            }
        }
    }
    // The file samples the window reads: the taps' reach, plus the fill's.
    const auto span = [&](const std::vector<double>& pos, int n) {
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (const double v : pos) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        const int reach = (taps == 4 ? 2 : 1) + (s.nodata == ImportSettings::Fill::Neighbours ? kFillReach : 0);
        // Taps are taken at positions clamped to the image (outside=edge), so the span is too: a
        // window wholly beyond the image still reads the edge samples its taps reach.
        lo = std::clamp(lo, 0.0, double(n - 1));
        hi = std::clamp(hi, 0.0, double(n - 1));
        const double a = std::clamp(std::floor(lo) - reach, 0.0, double(n - 1));
        const double b = std::clamp(std::ceil(hi) + reach, 0.0, double(n - 1));
        return std::pair<int, int>{int(a), int(b)};
    };
    const auto [c0, c1] = span(us, p.width);
    const auto [r0, r1] = span(vs, p.height);
    const int bw = c1 - c0 + 1, bh = r1 - r0 + 1;
    if (std::int64_t(bw) * bh > maxReadSamples) {
        throw InputError(field + ".file", quoteForMessage(s.file),
                         "an image this map reads at most " + std::to_string(maxReadSamples) + " samples of (it needs " +
                             std::to_string(bw) + "x" + std::to_string(bh) +
                             "): crop it, or make a coarser copy first (gdal_translate -outsize)");
    }
    checkGridFits(FieldText(field + ".file"), bw, bh);
    Heightmap buffer = Heightmap::uninitialized(bw, bh);
    // The file's columns for buffer columns c0..c1 of the used part (after the crop and flip).
    const int fileX = s.flipX ? p.cropX + (p.width - 1 - c1) : p.cropX + c0;
    const int fileY = s.flipY ? p.cropY + (p.height - 1 - r1) : p.cropY + r0;
    source->read(fileX, fileY, bw, bh, buffer.samples().data());
    if (s.flipX) {
        for (int y = 0; y < bh; ++y) std::reverse(buffer.row(y), buffer.row(y) + bw);
    }
    if (s.flipY) {
        for (int y = 0; y < bh / 2; ++y) std::swap_ranges(buffer.row(y), buffer.row(y) + bw, buffer.row(bh - 1 - y));
    }
    context.throwIfCancelled();
    // Codes to metres (metres as stored pass through untouched: float formats come back bit for bit).
    const bool mapped = p.step != 1.0 || p.lo != 0.0;
    std::atomic<bool> anyMissing{false};
    parallelRows(bh, threadsForWork(double(bw) * bh, context.threads), context, [&](int begin, int end) {
        bool missing = false;
        for (int y = begin; y < end; ++y) {
            float* line = buffer.row(y);
            for (int x = 0; x < bw; ++x) {
                float& v = line[x];
                if (!std::isfinite(v)) {
                    v = std::numeric_limits<float>::quiet_NaN();
                    missing = true;
                } else if (mapped) {
                    v = float(p.lo + double(v) * p.step);
                }
            }
        }
        if (missing) anyMissing = true;
    });
    if (anyMissing) {
        // No-data: the inverse-distance mean of the first valid sample along 8 directions within
        // kFillReach (only the file decides it, so every window fills a sample alike), else fill_m.
        const Heightmap original = buffer;
        static const int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
        parallelRows(bh, threadsForWork(double(bw) * bh, context.threads), context, [&](int begin, int end) {
            for (int y = begin; y < end; ++y) {
                for (int x = 0; x < bw; ++x) {
                    if (!std::isnan(original.at(x, y))) continue;
                    double sum = 0.0, weights = 0.0;
                    if (s.nodata == ImportSettings::Fill::Neighbours) {
                        for (const auto& d : dirs) {
                            for (int k = 1; k <= kFillReach; ++k) {
                                const int xx = x + d[0] * k, yy = y + d[1] * k;
                                if (xx < 0 || yy < 0 || xx >= bw || yy >= bh) break;
                                const float v = original.at(xx, yy);
                                if (std::isnan(v)) continue;
                                const double w = 1.0 / (double(k) * (d[0] != 0 && d[1] != 0 ? M_SQRT2 : 1.0));
                                sum += w * double(v);
                                weights += w;
                                break;
                            }
                        }
                    }
                    buffer.at(x, y) = weights > 0.0 ? float(sum / weights) : float(s.fillMetres);
                }
            }
        });
    }
    // Taps per column and row, into the buffer.
    const auto makeTaps = [&](double u, int n, int b0) {
        Taps t;
        if (s.outside == ImportSettings::Outside::Value && (u < 0.0 || u > double(n - 1))) {
            t.outside = true;
            return t;
        }
        u = std::clamp(u, 0.0, double(n - 1));
        const auto at = [&](int i) { return std::clamp(i, 0, n - 1) - b0; };
        if (taps == 1) {
            t.count = 1;
            t.index[0] = at(int(std::floor(u + 0.5)));
            t.weight[0] = 1.0;
        } else if (taps == 2) {
            const int i = int(std::floor(u));
            const double f = u - i;
            t.count = 2;
            t.index[0] = at(i);
            t.index[1] = at(i + 1);
            t.weight[0] = 1.0 - f;
            t.weight[1] = f;
        } else {
            const int i = int(std::floor(u));
            t.count = 4;
            cubicWeights(u - i, t.weight);
            for (int k = 0; k < 4; ++k) t.index[k] = at(i - 1 + k);
        }
        return t;
    };
    std::vector<Taps> tx(static_cast<std::size_t>(width)), ty(static_cast<std::size_t>(height));
    for (int i = 0; i < width; ++i) tx[std::size_t(i)] = makeTaps(us[std::size_t(i)], p.width, c0);
    for (int j = 0; j < height; ++j) ty[std::size_t(j)] = makeTaps(vs[std::size_t(j)], p.height, r0);
    out.reshapeUninitialized(width, height);
    resampleRows(buffer, tx, ty, taps, float(s.fillMetres), context, out);
}

std::string importFingerprint(const ImportSettings& s) {
    struct stat st {};
    if (::stat(s.file.c_str(), &st) != 0) return {};
    return std::to_string(st.st_size) + ":" + std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec);
}

}  // namespace terrain::core
