#!/usr/bin/env bash
# Draws docs/images/erosion/real_dems.png: GDAL's hillshade (gdaldem, light from the north-west at
# 45 degrees, no exaggeration) of the two real DEMs in tests/data/dem at their 30 m spacing, side
# by side at one height: the Big Tujunga catchment, San Gabriel Mountains (SRTM 1", 1197 x 643,
# a lowland in its south-west corner) and Mount St. Helens after 1980 (USGS, 327 x 468, its crater
# open to the north; the corners outside the quadrangle without data).
#   docs/tools/real_dem_pictures.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3
out=$here/../images/erosion/real_dems.png
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
data=$here/../../tests/data/dem
for name in bigtujunga sthelens; do  # projected GeoTIFFs: gdaldem takes the spacing from them
  gdaldem hillshade -q -compute_edges "$data/$name.tif" "$tmp/$name.shade.tif"
done
$py - "$tmp/bigtujunga.shade.tif" "$tmp/sthelens.shade.tif" "$out" <<'PY'
import sys
from PIL import Image
a, b = (Image.open(p).convert("L") for p in sys.argv[1:3])
height = b.height
a = a.resize((round(a.width * height / a.height), height), Image.LANCZOS)
both = Image.new("L", (a.width + 8 + b.width, height), 255)
both.paste(a, (0, 0))
both.paste(b, (a.width + 8, 0))
both.save(sys.argv[3], optimize=True)
PY
echo "$out"
