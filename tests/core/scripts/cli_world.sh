#!/usr/bin/env bash
# Worlds of exact tiles end to end: `terrain-cli world init|tile|verify|vrt`.
#  1. The tiles, mosaicked by GDAL through world.vrt, are byte-identical to `terrain-cli generate`
#     of the whole map: every 2-D algorithm, every diamond-square edge mode, details 10-12, tile
#     sides 33-1025, a stack of per-sample operations with a blended generator layer, and one
#     placed by position or range (island, terrace edge noise, normalize), and masks (slope,
#     curvature) and smooth (exact fixed-point running sums) with entries blended through them.
#  2. gdalinfo reads the VRT (size, geotransform, overviews); gdallocationinfo at random points
#     equals the tile samples; the overviews are the coarse lattice.
#  3. Tasks are idempotent; verify finds a changed tile and a missing one (exit 65).
#  3c. Engine tiles (world export): Unity's (with splat maps), Unreal's resampled and cropped tiles, written by
#     separate tasks, are byte-identical to `generate --preset ... --tiles` of the whole map;
#     a rerun skips finished tiles and rewrites a damaged one.
#  4. GNU parallel: the run is SIGKILLed at about half, rerun with --resume-failed; only the
#     missing tiles run and the result equals an uninterrupted run.
#  5. Bad input is refused naming the flag or the operation.
# Needs TERRAIN_CLI (set by ctest), gdal-bin with python3-gdal, GNU parallel.
source "$(dirname "$0")/cli_test_lib.sh"

for tool in gdalinfo gdal_translate gdallocationinfo parallel; do
  command -v "$tool" >/dev/null || { echo "missing $tool (./setup.sh deps installs it)"; exit 1; }
done

# Builds world NAME from the flags after it (generation flags + --world-detail D --tile T
# --world-size M), runs every tile in one task, writes the VRT; returns non-zero on any failure.
build_world() {
  local name=$1; shift
  "$cli" world init --out "$dir/$name" "$@" >"$dir/$name.init" 2>&1 || { cat "$dir/$name.init"; return 1; }
  local tiles
  tiles=$($py -c "import json,sys; print(json.load(open(sys.argv[1]))['tiles'])" "$dir/$name/world.json")
  "$cli" world tile --world "$dir/$name/world.json" --index "0-$((tiles - 1))" 2>"$dir/$name.tile" || { cat "$dir/$name.tile"; return 1; }
  "$cli" world vrt --world "$dir/$name/world.json" >/dev/null || return 1
}

# The whole map made by `generate` with the same flags (minus the world ones), and the VRT's
# mosaic (gdal_translate), compared bit for bit by numpy.
same_as_generate() {
  local name=$1 detail=$2 size=$3; shift 3
  "$cli" generate "$@" --detail "$detail" --world-size "$size" --format tiff32 -o "$dir/$name-whole.tif" \
    2>>"$dir/log" >/dev/null || { echo "generate failed"; return 1; }
  gdal_translate -q "$dir/$name/world.vrt" "$dir/$name-mosaic.tif" || return 1
  $py - "$dir/$name-whole.tif" "$dir/$name-mosaic.tif" <<'PY'
import sys
import numpy as np
from osgeo import gdal
whole, mosaic = (gdal.Open(p) for p in sys.argv[1:3])
a, b = whole.ReadAsArray(), mosaic.ReadAsArray()
assert a.shape == b.shape, (a.shape, b.shape)
diff = int((a.view(np.uint32) != b.view(np.uint32)).sum())
assert diff == 0, f"{diff} samples differ"
assert whole.GetGeoTransform() == mosaic.GetGeoTransform(), (whole.GetGeoTransform(), mosaic.GetGeoTransform())
PY
}

equal_case() {  # LABEL DETAIL TILE SIZE GENERATION-FLAGS...
  local label=$1 detail=$2 tile=$3 size=$4; shift 4
  local name="eq-$label-$detail-$tile"
  if build_world "$name" "$@" --world-detail "$detail" --tile "$tile" --world-size "$size"; then
    check "$label detail $detail tiles $tile: the mosaic equals generate's whole map" \
      same_as_generate "$name" "$detail" "$size" "$@"
  else
    fail "$label detail $detail tiles $tile: the world was not built"
  fi
  rm -rf "${dir:?}/$name" "$dir/$name"-*.tif
}

# 1. Exactness.
equal_case ds-clip 10 33 2000 --algorithm diamond-square --seed 11
equal_case ds-wrap 11 129 4000 --algorithm diamond-square --seed 12 --set edge=wrap --set roughness=0.7
equal_case ds-reflect 12 1025 9000 --algorithm diamond-square --seed 13 --set edge=reflect
equal_case ds-fixed 10 65 1000 --algorithm diamond-square --seed 14 --set corners=1,0,-1,0.5
equal_case md-clamp 11 257 3000 --algorithm midpoint-displacement --seed 15
equal_case md-free 12 513 6000 --algorithm midpoint-displacement --seed 16 --set clamp=0
equal_case fbm-ridged 11 513 8000 --algorithm fbm --seed 17 --set style=ridged
equal_case fbm-wrap 10 257 4000 --algorithm fbm --seed 18 --set wrap=1 --set octaves=6
equal_case warped 10 129 3000 --algorithm warped-fbm --seed 19 --set warp_levels=2
equal_case worley 10 65 2000 --algorithm worley --seed 20 --set output=f2-f1 --set metric=manhattan
equal_case stack 11 257 5000 --algorithm diamond-square --seed 21 --op curves:gamma=1.6 --op clamp:low=10,high=90 \
  --op terrace:steps=6 --op fbm:blend=add,weight=0.3
# Placed by position (island, terrace's edge noise) or by the whole map's range (normalize). 64
# tiles here and below, not 256: each tile reads the whole map's range or grows by the masks'
# reach, and 256 of them took 60 s and 28 s of the script's 220 s under ASan (2026-11-29); 8 x 8
# tiles still cross every kind of seam (edges, corners, the map's border).
equal_case placed 11 257 6000 --algorithm fbm --seed 23 --op island:shape=round,falloff_end=1500 \
  --op terrace:steps=7,edge_noise=30,edge_scale=80 --op normalize:low=0.05,high=0.95 --op island:shape=square,falloff_end=300
# Masks that read their neighbours (slope, curvature) and entries blended through them: the tile
# is computed grown by the masks' reach.
equal_case masked 10 129 3000 --algorithm diamond-square --seed 24 --op smooth:radius=12 \
  --op mask:source=slope,slope_min_deg=25 --op smooth:radius=40,strength=0.7,mask=slope \
  --op terrace:steps=5,mask=slope --op mask:source=curvature,curvature_radius_m=15 --op fbm:weight=0.5,mask=curvature

# 2. GDAL reads the world: size, geotransform, overviews; random points equal the tiles'.
build_world gdal --algorithm diamond-square --seed 5 --world-detail 12 --tile 257 --world-size 8192 \
  || fail "the GDAL world was not built"
check "gdalinfo: 4097x4097, 1 m pixels, 2 overview levels" $py - "$dir/gdal/world.vrt" <<'PY'
import json, subprocess, sys
info = json.loads(subprocess.run(["gdalinfo", "-json", sys.argv[1]], check=True, capture_output=True, text=True).stdout)
assert info["size"] == [4097, 4097], info["size"]
gt = info["geoTransform"]
assert abs(gt[1] - 2.0) < 1e-12 and abs(gt[5] + 2.0) < 1e-12 and abs(gt[0] + 1.0) < 1e-12, gt
band = info["bands"][0]
assert band["type"] == "Float32", band["type"]
assert [o["size"] for o in band.get("overviews", [])] == [[2049, 2049], [1025, 1025]], band.get("overviews")
PY
check "gdallocationinfo at 200 random points equals the sample in the tile file" $py - "$dir/gdal" <<'PY'
import random, subprocess, sys
from osgeo import gdal
d = sys.argv[1]
random.seed(3)
points = [(random.randrange(4097), random.randrange(4097)) for _ in range(200)] + [(0, 0), (4096, 4096), (256, 256)]
out = subprocess.run(["gdallocationinfo", "-valonly", d + "/world.vrt"], input="".join(f"{x} {y}\n" for x, y in points),
                     check=True, capture_output=True, text=True).stdout.split()
assert len(out) == len(points), len(out)
for (x, y), value in zip(points, out):
    c, r = min(x // 256, 15), min(y // 256, 15)
    tile = gdal.Open(f"{d}/tiles/x{c}_y{r}.tif").ReadAsArray()
    want = tile[y - 256 * r, x - 256 * c]
    assert abs(float(value) - float(want)) <= abs(float(want)) * 1e-6, (x, y, value, want)
PY
check "the overviews are the coarse lattice: every 4th sample of the mosaic" $py - "$dir/gdal/world.vrt" <<'PY'
import sys
import numpy as np
from osgeo import gdal
dataset = gdal.Open(sys.argv[1])  # kept: a band outlives no dataset in GDAL's Python
band = dataset.GetRasterBand(1)
full = band.ReadAsArray()
ov = band.GetOverview(1).ReadAsArray()
assert ov.shape == (1025, 1025) and np.array_equal(ov.view(np.uint32), full[::4, ::4].view(np.uint32))
PY
# The mosaic says which CRS its tiles are in (the tiles' local metric grid), so QGIS and GDAL see
# the mosaic and a tile in one CRS: gdalsrsinfo prints the same definition for both.
cp "$dir/gdal/tiles/x0_y0.tif" "$dir/tile-ref.tif"  # kept for the png16 world below
gdalsrsinfo -o wkt1 "$dir/tile-ref.tif" >"$dir/tile.wkt" 2>&1 || fail "gdalsrsinfo on a tile: $(cat "$dir/tile.wkt")"
srs_same() {  # FILE: gdalsrsinfo of FILE prints the tile's WKT; GDAL's parse of both is the same CRS
  gdalsrsinfo -o wkt1 "$1" >"$dir/srs.wkt" 2>&1 || { echo "gdalsrsinfo $1: $(cat "$dir/srs.wkt")"; return 1; }
  cmp -s "$dir/srs.wkt" "$dir/tile.wkt" || { diff "$dir/tile.wkt" "$dir/srs.wkt"; return 1; }
  $py -c "
import sys
from osgeo import gdal, osr
a, b = (gdal.Open(p).GetProjection() for p in sys.argv[1:3])
assert a and b, (a, b)
sa, sb = osr.SpatialReference(wkt=a), osr.SpatialReference(wkt=b)
assert sa.IsSame(sb) and sa.GetLinearUnits() == 1.0, (a, b)" "$1" "$dir/tile-ref.tif"
}
check "world.vrt has its tiles' CRS (gdalsrsinfo, osgeo)" srs_same "$dir/gdal/world.vrt"
check "overviews/2.vrt has its tiles' CRS" srs_same "$dir/gdal/overviews/2.vrt"
check "world verify passes a whole world" bash -c "'$cli' world verify --world '$dir/gdal/world.json' >/dev/null"

# 3. Idempotent tasks; verify finds what changed.
"$cli" world tile --world "$dir/gdal/world.json" --index 3-5 2>"$dir/again" >/dev/null
check "a rerun skips finished tiles" grep -q "0 computed, 3 already done" "$dir/again"
rm "$dir/gdal/tiles/x7_y2.json"
printf 'x' | dd of="$dir/gdal/tiles/x1_y0.tif" bs=1 seek=5000 conv=notrunc status=none
"$cli" world verify --world "$dir/gdal/world.json" >"$dir/verify" 2>&1
code=$?
check "verify exits 65 when tiles are missing or changed" test "$code" -eq 65
check "verify counts them" grep -q "^254 passed, 2 failed$" "$dir/verify"
check "verify names the missing tile" grep -q "tile 39 (x7_y2): no tile.json" "$dir/verify"
check "verify names the changed tile" grep -q "tile 1 (x1_y0): its file does not match the SHA-256" "$dir/verify"
"$cli" world tile --world "$dir/gdal/world.json" --index 39 2>"$dir/again" >/dev/null
check "the missing tile is computed again" grep -q "1 computed, 0 already done" "$dir/again"
# A tile.json whose fields have the wrong types is a tile not done (not a crash: a fuzzer found
# `"format": 5` reaching std::terminate through nlohmann's value()).
printf '{"recipe_sha256": 5, "sha256": [1], "overviews": 7}' >"$dir/gdal/tiles/x2_y0.json"
"$cli" world verify --world "$dir/gdal/world.json" >"$dir/verify" 2>&1
code=$?
check "verify reads a tile.json of the wrong types as another recipe's (exit 65)" \
    bash -c "test $code -eq 65 && grep -q 'tile 2 (x2_y0): computed for another recipe' '$dir/verify'"
"$cli" world tile --world "$dir/gdal/world.json" --index 2 2>"$dir/again" >/dev/null
check "and world tile computes it again" grep -q "1 computed, 0 already done" "$dir/again"
rm -rf "${dir:?}/gdal"

# 3b. 16-bit PNG tiles: one fixed mapping for every tile, so the mosaic is generate's --map world
# PNG code for code, and verify reads the codes to compare the shared edges.
build_world png --algorithm fbm --seed 22 --world-detail 10 --tile 129 --world-size 3000 --format png16 \
  || fail "the png16 world was not built"
"$cli" generate --algorithm fbm --seed 22 --detail 10 --world-size 3000 --format png16 --map world \
  -o "$dir/png-whole.png" >/dev/null 2>&1 || fail "generate png16"
gdal_translate -q "$dir/png/world.vrt" "$dir/png-mosaic.tif" || fail "gdal_translate of the png16 world"
check "png16 tiles: GDAL's mosaic equals generate's --map world PNG, and the VRT scales codes to metres" \
  $py - "$dir/png-whole.png" "$dir/png-mosaic.tif" "$dir/png/world.vrt" <<'PY'
import json, subprocess, sys
import numpy as np
from osgeo import gdal
from PIL import Image
whole = np.array(Image.open(sys.argv[1]))
mosaic = gdal.Open(sys.argv[2]).ReadAsArray()
assert whole.shape == mosaic.shape == (1025, 1025), (whole.shape, mosaic.shape)
assert mosaic.dtype == np.uint16 and np.array_equal(whole.astype(np.uint16), mosaic)
assert mosaic.min() < 2000 and mosaic.max() > 60000, (mosaic.min(), mosaic.max())  # a full-range world mapping
band = json.loads(subprocess.run(["gdalinfo", "-json", sys.argv[3]], check=True, capture_output=True, text=True).stdout)["bands"][0]
assert band["type"] == "UInt16" and band["offset"] == 0 and abs(band["scale"] - 100 / 65535) < 1e-12, band
assert band["unit"] == "m", band
PY
check "the png16 world.vrt has the tiff tiles' local CRS" srs_same "$dir/png/world.vrt"
check "png16 world verify passes" bash -c "'$cli' world verify --world '$dir/png/world.json' >/dev/null"
# One code on tile 5's west column (tile 4's east column) changed and its tile.json re-hashed: only
# the shared-edge check, which reads the PNG's codes, can see it.
$py - "$dir/png" <<'PY' || fail "editing a png16 tile"
import hashlib, json, sys
import numpy as np
from PIL import Image
d = sys.argv[1]
codes = np.array(Image.open(f"{d}/tiles/x5_y0.png")).astype(np.uint16)
codes[7, 0] ^= 1
Image.fromarray(codes).save(f"{d}/tiles/x5_y0.png")
record = json.load(open(f"{d}/tiles/x5_y0.json"))
record["sha256"] = hashlib.sha256(open(f"{d}/tiles/x5_y0.png", "rb").read()).hexdigest()
json.dump(record, open(f"{d}/tiles/x5_y0.json", "w"))
PY
"$cli" world verify --world "$dir/png/world.json" >"$dir/verify" 2>&1
check "png16 verify reads the codes: an edited edge sample is named" grep -q "tile 5 (x5_y0): .*differs" "$dir/verify"
rm -rf "${dir:?}/png" "$dir"/png-*

# 3c. Engine tiles: each task writes the preset's tiles of its indices; they equal the tiles
# `generate` cuts from the whole map (resampled or cropped the same way), byte for byte.
eng_world=(--algorithm fbm --seed 31 --world-detail 10 --tile 257 --world-size 2048 --height-range 0:400)
eng_gen=(--algorithm fbm --seed 31 --detail 10 --world-size 2048 --height-range 0:400 --map world --tiles 4x4)
"$cli" world init --out "$dir/eng" "${eng_world[@]}" >/dev/null 2>&1 || fail "init for engine tiles"
same_tiles() {  # DIR_A DIR_B: the same 16 heightmap files, byte for byte
  local n=0 f
  for f in "$1"/*; do
    case "$f" in *.json) continue ;; esac
    cmp -s "$f" "$2/$(basename "$f")" || { echo "differs: $f"; return 1; }
    n=$((n + 1))
  done
  [ "$n" -eq 16 ] || { echo "$n tiles in $1"; return 1; }
}
"$cli" world export --world "$dir/eng/world.json" --preset unity --out "$dir/eng-unity/t.raw" >"$dir/eng.out" 2>&1 \
  || fail "world export --preset unity: $(cat "$dir/eng.out")"
mkdir -p "$dir/gen-unity" "$dir/gen-ue" "$dir/gen-crop"
"$cli" generate "${eng_gen[@]}" --preset unity --tile-pattern '{stem}_{xx}_{zz}{ext}' -o "$dir/gen-unity/t.raw" \
  >/dev/null 2>&1 || fail "generate unity tiles"
check "Unity: the world's 257x257 tiles as they are, named NAME_X_Z (Z from the south), equal to generate --tiles 4x4" \
  same_tiles "$dir/eng-unity" "$dir/gen-unity"
check "Unity: tile x1, row 0 (north) is Z 3" cmp -s "$dir/eng-unity/t_1_3.raw" "$dir/gen-unity/t_1_3.raw"
check "Unity: the Terrain Toolbox numbers are printed" grep -q "Total Terrain Width(m): 2048" "$dir/eng.out"
# Splat maps beside each engine tile: the weights of the tile grown by one sample (the slope reads
# its neighbours), from two tasks, equal to those generate --tiles --splat cuts from the whole map.
splat_ops=(--algorithm diamond-square --seed 33 --world-size 3000 --height-range 0:500
  --op mask:source=curvature,curvature_radius_m=30 --op smooth:radius=10)
splat_layers=(--splat 'rock=slope>28' --splat 'snow=height>330~20' --splat 'moss=mask:curvature' --splat 'grass=rest')
"$cli" world init --out "$dir/spl" --world-detail 9 --tile 129 "${splat_ops[@]}" >/dev/null 2>&1 || fail "init for splat tiles"
for range in 0-6 7-15; do
  "$cli" world export --world "$dir/spl/world.json" --preset unity --out "$dir/spl-unity/t.raw" --index "$range" \
    "${splat_layers[@]}" >"$dir/spl.out" 2>&1 || fail "world export --splat: $(cat "$dir/spl.out")"
done
mkdir -p "$dir/gen-spl"
"$cli" generate "${splat_ops[@]}" --detail 9 --map world --tiles 4x4 --preset unity \
  --tile-pattern '{stem}_{xx}_{zz}{ext}' -o "$dir/gen-spl/t.raw" "${splat_layers[@]}" >/dev/null 2>&1 \
  || fail "generate unity tiles with splat maps"
same_splat() {  # DIR_A DIR_B: the same 16 tiles, RGBA control textures and splat sidecars
  local n=0 f
  for f in "$2"/*; do
    case "$f" in *.raw.json) continue ;; esac  # the heightmaps' sidecars: a world tile's records its place
    cmp -s "$f" "$1/$(basename "$f")" || { echo "differs: $f"; return 1; }
    case "$f" in *_splat0_*.png) n=$((n + 1)) ;; esac
  done
  [ "$n" -eq 16 ] || { echo "$n control textures in $2"; return 1; }
  [ "$(ls "$1" | wc -l)" -eq "$(ls "$2" | wc -l)" ] || { echo "file counts differ"; return 1; }
}
check "Unity splat maps of world tiles (two tasks) equal generate --tiles 4x4 --splat, byte for byte" \
  same_splat "$dir/spl-unity" "$dir/gen-spl"
check "every control texture is 128x128 RGBA summing to 255 and the layers all appear" $py - "$dir/spl-unity" <<'PY'
import glob, sys
import numpy as np
from PIL import Image
files = sorted(glob.glob(sys.argv[1] + "/*_splat0_*.png"))
total = np.zeros(4)
for f in files:
    im = Image.open(f)
    assert im.mode == "RGBA" and im.size == (128, 128), (f, im.mode, im.size)
    a = np.asarray(im).astype(int)
    assert (a.sum(axis=2) == 255).all(), f
    total += a.reshape(-1, 4).sum(axis=0)
assert len(files) == 16 and (total > 0).all(), total
PY
"$cli" world export --world "$dir/spl/world.json" --preset unity --out "$dir/spl-unity/t.raw" "${splat_layers[@]}" \
  2>"$dir/spl.err" >/dev/null
check "a rerun with the same layers skips every tile" grep -q "0 written, 16 already there" "$dir/spl.err"
rm "$dir/spl-unity/t_splat0_2_1.png"
"$cli" world export --world "$dir/spl/world.json" --preset unity --out "$dir/spl-unity/t.raw" "${splat_layers[@]}" \
  2>"$dir/spl.err" >/dev/null
check "a tile whose control texture is missing is written again" grep -q "1 written, 15 already there" "$dir/spl.err"
"$cli" world export --world "$dir/spl/world.json" --preset unity --out "$dir/spl-unity/t.raw" \
  --splat 'rock=slope>40' --splat 'grass=rest' 2>"$dir/spl.err" >/dev/null
check "other layers write every tile again" grep -q "16 written, 0 already there" "$dir/spl.err"
# Unreal: the world resampled (heights bicubic, weights bilinear, as generate resizes them) or
# cropped; each task reads one window of the world holding both resizes' taps.
same_unreal_splat() {  # RESIZE: world export (two tasks) equals generate --tiles 4x4 --size --resize --splat
  local w="$dir/spl-ue-$1" g="$dir/gen-spl-ue-$1" side n=0 f
  for range in 0-5 6-15; do
    "$cli" world export --world "$dir/spl/world.json" --preset unreal --resize "$1" --out "$w/t.png" --index "$range" \
      "${splat_layers[@]}" >/dev/null 2>"$dir/spl.err" || { cat "$dir/spl.err"; return 1; }
  done
  side=$($py -c "import json,sys; j=json.load(open(sys.argv[1])); print(j['width'] * j['tile']['columns'])" "$w/t_x0_y0.png.json")
  mkdir -p "$g"
  "$cli" generate "${splat_ops[@]}" --detail 9 --map world --tiles 4x4 --preset unreal --size "${side}x${side}" \
    --resize "$1" -o "$g/t.png" "${splat_layers[@]}" >/dev/null 2>&1 || { echo "generate failed"; return 1; }
  for f in "$g"/*; do
    case "$f" in *.png.json) continue ;; esac
    cmp -s "$f" "$w/$(basename "$f")" || { echo "differs: $f"; return 1; }
    n=$((n + 1))
  done
  [ "$n" -eq $((16 * 6)) ] || { echo "$n files"; return 1; }  # a tile, 4 layers and a splat sidecar each
}
check "Unreal splat maps of a resampled world (two tasks) equal generate's, byte for byte" same_unreal_splat bicubic
check "Unreal splat maps of a cropped world equal generate's, byte for byte" same_unreal_splat crop
rm -rf "${dir:?}/spl" "$dir/spl-unity" "$dir/gen-spl" "$dir"/spl-ue-* "$dir"/gen-spl-ue-*
"$cli" generate --algorithm fbm --seed 31 --detail 10 --world-size 2048 --height-range 0:400 --map world \
  --format png16 -o "$dir/eng-whole.png" >/dev/null 2>&1 || fail "generate the whole map"
# Unity's Terrain Toolbox, Create New Terrain in Batch mode, as TerrainToolboxCreateTerrain.cs and
# Heightmap.cs (com.unity.terrain-tools) read the folder: *.raw sorted as text from the first '_',
# handed to tiles x-major then z; size from the byte count; little-endian codes / 65535; Flip Axis
# Vertical; Height Remap Min..Max; tiles placed (int)(width / tiles X) metres apart from the Start
# Position. The terrain it builds must be the whole map.
check "Unity: the Terrain Toolbox's batch import (emulated from its source) rebuilds the whole map" \
  $py - "$dir/eng-unity" "$dir/eng.out" "$dir/eng-whole.png" <<'PY'
import glob, math, re, sys
import numpy as np
from PIL import Image
folder, out, whole = sys.argv[1:]
settings = dict(re.findall(r"^  (?:.*> )?([^:>]+): (.*)$", open(out).read(), re.M))
tiles_x, tiles_z = int(settings["Tiles X Axis"]), int(settings["Tiles Z Axis"])
res = int(settings["Heightmap Resolution"])
tile_m = int(float(settings["Total Terrain Width(m)"])) // tiles_x
lo_m, hi_m = float(settings["Height Remap Min"]), float(settings["Height Remap Max"])
start_y = float(re.search(r"Y (\S+),", settings["Start Position"]).group(1))
assert settings["Flip Axis"] == "Vertical" and settings["Heightmap Mode"] == "Batch", settings
files = sorted(glob.glob(folder + "/*.raw"), key=lambda f: f[f.index("_"):])
assert len(files) == tiles_x * tiles_z, files
spacing = tile_m / (res - 1)
n = tiles_x * (res - 1) + 1
south_up = np.full((n, n), np.nan)
index = 0
for x in range(tiles_x):
    for z in range(tiles_z):
        data = np.fromfile(files[index], "<u2"); index += 1
        side = math.isqrt(data.size)
        assert side * side == data.size and side == res, (files[index - 1], data.size)
        t = data.reshape(side, side)[::-1].astype(np.float64) / 65535.0  # Flip Axis: Vertical
        metres = start_y + lo_m + t * (hi_m - lo_m)
        x0, z0 = round(x * tile_m / spacing), round(z * tile_m / spacing)
        block = south_up[z0:z0 + side, x0:x0 + side]
        shared = ~np.isnan(block)
        assert np.allclose(block[shared], metres[shared], rtol=0, atol=1e-9), "neighbours disagree on a shared edge"
        south_up[z0:z0 + side, x0:x0 + side] = metres
codes = np.array(Image.open(whole)).astype(np.float64)
expected = 0 + codes / 65535.0 * 400
assert not np.isnan(south_up).any()
assert np.allclose(south_up[::-1], expected, rtol=0, atol=1e-9), np.abs(south_up[::-1] - expected).max()
PY
# Unreal: two tasks; the world resampled to the nearest whole landscape UE5 fits.
for range in 0-9 10-15; do
  "$cli" world export --world "$dir/eng/world.json" --preset unreal --index "$range" --out "$dir/eng-ue/t.png" \
    >/dev/null 2>"$dir/eng.err" || fail "world export --preset unreal --index $range: $(cat "$dir/eng.err")"
done
# The side of the landscape the Unreal tiles in DIR make edge to edge (from a sidecar).
landscape_side() {
  $py -c "import json,sys; j=json.load(open(sys.argv[1])); print(j['width'] * j['tile']['columns'])" "$1/t_x0_y0.png.json"
}
# ENGINE_DIR GEN_DIR RESIZE: generate's Unreal tiles at that side, byte for byte the same.
same_as_generate_unreal() {
  local side
  side=$(landscape_side "$1") || return 1
  "$cli" generate "${eng_gen[@]}" --preset unreal --size "${side}x${side}" --resize "$3" -o "$2/t.png" \
    >/dev/null 2>&1 || { echo "generate at ${side}x${side} --resize $3 failed"; return 1; }
  same_tiles "$1" "$2"
}
check "Unreal: two tasks' resampled tiles equal generate's at the same size, --resize bicubic" \
  same_as_generate_unreal "$dir/eng-ue" "$dir/gen-ue" bicubic
side=$(landscape_side "$dir/eng-ue")
check "Unreal: 16-bit PNG tiles placed edge to edge (PIL reads them)" $py - "$dir/eng-ue" "$side" <<'PY'
import json, sys
import numpy as np
from PIL import Image
d, side = sys.argv[1], int(sys.argv[2])
t = np.array(Image.open(f"{d}/t_x3_y1.png"))
j = json.load(open(f"{d}/t_x3_y1.png.json"))
assert t.shape == (side // 4, side // 4) and 0 <= t.min() and t.max() <= 65535 and t.std() > 100, t.shape
assert Image.open(f"{d}/t_x3_y1.png").mode.startswith("I"), "a 16-bit greyscale PNG"
assert j["tile"]["shared_border"] == 0 and j["tile"]["origin_samples"] == [3 * side // 4, side // 4], j["tile"]
assert abs(j["metres_per_pixel"] - 2048 / (side - 1)) < 1e-9, j["metres_per_pixel"]  # the world's extent kept
PY
"$cli" world export --world "$dir/eng/world.json" --preset unreal --out "$dir/eng-ue/t.png" >/dev/null 2>"$dir/eng.err"
check "a rerun skips every finished tile" grep -q "0 written, 16 already there" "$dir/eng.err"
printf 'x' | dd of="$dir/eng-ue/t_x2_y3.png" bs=1 seek=3000 conv=notrunc status=none
"$cli" world export --world "$dir/eng/world.json" --preset unreal --out "$dir/eng-ue/t.png" >/dev/null 2>"$dir/eng.err"
check "a damaged tile is written again" grep -q "1 written, 15 already there" "$dir/eng.err"
check "and equals generate's again" cmp -s "$dir/eng-ue/t_x2_y3.png" "$dir/gen-ue/t_x2_y3.png"
"$cli" world export --world "$dir/eng/world.json" --preset unreal --resize crop --out "$dir/eng-crop/t.png" \
  >/dev/null 2>"$dir/eng.err" || fail "world export --resize crop: $(cat "$dir/eng.err")"
check "Unreal cropped: the world's own samples, equal to generate's at the same size, --resize crop" \
  same_as_generate_unreal "$dir/eng-crop" "$dir/gen-crop" crop
expect 64 "--tile-pattern: '{stem}{x}{y}{ext}'" world export --world "$dir/eng/world.json" --out "$bad/t.png" \
  --tile-pattern '{stem}{x}{y}{ext}'
expect 64 "--preset: 'cryengine'" world export --world "$dir/eng/world.json" --out "$bad/t.png" --preset cryengine
expect 64 "--index: '16'" world export --world "$dir/eng/world.json" --out "$bad/t.png" --index 16
expect 64 "--out" world export --world "$dir/eng/world.json"
# 2^30 tiles of 33 samples: refused, naming the limit, before any list, VRT or report grows with it.
expect 64 "in at most 65536 tiles (256 a side: here tiles of at least 4097 samples)" world init --out "$bad/w" \
  --algorithm fbm --world-detail 20 --tile 33
"$cli" world init --out "$dir/huge" --algorithm fbm --world-detail 20 --tile 4097 >/dev/null 2>&1 || fail "init of a huge world"
expect 64 "--preset: 'unreal'" world export --world "$dir/huge/world.json" --out "$bad/t.png" --preset unreal
rm -rf "${dir:?}"/eng* "${dir:?}"/gen-* "${dir:?}/huge"

# 4. GNU parallel through docs/examples/world/parallel.sh, SIGKILLed at about half and rerun.
example="$(dirname "$0")/../../../docs/examples/world/parallel.sh"
world_flags=(--algorithm midpoint-displacement --seed 8 --world-detail 12 --tile 257 --world-size 4096)
build_world reference "${world_flags[@]}" || fail "the uninterrupted world was not built"
"$cli" world init --out "$dir/par" "${world_flags[@]}" >/dev/null 2>&1 || fail "init for parallel"
run_example() { WORLD="$dir/par" CLI="$cli" JOBS=2 bash "$example" >"$dir/par.out" 2>>"$dir/par.log"; }
setsid bash -c "$(declare -f run_example); dir='$dir' cli='$cli' example='$example'; run_example" &
leader=$!
for _ in $(seq 1 600); do
  [ "$(ls "$dir/par/tiles/" 2>/dev/null | grep -c '\.json$')" -ge 128 ] && break
  sleep 0.05
done
kill -KILL -- "-$leader" 2>/dev/null
wait "$leader" 2>/dev/null
before=$(ls "$dir/par/tiles/" | grep -c '\.json$')
check "the run was killed part way ($before of 256 tiles done)" test "$before" -ge 64 -a "$before" -lt 256
# Inodes of the finished tiles: a tile computed again is renamed into place, a new inode.
(cd "$dir/par/tiles" && for f in *.json; do stat -c '%n %i' "${f%.json}.tif"; done) >"$dir/inodes-before"
check "the rerun of the example finishes, verifies and writes the VRT" run_example
check "it printed verify's count" grep -q "^256 passed, 0 failed$" "$dir/par.out"
check "every tile done after the resume" test "$(ls "$dir/par/tiles/" | grep -c '\.json$')" -eq 256
check "no finished tile was computed again" bash -c "cd '$dir/par/tiles' && while read -r f i; do \
  [ \"\$(stat -c %i \"\$f\")\" = \"\$i\" ] || exit 1; done <'$dir/inodes-before'"
check "the resumed tiles equal the uninterrupted run's, byte for byte" \
  bash -c "cd '$dir/par' && for f in tiles/*.tif overviews/*/*.tif; do cmp -s \"\$f\" '$dir/reference/'\"\$f\" || exit 1; done"
check "the world.vrt is the uninterrupted run's" cmp -s "$dir/par/world.vrt" "$dir/reference/world.vrt"

# 5. Refusals.
expect 64 "thermal-erosion" world init --out "$bad/w" --world-detail 12 --tile 257 --op thermal-erosion
expect 64 "reads its neighbours" world init --out "$bad/w" --world-detail 12 --tile 257 --op hydraulic-erosion
expect 64 "--tile: '100' is not allowed" world init --out "$bad/w" --world-detail 12 --tile 100
expect 64 "--world-detail: '21'" world init --out "$bad/w" --world-detail 21 --tile 257
expect 64 "algorithm: 'midpoint-line'" world init --out "$bad/w" --world-detail 12 --tile 257 --algorithm midpoint-line
expect 64 "interpolation" world init --out "$bad/w" --world-detail 12 --tile 257 --set interpolation=cubic
expect 64 "--format: 'exr'" world init --out "$bad/w" --world-detail 12 --tile 257 --format exr
expect 64 "--index: '256'" world tile --world "$dir/par/world.json" --index 256
expect 64 "--splat: 'moss=mask:deposition'" world export --world "$dir/par/world.json" --preset unity \
  --out "$bad/t.raw" --splat 'moss=mask:deposition'
expect 64 "--splat-size: '100'" world export --world "$dir/par/world.json" --preset unity --out "$bad/t.raw" \
  --splat 'rock=slope>30' --splat-size 100
expect 64 "--index: '9-3'" world tile --world "$dir/par/world.json" --index 9-3
expect 64 "holds another world" world init --out "$dir/par" --world-detail 12 --tile 257 --seed 99
printf '{"format": "terrain-world", "format_version": 1}' >"$dir/broken.json"
expect 65 "recipe" world tile --world "$dir/broken.json" --index 0
printf '{"format": 5, "format_version": 1}' >"$dir/broken.json"
expect 65 "format: '5'" world tile --world "$dir/broken.json" --index 0
expect 64 "--world" world verify --world "$dir/nothing-here.json"

finish
