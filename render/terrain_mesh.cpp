#include "terrain_mesh.h"

#include "row_blocks.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace terrain::render {

GridMesh makeGridMesh(GridSize size) {
    GridMesh mesh;
    mesh.size = {std::max(2, size.columns), std::max(2, size.rows)};
    const auto columns = std::size_t(mesh.size.columns);
    const auto rows = std::size_t(mesh.size.rows);
    mesh.uv.reserve(columns * rows * 2);
    for (std::size_t r = 0; r < rows; ++r) {
        for (std::size_t c = 0; c < columns; ++c) {
            mesh.uv.push_back(float(c) / float(columns - 1));
            mesh.uv.push_back(float(r) / float(rows - 1));
        }
    }
    mesh.indices.reserve((columns - 1) * (rows - 1) * 6);
    for (std::size_t r = 0; r + 1 < rows; ++r) {
        for (std::size_t c = 0; c + 1 < columns; ++c) {
            const auto nw = std::uint32_t(r * columns + c);
            const auto ne = nw + 1;
            const auto sw = std::uint32_t(nw + columns);
            const auto se = sw + 1;
            // Seen from +y with z growing south, nw -> sw -> ne turns counter-clockwise.
            mesh.indices.insert(mesh.indices.end(), {nw, sw, ne, ne, sw, se});
        }
    }
    return mesh;
}

SkirtMesh makeSkirtMesh(GridSize size) {
    const int columns = std::max(2, size.columns);
    const int rows = std::max(2, size.rows);
    auto u = [columns](int i) { return float(i) / float(columns - 1); };
    auto v = [rows](int j) { return float(j) / float(rows - 1); };
    std::vector<std::pair<float, float>> border;
    border.reserve(std::size_t(2 * (columns + rows)));
    for (int i = 0; i < columns - 1; ++i) border.emplace_back(u(i), 0.0f);      // north
    for (int j = 0; j < rows - 1; ++j) border.emplace_back(1.0f, v(j));         // east
    for (int i = columns - 1; i > 0; --i) border.emplace_back(u(i), 1.0f);      // south
    for (int j = rows - 1; j > 0; --j) border.emplace_back(0.0f, v(j));         // west

    SkirtMesh mesh;
    mesh.vertices.reserve(border.size() * 6);
    for (const auto& [bu, bv] : border) {
        mesh.vertices.insert(mesh.vertices.end(), {bu, bv, 0.0f, bu, bv, 1.0f});
    }
    const auto count = std::uint32_t(border.size());
    mesh.indices.reserve(border.size() * 6);
    for (std::uint32_t k = 0; k < count; ++k) {
        const std::uint32_t top = 2 * k;
        const std::uint32_t nextTop = 2 * ((k + 1) % count);
        mesh.indices.insert(mesh.indices.end(),
                            {top, top + 1, nextTop, nextTop, top + 1, nextTop + 1});
    }
    return mesh;
}

GridSize meshResolution(int mapWidth, int mapHeight, int cap) {
    cap = std::max(2, cap);
    const int width = std::max(2, mapWidth);
    if (mapHeight <= 1) {
        const int columns = std::min(width, cap);
        return {columns, std::max(2, int(std::lround(float(columns) * kProfileDepth)))};
    }
    const int height = std::max(2, mapHeight);
    const int longer = std::max(width, height);
    if (longer <= cap) return {width, height};
    const double scale = double(cap - 1) / double(longer - 1);
    auto fit = [scale](int side) {
        return std::max(2, int(std::lround(double(side - 1) * scale)) + 1);
    };
    return {fit(width), fit(height)};
}

namespace {

int reductionStep(int side, int maxSize) {
    int step = 1;
    while ((side - 1) / step + 1 > maxSize) ++step;
    return step;
}

// Texel row `ty` of a map reduced by `step`: each texel the mean of the odd box (side
// 2 * (step / 2) + 1, clipped at the edges) centred on its sample.
void reduceRow(const core::Heightmap& map, const core::ResolvedMapping& mapping, int step, int ty,
               HeightTexture& texture) {
    const int half = step / 2;
    const int y0 = std::max(0, ty * step - half);
    const int y1 = std::min(map.height(), ty * step + half + 1);
    float* dst = texture.texels.data() + std::size_t(ty) * std::size_t(texture.width);
    for (int tx = 0; tx < texture.width; ++tx) {
        const int x0 = std::max(0, tx * step - half);
        const int x1 = std::min(map.width(), tx * step + half + 1);
        double sum = 0.0;
        for (int y = y0; y < y1; ++y)
            for (int x = x0; x < x1; ++x) sum += double(map.at(x, y));
        dst[tx] = mapping.unit(float(sum / double((y1 - y0) * (x1 - x0))));
    }
}

}  // namespace

HeightTexture prepareHeightTexture(const core::Heightmap& map, const core::ResolvedMapping& mapping,
                                   int maxSize) {
    HeightTexture texture;
    if (map.empty()) return texture;
    maxSize = std::max(2, maxSize);
    const int step = std::max(reductionStep(map.width(), maxSize),
                              reductionStep(map.height(), maxSize));
    texture.width = (map.width() - 1) / step + 1;
    texture.height = (map.height() - 1) / step + 1;
    texture.texels.resize(std::size_t(texture.width) * std::size_t(texture.height));

    if (step == 1) {
        // The mapping's documented formula, t = clamp((v - lo) * scale, 0, 1), inline: at 4097^2
        // the call per sample to unit() (which divides in double for exact 16-bit codes) costs
        // more than the rest of an upload. A float texture does not need the extra bits.
        const float lo = mapping.lo;
        const float scale = mapping.scale;
        forEachRowBlock(map.height(), [&](int begin, int end) {
            for (int y = begin; y < end; ++y) {
                const float* src = map.row(y);
                float* dst = texture.texels.data() + std::size_t(y) * std::size_t(texture.width);
                for (int x = 0; x < map.width(); ++x) {
                    const float t = (src[x] - lo) * scale;
                    dst[x] = t > 0.0f ? std::min(t, 1.0f) : 0.0f;  // NaN -> 0, as unit()
                }
            }
        });
        return texture;
    }
    forEachRowBlock(texture.height, [&](int begin, int end) {
        for (int ty = begin; ty < end; ++ty) reduceRow(map, mapping, step, ty, texture);
    });
    return texture;
}

}  // namespace terrain::render
