#include "compare_sheet.h"

#include "../errors.h"
#include "bitmap_font.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>

namespace terrain::core {
namespace {

constexpr Rgb kBackground{30, 31, 36};
constexpr Rgb kText{225, 225, 228};
constexpr Rgb kTitle{255, 208, 120};
constexpr Rgb kPlotBackground{46, 47, 54};
constexpr Rgb kSky{58, 68, 90};
constexpr Rgb kInvalid{255, 0, 255};  // NaN or infinite samples: impossible to miss
constexpr Rgb kWalkable{110, 190, 110};
constexpr Rgb kSteep{225, 130, 70};
constexpr int kMargin = 14;
constexpr int kGap = 20;
constexpr int kPlotHeight = 56;

MinMax finiteRange(const Heightmap& map) {
    float lo = std::numeric_limits<float>::infinity(), hi = -lo;
    for (const float v : map.samples()) {
        if (!std::isfinite(v)) continue;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    return lo <= hi ? MinMax{lo, hi} : MinMax{};
}

// Source samples [first, last) that target pixel `t` covers when `n` samples are drawn at
// `scale` pixels each: a box filter when shrinking, repetition when enlarging.
std::array<int, 2> sourceSpan(int t, double scale, int n) {
    const int first = std::min(n - 1, int(std::floor(double(t) / scale)));
    const int last = std::clamp(int(std::floor(double(t + 1) / scale)), first + 1, n);
    return {first, last};
}

using Colour = std::array<double, 3>;

class Relief {
public:
    Relief(const Heightmap& map, MinMax range, const SheetOptions& options)
        : m_map(map), m_lo(double(range.min)) {
        const double span = double(range.max) - double(range.min);
        m_perUnit = span > 0.0 ? 1.0 / span : 0.0;
        m_metresPerStep = options.heightRangeMetres / options.metresPerPixel;
        // The ramp is evaluated per sample; a table makes shading a large map several times faster.
        for (std::size_t i = 0; i < m_ramp.size(); ++i) {
            m_ramp[i] = heightColour(float(double(i) / double(m_ramp.size() - 1)));
        }
    }

    // In [0, 1] over the range; a flat range maps to the middle.
    double unit(float v) const { return m_perUnit > 0.0 ? (double(v) - m_lo) * m_perUnit : 0.5; }

    // Height colour times a Lambert term for light from the north-west, 45 degrees up, for every
    // sample of row y.
    void shadeRow(int y, std::vector<Colour>& out) const {
        const int w = m_map.width(), h = m_map.height();
        const float* north = m_map.row(std::max(0, y - 1));
        const float* here = m_map.row(y);
        const float* south = m_map.row(std::min(h - 1, y + 1));
        const int dy = std::min(h - 1, y + 1) - std::max(0, y - 1);
        auto metres = [&](float v) { return std::isfinite(v) ? unit(v) * m_metresPerStep : 0.0; };
        for (int x = 0; x < w; ++x) {
            const float v = here[x];
            if (!std::isfinite(v)) {
                out[std::size_t(x)] = {double(kInvalid.r), double(kInvalid.g), double(kInvalid.b)};
                continue;
            }
            const int xa = std::max(0, x - 1), xb = std::min(w - 1, x + 1);
            const double gx = xb > xa ? (metres(here[xb]) - metres(here[xa])) / double(xb - xa) : 0.0;
            const double gy = dy > 0 ? (metres(south[x]) - metres(north[x])) / double(dy) : 0.0;
            // Light vector (east, south, up) = (-0.5, -0.5, 0.707); normal (-gx, -gy, 1) normalised.
            const double lambert = (0.5 * gx + 0.5 * gy + 0.70710678) / std::sqrt(gx * gx + gy * gy + 1.0);
            const double factor = std::clamp(0.3 + 0.7 * lambert / 0.70710678, 0.15, 1.3);
            const double t = std::clamp(unit(v), 0.0, 1.0);
            const Rgb c = m_ramp[std::size_t(std::lround(t * double(m_ramp.size() - 1)))];
            out[std::size_t(x)] = {std::min(255.0, c.r * factor), std::min(255.0, c.g * factor),
                                   std::min(255.0, c.b * factor)};
        }
    }

    // Each source row is shaded once and summed into the target pixels it covers (box filter).
    void drawMap(RgbImage& image, int left, int top, int size) const {
        const int w = m_map.width(), h = m_map.height();
        const double scale = double(size) / double(std::max(w, h));
        const int tw = std::max(1, int(std::lround(w * scale))), th = std::max(1, int(std::lround(h * scale)));
        const int ox = left + (size - tw) / 2, oy = top + (size - th) / 2;
        std::vector<std::array<int, 2>> columns(static_cast<std::size_t>(tw));
        for (int tx = 0; tx < tw; ++tx) columns[std::size_t(tx)] = sourceSpan(tx, scale, w);
        std::vector<Colour> shaded(static_cast<std::size_t>(w));
        std::vector<Colour> sums(static_cast<std::size_t>(tw));
        for (int ty = 0; ty < th; ++ty) {
            const auto ys = sourceSpan(ty, scale, h);
            std::fill(sums.begin(), sums.end(), Colour{});
            for (int y = ys[0]; y < ys[1]; ++y) {
                shadeRow(y, shaded);
                for (int tx = 0; tx < tw; ++tx) {
                    const auto& xs = columns[std::size_t(tx)];
                    Colour& sum = sums[std::size_t(tx)];
                    for (int x = xs[0]; x < xs[1]; ++x)
                        for (std::size_t i = 0; i < 3; ++i) sum[i] += shaded[std::size_t(x)][i];
                }
            }
            for (int tx = 0; tx < tw; ++tx) {
                const auto& xs = columns[std::size_t(tx)];
                const double n = double((ys[1] - ys[0]) * (xs[1] - xs[0]));
                const Colour& sum = sums[std::size_t(tx)];
                image.set(ox + tx, oy + ty, {std::uint8_t(sum[0] / n + 0.5), std::uint8_t(sum[1] / n + 0.5),
                                             std::uint8_t(sum[2] / n + 0.5)});
            }
        }
    }

    // A 1-row map is a horizon line: drawn as ground under the profile, banded by height.
    void drawProfile(RgbImage& image, int left, int top, int size) const {
        image.fillRect(left, top, size, size, kSky);
        const int w = m_map.width();
        const double scale = double(size) / double(w);
        for (int tx = 0; tx < size; ++tx) {
            const auto xs = sourceSpan(tx, scale, w);
            double sum = 0.0;
            for (int x = xs[0]; x < xs[1]; ++x) sum += std::isfinite(m_map.at(x, 0)) ? unit(m_map.at(x, 0)) : 0.0;
            const double t = std::clamp(sum / double(xs[1] - xs[0]), 0.0, 1.0);
            const int surface = top + int(std::lround((1.0 - t) * double(size - 1)));
            for (int y = surface; y < top + size; ++y) {
                image.set(left + tx, y, heightColour(1.0f - float(y - top) / float(size - 1)));
            }
        }
    }

private:
    const Heightmap& m_map;
    double m_lo = 0.0;
    double m_perUnit = 0.0;       // 1 / (range.max - range.min), 0 for a flat range
    double m_metresPerStep = 0.0; // metres of rise per unit of `unit()` per sample step
    std::array<Rgb, 1025> m_ramp{};
};

int charsIn(int width, int scale) { return (width + scale) / (kGlyphAdvance * scale); }

std::string fit(const std::string& text, int width, int scale) {
    const int chars = charsIn(width, scale);
    return int(text.size()) <= chars ? text : text.substr(0, std::size_t(std::max(0, chars - 1))) + "~";
}

std::string number(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3g", v);
    return buffer;
}

// Bars of `histogram` scaled to its largest bin, coloured per bin.
template <typename ColourOf>
void drawHistogram(RgbImage& image, int left, int top, int width, const Histogram& histogram, ColourOf colourOf) {
    image.fillRect(left, top, width, kPlotHeight, kPlotBackground);
    std::uint64_t peak = 0;
    for (const auto c : histogram.counts) peak = std::max(peak, c);
    if (peak == 0) return;
    const int bins = int(histogram.counts.size());
    for (int i = 0; i < bins; ++i) {
        const int x0 = left + i * width / bins, x1 = left + (i + 1) * width / bins;
        const double share = double(histogram.counts[std::size_t(i)]) / double(peak);
        const int bar = int(std::lround(share * double(kPlotHeight - 2)));
        image.fillRect(x0, top + kPlotHeight - bar, std::max(1, x1 - x0 - 1), bar, colourOf(i, bins));
    }
}

int lineHeight(const SheetOptions& options) { return kLineHeight * options.textScale; }

struct PanelLayout {
    int titleLines = 0;
    int numberLines = 0;
    bool plots = false;

    int height(const SheetOptions& o) const {
        const int line = lineHeight(o);
        const int plotBlock = plots ? 2 * (line + kPlotHeight + 8) : 0;
        return titleLines * line + 6 + o.pictureSize + 8 + numberLines * line + plotBlock;
    }
};

void drawPanel(RgbImage& image, int left, int top, const SheetPanel& panel, MinMax range,
               const PanelLayout& layout, const SheetOptions& o) {
    const int line = lineHeight(o), width = o.pictureSize, scale = o.textScale;
    int y = top;
    for (std::size_t i = 0; i < panel.title.size(); ++i, y += line) {
        drawText(image, left, y, fit(panel.title[i], width, scale), i == 0 ? kTitle : kText, scale);
    }
    y = top + layout.titleLines * line + 6;
    // Each panel's own world when its numbers carry one (terrain-cli compare: each recipe's).
    SheetOptions own = o;
    if (panel.stats != nullptr) {
        own.metresPerPixel = panel.stats->metresPerPixel;
        own.heightRangeMetres = panel.stats->heightRangeMetres;
    }
    const Relief relief(*panel.map, range, own);
    if (panel.map->height() == 1) {
        relief.drawProfile(image, left, y, width);
    } else {
        relief.drawMap(image, left, y, width);
    }
    y += width + 8;
    for (const auto& text : panel.numbers) {
        drawText(image, left, y, fit(text, width, scale), kText, scale);
        y += line;
    }
    if (!panel.stats) return;
    y = top + layout.titleLines * line + 6 + width + 8 + layout.numberLines * line;
    const TerrainStats& s = *panel.stats;
    drawText(image, left, y, fit("heights " + number(s.histogram.lo) + " .. " + number(s.histogram.hi), width, scale),
             kText, scale);
    y += line;
    drawHistogram(image, left, y, width, s.histogram, [](int i, int bins) {
        return heightColour((float(i) + 0.5f) / float(bins));
    });
    y += kPlotHeight + 8;
    drawText(image, left, y, fit("slope 0-90 deg, green < " + number(s.walkableDeg), width, scale), kText, scale);
    y += line;
    const Histogram& slope = s.slope.histogram;
    drawHistogram(image, left, y, width, slope, [&](int i, int bins) {
        const double upper = slope.lo + (slope.hi - slope.lo) * double(i + 1) / double(bins);
        return upper <= s.walkableDeg + 1e-9 ? kWalkable : kSteep;
    });
}

}  // namespace

int sheetLineChars(const SheetOptions& options) { return charsIn(options.pictureSize, options.textScale); }

std::vector<std::string> wrapWords(const std::vector<std::string>& words, int chars) {
    std::vector<std::string> lines;
    for (const auto& word : words) {
        if (!lines.empty() && int(lines.back().size() + 2 + word.size()) <= chars) {
            lines.back() += "  " + word;
        } else {
            lines.push_back(word);
        }
    }
    return lines;
}

Rgb heightColour(float t) {
    struct Stop {
        float t;
        Rgb colour;
    };
    static constexpr Stop kStops[] = {
        {0.00f, {34, 78, 58}},   {0.30f, {92, 138, 70}},   {0.55f, {182, 170, 112}},
        {0.80f, {132, 102, 78}}, {1.00f, {248, 248, 248}},
    };
    if (!std::isfinite(t)) return kInvalid;
    t = std::clamp(t, 0.0f, 1.0f);
    for (std::size_t i = 1; i < std::size(kStops); ++i) {
        if (t <= kStops[i].t) {
            const float u = (t - kStops[i - 1].t) / (kStops[i].t - kStops[i - 1].t);
            return mix(kStops[i - 1].colour, kStops[i].colour, u);
        }
    }
    return kStops[std::size(kStops) - 1].colour;
}

MinMax sheetRange(const std::vector<SheetPanel>& panels, std::size_t index, SheetMapping mapping) {
    if (mapping == SheetMapping::PerPanel) return finiteRange(*panels.at(index).map);
    MinMax common{std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity()};
    for (const auto& panel : panels) {
        const MinMax r = finiteRange(*panel.map);
        common.min = std::min(common.min, r.min);
        common.max = std::max(common.max, r.max);
    }
    return common.min <= common.max ? common : MinMax{};
}

RgbImage composeSheet(const std::vector<SheetPanel>& panels, const SheetOptions& options) {
    if (panels.empty()) throw InputError("panels", "0", "at least one panel");
    PanelLayout layout;
    for (const auto& panel : panels) {
        if (!panel.map || panel.map->empty()) throw InputError("panels", "empty map", "a generated heightmap");
        layout.titleLines = std::max(layout.titleLines, int(panel.title.size()));
        layout.numberLines = std::max(layout.numberLines, int(panel.numbers.size()));
        layout.plots = layout.plots || panel.stats != nullptr;
    }
    const int count = int(panels.size());
    const int columns = std::clamp(options.columns, 1, count);
    const int rows = (count + columns - 1) / columns;
    const int line = lineHeight(options);
    const int headingHeight = options.heading.empty() ? 0 : int(options.heading.size()) * line + 10;
    const int panelHeight = layout.height(options);
    const int width = 2 * kMargin + columns * options.pictureSize + (columns - 1) * kGap;
    const int height = 2 * kMargin + headingHeight + rows * panelHeight + (rows - 1) * kGap;

    RgbImage image(width, height, kBackground);
    for (std::size_t i = 0; i < options.heading.size(); ++i) {
        drawText(image, kMargin, kMargin + int(i) * line, fit(options.heading[i], width - 2 * kMargin, options.textScale),
                 i == 0 ? kTitle : kText, options.textScale);
    }
    for (int i = 0; i < count; ++i) {
        const int left = kMargin + (i % columns) * (options.pictureSize + kGap);
        const int top = kMargin + headingHeight + (i / columns) * (panelHeight + kGap);
        drawPanel(image, left, top, panels[std::size_t(i)], sheetRange(panels, std::size_t(i), options.mapping),
                  layout, options);
    }
    return image;
}

}  // namespace terrain::core
