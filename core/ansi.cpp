#include "ansi.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "errors.h"
#include "io/height_mapping.h"

namespace terrain::core {

namespace {

constexpr int kMaxColumns = 10000;

// 256-colour indices (xterm), low to high. Seed 003 gives each range of heights one colour for a
// "rainbow-like" map: deep blue water, cyan, green, yellow, orange, red peaks.
constexpr int kRainbow[] = {17, 18, 19, 20,  21,  27,  33,  39,  45,  51,  50,  49, 48,
                            47, 46, 82, 118, 154, 190, 226, 220, 214, 208, 202, 196};
// Black, the 24-step grey ramp, white.
constexpr int kGray[] = {16,  232, 233, 234, 235, 236, 237, 238, 239, 240, 241, 242, 243,
                         244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255, 231};

constexpr const char* kUpperHalf = "\u2580";  // fg = upper sample, bg = lower sample
constexpr const char* kLowerHalf = "\u2584";
constexpr const char* kFullBlock = "\u2588";
constexpr const char* kReset = "\x1b[0m";

template <std::size_t N>
int band(const int (&colours)[N], float unit) {
    const auto index = static_cast<std::size_t>(std::clamp(unit, 0.0f, 1.0f) * float(N));
    return colours[std::min(index, N - 1)];
}

int colourOf(float unit, AnsiPalette palette) {
    return palette == AnsiPalette::Rainbow ? band(kRainbow, unit) : band(kGray, unit);
}

// Source samples [begin, end) that output cell `i` of `count` covers: a box when shrinking, the
// nearest sample when stretching, never empty.
struct Span {
    int begin;
    int end;
};
Span spanOf(int i, int count, int size) {
    const auto begin = static_cast<int>(std::int64_t(i) * size / count);
    const auto end = static_cast<int>(std::int64_t(i + 1) * size / count);
    return {begin, std::max(end, begin + 1)};
}

// Area average of the mapped heights (in [0, 1]) on an outWidth x outHeight grid, row-major.
std::vector<float> resample(const Heightmap& map, int outWidth, int outHeight) {
    const ResolvedMapping mapping = resolveMapping(HeightMapping{}, map);
    std::vector<Span> columns(static_cast<std::size_t>(outWidth));
    for (int i = 0; i < outWidth; ++i) columns[std::size_t(i)] = spanOf(i, outWidth, map.width());

    std::vector<float> out(std::size_t(outWidth) * std::size_t(outHeight));
    std::vector<double> sums(static_cast<std::size_t>(outWidth));
    for (int j = 0; j < outHeight; ++j) {
        const Span rows = spanOf(j, outHeight, map.height());
        std::fill(sums.begin(), sums.end(), 0.0);
        for (int y = rows.begin; y < rows.end; ++y) {
            const float* row = map.row(y);
            for (std::size_t i = 0; i < columns.size(); ++i) {
                for (int x = columns[i].begin; x < columns[i].end; ++x)
                    sums[i] += mapping.unit(row[x]);
            }
        }
        for (std::size_t i = 0; i < columns.size(); ++i) {
            const double count =
                double(rows.end - rows.begin) * double(columns[i].end - columns[i].begin);
            out[std::size_t(j) * std::size_t(outWidth) + i] = static_cast<float>(sums[i] / count);
        }
    }
    return out;
}

// Emits colour changes only, which keeps a 200-column map from tripling in size.
class AnsiLine {
public:
    explicit AnsiLine(std::string& out) : m_out(out) {}
    void foreground(int colour) {
        if (colour != m_fg) m_out += "\x1b[38;5;" + std::to_string(colour) + "m";
        m_fg = colour;
    }
    void background(int colour) {
        if (colour != m_bg) {
            m_out +=
                colour < 0 ? std::string("\x1b[49m") : "\x1b[48;5;" + std::to_string(colour) + "m";
        }
        m_bg = colour;
    }
    void cell(const char* glyph) { m_out += glyph; }
    void end() {
        m_out += kReset;
        m_fg = m_bg = kUnset;
    }

private:
    static constexpr int kUnset = -2;
    std::string& m_out;
    int m_fg = kUnset;
    int m_bg = kUnset;
};

// Each character cell shows two samples (upper half block), and a cell is about twice as tall
// as wide, so every sample is square and the map keeps its aspect.
std::string renderGrid(const Heightmap& map, int columns, AnsiPalette palette) {
    const double aspect = double(map.height()) / double(map.width());
    const int sampleRows = std::max(1, static_cast<int>(std::lround(columns * aspect)));
    const std::vector<float> units = resample(map, columns, sampleRows);
    const auto at = [&](int x, int y) {
        return units[std::size_t(y) * std::size_t(columns) + std::size_t(x)];
    };

    std::string out;
    AnsiLine line(out);
    for (int y = 0; y < sampleRows; y += 2) {
        if (y > 0) out += '\n';
        for (int x = 0; x < columns; ++x) {
            line.foreground(colourOf(at(x, y), palette));
            line.background(y + 1 < sampleRows ? colourOf(at(x, y + 1), palette) : -1);
            line.cell(kUpperHalf);
        }
        line.end();
    }
    return out;
}

// Seed 003's 1-D midpoint line is a horizon: draw it as a silhouette against the sky, in half
// cells, coloured by altitude so the palette's bands read as contour layers.
std::string renderHorizon(const Heightmap& map, int columns, AnsiPalette palette) {
    const int rows = std::max(1, columns / 4);
    const int halves = 2 * rows;
    const std::vector<float> units = resample(map, columns, 1);
    std::vector<int> filled(static_cast<std::size_t>(columns));
    for (std::size_t x = 0; x < filled.size(); ++x) {
        // At least one half cell, so the lowest point still shows as ground.
        filled[x] = 1 + static_cast<int>(std::lround(units[x] * float(halves - 1)));
    }

    std::string out;
    AnsiLine line(out);
    for (int r = 0; r < rows; ++r) {
        if (r > 0) out += '\n';
        const int lowerHalf = 2 * (rows - 1 - r) + 1;  // counted from the ground, 1-based
        const float altitude = (float(rows - 1 - r) + 0.5f) / float(rows);
        for (const int f : filled) {
            if (f < lowerHalf) {
                line.cell(" ");
                continue;
            }
            line.foreground(colourOf(altitude, palette));
            line.cell(f > lowerHalf ? kFullBlock : kLowerHalf);
        }
        line.end();
    }
    return out;
}

}  // namespace

AnsiPalette parseAnsiPalette(const std::string& text, const std::string& field) {
    if (text == "rainbow") return AnsiPalette::Rainbow;
    if (text == "gray" || text == "grey") return AnsiPalette::Gray;
    throw InputError(field, text, "rainbow or gray");
}

std::string renderAnsi(const Heightmap& map, int columns, AnsiPalette palette) {
    if (columns < 1 || columns > kMaxColumns) {
        throw InputError("--width", std::to_string(columns),
                         "a number of columns from 1 to " + std::to_string(kMaxColumns));
    }
    if (map.empty()) {
        throw InputError("heightmap",
                         std::to_string(map.width()) + "x" + std::to_string(map.height()),
                         "a map with at least one sample to draw");
    }
    return map.height() == 1 ? renderHorizon(map, columns, palette)
                             : renderGrid(map, columns, palette);
}

}  // namespace terrain::core
