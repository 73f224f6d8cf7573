#!/usr/bin/env bash
# Splat maps from the command line: --splat NAME=RULE in order, per engine; every file
# read back with PIL (sizes, channels, weights summing to 255 or 65535 per pixel, the rules'
# meaning); bad input refused naming the flag, nothing written. Needs TERRAIN_CLI (set by ctest).
source "$(dirname "$0")/cli_test_lib.sh"

gen() { "$cli" generate "$@" 2>>"$dir/log" >"$dir/out.txt"; }
world=(--detail 9 --seed 4 --algorithm fbm --world-size 1024 --height-range 0:250 --op hydraulic-erosion)

# Unity: RGBA8 files of 4 layers, control texture 512 for a 513 heightmap, sums 255.
gen "${world[@]}" --preset unity --splat 'rock=slope>30' --splat 'sand=mask:deposition' --splat 'snow=height>180' \
  --splat 'grass=rest' --splat 'unused=height<10' -o "$dir/u.r16" || fail "unity splat: $(tail -3 "$dir/log")"
check "unity: two RGBA files and the sidecar" test -f "$dir/u_splat0.png" -a -f "$dir/u_splat1.png" -a -f "$dir/u_splat.json"
check "unity: RGBA8 512x512, every pixel's weights sum to 255, layers as the rules say" $py - "$dir" <<'PY'
import json, sys
import numpy as np
from PIL import Image
d = sys.argv[1]
a, b = Image.open(d + "/u_splat0.png"), Image.open(d + "/u_splat1.png")
assert a.mode == "RGBA" and b.mode == "RGBA" and a.size == (512, 512) == b.size, (a.mode, a.size)
a, b = np.asarray(a).astype(int), np.asarray(b).astype(int)
s = a.sum(axis=2) + b.sum(axis=2)
assert s.min() == 255 and s.max() == 255, (s.min(), s.max())
rock, sand, snow, grass = (a[..., i] for i in range(4))
assert rock.max() == 255 and grass.max() == 255 and sand.max() > 0, (rock.max(), sand.max(), grass.max())
assert b[..., 0].max() == 0, "a layer after rest gets nothing"
side = json.load(open(d + "/u_splat.json"))
assert side["size"] == 512 and side["sum"] == 255 and side["style"] == "rgba8", side
assert [(l["name"], l["file"], l["channel"]) for l in side["layers"]][:2] == [
    ("rock", "u_splat0.png", "R"), ("sand", "u_splat0.png", "G")], side["layers"]
assert side["layers"][4] == {"name": "unused", "rule": "height<10", "file": "u_splat1.png", "channel": "R"}
PY
check "unity: the numbers to type" grep -q "Control Texture Resolution 512" "$dir/out.txt"
check "unity: the texture import settings" grep -q "sRGB (Color Texture) off, Compression None, Max Size 512 or more" "$dir/out.txt"

# A rule's meaning: slope>0 with no soft edge takes every sloped pixel; height>H is 1 above H+soft,
# 0 below H-soft (against the heights the sidecar's mapping gives).
gen "${world[@]}" --preset blender --splat 'high=height>120~0' --splat 'low=rest' -o "$dir/g.exr" \
  || fail "blender splat: $(tail -3 "$dir/log")"
gen "${world[@]}" -o "$dir/metres.tif" || fail "the same heights in metres (float TIFF)"
check "blender: 8-bit grey per layer at the heightmap's size, sums 255, height>120 exactly where the map is above 120 m" \
  $py - "$dir" <<'PY'
import sys
import numpy as np
from PIL import Image
d = sys.argv[1]
hi, lo = Image.open(d + "/g_high.png"), Image.open(d + "/g_low.png")
assert hi.mode == "L" and hi.size == (513, 513), (hi.mode, hi.size)
hi, lo = np.asarray(hi).astype(int), np.asarray(lo).astype(int)
assert (hi + lo).min() == 255 and (hi + lo).max() == 255
m = np.asarray(Image.open(d + "/metres.tif"))
assert m.shape == (513, 513), m.shape
above, below = m > 120.5, m < 119.5
assert (hi[above] == 255).all() and (hi[below] == 0).all(), (hi[above].min(), hi[below].max())
assert above.any() and below.any()
PY

# Godot HTerrain: its Import dialog takes one RGBA8 splat map of the heightmap's resolution
# (importer_dialog.gd, HTerrainData._import_map: no flip, as the RAW heightmap): read both as the
# plugin does, row y = cell z, and the layer must be 255 exactly where the RAW's height is above 120 m.
gen "${world[@]}" --preset godot-hterrain --splat 'high=height>120~0' --splat 'steep=slope>30' --splat 'low=rest' \
  -o "$dir/ht.raw" || fail "hterrain splat: $(tail -3 "$dir/log")"
check "hterrain: one RGBA8 513x513 splat map, sums 255, layer R above 120 m where the RAW decodes above it" \
  $py - "$dir" <<'PY'
import json, sys
import numpy as np
from PIL import Image
d = sys.argv[1]
im = Image.open(d + "/ht_splat0.png")
assert im.mode == "RGBA" and im.size == (513, 513), (im.mode, im.size)
a = np.asarray(im).astype(int)
assert (a.sum(axis=2) == 255).all() and a[..., 3].max() == 0, "3 layers: alpha (texture 3) empty"
code = np.fromfile(d + "/ht.raw", dtype="<u2").reshape(513, 513)  # square, size from the length
metres = 0.0 + 250.0 * code / 65535.0  # Min Height 0, Max Height 250, as printed
above, below = metres > 120.5, metres < 119.5
assert above.any() and below.any()
assert (a[..., 0][above] == 255).all() and (a[..., 0][below] == 0).all()
assert a[..., 1].max() == 255 and a[..., 2].max() == 255
side = json.load(open(d + "/ht_splat.json"))
assert side["style"] == "rgba8" and side["size"] == 513, side
assert [l["channel"] for l in side["layers"]] == ["R", "G", "B"], side["layers"]
PY
check "hterrain: the splat map's import steps" grep -q "Terrain > Import, Splatmap: ht_splat0.png" "$dir/out.txt"
check "hterrain: the textures' order" grep -q "textures 0-3 in this order: high, steep, low" "$dir/out.txt"
expect 64 "at most 4 layers for Godot HTerrain" generate "${world[@]}" --preset godot-hterrain --splat 'a=slope>10' \
  --splat 'b=slope>20' --splat 'c=slope>30' --splat 'd=slope>40' --splat 'e=rest' -o "$bad/x.raw"
expect 64 "the heightmap's side" generate "${world[@]}" --preset godot-hterrain --splat 'a=rest' --splat-size 512 \
  -o "$bad/x.raw"

# Godot Terrain3D: its importer takes only its own control map (importer.gd control_file_name,
# Terrain3DData::import_images: the heightmap's size), a uint32 per pixel in a float EXR: OpenEXR's
# exrheader sees one 32-bit float channel R of the heightmap's size (test_splat.cpp decodes it).
gen "${world[@]}" --preset godot-terrain3d --splat 'high=height>120~0' --splat 'steep=slope>30' --splat 'low=rest' \
  -o "$dir/t3.exr" || fail "terrain3d splat: $(tail -3 "$dir/log")"
exrheader "$dir/t3_control.exr" >"$dir/t3.txt" 2>&1 || fail "exrheader: $(cat "$dir/t3.txt")"
check "terrain3d: one float channel R" grep -q "R, 32-bit floating-point" "$dir/t3.txt"
check "terrain3d: no other channel" test "$(grep -c "floating-point\|unsigned int" "$dir/t3.txt")" = 1
check "terrain3d: the heightmap's size" grep -q "dataWindow (type box2i): (0 0) - (512 512)" "$dir/t3.txt"
check "terrain3d: the sidecar" $py - "$dir" <<'PY'
import json, sys
side = json.load(open(sys.argv[1] + "/t3_splat.json"))
assert side["style"] == "terrain3d-control" and side["size"] == 513, side
assert [(l["name"], l["file"], l["texture_id"]) for l in side["layers"]] == [
    ("high", "t3_control.exr", 0), ("steep", "t3_control.exr", 1), ("low", "t3_control.exr", 2)], side["layers"]
assert side["dropped"]["pixels"] >= 0 and 0 <= side["dropped"]["max"] <= 1, side["dropped"]
PY
check "terrain3d: the import steps" grep -q "Importer > control_file_name: t3_control.exr" "$dir/out.txt"
check "terrain3d: the textures' order" grep -q "textures in this order: 0 high, 1 steep, 2 low" "$dir/out.txt"
expect 64 "Terrain3D imports a control map of the heightmap's resolution" generate "${world[@]}" \
  --preset godot-terrain3d --splat 'a=rest' --splat-size 512 -o "$bad/x.exr"
expect 64 "a square heightmap for Godot Terrain3D" generate "${world[@]}" --preset godot-terrain3d --size 300x200 \
  --splat 'a=rest' -o "$bad/x.exr"

# Generic: 16-bit grey per layer, sums 65535; --splat-size resamples.
gen "${world[@]}" --splat 'steep=slope>25~5' --splat 'flat=rest' --splat-size 300 -o "$dir/p.png" \
  || fail "generic splat: $(tail -3 "$dir/log")"
check "generic: 16-bit grey 300x300, sums 65535" $py - "$dir" <<'PY'
import sys
import numpy as np
from PIL import Image
d = sys.argv[1]
s, f = Image.open(d + "/p_steep.png"), Image.open(d + "/p_flat.png")
assert s.mode.startswith("I") and s.size == (300, 300), (s.mode, s.size)
t = np.asarray(s).astype(int) + np.asarray(f).astype(int)
assert t.min() == 65535 and t.max() == 65535, (t.min(), t.max())
assert 0 < np.asarray(s).mean() < 65535
PY

# Bad input: exit 64, the flag named, nothing written.
expect 64 "--splat" generate "${world[@]}" --splat 'rock=slope>>30' -o "$bad/x.png"
expect 64 "--splat" generate "${world[@]}" --splat 'rock' -o "$bad/x.png"
expect 64 "a mask the stack makes: deposition, erosion, flow" generate "${world[@]}" --splat 'sand=mask:scree' -o "$bad/x.png"
expect 64 "a layer name not used before" generate "${world[@]}" --splat 'a=rest' --splat 'a=slope<3' -o "$bad/x.png"
expect 64 "--splat" generate "${world[@]}" --splat 'Rock=rest' -o "$bad/x.png"
expect 64 "--splat" generate "${world[@]}" --splat 'r=slope>95' -o "$bad/x.png"
expect 64 "~SOFT from 0 to 90" generate "${world[@]}" --splat 'x=slope<3~1e300' -o "$bad/x.png"  # fuzzer finding: NaN weights
expect 64 "a power of two" generate "${world[@]}" --preset unity --splat 'a=rest' --splat-size 500 -o "$bad/x.r16"
expect 64 "--splat-size" generate "${world[@]}" --splat-size 64 -o "$bad/x.png"

# A resized export: the weights resampled as the heights are (bilinear, corner-aligned), then cut
# into Unreal's edge-to-edge tiles; a cropped export: the same centred window of the weights.
gen "${world[@]}" --splat 'steep=slope>25~5' --splat 'flat=rest' -o "$dir/full.png" || fail "generic splat, full size"
gen "${world[@]}" --preset unreal --tiles 2x2 --resize bicubic --splat 'steep=slope>25~5' --splat 'flat=rest' \
  -o "$dir/ue.png" || fail "unreal resized tiles with splat maps: $(tail -3 "$dir/log")"
check "unreal resized tiles: 8-bit layers of each tile's size, sums 255, and together the whole map's weights resampled" \
  $py - "$dir" <<'PY'
import sys
import numpy as np
from PIL import Image
d = sys.argv[1]
tiles = {}
for x in (0, 1):
    for y in (0, 1):
        h = Image.open(f"{d}/ue_x{x}_y{y}.png")
        s, f = Image.open(f"{d}/ue_steep_x{x}_y{y}.png"), Image.open(f"{d}/ue_flat_x{x}_y{y}.png")
        assert s.mode == "L" and s.size == h.size, (s.mode, s.size, h.size)
        s, f = np.asarray(s).astype(int), np.asarray(f).astype(int)
        assert ((s + f) == 255).all()
        tiles[x, y] = s
t = tiles[0, 0].shape[0]
steep = np.block([[tiles[0, 0], tiles[1, 0]], [tiles[0, 1], tiles[1, 1]]])  # edge to edge
# The full-size weights (16-bit) resampled corner-aligned to the tiles' whole, independently here.
full = np.asarray(Image.open(d + "/full_steep.png")).astype(float) / 65535.0
n, m = steep.shape[0], full.shape[0]
pos = np.arange(n) * (m - 1) / (n - 1)
i0 = np.minimum(pos.astype(int), m - 1); i1 = np.minimum(i0 + 1, m - 1); w = pos - i0
rows = full[i0] * (1 - w)[:, None] + full[i1] * w[:, None]
both = rows[:, i0] * (1 - w)[None, :] + rows[:, i1] * w[None, :]
diff = np.abs(both * 255 - steep)
assert diff.max() <= 1.01, (diff.max(), np.unravel_index(diff.argmax(), diff.shape))
assert 0 < steep.mean() < 255
PY
check "unreal: the layers' import steps" grep -q "Layer Info: Weight-Blended Layer (the weights sum to 255), Layer File: any of its tiles" "$dir/out.txt"
expect 64 "Unreal imports layer files of the heightmap's resolution only" generate "${world[@]}" --preset unreal \
  --size 505x505 --splat 'a=rest' --splat-size 256 -o "$bad/x.png"
check "unreal tiles: each layer's tiles found as one set, as Unreal's tiled import finds them" $py - "$dir" <<'PY'
# LandscapeImportHelper.cpp: ExtractCoordinates wants <pattern>_x<N>_y<M> (the last "_x" and "_y",
# case-insensitive, both numbers to the end); GetMatchingFiles keeps the names whose pattern is the
# chosen file's, for a weightmap layer as for the heightmap.
import os, sys
def coords(base):
    low = base.lower()
    x, y = low.rfind("_x"), low.rfind("_y")
    if x < 0 or y < 0 or x >= y:
        return None
    cx, cy = base[x + 2:y], base[y + 2:]
    return (base[:x], int(cx), int(cy)) if cx.isdigit() and cy.isdigit() else None
def matching(pattern):
    found = set()
    for f in os.listdir(sys.argv[1]):
        c = coords(os.path.splitext(f)[0])
        if f.endswith(".png") and c and c[0] == pattern:
            found.add(c[1:])
    return found
tiles = {(0, 0), (1, 0), (0, 1), (1, 1)}
assert matching("ue") == tiles, matching("ue")
assert matching("ue_steep") == tiles and matching("ue_flat") == tiles, (matching("ue_steep"), matching("ue_flat"))
PY
gen "${world[@]}" --size 401x401 --resize crop --splat 'steep=slope>25~5' --splat 'flat=rest' -o "$dir/crop.png" \
  || fail "cropped export with splat maps: $(tail -3 "$dir/log")"
check "cropped export: the splat maps are the centred 401x401 window of the full-size ones" $py - "$dir" <<'PY'
import sys
import numpy as np
from PIL import Image
d = sys.argv[1]
full = np.asarray(Image.open(d + "/full_steep.png")).astype(int)
crop = np.asarray(Image.open(d + "/crop_steep.png")).astype(int)
o = (513 - 401) // 2
assert crop.shape == (401, 401) and np.array_equal(crop, full[o:o + 401, o:o + 401])
PY

# Tiles: a set per tile, named from the tile's file and sized from its side, cut from the whole
# map's weights, so neighbours agree on the edge they share.
gen "${world[@]}" --preset unity --tiles 2x2 --splat 'rock=slope>30' --splat 'snow=height>180' --splat 'grass=rest' \
  -o "$dir/t.r16" || fail "unity tile splat: $(tail -3 "$dir/log")"
check "unity tiles: a splat set per tile, 256x256 for 257-sample tiles, neighbours equal on their shared edge" \
  $py - "$dir" <<'PY'
import json, sys
import numpy as np
from PIL import Image
d = sys.argv[1]
t = {(x, y): np.asarray(Image.open(f"{d}/t_splat0_x{x}_y{y}.png")).astype(int) for x in (0, 1) for y in (0, 1)}
for key, a in t.items():
    assert a.shape == (256, 256, 4) and (a.sum(axis=2) == 255).all(), (key, a.shape)
    assert json.load(open(f"{d}/t_splat_x{key[0]}_y{key[1]}.json"))["layers"][0]["file"] == f"t_splat0_x{key[0]}_y{key[1]}.png"
assert np.array_equal(t[0, 0][:, -1], t[1, 0][:, 0]) and np.array_equal(t[0, 0][-1], t[0, 1][0])
assert np.array_equal(t[1, 0][-1], t[1, 1][0]) and np.array_equal(t[0, 1][:, -1], t[1, 1][:, 0])
assert t[0, 0][..., 0].max() == 255 and t[0, 0][..., 2].max() == 255, "rock and grass both present"
PY

finish
