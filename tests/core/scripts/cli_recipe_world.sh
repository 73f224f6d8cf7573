#!/usr/bin/env bash
# The world in the recipe from the command line: --world-size, --metres-per-pixel, --height-range
# and --sea-level are saved by --save-recipe; the recipe reproduces the bytes with no flag repeated
# and the same terrain at every detail; world init takes its world; a preset (or any recipe with a
# world) keeps its shape in another world; an older recipe keeps its 1 m per sample; bad values
# are refused naming the flag. Needs TERRAIN_CLI (set by ctest).
source "$(dirname "$0")/cli_test_lib.sh"

gen() { "$cli" generate "$@" 2>>"$dir/log"; }

# Saved with its world, the recipe alone gives the same bytes (float metres, sidecar too).
mkdir -p "$dir/a" "$dir/b"
gen --algorithm fbm --detail 7 --seed 4 --world-size 1024 --height-range=-50:450 --sea-level 10 \
  --op terrace:edge_noise=6 --save-recipe "$dir/r.json" --output "$dir/a/t.tif" || fail "with flags"
gen --recipe "$dir/r.json" --output "$dir/b/t.tif" || fail "from the recipe"
check "the recipe reproduces the heightmap with no flag" cmp -s "$dir/a/t.tif" "$dir/b/t.tif"
check "and its sidecar" cmp -s "$dir/a/t.tif.json" "$dir/b/t.tif.json"
check "the recipe holds the world" $py - "$dir/r.json" <<'PY'
import json, sys
w = json.load(open(sys.argv[1]))["world"]
assert w == {"extent_m": 1024.0, "height_range_m": [-50.0, 450.0], "sea_level_m": 10.0, "reference_detail": 10}, w
PY
# Detail is resolution: detail 9 sampled every 4th sample is detail 7.
gen --recipe "$dir/r.json" --detail 9 --output "$dir/fine.tif" || fail "detail 9"
check "the recipe at detail 9, every 4th sample, is detail 7" $py - "$dir/a/t.tif" "$dir/fine.tif" <<'PY'
import sys
from osgeo import gdal
a = gdal.Open(sys.argv[1]).ReadAsArray(); b = gdal.Open(sys.argv[2]).ReadAsArray()
assert a.shape == (129, 129) and b.shape == (513, 513), (a.shape, b.shape)
assert (b[::4, ::4] == a).all()
assert abs(gdal.Open(sys.argv[2]).GetGeoTransform()[1] - 2.0) < 1e-12  # 1024 m / 512
PY
# world init takes the recipe's world: its mosaic is the recipe at the world's detail.
world_matches "world init --recipe: the tiles are the recipe's heights" "$dir/r.json" 9 129 "$dir/fine.tif"

# A preset keeps its shape in another world: normalised heights agree.
gen --recipe preset:island --detail 8 --output "$dir/own.tif" || fail "preset:island"
gen --recipe preset:island --detail 8 --world-size 30000 --height-range 0:2000 --save-recipe "$dir/big.json" \
  --output "$dir/big.tif" || fail "preset:island in 30 km, 0..2000 m"
check "preset:island at 30 km keeps its shape, its metres scaled" $py - "$dir/own.tif" "$dir/big.tif" "$dir/big.json" <<'PY'
import json, sys
from osgeo import gdal
a = gdal.Open(sys.argv[1]).ReadAsArray().astype(float); b = gdal.Open(sys.argv[2]).ReadAsArray().astype(float)
assert abs(a / 250.0 - b / 2000.0).max() < 1e-4, abs(a / 250.0 - b / 2000.0).max()
r = json.load(open(sys.argv[3]))
assert r["world"]["extent_m"] == 30000.0
island = [e for e in r["stack"] if e["type"] == "island"][0]
assert abs(island["params"]["falloff_end"] - 1600.0 * 30000 / 4096) < 1e-9, island
PY
# --set after the world flags is meant in the new world.
gen --recipe preset:rolling-hills --detail 6 --world-size 8192 --set roughness=0.3 --save-recipe "$dir/h.json" \
  --output "$dir/h.png" || fail "--set with --world-size"
check "the smooth radius follows the world" $py -c '
import json, sys
r = json.load(open(sys.argv[1])); s = [e for e in r["stack"] if e["type"] == "smooth"][0]
assert s["params"]["radius"] == 96.0, s' "$dir/h.json"

# An older recipe keeps its meaning: 1 m per sample at the detail asked for.
printf '{"format":"terrain-recipe","version":3,"detail":6,"seed":2,"stack":[{"id":"base","type":"fbm"}]}' >"$dir/v3.json"
"$cli" generate --recipe "$dir/v3.json" --detail 8 --output "$dir/v3.tif" 2>"$dir/v3.err" || fail "format 3"
check "format 3 says once that it holds no world" [ "$(grep -c 'holds no world' "$dir/v3.err")" = 1 ]
check "format 3 at detail 8: 1 m per sample" $py -c '
import sys
from osgeo import gdal
assert gdal.Open(sys.argv[1]).GetGeoTransform()[1] == 1.0' "$dir/v3.tif"

o=(--output "$bad/out.png" --save-recipe "$bad/r.json")
expect 64 "--sea-level: 'shore' is not allowed" generate --sea-level shore "${o[@]}"
expect 64 "--sea-level: '1e9' is not allowed" generate --sea-level 1e9 "${o[@]}"
expect 64 "either --metres-per-pixel or --world-size" generate --world-size 100 --metres-per-pixel 2 "${o[@]}"
expect 64 "island-1.falloff_start (80 m in the recipe's world, 781250 in this one) stays within [0, 100000]" generate --recipe preset:island --world-size 4e7 "${o[@]}"
expect 64 "--world-size: '0' is not allowed" generate --recipe preset:island --world-size 0 "${o[@]}"
expect 64 "--height-range: '5:1' is not allowed" generate --recipe preset:island --height-range 5:1 "${o[@]}"
printf '{"format":"terrain-recipe","version":4,"world":{"extent_m":-1},"stack":[{"id":"base","type":"fbm"}]}' >"$dir/bw.json"
expect 65 "world.extent_m: '-1' is not allowed" generate --recipe "$dir/bw.json" "${o[@]}"
printf '{"format":"terrain-recipe","version":4,"world":{"reference_detail":30},"stack":[{"id":"base","type":"fbm"}]}' >"$dir/bw.json"
expect 65 "world.reference_detail: '30' is not allowed" generate --recipe "$dir/bw.json" "${o[@]}"

finish
