// libFuzzer target: terrain-cli's --splat rules (core::parseSplatLayer, checkSplatLayers), one
// rule a line, then the weights of the rules that parsed on a small map: they must stay in
// [0, 1] and sum to 1 at every sample whatever the rules (the exported files' sums rest on it).
#include "core/errors.h"
#include "core/io/splat.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace core = terrain::core;
    if (size > 2048) return 0;
    std::vector<core::SplatLayer> layers;
    std::string line;
    const auto take = [&] {
        try {
            layers.push_back(core::parseSplatLayer(line));
        } catch (const core::InputError&) {
        }
        line.clear();
    };
    for (std::size_t i = 0; i < size; ++i) {
        if (data[i] == '\n') {
            take();
        } else {
            line += static_cast<char>(data[i]);
        }
    }
    if (!line.empty()) take();
    try {
        core::checkSplatLayers(layers, {"flow", "deposition"});
    } catch (const core::InputError&) {
        return 0;
    }
    if (layers.empty()) return 0;
    core::Heightmap heights(9, 9);
    auto flow = std::make_shared<core::Heightmap>(9, 9);
    auto deposition = std::make_shared<core::Heightmap>(9, 9);
    for (int y = 0; y < 9; ++y)
        for (int x = 0; x < 9; ++x) {
            heights.at(x, y) = float((x * 37 + y * 11) % 9) * 0.25f;
            flow->at(x, y) = float(x) / 8.0f;
            deposition->at(x, y) = float(y) / 8.0f;
        }
    const core::MaskSet masks{{"flow", flow}, {"deposition", deposition}};
    core::HeightScale scale;
    scale.scale = 100.0;
    const auto weights = core::splatWeights(layers, heights, scale, 10.0, masks);
    for (int y = 0; y < 9; ++y)
        for (int x = 0; x < 9; ++x) {
            double sum = 0.0;
            for (const auto& w : weights) {
                const float v = w.at(x, y);
                if (!(v >= -1e-6f && v <= 1.0f + 1e-6f)) std::abort();
                sum += v;
            }
            if (std::fabs(sum - 1.0) > 1e-5) std::abort();
        }
    return 0;
}
