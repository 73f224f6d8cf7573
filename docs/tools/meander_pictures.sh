#!/usr/bin/env bash
# Draws docs/images/erosion/meanders.png: the valley of RiverMeanders.AMainRiverMeandersAcrossAWideFloor
# (513² at 4 m: a floor 800 m wide falling 2 % to its middle and 0.2 % west, walls rising 20 %,
# ±0.1 m of roughness) under `river-erosion` with `meander` 0 and at its default: hillshades
# (top) and river masks (bottom) of rows 156..355.
#   docs/tools/meander_pictures.sh [path/to/terrain-cli]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=${1:-$here/../../build/bin/terrain-cli}
py=/usr/bin/python3
out=$here/../images/erosion/meanders.png
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$py - "$tmp/valley.raw" <<'PY'
import sys
import numpy as np
n, spacing = 513, 4.0
y, x = np.mgrid[0:n, 0:n]
across = np.abs(y - n // 2) * spacing
rough = ((x.astype(np.uint64) * 2654435761 ^ y.astype(np.uint64) * 40503) % 1000) / 1000.0
h = 100 + 0.002 * x * spacing + 0.02 * np.minimum(across, 400) + 0.2 * np.maximum(0, across - 400) + 0.2 * (rough - 0.5)
h.astype("<f4").tofile(sys.argv[1])
PY
for m in 0 0.8; do
  for what in "--format hillshade" "--mask river"; do
    name=$m-$(echo "$what" | cut -c3-6)
    "$cli" generate --import "$tmp/valley.raw:raw=513x513:f32:le,height=metres,spacing_m=4" --height-range 0:1000 \
      --op river-erosion:meander=$m $what --output "$tmp/$name.png" 2>/dev/null
  done
done
$py - "$tmp" "$out" <<'PY'
import sys
from PIL import Image
box = (0, 156, 513, 356)
im = Image.new("L", (2 * 513 + 6, 2 * 200 + 6), 255)
for col, m in enumerate(("0", "0.8")):
    for row, what in enumerate(("form", "mask")):
        im.paste(Image.open(f"{sys.argv[1]}/{m}-{what}.png").convert("L").crop(box), (col * 519, row * 206))
im.save(sys.argv[2], optimize=True)
PY
echo "meanders.png: terrain-cli generate --import VALLEY --op river-erosion:meander=0 and =0.8, --format hillshade and --mask river"
