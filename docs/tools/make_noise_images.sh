#!/usr/bin/env bash
# Draws the pictures of docs/algorithms.md's noise sections with terrain-cli: each fbm style,
# domain warping off and on, each Worley output, and the compare sheet of every generator at one
# seed. Each picture is `terrain-cli generate ARGS --format colour` multiplied by `--format
# hillshade`; the ARGS are printed next to each file, and docs/algorithms.md quotes them.
#
#   docs/tools/make_noise_images.sh        # writes docs/images/noise/*.png
#
# TERRAIN_CLI names the terrain-cli to use (default build/bin/terrain-cli). Needs /usr/bin/python3
# with PIL.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cli=${TERRAIN_CLI:-$root/build/bin/terrain-cli}
py=/usr/bin/python3
out=$root/docs/images/noise
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One world for every picture: 4 km across at detail 9 (7.8 m per sample), 0..600 m high.
world=(--detail 9 --seed 7 --world-size 4000 --height-range 0:600)

draw() {  # draw NAME ARGS...: docs/images/noise/NAME.png
  local name=$1
  shift
  local f
  for f in colour hillshade; do
    "$cli" generate "${world[@]}" "$@" --format "$f" -o "$tmp/$f.png" 2>"$tmp/err" || {
      cat "$tmp/err" >&2
      exit 1
    }
  done
  $py - "$tmp" "$out/$name.png" <<'PY'
import sys
from PIL import Image, ImageChops
colour = Image.open(sys.argv[1] + "/colour.png").convert("RGB")
shade = Image.open(sys.argv[1] + "/hillshade.png").convert("RGB").point(lambda v: 80 + v * 175 // 255)
ImageChops.multiply(colour, shade).resize((256, 256), Image.LANCZOS).save(sys.argv[2], optimize=True)
PY
  echo "$name.png: terrain-cli generate ${world[*]} $*"
}

# The generators' defaults are sized for the editor's default 512 m world; this one is 4 km.
big=(--set feature_size_m=1500)
draw fbm_fbm --algorithm fbm "${big[@]}" --set style=fbm
draw fbm_ridged --algorithm fbm "${big[@]}" --set style=ridged
draw fbm_billow --algorithm fbm "${big[@]}" --set style=billow
draw fbm_roughness_04 --algorithm fbm "${big[@]}" --set roughness=0.4
draw fbm_roughness_07 --algorithm fbm "${big[@]}" --set roughness=0.7
draw fbm_feature_500 --algorithm fbm --set feature_size_m=500
draw warped_fbm --algorithm warped-fbm "${big[@]}" --set warp_feature_size_m=1500 --set warp_strength_m=1500
draw warped_fbm_strong --algorithm warped-fbm "${big[@]}" --set warp_feature_size_m=1500 --set warp_strength_m=3000 \
  --set warp_levels=2
cells=(--algorithm worley --set cell_size_m=500)
draw worley_f1 "${cells[@]}" --set output=f1
draw worley_f1_inverted "${cells[@]}" --set output=f1 --set invert=true
draw worley_f2 "${cells[@]}" --set output=f2
draw worley_f2_f1 "${cells[@]}" --set output=f2-f1
draw worley_f2_f1_inverted "${cells[@]}" --set output=f2-f1 --set invert=true
draw worley_manhattan "${cells[@]}" --set metric=manhattan

# Every generator at one seed, side by side, with the numbers (terrain-cli compare runs one panel
# per algorithm of the recipe's shape).
printf '{"format":"terrain-recipe","version":3,"detail":9,"seed":7,"stack":[{"id":"base","type":"diamond-square","params":{}}]}' \
  >"$tmp/all.json"
"$cli" compare --recipe "$tmp/all.json" --metres-per-pixel 1 --height-range 150 -o "$out/compare_all.png" \
  2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
echo "compare_all.png: terrain-cli compare --recipe all.json (diamond-square, detail 9, seed 7) --metres-per-pixel 1 --height-range 150"
