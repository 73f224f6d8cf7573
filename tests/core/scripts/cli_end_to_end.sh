#!/usr/bin/env bash
# terrain-cli end to end: outputs, exit codes, messages that name the field and value, and no
# file left behind by a failed run. Needs TERRAIN_CLI (set by ctest).
source "$(dirname "$0")/cli_test_lib.sh"

# Good runs.
"$cli" generate --algorithm diamond-square --detail 6 --seed 42 --output "$dir/a.png" 2>"$dir/stderr" \
  && [ -s "$dir/a.png" ] && grep -q "seed 42" "$dir/stderr" && grep -q "sha256" "$dir/stderr" \
  && pass || fail "generate to png: $(cat "$dir/stderr")"
for f in png8 png16 raw16 pgm txt; do
  "$cli" generate --detail 4 --output "$dir/f.$f" --format "$f" 2>/dev/null && [ -s "$dir/f.$f" ] && pass || fail "format $f"
done
[ "$(stat -c %s "$dir/f.raw16")" -eq $((17 * 17 * 2)) ] && pass || fail "raw16 size"
[ "$(wc -l <"$dir/f.txt")" -eq $((17 * 17)) ] && pass || fail "txt has one value a line"
"$cli" generate --algorithm midpoint-line --detail 8 --output "$dir/line.txt" 2>/dev/null \
  && [ "$(wc -l <"$dir/line.txt")" -eq 257 ] && pass || fail "midpoint-line to txt"
"$cli" generate --algorithm midpoint-displacement --detail 7 --set spread=0.4 --set clamp=false \
  --output "$dir/m.r16" 2>/dev/null && pass || fail "midpoint-displacement with --set"

# Determinism: thread counts, and recipe round trip.
"$cli" generate --detail 9 --seed 7 --hurst 0.5 --set edge=wrap --threads 1 --save-recipe "$dir/r.json" \
  --output "$dir/t1.r16" 2>/dev/null || fail "threads 1"
"$cli" generate --detail 9 --seed 7 --hurst 0.5 --set edge=wrap --threads 2 --output "$dir/t2.r16" 2>/dev/null || fail "threads 2"
cmp -s "$dir/t1.r16" "$dir/t2.r16" && pass || fail "1 and 2 threads differ"
"$cli" generate --recipe "$dir/r.json" --output "$dir/t3.r16" 2>/dev/null || fail "from recipe"
cmp -s "$dir/t1.r16" "$dir/t3.r16" && pass || fail "saved recipe does not reproduce the map"

# A recipe of format 1 (before the lattice rule) still works, with a one-line note.
printf '{"version": 1, "algorithm": "diamond-square", "detail": 5, "seed": 4}' >"$dir/v1.json"
"$cli" generate --recipe "$dir/v1.json" --output "$dir/v1.png" 2>"$dir/v1.err" && [ -s "$dir/v1.png" ] \
  && [ "$(grep -c "note: $dir/v1.json: made with recipe format 1" "$dir/v1.err")" -eq 1 ] && pass \
  || fail "format-1 recipe note: $(cat "$dir/v1.err")"
"$cli" generate --recipe "$dir/r.json" --output "$dir/v2.png" 2>"$dir/v2.err" && ! grep -q "note:" "$dir/v2.err" \
  && pass || fail "a current recipe has no note"

# Through a file: `list` is longer than a pipe write, and grep -q closing early would SIGPIPE it.
"$cli" list >"$dir/list.txt" && grep -q "diamond-square" "$dir/list.txt" && pass || fail "list"
"$cli" list --json | /usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin); assert {a["id"] for a in d["operations"]} >= {"diamond-square","midpoint-displacement","midpoint-line"}' \
  && pass || fail "list --json"
"$cli" --help | grep -q generate && pass || fail "--help"
"$cli" --version | grep -q "terrain-cli" && pass || fail "--version"
COLUMNS=40 "$cli" ansi --detail 5 >"$dir/ansi.txt" 2>/dev/null && grep -q $'\e\\[' "$dir/ansi.txt" && pass || fail "ansi colour codes"
"$cli" ansi --algorithm midpoint-line --width 60 --palette gray >"$dir/ansi.txt" 2>/dev/null && grep -q $'\e\\[' "$dir/ansi.txt" && pass || fail "ansi line"

# Bad input: exit code, message naming flag and value, nothing written.
out="$bad/out.png"
expect 64 "algorithm: 'perlin'" generate --algorithm perlin --output "$out"
expect 64 "--detail: '15'" generate --detail 15 --output "$out"
expect 64 "--detail: '0'" generate --detail 0 --output "$out"
expect 64 "--roughness: 'nan'" generate --roughness nan --output "$out"
expect 64 "--roughness: '1.5'" generate --roughness 1.5 --output "$out"
expect 64 "--seed: 'abc'" generate --seed abc --output "$out"
expect 64 "--seed: '-1'" generate --seed -1 --output "$out"
expect 64 "--set wobble: 'wobble'" generate --set wobble=3 --output "$out"
expect 64 "--set edge: 'mirror'" generate --set edge=mirror --output "$out"
expect 64 "--threads: '0'" generate --threads 0 --output "$out"
expect 64 "--format: 'gif'" generate --format gif --output "$out"
expect 64 "--map: 'clamp:1:0'" generate --map clamp:1:0 --output "$out"
expect 64 "--output" generate --output "$dir/out.bmp"
expect 64 "--palette: 'neon'" ansi --palette neon
expect 64 "--output is required" generate
expect 64 "terrain-cli --help" generate --bogus --output "$out"
printf '{"version": 1, "algorithm": "diamond-square", "detail": ' >"$dir/trunc.json"
expect 65 "truncated" generate --recipe "$dir/trunc.json" --output "$out"
printf '{"version": 9, "algorithm": "diamond-square"}' >"$dir/newer.json"
expect 65 "version: '9'" generate --recipe "$dir/newer.json" --output "$out"
printf '{"version": 1, "algorithm": "diamond-square", "params": {"roughness": -2}}' >"$dir/bad.json"
expect 65 "params.roughness: '-2'" generate --recipe "$dir/bad.json" --output "$out"
expect 64 "--recipe: '$dir/missing.json'" generate --recipe "$dir/missing.json" --output "$out"
expect 73 "$dir/nope/x.png" generate --detail 3 --output "$dir/nope/x.png"
touch "$dir/afile"
expect 73 "$dir/afile/x.png" generate --detail 3 --output "$dir/afile/x.png"
left=$(find "$dir" -name '.*tmp*' | wc -l)
[ "$left" -eq 0 ] && pass || fail "temporary files left behind: $(find "$dir" -name '.*tmp*')"

# Large maps do not run out of memory (seed 004's failure): detail 13 to PNG16.
"$cli" generate --detail 13 --output "$dir/big.png" 2>/dev/null && [ -s "$dir/big.png" ] && pass || fail "detail 13"
rm -f "$dir/big.png"

# The summary tells the generation (erosion included) and the writing apart, each timed: the
# number after "generated in" on the first line is the one the last line repeats.
"$cli" generate --detail 6 --op river-erosion --output "$dir/timed.png" 2>"$dir/timed.err" || fail "timed export"
first=$(grep -o 'generated in [0-9.]* ms on' "$dir/timed.err" | grep -o '[0-9.]*')
last=$(grep -o 'written in [0-9.]* ms (generated in [0-9.]* ms before)' "$dir/timed.err" | sed 's/.*generated in \([0-9.]*\) ms.*/\1/')
check "the summary names generation and writing: $(cat "$dir/timed.err")" test -n "$first" -a "$first" = "$last"

finish
