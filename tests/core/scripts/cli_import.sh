#!/usr/bin/env bash
# terrain-cli and imports end to end (docs/importing.md): every format we export comes back in the
# same metres (floats bit for bit, 16-bit codes within half a step); GDAL-written GeoTIFF, SRTM HGT
# and ASCII grids land with the right extent and heights; Unity's and Unreal's raws come back with
# the numbers our export printed; a VRT tile set imports and a world of tiles of it equals the
# whole map; layers and masks from images; bad files are refused with a clear message, nothing
# written. Needs TERRAIN_CLI.
source "$(dirname "$0")/cli_test_lib.sh"

world=(--algorithm fbm --detail 9 --world-size 5120 --height-range 100:900 --set feature_size_m=1500)
"$cli" generate "${world[@]}" --output "$dir/ref.tif" 2>>"$dir/log" || fail "generate the reference"

# Every format we export, read back with no question asked (our sidecar says what it holds).
same() {  # same WHAT IMPORTED TOLERANCE: the import's GeoTIFF against the reference, in metres
  $py - "$dir/ref.tif" "$2" "$3" <<'PY'
import sys, numpy as np
from osgeo import gdal
a = gdal.Open(sys.argv[1]).ReadAsArray(); b = gdal.Open(sys.argv[2]).ReadAsArray()
tol = float(sys.argv[3])
assert a.shape == b.shape, (a.shape, b.shape)
if tol == 0:
    assert (a.view(np.uint32) == b.view(np.uint32)).all(), "not bit for bit"
else:
    d = np.abs(a.astype(np.float64) - b.astype(np.float64)).max()
    assert d <= tol, (d, tol)
PY
}
half_step=$($py -c 'print(800 / 65535 / 2 * 1.0000001)')
for f in tif exr r32 png r16; do
  "$cli" generate "${world[@]}" --output "$dir/ours.$f" 2>>"$dir/log" || fail "export $f"
  "$cli" generate --import "$dir/ours.$f" --output "$dir/back-$f.tif" 2>>"$dir/log" || fail "import $f"
  case $f in png|r16) tol=$half_step ;; *) tol=0 ;; esac
  check "our $f comes back in the same metres (tolerance $tol m)" same "$f" "$dir/back-$f.tif" "$tol"
done
check "the import's world is the file's: 5120 m, 10 m a sample" \
  bash -c "grep -q '\"metres_per_pixel\": 10.0' '$dir/back-tif.tif.json'"

# A float GeoTIFF written by GDAL (a projected CRS, 10 m pixels) at the map's size: bit for bit.
$py - "$dir" <<'PY' || fail "write GDAL files"
import sys, numpy as np
from osgeo import gdal, osr
d = sys.argv[1]
a = gdal.Open(d + "/ref.tif").ReadAsArray()
drv = gdal.GetDriverByName("GTiff")
t = drv.Create(d + "/utm.tif", 513, 513, 1, gdal.GDT_Float32)
t.SetGeoTransform([500000, 10, 0, 5200000, 0, -10])
srs = osr.SpatialReference(); srs.ImportFromEPSG(32632); t.SetProjection(srs.ExportToWkt())
t.GetRasterBand(1).WriteArray(a); t = None
# An Arc/Info ASCII grid (30 m cells) and an SRTM 3" HGT tile with a hole of no-data.
g = np.round(a[::4, ::4]).astype(np.int16)  # 129 x 129
mem = gdal.GetDriverByName("MEM").Create("", 129, 129, 1, gdal.GDT_Int16)
mem.SetGeoTransform([0, 30, 0, 0, 0, -30]); mem.GetRasterBand(1).WriteArray(g)
gdal.GetDriverByName("AAIGrid").CreateCopy(d + "/grid.asc", mem)
h = np.round(np.kron(a[::4, ::4], np.ones((10, 10)))[:1201, :1201]).astype(np.int16)
h[600:604, 600:604] = -32768
mem = gdal.GetDriverByName("MEM").Create("", 1201, 1201, 1, gdal.GDT_Int16)
mem.SetGeoTransform([6 - 0.5 / 1200, 1 / 1200, 0, 46 + 0.5 / 1200, 0, -1 / 1200])
srs = osr.SpatialReference(); srs.ImportFromEPSG(4326); mem.SetProjection(srs.ExportToWkt())
mem.GetRasterBand(1).SetNoDataValue(-32768); mem.GetRasterBand(1).WriteArray(h)
gdal.GetDriverByName("SRTMHGT").CreateCopy(d + "/N45E006.hgt", mem)
np.save(d + "/hgt.npy", h)
PY
"$cli" generate --import "$dir/utm.tif" --output "$dir/utm-back.tif" 2>>"$dir/log" || fail "import the GDAL GeoTIFF"
check "a GDAL-written float GeoTIFF at the map's size imports bit for bit, 10 m apart" \
  bash -c "$(declare -f same); py=$py dir=$dir same utm '$dir/utm-back.tif' 0 && grep -q '\"metres_per_pixel\": 10.0' '$dir/utm-back.tif.json'"
"$cli" generate --import "$dir/grid.asc" --output "$dir/grid-back.tif" 2>>"$dir/log" || fail "import the ASCII grid"
check "an ASCII grid imports with its extent (128 cells of 30 m) and heights" $py - "$dir/grid.asc" "$dir/grid-back.tif" <<'PY'
import sys, json, numpy as np
from osgeo import gdal
a = gdal.Open(sys.argv[1]).ReadAsArray(); b = gdal.Open(sys.argv[2]).ReadAsArray()
s = json.load(open(sys.argv[2] + ".json"))
assert b.shape == (129, 129) and s["metres_per_pixel"] == 30.0, (b.shape, s["metres_per_pixel"])
assert (a.astype(np.float32) == b).all()
PY
"$cli" generate --import "$dir/N45E006.hgt" --detail 10 --output "$dir/hgt-back.tif" 2>>"$dir/log" || fail "import the HGT"
check "an SRTM HGT imports in metres with its extent from the degrees, the hole filled from around it" \
  $py - "$dir/hgt.npy" "$dir/hgt-back.tif" <<'PY'
import sys, json, math, numpy as np
from osgeo import gdal
h = np.load(sys.argv[1]).astype(np.float64); b = gdal.Open(sys.argv[2]).ReadAsArray().astype(np.float64)
s = json.load(open(sys.argv[2] + ".json"))
# 1200 cells of 3" of longitude at 45.5 N: about 2337 m a degree / 1200 x ...; the world spans 0.0025 deg x 1200.
phi = math.radians(45.5)
per_lon = 111412.84 * math.cos(phi) - 93.5 * math.cos(3 * phi) + 0.118 * math.cos(5 * phi)
per_lat = 111132.92 - 559.82 * math.cos(2 * phi) + 1.175 * math.cos(4 * phi) - 0.0023 * math.cos(6 * phi)
sx, sy = per_lon / 1200, per_lat / 1200
# The square map covers the whole tile: its extent is the longer span (north-south here).
extent = max(sx, sy) * 1200
assert abs(s["world_size_metres"][0] - extent) < 1e-6 * extent, (s["world_size_metres"], extent)
valid = h > -32768
assert b.min() > h[valid].min() - 1 and b.max() < h.max() + 1, (b.min(), b.max())
# Rows are 3" of latitude (longer than 3" of longitude): file sample (c, r) lies at map sample
# (c sx, r sy) / spacing.
row = int(round(601.5 * sy / (extent / 1024))); col = int(round(601.5 * sx / (extent / 1024)))
hole = b[row - 1:row + 2, col - 1:col + 2]
around = h[594:610, 594:610][valid[594:610, 594:610]]
assert hole.min() >= around.min() - 1 and hole.max() <= around.max() + 1, (row, col, hole, around.min(), around.max())
PY

# A real place: the USGS DEM in docs/examples (GeoTIFF, int16 metres, 3" in WGS 84), cropped square.
root="$(cd "$(dirname "$0")/../../.." && pwd)"
"$cli" generate --import "$root/docs/examples/jacksboro_dem.tif:crop=0,0,403,325,resample=nearest" --detail 9 \
  --output "$dir/jacksboro.tif" 2>>"$dir/log" || fail "import the real DEM"
check "the real DEM lands in metres over its extent from the degrees" $py - "$root/docs/examples/jacksboro_dem.tif" \
  "$dir/jacksboro.tif" <<'PY'
import sys, json, math, numpy as np
from osgeo import gdal
src = gdal.Open(sys.argv[1]); a = src.ReadAsArray().astype(np.float64)[:325, :403]
b = gdal.Open(sys.argv[2]).ReadAsArray().astype(np.float64)
s = json.load(open(sys.argv[2] + ".json"))
gt = src.GetGeoTransform()
phi = math.radians(gt[3] + gt[5] * 344 / 2)
sx = gt[1] * (111412.84 * math.cos(phi) - 93.5 * math.cos(3 * phi) + 0.118 * math.cos(5 * phi))
sy = -gt[5] * (111132.92 - 559.82 * math.cos(2 * phi) + 1.175 * math.cos(4 * phi) - 0.0023 * math.cos(6 * phi))
extent = max(402 * sx, 324 * sy)
assert abs(s["world_size_metres"][0] - extent) < 1e-6 * extent, (s["world_size_metres"], extent)
assert 236 <= b.min() and b.max() <= 1076, (b.min(), b.max())
# Nearest: every map sample is a file sample, at its place in metres.
step = extent / 512
for j in range(0, 513, 37):
    for i in range(0, 513, 41):
        c = min(402, int(math.floor(i * step / sx + 0.5))); r = min(324, int(math.floor(j * step / sy + 0.5)))
        assert b[j, i] == a[r, c], (i, j, b[j, i], a[r, c])
PY

# Unity's raw and Unreal's PNG with only the numbers our export printed (no sidecar).
"$cli" generate "${world[@]}" --preset unity --output "$dir/unity.raw" 2>>"$dir/log" || fail "unity export"
"$cli" generate "${world[@]}" --preset unreal --output "$dir/unreal.png" 2>>"$dir/log" || fail "unreal export"
sizey=$($py -c 'import json,sys; print(json.load(open(sys.argv[1]))["engine"]["settings"]["Terrain Size Y"])' "$dir/unity.raw.json")
posy=$($py -c 'import json,sys; print(json.load(open(sys.argv[1]))["engine"]["settings"]["Terrain Transform Position Y"])' "$dir/unity.raw.json")
scalez=$($py -c 'import json,sys; print(json.load(open(sys.argv[1]))["engine"]["settings"]["Scale Z"])' "$dir/unreal.png.json")
locz=$($py -c 'import json,sys; print(json.load(open(sys.argv[1]))["engine"]["settings"]["Location Z (cm)"].split()[0])' "$dir/unreal.png.json")
cp "$dir/ref.tif" "$dir/unity-ref.tif"
mv "$dir/unity.raw.json" "$dir/unity.raw.sidecar"; mv "$dir/unreal.png.json" "$dir/unreal.png.sidecar"
"$cli" generate --import "$dir/unity.raw:raw=513x513:u16:le,height=unity:$sizey:$posy,size_m=5120" \
  --output "$dir/unity-back.tif" 2>>"$dir/log" || fail "import unity raw"
check "Unity's raw with Terrain Size Y and Position Y comes back within half a step" same unity "$dir/unity-back.tif" "$half_step"
"$cli" generate --import "$dir/unreal.png:height=unreal:$scalez:$locz,size_m=5120,resample=nearest" --detail 9 \
  --output "$dir/unreal-back.tif" 2>>"$dir/log" || fail "import unreal png"
check "Unreal's PNG with Scale Z and Location Z comes back as Unreal reads it, within half a step of the range" \
  $py - "$dir/unreal.png" "$dir/unreal-back.tif" "$scalez" "$locz" "$dir/ref.tif" <<'PY'
import sys, numpy as np
from osgeo import gdal
codes = gdal.Open(sys.argv[1]).ReadAsArray().astype(np.float64)  # 505 x 505 over 5120 m
sz, lz = float(sys.argv[3]), float(sys.argv[4])
metres = (lz + (codes - 32768) * sz / 128) / 100  # LandscapeDataAccess.h
b = gdal.Open(sys.argv[2]).ReadAsArray().astype(np.float64)  # 513 x 513, 10 m
u = np.floor(np.arange(513) * 10 / (5120 / 504) + 0.5).astype(int)
want = metres[np.ix_(u, u)]
assert np.abs(b - want).max() < 1e-3, np.abs(b - want).max()
# And Unreal's heights are the terrain's: code 0 and 65535 are the export's 100 and 900 m.
assert abs((lz - 32768 * sz / 128) / 100 - 100) < 1e-4 and abs((lz + 32767 * sz / 128) / 100 - 900) < 1e-4
PY

# The lattice rule: detail 11 of a bicubic import sampled every 4th point is detail 9.
"$cli" generate --import "$dir/ours.tif:resample=bicubic" --detail 11 --output "$dir/d11.tif" 2>>"$dir/log" || fail "d11"
"$cli" generate --import "$dir/ours.tif:resample=bicubic" --detail 9 --height-range 100:900 --output "$dir/d9.tif" \
  2>>"$dir/log" || fail "d9"
"$cli" generate --import "$dir/ours.tif:resample=bicubic" --detail 11 --height-range 100:900 --output "$dir/d11r.tif" \
  2>>"$dir/log" || fail "d11 with the range"
check "bicubic import: detail 11 every 4th sample = detail 9" $py -c '
import sys
from osgeo import gdal
a = gdal.Open(sys.argv[1]).ReadAsArray(); b = gdal.Open(sys.argv[2]).ReadAsArray()
assert (a[::4, ::4] == b).all()' "$dir/d11r.tif" "$dir/d9.tif"

# A VRT tile set (2 x 2 GeoTIFFs cut by GDAL): imported, and a world of 4 x 4 tiles = the whole map.
"$cli" generate --algorithm fbm --detail 10 --world-size 10240 --height-range 100:900 --set feature_size_m=1500 \
  --output "$dir/big.tif" 2>>"$dir/log" || fail "big"
$py - "$dir" <<'PY' || fail "cut the tiles"
import sys
from osgeo import gdal
d = sys.argv[1]
for i, (x, y) in enumerate([(0, 0), (512, 0), (0, 512), (512, 512)]):
    gdal.Translate(f"{d}/t{i}.tif", f"{d}/big.tif", srcWin=[x, y, 513, 513])
gdal.BuildVRT(f"{d}/tiles.vrt", [f"{d}/t{i}.tif" for i in range(4)])
PY
mkdir -p "$dir/rec"
"$cli" generate --import "$dir/tiles.vrt:resample=bicubic" --output "$dir/vrt.tif" --save-recipe "$dir/rec/vrt.json" \
  2>>"$dir/log" || fail "import the VRT"
check "the VRT imports as the map it was cut from" cmp -s <($py -c '
import sys
from osgeo import gdal
print(gdal.Open(sys.argv[1]).ReadAsArray().tobytes().hex())' "$dir/vrt.tif") <($py -c '
import sys
from osgeo import gdal
print(gdal.Open(sys.argv[1]).ReadAsArray().tobytes().hex())' "$dir/big.tif")
check "the saved recipe names the VRT relative to its folder" grep -q '"file": "../tiles.vrt"' "$dir/rec/vrt.json"
world_matches "a world of 4x4 tiles of the imported VRT equals the whole map" "$dir/rec/vrt.json" 10 257 "$dir/vrt.tif"

# Layers and masks: a sketch added on top of a generator, through a mask painted in an 8-bit PNG.
$py - "$dir" <<'PY' || fail "paint the sketch"
import sys, numpy as np
from osgeo import gdal
d = sys.argv[1]
y, x = np.mgrid[0:257, 0:257] / 256.0
hill = (np.clip(1 - ((x - 0.5) ** 2 + (y - 0.5) ** 2) / 0.1, 0, 1) * 65535).astype(np.uint16)
m = gdal.GetDriverByName("MEM").Create("", 257, 257, 1, gdal.GDT_UInt16); m.GetRasterBand(1).WriteArray(hill)
gdal.GetDriverByName("PNG").CreateCopy(d + "/hill.png", m)
east = np.zeros((257, 257), np.uint8); east[:, 128:] = 255
m = gdal.GetDriverByName("MEM").Create("", 257, 257, 1, gdal.GDT_Byte); m.GetRasterBand(1).WriteArray(east)
gdal.GetDriverByName("PNG").CreateCopy(d + "/east.png", m)
PY
"$cli" generate "${world[@]}" --import-mask "$dir/east.png:name=east" --import "$dir/hill.png:height=0:300,mask=east" \
  --output "$dir/layered.tif" 2>>"$dir/log" || fail "layer and mask"
check "the hill is added (0..300 m) east of the middle only" $py - "$dir/ref.tif" "$dir/layered.tif" <<'PY'
import sys, numpy as np
from osgeo import gdal
a = gdal.Open(sys.argv[1]).ReadAsArray().astype(np.float64); b = gdal.Open(sys.argv[2]).ReadAsArray().astype(np.float64)
d = b - a
assert np.abs(d[:, :250]).max() < 1e-3, np.abs(d[:, :250]).max()
want = 300 * (1 - (300 / 512 - 0.5) ** 2 / 0.1)  # the painted hill 44 samples east of its top
assert abs(d[256, 300] - want) < 1, (d[256, 300], want)
assert 295 < d.max() <= 300.01 and d.min() > -1e-3, (d.min(), d.max())
PY

# An image stamp in a layout: its file relative to the GeoJSON; the saved recipe keeps it relative
# to the recipe's folder and makes the same bytes.
mkdir -p "$dir/stamps/img" "$dir/stamps/rec"
cp "$dir/hill.png" "$dir/stamps/img/hill.png"
cat >"$dir/stamps/hill.geojson" <<'JSON'
{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [2560, -2560]},
 "properties": {"kind": "stamp", "id": "hill", "image": "img/hill.png", "size_m": 2000, "height_m": 250, "rotation_deg": 20}}]}
JSON
"$cli" generate "${world[@]}" --layout "$dir/stamps/hill.geojson" --output "$dir/stamped.tif" \
  --save-recipe "$dir/stamps/rec/stamped.json" 2>>"$dir/log" || fail "layout with an image stamp"
"$cli" generate --recipe "$dir/stamps/rec/stamped.json" --output "$dir/stamped-again.tif" 2>>"$dir/log" || fail "its recipe"
check "an image stamp's recipe names the image relative to it and makes the same bytes" \
  bash -c "grep -q '\"image\": \"../img/hill.png\"' '$dir/stamps/rec/stamped.json' && cmp -s '$dir/stamped.tif' '$dir/stamped-again.tif'"
check "the stamp raises the painted hill (up to 250 m) around the middle only" $py - "$dir/ref.tif" "$dir/stamped.tif" <<'PY'
import sys, numpy as np
from osgeo import gdal
a = gdal.Open(sys.argv[1]).ReadAsArray().astype(np.float64); b = gdal.Open(sys.argv[2]).ReadAsArray().astype(np.float64)
d = b - a
assert 240 < d.max() <= 250.01, d.max()
assert np.abs(d[:60, :]).max() == 0 and np.abs(d[:, :60]).max() == 0
PY

# Bad files: refused naming the flag, the file and why; nothing written.
mkfifo "$dir/fifo"
head -c 3000 "$dir/ours.png" >"$dir/truncated.png"
cp "$dir/ours.tif" "$dir/$(printf 'bad\xff.tif')"
$py - "$dir/huge.tif" <<'PY'
import struct, sys
e = [(256, 4, 1, 1000000), (257, 4, 1, 1000000), (258, 3, 1, 32), (259, 3, 1, 1), (262, 3, 1, 1), (273, 4, 1, 8),
     (277, 3, 1, 1), (278, 4, 1, 1000000), (279, 4, 1, 4), (339, 3, 1, 3)]
d = b"II*\x00" + struct.pack("<I", 16) + b"\0" * 8 + struct.pack("<H", len(e))
for t, k, c, v in e: d += struct.pack("<HHII", t, k, c, v)
open(sys.argv[1], "wb").write(d + struct.pack("<I", 0))
PY
printf '<VRTDataset rasterXSize="9" rasterYSize="9"><VRTRasterBand dataType="Float32" band="1"><SimpleSource><SourceFilename relativeToVRT="0">/dev/zero</SourceFilename></SimpleSource></VRTRasterBand></VRTDataset>' >"$dir/zero.vrt"
printf '<VRTDataset rasterXSize="9" rasterYSize="9"><VRTRasterBand dataType="Float32" band="1"><SimpleSource><SourceFilename relativeToVRT="1">fifo</SourceFilename></SimpleSource></VRTRasterBand></VRTDataset>' >"$dir/fifo.vrt"
printf '<VRTDataset rasterXSize="9" rasterYSize="9"><VRTRasterBand dataType="Float32" band="1" subClass="VRTDerivedRasterBand"><PixelFunctionLanguage>Python</PixelFunctionLanguage><PixelFunctionCode>import os</PixelFunctionCode></VRTRasterBand></VRTDataset>' >"$dir/python.vrt"
out=(--output "$bad/x.tif")
expect 64 "this is a FIFO" generate --import "$dir/fifo" "${out[@]}"
expect 64 "this is a folder" generate --import "$dir" "${out[@]}"
expect 64 "a readable PNG (chunk IDAT at byte" generate --import "$dir/truncated.png:height=0:100" "${out[@]}"
expect 64 "raw samples of 500x500:u16:le: 500000 bytes" generate --import "$dir/ours.r16:raw=500x500" "${out[@]}"
expect 64 "at most 268435456 samples" generate --import "$dir/huge.tif" "${out[@]}"
expect 64 "a file name in UTF-8" generate --import "$dir/$(printf 'bad\xff.tif')" "${out[@]}"
expect 64 "/dev/zero (this is a device)" generate --import "$dir/zero.vrt" "${out[@]}"
expect 64 "fifo (this is a FIFO)" generate --import "$dir/fifo.vrt" "${out[@]}"
expect 64 "a VRT of plain sources" generate --import "$dir/python.vrt" "${out[@]}"
expect 64 "a height range for uint8 codes" generate --import "$dir/east.png" "${out[@]}"
expect 64 "--import resample" generate --import "$dir/ours.tif:resample=cubic" "${out[@]}"
expect 64 "blend, weight and mask belong to a layer" generate --import "$dir/ours.tif:blend=max" "${out[@]}"
check "GDAL wrote nothing beside the files it read (no .aux.xml)" bash -c "! ls '$dir' | grep -q aux.xml"
finish
