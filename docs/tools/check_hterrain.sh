#!/usr/bin/env bash
# Imports our Godot HTerrain export (--preset godot-hterrain: RAW16 heightmap and RGBA8 splat map)
# with the HTerrain plugin's own importer, run headless in Godot 3, and compares what it imported
# with what we meant: the heights in metres (terrain-cli raw32 of the same recipe), the splat
# weights byte for byte, the size and the orientation. A manual check (docs/exporting.md gives
# its last result): the plugin is not part of this project and CI cannot download it.
#
#   apt-get install godot3-server
#   git clone https://github.com/Zylann/godot_heightmap_plugin && git -C godot_heightmap_plugin checkout 1.5.2
#   docs/tools/check_hterrain.sh path/to/godot_heightmap_plugin
#
# HTerrain 1.5.2 is the last release for Godot 3.2, the Godot in Debian 12 (godot3-server 3.2.3).
# The script calls HTerrainData._edit_import_maps(), what the plugin's Terrain > Import dialog
# calls with the fields the sidecar lists. Exits non-zero when a check fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cli=${TERRAIN_CLI:-$root/build/bin/terrain-cli}
plugin=${1:?usage: check_hterrain.sh PATH_TO_godot_heightmap_plugin (at tag 1.5.2)}
[ -f "$plugin/addons/zylann.hterrain/hterrain_data.gd" ] || { echo "no HTerrain plugin in $plugin" >&2; exit 2; }
command -v godot3-server >/dev/null || { echo "godot3-server is not installed (apt-get install godot3-server)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A Godot project holding a copy of the plugin and the import script.
mkdir -p "$tmp/project"
cp -r "$plugin/addons" "$tmp/project/"
printf 'config_version=4\n\n[application]\nconfig/name="hterrain-check"\n' >"$tmp/project/project.godot"
cat >"$tmp/project/check.gd" <<'GD'
# HTerrainData._edit_import_maps() on our files; writes the heights it holds (float32) and, given a
# splat map, the splat map it holds (RGBA8), row by row.
extends SceneTree

const HTerrainData = preload("res://addons/zylann.hterrain/hterrain_data.gd")

func _init():
	var a = {}
	for arg in OS.get_cmdline_args():
		if arg.find("=") > 0:
			a[arg.split("=")[0]] = arg.split("=")[1]
	var data = HTerrainData.new()
	var maps = {}
	maps[HTerrainData.CHANNEL_HEIGHT] = {"path": a["raw"], "min_height": int(a["min"]), "max_height": int(a["max"]),
		"big_endian": false}
	if a.has("splat"):
		maps[HTerrainData.CHANNEL_SPLAT] = {"path": a["splat"]}
	if not data._edit_import_maps(maps):
		printerr("HTerrain refused the import")
		quit(1)
		return
	var res = data.get_resolution()
	var f = File.new()
	f.open(a["out"], File.WRITE)
	var im = data.get_image(HTerrainData.CHANNEL_HEIGHT)
	im.lock()
	for y in range(res):
		for x in range(res):
			f.store_float(im.get_pixel(x, y).r)
	im.unlock()
	if a.has("splat"):
		var sp = data.get_image(HTerrainData.CHANNEL_SPLAT)
		sp.lock()
		for y in range(sp.get_height()):
			for x in range(sp.get_width()):
				var c = sp.get_pixel(x, y)
				f.store_8(c.r8)
				f.store_8(c.g8)
				f.store_8(c.b8)
				f.store_8(c.a8)
		sp.unlock()
	f.close()
	print("HTerrain imported ", res, "x", res)
	quit()
GD

status=0
# check NAME DETAIL HEIGHT_RANGE [--splat ...]: export, import with HTerrain, compare.
check() {
  local name=$1 detail=$2 range=$3
  shift 3
  local world=(--detail "$detail" --seed 3 --world-size 2048 --height-range "$range" --op river-erosion
    --op hydraulic-erosion)
  local splatArgs=() splat=()
  [ $# -gt 0 ] && splatArgs=("$@") && splat=(splat="$tmp/$name/terrain_splat0.png")
  mkdir -p "$tmp/$name"
  "$cli" generate "${world[@]}" --preset godot-hterrain "${splatArgs[@]}" -o "$tmp/$name/terrain.raw" >/dev/null 2>&1
  "$cli" generate "${world[@]}" --format raw32 -o "$tmp/$name/metres.raw32" >/dev/null 2>&1
  local lo=${range%%:*} hi=${range##*:}
  echo "== $name: ${world[*]} ${splatArgs[*]}"
  godot3-server --path "$tmp/project" -s check.gd raw="$tmp/$name/terrain.raw" "${splat[@]}" min="$lo" max="$hi" \
    out="$tmp/$name/imported.bin" 2>"$tmp/$name/godot.err" | grep '^HTerrain' || { cat "$tmp/$name/godot.err" >&2; return 1; }
  /usr/bin/python3 - "$tmp/$name" "${#splat[@]}" "$range" <<'PY'
import json, sys
import numpy as np
from PIL import Image
d, has_splat = sys.argv[1], sys.argv[2] == "1"
side = json.load(open(d + "/terrain.raw.json"))["width"]
raw = open(d + "/imported.bin", "rb").read()
held = np.frombuffer(raw[:side * side * 4], dtype="<f4").reshape(side, side)
ours = np.fromfile(d + "/metres.raw32", dtype="<f4").reshape(side, side)
lo, hi = (float(v) for v in sys.argv[3].split(":"))
code = np.fromfile(d + "/terrain.raw", dtype="<u2").reshape(side, side).astype(np.float64)
# HTerrain keeps heights as half floats (Image.FORMAT_RH), and Godot 3 converts to half float by
# truncating toward zero. What it should hold: that of min + range * code / 65535, our RAW16 code.
def truncated_half(x):
    x32 = x.astype(np.float32)
    h = x32.astype(np.float16)
    over = np.abs(h.astype(np.float64)) > np.abs(x32.astype(np.float64))
    h[over] = np.nextafter(h[over], np.float16(0))
    return h.astype(np.float64)
exact = bool(np.array_equal(held.astype(np.float64), truncated_half(lo + (hi - lo) * code / 65535.0)))
# Against our heights: within half a RAW16 step and one half-float step at that height.
err = np.abs(held.astype(np.float64) - ours)
bound = (hi - lo) / 65535.0 / 2.0 + np.spacing(np.abs(ours).astype(np.float16)).astype(np.float64) + 1e-6
ok = exact and bool((err <= bound).all())
print(f"  heights: {side}x{side}; every cell is what HTerrain's formula gives for our code: {exact}; "
      f"|HTerrain - ours| max {err.max():.3f} m, mean {err.mean():.4f} m, within half a RAW16 step plus one "
      f"half-float step everywhere: {bool((err <= bound).all())}")
print(f"  orientation: our row 0 / column 0 is HTerrain's cell (x 0, z 0): corner heights "
      f"{ours[0, 0]:.2f}, {ours[0, -1]:.2f}, {ours[-1, 0]:.2f} m held as "
      f"{held[0, 0]:.2f}, {held[0, -1]:.2f}, {held[-1, 0]:.2f} m")
if has_splat:
    held_splat = np.frombuffer(raw[side * side * 4:], dtype=np.uint8).reshape(side, side, 4)
    png = np.asarray(Image.open(d + "/terrain_splat0.png").convert("RGBA"))
    same = np.array_equal(png, held_splat)
    sums = held_splat.astype(int).sum(axis=2)
    print(f"  splat: HTerrain holds the PNG byte for byte: {same}; weights sum to {sums.min()}..{sums.max()}")
    ok = ok and same and sums.min() == 255 and sums.max() == 255
sys.exit(0 if ok else 1)
PY
}
check "513" 9 0:400 --splat rock=slope\>35 --splat sand=mask:deposition --splat water=mask:lake --splat grass=rest \
  || status=1
check "1025-below-sea" 10 -50:350 --splat rock=slope\>30 --splat grass=rest || status=1
check "65" 6 0:100 || status=1
exit $status
