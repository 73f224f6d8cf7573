#pragma once
// river-erosion's drainage network (ops_river.cpp): the priority flood that fills the
// depressions and orders the cells, the receivers and drainage areas, the basins that stay lakes
// and the sediment that settles in the others.
#include "../rng.h"
#include "coarse_to_fine.h"

#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

namespace terrain::core {
struct GenerateContext;
}

namespace terrain::core::river {

// Which of the basins the flood finds stay lakes; the others fill with sediment to their outlet
// (a flat floor the water crosses to the outlet).
enum class LakeAmount { None, Few, Many };

using Grid = LevelMap;

// One step's drainage network, and its scratch: kept from step to step, so a level's steps reuse
// the pages instead of faulting in a few hundred MB afresh at 4097².
struct Network {
    std::vector<std::int32_t> order;     // cells, every cell after its receiver
    std::vector<std::int32_t> receiver;  // -1: an outlet (border or sea)
    std::vector<float> area;             // m² draining through the cell
    std::vector<float> filled;           // the depression-filled surface
    std::vector<std::uint8_t> state;     // kUnseen, kSeen, kRaised (by the flood)
    std::vector<float> cut, spread;      // the step's cut, and spread across the river's width
    // A raised cell's basin (an index into `basins`); also, on the cell a basin's flood tree ends on
    // (its outlet), that basin's index, valid when basins[lake[outlet]].outlet is that cell. Only
    // those cells are written, so nothing of the map's size is cleared per step.
    std::vector<std::int32_t> lake;
    struct Basin {
        std::int32_t outlet = -1;  // the cell the flood tree ends on (not raised)
        std::int32_t cells = 0;
        double volume = 0.0;       // what the flood added (raw units x cells)
        double load = 0.0;         // the sediment that reached it this step
        bool keep = false;         // stays a lake
    };
    std::vector<Basin> basins;
    std::vector<float> load;             // carrySediment: the load reaching each cell
    std::vector<std::int32_t> deltaSeen;  // a delta's search: (cell, its state) pairs to restore
    struct DeltaCell {
        double distance;  // from the mouth, in cells
        double reach;     // the plain's radius this way, as a share of the delta's radius
        std::int32_t cell;
    };
    std::vector<DeltaCell> deltaCone;  // a delta's cells, nearest first
    double eroded = 0.0;                 // raw units x cells the step's cut took away
};
// kFilled: a basin's cell the flood raised, filled with sediment to the flood's surface: it drains
// along the flood's tree like a lake's cell but is dry ground.
// kDeltaSeen: marks a cell a delta's search reached, for the search only (restored after it).
constexpr std::uint8_t kUnseen = 0, kSeen = 1, kRaised = 2, kFilled = 3, kDeltaSeen = 4;

// Where the step's load settles (carrySediment).
struct Sediment {
    double deposition = 0.0;  // G of the erosion-deposition law; 0: rivers keep their load
    double cellArea = 1.0;    // m²
    float channelArea = 0.0f;  // m²: a mouth from this drainage area on builds a delta
    float deltaTop = -std::numeric_limits<float>::infinity();  // a delta's plain (raw); none without a sea
    double foreset = 1.0;     // a delta front's fall per cell of distance (raw units)
    bool settle = false;      // the load settles in the basins not kept as lakes
    float rise = 0.0f;        // the flood's rise per cell (raw): a delta's plain stands this above the water
};

// What the step's cut (net.cut) carried away runs down the receivers; it settles along the way
// (deposition), in the sea (deltas) and in the basins not kept as lakes (river_network.cpp says
// how). Returns what the deposition and the deltas kept (raw units x cells).
double carrySediment(Grid& g, Network& net, const Sediment& s);

// The basins of the step's flood (net.lake, net.basins) and which stay lakes. drain() finds them
// itself unless every basin stays ("many"); carrySediment needs them for the deltas into lakes.
void findBasins(const Grid& g, LakeAmount amount, Network& net);

// The step's drainage network into `net` (river_network.cpp says how).
// The rise's draws are at (x * stride - origin, y * stride - origin) on the world lattice.
void drain(Grid& g, double cellArea, float channelArea, double seaLevelRaw, float epsilon, const PointHash& rise,
           std::uint32_t stride, std::uint32_t origin, LakeAmount lakes, bool fillAll, const GenerateContext& context,
           Network& net);

}  // namespace terrain::core::river
