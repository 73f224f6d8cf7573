#!/usr/bin/env bash
# terrain-cli end to end for the export findings: all-or-nothing exports (saved recipe,
# sidecar, tiles, compare sheet + stats), special output paths, tile name clashes, non-UTF-8
# names, the PNG width limit, and `terrain-cli verify`. Needs TERRAIN_CLI (set by ctest).
source "$(dirname "$0")/cli_test_lib.sh"

# verify: a fresh export matches its sidecar; a changed file or a mixed set does not.
"$cli" generate --detail 5 --output "$dir/v.png" 2>/dev/null || fail "export for verify"
check "verify a fresh export" "$cli" verify "$dir/v.png"
check "verify through the sidecar's name" "$cli" verify "$dir/v.png.json"
cp "$dir/v.png" "$dir/v.keep"
printf 'x' >>"$dir/v.png"
expect 65 "does NOT match its sidecar" verify "$dir/v.png"
cp "$dir/v.keep" "$dir/v.png"
expect 66 "sidecar" verify "$dir/v.keep"
"$cli" generate --detail 5 --tiles 2x2 --output "$dir/t.png" 2>/dev/null || fail "tiles for verify"
check "verify a tile set" "$cli" verify "$dir"/t_x*_y*.png
mkdir "$dir/other"
"$cli" generate --detail 5 --seed 9 --tiles 2x2 --output "$dir/other/t.png" 2>/dev/null || fail "second set"
cp "$dir/other/t_x1_y1.png" "$dir/other/t_x1_y1.png.json" "$dir/"
# A member of another export: the set's hash over its members no longer holds (the sets' hashes
# differ too, but the set check of each file names it first).
expect 65 "do not hash to the set's SHA-256" verify "$dir"/t_x*_y*.png
# A set's check does not depend on which of its files are named: a member missing with its
# sidecar, or changed together with its sidecar's sha256, fails the verify of any other member.
"$cli" generate --detail 5 --tiles 2x2 --output "$dir/m.png" 2>/dev/null || fail "tiles for the set check"
rm "$dir/m_x1_y1.png" "$dir/m_x1_y1.png.json"
expect 65 "the export set has 4 files, and $dir/m_x1_y1.png is missing" verify "$dir"/m_x*_y*.png
"$cli" generate --detail 5 --tiles 2x2 --output "$dir/m.png" 2>/dev/null || fail "tiles again"
check "verify one file of a whole set" "$cli" verify "$dir/m_x1_y0.png"
printf 'x' >>"$dir/m_x0_y0.png"
$py - "$dir/m_x0_y0.png" <<'PY'
import hashlib, json, sys
path = sys.argv[1]
side = json.load(open(path + ".json"))
side["sha256"] = hashlib.sha256(open(path, "rb").read()).hexdigest()
json.dump(side, open(path + ".json", "w"))
PY
expect 65 "do not hash to the set's SHA-256" verify "$dir/m_x1_y0.png"

# --save-recipe belongs to the export: a refused export writes no recipe (finding 11).
expect 73 "$bad/nope/x.png" generate --detail 3 --save-recipe "$bad/r.json" --output "$bad/nope/x.png"
# A compare whose --stats cannot be written leaves no sheet (finding 11).
printf '{"version": 1, "algorithm": "diamond-square", "detail": 5}' >"$dir/a.json"
expect 73 "nowhere" compare --recipe "$dir/a.json" --recipe "$dir/a.json" --output "$bad/sheet.png" \
  --stats "$bad/nowhere/stats.json"

# Tile names that clash are refused before generating (finding 6).
expect 64 "--tile-pattern: 't{x}{y}.png'" generate --detail 5 --size 97x97 --tiles 12x12 --tile-pattern 't{x}{y}.png' \
  --output "$bad/t.png"
# A 2^20+1 line cannot be a PNG that readers open: refused up front, naming --format (finding 10).
expect 64 "--format: 'png16'" generate --algorithm midpoint-line --detail 20 --output "$bad/line.png"

# Special outputs are refused and never replaced (finding 8).
expect 73 "not a regular file" generate --detail 3 --format png16 --output /dev/null
[ -c /dev/null ] && pass || fail "/dev/null is no longer a device"
mkfifo "$dir/fifo.png"
expect 73 "FIFO" generate --detail 3 --output "$dir/fifo.png"
[ -p "$dir/fifo.png" ] && pass || fail "the FIFO was replaced"
# A symlinked output writes its target and stays a link.
printf 'old' >"$dir/real.png"
ln -s real.png "$dir/link.png"
"$cli" generate --detail 4 --output "$dir/link.png" 2>/dev/null && [ -L "$dir/link.png" ] \
  && [ "$(head -c 4 "$dir/real.png" | od -An -c | tr -d ' ')" = '211PNG' ] && pass \
  || fail "symlinked output"

# A non-UTF-8 name gets its image and its sidecar (finding 3).
name=$(printf 'caf\xe9.png')
"$cli" generate --detail 4 --output "$dir/$name" 2>/dev/null && [ -s "$dir/$name" ] && [ -s "$dir/$name.json" ] \
  && pass || fail "non-UTF-8 output name"
"$cli" compare --recipe "$dir/a.json" --recipe "$dir/a.json" --output "$dir/s$name" --stats "$dir/s$name.json" \
  2>/dev/null && [ -s "$dir/s$name.json" ] && pass || fail "non-UTF-8 compare names"

# A kill -9 mid-export leaves temporaries that the next export into the folder removes (finding 9).
mkdir "$dir/k"
"$cli" generate --detail 12 --format txt --output "$dir/k/big.txt" 2>/dev/null &
victim=$!
for _ in $(seq 100); do
  [ -n "$(find "$dir/k" -name '.big.txt.tmp-*' -size +1k)" ] && break
  sleep 0.05
done
kill -9 "$victim" 2>/dev/null
wait "$victim" 2>/dev/null
[ -n "$(find "$dir/k" -name '.big.txt.tmp-*')" ] && pass || fail "kill -9 left no temporary to clean"
"$cli" generate --detail 3 --output "$dir/k/small.png" 2>/dev/null || fail "export after the kill"
[ -z "$(find "$dir/k" -name '.*')" ] && pass || fail "stale temporaries left: $(ls -A "$dir/k")"

# A crafted commit journal in the folder written into (an asset pack, a shared drive) naming
# files outside it: the export leaves it alone, says so, and nothing outside changes.
mkdir -p "$dir/pack" "$dir/outside"
printf 'secret bytes' >"$dir/outside/secret"
printf 'victim bytes' >"$dir/outside/victim"
printf 'terrain-commit 1\n17:../outside/secret17:../outside/victim0:\nend\n' >"$dir/pack/.terrain-commit-99999999.journal"
"$cli" generate --detail 4 --output "$dir/pack/h.png" 2>"$dir/stderr" || fail "export beside a crafted journal"
check "the crafted journal is reported" grep -qF "left alone a commit journal" "$dir/stderr"
check "the file outside is kept" test "$(cat "$dir/outside/victim")" = "victim bytes"
check "the other file outside is kept" test "$(cat "$dir/outside/secret")" = "secret bytes"
check "the crafted journal is kept" test -f "$dir/pack/.terrain-commit-99999999.journal"

finish
