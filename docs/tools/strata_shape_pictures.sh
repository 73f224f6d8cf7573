#!/usr/bin/env bash
# Draws docs/images/erosion/folded-strata.png and faulted-strata.png: a smooth dome (513² at 4 m,
# 0..600 m, flanks up to about 41°) under `thermal-erosion` with strata 30 m thick (40 % hard rock,
# cliffs to 75°, scree at 30°). folded-strata.png: level bands (left), then the same bands folded
# 60 m in folds 500 m apart whose axis runs 60° east of north (right). faulted-strata.png: level
# bands (left), one fault striking 30° east of north through the centre, its east side dropped
# 15 m (middle), and step faults of 12 m every 250 m on that strike (right). strata_dip.png: a
# mesa (1025² at 4 m, 900 m high, 2.6 km across at its foot, on ground rough by a few metres)
# under strata 60 m thick (half hard, cliffs to 80°, scree at 32°): level (left), dipping 20°
# east (middle), wandering 40 m in 400 m features (right). thermal_strata.png: samples 400..699
# of preset:alpine at 1025² without strata (left) and with 120 m strata (right). fault-scarp.png:
# rolling ground (513² at 2 m, a few metres of relief) under strata 10 m thick (half hard, cliffs to
# 80°, scree at 32°) cut by a fault striking 60° east of north, its south-east side dropped 40 m:
# the ground dropped with the bands (strata_fault_scarp=1, first), half as far (0.5), step faults
# of 15 m every 150 m, and a fault 600 m long whose throw dies out at its tips (last).
# strata_variety.png: samples 560..879 of the mesa with level strata, every band half hard (left)
# and each band's share its own (strata_variety=1, right). Hillshades.
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
$py - "$tmp/mesa.raw" <<'PY'
import sys
import numpy as np
n, spacing = 1025, 4.0
y, x = np.mgrid[0:n, 0:n]
r = np.hypot(x - n // 2, y - n // 2) * spacing
mesa = 900.0 * np.clip((1300.0 - r) / 400.0, 0.0, 1.0) ** 0.7
# Smooth noise: white noise through a Gaussian of 6 samples (FFT), scaled to a standard deviation of 1.
f = np.fft.fftfreq(n)
gauss = np.exp(-2.0 * (np.pi * 6.0) ** 2 * (f[:, None] ** 2 + f[None, :] ** 2))
rough = np.real(np.fft.ifft2(np.fft.fft2(np.random.default_rng(7).normal(0.0, 1.0, (n, n))) * gauss))
rough /= rough.std()
(mesa + 20.0 + 6.0 * rough).astype("<f4").tofile(sys.argv[1])
PY
$py - "$tmp/plain.raw" <<'PY'
import sys
import numpy as np
n = 513
f = np.fft.fftfreq(n)
gauss = np.exp(-2.0 * (np.pi * 12.0) ** 2 * (f[:, None] ** 2 + f[None, :] ** 2))
rough = np.real(np.fft.ifft2(np.fft.fft2(np.random.default_rng(11).normal(0.0, 1.0, (n, n))) * gauss))
(150.0 + 4.0 * rough / rough.std()).astype("<f4").tofile(sys.argv[1])
PY
scarp="talus_angle=32,strata=10,hard_share=0.5,cliff_angle=80,strata_fault_strike=60"
for entry in fresh:strata_fault_throw=40,strata_fault_scarp=1 half:strata_fault_throw=40,strata_fault_scarp=0.5 \
  steps:strata_fault_throw=15,strata_fault_scarp=1,strata_fault_spacing=150,strata_fault_offset=-75 \
  short:strata_fault_throw=40,strata_fault_scarp=1,strata_fault_length=600; do
  name=${entry%%:*} shape=${entry#*:}
  said=$("$cli" generate --import "$tmp/plain.raw:raw=513x513:f32:le,height=metres,spacing_m=2" \
    --height-range 0:300 --op "thermal-erosion:$scarp,$shape" --format hillshade --output "$tmp/scarp-$name.png" 2>&1)
  echo "scarp $name: $(grep -o -m1 "generated in [0-9.]* ms" <<<"$said")"
done
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
mesa="talus_angle=32,strata=60,hard_share=0.5,cliff_angle=80"
for entry in level: dip:strata_dip=20,strata_dip_direction=90 noise:strata_noise=40,strata_noise_scale=400 \
  variety:strata_variety=1; do
  name=${entry%%:*} shape=${entry#*:}
  said=$("$cli" generate --import "$tmp/mesa.raw:raw=1025x1025:f32:le,height=metres,spacing_m=4" \
    --height-range 0:1000 --op "thermal-erosion:$mesa${shape:+,$shape}" --format hillshade \
    --output "$tmp/mesa-$name.png" 2>&1)
  echo "mesa $name: $(grep -o -m1 "generated in [0-9.]* ms" <<<"$said")"
done
for s in 0 120; do
  said=$("$cli" generate --recipe preset:alpine --detail 10 \
    --op "thermal-erosion:talus_angle=34,strata=$s,hard_share=0.4,cliff_angle=75" --format hillshade \
    --output "$tmp/alpine-$s.png" 2>&1)
  echo "alpine strata=$s: $(grep -o -m1 "generated in [0-9.]* ms" <<<"$said")"
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
# The mesa at 400 x 400 a panel, the alpine crops at full resolution.
im = Image.new("L", (3 * 400 + 12, 400), 255)
for col, name in enumerate(("level", "dip", "noise")):
    im.paste(Image.open(f"{tmp}/mesa-{name}.png").convert("L").resize((400, 400), Image.LANCZOS), (col * 406, 0))
im.save(f"{images}/strata_dip.png", optimize=True)
im = Image.new("L", (600, 300), 255)
for col, s in enumerate((0, 120)):
    im.paste(Image.open(f"{tmp}/alpine-{s}.png").convert("L").crop((400, 400, 700, 700)), (col * 300, 0))
im.save(f"{images}/thermal_strata.png", optimize=True)
im = Image.new("L", (4 * 513 + 18, 513), 255)
for col, name in enumerate(("fresh", "half", "steps", "short")):
    im.paste(Image.open(f"{tmp}/scarp-{name}.png").convert("L"), (col * 519, 0))
im.save(f"{images}/fault-scarp.png", optimize=True)
im = Image.new("L", (2 * 320 + 6, 320), 255)
for col, name in enumerate(("level", "variety")):
    im.paste(Image.open(f"{tmp}/mesa-{name}.png").convert("L").crop((560, 560, 880, 880)), (col * 326, 0))
im.save(f"{images}/strata_variety.png", optimize=True)
PY
