#!/usr/bin/env bash
# Draws docs/images/erosion/river_strata.png: the plateau of RiverStrata.AHardCaprockHoldsUpAPlateau
# (257² at 20 m: a plateau at 410 m over an escarpment down to a lowland at 50 m in the west, ±1 m
# of roughness) under `river-erosion:keep_height=0`, left in one rock, middle in bands 100 m thick
# whose lowest 30 % is hard rock cut 20 times more slowly (strata=100,hard_share=0.3,hardness=0.95:
# the plateau's top lies in a hard band), right the same bands dipping 2 degrees to the east.
# Colour by height times the hillshade, 2x. And docs/images/erosion/canyon_country.png:
# docs/examples/canyon_country.json at detail 9 (513², 24 m per sample), colour times hillshade.
#   docs/tools/river_strata_pictures.sh [path/to/terrain-cli]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=${1:-$here/../../build/bin/terrain-cli}
py=/usr/bin/python3
out=$here/../images/erosion/river_strata.png
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$py - "$tmp/plateau.raw" <<'PY'
import sys
import numpy as np
n, spacing = 257, 20.0
y, x = np.mgrid[0:n, 0:n]
rough = ((x.astype(np.uint64) * 2654435761 ^ y.astype(np.uint64) * 40503) % 1000) / 1000.0
top = 410 + 0.005 * (x - 80) * spacing
low = 50 + 0.01 * x * spacing
t = np.clip((x - 60) / 20.0, 0.0, 1.0)
h = low + (top - low) * t * t * (3 - 2 * t) + 2 * (rough - 0.5)
h.astype("<f4").tofile(sys.argv[1])
PY
bands=strata=100,hard_share=0.3,hardness=0.95
panels=("keep_height=0" "keep_height=0,$bands" "keep_height=0,$bands,strata_dip=2,strata_dip_direction=90")
for i in 0 1 2; do
  for f in colour hillshade; do
    "$cli" generate --import "$tmp/plateau.raw:raw=257x257:f32:le,height=metres,spacing_m=20" --height-range 0:500 \
      --op "river-erosion:${panels[$i]}" --format $f --output "$tmp/$i-$f.png" 2>/dev/null
  done
done
$py - "$tmp" "$out" <<'PY'
import sys
from PIL import Image, ImageChops
im = Image.new("RGB", (3 * 514 + 12, 514), (255, 255, 255))
for i in range(3):
    colour = Image.open(f"{sys.argv[1]}/{i}-colour.png").convert("RGB")
    shade = Image.open(f"{sys.argv[1]}/{i}-hillshade.png").convert("RGB").point(lambda v: 80 + v * 175 // 255)
    im.paste(ImageChops.multiply(colour, shade).resize((514, 514), Image.LANCZOS), (i * 520, 0))
im.save(sys.argv[2], optimize=True)
PY
for f in colour hillshade; do
  "$cli" generate --recipe "$here/../examples/canyon_country.json" --detail 9 --format $f --output "$tmp/canyon-$f.png" \
    2>/dev/null
done
$py - "$tmp" "$here/../images/erosion/canyon_country.png" <<'PY'
import sys
from PIL import Image, ImageChops
colour = Image.open(f"{sys.argv[1]}/canyon-colour.png").convert("RGB")
shade = Image.open(f"{sys.argv[1]}/canyon-hillshade.png").convert("RGB").point(lambda v: 80 + v * 175 // 255)
ImageChops.multiply(colour, shade).save(sys.argv[2], optimize=True)
PY
echo "canyon_country.png: terrain-cli generate --recipe docs/examples/canyon_country.json --detail 9"
echo "river_strata.png: terrain-cli generate --import PLATEAU --op river-erosion:${panels[0]} | ${panels[1]} | ${panels[2]}"
