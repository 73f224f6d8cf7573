// libFuzzer target: the layout reader (terrain-cli --layout, a recipe's layout entry) and the
// evaluation of what it accepts on a small map. Any exception but core::InputError, any crash or
// sanitizer report is a finding.
#include <core/cancel.h>
#include <core/errors.h>
#include <core/heightmap.h>
#include <core/layout/layout_eval.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

namespace layout = terrain::core::layout;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const layout::Layout items = layout::layoutFromText(text);
        (void)layout::layoutToGeoJson(items).dump();
        // A 33² map 100 m apart: a sloping plane.
        terrain::core::Heightmap in(33, 33), out(33, 33);
        for (int y = 0; y < 33; ++y)
            for (int x = 0; x < 33; ++x) in.row(y)[x] = float(x + y);
        layout::ProfileSource source;
        source.step_m = 25.0;
        source.ceiling_m = 200.0;
        source.heightAt = [](double x, double y) { return std::clamp(x / 100.0 - y / 100.0, 0.0, 64.0); };
        const layout::ResolvedLayout resolved = layout::resolveLayout(items, source);
        std::vector<terrain::core::Heightmap> masks(resolved.maskNames.size(), terrain::core::Heightmap(33, 33));
        std::vector<terrain::core::Heightmap*> pointers;
        for (auto& m : masks) pointers.push_back(&m);
        terrain::core::GenerateContext context;
        context.threads = 1;
        layout::applyLayout(resolved, in, out, 0, 0, 100.0, {1.0, 0.0}, pointers, context);
        (void)layout::centreLinesToGeoJson(resolved).dump();
    } catch (const terrain::core::InputError& e) {
        (void)e.what();
    }
    return 0;
}
