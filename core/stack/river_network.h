#pragma once
// river-erosion's drainage network (ops_river.cpp): the priority flood that fills the
// depressions and orders the cells, the receivers and drainage areas, the basins that stay lakes
// and the sediment that settles in the others.
#include "../rng.h"
#include "coarse_to_fine.h"

#include <cstdint>
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
    std::vector<float> load;             // depositSediment: the load reaching each cell
    double eroded = 0.0;                 // raw units x cells the step's cut took away
};
// kFilled: a basin's cell the flood raised, filled with sediment to the flood's surface: it drains
// along the flood's tree like a lake's cell but is dry ground.
constexpr std::uint8_t kUnseen = 0, kSeen = 1, kRaised = 2, kFilled = 3;

// What the step's cut (net.cut) carried away settles in the basins not kept as lakes
// (river_network.cpp says how).
void depositSediment(Grid& g, Network& net);

// The step's drainage network into `net` (river_network.cpp says how).
void drain(Grid& g, double cellArea, float channelArea, double seaLevelRaw, float epsilon, const PointHash& rise,
           std::uint32_t stride, LakeAmount lakes, bool fillAll, const GenerateContext& context, Network& net);

}  // namespace terrain::core::river
