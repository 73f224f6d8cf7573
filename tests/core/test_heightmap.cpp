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
