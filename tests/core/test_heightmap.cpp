#include <algorithm>

#include <core/errors.h>
#include <core/heightmap.h>

#include <gtest/gtest.h>

namespace terrain {
namespace {

TEST(Heightmap, RowMajorWithRowZeroNorth) {
    core::Heightmap map(3, 2);
    map.at(2, 1) = 5.0f;
    EXPECT_EQ(map.row(1)[2], 5.0f);
    EXPECT_EQ(map.samples()[5], 5.0f);
    EXPECT_EQ(map.sampleCount(), 6u);
}

// Large grids' buffers are kept for the next grid of their size (heightmap.cpp): what the last
// one held must never show through, and grids alive at once never share a buffer.
TEST(Heightmap, AGridOfAFreedGridsSizeStartsFromZeros) {
    constexpr int kSide = 1025;  // 4 MiB: a huge-page grid
    {
        core::Heightmap old(kSide, kSide);
        std::fill_n(old.row(0), old.sampleCount(), 7.5f);
    }
    core::Heightmap fresh(kSide, kSide);
    core::Heightmap other(kSide, kSide);
    EXPECT_NE(fresh.row(0), other.row(0));
    for (const core::Heightmap* map : {&fresh, &other}) {
        std::size_t nonZero = 0;
        for (std::size_t i = 0; i < map->sampleCount(); ++i) nonZero += map->samples()[i] != 0.0f;
        EXPECT_EQ(nonZero, 0u);
    }
    core::Heightmap copy = fresh;
    copy.at(3, 3) = 1.0f;
    EXPECT_EQ(fresh.at(3, 3), 0.0f);
    EXPECT_NE(copy.row(0), fresh.row(0));
}

TEST(Heightmap, CopiesAreDeepAndCompareByBits) {
    core::Heightmap a(4, 4);
    a.at(1, 1) = 1.0f;
    core::Heightmap b = a;
    EXPECT_EQ(a, b);
    b.at(1, 1) = 2.0f;
    EXPECT_NE(a, b);
    EXPECT_EQ(a.at(1, 1), 1.0f);
}

TEST(Heightmap, RefusesGridsThatDoNotFitInMemoryBeforeAllocating) {
    try {
        core::Heightmap huge(2'000'000'000, 2'000'000'000);
        FAIL() << "expected SizeError";
    } catch (const core::SizeError& e) {
        EXPECT_EQ(e.bytesNeeded(), 16'000'000'000'000'000'000ull);
        EXPECT_NE(std::string(e.what()).find("16000000000000000000 bytes"), std::string::npos) << e.what();
    }
    EXPECT_THROW(core::Heightmap(0, 5), core::InputError);
}

TEST(Heightmap, MinMax) {
    core::Heightmap map(2, 2);
    map.at(0, 0) = -3.0f;
    map.at(1, 1) = 7.0f;
    const auto mm = core::minMax(map);
    EXPECT_EQ(mm.min, -3.0f);
    EXPECT_EQ(mm.max, 7.0f);
}

}  // namespace
}  // namespace terrain
