#pragma once
// river-erosion's meanders (river_meanders.cpp): the main rivers' courses traced on the coarsest
// level's network, smoothed and swung into meanders where their valley floor is wide enough, and
// cut into every finer level as a channel.
#include "../rng.h"
#include "river_network.h"

#include <cstdint>
#include <vector>

namespace terrain::core::river {

struct MeanderSettings {
    double amount = 0.0;        // 0: none; 1: loops up to 3 channel widths to either side
    double mainArea_m2 = 0.0;   // a river is a main river from this drainage area on
    double width_m = 1.0;       // the narrowest channel (river_width; a main river's grows with its area)
    double spacing_m = 1.0;     // the coarsest level's spacing
    double seaRaw = -1e30;      // cells at or below are sea (raw)
    double metresPerRaw = 1.0;  // HeightScale::scale
    bool everyBasinIsALake = false;  // lakes=many: the network's basins were not sorted into kept and filled
};

// One main river's channel: its course (metres from the level's first sample) and, at each point,
// the channel's width and where it lies along its valley's axis (the bed's height is taken there).
struct MeanderPath {
    std::vector<double> x, y;          // the channel's course
    std::vector<double> axisX, axisY;  // the valley axis point each course point belongs to
    std::vector<float> width;          // metres
    std::vector<float> swing;          // how far loops swing out here (metres; 0: no meanders, not cut)
};

// The main rivers of the coarsest level's network `net` on `coarse` (side n, settings.spacing_m
// apart). Each stem's draws are hashed by `hash` at its head cell's world-lattice position
// (x * stride - origin, y * stride - origin), so a river meanders alike at every detail.
std::vector<MeanderPath> traceMeanders(const Grid& coarse, const Network& net, const MeanderSettings& settings,
                                       const PointHash& hash, std::uint32_t stride, std::uint32_t origin);

// The channels cut into `g` (spacing_m apart, the same origin as the coarsest level) where they
// are at least a sample wide (a narrower channel is not drawn: at 30 to 90 m per sample only the
// great rivers'): each cell within reach of a course is lowered to the bed (the valley floor's
// lowest height along the axis so far, less the channel's depth) plus a parabolic bank; never
// raised. Serial and order-free (each cell takes the lowest of what the courses ask).
void carveMeanders(Grid& g, double spacing_m, const std::vector<MeanderPath>& paths, double metresPerRaw);

}  // namespace terrain::core::river
