#!/usr/bin/env bash
# Draws docs/images/erosion/folded-strata.png and faulted-strata.png: a smooth dome (513² at 4 m,
# 0..600 m, flanks up to about 41°) under `thermal-erosion` with strata 30 m thick (40 % hard rock,
# cliffs to 75°, scree at 30°). folded-strata.png: level bands (left), then the same bands folded
# 60 m in folds 500 m apart whose axis runs 60° east of north (right). faulted-strata.png: level
# bands (left), one fault striking 30° east of north through the centre, its east side dropped
# 15 m (middle), and step faults of 12 m every 250 m on that strike (right). Hillshades.
#   docs/tools/strata_shape_pictures.sh [path/to/terrain-cli]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=${1:-$here/../../build/bin/terrain-cli}
py=/usr/bin/python3
images=$here/../images/erosion
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
shapes=(
  level:
  folded:strata_fold=60,strata_fold_wavelength=500,strata_fold_axis=60
  fault:strata_fault_throw=15,strata_fault_strike=30
  steps:strata_fault_throw=12,strata_fault_strike=30,strata_fault_spacing=250,strata_fault_offset=-125
)
for entry in "${shapes[@]}"; do
  name=${entry%%:*} shape=${entry#*:}
  "$cli" generate --import "$tmp/dome.raw:raw=513x513:f32:le,height=metres,spacing_m=4" --height-range 0:700 \
    --op "thermal-erosion:$strata${shape:+,$shape}" --format hillshade --output "$tmp/$name.png" 2>/dev/null
  echo "$name: terrain-cli generate --import DOME --op thermal-erosion:$strata${shape:+,$shape}"
done
$py - "$tmp" "$images" <<'PY'
import sys
from PIL import Image
tmp, images = sys.argv[1:]
for out, panels in (("folded-strata.png", ("level", "folded")), ("faulted-strata.png", ("level", "fault", "steps"))):
    im = Image.new("L", (len(panels) * 519 - 6, 513), 255)
    for col, name in enumerate(panels):
        im.paste(Image.open(f"{tmp}/{name}.png").convert("L"), (col * 519, 0))
    im.save(f"{images}/{out}", optimize=True)
PY
