// river-erosion's drainage network: river_network.h.
#include "river_network.h"

#include "../cancel.h"
#include "../parallel.h"
#include "flood_queue.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

namespace terrain::core::river {
namespace {

// "few": the basins holding the most water, largest first, while together they cover at most
// kFewLakesShare of the map; a basin smaller than kFewLakesSmallest of the map is a pond the noise
// left, never a lake worth keeping.
constexpr double kFewLakesShare = 0.02;
constexpr double kFewLakesSmallest = 0.001;
// The 8 neighbours: the 4 along the axes first, then the diagonals.
constexpr int kDx[8] = {1, -1, 0, 0, 1, 1, -1, -1}, kDy[8] = {0, 0, 1, -1, 1, -1, 1, -1};

}  // namespace

// The basins the flood found, and which stay lakes: "few" keeps the basins holding the most water,
// the largest first, while together they cover at most kFewLakesShare of the map (none smaller
// than kFewLakesSmallest of it); "many" all; "none" none. Serial, in a fixed order (volume, then
// the outlet's index): the same choice on any thread count. Fills net.lake and net.basins.
void findBasins(const Grid& g, LakeAmount amount, Network& net) {
    const std::size_t cells = g.h.size();
    net.lake.resize(cells);
    net.basins.clear();
    for (const std::int32_t i : net.order) {  // a cell after the cell its flood came from
        const auto c = std::size_t(i);
        if (net.state[c] != kRaised) continue;
        const auto r = std::size_t(net.receiver[c]);
        std::int32_t basin = net.lake[r];
        if (net.state[r] != kRaised &&
            !(basin >= 0 && std::size_t(basin) < net.basins.size() && net.basins[std::size_t(basin)].outlet == std::int32_t(r))) {
            basin = std::int32_t(net.basins.size());  // r is a new basin's outlet
            net.basins.push_back({std::int32_t(r)});
            net.lake[r] = basin;
        }
        net.lake[c] = basin;
        auto& b = net.basins[std::size_t(basin)];
        ++b.cells;
        b.volume += double(net.filled[c]) - double(g.h[c]);
    }
    if (amount == LakeAmount::Many) {
        for (auto& b : net.basins) b.keep = true;
        return;
    }
    if (amount != LakeAmount::Few) return;
    std::vector<std::int32_t> byVolume(net.basins.size());
    for (std::size_t k = 0; k < byVolume.size(); ++k) byVolume[k] = std::int32_t(k);
    std::sort(byVolume.begin(), byVolume.end(), [&](std::int32_t a, std::int32_t b) {
        const auto& ba = net.basins[std::size_t(a)];
        const auto& bb = net.basins[std::size_t(b)];
        return ba.volume != bb.volume ? ba.volume > bb.volume : ba.outlet < bb.outlet;
    });
    const auto budget = double(cells) * kFewLakesShare, smallest = double(cells) * kFewLakesSmallest;
    double kept = 0.0;
    for (const std::int32_t k : byVolume) {
        auto& b = net.basins[std::size_t(k)];
        if (b.cells < smallest || kept + b.cells > budget) continue;
        kept += b.cells;
        b.keep = true;
    }
}

namespace {

bool keptLake(const Network& net, std::size_t c) { return net.basins[std::size_t(net.lake[c])].keep; }

// At the end, a basin not kept fills with sediment to its outlet's level: a flat floor, as real
// basins' are (the water crosses it along the flood's tree; no tiny rise is left in the ground, so
// the floor is as level as a lake's surface). Never lowers a cell.
void fillBasins(Grid& g, Network& net) {
    for (std::size_t c = 0; c < g.h.size(); ++c)
        if (net.state[c] == kRaised && !keptLake(net, c)) {
            const auto outlet = std::size_t(net.basins[std::size_t(net.lake[c])].outlet);
            g.h[c] = std::max(g.h[c], net.filled[outlet]);
            net.state[c] = kFilled;
        }
}

}  // namespace

namespace {

// A delta's plain reaches furthest in the direction the river flows in and least back up its
// valley: at angle a from that direction its radius is R (1 + kDeltaForward cos a), a lobe pushed
// out into the water rather than a disc around the mouth.
constexpr double kDeltaForward = 0.6;
constexpr double kDeltaReachMin = 1.0 - kDeltaForward, kDeltaReachMax = 1.0 + kDeltaForward;

// A delta: the load that reaches the water at `mouth` settles around the mouth: a flat top at
// `top` (raw; just above the water: the delta's plain, which the river crosses to the new shore)
// out to the plain's edge, R (1 + kDeltaForward cos a) from the mouth (a: the angle from the
// river's direction into the mouth, from its largest inflow), then a foreset falling `foreset` per
// cell of distance to the floor, R chosen so the delta holds the load (bisection: the volume grows
// with R). The search takes the cells at or under the top only (the sea and its deltas; in a
// lake, `lake` >= 0, that lake's cells only, never past its outlet), by their distance from the
// mouth (ties by index); once the cells' room holds the load it leaves out, and does not go on
// through, the cells no delta holding the load can reach. Returns what settled (raw units x cells).
double buildDelta(Grid& g, std::size_t mouth, double load, double top, std::int32_t lake, const Sediment& s,
                  Network& net) {
    const int n = g.side;
    using Entry = std::pair<std::int64_t, std::int32_t>;  // (squared distance, cell)
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    std::vector<std::int32_t>& seen = net.deltaSeen;
    seen.clear();
    const int mx = int(mouth % std::size_t(n)), my = int(mouth / std::size_t(n));
    // The river's direction into the mouth: from its inflow of the largest area (the first of
    // equal ones); none (a mouth no cell drains to): no direction, a round plain.
    double ux = 0.0, uy = 0.0;
    {
        float inflow = 0.0f;
        for (int k = 0; k < 8; ++k) {
            const int x = mx - kDx[k], y = my - kDy[k];
            if (x < 0 || y < 0 || x >= n || y >= n) continue;
            const std::size_t j = std::size_t(y) * std::size_t(n) + std::size_t(x);
            if (net.receiver[j] != std::int32_t(mouth) || !(net.area[j] > inflow)) continue;
            inflow = net.area[j];
            const double length = std::sqrt(double(kDx[k] * kDx[k] + kDy[k] * kDy[k]));
            ux = double(kDx[k]) / length;
            uy = double(kDy[k]) / length;
        }
    }
    // A cell's distance from the mouth and its reach (the plain's edge this way over R).
    const auto place = [&](std::size_t c) {
        const double dx = double(int(c % std::size_t(n)) - mx), dy = double(int(c / std::size_t(n)) - my);
        const double d = std::sqrt(dx * dx + dy * dy);
        return Network::DeltaCell{d, d > 0.0 ? 1.0 + kDeltaForward * (dx * ux + dy * uy) / d : 1.0, std::int32_t(c)};
    };
    const auto visit = [&](std::size_t c) {
        if (net.state[c] == kDeltaSeen || double(g.h[c]) > top) return;
        if (lake >= 0 && (net.state[c] != kRaised || net.lake[c] != lake)) return;
        seen.push_back(std::int32_t(c));
        seen.push_back(std::int32_t(net.state[c]));
        net.state[c] = kDeltaSeen;
        const std::int64_t dx = int(c % std::size_t(n)) - mx, dy = int(c / std::size_t(n)) - my;
        open.push({dx * dx + dy * dy, std::int32_t(c)});
    };
    visit(mouth);
    std::vector<Network::DeltaCell>& cone = net.deltaCone;
    cone.clear();
    // Once the cells within distance d hold the load, the plain of R = d / kDeltaReachMin covers
    // that disc, so the delta's R is at most that: `largest` (-1 until then).
    double room = 0.0, largest = -1.0, deepest = top;
    while (!open.empty()) {
        const auto [d2, cell] = open.top();
        const double d = std::sqrt(double(d2));
        if (largest >= 0.0 && d > largest * kDeltaReachMax + (top - deepest) / s.foreset) break;
        open.pop();
        const auto c = std::size_t(cell);
        const Network::DeltaCell e = place(c);
        // A cell beyond the foreset of the largest plain gets nothing, and the search does not go
        // on through it.
        if (largest >= 0.0 && e.distance > largest * e.reach + (top - double(g.h[c])) / s.foreset) continue;
        cone.push_back(e);
        deepest = std::min(deepest, double(g.h[c]));
        room += top - double(g.h[c]);
        if (largest < 0.0 && room >= load) largest = d / kDeltaReachMin;
        const int x = int(c % std::size_t(n)), y = int(c / std::size_t(n));
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const int nx = x + dx, ny = y + dy;
                if ((dx != 0 || dy != 0) && nx >= 0 && ny >= 0 && nx < n && ny < n)
                    visit(std::size_t(ny) * std::size_t(n) + std::size_t(nx));
            }
    }
    for (std::size_t k = 0; k < seen.size(); k += 2) net.state[std::size_t(seen[k])] = std::uint8_t(seen[k + 1]);
    const auto fill = [&](double radius, const Network::DeltaCell& e) {
        return std::max(0.0, std::min(top, top - s.foreset * (e.distance - radius * e.reach)) -
                                 double(g.h[std::size_t(e.cell)]));
    };
    const auto volume = [&](double radius) {
        double v = 0.0;
        for (const auto& e : cone) v += fill(radius, e);
        return v;
    };
    // The sea holds less than the load: it all fills to the top, the rest leaves the map.
    double radius = cone.empty() ? 0.0 : cone.back().distance / kDeltaReachMin;
    if (largest >= 0.0) {
        // From a radius whose plain and foreset reach no cell (R kDeltaReachMin + (top - deepest) /
        // foreset <= 0) to the largest.
        double lo = -(top - deepest) / (s.foreset * kDeltaReachMin), hi = largest;
        for (int k = 0; k < 26; ++k) {  // R to within 1e-7 of the range
            const double mid = 0.5 * (lo + hi);
            (volume(mid) < load ? lo : hi) = mid;
        }
        radius = hi;
    }
    double settled = 0.0;
    for (const auto& e : cone) {
        const auto c = std::size_t(e.cell);
        const double put = fill(radius, e);
        g.h[c] = float(double(g.h[c]) + put);
        settled += put;
    }
    return settled;
}

}  // namespace

// What the step's cut carried away runs downstream along the receivers as the rivers' load.
// With `deposition` G > 0 each cell keeps G x (the load arriving from upstream) / (its drainage
// area in cells) (the erosion-deposition law of Yuan et al. 2019, "A new efficient method to
// solve the stream power law model taking into account sediment deposition", JGR Earth Surface
// 124): where a river leaves the mountains its slope, and so its cut, falls while its load stays,
// so it builds alluvial fans and flood plains; the deposit joins the step's cut (net.cut), so it
// spreads across the river's width with it. What reaches the sea builds a delta (buildDelta).
// With `settle`, the load settles in the first basin it reaches that is not kept as a lake (what
// reaches the map's edge or a kept lake leaves the map): a flat sediment floor rising from the
// basin's lowest ground, never above the flood's surface. So the basins the noise left fill as
// the rivers bring material, while their outlets cut down and drain them; real basins have flat
// sediment floors. Serial, in a fixed order: the same bytes anywhere. Returns what the deposition
// and the deltas kept (raw units x cells).
double carrySediment(Grid& g, Network& net, const Sediment& s) {
    const std::size_t cells = g.h.size();
    std::vector<float>& load = net.load;
    load.assign(cells, 0.0f);
    bool any = false;
    double kept = 0.0;
    const bool depositing = s.deposition > 0.0;
    for (auto it = net.order.rbegin(); it != net.order.rend(); ++it) {
        const auto c = std::size_t(*it);
        const std::int32_t r = net.receiver[c];
        const float own = -std::min(net.cut[c], 0.0f);  // this cell's own cut
        float arriving = load[c];
        if (depositing && arriving > 0.0f && net.state[c] != kRaised) {
            if (r < 0) {
                // A river's mouth keeps min(G, 1) of its load as a delta; the rest, and what the
                // hillslopes wash into the sea, leaves the map (the waves and currents carry it
                // off) instead of silting up the whole shore.
                if (g.h[c] <= s.deltaTop && net.area[c] >= s.channelArea)
                    kept += buildDelta(g, c, std::min(s.deposition, 1.0) * double(arriving), double(s.deltaTop), -1, s, net);
                continue;
            }
            const float dep =
                std::min(arriving, float(s.deposition * double(arriving) * s.cellArea / double(net.area[c])));
            g.h[c] += dep;
            net.cut[c] += dep;
            arriving -= dep;
            kept += double(dep);
        }
        const float carried = arriving + own;
        if (r < 0 || !(carried > 0.0f)) continue;
        if (net.state[c] == kRaised) {
            auto& b = net.basins[std::size_t(net.lake[c])];
            // A river entering a lake that stays keeps min(G, 1) of its load as a delta into the
            // lake, its plain one flood rise above the water where the river enters (the flood's
            // surface tilts by its rise per cell towards the outlet); the rest crosses the lake and
            // leaves, as before.
            if (b.keep && depositing && arriving > 0.0f && net.area[c] >= s.channelArea) {
                const double surface = double(net.filled[c]) + double(s.rise);
                kept += buildDelta(g, c, std::min(s.deposition, 1.0) * double(arriving), surface, net.lake[c], s, net);
                continue;
            }
            if (!s.settle) continue;
            if (!b.keep) {
                b.load += double(carried);
                any = true;
            }
            continue;
        }
        load[std::size_t(r)] += carried;
    }
    if (!any) return kept;
    // Each basin's cells by ground height; the floor rises to the level L where the space below L
    // holds what arrived: sum over cells of max(0, min(L, surface) - ground) = load.
    std::vector<std::int32_t> members;
    for (std::size_t c = 0; c < cells; ++c)
        if (net.state[c] == kRaised && net.basins[std::size_t(net.lake[c])].load > 0.0) members.push_back(std::int32_t(c));
    std::sort(members.begin(), members.end(), [&](std::int32_t a, std::int32_t b) {
        const std::int32_t la = net.lake[std::size_t(a)], lb = net.lake[std::size_t(b)];
        if (la != lb) return la < lb;
        const float ha = g.h[std::size_t(a)], hb = g.h[std::size_t(b)];
        return ha != hb ? ha < hb : a < b;
    });
    for (std::size_t begin = 0; begin < members.size();) {
        const std::int32_t basin = net.lake[std::size_t(members[begin])];
        std::size_t end = begin;
        float top = -std::numeric_limits<float>::infinity();
        while (end < members.size() && net.lake[std::size_t(members[end])] == basin) {
            top = std::max(top, net.filled[std::size_t(members[end])]);
            ++end;
        }
        const double volume = net.basins[std::size_t(basin)].load;
        double sum = 0.0, level = top;
        for (std::size_t k = begin; k < end; ++k) {
            sum += double(g.h[std::size_t(members[k])]);
            const double l = (volume + sum) / double(k - begin + 1);
            const double next = k + 1 < end ? double(g.h[std::size_t(members[k + 1])]) : double(top);
            if (l <= next) {
                level = std::min(l, double(top));
                break;
            }
        }
        for (std::size_t k = begin; k < end; ++k) {
            const auto c = std::size_t(members[k]);
            g.h[c] = std::max(g.h[c], std::min(float(level), net.filled[c]));
        }
        begin = end;
    }
    return kept;
}

// Priority flood with a rise of `epsilon` metres per cell (so filled flats drain), D8 receivers
// on the filled surface, and the drainage area, into `net`.
//
// A cell the flood raised (a lake, or a flat) drains to the cell whose flood reached it: the
// flood grows out from the lake's outlet, so these receivers form a tree converging on the
// outlet. D8 on the raised surface instead sent the water of a lake along parallel straight lines
// (the rise grows in square rings around the outlet) that met only on the rings' diagonals.
// Each raised cell rises by epsilon times a factor in [0.5, 1.5) hashed from its place in the
// world (`stride` world-lattice steps per cell, rng.h), so the tree branches irregularly like a
// drainage network rather than in rays from the outlet; the draw is fixed by the seed and the
// cell, so the result is too.
void drain(Grid& g, double cellArea, float channelArea, double seaLevelRaw, float epsilon, const PointHash& rise,
           std::uint32_t stride, std::uint32_t origin, LakeAmount lakes, bool fillAll, const GenerateContext& context,
           Network& net) {
    const int n = g.side;
    const std::size_t cells = std::size_t(n) * std::size_t(n);
    net.order.clear();
    net.order.reserve(cells);
    net.receiver.assign(cells, -1);
    std::vector<float>& filled = net.filled;
    filled.assign(g.h.begin(), g.h.end());
    std::vector<std::uint8_t>& state = net.state;
    state.assign(cells, kUnseen);
    // (height, index): ties popped by index, so the order never depends on anything else. A radix
    // heap popping exactly as a binary heap: the flood 1.6x faster at 4097² (flood_queue.h).
    FloodQueue open;
    const auto outlet = [&](int x, int y, std::size_t i) {
        return x == 0 || y == 0 || x == n - 1 || y == n - 1 || double(g.h[i]) <= seaLevelRaw;
    };
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
            const auto i = std::int32_t(std::size_t(y) * std::size_t(n) + std::size_t(x));
            if (outlet(x, y, std::size_t(i))) {
                state[std::size_t(i)] = kSeen;
                open.push(FloodQueue::key(filled[std::size_t(i)], std::uint32_t(i)));
            }
        }
    while (!open.empty()) {
        const auto i = std::int32_t(FloodQueue::index(open.pop()));
        const float z = filled[std::size_t(i)];
        net.order.push_back(i);
        const int x = i % n, y = i / n;
        for (int k = 0; k < 8; ++k) {
            const int nx = x + kDx[k], ny = y + kDy[k];
            if (nx < 0 || ny < 0 || nx >= n || ny >= n) continue;
            const auto j = std::size_t(ny) * std::size_t(n) + std::size_t(nx);
            if (state[j] != kUnseen) continue;
            state[j] = kSeen;
            const float factor =
                0.5f + toUnit(rise(std::uint32_t(nx) * stride - origin, std::uint32_t(ny) * stride - origin));
            const float level = z + epsilon * factor;
            if (level > filled[j]) {
                filled[j] = level;
                state[j] = kRaised;
                net.receiver[j] = i;  // the flood's tree: towards the outlet
            }
            open.push(FloodQueue::key(filled[j], std::uint32_t(j)));
        }
    }
    if (lakes != LakeAmount::Many) {
        findBasins(g, lakes, net);
        if (fillAll) fillBasins(g, net);
    }
    // Elsewhere the steepest strictly lower neighbour on the filled surface, with the diagonal
    // neighbours' distance drawn per cell in (1, 2] (Fairfield and Leymarie's Rho8, 1991): plain D8
    // (distance sqrt 2) sends water down an even slope along one of 8 directions for as long as
    // the slope lasts, so channels ran in straight lines; with the random distance the directions
    // average out to the slope's own and channels wander as real ones do. Each cell on its own:
    // rows in parallel.
    parallelRows(n, threadsForWork(double(cells), context.threads), context, [&](int begin, int end) {
        for (int y = begin; y < end; ++y)
            for (int x = 0; x < n; ++x) {
                const std::size_t i = std::size_t(y) * std::size_t(n) + std::size_t(x);
                if (state[i] == kRaised || state[i] == kFilled || outlet(x, y, i)) continue;
                const std::uint64_t draw = rise(std::uint32_t(x) * stride - origin, std::uint32_t(y) * stride - origin);
                const float diagonal = 2.0f - toUnit(draw << 24);  // bits 16..39: not the rise's
                float best = 0.0f;
                for (int k = 0; k < 8; ++k) {
                    const std::size_t j = std::size_t(y + kDy[k]) * std::size_t(n) + std::size_t(x + kDx[k]);
                    const float drop = (filled[i] - filled[j]) / (k < 4 ? 1.0f : diagonal);
                    if (drop > best) {
                        best = drop;
                        net.receiver[i] = std::int32_t(j);
                    }
                }
            }
    });
    // Areas, upstream to downstream: the reverse of the flood's order, in which heights on the
    // filled surface never fall (a cell is pushed higher than the cell that reached it), so every
    // lower neighbour of a cell comes after it. A channel (area from `channelArea` up) and a lake's
    // cell pass all their water to their receiver; a hillslope cell spreads it over its lower
    // neighbours by slope times contour length (Quinn et al. 1991: 1/2 cell across for the
    // orthogonal neighbours, 0.354 for the diagonal ones, so the weights 2 drop and 1 drop). With
    // all water on one path (D8, Rho8) every cell of a hillslope was a channel: an even slope was
    // cut into parallel gullies one grid cell apart, in the grid's directions; spread, the water of
    // a slope stays a sheet until the ground gathers it. Serial, in a fixed order: the same bytes
    // on any thread count.
    net.area.assign(cells, float(cellArea));
    for (auto it = net.order.rbegin(); it != net.order.rend(); ++it) {
        const auto i = std::size_t(*it);
        const std::int32_t r = net.receiver[i];
        if (r < 0) continue;
        const float a = net.area[i];
        if (a >= channelArea || state[i] == kRaised || state[i] == kFilled) {  // a floor: along the flood's tree
            net.area[std::size_t(r)] += a;
            continue;
        }
        // Not an outlet, so not on the border: all 8 neighbours exist. Branch-free: a neighbour
        // not lower gets weight 0 and has 0 added to it (its area was final already).
        const std::size_t row = std::size_t(n);
        const float here = filled[i];
        const auto w = [&](std::size_t j, float factor) { return std::max(here - filled[j], 0.0f) * factor; };
        const std::size_t to[8] = {i + 1, i - 1, i + row, i - row, i + row + 1, i - row + 1, i + row - 1, i - row - 1};
        const float weights[8] = {w(to[0], 2.0f), w(to[1], 2.0f), w(to[2], 2.0f), w(to[3], 2.0f),
                                  w(to[4], 1.0f), w(to[5], 1.0f), w(to[6], 1.0f), w(to[7], 1.0f)};
        float total = 0.0f;
        for (float v : weights) total += v;
        const float share = a / total;
        for (int k = 0; k < 8; ++k) net.area[to[k]] += weights[k] * share;
    }
}

}  // namespace terrain::core::river
