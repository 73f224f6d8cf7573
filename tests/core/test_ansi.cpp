// Seed 003's terminal renderer: width in visible characters, aspect, palettes, the horizon.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/ansi.h"
#include "core/errors.h"

namespace terrain::core {
namespace {

const std::string kReset = "\x1b[0m";

std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
        lines.push_back(text.substr(start, end - start));
    }
    lines.push_back(text.substr(start));
    return lines;
}

// What the terminal shows: escape sequences removed, one entry per UTF-8 character.
std::vector<std::string> visibleCells(const std::string& line) {
    std::vector<std::string> cells;
    for (std::size_t i = 0; i < line.size();) {
        if (line[i] == '\x1b') {
            EXPECT_EQ(line[i + 1], '[');
            i = line.find('m', i) + 1;  // every sequence we emit is a CSI ... m (SGR)
            continue;
        }
        std::size_t length = 1;
        const auto lead = static_cast<unsigned char>(line[i]);
        if (lead >= 0xf0)
            length = 4;
        else if (lead >= 0xe0)
            length = 3;
        else if (lead >= 0xc0)
            length = 2;
        cells.push_back(line.substr(i, length));
        i += length;
    }
    return cells;
}

Heightmap ramp(int width, int height) {
    Heightmap map(width, height);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) map.at(x, y) = float(x + y);
    }
    return map;
}

bool endsWith(const std::string& text, const std::string& end) {
    return text.size() >= end.size() &&
           text.compare(text.size() - end.size(), end.size(), end) == 0;
}

TEST(Ansi, EveryLineIsExactlyColumnsWideAndEndsWithAReset) {
    for (const int columns : {1, 7, 40, 80}) {
        for (const auto& [w, h] : {std::pair{65, 65}, std::pair{3, 3}, std::pair{129, 33}}) {
            const std::string out = renderAnsi(ramp(w, h), columns, AnsiPalette::Rainbow);
            EXPECT_TRUE(endsWith(out, kReset));
            for (const std::string& line : splitLines(out)) {
                EXPECT_EQ(visibleCells(line).size(), std::size_t(columns)) << w << "x" << h;
                EXPECT_TRUE(endsWith(line, kReset));
            }
        }
    }
}

TEST(Ansi, RowsKeepTheAspectWithTwoSamplesPerCharacter) {
    // A cell is twice as tall as wide and holds two samples, so a square map at 40 columns is
    // 40 samples high = 20 lines.
    EXPECT_EQ(splitLines(renderAnsi(ramp(65, 65), 40, AnsiPalette::Gray)).size(), 20u);
    EXPECT_EQ(splitLines(renderAnsi(ramp(129, 65), 40, AnsiPalette::Gray)).size(), 10u);
    // 21 sample rows: the last line has only an upper sample and the default background.
    const auto lines = splitLines(renderAnsi(ramp(40, 21), 40, AnsiPalette::Gray));
    ASSERT_EQ(lines.size(), 11u);
    EXPECT_NE(lines.back().find("\x1b[49m"), std::string::npos);
    for (const auto& cell : visibleCells(lines.front())) EXPECT_EQ(cell, "\u2580");
}

TEST(Ansi, GrayGoesFromBlackForLowToWhiteForHigh) {
    Heightmap map(2, 2);
    map.at(1, 0) = map.at(1, 1) = 1.0f;  // west low, east high
    const std::string out = renderAnsi(map, 2, AnsiPalette::Gray);
    EXPECT_EQ(out, "\x1b[38;5;16m\x1b[48;5;16m\u2580\x1b[38;5;231m\x1b[48;5;231m\u2580" + kReset);
}

TEST(Ansi, RainbowBandsRunFromBlueToRed) {
    Heightmap map(3, 2);
    map.at(1, 0) = map.at(1, 1) = 0.5f;
    map.at(2, 0) = map.at(2, 1) = 1.0f;
    const std::string out = renderAnsi(map, 3, AnsiPalette::Rainbow);
    const auto low = out.find("38;5;17m");    // deep blue
    const auto high = out.find("38;5;196m");  // red
    ASSERT_NE(low, std::string::npos) << out;
    ASSERT_NE(high, std::string::npos) << out;
    EXPECT_LT(low, high);
    EXPECT_EQ(out.find("38;5;232"), std::string::npos);  // no grey ramp in the rainbow
}

TEST(Ansi, DownscalingAveragesOrPicksSamplesButKeepsLargeFeatures) {
    // West half low, east half high, 64 samples wide drawn in 8 columns.
    Heightmap map(64, 64);
    for (int y = 0; y < 64; ++y) {
        for (int x = 32; x < 64; ++x) map.at(x, y) = 1.0f;
    }
    const auto cells = splitLines(renderAnsi(map, 8, AnsiPalette::Gray));
    ASSERT_EQ(cells.size(), 4u);
    for (const auto& line : cells) {
        EXPECT_EQ(line.find("\x1b[38;5;16m\x1b[48;5;16m"), 0u);
        EXPECT_NE(line.find("\x1b[38;5;231m\x1b[48;5;231m"), std::string::npos);
    }
}

TEST(Ansi, OneRowMapIsAHorizonSilhouetteAQuarterOfTheWidthTall) {
    Heightmap line(33, 1);  // the midpoint line: 2^5 + 1 samples
    for (int x = 0; x < 33; ++x) line.at(x, 0) = float(x);
    const int columns = 40;
    const auto lines = splitLines(renderAnsi(line, columns, AnsiPalette::Rainbow));
    ASSERT_EQ(lines.size(), std::size_t(columns / 4));

    std::vector<int> heights(columns, 0);  // filled cells per column, counted from the ground
    for (const std::string& text : lines) {
        const auto cells = visibleCells(text);
        ASSERT_EQ(cells.size(), std::size_t(columns));
        for (int x = 0; x < columns; ++x) heights[std::size_t(x)] += cells[std::size_t(x)] != " ";
    }
    EXPECT_EQ(heights.front(), 1);           // the lowest point is still ground
    EXPECT_EQ(heights.back(), columns / 4);  // the highest reaches the top
    EXPECT_TRUE(std::is_sorted(heights.begin(), heights.end()));  // a rising line rises
    EXPECT_EQ(visibleCells(lines.back()).front(), "\u2584");      // half a cell at the lowest point
    EXPECT_EQ(visibleCells(lines.front()).front(), " ");          // sky above it
    EXPECT_TRUE(endsWith(lines.back(), kReset));
}

TEST(Ansi, NarrowHorizonIsStillAtLeastOneRow) {
    Heightmap line(5, 1);
    EXPECT_EQ(splitLines(renderAnsi(line, 3, AnsiPalette::Gray)).size(), 1u);
}

TEST(Ansi, PaletteNamesParseAndUnknownOnesNameTheField) {
    EXPECT_EQ(parseAnsiPalette("rainbow"), AnsiPalette::Rainbow);
    EXPECT_EQ(parseAnsiPalette("gray"), AnsiPalette::Gray);
    EXPECT_EQ(parseAnsiPalette("grey"), AnsiPalette::Gray);
    try {
        parseAnsiPalette("viridis");
        ADD_FAILURE() << "accepted viridis";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "--palette");
        EXPECT_EQ(e.value(), "viridis");
        EXPECT_NE(std::string(e.what()).find("rainbow"), std::string::npos) << e.what();
    }
}

TEST(Ansi, BadWidthOrEmptyMapIsRefused) {
    EXPECT_THROW(renderAnsi(ramp(9, 9), 0, AnsiPalette::Gray), InputError);
    EXPECT_THROW(renderAnsi(ramp(9, 9), -3, AnsiPalette::Gray), InputError);
    EXPECT_THROW(renderAnsi(Heightmap(), 80, AnsiPalette::Gray), InputError);
}

}  // namespace
}  // namespace terrain::core
