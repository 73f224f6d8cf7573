#!/usr/bin/env bash
# Prints the docs/erosion.md table "Measured": `terrain-cli analyze` on real DEMs and on our
# terrains at the same spacing and relief (2 km, at 90 m and 30 m per sample), one markdown row
# each, with the command that made it.
#   docs/tools/relief_figures.sh [path/to/terrain-cli]
# SLOPE_STATISTIC=mean sums each area bin's slopes up by their mean (TopoToolbox's) in place of
# the median. REAL_DEM_DIR=DIR adds the rows of the Big Tujunga and Mount St. Helens DEMs, read
# from DIR/bigtujunga.tif and DIR/sthelens.tif (not in this repository: docs/erosion.md, "Measured",
# says where they come from and how they were converted).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=${1:-$here/../../build/bin/terrain-cli}
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

row() {  # NAME ARGS...: one table row from analyze --json
  local name=$1; shift
  "$cli" analyze "$@" --slope-statistic "${SLOPE_STATISTIC:-median}" --json "$tmp/m.json" >/dev/null 2>"$tmp/err" || { cat "$tmp/err" >&2; return 1; }
  $py - "$tmp/m.json" "$name" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); sa = j["slope_area"] or {}
f = lambda v, d: "—" if v is None else f"{v:.{d}f}"
print(f"| {sys.argv[2]} | {j['spacing_m'][0]:.0f} | {100 * j['depression_share']:.1f} % | {f(sa.get('concavity'), 2)} | "
      f"{f(sa.get('correlation'), 2)} | {f(j['curvature_skew'], 2)} | {f(j['grid_preference'], 2)} | "
      f"{j['hypsometric_integral']:.2f} | {j['drainage_density_per_km']:.2f} |")
PY
}

echo "| terrain | m/sample | closed depressions | concavity θ | r | curvature skew | grid preference | hypsometric integral | drainage density (km/km²) |"
echo "|---|---|---|---|---|---|---|---|---|"
real() {  # jacksboro|FILE LABEL [--block N]: a real DEM (matplotlib's sample data, or a GeoTIFF)
  local spacing
  spacing=$($py "$here/../../tests/core/scripts/real_dem.py" "$1" "$tmp/real.tif" "${@:3}")
  row "real: $2" "$tmp/real.tif" --metres-per-pixel "$spacing"
}
real jacksboro "Jacksboro, Tennessee (USGS 3″)"
if [ -n "${REAL_DEM_DIR:-}" ]; then
  real "$REAL_DEM_DIR/bigtujunga.tif" "Big Tujunga, San Gabriel Mountains (SRTM 1″)"
  real "$REAL_DEM_DIR/bigtujunga.tif" "Big Tujunga, 3 × 3 block means" --block 3
  real "$REAL_DEM_DIR/sthelens.tif" "Mount St. Helens after 1980 (USGS 30 m)"
  real "$REAL_DEM_DIR/sthelens.tif" "Mount St. Helens, 3 × 3 block means" --block 3
fi
ridged=(--algorithm fbm --set style=ridged --set sharpness=2)
for detail_spacing in "9 90" "10 30"; do
  set -- $detail_spacing
  world=(--detail "$1" --metres-per-pixel "$2" --height-range 0:2000 --seed 11)
  size=$(( $2 * 220 ))  # the first octave about a fifth of the map at either spacing
  row "fbm" "${world[@]}" --algorithm fbm --set feature_size_m=$size
  row "ridged fbm" "${world[@]}" "${ridged[@]}" --set feature_size_m=$size
  row "diamond-square" "${world[@]}" --algorithm diamond-square
  row "fbm + river-erosion" "${world[@]}" --algorithm fbm --set feature_size_m=$size --op river-erosion
  row "diamond-square + river-erosion" "${world[@]}" --algorithm diamond-square --op river-erosion
  row "ridged + river-erosion" "${world[@]}" "${ridged[@]}" --set feature_size_m=$size --op river-erosion
  row "fbm + river-erosion:strength=0.5,lakes=many,keep_height=0,deposition=0 (the format 4 defaults)" "${world[@]}" \
    --algorithm fbm --set feature_size_m=$size --op river-erosion:strength=0.5,lakes=many,keep_height=0,deposition=0
  row "fbm + thermal-erosion" "${world[@]}" --algorithm fbm --set feature_size_m=$size --op thermal-erosion
  for preset in alpine eroded-hills canyon volcanic-island island rolling-hills terraced-mesa; do
    row "preset:$preset" --recipe "preset:$preset" --detail "$1" --world-size $(( $2 * (1 << $1) )) --height-range 0:2000
  done
done
