#!/usr/bin/env bash
# terrain-cli analyze end to end: the relief measures on a real DEM (the USGS Jacksboro DEM that
# Debian's python-matplotlib-data ships) land where real relief does and separate it from noise;
# an export with its sidecar measures as the recipe that made it; bad input is refused naming the
# flag. Needs TERRAIN_CLI (set by ctest).
source "$(dirname "$0")/cli_test_lib.sh"

here=$(dirname "$0")
spacing=$($py "$here/real_dem.py" jacksboro "$dir/jacksboro.tif") || fail "real_dem.py jacksboro"
"$cli" analyze "$dir/jacksboro.tif" --metres-per-pixel "$spacing" --json "$dir/real.json" >"$dir/real.txt" 2>>"$dir/log" \
  || fail "analyze the real DEM"
check "the report names every measure" grep -q "drainage density" "$dir/real.txt"
check "real relief: few closed depressions, a slope-area law, no grid preference" $py - "$dir/real.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert (j["width"], j["height"]) == (403, 344), j
assert 0.01 < j["depression_share"] <= 0.06, j["depression_share"]
sa = j["slope_area"]
assert 0.38 <= sa["concavity"] <= 0.55 and sa["correlation"] < -0.9, sa  # 0.33 with its flat reaches left out
assert 0.95 <= j["grid_preference"] <= 1.1, j["grid_preference"]
assert 0.0 < j["curvature_skew"] < 0.5, j["curvature_skew"]
assert 0.3 < j["hypsometric_integral"] < 0.4, j["hypsometric_integral"]
PY

"$cli" analyze "$dir/jacksboro.tif" --metres-per-pixel "$spacing" --slope-statistic mean --json "$dir/mean.json" \
  >"$dir/mean.txt" 2>>"$dir/log" || fail "analyze jacksboro with means"
check "the bins' means are a slope-area law of their own, named in the report" \
  $py - "$dir/mean.json" "$dir/real.json" "$dir/mean.txt" <<'PY'
import json, sys
mean, median = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert (mean["slope_statistic"], median["slope_statistic"]) == ("mean", "median")
assert mean["slope_area"]["concavity"] != median["slope_area"]["concavity"]
assert 0.38 <= mean["slope_area"]["concavity"] <= 0.55 and mean["slope_area"]["correlation"] < -0.8, mean
assert "bins' means" in open(sys.argv[3]).read()
PY

# A DEM's samples without data (NaN, as the corners outside a survey's quadrangle) are left out
# like the sea.
$py - "$dir/jacksboro.tif" "$dir/holed.tif" <<'PY' || fail "write holed.tif"
import sys
import numpy as np
from PIL import Image
z = np.asarray(Image.open(sys.argv[1]), dtype=np.float32).copy()
z[:40, :60] = np.nan
Image.fromarray(z, mode="F").save(sys.argv[2])
PY
"$cli" analyze "$dir/holed.tif" --metres-per-pixel "$spacing" --json "$dir/holed.json" >/dev/null 2>>"$dir/log" \
  || fail "analyze holed.tif"
check "samples without data are left out" $py - "$dir/holed.json" <<'PY'
import json, math, sys
j = json.load(open(sys.argv[1]))
assert j["land_cells"] == 403 * 344 - 40 * 60, j["land_cells"]
assert all(math.isfinite(j[k]) for k in ("depression_share", "curvature_skew", "hypsometric_integral")), j
assert 0.38 <= j["slope_area"]["concavity"] <= 0.6, j["slope_area"]
PY

# Noise at the same spacing and relief: pits everywhere, no slope-area law.
"$cli" analyze --algorithm fbm --detail 8 --metres-per-pixel 90 --height-range 0:2000 --seed 11 \
  --set feature_size_m=10000 --json "$dir/noise.json" >/dev/null 2>>"$dir/log" || fail "analyze fbm"
check "noise measures as noise" $py - "$dir/noise.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["depression_share"] > 0.10, j["depression_share"]
assert j["slope_area"]["concavity"] < 0.2, j["slope_area"]
PY

# An export with its sidecar needs no flags and measures as the recipe.
flags=(--algorithm fbm --detail 7 --world-size 3000 --height-range=-20:600 --seed 3 --op river-erosion)
"$cli" generate "${flags[@]}" --output "$dir/t.tif" 2>>"$dir/log" || fail "generate t.tif"
"$cli" generate "${flags[@]}" --output "$dir/t.png" 2>>"$dir/log" || fail "generate t.png"
"$cli" analyze "$dir/t.tif" --json "$dir/file.json" >/dev/null 2>>"$dir/log" || fail "analyze t.tif"
"$cli" analyze "$dir/t.png" --json "$dir/png.json" >/dev/null 2>>"$dir/log" || fail "analyze t.png"
"$cli" analyze "${flags[@]}" --json - >"$dir/recipe.json" 2>>"$dir/log" || fail "analyze the recipe"
check "a float TIFF with its sidecar measures as its recipe; a png16 nearly" $py - "$dir/file.json" "$dir/recipe.json" "$dir/png.json" <<'PY'
import json, sys
f, r, p = (json.load(open(a)) for a in sys.argv[1:])
assert f["spacing_m"] == r["spacing_m"] == [3000 / 128] * 2, (f["spacing_m"], r["spacing_m"])
for key in ("depression_share", "hypsometric_integral", "drainage_density_per_km", "curvature_skew"):
    assert abs(f[key] - r[key]) < 1e-3, (key, f[key], r[key])
    assert abs(p[key] - r[key]) < 0.05 * max(1.0, abs(r[key])), (key, p[key], r[key])
assert r["sea_level_m"] == f["sea_level_m"] == 0.0
PY

# Bad input.
mkfifo "$dir/fifo.tif"
expect 64 "FILE" analyze "$dir/missing.tif" --metres-per-pixel 30
timeout 10 "$cli" analyze "$dir/fifo.tif" --metres-per-pixel 30 2>/dev/null
code=$?
if [ "$code" -eq 64 ]; then pass; else fail "a FIFO: exit $code (124: it blocked), expected 64"; fi
cp "$dir/jacksboro.tif" "$dir/bare.tif"
expect 64 "--metres-per-pixel" analyze "$dir/bare.tif"
expect 64 "--metres-per-pixel: '0'" analyze "$dir/bare.tif" --metres-per-pixel 0
expect 64 "--metres-per-pixel: '30,x'" analyze "$dir/bare.tif" --metres-per-pixel 30,x
expect 64 "not both" analyze "$dir/bare.tif" --metres-per-pixel 30 --recipe preset:island
expect 64 "--channel-area: '-1'" analyze --algorithm fbm --detail 5 --channel-area=-1
expect 64 "--curvature-scale: 'wide'" analyze --algorithm fbm --detail 5 --curvature-scale wide
expect 64 "--slope-statistic: 'mode'" analyze --algorithm fbm --detail 5 --slope-statistic mode
$py -c 'from PIL import Image; Image.new("I;16", (8, 8)).save("'"$dir/bare.png"'")'
expect 64 "--height-range" analyze "$dir/bare.png" --metres-per-pixel 30
expect 64 "FILE" analyze "$dir/real.txt" --metres-per-pixel 30
# A crafted sidecar is a hint, never a crash: odd types are refused or ignored, not an internal error.
cp "$dir/t.tif" "$dir/odd.tif"
$py -c 'import json, sys; json.dump({"samples": 5, "recipe": {"world": [1]}, "metres_per_pixel": "x"}, open(sys.argv[1], "w"))' "$dir/odd.tif.json"
expect 64 "FILE" analyze "$dir/odd.tif"
$py -c 'import json, sys; json.dump({"recipe": "x", "height_range_metres": ["a"], "metres_per_pixel": 20}, open(sys.argv[1], "w"))' "$dir/odd.tif.json"
check "a sidecar of odd shapes gives its spacing and nothing else" "$cli" analyze "$dir/odd.tif" --json "$dir/odd.json"
expect 73 "cannot" analyze --algorithm fbm --detail 5 --json "$bad/missing/x.json"

finish
