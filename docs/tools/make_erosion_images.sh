#!/usr/bin/env bash
# Draws the pictures of docs/erosion.md: each erosion operation before and after (terrain-cli,
# colour times hillshade), its masks, and 3-D views from the editor with a mask as overlay
# (terrain-editor --screenshot under Xvfb). The commands are printed next to each file.
#
#   docs/tools/make_erosion_images.sh        # writes docs/images/erosion/*.png
#
# TERRAIN_CLI / TERRAIN_EDITOR name the programs (default build/bin/...). Needs /usr/bin/python3
# with PIL and xvfb-run for the 3-D views.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cli=${TERRAIN_CLI:-$root/build/bin/terrain-cli}
editor=${TERRAIN_EDITOR:-$root/build/bin/terrain-editor}
py=/usr/bin/python3
out=$root/docs/images/erosion
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One world: 1 km across at detail 10 (about 1 m per sample), 0..250 m, ridged fBm.
world=(--detail 10 --seed 11 --world-size 1024 --height-range 0:250 --algorithm fbm --set feature_size_m=400
  --set style=ridged --set sharpness=2)

draw() {  # draw NAME ARGS...: colour x hillshade, 320 px
  local name=$1 f
  shift
  for f in colour hillshade; do
    "$cli" generate "${world[@]}" "$@" --format "$f" -o "$tmp/$f.png" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
  done
  $py - "$tmp" "$out/$name.png" <<'PY'
import sys
from PIL import Image, ImageChops
colour = Image.open(sys.argv[1] + "/colour.png").convert("RGB")
shade = Image.open(sys.argv[1] + "/hillshade.png").convert("RGB").point(lambda v: 80 + v * 175 // 255)
ImageChops.multiply(colour, shade).resize((320, 320), Image.LANCZOS).save(sys.argv[2], optimize=True)
PY
  echo "$name.png: terrain-cli generate ${world[*]} $*"
}

mask() {  # mask NAME MASK ARGS...: the mask as grey, 320 px
  local name=$1 which=$2
  shift 2
  "$cli" generate "${world[@]}" "$@" --mask "$which" -o "$tmp/mask.png" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
  $py - "$tmp/mask.png" "$out/$name.png" <<'PY'
import sys
from PIL import Image
m = Image.open(sys.argv[1]).convert("I").point(lambda v: v / 257).convert("L")
m.resize((320, 320), Image.LANCZOS).save(sys.argv[2], optimize=True)
PY
  echo "$name.png: terrain-cli generate ${world[*]} $* --mask $which"
}

closeup() {  # closeup NAME ARGS...: the hillshade's samples (300..699)², at full resolution
  local name=$1
  shift
  "$cli" generate "${world[@]}" "$@" --format hillshade -o "$tmp/hillshade.png" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
  $py - "$tmp/hillshade.png" "$out/$name.png" <<'PY'
import sys
from PIL import Image
Image.open(sys.argv[1]).convert("L").crop((300, 300, 700, 700)).save(sys.argv[2], optimize=True)
PY
  echo "$name.png: terrain-cli generate ${world[*]} $* --format hillshade, samples 300..699"
}

draw before
draw thermal --op thermal-erosion:talus_angle=30
closeup closeup_before
closeup thermal_closeup --op thermal-erosion:talus_angle=30
mask thermal_scree scree --op thermal-erosion:talus_angle=30
draw hydraulic --op hydraulic-erosion
mask hydraulic_flow flow --op hydraulic-erosion
mask hydraulic_erosion erosion --op hydraulic-erosion
mask hydraulic_deposition deposition --op hydraulic-erosion
draw both --op thermal-erosion:talus_angle=30 --op hydraulic-erosion

# Rivers need a larger world: 4 km of fBm hills, 0..800 m (about 4 m per sample).
world=(--detail 10 --seed 11 --world-size 4096 --height-range 0:800 --algorithm fbm --set feature_size_m=2000)
draw river_before
draw river --op river-erosion
draw river_long --op river-erosion:duration=2
mask river_flow flow --op river-erosion
mask river_river river --op river-erosion
mask river_lake lake --op river-erosion
# river_closeup_groove.png (one sample wide, river_width=0 until 2026-11-28) is kept from then.
closeup river_closeup --op river-erosion

# 3-D views: the editor opens a document with the stack and a mask as overlay, and saves its
# window. HOME and the settings are a temporary directory's: nothing of the user's is read.
view3d() {  # view3d NAME OVERLAY OPS...
  local name=$1 overlay=$2
  shift 2
  "$cli" generate "${world[@]}" "$@" --save-recipe "$tmp/recipe.json" -o "$tmp/unused.png" >/dev/null 2>&1
  local mpp range
  mpp=$($py -c 'import sys; print(float(sys.argv[1]) / 1024)' "$(printf '%s\n' "${world[@]}" | grep -A1 -- --world-size | tail -1)")
  range=$(printf '%s\n' "${world[@]}" | grep -A1 -- --height-range | tail -1 | cut -d: -f2)
  $py - "$tmp/recipe.json" "$overlay" "$mpp" "$range" >"$tmp/doc.terrain" <<'PY'
import json, sys
recipe = json.load(open(sys.argv[1]))
print(json.dumps({"format": "terrain-editor-document", "version": 3, "recipe": recipe,
                  "world": {"metresPerPixel": float(sys.argv[3]), "heightRangeMetres": [0, float(sys.argv[4])]},
                  "view": {"colorMap": "terrain", "hillshade": True, "heightScale": 1.0, "wireframe": False,
                           "water": False, "waterLevel": 0.0, "lightAzimuth_deg": 315.0,
                           "lightElevation_deg": 45.0, "overlay": sys.argv[2]}}))
PY
  HOME=$tmp XDG_CONFIG_HOME=$tmp/config XDG_RUNTIME_DIR=$tmp xvfb-run -a -s "-screen 0 1600x1000x24" \
    "$editor" "$tmp/doc.terrain" --screenshot "$tmp/shot.png" >/dev/null 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
  $py - "$tmp/shot.png" "$out/$name.png" <<'PY'
import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert("RGB")
im.thumbnail((960, 960), Image.LANCZOS)
im.save(sys.argv[2], optimize=True)
PY
  echo "$name.png: terrain-editor (document: the world above, $*, overlay ${overlay:-none}) --screenshot"
}
view3d editor_hydraulic_flow flow --op hydraulic-erosion
view3d editor_thermal_scree scree --op thermal-erosion:talus_angle=30
world=(--detail 10 --seed 11 --world-size 4096 --height-range 0:800 --algorithm fbm --set feature_size_m=2000)
view3d editor_river river --op river-erosion
