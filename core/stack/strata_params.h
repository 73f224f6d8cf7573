#pragma once
// The strata's parameters (strata_bands.h), which thermal-erosion and river-erosion share: the
// bands' thickness and hard share, and how the bands tilt, wander, fold and are faulted, declared
// beside the shape they set.
#include "operation.h"
#include "strata_bands.h"

namespace terrain::core {

// Adds the bands' parameters to `table` (strata, hard_share, strata_variety), `strataHelp` saying
// what the operation does with them; P holds strata_m, hardShare and variety.
template <class P>
void addStrataBandParams(ParamTable<P>& table, const char* strataHelp) {
    table
        .add({"strata", "Strata", "m", ParamKind::Real, 0.0, 100000.0, 1.0, 0.0, strataHelp, {}, ParamScale::Vertical},
             [](P& p, double v) { p.strata_m = v; })
        .add({"hard_share", "Hard share", "", ParamKind::Real, 0.0, 1.0, 0.05, 0.5,
              "Share of each band of strata that is hard rock (the cliffs' height)", {}},
             [](P& p, double v) { p.hardShare = v; })
        .add({"strata_variety", "Strata variety", "", ParamKind::Real, 0.0, 1.0, 0.05, 0.0,
              "How much the hard share differs from band to band (0: every band alike; 1: from none to all of a "
              "band where the share is a half): cliffs of many heights over benches of many widths", {}},
             [](P& p, double v) { p.variety = v; });
}

// Adds the shape's parameters to `table`, in the order the editor and docs/operations.md list
// them; P holds the StrataShape as `shape`.
template <class P>
void addStrataShapeParams(ParamTable<P>& table) {
    table
        .add({"strata_dip", "Strata dip", "deg", ParamKind::Real, 0.0, 80.0, 0.5, 0.0,
              "How steeply the strata tilt (0: level bands): their cliffs then run across the slopes, facing away "
              "from the dip (cuestas, hogbacks)", {}, ParamScale::Slope},
             [](P& p, double v) { p.shape.dip_deg = v; })
        .add({"strata_dip_direction", "Dip direction", "deg", ParamKind::Real, 0.0, 360.0, 1.0, 90.0,
              "The compass bearing the strata fall towards (0 north, 90 east, 180 south, 270 west)", {}},
             [](P& p, double v) { p.shape.dipDirection_deg = v; })
        .add({"strata_noise", "Strata noise", "m", ParamKind::Real, 0.0, 100000.0, 1.0, 0.0,
              "How far in metres the strata's boundaries wander up and down (0: each band at one height, or one "
              "plane with a dip)", {}, ParamScale::Vertical},
             [](P& p, double v) { p.shape.noise_m = v; })
        .add({"strata_noise_scale", "Strata noise scale", "m", ParamKind::Real, 1.0, 1000000.0, 1.0, 500.0,
              "The size in metres of the strata noise's features", {}, ParamScale::Horizontal},
             [](P& p, double v) { p.shape.noiseScale_m = v; })
        .add({"strata_fold", "Strata fold", "m", ParamKind::Real, 0.0, 100000.0, 1.0, 0.0,
              "How far in metres the strata rise and fall in folds (0: none): anticlines and synclines whose "
              "cliffs wind along the slopes; an anticline's crest runs along the fold axis through the map's centre",
              {}, ParamScale::Vertical},
             [](P& p, double v) { p.shape.fold_m = v; })
        .add({"strata_fold_wavelength", "Fold wavelength", "m", ParamKind::Real, 1.0, 1000000.0, 1.0, 2000.0,
              "The distance in metres from one anticline's crest to the next, across the fold axis", {},
              ParamScale::Horizontal},
             [](P& p, double v) { p.shape.foldWavelength_m = v; })
        .add({"strata_fold_axis", "Fold axis", "deg", ParamKind::Real, 0.0, 180.0, 1.0, 0.0,
              "The compass bearing the folds run along (0: north-south, 90: east-west)", {}},
             [](P& p, double v) { p.shape.foldAxis_deg = v; })
        .add({"strata_fault_throw", "Fault throw", "m", ParamKind::Real, -100000.0, 100000.0, 1.0, 0.0,
              "How far in metres the strata drop across a fault (0: no fault; below 0 they rise): the bands and "
              "their cliffs step across the fault line",
              {}, ParamScale::Vertical},
             [](P& p, double v) { p.shape.faultThrow_m = v; })
        .add({"strata_fault_strike", "Fault strike", "deg", ParamKind::Real, 0.0, 180.0, 1.0, 0.0,
              "The compass bearing the fault line runs along (0: north-south, its east side dropped; 90: "
              "east-west, its south side dropped)", {}},
             [](P& p, double v) { p.shape.faultStrike_deg = v; })
        .add({"strata_fault_offset", "Fault offset", "m", ParamKind::Real, -1000000.0, 1000000.0, 1.0, 0.0,
              "How far in metres the fault line passes from the map's centre, towards its dropped side", {},
              ParamScale::Horizontal},
             [](P& p, double v) { p.shape.faultOffset_m = v; })
        .add({"strata_fault_spacing", "Fault spacing", "m", ParamKind::Real, 0.0, 1000000.0, 1.0, 0.0,
              "The distance in metres between parallel faults of the same throw (0: one fault): step faults, "
              "each dropping the strata further", {}, ParamScale::Horizontal},
             [](P& p, double v) { p.shape.faultSpacing_m = v; })
        .add({"strata_fault_length", "Fault length", "m", ParamKind::Real, 0.0, 1000000.0, 1.0, 0.0,
              "How long each fault is (0: it crosses the whole map): its throw dies out towards its tips from "
              "whole at its middle, level with the map's centre, and the ground it moves a half length either side",
              {}, ParamScale::Horizontal},
             [](P& p, double v) { p.shape.faultLength_m = v; });
}

}  // namespace terrain::core
