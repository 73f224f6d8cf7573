// Golden SHA-256 of seeded outputs (the raw little-endian float bytes). A golden changes only on
// purpose, with the reason in the commit message.
#include <core/cancel.h>
#include <core/recipe.h>
#include <core/registry.h>
#include <core/sha256.h>

#include <gtest/gtest.h>

namespace terrain {
namespace {

struct Golden {
    const char* algorithm;
    int detail;
    const char* set;  // one extra KEY=VALUE, or ""
    const char* sha256;
};

std::string hashOf(const Golden& g, int threads) {
    const auto registry = core::makeBuiltinRegistry();
    auto recipe = core::defaultRecipe(registry, g.algorithm);
    recipe.detail = g.detail;
    recipe.seed = 2026;
    if (*g.set) {
        const std::string set = g.set;
        const auto eq = set.find('=');
        core::setParamFromText(registry, recipe, set.substr(0, eq), set.substr(eq + 1), "set");
    }
    core::GenerateContext context;
    context.threads = threads;
    const auto map = core::generate(registry, recipe, context);
    return core::sha256Hex(map.samples().data(), map.sampleCount() * sizeof(float));
}

class Goldens : public ::testing::TestWithParam<Golden> {};

TEST_P(Goldens, SeededOutputIsUnchanged) {
    const auto& g = GetParam();
    EXPECT_EQ(hashOf(g, 1), g.sha256);
    EXPECT_EQ(hashOf(g, 2), g.sha256);
}

INSTANTIATE_TEST_SUITE_P(
    All, Goldens,
    ::testing::Values(
        Golden{"diamond-square", 5, "", "e6f5abc3bf670dd9bce46228cc790ab27fb36e41e4f146ed461e344f84e1e419"},
        Golden{"diamond-square", 10, "", "0ab30055daa0b618cc8814f725687ac10cedf8523ea299364239d533886617f2"},
        Golden{"diamond-square", 7, "edge=wrap", "e77ea84f5542532f196c9df41f8bcef419c6962398b398746b7f9403d847d6f2"},
        Golden{"diamond-square", 7, "edge=reflect", "2b85804a5d7e448afd55587dc84413e8eb9b82889d6bcf5780be80bf38e425d6"},
        Golden{"midpoint-displacement", 5, "", "582a5490d19e40c75bdcf43549f8c62a697a9fa32b3a5b3664d2a5720927b8ef"},
        Golden{"midpoint-displacement", 10, "", "60b49016a53358380e6f68ebee507772c1ac09c769d206586be9e0ad900dc089"},
        Golden{"midpoint-line", 5, "", "44ffbc226df7e27a173c052742b37e967a35d868fbef6f65e0191e1a7e3e3ed6"},
        Golden{"midpoint-line", 16, "", "4fa76dcb52c27a9ee0c6f3857f1d62efc0c2b9cd2d7761a269fb380b01d67b19"}));

}  // namespace
}  // namespace terrain
