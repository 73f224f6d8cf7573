# Shared by the terrain-cli end-to-end scripts (sourced, not run). Provides:
#   $cli       the terrain-cli under test (TERRAIN_CLI, set by ctest)
#   $dir       a scratch folder, removed on exit; $bad, a folder that failing runs write into
#   pass, fail MESSAGE, check WHAT COMMAND...    count results
#   expect CODE NEEDLE ARGS...   run terrain-cli ARGS: exit CODE, NEEDLE in stderr, nothing in $bad
#   world_matches WHAT RECIPE DETAIL TILE MAP   world init/tile/vrt of RECIPE (16 tiles) in
#              $dir/world-DETAIL; checks its mosaic equals the GeoTIFF MAP sample for sample
#   finish     print "N passed, N failed" (ctest-readable) and exit non-zero on failures
set -uo pipefail
cli="${TERRAIN_CLI:?TERRAIN_CLI must name the terrain-cli to test}"
py=/usr/bin/python3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
bad="$dir/bad"
failures=0
passes=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { passes=$((passes + 1)); }
check() { local what=$1; shift; if "$@"; then pass; else fail "$what"; fi; }

expect() {
  local code=$1 needle=$2; shift 2
  rm -rf "$bad"; mkdir "$bad"
  "$cli" "$@" >"$dir/stdout" 2>"$dir/stderr"
  local got=$?
  if [ "$got" -ne "$code" ]; then fail "$* -> exit $got, expected $code: $(cat "$dir/stderr")"; return; fi
  if ! grep -qF -- "$needle" "$dir/stderr"; then fail "$* -> message lacks '$needle': $(cat "$dir/stderr")"; return; fi
  if [ -n "$(ls -A "$bad")" ]; then fail "$* left files: $(ls -A "$bad")"; return; fi
  pass
}

world_matches() {
  local what=$1 recipe=$2 detail=$3 tile=$4 map=$5 w="$dir/world-$3"
  "$cli" world init --recipe "$recipe" --world-detail "$detail" --tile "$tile" --out "$w" >/dev/null 2>&1 || fail "$what: world init"
  "$cli" world tile --world "$w/world.json" --index 0-15 >/dev/null 2>&1 || fail "$what: world tile"
  "$cli" world vrt --world "$w/world.json" >/dev/null 2>&1 || fail "$what: world vrt"
  check "$what" $py -c '
import sys
from osgeo import gdal
a = gdal.Open(sys.argv[1]).ReadAsArray(); b = gdal.Open(sys.argv[2]).ReadAsArray()
assert a.shape == b.shape and (a == b).all()' "$map" "$w/world.vrt"
}

finish() {
  echo "$passes passed, $failures failed"
  [ "$failures" -eq 0 ]
}
