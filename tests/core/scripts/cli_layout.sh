#!/usr/bin/env bash
# terrain-cli and layouts end to end: --layout FILE.geojson adds a layout entry; the recipe it saves
# reproduces the bytes; a world of tiles equals the whole map; GDAL reads and round-trips our
# GeoJSON; `layout export` writes centre lines with z that lie on the exported terrain; `layout
# bake` stores profiles; bad GeoJSON is refused naming the feature and key. Needs TERRAIN_CLI.
source "$(dirname "$0")/cli_test_lib.sh"

# A 4096 m island (preset), sea at the border: a road over the hills, a river from the middle to
# the sea, a town pad and a crater north of the road.
cat >"$dir/layout.geojson" <<'JSON'
{"type": "FeatureCollection", "features": [
 {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[700, -3300], [1500, -2500], [2300, -2300], [3300, -1100]]},
  "properties": {"kind": "road", "id": "road", "width_m": 14, "max_grade_pct": 8, "falloff_m": 30}},
 {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[2000, -1900], [2600, -2700], [3300, -3300], [4000, -4000]]},
  "properties": {"kind": "river", "id": "river", "width_m": [16, 24, 40, 60], "depth_m": 4, "bank_slope_deg": 25, "falloff_m": 6}},
 {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[1100, -1500], [1600, -1500], [1600, -1900], [1100, -1900], [1100, -1500]]]},
  "properties": {"kind": "area", "id": "town", "target": "average", "falloff_m": 60}},
 {"type": "Feature", "geometry": {"type": "Point", "coordinates": [2200, -1000]},
  "properties": {"kind": "stamp", "id": "crater", "shape": "crater", "size_m": 600, "height_m": 70, "op": "add"}}
]}
JSON
flags=(--recipe preset:island --detail 9 --layout "$dir/layout.geojson")
"$cli" generate "${flags[@]}" --output "$dir/map.tif" --save-recipe "$dir/recipe.json" 2>>"$dir/log" \
  || fail "generate with --layout"
"$cli" generate --recipe "$dir/recipe.json" --output "$dir/again.tif" 2>>"$dir/log" || fail "generate the saved recipe"
check "the saved recipe holds the layout and makes the same bytes" \
  bash -c "grep -q '\"layout\"' '$dir/recipe.json' && cmp -s '$dir/map.tif' '$dir/again.tif'"
"$cli" generate --recipe preset:island --detail 9 --output "$dir/plain.tif" 2>>"$dir/log" || fail "generate plain"
check "the layout changes the map where its items are, and only there" $py - "$dir/map.tif" "$dir/plain.tif" <<'PY'
import sys, numpy as np
from osgeo import gdal
a = gdal.Open(sys.argv[1]).ReadAsArray(); b = gdal.Open(sys.argv[2]).ReadAsArray()
d = a != b
assert d.sum() > 5000, d.sum()
assert not d[:40, :40].any() and not d[:40, -40:].any(), "the NW and NE corners are far from every item"
# The town pad: flat (its average) across its inside.
pad = a[int(1520 / 8):int(1880 / 8), int(1120 / 8):int(1580 / 8)]
assert pad.max() - pad.min() < 1e-3, (pad.min(), pad.max())
PY
world_matches "a world of 4x4 tiles with the layout equals the whole map" "$dir/recipe.json" 9 129 "$dir/map.tif"

# GDAL reads our input format and round-trips it (what QGIS does when it saves a layer).
check "ogrinfo reads the layout" bash -c "ogrinfo -ro -al -so '$dir/layout.geojson' | grep -q 'Feature Count: 4'"
ogr2ogr -f GeoJSON "$dir/ogr.geojson" "$dir/layout.geojson" 2>>"$dir/log" || fail "ogr2ogr"
"$cli" generate --recipe preset:island --detail 9 --layout "$dir/ogr.geojson" --output "$dir/ogr.tif" 2>>"$dir/log" \
  || fail "generate from the ogr2ogr copy"
check "the ogr2ogr copy makes the same map" cmp -s "$dir/map.tif" "$dir/ogr.tif"

# Centre lines with z: GDAL reads them as 3-D lines; the road's z is the exported terrain's height
# there (at the reference detail, 10: the profile's own detail) and keeps its grade.
"$cli" generate --recipe "$dir/recipe.json" --detail 10 --output "$dir/map10.tif" 2>>"$dir/log" || fail "generate detail 10"
"$cli" layout export --recipe "$dir/recipe.json" --out "$dir/lines.geojson" 2>>"$dir/log" || fail "layout export"
check "ogrinfo reads two 3-D centre lines" \
  bash -c "ogrinfo -ro -al -so '$dir/lines.geojson' | grep -q '3D Line String' && ogrinfo -ro -al -so '$dir/lines.geojson' | grep -q 'Feature Count: 2'"
check "the road's centre line lies on the terrain and climbs at most 8 %" $py - "$dir/lines.geojson" "$dir/map10.tif" <<'PY'
import json, sys, math, numpy as np
from osgeo import gdal
road = [f for f in json.load(open(sys.argv[1]))["features"] if f["properties"]["kind"] == "road"][0]
img = gdal.Open(sys.argv[2]).ReadAsArray().astype(float)  # 1025², 4 m
pts = road["geometry"]["coordinates"]
worst_grade = 0.0
for (x0, y0, z0), (x1, y1, z1) in zip(pts, pts[1:]):
    worst_grade = max(worst_grade, abs(z1 - z0) / math.hypot(x1 - x0, y1 - y0))
assert worst_grade <= 0.08 * (1 + 1e-3), worst_grade  # the grade is along the curve; chords are a hair shorter
river = [(2000, -1900), (2600, -2700), (3300, -3300), (4000, -4000)]
def near_river(x, y):  # the river, drawn after the road, cuts through it where they cross
    for (ax, ay), (bx, by) in zip(river, river[1:]):
        t = max(0.0, min(1.0, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)))
        if math.hypot(x - ax - t * (bx - ax), y - ay - t * (by - ay)) < 150: return True
    return False
worst, checked = 0.0, 0
for x, y, z in pts[::7]:
    if near_river(x, y): continue
    checked += 1
    c, r = x / 4.0, -y / 4.0
    i, j = int(c), int(r); tx, ty = c - i, r - j
    h = (img[j, i] * (1 - tx) + img[j, i + 1] * tx) * (1 - ty) + (img[j + 1, i] * (1 - tx) + img[j + 1, i + 1] * tx) * ty
    worst = max(worst, abs(h - z))
assert checked > 100 and worst < 0.05, (checked, worst)  # the deck is the profile (a float export)
assert road["properties"]["max_grade_pct"] <= 8.0 + 1e-9
# Where it breaks its grade: the terrain's steepest grade under it, and how much of it is held.
p = road["properties"]
assert 0.0 <= p["steep_m"] <= p["length_m"] + 1e-9, p
assert (p["steep_m"] > 0) == (p["terrain_max_grade_pct"] > 8.0), p
assert p["max_cut_m"] >= 0.0 and p["max_fill_m"] >= 0.0, p
PY

"$cli" layout bake --recipe "$dir/recipe.json" --out "$dir/baked.json" 2>>"$dir/log" || fail "layout bake"
check "bake stores the profiles" bash -c "grep -q '\"baked\": true' '$dir/baked.json' && grep -q profile_m '$dir/baked.json'"
"$cli" generate --recipe "$dir/baked.json" --output "$dir/baked.tif" 2>>"$dir/log" || fail "generate baked"
check "a baked layout on the terrain it was baked from makes the same map" cmp -s "$dir/map.tif" "$dir/baked.tif"

# Bad input.
echo '{"type": "Feature"}' >"$dir/bad1.geojson"
expect 64 "--layout" generate "${flags[@]:0:4}" --layout "$dir/bad1.geojson" --output "$bad/x.tif"
printf '{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 0]}, "properties": {"kind": "volcano"}}]}' >"$dir/bad2.geojson"
expect 64 "features[0].properties.kind" generate "${flags[@]:0:4}" --layout "$dir/bad2.geojson" --output "$bad/x.tif"
printf '{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}, "properties": {"kind": "road", "width_m": -2}}]}' >"$dir/bad3.geojson"
expect 64 "features[0].properties.width_m" generate "${flags[@]:0:4}" --layout "$dir/bad3.geojson" --output "$bad/x.tif"
expect 64 "no-such.geojson" generate "${flags[@]:0:4}" --layout "$dir/no-such.geojson" --output "$bad/x.tif"
mkfifo "$dir/fifo.geojson"
expect 64 "FIFO" generate "${flags[@]:0:4}" --layout "$dir/fifo.geojson" --output "$bad/x.tif"
expect 64 "a recipe with a layout entry" layout export --recipe preset:island --out "$bad/lines.geojson"
finish
