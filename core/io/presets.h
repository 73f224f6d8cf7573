#pragma once
// Engine presets: the format each engine imports, the sizes it accepts, and the numbers the user
// must type on import. Sources for every rule are listed in docs/exporting.md.
#include <string>
#include <vector>

#include "export.h"
#include "world_units.h"

namespace terrain::core {

struct EngineSetting {
    std::string name;   // as the engine's UI labels it
    std::string value;  // what to type or pick
};

struct EnginePreset {
    const char* id;           // "unity", "unreal", ...
    const char* engine;       // "Unity", "Unreal Engine", ...
    ExportFormat format;      // what the preset writes unless --format overrides it
    const char* sizeRule;     // for messages: what is allowed
};

const std::vector<EnginePreset>& enginePresets();
// Throws InputError(field, name, the list of presets).
const EnginePreset& findEnginePreset(const std::string& name, const std::string& field = "--preset");

// Formats the preset can import; throws InputError naming --format otherwise.
void checkPresetFormat(const EnginePreset& preset, ExportFormat format);
// Throws InputError naming `field` and the size, saying what is allowed and (when it helps)
// which --size to ask for.
void checkPresetSize(const EnginePreset& preset, int width, int height,
                     const std::string& field = "--size");

// Warnings for numbers the engine's import fields cannot take as they are (HTerrain's Min/Max
// Height and WorldPainter's scale and mapping levels are whole numbers): each names the field,
// the value, what the user would type and which flag to change. Empty when all is exact.
std::vector<std::string> presetInputWarnings(const EnginePreset& preset, const WorldUnits& world);

// The import settings for one file of width x height samples.
std::vector<EngineSetting> engineSettings(const EnginePreset& preset, ExportFormat format,
                                          int width, int height, const WorldUnits& world);

}  // namespace terrain::core
