#!/usr/bin/env bash
# terrain-cli against hostile recipe files: every one is refused
# with exit 64/65 and a message naming the field, never a crash (signal 6/11 = exit 134/139), a
# hang (a FIFO) or a cut message. Needs TERRAIN_CLI (set by ctest).
source "$(dirname "$0")/cli_test_lib.sh"

head='{"version":1,"algorithm":"diamond-square",'
write() { printf '%s' "$2" >"$dir/$1"; }
deep() { $py -c "import sys; n=int(sys.argv[1]); print('$head\"params\":' + '['*n + ']'*n + '}')" "$1"; }

# Finding 1: numbers beyond a double, in generate, compare and ansi.
write big.json "$head\"seed\": 1e309}"
write digits.json "$head\"seed\": $(printf '9%.0s' $(seq 400))}"
write bigparam.json "$head\"params\": {\"roughness\": -1e400}}"
write good.json "$head\"detail\": 5}"
expect 65 "seed: '1e309' is not allowed; expected a number within a double's range" generate --recipe "$dir/big.json" --output "$bad/o.png"
expect 65 "seed: '1e309' is not allowed" ansi --recipe "$dir/big.json"
expect 65 "seed: '99999" generate --recipe "$dir/digits.json" --output "$bad/o.png"
expect 65 "params.roughness: '-1e400'" generate --recipe "$dir/bigparam.json" --output "$bad/o.png"
expect 65 "seed: '1e309'" compare --recipe "$dir/good.json" --recipe "$dir/big.json" --output "$bad/s.png"

# Finding 2: nesting 100,000 deep is refused at level 65, before anything recurses.
deep 100000 >"$dir/deep.json"
expect 65 "expected at most 64 nested arrays and objects" generate --recipe "$dir/deep.json" --output "$bad/o.png"
expect 65 "expected at most 64 nested arrays and objects" compare --recipe "$dir/deep.json" --recipe "$dir/good.json" --output "$bad/s.png"
expect 65 "expected at most 64 nested arrays and objects" ansi --recipe "$dir/deep.json"

# Finding 12: messages and odd files.
write ctl.json '{"version":1,"algorithm":"diamond-square\u0000 and the rest"}'
expect 65 "algorithm: 'diamond-square\\u0000 and the rest' is not allowed" generate --recipe "$dir/ctl.json" --output "$bad/o.png"
$py -c "import sys; sys.stdout.write('$head\"seed\": 1, \"x\": \"' + 'a' * 100000)" >"$dir/long.json"
expect 65 "malformed or truncated JSON" generate --recipe "$dir/long.json" --output "$bad/o.png"
[ "$(wc -c <"$dir/stderr")" -lt 600 ] && pass || fail "a syntax error quotes $(wc -c <"$dir/stderr") bytes"
write minus0.json "$head\"seed\": -0}"
expect 65 "seed: '-0' is not allowed; expected a whole number from 0 to 18446744073709551615, without a sign" \
  generate --recipe "$dir/minus0.json" --output "$bad/o.png"
printf '%s\0%s' "$head\"seed\": 1}" 'ignored?' >"$dir/nul.json"
expect 65 "a NUL byte at byte" generate --recipe "$dir/nul.json" --output "$bad/o.png"
write dup.json "$head\"params\": {\"roughness\": 0.5, \"roughness\": 0.9}}"
expect 65 "params.roughness: 'roughness' is not allowed; expected each key at most once" generate --recipe "$dir/dup.json" --output "$bad/o.png"
expect 64 "--recipe: '$dir' is not allowed; expected a regular recipe file (this is a folder)" generate --recipe "$dir" --output "$bad/o.png"
mkfifo "$dir/fifo"
# A FIFO without a writer would block a plain open() forever: refused at once (timeout = hang).
rm -rf "$bad"; mkdir "$bad"
timeout 10 "$cli" generate --recipe "$dir/fifo" --output "$bad/o.png" 2>"$dir/stderr"
code=$?
[ "$code" -eq 64 ] && grep -qF "this is a FIFO" "$dir/stderr" && pass || fail "FIFO as --recipe: exit $code, $(cat "$dir/stderr")"
timeout 10 "$cli" compare --recipe "$dir/fifo" --recipe "$dir/good.json" --output "$bad/s.png" 2>"$dir/stderr"
code=$?
[ "$code" -eq 64 ] && grep -qF "this is a FIFO" "$dir/stderr" && pass || fail "FIFO in compare: exit $code"
expect 64 "expected a regular recipe file (this is a device)" generate --recipe /dev/zero --output "$bad/o.png"

# Non-UTF-8 recipe names go into compare's stats JSON without aborting.
name=$(printf 'r\xff.json')
cp "$dir/good.json" "$dir/$name"
"$cli" compare --recipe "$dir/$name" --recipe "$dir/good.json" --output "$dir/s.png" --stats "$dir/s.json" 2>"$dir/stderr"
code=$?
[ "$code" -eq 0 ] && $py -c 'import json,sys; json.load(open(sys.argv[1]))' "$dir/s.json" && pass \
  || fail "compare with a non-UTF-8 recipe name: exit $code, $(cat "$dir/stderr")"

# One-row maps (the 1-D line): every operation and generator layer either runs or is refused
# naming itself, never a crash (river-erosion read past its buffer and died of SIGSEGV).
ops=(curves terrace island smooth clamp normalize mask thermal-erosion hydraulic-erosion river-erosion
     diamond-square midpoint-displacement midpoint-line fbm warped-fbm worley)
for op in "${ops[@]}"; do
  for detail in 1 9; do
    rm -rf "$bad"; mkdir "$bad"
    "$cli" generate --algorithm midpoint-line --detail "$detail" --op "$op" --output "$bad/o.png" \
      >/dev/null 2>"$dir/stderr"
    code=$?
    if [ "$code" -eq 0 ]; then
      pass
    elif [ "$code" -eq 64 ] && grep -qF -- "$op" "$dir/stderr" && [ -z "$(ls -A "$bad")" ]; then
      pass
    else
      fail "--op $op on a one-row map (detail $detail): exit $code, $(cat "$dir/stderr")"
    fi
  done
done
expect 64 "runs on square 2-D maps only, and the base generator midpoint-line makes 513x1 samples" \
  generate --algorithm midpoint-line --detail 9 --op river-erosion --output "$bad/o.png"

# An entry's name that is not UTF-8 is refused naming --op (it ended in "internal error", exit 70).
expect 64 "expected at most 200 bytes of UTF-8 text" generate --detail 5 --op "smooth:name=$(printf 'a\xffb')" \
  --output "$bad/o.png"

finish
