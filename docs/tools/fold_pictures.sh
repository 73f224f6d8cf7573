#!/usr/bin/env bash
# Draws docs/images/erosion/folded-strata.png: a smooth dome (513² at 4 m, 0..600 m, flanks up
# to about 45°) under `thermal-erosion` with strata 30 m thick (40 % hard rock, cliffs to 75°,
# scree at 30°): level bands (left), then the same bands folded 60 m in folds 500 m apart whose
# axis runs 60° east of north (right). Hillshades.
#   docs/tools/fold_pictures.sh [path/to/terrain-cli]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=${1:-$here/../../build/bin/terrain-cli}
py=/usr/bin/python3
out=$here/../images/erosion/folded-strata.png
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$py - "$tmp/dome.raw" <<'PY'
import sys
import numpy as np
n, spacing = 513, 4.0
y, x = np.mgrid[0:n, 0:n]
r = np.hypot(x - n // 2, y - n // 2) * spacing
h = 600.0 * np.exp(-(r / 600.0) ** 2)
h.astype("<f4").tofile(sys.argv[1])
PY
strata="talus_angle=30,strata=30,hard_share=0.4,cliff_angle=75"
for fold in 0 60; do
  "$cli" generate --import "$tmp/dome.raw:raw=513x513:f32:le,height=metres,spacing_m=4" --height-range 0:700 \
    --op "thermal-erosion:$strata,strata_fold=$fold,strata_fold_wavelength=500,strata_fold_axis=60" \
    --format hillshade --output "$tmp/$fold.png" 2>/dev/null
done
$py - "$tmp" "$out" <<'PY'
import sys
from PIL import Image
im = Image.new("L", (2 * 513 + 6, 513), 255)
for col, fold in enumerate(("0", "60")):
    im.paste(Image.open(f"{sys.argv[1]}/{fold}.png").convert("L"), (col * 519, 0))
im.save(sys.argv[2], optimize=True)
PY
echo "folded-strata.png: terrain-cli generate --import DOME --op thermal-erosion:$strata,strata_fold=0 and =60"
