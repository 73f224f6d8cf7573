// libFuzzer target: the recipe reader (terrain-cli --recipe, compare's recipes). Any exception
// but core::InputError, any crash or sanitizer report is a finding.
#include <core/errors.h>
#include <core/recipe.h>
#include <core/registry.h>

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const terrain::core::Registry registry = terrain::core::makeBuiltinRegistry();
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const auto recipe = terrain::core::recipeFromText(registry, text, "fuzz.json");
        terrain::core::validateRecipe(registry, recipe);
        (void)terrain::core::recipeToText(registry, recipe);  // what --save-recipe writes
    } catch (const terrain::core::InputError& e) {
        (void)e.what();
    }
    return 0;
}
