# Shared by the terrain-cli end-to-end scripts (sourced, not run). Provides:
#   $cli       the terrain-cli under test (TERRAIN_CLI, set by ctest)
#   $dir       a scratch folder, removed on exit; $bad, a folder that failing runs write into
#   pass, fail MESSAGE, check WHAT COMMAND...    count results
#   expect CODE NEEDLE ARGS...   run terrain-cli ARGS: exit CODE, NEEDLE in stderr, nothing in $bad
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

finish() {
  echo "$passes passed, $failures failed"
  [ "$failures" -eq 0 ]
}
