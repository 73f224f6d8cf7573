#!/usr/bin/env bash
# The pictures of docs/layout.md, made by terrain-cli from docs/examples/layout_island.geojson on
# the island preset (4096 m, 0..250 m). Run from the repository root after building.
set -euo pipefail
cli=${TERRAIN_CLI:-build/bin/terrain-cli}
out=docs/images/layout
mkdir -p "$out"
common=(--recipe preset:island --detail 10)
"$cli" generate "${common[@]}" --format hillshade --output "$out/island_plain.png"
"$cli" generate "${common[@]}" --layout docs/examples/layout_island.geojson --format hillshade \
  --output "$out/island_layout.png"
"$cli" generate "${common[@]}" --layout docs/examples/layout_island.geojson --format colour \
  --output "$out/island_layout_colour.png"
rm -f "$out"/*.json
