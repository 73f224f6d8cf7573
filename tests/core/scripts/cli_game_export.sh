#!/usr/bin/env bash
# terrain-cli game-ready export end to end, read back by tools that are not ours: numpy and PIL
# (RAW16, PNG16, RAW32, tiles), exrheader (OpenEXR), gdalinfo (GDAL, TIFF), assimp info and dump (OBJ,
# GLB: counts, extent, normals, UVs), Python's json (sidecars). Bad input: exit code, message naming flag and value, no file.
# Needs TERRAIN_CLI (set by ctest). A missing reader fails the test: setup.sh installs them all.
source "$(dirname "$0")/cli_test_lib.sh"

for tool in exrheader gdalinfo assimp; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (setup.sh installs openexr, gdal-bin, assimp-utils)"
done

# Unity: RAW16 513x513, the settings on stdout, the sidecar beside it.
"$cli" generate --detail 9 --seed 3 --preset unity --height-range 20:270 --metres-per-pixel 2 \
  -o "$dir/u.r16" >"$dir/u.txt" 2>"$dir/err" || fail "unity: $(cat "$dir/err")"
check "unity settings printed (range x 65536/65535)" grep -q "Terrain Size Y: 250.0038148$" "$dir/u.txt"
check "unity byte order printed" grep -q "Byte Order: Windows" "$dir/u.txt"
check "unity raw16 + sidecar (numpy, json)" $py - "$dir/u.r16" <<'PY'
import json, sys, numpy as np
path = sys.argv[1]
d = np.fromfile(path, dtype="<u2")
assert d.size == 513 * 513, d.size
# The world mapping: detail 9 is every 2nd sample of the reference detail 10, so its codes lie
# inside the full range without touching both ends necessarily, and no height is clipped.
assert 0 <= d.min() and d.max() <= 65535 and d.max() - d.min() > 30000, (d.min(), d.max())
j = json.load(open(path + ".json"))
assert (j["width"], j["height"], j["format"], j["bit_depth"], j["byte_order"]) == (513, 513, "raw16", 16, "little-endian"), j
assert j["height_range_metres"] == [20.0, 270.0] and j["metres_per_pixel"] == 2.0
assert 20.0 <= j["metres_min"] < j["metres_max"] <= 270.0, (j["metres_min"], j["metres_max"])
assert j["mapping"] == "world" and j["world"]["reference_detail"] == 10, j.get("world")
assert j["world"]["height_range_metres"] == [20.0, 270.0]
assert j["engine"]["preset"] == "unity" and j["engine"]["settings"]["Terrain Size Y"] == "250.0038148"
assert len(j["recipe_sha256"]) == 64 and j["recipe"]["seed"] == 3
assert j["orientation"].startswith("row 0 = north")
PY

# Unreal: PNG16 after crop to 505, mapping in the text chunks (PIL).
"$cli" generate --detail 9 --preset unreal --size 505x505 --resize crop --height-range 0:1024 \
  -o "$dir/ue.png" >"$dir/ue.txt" 2>"$dir/err" || fail "unreal: $(cat "$dir/err")"
check "unreal Z scale = 1024*12800/65535" grep -q "Scale Z: 200.0030518$" "$dir/ue.txt"

# Both engines divide 16-bit codes by 65536. Rebuild metres from the codes with
# the printed numbers and each engine's formula; compare with a float export of the same recipe.
"$cli" generate --detail 9 --seed 3 --format raw32 --height-range 20:270 --metres-per-pixel 2 \
  -o "$dir/u32.r32" 2>"$dir/err" || fail "raw32 twin: $(cat "$dir/err")"
"$cli" generate --detail 9 --seed 3 --preset unreal --size 505x505 --resize crop --height-range 20:270 \
  --metres-per-pixel 2 -o "$dir/ue16.png" >"$dir/ue16.txt" 2>"$dir/err" || fail "unreal twin: $(cat "$dir/err")"
check "unity and unreal rebuild metres within half a step (numpy)" $py - "$dir" <<'PY'
import re, sys, numpy as np
from PIL import Image
d = sys.argv[1]
def setting(path, name):
    for line in open(path):
        line = line.strip()
        if line.startswith(name + ": "):
            return float(re.match(r"-?[0-9.eE+-]+", line[len(name) + 2:]).group(0))
    raise SystemExit("no %s in %s" % (name, path))
truth = np.fromfile(d + "/u32.r32", "<f4").astype(np.float64).reshape(513, 513)
# Half a step, plus half a float32 ulp at 270 m: the raw32 twin is itself rounded to float32.
half = 250.0 / 65535 / 2 + 270.0 * 2.0**-24
codes = np.fromfile(d + "/u.r16", "<u2").astype(np.float64).reshape(513, 513)
# Unity: height = Position Y + code / 65536 * Terrain Size Y
unity = setting(d + "/u.txt", "Terrain Transform Position Y") + codes / 65536 * setting(d + "/u.txt", "Terrain Size Y")
err = np.abs(unity - truth).max()
assert err <= half, ("unity", err / (2 * half), "steps")
# Unreal: cm = Location Z + (code - 32768) / 128 * Scale Z; the crop is centred (4 samples off).
c = np.array(Image.open(d + "/ue16.png"), dtype=np.float64)
ue = (setting(d + "/ue16.txt", "Location Z (cm)") + (c - 32768) / 128 * setting(d + "/ue16.txt", "Scale Z")) / 100
err = np.abs(ue - truth[4:509, 4:509]).max()
assert err <= half, ("unreal", err / (2 * half), "steps")
PY
check "unreal png16 (PIL)" $py - "$dir/ue.png" <<'PY'
import sys
from PIL import Image
im = Image.open(sys.argv[1])
assert im.size == (505, 505) and im.mode.startswith("I"), (im.size, im.mode)
assert "terrain:mapping" in im.text, im.text
PY

# EXR: OpenEXR's exrheader sees one float channel R of the right size.
"$cli" generate --detail 8 --preset godot-terrain3d --height-range -10:90 -o "$dir/t.exr" >/dev/null 2>"$dir/err" \
  || fail "exr: $(cat "$dir/err")"
exrheader "$dir/t.exr" >"$dir/exr.txt" 2>&1 || fail "exrheader: $(cat "$dir/exr.txt")"
check "exr channel R float" grep -q "R, 32-bit floating-point" "$dir/exr.txt"
check "exr size 257" grep -q "dataWindow (type box2i): (0 0) - (256 256)" "$dir/exr.txt"

# TIFF32: GDAL reads float metres; at the reference detail (10) the world mapping puts the
# minimum and maximum exactly on the height range.
"$cli" generate --detail 10 --format tiff32 --height-range -10:90 -o "$dir/t.tif" 2>"$dir/err" || fail "tiff: $(cat "$dir/err")"
gdalinfo -stats "$dir/t.tif" >"$dir/gdal.txt" 2>&1 || fail "gdalinfo: $(cat "$dir/gdal.txt")"
check "tiff Float32 1025x1025" grep -q "Size is 1025, 1025" "$dir/gdal.txt"
check "tiff type Float32" grep -q "Type=Float32" "$dir/gdal.txt"
check "tiff min/max are metres" grep -q "Minimum=-10.000, Maximum=90.000" "$dir/gdal.txt"

# GeoTIFF: GDAL reads the spacing and each tile's origin, so gdalbuildvrt mosaics the tiles back
# into the whole map.
mkdir -p "$dir/geo"
"$cli" generate --detail 6 --metres-per-pixel 2 --tiles 2x2 --format tiff32 -o "$dir/geo/t.tif" 2>/dev/null || fail "tiff tiles"
"$cli" generate --detail 6 --metres-per-pixel 2 --format tiff32 -o "$dir/whole.tif" 2>/dev/null || fail "tiff whole"
gdalinfo "$dir/geo/t_x1_y1.tif" >"$dir/geo.txt" 2>&1 || fail "gdalinfo tile"
check "tiff pixel size in metres" grep -q "Pixel Size = (2.000000000000000,-2.000000000000000)" "$dir/geo.txt"
check "tiff local metric grid" grep -q 'LENGTHUNIT\["metre",1' "$dir/geo.txt"
(cd "$dir/geo" && gdalbuildvrt -q all.vrt t_x*_y*.tif) || fail "gdalbuildvrt refused the tiles"
check "mosaic of the tiles equals the whole map (GDAL, numpy)" $py - "$dir" <<'PY'
import subprocess, sys, numpy as np
d = sys.argv[1]
def read(path):
    subprocess.run(["gdal_translate", "-q", "-of", "ENVI", path, path + ".bin"], check=True)
    return np.fromfile(path + ".bin", "<f4").reshape(65, 65)
assert np.array_equal(read(d + "/geo/all.vrt"), read(d + "/whole.tif"))
PY

# RAW32: numpy sees float metres spanning the range.
"$cli" generate --detail 6 --map normalize --format raw32 --height-range 5:15 -o "$dir/t.r32" 2>/dev/null || fail "raw32"
check "raw32 (numpy)" $py -c "import numpy as np; d=np.fromfile('$dir/t.r32','<f4'); assert d.size==65*65 and d.min()==5 and d.max()==15, (d.size,d.min(),d.max())"

# Heights in metres are the same at every detail: every 8th sample of detail 12 is
# detail 9, in float metres and in 16-bit codes, read back by numpy and PIL.
for d in 9 12; do
  "$cli" generate --detail $d --seed 5 --height-range -40:360 --format raw32 -o "$dir/w$d.r32" 2>/dev/null || fail "raw32 detail $d"
  "$cli" generate --detail $d --seed 5 --height-range -40:360 -o "$dir/w$d.png" 2>/dev/null || fail "png detail $d"
done
check "metres equal at details 9 and 12 (numpy, PIL)" $py - "$dir" <<'PY'
import sys, numpy as np
from PIL import Image
d = sys.argv[1]
a9 = np.fromfile(d + "/w9.r32", "<f4").reshape(513, 513)
a12 = np.fromfile(d + "/w12.r32", "<f4").reshape(4097, 4097)
err = np.abs(a12[::8, ::8] - a9).max()
assert err <= 1e-4, err
assert -40.0 <= a9.min() and a9.max() <= 360.0, (a9.min(), a9.max())
c9 = np.array(Image.open(d + "/w9.png"), dtype=np.int64)
c12 = np.array(Image.open(d + "/w12.png"), dtype=np.int64)
assert (c12[::8, ::8] == c9).all(), np.abs(c12[::8, ::8] - c9).max()
PY

# --world-size keeps the terrain's size at every detail: the spacing follows the detail.
for d in 9 11; do
  "$cli" generate --detail $d --world-size 2048 --preset unity -o "$dir/ws$d.r16" >"$dir/ws$d.txt" 2>/dev/null || fail "world-size $d"
done
check "world-size 2048 m at detail 9 and 11" grep -q "Terrain Size X: 2048" "$dir/ws9.txt"
check "world-size 2048 m at detail 11" grep -q "Terrain Size X: 2048" "$dir/ws11.txt"
check "world-size 2048 m: 1 m per sample at detail 11" $py -c "import json; assert json.load(open('$dir/ws11.r16.json'))['metres_per_pixel'] == 1.0"
expect 64 "either --metres-per-pixel or --world-size" generate --world-size 100 --metres-per-pixel 2 -o "$dir/bad/w.png"
expect 64 "--world-size: '-3'" generate --world-size -3 -o "$dir/bad/w.png"

# Meshes: assimp reads OBJ and GLB; vertex/face counts and the extent in metres.
"$cli" generate --detail 5 --map normalize --metres-per-pixel 2 --height-range 0:50 -o "$dir/m.obj" 2>/dev/null || fail "obj"
assimp info "$dir/m.obj" >"$dir/obj.txt" 2>&1 || fail "assimp obj: $(tail -5 "$dir/obj.txt")"
# assimp info's default post-processing computes tangents from the UVs and splits the vertices
# whose tangents differ per face (2634 here); with only the joining of identical vertices the
# file's 1089 vertices come back.
assimp dump "$dir/m.obj" "$dir/m.jiv.xml" -jiv >/dev/null 2>&1 || fail "assimp dump -jiv"
check "obj vertices" grep -q '<Positions num="1089"' "$dir/m.jiv.xml"
check "obj faces" grep -qE "^Faces: +2048$" "$dir/obj.txt"
check "obj extent in metres" grep -q "Maximum point      (64.000000 50.000000 64.000000)" "$dir/obj.txt"
"$cli" generate --detail 7 --format glb --triangles 2000 -o "$dir/m.glb" 2>"$dir/glb.err" || fail "glb"
# The mesh's largest vertical error: printed, and in the sidecar with the same figure.
check "glb max error printed and in the sidecar" $py -c "
import json, re; e=open('$dir/glb.err').read(); m=re.search(r'mesh of (\d+) triangles, max error ([0-9.e+-]+) m', e); assert m, e
j=json.load(open('$dir/m.glb.json'))['mesh']; assert j['triangles'] == int(m.group(1)) and 0 < j['max_error_metres'], j
assert abs(j['max_error_metres'] - float(m.group(2))) <= 0.0051 * j['max_error_metres'], (j, m.group(2))"
assimp info "$dir/m.glb" >"$dir/glb.txt" 2>&1 || fail "assimp glb: $(tail -5 "$dir/glb.txt")"
check "glb faces within the budget" $py -c "
import re; t=open('$dir/glb.txt').read(); f=int(re.search(r'^Faces: +(\d+)', t, re.M).group(1)); assert 0 < f <= 2000, f"
"$cli" generate --detail 4 --triangles 0 -o "$dir/m0.obj" 2>"$dir/obj0.err" || fail "obj --triangles 0"
check "full grid: max error 0" grep -q "mesh of 512 triangles, max error 0 m" "$dir/obj0.err"
assimp info "$dir/m0.obj" >"$dir/obj0.txt" 2>&1 || fail "assimp obj0: $(tail -5 "$dir/obj0.txt")"
check "--triangles 0 keeps every sample" grep -qE "^Faces: +512$" "$dir/obj0.txt"
check "glb extent (corners kept by the simplification)" grep -qE "Maximum point +\(128.000000 [0-9.]+ 128.000000\)" "$dir/glb.txt"
# Normals and UVs as assimp reads them. `assimp info` (5.2) does not list them; `assimp dump`
# writes the imported scene (ASSXML) with its Normals and TextureCoords. Both formats of one map:
# unit normals pointing up, equal to central differences of the heights assimp read (one-sided at
# the edges) within float rounding, and the same UV at the same vertex: assimp flips glTF's V (down)
# to its own V (up), which OBJ's vt already is, so the north row (z = 0) is v = 1 in both.
"$cli" generate --detail 5 --map normalize --metres-per-pixel 2 --height-range 0:50 -o "$dir/m5.glb" 2>/dev/null || fail "glb of the obj's map"
assimp_mesh() { assimp dump "$1" "$1.xml" >/dev/null 2>&1 || { echo "assimp dump $1 failed"; return 1; }; }
check "assimp dump reads the OBJ" assimp_mesh "$dir/m.obj"
check "assimp dump reads the GLB" assimp_mesh "$dir/m5.glb"
check "assimp's normals are the height field's and its UVs agree across OBJ and GLB" $py - "$dir/m.obj.xml" "$dir/m5.glb.xml" <<'PY'
import sys, xml.etree.ElementTree as ET
import numpy as np
def read(path):
    mesh = ET.parse(path).getroot().find(".//Mesh")
    def block(tag, **attrs):
        for e in mesh.findall(tag):
            if all(e.get(k) == v for k, v in attrs.items()):
                return np.array(e.text.split(), dtype=float).reshape(int(e.get("num")), -1)
        raise AssertionError(f"{path}: no {tag} {attrs}")
    p, n = block("Positions"), block("Normals")
    uv = block("TextureCoords", set="0", num_components="2")
    assert len(p) == len(n) == len(uv), (len(p), len(n), len(uv))
    out = {}
    for pos, nor, t in zip(p, n, uv):
        key = (round(pos[0] / 2), round(pos[2] / 2))
        out[key] = (pos[1], nor, t)
    return out
obj, glb = read(sys.argv[1]), read(sys.argv[2])
assert len(obj) == len(glb) == 33 * 33, (len(obj), len(glb))
h = np.zeros((33, 33))
for (x, z), (y, _, _) in obj.items():
    h[z, x] = y
worst = 0.0
for m in (obj, glb):
    for (x, z), (y, nor, t) in m.items():
        assert abs(np.linalg.norm(nor) - 1) < 1e-5 and nor[1] > 0, nor
        x0, x1, z0, z1 = max(x - 1, 0), min(x + 1, 32), max(z - 1, 0), min(z + 1, 32)
        east = (h[z, x1] - h[z, x0]) / ((x1 - x0) * 2.0)
        south = (h[z1, x] - h[z0, x]) / ((z1 - z0) * 2.0)
        want = np.array([-east, 1.0, -south]) / np.sqrt(east * east + south * south + 1)
        worst = max(worst, float(np.abs(nor - want).max()))
        assert abs(t[0] - x / 32) < 1e-6 and abs(t[1] - (1 - z / 32)) < 1e-6, ((x, z), t)
    assert worst < 1e-5, worst
for key in obj:
    assert np.allclose(obj[key][2], glb[key][2], atol=1e-6), (key, obj[key][2], glb[key][2])
print(f"assimp: {len(obj)} vertices with normals and UVs in both, normals within {worst:.1e} of the height field's")
PY

# Normal map: PIL sees RGB; flat-ish blue dominates.
"$cli" generate --detail 6 --format normal -o "$dir/n.png" 2>/dev/null || fail "normal"
check "normal map RGB (PIL)" $py -c "
from PIL import Image; import numpy as np; a=np.array(Image.open('$dir/n.png')); assert a.shape==(65,65,3); assert a[...,2].min() > 127"

# 16-bit normal map: GDAL reads three UInt16 bands; up (blue) stays in the upper half.
"$cli" generate --detail 6 --format normal16-dx -o "$dir/n16.png" 2>/dev/null || fail "normal16"
gdalinfo -stats "$dir/n16.png" >"$dir/n16.txt" 2>&1 || fail "gdalinfo normal16: $(cat "$dir/n16.txt")"
check "normal16 three UInt16 bands" test "$(grep -c "Type=UInt16" "$dir/n16.txt")" -eq 3
check "normal16 blue > 32767" $py -c "
import re; t=open('$dir/n16.txt').read(); mins=[float(m) for m in re.findall(r'Minimum=([0-9.]+)', t)]; assert len(mins)==3 and mins[2] > 32767, mins"

# Whole-number import fields: HTerrain's Min/Max Height, WorldPainter's Scale and levels. The
# export still runs; the warning names the field, the value and the flag to change.
"$cli" generate --detail 6 --preset godot-hterrain --height-range 12.5:300 -o "$dir/h.raw" \
  >/dev/null 2>"$dir/err" || fail "hterrain: $(cat "$dir/err")"
check "hterrain 65x65 raw16 written" test "$(stat -c %s "$dir/h.raw")" -eq $((65 * 65 * 2))
check "hterrain warns about a non-whole Min Height" grep -qF \
  "warning: HTerrain's Min Height takes whole metres: 12.5 would be typed as 12 or 13; choose --height-range with whole metres" "$dir/err"
"$cli" generate --detail 6 --preset godot-hterrain --height-range 12:300 -o "$dir/h2.raw" \
  >/dev/null 2>"$dir/err" || fail "hterrain whole: $(cat "$dir/err")"
check "hterrain whole metres: no warning" test "$(grep -c "warning:" "$dir/err")" -eq 0
"$cli" generate --detail 6 --preset worldpainter --metres-per-pixel 1.505 -o "$dir/wp.png" \
  >/dev/null 2>"$dir/err" || fail "worldpainter: $(cat "$dir/err")"
check "worldpainter warns about a non-whole Scale" grep -qF \
  "warning: WorldPainter's Scale (%) takes whole numbers: 150.5 would be typed as 150 or 151; choose --metres-per-pixel" "$dir/err"

# Tiles: Unreal names, shared borders identical (numpy).
"$cli" generate --detail 9 --preset unreal-ue4-world-composition --size 1009x1009 --tiles 2x2 -o "$dir/land.png" \
  >/dev/null 2>"$dir/err" || fail "UE4 world composition 2x2 tiles of 505: $(cat "$dir/err")"
check "unreal tile names _x1_y1" test -s "$dir/land_x1_y1.png" -a -s "$dir/land_x1_y1.png.json"
# UE5 places _xN_yM tiles edge to edge (StartX = Coord.X x FileWidth), so
# --preset unreal tiles share no border and the whole landscape (2 x 481 = 962, 961 = 31 x 31
# quads) is what must fit; the tiles laid side by side are the single-file export (numpy, PIL).
"$cli" generate --detail 10 --seed 2 --preset unreal --tiles 2x2 --size 962x962 -o "$dir/ue5.png" \
  >/dev/null 2>"$dir/err" || fail "UE5 2x2 tiles: $(cat "$dir/err")"
"$cli" generate --detail 10 --seed 2 --size 962x962 -o "$dir/ue5whole.png" >/dev/null 2>"$dir/err" \
  || fail "UE5 whole: $(cat "$dir/err")"
check "UE5 tiles edge to edge = the whole map (PIL, numpy)" $py - "$dir" <<'PY'
import json, sys, numpy as np
from PIL import Image
d = sys.argv[1]
t = {(x, y): np.array(Image.open(f"{d}/ue5_x{x}_y{y}.png")) for x in (0, 1) for y in (0, 1)}
assert all(a.shape == (481, 481) for a in t.values()), [a.shape for a in t.values()]
joined = np.block([[t[0, 0], t[1, 0]], [t[0, 1], t[1, 1]]])
assert (joined == np.array(Image.open(d + "/ue5whole.png"))).all()
assert json.load(open(d + "/ue5_x1_y0.png.json"))["tile"]["shared_border"] == 0
PY
expect 64 "that make a whole landscape UE5 fits exactly" generate --detail 10 --preset unreal --tiles 2x2 -o "$dir/bad/out.png"
expect 64 "try --resize bicubic (makes 1072x1072), or --size 1072x1072" generate --detail 10 --preset unreal --tiles 2x2 -o "$dir/bad/out.png"
"$cli" generate --detail 9 --map normalize --tiles 2x2 -o "$dir/land.r16" 2>"$dir/err" || fail "tiles: $(cat "$dir/err")"
check "tiles seams (numpy)" $py - "$dir" <<'PY'
import sys, numpy as np
d = sys.argv[1]
t = {(x, y): np.fromfile(f"{d}/land_x{x}_y{y}.r16", "<u2").reshape(257, 257) for x in (0, 1) for y in (0, 1)}
assert (t[0, 0][:, -1] == t[1, 0][:, 0]).all() and (t[0, 1][:, -1] == t[1, 1][:, 0]).all()
assert (t[0, 0][-1, :] == t[0, 1][0, :]).all() and (t[1, 0][-1, :] == t[1, 1][0, :]).all()
assert min(a.min() for a in t.values()) == 0 and max(a.max() for a in t.values()) == 65535
PY

# A preset without --size. A chosen --resize reaches the preset's nearest size;
# Unreal crops the centre of the 2^n+1 map by default and says so.
for mode in crop bicubic; do
  "$cli" generate --detail 9 --preset unreal --resize $mode -o "$dir/r$mode.png" >/dev/null 2>"$dir/err" \
    || fail "unreal --resize $mode without --size: $(cat "$dir/err")"
  check "unreal --resize $mode picks 505x505" grep -qF -- "--size 505x505 (the nearest size --preset unreal accepts), --resize $mode" "$dir/err"
done
"$cli" generate --detail 9 --preset unreal -o "$dir/rdef.png" >/dev/null 2>"$dir/err" || fail "unreal default: $(cat "$dir/err")"
check "unreal crops by default and says so" grep -qF "cropping the centre 505x505 of the 513x513 map" "$dir/err"
check "unreal default crop = --resize crop (PIL)" $py - "$dir" <<'PY'
import sys, numpy as np
from PIL import Image
d = sys.argv[1]
a, b = (np.array(Image.open(f"{d}/r{m}.png")) for m in ("def", "crop"))
assert a.shape == (505, 505) and (a == b).all()
PY
"$cli" generate --detail 13 --preset unity --resize crop -o "$dir/u13.r16" >/dev/null 2>"$dir/err" \
  || fail "unity detail 13 --resize crop: $(cat "$dir/err")"
check "unity detail 13 --resize crop writes 4097x4097" test "$(stat -c %s "$dir/u13.r16")" -eq $((4097 * 4097 * 2))
rm -f "$dir/u13.r16"

# Bad input.
o="$dir/bad/out.r16"
# A lower detail is the same terrain (the lattice rule), so it comes first.
expect 64 "--detail: '13' is not allowed; expected a detail whose map Unity imports (a square of 2^n+1 samples from 33x33 to 4097x4097): --detail 12 gives 4097x4097" \
  generate --detail 13 --preset unity -o "$o"
expect 64 "or keep this detail with --size 4097x4097 --resize bicubic" generate --detail 13 --preset unity -o "$o"
expect 64 "the lattice rule) (add --world-size 16384 to keep its 16384 m extent)" \
  generate --detail 13 --preset unity --metres-per-pixel 2 -o "$o"
expect 64 "--resize: 'crop' is not allowed; expected bicubic: Godot HTerrain's nearest size 65x65 is larger than the map 33x33" \
  generate --preset godot-hterrain --detail 5 --resize crop -o "$dir/bad/out.raw"
expect 64 "--size: '33x33' is not allowed; expected Godot HTerrain (--preset godot-hterrain) needs a square of 2^n+1 samples from 65x65 to 4097x4097 (65, 129, 257, 513, 1025, 2049 or 4097)" \
  generate --preset godot-hterrain --detail 5 -o "$dir/bad/out.raw"
expect 64 "--preset: 'cryengine'" generate --preset cryengine -o "$o"
expect 64 "--size: '0x5'" generate --size 0x5 -o "$o"
expect 64 "--size: '-4x4'" generate --size=-4x4 -o "$o"
expect 64 "--size: '600x600'" generate --detail 9 --size 600x600 --resize crop -o "$o"
expect 64 "would need" generate --detail 4 --size 65536x65536 -o "$o"
expect 64 "--resize: 'nearest'" generate --size 9x9 --resize nearest -o "$o"
expect 64 "--height-range: '5:1'" generate --height-range 5:1 -o "$o"
expect 64 "--metres-per-pixel: '-1'" generate --metres-per-pixel=-1 -o "$o"
expect 64 "--tiles: '3x3'" generate --detail 9 --tiles 3x3 -o "$o"
expect 64 "--tile-border: '2'" generate --detail 9 --tiles 2x2 --tile-border 2 -o "$o"
expect 64 "--format: 'exr'" generate --detail 9 --preset unity --format exr -o "$o"
expect 64 "--triangles: '1'" generate --detail 5 --triangles 1 -o "$dir/bad/out.obj"
expect 64 "--tile-pattern: '{stem}.png'" generate --detail 4 --tiles 2x2 --tile-pattern '{stem}.png' -o "$o"
# The size hint offers cropping only when the suggested size fits inside the map.
expect 64 "try --size 513x513 --resize bicubic (or --resize crop)" generate --detail 10 --size 600x600 --preset unity -o "$o"
expect 64 "try --size 65x65 --resize bicubic" generate --preset godot-hterrain --detail 5 -o "$dir/bad/out.raw"
check "no crop offered to enlarge 33 to 65" sh -c "! grep -q crop '$dir/stderr'"
# Tiles the preset refuses: named as the tiles, with the output size that makes accepted tiles.
expect 64 "--tiles: '2x2' is not allowed; expected Unreal Engine 4 (World Composition) (--preset unreal-ue4-world-composition) needs a square of a recommended size: 127, 253, 505, 1009, 2017, 4033 or 8129 for each tile, and these tiles would be 513x513; try --size 1009x1009 --resize bicubic (or --resize crop)" \
  generate --detail 10 --preset unreal-ue4-world-composition --size 1025x1025 --tiles 2x2 -o "$dir/bad/out.png"
expect 73 "$dir/bad/missing/out.exr" generate --detail 4 -o "$dir/bad/missing/out.exr"

finish
